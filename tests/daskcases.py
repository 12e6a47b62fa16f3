"""Tasks the Dask tests run on their workers in place of importer.read_slice: a module of its
own, so a worker process imports it by name (tests/ is on the path it inherits)."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from hhtools.importer import read_slice

#: Set by the test, inherited by the workers it starts: a folder for the markers below.
MARKS = "HHTOOLS_TEST_MARKS"


def recording_read(part):
    """read_slice, leaving a mark naming the slice and the worker process that read it."""
    from distributed import get_worker

    marks = Path(os.environ[MARKS])
    (marks / f"{part.part}-{os.getpid()}").write_text(get_worker().address)
    return read_slice(part)


def dying_read(part):
    """read_slice, but the first task to reach its second slice kills its own worker process,
    as the machine would (SIGKILL: nothing runs after it): the slice must be read again."""
    if part.part == 1:
        marks = Path(os.environ[MARKS])
        try:
            os.close(os.open(marks / "killed", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            pass
        else:
            os.kill(os.getpid(), signal.SIGKILL)
    return read_slice(part)
