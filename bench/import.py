"""Import speed, memory and store size, next to the single-regex ceiling measured in the same run.

The PokerStars Badugi corpus files are replicated with fresh hand ids to --hands hands (several
sizes may be given), written as files of about 1,000 hands, and imported into a fresh store by
a separate process (so its peak memory can be read) with one job and with two, --repeat times.
Then the same folder is imported again (every file unchanged) and `hhtools stats` reports are
computed over the store.

This machine's speed drifts by a fifth or more within minutes, so each import is also set
against the ceiling measured around it: one pass of the ceiling's regex just before the import
and one just after, over the same text. That paired ratio, whose median over the runs is
printed, compares the two under the same conditions; the ceiling measured once at the start
(a best of three) is printed too.

    python bench/import.py [--hands 50000 200000] [--jobs 1 2] [--repeat 2]
"""

from __future__ import annotations

import argparse
import json
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

from parse import ceiling, classifier_only, corpus_text  # noqa: E402  (bench/parse.py)

HANDS_PER_FILE = 1000

# Runs in a child process: import, then print what it measured as JSON.
CHILD = """
import json, os, sys, threading, time
from hhtools.importer import import_paths
from hhtools.store import Store
db, folder, jobs = sys.argv[1], sys.argv[2], int(sys.argv[3])

def hwm(pid):
    # VmHWM, not ru_maxrss: Linux keeps ru_maxrss across exec, so it would report the peak of
    # the benchmark process that started this one (which holds the whole generated text).
    try:
        with open(f"/proc/{pid}/status") as f:
            return next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return 0

def descendants(root):
    children = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(pid))
        except OSError:
            pass
    todo, found = [root], []
    while todo:
        kids = children.get(todo.pop(), [])
        found += kids
        todo += kids
    return found

# Workers are started by a fork server, so they are not this process's children and
# RUSAGE_CHILDREN does not see them: their own high-water marks are read while they run.
workers = {}
done = threading.Event()
def watch():
    while not done.wait(0.2):
        for pid in descendants(os.getpid()):
            workers[pid] = max(workers.get(pid, 0), hwm(pid))
threading.Thread(target=watch, daemon=True).start()
t = time.perf_counter()
s = import_paths([folder], Store(db), jobs=jobs)
elapsed = time.perf_counter() - t
done.set()
print(json.dumps({"seconds": elapsed, "new": s.hands_new, "unchanged": s.files_unchanged,
                  "rejected": s.rejected, "peak_mb": hwm("self") / 1024,
                  "worker_peak_mb": max(workers.values(), default=0) / 1024}))
"""

STATS = """
import json, sys, time
from hhtools.stats import Tables, reports
from hhtools.store import Store
t = time.perf_counter()
frames = reports(Tables.load(Store(sys.argv[1])))
print(json.dumps({"seconds": time.perf_counter() - t, "players": frames["players"].height}))
"""


def run(code: str, *args: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def best_rate(scan, text: str, hands: int, repeat: int = 3) -> float:
    """Hands per second of ``scan`` over ``text``, best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        scan(text)
        best = min(best, time.perf_counter() - t)
    return hands / best


def write_files(text: str, folder: Path) -> None:
    hands = text.split("\n\n\n")
    for i in range(0, len(hands), HANDS_PER_FILE):
        (folder / f"stars-{i // HANDS_PER_FILE:05d}.txt").write_text(
            "\n\n\n".join(hands[i:i + HANDS_PER_FILE]) + "\n", encoding="utf-8")


def size_mb(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[50_000])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=2,
                        help="imports per job count, each into a fresh store; the best is kept")
    args = parser.parse_args()
    for wanted in args.hands:
        text, hands = corpus_text(wanted)
        # Two single-regex references over the same text: the ceiling (one regex that
        # tells every kind of line the parser must tell apart, about 22,000 hands/s on this
        # machine: hhtools' own grammar regex is such a regex) and a coarse regex sorting lines
        # into eight groups only (it cannot tell a bet from a fold), a lower bound on regex cost.
        kinds_rate = best_rate(classifier_only, text, hands)
        coarse_rate = best_rate(ceiling, text, hands)
        work = Path(tempfile.mkdtemp(prefix="hhtools-bench-"))
        try:
            folder = work / "histories"
            folder.mkdir()
            write_files(text, folder)
            print(f"{hands:,} hands in {len(list(folder.iterdir()))} files "
                  f"({size_mb(folder):.0f} MB); single-regex ceiling {kinds_rate:,.0f} hands/s "
                  f"(one regex for every line kind); coarse 8-group regex {coarse_rate:,.0f} hands/s")
            for jobs in args.jobs:
                # Best of --repeat imports, each into a fresh store: the ceiling is a best of
                # three too, and a single run on a shared machine can lose a fifth.
                runs = []
                for attempt in range(args.repeat):
                    db = work / f"db-{jobs}"
                    shutil.rmtree(db, ignore_errors=True)
                    before = best_rate(classifier_only, text, hands, repeat=1)
                    runs.append(run(CHILD, str(db), str(folder), str(jobs)))
                    after = best_rate(classifier_only, text, hands, repeat=1)
                    assert runs[-1]["new"] == hands and not runs[-1]["rejected"], runs[-1]
                    # The ceiling's rate over both passes: hands over their total time.
                    runs[-1]["ceiling"] = 2 / (1 / before + 1 / after)
                first = min(runs, key=lambda r: r["seconds"])
                again = run(CHILD, str(db), str(folder), str(jobs))
                rate = hands / first["seconds"]
                paired = sorted(hands / r["seconds"] / r["ceiling"] for r in runs)
                label = f"{jobs} job{'s' * (jobs > 1)}"
                print(f"  import, {label}, each run: " + ", ".join(
                    f"{hands / r['seconds']:,.0f} hands/s ({100 * hands / r['seconds'] / r['ceiling']:.1f} "
                    f"% of the ceiling around it, {r['ceiling']:,.0f})" for r in runs))
                print(f"  import, {label}: median {100 * statistics.median(paired):.1f} % of the "
                      f"ceiling measured around each run (lowest {100 * paired[0]:.1f} %)")
                print(f"  import, {label}, best run: {rate:,.0f} hands/s "
                      f"({100 * rate / kinds_rate:.1f} % of the ceiling measured at the start, "
                      f"{100 * rate / coarse_rate:.1f} % of the coarse regex), "
                      f"{first['seconds']:.1f} s; peak memory {first['peak_mb']:.0f} MB"
                      + (f" (+ workers {first['worker_peak_mb']:.0f} MB each at most)" if jobs > 1 else "")
                      + f"; store {size_mb(db):.1f} MB")
                print(f"  import again (all files unchanged): {again['seconds']:.2f} s, "
                      f"{first['seconds'] / again['seconds']:.0f} times faster")
            stats = run(STATS, str(work / f"db-{args.jobs[0]}"))
            print(f"  stats (all four reports) over {hands:,} hands: {stats['seconds']:.2f} s")
        finally:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
