"""Where a slice's import work goes, per hand, in one process: parse, audit, store rows
(``add_hand``), the tables made of them (``frames``), and their pickling to and from a worker.

    python bench/import_parts.py [FOLDER]
    python bench/import_parts.py --instructions [--hands 1200] [FOLDER]
    python bench/import_parts.py --instructions --slices [--tree /work/main]

FOLDER defaults to the 20,000 generated hands of bench/import.py's mix (bench/sources.py).
Each part runs over every hand of the folder, the parts one after the other, with the cyclic
collector paused (as the import pauses it) and each site's tables loaded beforehand; processor
time, not wall time, so the figures move less with the machine's load.

With ``--instructions`` the parts are counted by callgrind instead (deterministic, so free of
the machine's load; ``PYTHONHASHSEED=0``), by default on the 300 generated hands of the same
mix (one file per site and game), in one run that dumps its counts between parts. Its last
figure, ``import``, is a whole one-job ``import_paths`` of the folder into a fresh store: the
parts less the pickling, plus what the importing process adds (duplicates, the batch, its
Parquet files).

With ``--slices`` only the parse is counted, as a two-job worker reads the import's slices:
every slice of the second file of each site and game of the 20,000 hands (``parse_slice``;
``plan`` left out, the importing process's), after every slice of its first (so the lines a session repeats are remembered, but the hands
counted are new to the worker), per site and game and for the mix weighed by the files of
each in the 20,000. ``--tree`` counts another checkout with its own build (main's, for a
before figure).
"""

from __future__ import annotations

import argparse
import gc
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from callgrind import counts  # noqa: E402
from sources import folder  # noqa: E402

from hhtools.auditing.auditor import audit_or_error  # noqa: E402
from hhtools.core.records import HandError  # noqa: E402
from hhtools.reading.slicing import parse_slice, plan  # noqa: E402
from hhtools.store.frames import frames, new_rows  # noqa: E402
from hhtools.store.importer import history_files, import_paths  # noqa: E402, F401 (CHILD)
from hhtools.store.rows import add_hand  # noqa: E402
from hhtools.store.store import Store  # noqa: E402, F401 (CHILD)

PARTS = ("parse", "audit", "add_hand", "frames", "pickle", "unpickle")


def run(source: Path, upto: int, clock=time.process_time,
        mark=lambda: None) -> tuple[int, dict[str, float], int]:
    """Parts ``PARTS[:upto]`` over ``source``: hands, seconds per part, pickled bytes;
    ``mark`` is called before the first part and after each."""
    slices = [s for p in history_files([source]) for s in plan(str(p))]
    gc.disable()
    seconds: dict[str, float] = {}
    mark()
    t = clock()
    results = [parse_slice(s) for s in slices]
    seconds["parse"] = clock() - t
    mark()
    hands = [h for r in results for h in r.hands]
    blobs: list[bytes] = []
    if upto > 1:
        t = clock()
        audits = [audit_or_error(h) for h in hands]
        seconds["audit"] = clock() - t
        mark()
    if upto > 2:
        t = clock()
        tables, at = [], 0
        for r in results:
            rows = new_rows()
            for hand in r.hands:
                checked = audits[at]
                at += 1
                add_hand(rows, hand, None if isinstance(checked, HandError) else checked)
            tables.append(rows)
        seconds["add_hand"] = clock() - t
        mark()
    if upto > 3:
        t = clock()
        made = [frames(rows) for rows in tables]
        seconds["frames"] = clock() - t
        mark()
    if upto > 4:
        t = clock()
        blobs = [pickle.dumps(f) for f in made]
        seconds["pickle"] = clock() - t
        mark()
    if upto > 5:
        t = clock()
        for blob in blobs:
            pickle.loads(blob)
        seconds["unpickle"] = clock() - t
        mark()
    gc.enable()
    return len(hands), seconds, sum(map(len, blobs))


def warm(source: Path) -> None:
    """Each site's tables and classifier, outside what is measured."""
    slices = [s for p in history_files([source]) for s in plan(str(p))]
    for first in {Path(s.path).name.split("-")[0]: s for s in slices}.values():
        parse_slice(first)


def timed(source: Path) -> None:
    warm(source)
    n, parts, pickled = run(source, len(PARTS))
    total = sum(parts.values())
    print(f"{n:,} hands of {source}:")
    for name, seconds in parts.items():
        print(f"  {name:9} {1e6 * seconds / n:6.0f} us a hand ({100 * seconds / total:4.1f} %)")
    print(f"  pickled tables: {pickled / n:,.0f} bytes a hand")


# Run under callgrind, which dumps its counts at each call of getppid(): the marker between
# parts (nothing else here calls it). Warms up on the folder first (each site's tables, and a
# whole import: polars' writer), then the parts, then a whole one-job import into a fresh store.
CHILD = r"""
import importlib, os, sys, tempfile
from pathlib import Path
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[1] + "/bench")
p = importlib.import_module(sys.argv[3])
source = Path(sys.argv[2])
p.warm(source)
p.import_paths([source], p.Store(tempfile.mkdtemp() + "/warm"), jobs=1)
p.run(source, len(p.PARTS), mark=os.getppid)
p.import_paths([source], p.Store(tempfile.mkdtemp() + "/db"), jobs=1)
os.getppid()
"""


def counted(source: Path) -> None:
    hands = sum(len(parse_slice(s).hands) for p in history_files([source]) for s in plan(str(p)))
    _, made = counts(sys.executable, CHILD, [str(ROOT), str(source), Path(__file__).stem],
                     "bench/import_parts.py")
    # The first dump is the warm-up; then one per part, the parse included; then the import.
    parts = dict(zip(PARTS + ("import",), made[1:]))
    print(f"{hands:,} hands of {source}: instructions per hand (callgrind)")
    for name, count in parts.items():
        print(f"  {name:9} {count / hands:12,.0f}")
    print(f"  ({'import'} is a whole one-job import_paths into a fresh store: parse, audit, rows, "
          "frames, the importing process's share)")


# Run under callgrind in the tree named by argv[1] (dumps at each getppid(), as above): the
# warm-up files, then each counted file's slices.
SLICES_CHILD = r"""
import gc, os, sys
sys.path.insert(0, sys.argv[1])
from hhtools.reading.slicing import parse_slice, plan
half = sys.argv[2:]
warm, count = half[:len(half) // 2], half[len(half) // 2:]
for path in warm:
    for part in plan(path):
        parse_slice(part)
planned = [plan(path) for path in count]
gc.disable()
os.getppid()
hands = []
for parts in planned:
    hands.append(sum(len(parse_slice(part).hands) for part in parts))
    os.getppid()
print(*hands)
"""


def counted_slices(source: Path, tree: Path) -> None:
    by_kind: dict[str, list[Path]] = {}
    for f in sorted(source.iterdir()):
        by_kind.setdefault(f.name.rsplit("-", 1)[0], []).append(f)
    warm = [str(files[0]) for files in by_kind.values()]
    count = [str(files[1]) for files in by_kind.values()]
    out, made = counts(str(tree / ".venv" / "bin" / "python"), SLICES_CHILD,
                       [str(tree), *warm, *count], "bench/import_parts.py")
    hands = [int(n) for n in out.split()]
    print(f"parse_slice, instructions per hand (callgrind), tree {tree}: the second file of "
          f"each site and game of {source}, after its first")
    weighed = 0.0
    for (kind, files), n, count_ in zip(by_kind.items(), hands, made[1:]):
        weighed += count_ / n * len(files)
        print(f"  {kind:18} {count_ / n:10,.0f}  ({n:,} hands)")
    print(f"  {'the mix':18} {weighed / sum(map(len, by_kind.values())):10,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path)
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--hands", type=int, default=300, help="with --instructions")
    parser.add_argument("--slices", action="store_true",
                        help="with --instructions: the parse of the import's slices alone")
    parser.add_argument("--tree", type=Path, default=ROOT, help="with --slices: the checkout")
    args = parser.parse_args()
    if args.instructions and args.slices:
        counted_slices(args.folder or folder("generated", 20_000, "sites", 1),
                       args.tree.resolve())
    elif args.instructions:
        counted(args.folder or folder("generated", args.hands, "sites", 1))
    else:
        timed(args.folder or folder("generated", 20_000, "sites", 1))


if __name__ == "__main__":
    main()
