"""Finding and opening input files: regular files only, bounded, and named safely.

Every command reads its files through ``open_input``/``read_input``: a named pipe, a device
(``/dev/zero``), a socket or a folder is refused with one message instead of being read
(a pipe would block forever, ``/dev/zero`` never ends). The pipe is opened without blocking,
so not even the open can hang. ``find_histories`` lists the history files under folders; a
folder it cannot list or enter is listed itself, so reading it says why, in one line that
names it, and the files around it are read.

A name is shown through ``shown``: a file name may hold any byte but ``/`` and NUL, and an
escape sequence or a newline in it must not reach the terminal as it is.

>>> shown("a\\x1b[2Jb\\nc.txt")
'a\\\\x1b[2Jb\\\\nc.txt'
>>> shown("René.txt")
'René.txt'
"""

from __future__ import annotations

import os
import stat as st
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from hhtools.errors import HHToolsError

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


class InputError(HHToolsError):
    """An input that is not read: not a regular file, too large, or not readable. It costs
    only that input: the command reports it as rejected (exit status 1) and reads the rest."""


def shown(name: str | os.PathLike[str]) -> str:
    """``name`` with control and other invisible characters escaped (``\\x1b``, ``\\n``,
    ``\\u202e``), and the bytes that are not UTF-8 as ``\\xNN``: fit for a terminal."""
    text = os.fspath(name)
    if text.isprintable():
        return text
    out = []
    for c in text:
        if c.isprintable() or c == " ":
            out.append(c)
        elif c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif 0xDC80 <= ord(c) <= 0xDCFF:  # a byte os.fsdecode could not decode
            out.append(f"\\x{ord(c) - 0xDC00:02x}")
        elif ord(c) < 0x100:
            out.append(f"\\x{ord(c):02x}")
        else:
            out.append(f"\\u{ord(c):04x}" if ord(c) < 0x10000 else f"\\U{ord(c):08x}")
    return "".join(out)


def _kind(mode: int) -> str:
    if st.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if st.S_ISCHR(mode):
        return "a character device"
    if st.S_ISBLK(mode):
        return "a block device"
    if st.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _folder_problem(path: str) -> str:
    """Why the files of the folder ``path`` cannot be read."""
    name = shown(path)
    try:
        with os.scandir(path):
            pass
    except OSError as exc:
        return f"cannot read the folder {name}: {exc.strerror or exc}; its files were not read"
    if not _enterable(path):
        return (f"cannot enter the folder {name}: it can be listed but not entered (no "
                "execute permission); its files were not read")
    return f"cannot read {name}: it is a folder, not a file"


def _enterable(path: str) -> bool:
    if os.access in os.supports_effective_ids:
        return os.access(path, os.X_OK, effective_ids=True)
    return os.access(path, os.X_OK)


def _refused(path: str, mode: int) -> InputError:
    if st.S_ISDIR(mode):
        return InputError(_folder_problem(path))
    return InputError(f"cannot read {shown(path)}: it is {_kind(mode)}, not a regular file; "
                      "only regular files are read")


def open_input(path: str | os.PathLike[str]) -> BinaryIO:
    """The regular file ``path`` opened for reading in binary; InputError for anything else
    (a pipe, a device, a folder) or a file that cannot be opened."""
    name = os.fspath(path)
    try:
        before = os.stat(name)
        if not st.S_ISREG(before.st_mode):
            raise _refused(name, before.st_mode)
        # O_NONBLOCK: should the file be swapped for a pipe after the stat, the open still
        # returns at once, and the fstat below refuses it.
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(f"cannot read {shown(name)}: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not st.S_ISREG(mode):
            raise _refused(name, mode)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path`` (open_input); with ``limit``, InputError for a
    file longer than ``limit`` bytes, found without reading more than one byte past it."""
    with open_input(path) as f:
        try:
            data = f.read() if limit is None else f.read(limit + 1)
        except OSError as exc:
            raise InputError(f"cannot read {shown(path)}: {exc.strerror or exc}") from None
    if limit is not None and len(data) > limit:
        raise InputError(f"cannot read {shown(path)}: larger than {limit:,} bytes, the most "
                         "a file of its kind may hold")
    return data


def find_histories(paths: Iterable[str | os.PathLike[str]], suffixes: Iterable[str]
                   ) -> Iterator[Path]:
    """For each path: a folder's files ending in ``suffixes`` (any case), recursively, in a
    stable order, else the path itself. Entries that are not regular files (a pipe named
    ``p.txt``) are listed, for reading to refuse them by name; so is each folder that cannot
    be listed or entered. Missing paths are listed too: the caller decides what they mean."""
    ends = tuple(s.lower() for s in suffixes)
    for p in map(Path, paths):
        if p.is_dir():
            yield from sorted(_walk(p, ends))
        else:
            yield p


def _walk(root: Path, ends: tuple[str, ...]) -> list[Path]:
    found: list[Path] = []
    stack = [root]
    seen: set[tuple[int, int]] = set()  # folders by device and inode: a link loop ends
    while stack:
        folder = stack.pop()
        try:
            info = os.stat(folder)
            if (info.st_dev, info.st_ino) in seen:
                continue
            seen.add((info.st_dev, info.st_ino))
            with os.scandir(folder) as listing:
                entries = list(listing)
        except FileNotFoundError:
            continue  # removed while listed
        except OSError:
            found.append(folder)  # open_input says why it cannot be read
            continue
        if entries and not _enterable(str(folder)):
            found.append(folder)
            continue
        for entry in entries:
            try:
                if entry.is_dir():  # follows links, as the files' own links are followed
                    stack.append(Path(entry.path))
                    continue
            except OSError:
                pass
            if Path(entry.name).suffix.lower() in ends:
                try:
                    entry.stat()
                except OSError:
                    continue  # a link to nothing: no file to read
                found.append(Path(entry.path))
    return found
