"""The import's progress line on standard error: hands and bytes read, with their rates.

Drawn only on a terminal, so output piped or redirected stays clean; rewritten in place at
most ten times a second, and cleared when the import ends.
"""

from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

from hhtools.core.words import plural
from hhtools.store.importer import ImportProgress


def describe(p: ImportProgress, seconds: float) -> str:
    """The progress line's text.

    >>> describe(ImportProgress(files=4, bytes=8_000_000, files_read=1, bytes_read=2_000_000,
    ...                         hands_read=1500), 2.0)
    'importing: 1,500 hands (750/s), 2.0 of 8.0 MB (25%, 1.0 MB/s), 1 of 4 files'
    """
    rate = 1 / seconds if seconds > 0 else 0.0
    done = 100 * p.bytes_read // p.bytes if p.bytes else 100
    return (f"importing: {plural(p.hands_read, 'hand')} ({p.hands_read * rate:,.0f}/s), "
            f"{p.bytes_read / 1e6:,.1f} of {p.bytes / 1e6:,.1f} MB ({done}%, "
            f"{p.bytes_read * rate / 1e6:,.1f} MB/s), {p.files_read:,} of {plural(p.files, 'file')}")


class ProgressLine:
    """A callable for ``import_paths(progress=...)`` that keeps the progress line up to date."""

    def __init__(self, stream: TextIO | None = None, interval: float = 0.1):
        self.stream = stream or sys.stderr  # looked up now: tests and tools replace sys.stderr
        self.enabled = self.stream.isatty()
        self.interval = interval
        self.started = time.monotonic()
        self.shown = 0.0

    def __call__(self, p: ImportProgress) -> None:
        now = time.monotonic()
        if not self.enabled or now - self.shown < self.interval:
            return
        self.shown = now
        width = shutil.get_terminal_size().columns
        # Cut to the width: a wrapped line could not be rewritten in place.
        self.stream.write("\r" + describe(p, now - self.started)[:max(width - 1, 10)] + "\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        """Clear the line, so the summary or a message starts on a clean line."""
        if self.enabled and self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
