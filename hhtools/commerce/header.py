"""A game night's first line, which names its game: read by ``hhtools audit`` for every file it
is given, so it stays apart from the night's reader (hhtools.commerce.record, which loads lark
and the night's grammar)."""

from __future__ import annotations

#: The first words of a night's first line, and the game each names.
HEADERS = {"whisky poker": "whisky", "whiskey poker": "whisky", "la viuda": "la-viuda"}


def is_night(first_line: str) -> bool:
    """Whether a file whose first line is this holds a game night (not a hand history)."""
    head = first_line.lstrip("\ufeff").strip().lower()
    return any(head.startswith(f"{h} night") for h in HEADERS)
