"""Counts written as people write them: "1 hand", "2 hands", "0 hands"."""

from __future__ import annotations


def plural(n: int | None, noun: str, nouns: str | None = None) -> str:
    """``n`` and ``noun``, in the plural (``nouns``, default ``noun + "s"``) unless ``n`` is 1.
    A count a damaged history left unknown (``None``) is written as it is.

    >>> plural(1, "hand"), plural(2, "hand"), plural(0, "hand"), plural(12345, "match", "matches")
    ('1 hand', '2 hands', '0 hands', '12,345 matches')
    """
    number = f"{n:,}" if isinstance(n, int) else f"{n}"
    return f"{number} {noun if n == 1 else nouns or noun + 's'}"
