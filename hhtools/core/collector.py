"""Pausing Python's cyclic garbage collector around allocation-heavy work.

Reading or dealing a hand allocates thousands of small containers and makes no reference
cycle, so reference counting frees all of it; the cyclic collector still scans them, which
costs a tenth of an import and a quarter of generation. Only such work is paused, never the
caller's own code, and a cycle made anyway is simply collected later.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (if it runs) for the block."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
