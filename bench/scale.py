"""Scale: one huge file read in slices (memory, speed per hand), and a Dask cluster against
local processes (``python bench/import.py --single-file`` / ``--cluster``).

``--single-file``: one generated file of PokerStars Badugi (``--hands``, default 200,000) is
imported by one process, whose peak memory (VmHWM) and hands a second are printed next to an
import of the same kind of hands in files of 1,000 (20,000 hands), timed just before and just
after it.

``--cluster``: a player's folder of generated hands (``--hands``, default 1,000,000; the mix of
bench/sources.py, files of 1,000 hands) is imported with ``--workers`` local processes, then on
a local Dask cluster of as many worker processes (``dask scheduler`` and ``dask worker
--nworkers N --nthreads 1`` started here, as README shows), each into a fresh store. For the
cluster it prints the tasks (slices), the time the workers spent computing them (Dask's task
stream), the scheduler process's CPU time, and so the share of the wall time the scheduling
took and how much of the workers' time went to anything else than reading.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtools.generate import write_history  # noqa: E402

# Runs in a child process: import, then print what it measured as JSON.
CHILD = """
import json, resource, sys, time
from hhtools.store.importer import import_paths
from hhtools.store.store import Store
db, where, jobs, scheduler = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] or None
t = time.perf_counter()
s = import_paths([where], Store(db), jobs=jobs, scheduler=scheduler)
elapsed = time.perf_counter() - t
with open("/proc/self/status") as f:  # VmHWM: ru_maxrss would count the parent's peak too
    peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": elapsed, "new": s.hands_new, "rejected": s.rejected,
                  "peak_mb": peak, "cpu": usage.ru_utime + usage.ru_stime}))
"""


def run(db: Path, where: Path, jobs: int = 1, scheduler: str = "") -> dict:
    shutil.rmtree(db, ignore_errors=True)
    out = subprocess.run([sys.executable, "-c", CHILD, str(db), str(where), str(jobs), scheduler],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def cached(name: str, make) -> Path:
    """A folder in the temp folder, written by ``make(folder)`` the first time only."""
    done = Path(tempfile.gettempdir()) / f"hhtools-bench-{name}"
    if not done.is_dir():
        work = Path(tempfile.mkdtemp(prefix=done.name + "-partial-"))
        make(work)
        os.rename(work, done)
    return done


def single_file(hands: int) -> None:
    big = cached(f"single-pokerstars-badugi-{hands}", lambda w: write_history(
        w / "one.txt", "pokerstars", "badugi", "fixed-limit", hands, seed=3))
    small = cached("files-pokerstars-badugi-20000", lambda w: [write_history(
        w / f"f{i:02d}.txt", "pokerstars", "badugi", "fixed-limit", 1000, seed=500 + i)
        for i in range(20)])
    size = (big / "one.txt").stat().st_size / 2**20
    work = Path(tempfile.mkdtemp(prefix="hhtools-bench-"))
    try:
        before = run(work / "db", small)
        one = run(work / "db", big)
        after = run(work / "db", small)
        assert one["new"] == hands and not one["rejected"], one
        rate = hands / one["seconds"]
        small_rates = [20_000 / r["seconds"] for r in (before, after)]
        print(f"one file of {hands:,} PokerStars Badugi hands ({size:.0f} MB), one process: "
              f"{one['seconds']:.1f} s, {rate:,.0f} hands/s, peak memory {one['peak_mb']:.0f} MB")
        print(f"files of 1,000 hands (20,000 hands) just before and after: "
              f"{small_rates[0]:,.0f} and {small_rates[1]:,.0f} hands/s, peak memory "
              f"{before['peak_mb']:.0f} and {after['peak_mb']:.0f} MB")
        print(f"the one file's speed per hand: {rate / (sum(small_rates) / 2):.2f} of the "
              "small files'")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cluster(hands: int, workers: int) -> None:
    import psutil
    from distributed import Client
    from sources import folder

    where = folder("generated", hands, "sites", 1)
    files = sum(1 for _ in where.iterdir())
    size = sum(p.stat().st_size for p in where.iterdir()) / 2**20
    print(f"{hands:,} generated hands (bench/sources.py 'sites' mix), {files:,} files, "
          f"{size:.0f} MB; {workers} workers; {os.cpu_count()} processors")
    work = Path(tempfile.mkdtemp(prefix="hhtools-bench-"))
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT}
    scheduler = subprocess.Popen([*dask, "--port", str(port), "--no-dashboard"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address,
                               "--nworkers", str(workers), "--nthreads", "1", "--no-dashboard"],
                              **quiet)
    try:
        local = run(work / "local", where, jobs=workers)
        assert local["new"] == hands and not local["rejected"], local
        print(f"  local, {workers} processes: {local['seconds']:.1f} s, "
              f"{hands / local['seconds']:,.0f} hands/s")
        with Client(address, timeout=60, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=120)
            client.get_task_stream(start=time.time())  # the scheduler records tasks from now
            scheduler_cpu = sum(psutil.Process(scheduler.pid).cpu_times()[:2])
            start = time.time()
            on = run(work / "cluster", where, scheduler=address)
            stream = client.get_task_stream(start=start)
            scheduler_cpu = sum(psutil.Process(scheduler.pid).cpu_times()[:2]) - scheduler_cpu
        assert on["new"] == hands and not on["rejected"], on
        computing = sum(s["stop"] - s["start"] for task in stream for s in task["startstops"]
                        if s["action"] == "compute")
        tasks = len(stream)
        wall = on["seconds"]
        print(f"  Dask, {workers} workers: {wall:.1f} s, {hands / wall:,.0f} hands/s "
              f"({local['seconds'] / wall:.2f} times local's speed); {tasks:,} tasks")
        print(f"    workers computing: {computing:.1f} s of {workers * wall:.1f} worker-seconds "
              f"({computing / (workers * wall):.0%}); the rest, "
              f"{(workers * wall - computing) / tasks * 1000:.0f} ms a task, is waiting: for "
              f"tasks, for the results to be taken, for the processors")
        print(f"    scheduler process: {scheduler_cpu:.1f} s of CPU, {scheduler_cpu / wall:.1%} of "
              f"the wall time, {scheduler_cpu / tasks * 1000:.1f} ms a task")
        print(f"    importing process (takes the rows, drops duplicates, writes the batches): "
              f"{on['cpu']:.1f} s of CPU, {on['cpu'] / wall:.0%} of the wall time; peak memory "
              f"{on['peak_mb']:.0f} MB (local: {local['peak_mb']:.0f} MB)")
    finally:
        worker.terminate()
        scheduler.terminate()
        for process in (worker, scheduler):
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(work, ignore_errors=True)
