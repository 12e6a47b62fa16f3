"""Writing output files whole or not at all.

Every file a command writes (a report, a chart, a converted hand, a generated history) is
written under a temporary name in the same folder and renamed to its own name once it is
complete: a full disk, an interrupt or a crash leaves the file as it was before (or absent),
never empty or cut short. The temporary file is removed when the write fails.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from hhtools.core.inputs import shown
from hhtools.errors import UsageError


class OutputError(UsageError):
    """An output that could not be written (full disk, no right to write): nothing of it was
    left behind."""


@contextmanager
def replacing(path: str | os.PathLike[str], mode: str = "w", *, encoding: str | None = "utf-8",
              newline: str | None = None) -> Iterator[IO[Any]]:
    """A file to write ``path``'s new content into (``mode`` "w" or "wb"); on leaving the
    block it replaces ``path`` whole. If the block or the write fails, ``path`` is left as it
    was, the temporary file is removed, and OutputError names ``path``."""
    target = Path(path)
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent if str(target.parent) else ".")
    except OSError as exc:
        raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else encoding,
                       newline=None if "b" in mode else newline) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())  # the data is on disk before the name points at it
        # mkstemp makes the file readable by its owner only; an output is an ordinary file.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException as exc:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}; nothing "
                              "was written") from None
        raise


def write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` whole or not at all (``replacing``)."""
    with replacing(path, encoding=encoding) as f:
        f.write(text)
