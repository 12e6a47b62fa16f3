"""Large history files read in slices of whole hands, so memory stays flat whatever a file's size.

A file of up to ``SLICE_BYTES`` is one slice, read whole. A larger one is planned in one pass
over its bytes, a megabyte at a time, holding none of it: its encoding is decided for the whole
file by hhtools.reading.decoding's rules (a BOM, UTF-16, else UTF-8, else Windows-1252 where no byte
sequence of the file is UTF-8), its site is detected from its first lines, and it is cut about
every ``SLICE_BYTES`` just before a line that starts a hand. Each slice is then read on its own
(in this process, a worker process or a Dask worker): its bytes, decoded as the whole file is,
parsed with its first line's number, so its hands, their line numbers and the problems found
are those a whole read gives. A Merge XML file's ``<description>`` (its game and stakes) is
carried to each slice; a Merge slice starts at a ``<game>`` following a closed one.

A file that cannot be cut so is one slice, read whole: UTF-16 that a lost byte shifted, lone
carriage returns as line ends, a double-spaced file, a Merge file with a second description or
a declaration, a file of no known site.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import BinaryIO

from hhtools.core.inputs import InputError, open_input, shown
from hhtools.core.records import HandError, HandWarning
from hhtools.reading.decoding import (
    HEAD_BYTES,
    INVALID,
    MAX_LINE,
    MISALIGNED,
    decode_as,
    looks_cp1252,
    not_utf8_note,
    read_history,
    sniff,
    wide,
)
from hhtools.reading.parsing import (
    ParseResult,
    detect_site,
    line_spacing,
    parse_file,
    parse_text,
    split_lines,
    with_problems,
)
from hhtools.reading.phh_bounds import is_phh
from hhtools.reading.splitting import header_positions
from hhtools.sites import Site, get_site

#: About how many bytes a slice holds (some 1,000 hands, as a session file): files up to this
#: size are read whole.
SLICE_BYTES = int(os.environ.get("HHTOOLS_SLICE_BYTES", "1500000"))
#: How much of a file its planning holds at a time.
_CHUNK = 1 << 20


@dataclass(frozen=True, slots=True)
class Slice:
    """Whole hands of one file: bytes ``start`` to ``end``, the first at line ``first_line``."""

    path: str
    size: int  # the file's size and modification time when it was planned
    mtime_ns: int
    start: int = 0
    end: int = 0
    first_line: int = 1
    part: int = 0
    parts: int = 1
    codec: str | None = None  # None: the file is read whole, by parse_file
    encoding: str | None = None  # the encoding reported
    site: str | None = None
    notes: tuple[HandWarning, ...] = ()  # about the whole file: carried by its first slice
    head: tuple[int, str] | None = None  # (first line, text) of the file's head it carries

    @property
    def whole(self) -> bool:
        return self.codec is None

    @property
    def last(self) -> bool:
        return self.part == self.parts - 1

    @property
    def bytes(self) -> int:
        return self.size if self.whole else self.end - self.start


def plan(path: str, target: int | None = None) -> list[Slice]:
    """The slices of the file ``path``, about ``target`` bytes each (SLICE_BYTES)."""
    target = target or SLICE_BYTES
    try:
        stat = os.stat(path)
    except OSError:
        return [Slice(path, 0, 0)]  # reading it says why it cannot be read
    whole = [Slice(path, stat.st_size, stat.st_mtime_ns)]
    if stat.st_size <= target or is_phh(path):
        return whole
    try:
        with open_input(path) as f:
            cut = _Planner(f, target).run()
    except (OSError, InputError):
        return whole  # reading it says why it cannot be read
    if cut is None:
        return whole
    codec, encoding, site, cuts, notes, head = cut
    bounds = [start for start, _ in cuts] + [stat.st_size]
    return [Slice(path, stat.st_size, stat.st_mtime_ns, start, end, line, part, len(cuts),
                  codec, encoding, site.name, notes if part == 0 else (),
                  head if part else None)
            for part, ((start, line), end) in enumerate(zip(cuts, bounds[1:]))]


#: A file's plan: its codec, encoding and site, where to cut it (byte, line number), its
#: notes, and the head every slice carries.
_Plan = tuple[str, str, Site, list[tuple[int, int]], tuple[HandWarning, ...],
              tuple[int, str] | None]


class _Planner:
    """One pass over a file: its encoding, its site and where to cut it."""

    def __init__(self, f: BinaryIO, target: int):
        self.f = f
        self.target = target
        self.site: Site | None = None
        self.cuts: list[tuple[int, int, bytes]] = []  # (byte, line number, the line's bytes)
        self.since = 0  # bytes since the last cut
        self.lines = 0  # line ends before the chunk being looked at
        self.invalid = False  # a byte that is not UTF-8 was met
        self.cp1252 = True  # every chunk so far may be cp1252
        self.note: HandWarning | None = None
        self.head: tuple[int, str] | None = None  # what each slice carries (Site.slice_head)
        self.head_end = 0  # the line after it

    def run(self) -> _Plan | None:
        head = self.f.read(HEAD_BYTES)
        codec, encoding, bom = sniff(head) or ("utf-8", None, 0)
        self.codec = codec
        self.errors = "surrogatepass" if codec.startswith("utf-16") else "surrogateescape"
        # A line ends with a line feed: one unit of UTF-16, at an even offset after the BOM.
        end = {"utf-16-le": b"\n\x00", "utf-16-be": b"\x00\n"}.get(codec, b"\n")
        self.f.seek(bom)
        pos, carry = bom, b""
        while True:
            block = self.f.read(_CHUNK)
            data = carry + block
            if block:
                cut = _last_line_end(data, end)
                if cut < 0:  # a line longer than the chunk: read on
                    if len(data) > MAX_LINE:
                        return None  # read whole, by a reader that skips the line
                    carry = data
                    continue
                chunk, carry = data[:cut], data[cut:]
            else:
                chunk, carry = data, b""
            if not self._chunk(chunk, pos, first=pos == bom):
                return None
            pos += len(chunk)
            if not block:
                break
        if encoding is None:  # no BOM nor UTF-16: UTF-8, else cp1252 where the rule says
            encoding = "cp1252" if self.invalid and self.cp1252 else "utf-8"
            codec = encoding
        start_line = [(bom, 1)]
        # A cut line decoded at last as the whole file is must still start a hand.
        site = self.site
        if site is None:
            return None
        cuts = start_line + [(at, line) for at, line, raw in self.cuts
                             if _starts_hand(site, decode_as(raw, codec, encoding).text, None)]
        if len(cuts) < 2:
            return None
        notes = (self.note,) if encoding == "cp1252" and self.note is not None else ()
        return codec, encoding, site, cuts, notes, self.head

    def _chunk(self, chunk: bytes, pos: int, first: bool) -> bool:
        """Look at one chunk of whole lines; False if the file must be read whole."""
        if self.codec.startswith("utf-16"):
            if len(chunk) % 2:  # the file's last, odd byte: decoding the last slice says so
                chunk = chunk[:-1]
            text = chunk.decode(self.codec, "surrogatepass")
            if wide(text) and MISALIGNED.search(text):
                return False
        else:
            strict = True  # no byte refused: the text holds no surrogate
            try:
                text = chunk.decode("utf-8")
            except UnicodeDecodeError:
                strict = False
                text = chunk.decode("utf-8", "surrogateescape")
                m = INVALID.search(text)
                if not self.invalid and m is not None:
                    line_start = text.rfind("\n", 0, m.start()) + 1
                    line = self.lines + text.count("\n", 0, m.start()) + 1
                    self.note = not_utf8_note(line, m.start() - line_start + 1,
                                              ord(m.group()[0]) - 0xDC00)
                self.invalid = True
            # Chunks end with a line feed, never inside a UTF-8 sequence: the file is cp1252
            # by the rule if each chunk is (an ASCII one always is; one that is UTF-8 and not
            # ASCII holds a sequence of several bytes, so never is).
            if self.cp1252 and not chunk.isascii():
                self.cp1252 = not strict and looks_cp1252(text, chunk)
        if "\r" in text and text.count("\r") != text.count("\r\n"):
            return False  # lone carriage returns end lines: counted otherwise
        if first and not self._first_chunk(text):
            return False
        site = self.site
        if site is None or site.keeps_whole(text, first):
            return False
        width = 2 if self.codec.startswith("utf-16") else 1  # bytes a character, about
        # A character is ``width`` bytes: in ASCII UTF-8, and in UTF-16 below U+0100 (only
        # characters from U+10000 on take two units).
        plain = chunk.isascii() if width == 1 else not wide(text)
        at = max(0, self.target - self.since) // width
        cut = None
        while (k := self._next_hand(site, text, at)) is not None:
            header = text[k:_line_end(text, k)]
            cut = pos + (k * width if plain else len(text[:k].encode(self.codec, self.errors)))
            self.cuts.append((cut, self.lines + text.count("\n", 0, k) + 1,
                              header.encode(self.codec, self.errors)))
            at = k + self.target // width
        self.since = self.since + len(chunk) if cut is None else pos + len(chunk) - cut
        self.lines += text.count("\n")
        return True

    def _first_chunk(self, text: str) -> bool:
        lines = split_lines(text)
        self.site = detect_site(lines)
        if self.site is None or line_spacing(lines)[1] != 1:
            return False
        if self.site.slices_carry_head:
            head = self.site.slice_head(lines)
            if head is None:
                return False
            self.head = head
            self.head_end = head[0] + head[1].count("\n") + 1
        return True

    def _next_hand(self, site: Site, text: str, at: int) -> int | None:
        """Where the first line from ``at`` on that starts a hand begins, or None."""
        for k in header_positions(text, site, at):
            line_number = self.lines + text.count("\n", 0, k) + 1
            if (k and line_number > self.head_end
                    and _starts_hand(site, text[k:_line_end(text, k)], _previous_line(text, k))):
                return k
        return None


def _starts_hand(site: Site, line: str, previous: str | None) -> bool:
    """True if ``line`` starts a hand that no line before it can run into; ``previous`` is the
    last line before it that is not blank (None: already checked)."""
    line = line.removesuffix("\r")
    if "\ufeff" in line or not site.hand_start.match(line):
        return False
    return site.cuts_before(line, previous)


def _previous_line(text: str, k: int) -> str:
    """The last line that is not blank before position ``k`` (a line start) of ``text``."""
    end = k - 1
    while end > 0:
        start = text.rfind("\n", 0, end) + 1
        if text[start:end].strip():
            return text[start:end]
        end = start - 1
    return ""


def _line_end(text: str, k: int) -> int:
    end = text.find("\n", k)
    return len(text) if end < 0 else end


def _last_line_end(data: bytes, end: bytes) -> int:
    """Just past the last line end in ``data`` (at an even offset for UTF-16), or -1."""
    i = data.rfind(end)
    while i >= 0 and len(end) == 2 and i % 2:
        i = data.rfind(end, 0, i + 1)
    return -1 if i < 0 else i + len(end)


def parse_slice(part: Slice) -> ParseResult:
    """The hands of one slice, numbered as in the whole file (HHToolsError if unreadable)."""
    if part.codec is None:  # the slice is the whole file
        return parse_file(part.path)
    # A slice of a file cut in several has the codec, encoding and site of its plan.
    assert part.encoding is not None and part.site is not None
    try:
        with open_input(part.path) as f:
            stat = os.fstat(f.fileno())
            f.seek(part.start)
            data, cut = read_history(f, part.end - part.start,
                                     utf16=part.codec.startswith("utf-16"), last=part.last)
    except OSError as e:
        raise InputError(f"cannot read {shown(part.path)}: {e.strerror or e}") from None
    # The size only: a Dask worker may read a copy of the file, made at another time.
    if stat.st_size != part.size:
        return ParseResult(part.path, part.site, part.encoding, (), (), (HandError(
            part.path, part.first_line, 1, None, part.site, (), None,
            f"the file changed while it was imported ({stat.st_size:,} bytes, were "
            f"{part.size:,}): the hands read before are kept; import it again to read the "
            "rest"),), 0)
    decoded = decode_as(data, part.codec, part.encoding)
    site = get_site(part.site)
    if part.head is not None:
        result = _part_with_head(site, part, part.head, decoded.text)
    else:
        result = parse_text(decoded.text, part.site, path=part.path, encoding=part.encoding,
                            first_line=part.first_line)
    shift = part.first_line - 1
    problems = sorted((HandWarning(p.line + shift, p.column, p.reason)
                       for p in (*decoded.problems, *cut)), key=lambda p: (p.line, p.column))
    if problems or part.notes:
        result = with_problems(result, problems, part.notes)
    return result


def _part_with_head(site: Site, part: Slice, head: tuple[int, str], text: str) -> ParseResult:
    """A slice after the first of a file whose slices carry its head (Merge's description):
    its hands, read under that head."""
    line, carried = head
    start = part.first_line - 1
    # Blank lines stand for those of the slices before: the hands' lines keep their numbers,
    # and an error in the head, which the first slice reported, still finds its text.
    lines = [""] * start + split_lines(text)
    head_lines = split_lines(carried)
    lines[line - 1:line - 1 + len(head_lines)] = head_lines
    hands, skipped, bad, stray = site.read_slice(lines, part.path, start, head)
    return ParseResult(part.path, site.name, part.encoding, tuple(hands), tuple(skipped),
                       tuple(bad), stray)
