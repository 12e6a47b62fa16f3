"""Reading, parsing and auditing on a Dask cluster: ``hhtools import --scheduler ADDRESS``.

The work unit is a slice of whole hands (hhtools.slicing: a path, a byte range and the number of
its first line), so one huge file spreads over the workers too. Each task is
``importer.read_slice``, a pure function of its slice: a worker reads those bytes of the file,
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
from collections import deque
from collections.abc import Iterator

from hhtools.errors import HHToolsError, UsageError
from hhtools.importer import FileRows, read_slice
from hhtools.slicing import Slice

#: Where ``hhtools import`` finds the scheduler when --scheduler is not given.
SCHEDULER_ENV = "HHTOOLS_SCHEDULER"
#: Slices in flight per worker thread: enough to keep every worker busy, few enough that the
#: rows waiting for this process stay few.
READ_AHEAD = 3
#: Seconds to wait for the scheduler to answer.
CONNECT_TIMEOUT = 20


class ClusterError(HHToolsError):
    """The cluster failed the import (lost, or its workers died reading one slice again and
    again): the batches published before are kept, and the same command completes the import."""

    exit_status = 2


def connect(address: str):
    """A client of the Dask scheduler at ``address`` (``tcp://host:8786``)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError("importing on a Dask cluster (--scheduler) needs dask and distributed: "
                         "pip install 'hhtools[dask]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def read_on_cluster(slices: Iterator[Slice], client) -> Iterator[FileRows]:
    """The rows of each slice, read on the cluster of ``client``, in the slices' order."""
    threads = max(1, sum(client.nthreads().values()))
    ahead = READ_AHEAD * threads

    def submit(part: Slice):
        # pure: the key is the slice's own, so a slice resubmitted is one task. retries: a
        # task that raised (a worker's full disk...) is tried again before the import fails.
        return client.submit(read_slice, part, pure=True, retries=2)

    pending = deque((s, submit(s)) for s in itertools.islice(slices, ahead))
    try:
        while pending:
            rows = _result(*pending[0])
            pending.popleft()
            pending.extend((s, submit(s)) for s in itertools.islice(slices, 1))
            yield rows
    finally:
        # Interrupted or failed: the slices not taken are not read for nothing.
        client.cancel([future for _, future in pending])


def _result(part: Slice, future) -> FileRows:
    """The slice's rows, waited for in short steps so that Ctrl-C is acted on at once."""
    from distributed import TimeoutError as DaskTimeout

    while True:
        try:
            return future.result(timeout=0.2)
        except (TimeoutError, DaskTimeout):
            continue
        except HHToolsError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever the cluster raised, said in one line
            name = type(exc).__name__
            where = f"{part.path} from line {part.first_line}"
            if name == "KilledWorker":
                raise ClusterError(f"Dask workers died each time they read {where}; the "
                                   "batches stored before are kept, and running the same "
                                   "command again completes the import") from None
            if name in ("CancelledError", "CommClosedError", "FutureCancelledError"):
                raise ClusterError(f"the Dask cluster was lost while reading {where} ({name});"
                                   " the batches stored before are kept, and running the same "
                                   "command again completes the import") from None
            raise
