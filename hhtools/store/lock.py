"""The hand store's writer lock: one process at a time writes a store.

Every write (an import, ``hhtools rejected --clear``, ``hhtools check --repair``) holds an
exclusive lock on ``<db>/lock`` from before it reads what the store holds until its last batch
is published. A second writer waits, saying so, and then sees everything the first one stored,
so two imports of one folder store each hand once. The lock is taken with ``fcntl.flock`` (a
byte-range lock with ``msvcrt`` where there is no fcntl): the operating system releases it when
the process ends in any way, ``kill -9`` included, so a crashed import never blocks the next one
and nothing is left to clean up by hand. Readers take no lock (see hhtools.store.store).

The holder writes its process id and what it is doing into the file, only so that a waiting
process can say whom it waits for; the lock itself is the kernel's, not the file's content.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

# Chosen by platform, so that mypy checks each branch on the platform it is for.
if sys.platform != "win32":
    import fcntl
else:
    import msvcrt


class WriterLock:
    """The exclusive writer lock of the store at ``root``; a context manager."""

    def __init__(self, root: Path, doing: str = "import",
                 waiting: Callable[[str], None] | None = None):
        self.path = root / "lock"
        self.root = root
        self.doing = doing
        self.waiting = waiting
        self.fd: int | None = None

    def __enter__(self) -> WriterLock:
        # The caller turns OSError (read-only store, full disk...) into the store's message.
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(fd):
                holder = _holder(fd)
                if self.waiting:
                    self.waiting(f"waiting for {holder} into {self.root} to finish...")
                _lock(fd)
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()} {self.doing}\n".encode())
        except BaseException:
            os.close(fd)  # closing releases the lock if it was taken
            raise
        self.fd = fd
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 trace: TracebackType | None) -> None:
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)


def _holder(fd: int) -> str:
    """"another import (pid 123)" from the lock file, as well as it can be read."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        pid, _, doing = os.read(fd, 200).decode("ascii").strip().partition(" ")
        int(pid)
    except (OSError, ValueError):
        return "another hhtools process"  # it has the lock but has not written its pid yet
    return f"another {doing or 'import'} (pid {pid})"


if sys.platform != "win32":
    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)
else:
    # msvcrt locks bytes, not the file: lock a byte far past the pid the holder writes, so
    # that a waiting process can still read it.
    _FAR = 1 << 20

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _FAR, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _lock(fd: int) -> None:
        while not _try_lock(fd):
            time.sleep(0.2)
