"""History files' bytes as text: UTF-8 (with or without a BOM) and UTF-16, read strictly.

A byte that is not valid in the file's encoding is replaced by U+FFFD and reported on its
line, so the hand holding it says so and the rest of the file reads as written: one bad byte
never makes the whole file decode otherwise. Windows-1252 (cp1252) is used only for a file
that is not UTF-8 anywhere (no valid multi-byte sequence at all) and whose bytes are all
cp1252 characters, and that is reported too.

>>> decoded = decode_bytes(b"Seat 1: Ren\\xc3\\xa9 (100)\\nSeat 2: Bj\\xf6rn (100)\\n")
>>> decoded.text.split("\\n")[:2], decoded.encoding
(['Seat 1: René (100)', 'Seat 2: Bj\\ufffdrn (100)'], 'utf-8')
>>> [(p.line, p.column, p.reason) for p in decoded.problems]
[(2, 11, 'invalid UTF-8 byte 0xF6 replaced by U+FFFD')]
>>> cp1252 = decode_bytes(b"Seat 1: Bj\\xf6rn (100)")
>>> cp1252.text, cp1252.encoding
('Seat 1: Björn (100)', 'cp1252')
>>> [n.reason for n in cp1252.notes]
['the file is not UTF-8 (byte 0xF6): read as Windows-1252 (cp1252)']
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

from hhtools.core.records import HandWarning

# Code points that stand for bytes the decoder refused: surrogateescape writes an invalid
# UTF-8 byte as U+DC80..U+DCFF, and surrogatepass keeps a lone UTF-16 surrogate as itself.
# Neither can come out of valid text.
INVALID = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]+")
_LINE_END = re.compile("\r\n|\r|\n")
# A run of printable ASCII (or line ends) read one byte off in UTF-16: U+2000, U+4100...
MISALIGNED = re.compile("[%s]{8,}" % "".join(chr(b << 8) for b in [10, 13, *range(32, 127)]))
_MAX_SHIFTS = 100
# Bytes of the last, odd byte of a UTF-16 file that carry no text (Full Tilt ends its files
# with a stray line feed).
_BLANK_BYTES = b"\n\r\0 "


def wide(text: str) -> bool:
    """True if ``text`` holds a character from U+0100 on: only such a text can hold a
    character MISALIGNED or INVALID finds (U+0A00 and up, surrogates), so the others skip
    those searches, which cost the regex engine some 150 instructions a character."""
    if text.isascii():  # known to the string, not counted
        return False
    try:
        text.encode("latin-1")  # a copy where every character is below U+0100
    except UnicodeEncodeError:
        return True
    return False


@dataclass(frozen=True, slots=True)
class Decoded:
    """A file's text, the encoding it was read in, what could not be read (by line), and
    what the whole file's reading needs said (``notes``)."""

    text: str
    encoding: str
    problems: tuple[HandWarning, ...] = ()
    notes: tuple[HandWarning, ...] = ()


def decode(data: bytes) -> tuple[str, str]:
    """Bytes of a history file as text, and the encoding found (BOM first, then UTF-8)."""
    decoded = decode_bytes(data)
    return decoded.text, decoded.encoding


#: The bytes at a file's start that ``sniff`` looks at.
HEAD_BYTES = 200


def sniff(head: bytes) -> tuple[str, str, int] | None:
    """For a file starting with ``head`` (its first HEAD_BYTES bytes): the codec to read it
    in, the encoding reported and the length of its BOM; None when a BOM or UTF-16 is not
    found, and the whole file's bytes decide (UTF-8, else perhaps cp1252)."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8", "utf-8-sig", 3
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le", "utf-16", 2
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be", "utf-16", 2
    head = head[:HEAD_BYTES]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4 and head[0::2].count(0) == 0:
        return "utf-16-le", "utf-16-le", 0
    return None


def not_utf8_note(line: int, column: int, byte: int) -> HandWarning:
    """The note of a file read as cp1252: where its first byte invalid in UTF-8 is."""
    return HandWarning(line, column, f"the file is not UTF-8 (byte 0x{byte:02X}): read as "
                       "Windows-1252 (cp1252)")


def decode_bytes(data: bytes) -> Decoded:
    """Bytes of a history file as text, the encoding found, and each line's invalid bytes."""
    if found := sniff(data[:HEAD_BYTES]):
        codec, name, bom = found
        return decode_as(data[bom:], codec, name)
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    text = data.decode("utf-8", "surrogateescape")
    if looks_cp1252(text, data):
        # Where the first byte UTF-8 refuses is: the line a reader checks the guess on.
        first = INVALID.search(text)
        assert first is not None  # looks_cp1252 is True only where a byte is not UTF-8
        line = len(_LINE_END.findall(text, 0, first.start())) + 1
        start = max(text.rfind("\n", 0, first.start()), text.rfind("\r", 0, first.start())) + 1
        byte = ord(first.group()[0]) - 0xDC00
        return Decoded(data.decode("cp1252"), "cp1252",
                       notes=(not_utf8_note(line, first.start() - start + 1, byte),))
    return _replaced(text, "utf-8", _utf8_bytes)


def decode_as(data: bytes, codec: str, name: str) -> Decoded:
    """Part of a file (whole lines, no BOM) in the encoding ``decode_bytes`` found for the
    whole file: ``codec`` is utf-8, cp1252, utf-16-le or utf-16-be, ``name`` what it reported.
    Problems are numbered from the part's first line."""
    if codec.startswith("utf-16"):
        return _utf16(data, codec, name)
    if codec == "cp1252":
        return Decoded(data.decode("cp1252"), name)
    return _utf8(data, name)


def _utf8(data: bytes, name: str) -> Decoded:
    try:
        return Decoded(data.decode("utf-8"), name)
    except UnicodeDecodeError:
        return _replaced(data.decode("utf-8", "surrogateescape"), name, _utf8_bytes)


def _utf16(data: bytes, codec: str, name: str) -> Decoded:
    # A byte added or lost inside a UTF-16 file shifts every unit after it: the rest would
    # decode as other, valid, characters and its hands be lost without a word. ASCII read
    # one byte off gives characters U+XX00; where a run of them starts, the text is decoded
    # again from the next whole unit, and the character mixing both alignments is replaced.
    pieces: list[str] = []
    shifts: list[int] = []  # where in the text each realignment's U+FFFD is
    pos = 0
    while True:
        rest = data[pos:]
        odd = b""
        if len(rest) % 2:
            rest, odd = rest[:-1], rest[-1:]
        text = rest.decode(codec, "surrogatepass")
        m = MISALIGNED.search(text) if len(shifts) < _MAX_SHIFTS and wide(text) else None
        if m is None:
            pieces.append(text)
            break
        if m.start() == 0:  # the first byte is the one too many
            pos += 1
            pieces.append("\ufffd")
        else:
            pos += len(text[:m.start()].encode(codec, "surrogatepass")) + 1
            pieces.append(text[:m.start() - 1] + "\ufffd")
        shifts.append(sum(map(len, pieces)) - 1)
    text = "".join(pieces)
    decoded = (_replaced(text, name, _utf16_units) if wide(text) and INVALID.search(text)
               else Decoded(text, name))
    problems = list(decoded.problems)
    text = decoded.text  # U+FFFD in place of lone surrogates: the same positions
    for at in shifts:
        line, column = _line_and_column(text, at)
        problems.append(HandWarning(line, column, "a byte added or lost shifted the UTF-16 "
                                    "text: read again from the next character, one character "
                                    "replaced by U+FFFD"))
    if odd and odd not in _BLANK_BYTES:
        line, column = _line_and_column(text, len(text))
        text += "\ufffd"
        problems.append(HandWarning(line, column, f"the UTF-16 file ends with a lone byte "
                                    f"0x{odd[0]:02X}, replaced by U+FFFD"))
    problems.sort(key=lambda p: (p.line, p.column))
    return Decoded(text, name, tuple(problems))


def _line_and_column(text: str, at: int) -> tuple[int, int]:
    """The 1-based line and column of position ``at`` of ``text``, as parsing counts them."""
    line = len(_LINE_END.findall(text, 0, at)) + 1
    start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
    return line, at - start + 1


def looks_cp1252(text: str, data: bytes) -> bool:
    """True if no character of ``text`` (read with surrogateescape) came from a valid UTF-8
    sequence of several bytes, and every byte is a cp1252 character."""
    if INVALID.sub("", text).isascii():
        try:
            data.decode("cp1252")
        except UnicodeDecodeError:  # one of the five bytes cp1252 leaves undefined
            return False
        return True
    return False


def _utf8_bytes(run: str) -> str:
    codes = " ".join(f"0x{ord(c) - 0xDC00:02X}" for c in run)
    return (f"invalid UTF-8 byte {codes}" if len(run) == 1
            else f"{len(run)} invalid UTF-8 bytes ({codes})")


def _utf16_units(run: str) -> str:
    codes = " ".join(f"U+{ord(c):04X}" for c in run)
    return (f"a lone UTF-16 surrogate {codes}" if len(run) == 1
            else f"{len(run)} lone UTF-16 surrogates ({codes})")


def _replaced(text: str, name: str, describe: Callable[[str], str]) -> Decoded:
    """``text`` with each invalid run replaced by U+FFFD per byte (or unit), and a problem
    per line naming them."""
    problems: list[tuple[int, int, list[str]]] = []  # line, column, the runs on it
    line, start = 1, 0
    ends = _LINE_END.finditer(text)
    end = next(ends, None)
    for m in INVALID.finditer(text):
        while end is not None and end.end() <= m.start():
            line, start = line + 1, end.end()
            end = next(ends, None)
        if problems and problems[-1][0] == line:
            problems[-1][2].append(m.group())
        else:
            problems.append((line, m.start() - start + 1, [m.group()]))
    fixed = INVALID.sub(lambda m: "\ufffd" * len(m.group()), text)
    return Decoded(fixed, name, tuple(
        HandWarning(line, column, f"{'; '.join(describe(r) for r in runs)} replaced by U+FFFD")
        for line, column, runs in problems))


#: The longest line read, in bytes: a history line is a few hundred bytes, a Merge game's XML
#: line some thousands. A longer run without a line feed (the zero-filled tail a crash leaves in
#: a preallocated file, a corrupt file) is skipped, not held in memory.
MAX_LINE = int(os.environ.get("HHTOOLS_MAX_LINE_BYTES", "1000000"))
_BLOCK = 1 << 18  # at most half of MAX_LINE: a line longer than it spans a whole block


def read_history(f: BinaryIO, size: int | None = None, *, utf16: bool | None = None,
                 last: bool = True) -> tuple[bytes, list[HandWarning]]:
    """The bytes of a history (``size`` bytes from the file's position, else all), but a line
    longer than MAX_LINE, kept as an empty line so the lines after keep their numbers, and, if
    they are the ``last`` of the file, the NUL bytes that end it (padding left by a crash),
    each said by a problem numbered from the first line read. ``utf16``: the file is UTF-16
    (None: found from the first bytes read), whose lines are not measured.

    Only the line that crosses from one block into the next can be longer than a block, so
    each block is looked at in C (two searches), never line by line.
    """
    out = bytearray()
    problems: list[HandWarning] = []
    run = 0  # bytes since the last line feed
    skipping = False  # inside a line too long, whose bytes are not kept
    skipped = 0  # its length
    only_nul = True  # it holds NUL bytes only
    left = size
    while left is None or left > 0:
        block = f.read(_BLOCK if left is None else min(_BLOCK, left))
        if not block:
            break
        if left is not None:
            left -= len(block)
        if utf16 is None:
            utf16 = bool((found := sniff(block[:HEAD_BYTES])) and found[0].startswith("utf-16"))
        if utf16:  # a line feed is two bytes there, either way round: kept as it is
            out += block
            continue
        i = block.find(b"\n")
        if not skipping and run + (len(block) if i < 0 else i) > MAX_LINE:
            # The line that started ``run`` bytes ago is too long: what was kept of it goes.
            start = len(out) - run
            only_nul = not out[start:].strip(b"\0")
            del out[start:]
            skipping, skipped = True, run
        if skipping:
            head = block if i < 0 else block[:i]
            skipped += len(head)
            only_nul = only_nul and not head.strip(b"\0")
            if i < 0:
                continue
            problems.append(_long_line(out, skipped, only_nul, ended=True))
            skipping = False
            out += block[i:]
        else:
            out += block
        run = run + len(block) if i < 0 else len(block) - block.rfind(b"\n") - 1
    if skipping:
        problems.append(_long_line(out, skipped, only_nul, ended=False))
    tail = out[-MAX_LINE - 2:] if last else b""  # NULs after the last line feed, at most
    padding = len(tail) - len(tail.rstrip(b"\0"))
    if utf16 and padding and (len(out) - padding) % 2:
        padding -= 1  # the text is whole units: the high byte of a little-endian unit stays
    if padding:
        line = out.count(b"\n", 0, len(out) - padding) + 1
        del out[len(out) - padding:]
        problems.append(HandWarning(line, 1, f"{padding:,} NUL bytes end the file: padding (what "
                                    "a crash leaves in a file written ahead), not read"))
    return bytes(out), problems


def _long_line(kept: bytearray, length: int, only_nul: bool, ended: bool) -> HandWarning:
    """The problem of a line too long, skipped at the end of ``kept``."""
    line = kept.count(b"\n") + 1
    if only_nul and not ended:
        return HandWarning(line, 1, f"{length:,} NUL bytes end the file: padding (what a crash "
                           "leaves in a file written ahead), not read")
    what = f"{length:,} NUL bytes without a line feed" if only_nul else (
        f"a line of {length:,} bytes")
    return HandWarning(line, 1, f"{what}, longer than any history line ({MAX_LINE:,} bytes): "
                       "not read; the lines after it are")
