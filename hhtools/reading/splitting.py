"""Where each hand of a history text starts and ends: the one splitter every reader uses.

A hand starts at a line the site's ``hand_start`` matches and runs to the next such line or to
``site.hand_gap`` blank lines in a row, trailing blank lines not being part of it. Lines
outside every hand that are neither blank nor matched by ``site.banner`` (an archive's
numbering between hands) are stray. Those facts are the site's; the rest is here:
parse_text splits its text with ``split_hands``, a large file is cut before the lines
``header_positions`` finds (hhtools.reading.slicing), and a watched file is held back from the
last of its ``header_lines``.

The headers are searched for in C (a regex) and the blank lines found by one loop mypyc
compiles: a history has some fifty lines a hand, and only its headers and blank lines decide
where hands lie.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterator
from typing import Protocol


class HandBounds(Protocol):
    """What the splitter needs of a site (a ``hhtools.sites.base.Site`` has them): how its
    hands start and end, and what may stand between them."""

    @property
    def hand_start(self) -> re.Pattern[str]: ...

    @property
    def hand_gap(self) -> int: ...

    @property
    def banner(self) -> re.Pattern[str] | None: ...




@functools.cache
def _after_line_feed(hand_start: re.Pattern[str]) -> re.Pattern[str]:
    """A site's hand header after a line feed: searched for by the line feed, where ``^``
    in multi-line mode would try the pattern at every character."""
    return re.compile(f"\n(?:{hand_start.pattern})", hand_start.flags)


def header_positions(text: str, site: HandBounds, at: int = 0) -> Iterator[int]:
    """The positions in ``text`` where a line the site's ``hand_start`` matches begins, from
    position ``at`` on (position 0 being the start of the first line)."""
    match = site.hand_start.match
    if at == 0 and match(text, 0, _line_end(text, 0)):
        yield 0
    search = _after_line_feed(site.hand_start).search
    pos = max(at - 1, 0)
    while (m := search(text, pos)) is not None:
        k = m.start() + 1
        if text.find("\n", k, m.end()) >= 0:  # a leading \s* of the pattern crossed line ends
            k = text.rfind("\n", 0, m.end()) + 1
        end = _line_end(text, k)
        if match(text, k, end):
            yield k
        pos = end


def header_lines(text: str, site: HandBounds) -> list[int]:
    """The indices in ``text.split("\\n")`` of the lines that start a hand."""
    found = []
    k = at = 0  # line k starts at or before position at
    for pos in header_positions(text, site):
        k += text.count("\n", at, pos)
        at = pos
        found.append(k)
    return found


def split_hands(text: str, site: HandBounds, lines: list[str] | None = None
                ) -> tuple[list[tuple[int, int]], int]:
    """(start, end) index ranges of the hands in ``text.split("\\n")`` (``lines``, when the
    caller holds them already), and how many stray lines lie outside them."""
    if lines is None:
        lines = text.split("\n")
    empty, blanks = _blank_lines(lines)
    gap = site.hand_gap
    banner = site.banner.match if site.banner is not None else None
    headers = _headers(text, site, lines, empty)
    n = len(lines)
    spans: list[tuple[int, int]] = []
    stray = 0
    count = len(blanks)
    b = 0  # the first blank line not looked at yet
    last = 0  # the line after the last hand (where lines outside hands start)
    carried = 0  # blank lines from ``last`` on already looked at
    for h, after in zip(headers, [*headers[1:], n]):
        outside = carried  # blank lines between the last hand and this one
        while b < count and blanks[b] < h:
            outside += 1
            b += 1
        stray += _stray(lines, last, h, outside, banner)
        if b < count and blanks[b] == h:
            b += 1  # the header itself: it starts the hand whatever it holds
        # The hand ends at the first run of ``gap`` blank lines after its header, else where
        # the next one starts (the blank lines just before it left out).
        end = after
        run = 0  # blank lines in a row, the last one at ``previous``
        previous = -2
        while b < count and (k := blanks[b]) < after:
            b += 1
            run = run + 1 if previous == k - 1 else 1
            previous = k
            if run == gap:
                end = k - gap + 1
                break
        else:
            if previous != after - 1:
                run = 0
            end = after - run
        spans.append((h, end))
        last, carried = end, run
    stray += _stray(lines, last, n, carried + count - b, banner)
    return spans, stray


def _stray(lines: list[str], start: int, end: int, blank: int,
           banner: Callable[[str], object] | None) -> int:
    """How many of ``lines[start:end]``, ``blank`` of which are blank, are stray: neither
    blank nor the site's banner."""
    text_lines = end - start - blank
    if text_lines and banner is not None:
        return sum(1 for line in lines[start:end] if line.strip() and not banner(line))
    return text_lines


def _headers(text: str, site: HandBounds, lines: list[str], empty: list[int]) -> list[int]:
    """What ``header_lines`` answers, found among the lines after an empty one where every
    line starting with the header's plain prefix follows one (sites write hands so)."""
    prefix = _literal_prefix(site.hand_start)
    if prefix and "\n" not in prefix:
        led = text.count("\n" + prefix) + text.startswith(prefix)
        n = len(lines)
        found = [k for k in (0, *(e + 1 for e in empty)) if k < n and lines[k].startswith(prefix)]
        if len(found) == led:
            match = site.hand_start.match
            return [k for k in found if match(lines[k])]
    return header_lines(text, site)


def _blank_lines(lines: list[str]) -> tuple[list[int], list[int]]:
    """The indices of the empty lines, and of the blank ones: empty or holding blanks only."""
    # One loop mypyc compiles, a few instructions a line: fewer than list.index finding each
    # empty line (8.3 M instructions against 1.6 M on 1,000 PokerStars hands), or the text
    # searched for a line led by each rare blank (some 1 M instructions a search).
    empty: list[int] = []
    blanks: list[int] = []
    for i, line in enumerate(lines):
        if not line:
            empty.append(i)
            blanks.append(i)
        elif line.isspace():
            blanks.append(i)
    return empty, blanks


#: A group of alternatives written as plain text, ``(?:Full Tilt Poker|FullTiltPoker)``.
_PLAIN_ALTERNATIVES = re.compile(r"\(\?:([^.^$*+?{}\[\]\\()]*)\)")


@functools.cache
def _literal_prefix(pattern: re.Pattern[str]) -> str:
    """The plain text every match of ``pattern`` starts with ("" when it is not plain)."""
    if pattern.flags & re.IGNORECASE:
        return ""
    # A leading group of plain alternatives (Full Tilt's two spellings): what they share.
    group = _PLAIN_ALTERNATIVES.match(pattern.pattern)
    if group is not None:
        if pattern.pattern[group.end():group.end() + 1] in ("*", "+", "?", "{"):
            return ""  # the group is optional or repeated
        return os.path.commonprefix(group[1].split("|"))
    found = re.match(r"[^.^$*+?{}\[\]\\|()]*", pattern.pattern)
    prefix = found.group() if found is not None else ""
    if pattern.pattern[len(prefix):len(prefix) + 1] in ("*", "+", "?", "{"):
        prefix = prefix[:-1]  # the last character is optional or repeated
    return prefix


def _line_end(text: str, k: int) -> int:
    end = text.find("\n", k)
    return len(text) if end < 0 else end
