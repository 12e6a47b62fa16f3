"""Blanks inside lines or leading them: only a line of blanks ends a hand, whatever the blank
(ASCII or not), and a line led by a blank is one of the hand's lines."""

from __future__ import annotations

from test_parsing_splitting import plain_split

from hhtools.reading.splitting import split_hands
from hhtools.sites import get_site

HEADER = "#1: Limit Badugi - 2/4"


def test_blanks_inside_lines_or_leading_them():
    site = get_site("kingsclub")
    blanks = [c for c in map(chr, range(128)) if c.isspace() and c != "\n"] + ["\u3000", "\x85"]
    for c in blanks:
        for text in (f"a{c}b\nc", f"a\nb{c}\n", f"a\n{c}b", f"{c}", f"a\n{c}", f"a{c}\n\nb",
                     f"a\n\n{c}\n", f"{c}{c}a\nb", f"é{c}\nb", f"é\n{c}b", f"a\n{c}{c}\nb"):
            text = f"{HEADER}\n{text}\n{HEADER}\n{text}"
            assert split_hands(text, site) == plain_split(text.split("\n"), site), \
                (hex(ord(c)), text)


def test_texts_without_blank_lines_but_empty_ones():
    site = get_site("kingsclub")
    for text in ("", "\n", "\n\n", "a\nb\n\nc\n", "a b\nc  d\n\n", "a\n\n\nb"):
        text = f"{HEADER}\n{text}"
        assert split_hands(text, site) == plain_split(text.split("\n"), site), text
    assert split_hands(f"{HEADER}\na b\n\nstray\n{HEADER}\nc\td\n", site) == ([(0, 2), (4, 6)], 1)
