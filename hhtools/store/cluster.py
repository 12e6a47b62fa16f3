"""Reading, parsing and auditing on a Dask cluster: ``hhtools import --scheduler ADDRESS``.

The work unit is a slice of whole hands (hhtools.reading.slicing: a path, a byte range and the number of
its first line), so one huge file spreads over the workers too. Each task is
``slices.read_slice``, a pure function of its slice: a worker reads those bytes of the file,
parses and audits the hands, and sends back their table rows. This process, which holds the
store's writer lock, takes the rows in the files' order, decides duplicates and publishes the
batches, exactly as a local import does: each batch whole or not at all. A worker lost
mid-import costs its slices being read again by another (the scheduler does that); as a task
stores nothing, nothing is lost or stored twice.

Every worker must read the input files at the same path as this process (a shared folder, or a
copy at the same place) and run the same hhtools; the store is written by this process only.
dask and distributed are an optional extra (``pip install 'hhtools[dask]'``), imported only here.
"""

from __future__ import annotations

import itertools
import logging
import os
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from typing import TYPE_CHECKING, Protocol

from hhtools.errors import ClusterError, HHToolsError, UsageError
from hhtools.reading.slicing import Slice
from hhtools.store.slices import FileRows, read_slice, rejected_slice

if TYPE_CHECKING:
    from distributed import Future


class Client(Protocol):
    """What hhtools uses of a ``distributed.Client`` (whose methods distributed does not
    annotate)."""

    def submit(self, func: Callable[[Slice], FileRows], part: Slice, *, pure: bool,
               retries: int) -> Future[FileRows]: ...
    def nthreads(self) -> dict[str, int]: ...
    def cancel(self, futures: list[Future[FileRows]]) -> None: ...
    def close(self) -> None: ...

#: Where ``hhtools import`` finds the scheduler when --scheduler is not given.
SCHEDULER_ENV = "HHTOOLS_SCHEDULER"
#: Slices in flight per worker thread: enough to keep every worker busy, few enough that the
#: rows waiting for this process stay few.
READ_AHEAD = 3
#: Seconds to wait for the scheduler to answer.
CONNECT_TIMEOUT = 20
#: Where the seconds an import waits with no worker on the cluster are set (default below):
#: a cluster whose workers are all gone would otherwise be waited for forever, the store locked.
WORKERLESS_ENV = "HHTOOLS_DASK_NO_WORKER_TIMEOUT"
WORKERLESS_TIMEOUT = 60.0
#: Seconds between two looks at the cluster's workers while a slice is waited for.
LOOK_EVERY = 1.0


def connect(address: str) -> Client:
    """A client of the Dask scheduler at ``address`` (``tcp://host:8786``)."""
    try:
        import distributed
    except ImportError:
        raise UsageError("importing on a Dask cluster (--scheduler) needs dask and distributed: "
                         "pip install 'hhtools[dask]'") from None
    # A lost scheduler or worker is said by hhtools in one sentence (ClusterError); Dask's own
    # loggers would print their tracebacks of it on standard error too. Its loggers below
    # "distributed" set levels of their own, but write through the handlers of this one.
    quiet = logging.getLogger("distributed")
    quiet.setLevel(logging.CRITICAL + 1)
    for handler in quiet.handlers:
        handler.setLevel(logging.CRITICAL + 1)
    try:
        # distributed does not annotate Client's constructor.
        client: Client = distributed.Client(  # type: ignore[no-untyped-call]
            address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        return client
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def read_on_worker(part: Slice) -> FileRows:
    """The task: read_slice, naming the worker's machine if it cannot read the file."""
    import socket

    return read_slice(part, worker=socket.gethostname())


def read_on_cluster(slices: Iterator[Slice], client: Client
                    ) -> Generator[FileRows, None, None]:
    """The rows of each slice, read on the cluster of ``client``, in the slices' order."""
    threads = max(1, sum(client.nthreads().values()))
    ahead = READ_AHEAD * threads

    def submit(part: Slice) -> Future[FileRows]:
        # pure: the key is the slice's own, so a slice resubmitted is one task. retries: a
        # task that raised (a worker's full disk...) is tried again before the import fails.
        return client.submit(read_on_worker, part, pure=True, retries=2)

    pending = deque((s, submit(s)) for s in itertools.islice(slices, ahead))
    try:
        while pending:
            part, future = pending[0]
            try:
                rows = _result(part, future, client)
            except _WorkersDied:
                # The scheduler counts a worker's death against every task the worker held,
                # queued ones too, so a sound slice queued beside one that kills its workers
                # is given up as well. It is read once more, under a key of its own; a slice
                # given up twice is rejected, and the other files are imported.
                pending[0] = (part, client.submit(read_on_worker, part, pure=False, retries=2))
                try:
                    rows = _result(*pending[0], client)
                except _WorkersDied:
                    rows = rejected_slice(
                        part, f"Dask workers died each time they read {part.path} from line "
                        f"{part.first_line} (a file too large for a worker's memory?)")
            pending.popleft()
            pending.extend((s, submit(s)) for s in itertools.islice(slices, 1))
            yield rows
    finally:
        # Interrupted or failed: the slices not taken are not read for nothing.
        client.cancel([future for _, future in pending])


def workerless_timeout() -> float:
    """The seconds an import waits while the cluster has no worker ($HHTOOLS_DASK_NO_WORKER_TIMEOUT)."""
    text = os.environ.get(WORKERLESS_ENV, "")
    try:
        seconds = float(text) if text.strip() else WORKERLESS_TIMEOUT
    except ValueError:
        raise UsageError(f"{WORKERLESS_ENV} must be a number of seconds, not {text!r}") from None
    if not seconds > 0:
        raise UsageError(f"{WORKERLESS_ENV} must be a number of seconds above 0, not {text!r}")
    return seconds


class _WorkersDied(Exception):
    """The scheduler gave a slice up: the workers that held it died too many times."""


def _result(part: Slice, future: Future[FileRows], client: Client | None = None) -> FileRows:
    """The slice's rows, waited for in short steps so that Ctrl-C is acted on at once, and so
    that a cluster left with no worker for longer than workerless_timeout() fails the import;
    _WorkersDied if the scheduler gave the slice up."""
    from distributed import TimeoutError as DaskTimeout

    bound = workerless_timeout() if client is not None else None
    alone_since: float | None = None
    looked = time.monotonic()
    while True:
        try:
            return future.result(timeout=0.2)
        except (TimeoutError, DaskTimeout):
            now = time.monotonic()
            if client is None or bound is None or now - looked < LOOK_EVERY:
                continue
            looked = now
            try:
                workers = client.nthreads()
            except Exception:  # noqa: BLE001 - the scheduler lost: said when the future fails
                continue
            if workers:
                alone_since = None
            elif alone_since is None:
                alone_since = now
            elif now - alone_since >= bound:
                raise ClusterError(
                    f"no Dask worker has been on the cluster for {bound:g} seconds while "
                    f"reading {part.path} from line {part.first_line}; the batches stored "
                    "before are kept, and running the same command again, with workers, "
                    "completes the import") from None
            continue
        except HHToolsError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever the cluster raised, said in one line
            name = type(exc).__name__
            where = f"{part.path} from line {part.first_line}"
            if name == "KilledWorker":
                # The scheduler gave up on the slice after it cost workers again and again
                # (its allowed-failures): a slice, not the cluster, kills them, so the import
                # goes on rather than every rerun failing.
                raise _WorkersDied from None
            if name in ("CancelledError", "CommClosedError", "FutureCancelledError"):
                raise ClusterError(f"the Dask cluster was lost while reading {where} ({name});"
                                   " the batches stored before are kept, and running the same "
                                   "command again completes the import") from None
            raise
