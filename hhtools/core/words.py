"""Counts written as people write them: "1 hand", "2 hands", "0 hands"; places: "3rd"."""

from __future__ import annotations


def plural(n: int | None, noun: str, nouns: str | None = None) -> str:
    """``n`` and ``noun``, in the plural (``nouns``, default ``noun + "s"``) unless ``n`` is 1.
    A count a damaged history left unknown (``None``) is written as it is.

    >>> plural(1, "hand"), plural(2, "hand"), plural(0, "hand"), plural(12345, "match", "matches")
    ('1 hand', '2 hands', '0 hands', '12,345 matches')
    """
    number = f"{n:,}" if isinstance(n, int) else f"{n}"
    return f"{number} {noun if n == 1 else nouns or noun + 's'}"


def ordinal(n: int) -> str:
    """A place as PokerStars writes it.

    >>> ordinal(1), ordinal(2), ordinal(3), ordinal(4), ordinal(11), ordinal(22)
    ('1st', '2nd', '3rd', '4th', '11th', '22nd')
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
