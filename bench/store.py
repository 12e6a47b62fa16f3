"""The hand store at scale: importing new hands into a big store, and ``watch`` on one.

    python bench/store.py --sizes 500000,1000000,5000000 --new 100000 --watch-at 1000000

Builds a store of each size in turn (the same store grown), imports ``--new`` generated hands
into it in a child process, printing its time and peak memory (VmHWM), then removes the
batches that import added (so each size is measured with the same new hands), and, at
``--watch-at`` hands, times ``watch`` storing hands appended one at a time to a file. First,
the same import into an empty store is timed, as the reference of the run.

How the big store is made cheaply (a shortcut: the benchmark is the import, not the filling):
``--template`` generated hands (bench/sources.py, PokerStars Badugi and 2-7) are imported once
into a template store; its batch is then written again and again through ``Store.write_batch``
with every hand id rewritten (``0`` and the copy's number before it, so the copies' ids are
below the generated ids, as older hands' are) and every path rewritten (one folder per copy),
so each copy is a batch of distinct hands from distinct files, with its key index and digests
as an import writes them. Merging small batches is off while filling (a copy is an import's
batch, over the merge size anyway).

``--tree DIR`` times another checkout's hhtools (its own Python: ``DIR/.venv/bin/python``) on a
copy of the store without this tree's key indexes (an older hhtools takes ``keys.json`` for a
foreign file), on stores up to ``--tree-upto`` hands; the copy is removed afterwards. The stores are made under the temp folder and
removed at the end unless ``--keep``. ``--store DIR`` keeps the big store there and grows a store
found there (made by an earlier run) rather than a new one, so that two trees' watches
(``--tree``) or two runs are timed on the same store; ``--new 0`` times no import, only the
watch.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ["HHTOOLS_COMPACT_AFTER"] = "0"  # while filling; the children set their own

import polars as pl  # noqa: E402
from sources import folder  # noqa: E402

from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.store import Store  # noqa: E402
from hhtools.store.tables import SCHEMAS  # noqa: E402

# Runs in a child process: one import, then what it measured as JSON.
IMPORT = """
import json, sys, time
from hhtools.store.importer import import_paths
from hhtools.store.store import Store
db, where, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])
t = time.perf_counter()
s = import_paths([where], Store(db), jobs=jobs)
elapsed = time.perf_counter() - t
with open("/proc/self/status") as f:  # VmHWM: ru_maxrss would count the parent's peak too
    peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
print(json.dumps({"seconds": elapsed, "new": s.hands_new, "duplicates": s.duplicates,
                  "rejected": s.rejected, "peak_mb": peak}))
"""

# Runs in a child process: a watch of one folder; hands are appended to a file there one at
# a time, and the time from the write to the watch saying the hand is stored is taken.
WATCH = """
import json, sys, threading, time
from pathlib import Path
from hhtools.store.store import Store
from hhtools.store.watch import watch
import hhtools.store.importer as importer
db, where, hands_file, count = sys.argv[1], Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
hands = Path(hands_file).read_text(encoding="utf-8-sig").split("\\n\\n\\n")
stored, steps = [], []
done = threading.Event()
inner = importer.import_parsed
def timed(*args, **kwargs):  # the store's part of a watched hand: duplicates, audit, write
    t = time.perf_counter()
    try:
        return inner(*args, **kwargs)
    finally:
        steps.append(time.perf_counter() - t)
importer.import_parsed = timed
import hhtools.store.watch as watching
watching.import_parsed = timed
merges = []
if hasattr(Store, "merge_if_due"):  # a tree whose watch merges after the hand is stored
    merge = Store.merge_if_due
    def merge_timed(self, *args, **kwargs):
        t = time.perf_counter()
        try:
            return merge(self, *args, **kwargs)
        finally:
            merges.append(time.perf_counter() - t)
    Store.merge_if_due = merge_timed
def said(path, summary):
    if summary.hands_stored:
        stored.append((time.perf_counter(), summary.hands_stored))
        done.set()
stop = threading.Event()
runner = threading.Thread(target=watch, args=([where], Store(db)),
                          kwargs={"on_import": said, "stop": stop})
live = where / "session.txt"
live.write_text(hands[0].strip() + "\\n\\n\\n", encoding="utf-8")
runner.start()
done.wait(120); done.clear()
latencies = []
for hand in hands[1:count + 1]:
    time.sleep(1.5)
    stored.clear(); steps.clear()
    t = time.perf_counter()
    with open(live, "a", encoding="utf-8") as f:
        f.write(hand.strip() + "\\n\\n\\n")
    if not done.wait(30):
        raise SystemExit("a hand was not stored within 30 s")
    done.clear()
    latencies.append((stored[0][0] - t, sum(steps)))
stop.set(); runner.join()
print(json.dumps({"latencies": latencies, "merges": merges}))
"""


def child(python: str, tree: Path, code: str, *args: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("HHTOOLS_COMPACT_AFTER", None)
    out = subprocess.run([python, "-c", code, *args], capture_output=True, text=True,
                         cwd=tree, env=env)
    if out.returncode:
        raise SystemExit(f"child failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


class Filler:
    """Grows a store by copies of a template batch, with hand ids and paths rewritten."""

    def __init__(self, template: Store):
        [batch] = template.batch_folders()  # one import's batch (BATCH_HANDS hands)
        self.tables = {name: pl.read_parquet(batch / f"{name}.parquet") for name in SCHEMAS
                       if (batch / f"{name}.parquet").is_file()}
        self.hands = self.tables["hands"].height
        self.copies = 0

    def resume(self, store: Store) -> None:
        """Count the copies in a store grown by an earlier run (each one batch)."""
        self.copies = len(store.batch_folders())

    def grow(self, store: Store, hands: int) -> None:
        while self.held(store) < hands:
            prefix = f"0{self.copies:06d}"
            tables = {}
            for name, frame in self.tables.items():
                if "hand_id" in frame.columns:
                    frame = frame.with_columns((pl.lit(prefix) + pl.col("hand_id")).alias("hand_id"))
                if "path" in frame.columns:
                    frame = frame.with_columns((pl.lit(f"/bench/{prefix}") + pl.col("path")).alias("path"))
                tables[name] = frame
            store.write_batch(tables)
            self.copies += 1

    def held(self, store: Store) -> int:
        return self.copies * self.hands


def gone(store: Store, before: set[str]) -> None:
    """Remove the batches published since ``before`` (the benchmark's import)."""
    for batch in store.batches.iterdir():
        if batch.name not in before:
            shutil.rmtree(batch)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="500000,1000000")
    parser.add_argument("--new", type=int, default=100_000)
    parser.add_argument("--template", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--watch-at", type=int, default=1_000_000)
    parser.add_argument("--watch-hands", type=int, default=12)
    parser.add_argument("--tree", type=Path, help="also time this checkout (before)")
    parser.add_argument("--tree-upto", type=int, default=1_000_000,
                        help="time --tree on stores up to this size only")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--store", type=Path, help="keep the big store here (grown if found)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s] if args.new else []
    new = folder("generated", args.new, "stars", seed=11)
    work = Path(tempfile.mkdtemp(prefix="hhtools-bench-store-"))
    trees = [("this tree", sys.executable, ROOT)]
    if args.tree:
        trees.append((f"{args.tree}", str(args.tree / ".venv" / "bin" / "python"), args.tree))
    try:
        for name, python, tree in trees if args.new else ():
            empty = child(python, tree, IMPORT, str(work / f"empty-{len(name)}"), str(new),
                          str(args.jobs))
            shutil.rmtree(work / f"empty-{len(name)}")
            print(f"[{name}] {args.new:,} new hands into an empty store: "
                  f"{empty['seconds']:.1f} s, peak {empty['peak_mb']:.0f} MB", flush=True)
        template = Store(work / "template")
        import_paths([folder("generated", args.template, "stars", seed=12)], template, jobs=1)
        filler = Filler(template)
        store = Store(args.store or work / "store")
        if args.store is not None and store.batches.is_dir():
            filler.resume(store)
        watch_hands = folder("generated", 1000, "stars", seed=13)
        for size in sorted(set(sizes) | ({args.watch_at} if args.watch_at else set())):
            t = time.perf_counter()
            filler.grow(store, size)
            print(f"store of {filler.held(store):,} hands in "
                  f"{len(list(store.batches.iterdir()))} batches (filled in "
                  f"{time.perf_counter() - t:.0f} s)", flush=True)
            for name, python, tree in trees:
                db = store.root
                if tree != ROOT and size > args.tree_upto:
                    continue
                if tree != ROOT:
                    db = work / "old"
                    shutil.copytree(store.root, db)
                    for index in db.glob("batches/*/keys.json"):
                        index.unlink()
                    for digests in db.glob("batches/*/digests.txt"):
                        digests.unlink()  # they name keys.json
                if size in sizes:
                    before = {b.name for b in (db / "batches").iterdir()}
                    done = child(python, tree, IMPORT, str(db), str(new), str(args.jobs))
                    assert done["new"] == args.new and not done["rejected"], done
                    gone(Store(db), before)
                    print(f"  [{name}] {args.new:,} new hands: {done['seconds']:.1f} s "
                          f"({args.new / done['seconds']:,.0f} hands/s), peak "
                          f"{done['peak_mb']:.0f} MB", flush=True)
                if size == args.watch_at:
                    before = {b.name for b in (db / "batches").iterdir()}
                    watched = work / "watched"
                    shutil.rmtree(watched, ignore_errors=True)
                    watched.mkdir()
                    source = sorted(watch_hands.iterdir())[0]
                    result = child(python, tree, WATCH, str(db), str(watched), str(source),
                                   str(args.watch_hands))
                    seen = result["latencies"]
                    gone(Store(db), before)
                    waits = [w for w, _ in seen]
                    steps = [s for _, s in seen]
                    print(f"  [{name}] watch, {len(seen)} hands appended one at a time: from "
                          f"the write to stored median {statistics.median(waits):.2f} s, max "
                          f"{max(waits):.2f} s; of which storing (duplicates, audit, write, and merges "
                          f"where the write makes them) median {statistics.median(steps):.2f} s, max "
                          f"{max(steps):.2f} s", flush=True)
                    if merges := result["merges"]:
                        print(f"  [{name}] after the hands were stored, each look's merge of "
                              f"the small batches if due: median {statistics.median(merges):.2f}"
                              f" s, max {max(merges):.2f} s", flush=True)
                if db != store.root:
                    shutil.rmtree(db)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")


if __name__ == "__main__":
    main()
