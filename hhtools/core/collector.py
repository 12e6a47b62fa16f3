"""Pausing Python's cyclic garbage collector around allocation-heavy work.

Reading or dealing a hand allocates thousands of small containers and makes no reference
cycle, so reference counting frees all of it; the cyclic collector still scans them, which
costs a tenth of an import and a quarter of generation. Only such work is paused, never the
caller's own code, and a cycle made anyway is simply collected later.

What the paused work keeps (a file's hands, a grammar's tables) would still be scanned all at
once by the first young collection after the pause, and again by the next: so it is moved,
unscanned, to the oldest generation when the pause ends, which only full collections scan.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector (if it runs) for the block; what the block made is
    then in the oldest generation."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        # gc.freeze then gc.unfreeze moves every tracked object to the oldest generation in
        # constant time. Not where something else froze objects (before a fork): unfreezing
        # would undo that.
        if not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        gc.enable()
