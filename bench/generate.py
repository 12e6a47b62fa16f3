"""Generated hands at scale: make N PokerStars Badugi hands on the fly (never committed),
import them, and report generation and import speed, peak memory and store size next to the
single-regex ceiling measured over the same text in the same run.

    python bench/generate.py [--hands 1000000] [--jobs 1]

Generation is written as files of 1,000 hands (as ``hhtools generate`` writes them: UTF-8 with
a BOM). With one job it runs in this process, one seeded stream of hands; with ``--jobs N`` it
runs in N worker processes, as the import does, each file its own stream seeded from the seed
and the file's number (so still reproducible, but not the hands of the one-job run). The import
runs in a child process so its peak memory can be read (bench/import.py's child).
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

from sources import ceiling  # noqa: E402  (bench/sources.py)

from hhtools.generate import collector_paused, generate_deals  # noqa: E402
from hhtools.generate.writers import FILE_ENCODING, stream  # noqa: E402

bench_import = import_module("import")  # bench/import.py: CHILD, run, size_mb

HANDS_PER_FILE = 1000


def references(text: str) -> float:
    """Seconds of the single-regex ceiling over ``text`` (see bench/sources.py)."""
    t = time.perf_counter()
    ceiling([("pokerstars", text)])
    return time.perf_counter() - t


def generate(folder: Path, hands: int, seed: int) -> tuple[float, float]:
    """Write ``hands`` hands into files of HANDS_PER_FILE; seconds generating, seconds of the
    ceiling over the same text."""
    gen_seconds = 0.0
    ceiling_seconds = 0.0
    deals = generate_deals("pokerstars", "badugi", "fixed-limit", hands, seed=seed)
    for number in range(0, hands, HANDS_PER_FILE):
        t = time.perf_counter()
        # As write_history (hhtools generate) does: no cyclic collection while generating.
        with collector_paused():
            chunk = [next(deals) for _ in range(min(HANDS_PER_FILE, hands - number))]
            text = "".join(stream(chunk, "pokerstars"))
        gen_seconds += time.perf_counter() - t
        (folder / f"gen-{number // HANDS_PER_FILE:05d}.txt").write_text(
            text, encoding=FILE_ENCODING["pokerstars"])
        ceiling_seconds += references(text)
    return gen_seconds, ceiling_seconds


def _file_seed(seed: int, number: int) -> int:
    """A file's own seed. The dealer numbers hands from its seed modulo 100,000, so files
    seeded ``seed * 100,000 + number`` never share a hand id."""
    return seed * 100_000 + number


def _write_file(job: tuple[str, int, int, int]) -> None:
    folder, number, count, seed = job
    deals = generate_deals("pokerstars", "badugi", "fixed-limit", count,
                           seed=_file_seed(seed, number))
    with collector_paused():
        text = "".join(stream(deals, "pokerstars"))
    (Path(folder) / f"gen-{number:05d}.txt").write_text(text, encoding=FILE_ENCODING["pokerstars"])


def generate_parallel(folder: Path, hands: int, seed: int, jobs: int
                      ) -> tuple[float, float, float]:
    """Files of HANDS_PER_FILE made by ``jobs`` worker processes; seconds generating (wall,
    writing the files included), seconds of the regex ceiling over the same text (one process,
    read back), and the workers' peak memory in MB."""
    import multiprocessing

    work = [(str(folder), n, min(HANDS_PER_FILE, hands - n * HANDS_PER_FILE), seed)
            for n in range((hands + HANDS_PER_FILE - 1) // HANDS_PER_FILE)]
    t = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        pool.map(_write_file, work, chunksize=1)
    gen_seconds = time.perf_counter() - t
    workers_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    ceiling_seconds = 0.0
    for path in sorted(folder.iterdir()):
        ceiling_seconds += references(path.read_text(encoding=FILE_ENCODING["pokerstars"]))
    return gen_seconds, ceiling_seconds, workers_peak


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
        if args.jobs > 1:
            gen_seconds, ceiling_seconds, gen_peak = generate_parallel(
                folder, args.hands, args.seed, args.jobs)
        else:
            gen_seconds, ceiling_seconds = generate(folder, args.hands, args.seed)
            gen_peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        gen_rate = args.hands / gen_seconds
        ceiling_rate = args.hands / ceiling_seconds
        how = f"{args.jobs} processes" if args.jobs > 1 else "1 process"
        print(f"{args.hands:,} PokerStars Badugi hands generated in {gen_seconds:.1f} s "
              f"({how}): {gen_rate:,.0f} hands/s, peak memory {gen_peak:.0f} MB"
              f"{' a process' if args.jobs > 1 else ''}; "
              f"{len(list(folder.iterdir()))} files, {bench_import.size_mb(folder):.0f} MB")
        print(f"  single-regex ceiling over the same text: {ceiling_rate:,.0f} hands/s (one regex "
              f"for every line kind)")
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
