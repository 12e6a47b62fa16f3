"""Batch ids: the names of a store's batch folders, which readers list in name order.

A batch's id begins with the moment it was made, in UTC, to the second, then the nanoseconds
and the writer's process id (``20261207T151339-123456789-4242``). A new id always sorts after
the last batch there: local time goes back an hour when summer time ends, a clock may be set
back, and an earlier version named batches in local time, ahead of UTC east of Greenwich.
"""

from __future__ import annotations

import calendar
import os
import time

#: The moment at the head of a batch id.
BATCH_MOMENT = "%Y%m%dT%H%M%S"


def batch_time(name: str) -> int | None:
    """The nanoseconds since the epoch a batch id gives, read as UTC; None for a name of
    another form."""
    moment, _, rest = name.partition("-")
    fraction = rest.partition("-")[0]
    try:
        seconds = calendar.timegm(time.strptime(moment, BATCH_MOMENT))
    except ValueError:
        return None
    if len(fraction) != 9 or not fraction.isdigit():
        return None
    return seconds * 10**9 + int(fraction)


def next_batch_id(last: str | None) -> str:
    """The id of a batch made now, after the batch named ``last`` (None: no batch yet): the
    clock's time in UTC, or just after ``last``'s where the clock is behind it."""
    # The second and its fraction from one reading of the clock: read apart, a batch made
    # at a second's turn was named a second early, before the batch made just before it.
    now = time.time_ns()
    after = batch_time(last) if last is not None else None
    if after is not None and now <= after:
        now = after + 1
    seconds, fraction = divmod(now, 10**9)
    return f"{time.strftime(BATCH_MOMENT, time.gmtime(seconds))}-{fraction:09d}-{os.getpid()}"
