"""Generated hands at scale: make N PokerStars Badugi hands on the fly (never committed),
import them, and report generation and import speed, peak memory and store size next to the
single-regex ceiling measured over the same text in the same run.

    python bench/generate.py [--hands 1000000] [--jobs 1]

Generation runs in this process, written as files of 1,000 hands (as ``hhtools generate``
writes them: UTF-8 with a BOM); the import runs in a child process so its peak memory can be
read (bench/import.py's child).
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from importlib import import_module  # noqa: E402

from hhtools.generate import generate_deals  # noqa: E402
from hhtools.writers import FILE_ENCODING, stream  # noqa: E402
from parse import ceiling  # noqa: E402  (bench/parse.py)

bench_import = import_module("import")  # bench/import.py: CHILD, run, size_mb

HANDS_PER_FILE = 1000


def generate(folder: Path, hands: int, seed: int) -> tuple[float, float]:
    """Write ``hands`` hands into files of HANDS_PER_FILE; seconds generating, seconds of the
    regex ceiling over the same text."""
    gen_seconds = ceiling_seconds = 0.0
    deals = generate_deals("pokerstars", "badugi", "fixed-limit", hands, seed=seed)
    for number in range(0, hands, HANDS_PER_FILE):
        t = time.perf_counter()
        chunk = [next(deals) for _ in range(min(HANDS_PER_FILE, hands - number))]
        text = "".join(stream(chunk, "pokerstars"))
        gen_seconds += time.perf_counter() - t
        (folder / f"gen-{number // HANDS_PER_FILE:05d}.txt").write_text(
            text, encoding=FILE_ENCODING["pokerstars"])
        t = time.perf_counter()
        ceiling(text)
        ceiling_seconds += time.perf_counter() - t
    return gen_seconds, ceiling_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="hhtools-bench-gen-"))
    try:
        folder = work / "histories"
        folder.mkdir()
        gen_seconds, ceiling_seconds = generate(folder, args.hands, args.seed)
        gen_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        gen_rate = args.hands / gen_seconds
        ceiling_rate = args.hands / ceiling_seconds
        print(f"{args.hands:,} PokerStars Badugi hands generated in {gen_seconds:.1f} s: "
              f"{gen_rate:,.0f} hands/s, peak memory {gen_peak:.0f} MB; "
              f"{len(list(folder.iterdir()))} files, {bench_import.size_mb(folder):.0f} MB")
        print(f"  single-regex ceiling over the same text: {ceiling_rate:,.0f} hands/s")
        db = work / "db"
        done = bench_import.run(bench_import.CHILD, str(db), str(folder), str(args.jobs))
        assert done["new"] == args.hands and not done["rejected"], done
        rate = args.hands / done["seconds"]
        print(f"  import, {args.jobs} job{'s' * (args.jobs > 1)}: {rate:,.0f} hands/s "
              f"({100 * rate / ceiling_rate:.1f} % of the ceiling), {done['seconds']:.1f} s; "
              f"peak memory {done['peak_mb']:.0f} MB; store {bench_import.size_mb(db):.1f} MB")
        print(f"  generation / import speed: {gen_rate / rate:.1f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
