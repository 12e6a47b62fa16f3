"""The hand store at scale: importing new hands into a big store, and ``watch`` on one.

    python bench/store.py --sizes 1000000,5000000 --new 100000 --jobs 1,2 --watch-at 1000000

Builds a store of each size in turn (the same store grown), imports ``--new`` generated hands
into it in a child process for each job count of ``--jobs`` (bench/import.py's child: its time,
its peak memory (VmHWM) and its workers'), then removes the batches that import added (so each
size is measured with the same new hands), and, at each size of ``--watch-at``, times
``watch`` storing hands appended one at a time to a file. First, the same imports into an empty
store are timed, as the reference of the run. Every figure is printed with the load average.

How the big store is made cheaply (a shortcut: the benchmark is the import, not the filling):
``--template`` generated hands (bench/sources.py, PokerStars Badugi and 2-7) are imported once
into a template store; its batch (5,000 hands, an import's) is then copied again and again
(bench/replicate.py) with every hand id rewritten (``0`` and the copy's number before it, so
the copies' ids are below the generated ids, as older hands' are) and every path (a suffix), so
each copy is a batch of distinct hands from distinct files, with its key index and digests as
an import writes them, published unsynced. Merging small batches is off while filling (a copy
is an import's batch, over the merge size anyway). The new copies are then looked at once
(``Store.refuse_damaged``), as the import after them would, which keeps them in the store's
list of batches found sound.

``--tree DIR`` times another checkout's hhtools (its own Python: ``DIR/.venv/bin/python``) on
the same store, on stores up to ``--tree-upto`` hands; with ``--tree-before-index``, on a copy
without this tree's key indexes (an hhtools older than them takes ``keys.json`` for a foreign
file), removed afterwards. The stores
are made under the temp folder and removed at the end unless ``--keep``. ``--store DIR`` keeps
the big store there and grows a store found there (made by an earlier run) rather than a new
one, so that two trees' watches (``--tree``) or two runs are timed on the same store; ``--new
0`` times no import, only the watch. ``--profile`` runs each import under cProfile and prints
where its main process spent its time (the functions of hhtools.store).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pstats
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

from replicate import batch_tables, write_copy  # noqa: E402
from sources import folder  # noqa: E402

from hhtools.store.importer import import_paths  # noqa: E402
from hhtools.store.store import Store  # noqa: E402

# Runs in a child process: one import, then what it measured (its time, its peak memory and
# its workers') as JSON; bench/import.py's.
IMPORT: str = importlib.import_module("import").CHILD

# Runs in a child process: a watch of one folder; hands are appended to a file there one at
# a time, and the time from the write to the watch saying the hand is stored is taken.
WATCH = """
import json, sys, threading, time
from pathlib import Path
from hhtools.store.store import Store
from hhtools.store.watch import watch
import hhtools.store.importer as importer
db, where, hands_file, count = sys.argv[1], Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
apart = float(sys.argv[5])
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
# The first hand: from the watch's start (its first look: the files imported, the parser
# built, every batch's key index read) to the hand stored.
t = time.perf_counter()
runner.start()
if not done.wait(300):
    raise SystemExit("the first hand was not stored within 300 s")
done.clear()
first = (stored[0][0] - t, sum(steps))
latencies = []
for hand in hands[1:count + 1]:
    time.sleep(apart)
    stored.clear(); steps.clear()
    t = time.perf_counter()
    with open(live, "a", encoding="utf-8") as f:
        f.write(hand.strip() + "\\n\\n\\n")
    if not done.wait(30):
        raise SystemExit("a hand was not stored within 30 s")
    done.clear()
    latencies.append((stored[0][0] - t, sum(steps)))
stop.set(); runner.join()
print(json.dumps({"first": first, "latencies": latencies, "merges": merges}))
"""


def child(python: str, tree: Path, code: str, *args: str, profile: Path | None = None) -> dict:
    """What the child process running ``code`` printed last, as JSON; ``profile``: run it
    under cProfile, its statistics written there."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("HHTOOLS_COMPACT_AFTER", None)
    command = [python, "-c", code, *args]
    if profile is not None:
        script = profile.with_suffix(".py")
        script.write_text(code, encoding="utf-8")
        command = [python, "-m", "cProfile", "-o", str(profile), str(script), *args]
    out = subprocess.run(command, capture_output=True, text=True, cwd=tree, env=env)
    if out.returncode:
        raise SystemExit(f"child failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def load() -> str:
    """The load average, as printed beside every figure: the machine is shared."""
    return "load " + " ".join(f"{x:.1f}" for x in os.getloadavg())


def store_functions(profile: Path, top: int = 25) -> None:
    """Where an import's main process spent its time in hhtools.store (cumulative)."""
    stats = pstats.Stats(str(profile))
    rows = [(cumulative, calls, f"{Path(file).name}:{line} {name}")
            for (file, line, name), (_, calls, _, cumulative, _) in stats.stats.items()
            if f"hhtools{os.sep}store" in file]
    for cumulative, calls, where in sorted(rows, reverse=True)[:top]:
        print(f"      {cumulative:8.2f} s {calls:8d} calls  {where}")


class Filler:
    """Grows a store by copies of a template batch, with hand ids and paths rewritten."""

    def __init__(self, template: Store):
        [batch] = template.batch_folders()  # one import's batch (BATCH_HANDS hands)
        self.tables = batch_tables(batch)
        self.hands = self.tables["hands"].height
        self.copies = 0

    def resume(self, store: Store) -> None:
        """Count the copies in a store grown by an earlier run (each one batch)."""
        self.copies = len(store.batch_folders())

    def grow(self, store: Store, hands: int) -> None:
        with store.writing():
            while self.held() < hands:
                write_copy(store, self.tables, f"0{self.copies:06d}", f"#copy{self.copies}")
                self.copies += 1

    def held(self) -> int:
        return self.copies * self.hands


def gone(store: Store, before: set[str]) -> None:
    """Remove the batches published since ``before`` (the benchmark's import)."""
    for batch in store.batches.iterdir():
        if batch.name not in before:
            shutil.rmtree(batch)


def numbers(text: str) -> list[int]:
    return [int(n) for n in text.split(",") if n]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=numbers, default=[1_000_000, 5_000_000])
    parser.add_argument("--new", type=int, default=100_000)
    parser.add_argument("--template", type=int, default=5000)
    parser.add_argument("--jobs", type=numbers, default=[1, 2])
    parser.add_argument("--watch-at", type=numbers, default=[1_000_000, 5_000_000])
    parser.add_argument("--watch-hands", type=int, default=16,
                        help="hands appended one at a time to a watched file (0: no watch)")
    parser.add_argument("--watch-apart", type=float, default=4.0,
                        help="seconds between two hands (a minute takes in the look at every "
                             "batch a watch makes once a minute)")
    parser.add_argument("--no-empty", action="store_true",
                        help="no import into an empty store first")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--tree", type=Path, help="also time this checkout (before)")
    parser.add_argument("--tree-upto", type=int, default=1_000_000,
                        help="time --tree on stores up to this size only")
    parser.add_argument("--tree-only", action="store_true",
                        help="time --tree alone (this tree still fills the store)")
    parser.add_argument("--tree-before-index", action="store_true",
                        help="--tree is older than the key index: it reads a copy without them")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--store", type=Path, help="keep the big store here (grown if found)")
    args = parser.parse_args()
    sizes = args.sizes if args.new else []
    new = folder("generated", args.new, "stars", seed=11) if args.new else None
    work = Path(tempfile.mkdtemp(prefix="hhtools-bench-store-"))
    trees = [("this tree", sys.executable, ROOT)]
    if args.tree:
        trees.append((f"{args.tree}", str(args.tree / ".venv" / "bin" / "python"), args.tree))
        if args.tree_only:
            del trees[0]

    def imported(name: str, python: str, tree: Path, db: Path, jobs: int, what: str) -> None:
        profile = work / "import.prof" if args.profile else None
        done = child(python, tree, IMPORT, str(db), str(new), str(jobs), profile=profile)
        assert done["new"] == args.new and not done["rejected"], done
        workers = (f", workers' peak {done['worker_peak_mb']:.0f} MB each at most"
                   if jobs > 1 else "")
        print(f"  [{name}] {args.new:,} new hands into {what}, --jobs {jobs}: "
              f"{done['seconds']:.1f} s ({args.new / done['seconds']:,.0f} hands/s), peak "
              f"{done['peak_mb']:.0f} MB{workers} ({load()})", flush=True)
        if profile is not None:
            store_functions(profile)

    try:
        for name, python, tree in trees if new is not None and not args.no_empty else ():
            for jobs in args.jobs:
                empty = work / f"empty-{len(name)}"
                imported(name, python, tree, empty, jobs, "an empty store")
                shutil.rmtree(empty)
        template = Store(work / "template")
        import_paths([folder("generated", args.template, "stars", seed=12)], template, jobs=1)
        filler = Filler(template)
        store = Store(args.store or work / "store")
        if args.store is not None and store.batches.is_dir():
            filler.resume(store)
        watch_hands = folder("generated", 1000, "stars", seed=13)
        for size in sorted(set(sizes) | set(args.watch_at)):
            t = time.perf_counter()
            filler.grow(store, size)
            filled = time.perf_counter() - t
            # Each import's quick look keeps the batches it found sound in the store
            # (hhtools.store.damage.SEEN), so a store grown by imports has them all there:
            # the new copies are looked at once, as the next import would.
            t = time.perf_counter()
            with store.writing():
                store.refuse_damaged()
            print(f"store of {filler.held():,} hands in "
                  f"{len(list(store.batches.iterdir()))} batches (filled in {filled:.0f} s, "
                  f"the quick look at the new batches {time.perf_counter() - t:.1f} s, "
                  f"{load()})", flush=True)
            for name, python, tree in trees:
                db = store.root
                if tree != ROOT and size > args.tree_upto:
                    continue
                if tree != ROOT and args.tree_before_index:
                    db = work / "old"
                    shutil.copytree(store.root, db)
                    for index in db.glob("batches/*/keys.json"):
                        index.unlink()
                    for digests in db.glob("batches/*/digests.txt"):
                        digests.unlink()  # they name keys.json
                if size in sizes:
                    for jobs in args.jobs:
                        before = {b.name for b in (db / "batches").iterdir()}
                        imported(name, python, tree, db, jobs, f"{size:,}")
                        gone(Store(db), before)
                if size in args.watch_at and args.watch_hands > 0:
                    before = {b.name for b in (db / "batches").iterdir()}
                    watched = work / "watched"
                    shutil.rmtree(watched, ignore_errors=True)
                    watched.mkdir()
                    source = sorted(watch_hands.iterdir())[0]
                    result = child(python, tree, WATCH, str(db), str(watched), str(source),
                                   str(args.watch_hands), str(args.watch_apart))
                    gone(Store(db), before)
                    seen = result["latencies"]
                    waits = [w for w, _ in seen]
                    steps = [s for _, s in seen]
                    first, first_step = result["first"]
                    print(f"  [{name}] watch on {size:,}: its first hand stored {first:.2f} s "
                          f"after it started (storing {first_step:.2f} s); then {len(seen)} "
                          f"hands appended one at a time, {args.watch_apart:g} s apart: from the "
                          f"write to stored median {statistics.median(waits):.2f} s, max "
                          f"{max(waits):.2f} s; of which storing (duplicates, audit, write) "
                          f"median {statistics.median(steps):.2f} s, max {max(steps):.2f} s "
                          f"({load()})", flush=True)
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
