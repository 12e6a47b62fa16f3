"""Tasks the Dask tests run on their workers in place of dask_import.read_on_worker: a module
of its own, so a worker process imports it by name (tests/ is on the path it inherits)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from hhtools.store.cluster import read_on_worker

#: Set by the test, inherited by the workers it starts: a folder for the markers below.
MARKS = "HHTOOLS_TEST_MARKS"


def recording_read(part):
    """read_on_worker, leaving a mark naming the slice and the worker process that read it."""
    from distributed import get_worker

    marks = Path(os.environ[MARKS])
    (marks / f"{part.part}-{os.getpid()}").write_text(get_worker().address)
    return read_on_worker(part)


def dying_read(part):
    """read_on_worker, but the first task to reach its second slice kills its own worker process,
    as the machine would (SIGKILL: nothing runs after it): the slice must be read again."""
    if part.part == 1:
        marks = Path(os.environ[MARKS])
        try:
            os.close(os.open(marks / "killed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os.kill(os.getpid(), signal.SIGKILL)
    return read_on_worker(part)


def last_worker_dies(part):
    """read_on_worker, but on the file named KILL.txt the worker process dies (SIGKILL) and its
    nanny starts no other, so the cluster is left with no worker at all."""
    if Path(part.path).name == "KILL.txt":
        from distributed import get_worker
        from distributed.utils import sync

        worker = get_worker()
        # Not before a batch is published: the test checks that those stay (its store is
        # MARKS/db, and a batch is under batches/ only once it is whole).
        import time

        batches = Path(os.environ[MARKS]) / "db" / "batches"
        for _ in range(300):
            if batches.is_dir() and any(batches.iterdir()):
                break
            time.sleep(0.1)

        async def no_restart():
            # The nanny lives in the test's process: told to stop, it starts no new worker.
            await worker.rpc(worker.nanny).close_gracefully(reason="the test kills the worker")

        sync(worker.loop, no_restart)
        os.kill(os.getpid(), signal.SIGKILL)
    return read_on_worker(part)


def stalling_read(part):
    """read_on_worker, but on the file named STALL.txt the task leaves a mark and waits, so that
    the test can stop the scheduler while the import waits for it."""
    if Path(part.path).name == "STALL.txt":
        (Path(os.environ[MARKS]) / "stalling").touch()
        import time

        time.sleep(60)
    return read_on_worker(part)


def poisoned_read(part):
    """read_on_worker, but a file named *POISON.txt kills each worker that reads it (SIGKILL),
    as a file too large for a worker's memory does: its nanny starts a new one each time."""
    if Path(part.path).name.endswith("POISON.txt"):
        (Path(os.environ[MARKS]) / f"poisoned-{os.getpid()}").touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return read_on_worker(part)
