"""Where a slice's import work goes, per hand, in one process: parse, audit, store rows
(``add_hand``), the tables made of them (``frames``), and their pickling to and from a worker.

    python bench/import_parts.py [FOLDER]

FOLDER defaults to the 20,000 generated hands of bench/import.py's mix (bench/sources.py).
Each part runs over every hand of the folder, the parts one after the other, with the cyclic
collector paused (as the import pauses it) and each site's tables loaded beforehand; processor
time, not wall time, so the figures move less with the machine's load.
"""

from __future__ import annotations

import gc
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from sources import folder  # noqa: E402

from hhtools.auditing.auditor import audit_or_error  # noqa: E402
from hhtools.core.records import HandError  # noqa: E402
from hhtools.reading.slicing import parse_slice, plan  # noqa: E402
from hhtools.store.importer import history_files  # noqa: E402
from hhtools.store.rows import add_hand, frames, new_rows  # noqa: E402


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else folder("generated", 20_000, "sites", 1)
    slices = [s for p in history_files([source]) for s in plan(str(p))]
    for first in {Path(s.path).name.split("-")[0]: s for s in slices}.values():
        parse_slice(first)  # each site's tables and classifier, outside the timing
    gc.disable()
    clock = time.process_time
    t = clock()
    results = [parse_slice(s) for s in slices]
    parse = clock() - t
    hands = [h for r in results for h in r.hands]
    t = clock()
    audits = [audit_or_error(h) for h in hands]
    audit = clock() - t
    t = clock()
    tables, at = [], 0
    for r in results:
        rows = new_rows()
        for hand in r.hands:
            checked = audits[at]
            at += 1
            add_hand(rows, hand, None if isinstance(checked, HandError) else checked)
        tables.append(rows)
    add = clock() - t
    t = clock()
    made = [frames(rows) for rows in tables]
    frame = clock() - t
    t = clock()
    blobs = [pickle.dumps(f) for f in made]
    dump = clock() - t
    t = clock()
    for blob in blobs:
        pickle.loads(blob)
    load = clock() - t
    n = len(hands)
    parts = {"parse": parse, "audit": audit, "add_hand": add, "frames": frame,
             "pickle": dump, "unpickle": load}
    total = sum(parts.values())
    print(f"{n:,} hands of {source}:")
    for name, seconds in parts.items():
        print(f"  {name:9} {1e6 * seconds / n:6.0f} us a hand ({100 * seconds / total:4.1f} %)")
    print(f"  pickled tables: {sum(map(len, blobs)) / n:,.0f} bytes a hand")


if __name__ == "__main__":
    main()
