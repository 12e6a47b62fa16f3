"""Instructions of the store's side of a two-job import, per hand, counted by callgrind.

    python bench/store_side.py [--old /work/main] [FOLDER]

FOLDER defaults to the 300 generated hands of bench/import.py's mix (bench/sources.py); the
figures of bench/README.md (p26-rows) are of the 4,000 hands of p24-pipe, one file each of
PokerStars Badugi, Full Tilt 2-7, KingsClub Badeucy and Winamax 2-7. Each slice is read as a
worker reads it (``read_slice``: parse, audit, rows, tables), then counted: sending its rows as
the pool does (``ForkingPickler.dumps``), receiving them (``pickle.loads``), and what the
importing process does with them (``_add_file``, the batches, their Parquet files, the key
index and digests), after a warm-up round of the same. ``read_slice`` is counted too, for
scale; ``bench/import_parts.py --instructions`` splits it into parse, audit, rows and frames.
``--old`` counts another tree the same way, with its own ``.venv`` (the "before" of a change).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from callgrind import counts  # noqa: E402
from sources import folder  # noqa: E402

PARTS = ("read_slice", "send", "receive", "importer")

# Run under callgrind with the tree as the working folder, which dumps its counts at each call
# of getppid(): after the warm-up, then after each part.
CHILD = r"""
import os, pickle, sys, tempfile
from multiprocessing.reduction import ForkingPickler
from hhtools.reading.slicing import plan
from hhtools.store.importer import (ImportSummary, Known, StoredRows, _add_file, _Batch,
                                    history_files)
from hhtools.store.slices import read_slice
from hhtools.store.store import Store
slices = [s for p in history_files([sys.argv[1]]) for s in plan(str(p))]
def replay(rows, store):
    with store.writing("import", None):
        known = Known.of(store)
        stored = StoredRows(store, known.stored)
        summary, batch, earlier = ImportSummary(), _Batch(), {}
        for r in rows:
            earlier[r.path] = earlier.get(r.path, 0) + _add_file(
                r, known, batch, summary, record=r.last, reread=r.part == 0,
                earlier=earlier.get(r.path, 0), stored_rows=stored)
            if batch.full():
                batch.write(store)
                batch = _Batch()
        if batch:
            batch.write(store)
warm = [read_slice(s) for s in slices]
replay([pickle.loads(ForkingPickler.dumps(r)) for r in warm], Store(tempfile.mkdtemp() + "/w"))
del warm
os.getppid()
rows = [read_slice(s) for s in slices]
os.getppid()
blobs = [bytes(ForkingPickler.dumps(r)) for r in rows]
os.getppid()
got = [pickle.loads(b) for b in blobs]
os.getppid()
replay(got, Store(tempfile.mkdtemp() + "/db"))
os.getppid()
print(sum(len(r.verdicts) for r in rows), sum(map(len, blobs)))
"""


def count(tree: Path, source: Path) -> tuple[int, int, dict[str, int]]:
    """Hands, bytes sent, and each part's instructions, in ``tree`` with its own venv."""
    python = str(tree / ".venv" / "bin" / "python")
    out, made = counts(python, CHILD, [str(source)], "bench/store_side.py", cwd=tree)
    hands, sent = map(int, out.split())
    return hands, sent, dict(zip(PARTS, made[1:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path)
    parser.add_argument("--old", type=Path, help="another tree, counted the same way")
    args = parser.parse_args()
    source = args.folder or folder("generated", 300, "sites", 1)
    trees = {"this tree": ROOT, **({"old": args.old} if args.old else {})}
    results = {name: count(tree, source) for name, tree in trees.items()}
    print(f"instructions per hand of {source} (callgrind)")
    print(f"  {'part':12}" + "".join(f"{name:>14}" for name in results))
    for part in (*PARTS, "sent bytes"):
        cells = []
        for hands, sent, parts in results.values():
            value = sent if part == "sent bytes" else parts[part]
            cells.append(f"{value / hands:14,.0f}")
        print(f"  {part:12}" + "".join(cells))


if __name__ == "__main__":
    main()
