"""Counts written as people write them: "1 hand", "2 hands", "0 hands"."""

from __future__ import annotations


def plural(n: int, noun: str, nouns: str | None = None) -> str:
    """``n`` and ``noun``, in the plural (``nouns``, default ``noun + "s"``) unless ``n`` is 1.

    >>> plural(1, "hand"), plural(2, "hand"), plural(0, "hand"), plural(12345, "match", "matches")
    ('1 hand', '2 hands', '0 hands', '12,345 matches')
    """
    return f"{n:,} {noun if n == 1 else nouns or noun + 's'}"
