"""parsing._blank_led, which tells whether a text may hold a blank line other than an empty
one (then hands are split line by line), answers as the plain test of every line."""

from __future__ import annotations

from hhtools.reading.parsing import _blank_led


def _plain(lines):
    return any(line[:1].isspace() and line[:1] != "\n" for line in lines)


def test_blanks_inside_lines_or_leading_them():
    blanks = [c for c in map(chr, range(128)) if c.isspace() and c != "\n"]
    for c in blanks:
        for text in (f"a{c}b\nc", f"a\nb{c}\n", f"a\n{c}b", f"{c}", f"a\n{c}", f"a{c}\n\nb",
                     f"a\n\n{c}\n", f"{c}{c}a\nb", f"é{c}\nb", f"é\n{c}b"):
            lines = text.split("\n")
            assert _blank_led(text, lines) is _plain(lines), (hex(ord(c)), text)


def test_texts_without_blank_led_lines():
    for text in ("", "\n", "\n\n", "a\nb\n\nc\n", "a b\nc  d\n\n", "a\n\n\nb"):
        lines = text.split("\n")
        assert _blank_led(text, lines) is False is _plain(lines), text
