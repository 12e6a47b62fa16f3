"""What the parser remembers from one hand to the next: lines, amounts, dates, time zones,
cards and each site's readings of a line's text. Each table is bounded (emptied when full),
so memory stays flat.

The bounds are the public ``LIMITS``, read whenever an entry is added (``limited`` changes
them for a while, as a test of the bounds does); ``sizes`` tells how full each table is and
``forget`` empties them, so that a hand can be read as if for the first time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from decimal import Decimal
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from hhtools.core.cards import Card, parse_card

K = TypeVar("K")
V = TypeVar("V")


@dataclass(slots=True)
class Limits:
    """How many entries a table holds before it is emptied."""

    #: Distinct lines (and line shapes) a classifier remembers, per thread: a few MB.
    lines: int = 20_000
    #: Amounts and dates as written.
    amounts: int = 20_000
    #: A site's readings of a line's text (seat records, headers, summary lines).
    readings: int = 10_000


#: The limits in force.
LIMITS = Limits()

# Every table of this process, by name (``table``), for ``sizes`` and ``forget``.
_TABLES: dict[str, dict[Any, Any]] = {}


def table(name: str) -> dict[Any, Any]:
    """A new table of remembered readings, known to ``sizes`` and ``forget`` as ``name``."""
    made: dict[Any, Any] = {}
    _TABLES[name] = made
    return made


def keep(known: dict[K, V], key: K, value: V, limit: int) -> V:
    """Remember ``value`` for ``key`` in ``known``, emptied first when it holds more than
    ``limit`` entries (one of ``LIMITS``)."""
    if len(known) > limit:
        known.clear()
    known[key] = value
    return value


def sizes() -> dict[str, int]:
    """How many entries each table holds, by name."""
    return {name: len(known) for name, known in _TABLES.items()}


def forget() -> None:
    """Empty every table (a classifier's lines are its own, bounded by ``LIMITS.lines``)."""
    for known in _TABLES.values():
        known.clear()


@contextmanager
def limited(**bounds: int) -> Iterator[Limits]:
    """Bound the tables by ``bounds`` (fields of ``Limits``) inside the ``with`` block."""
    unknown = set(bounds) - {f.name for f in fields(Limits)}
    if unknown:
        raise TypeError(f"no such limit: {', '.join(sorted(unknown))}")
    before = replace(LIMITS)
    for name, bound in bounds.items():
        setattr(LIMITS, name, bound)
    try:
        yield LIMITS
    finally:
        for f in fields(Limits):
            setattr(LIMITS, f.name, getattr(before, f.name))


# Amounts as written -> Decimal (immutable, so shared): stacks, bets and pots recur within a
# session. The commonest lines look their amounts up here first (``_AMOUNTS.get(text) or
# self.money(tok, text)``: a zero is simply read again) and call HandBuilder.money, which
# checks and remembers them, for one not known.
_AMOUNTS: dict[str, Decimal] = table("amounts")
# Dates as written -> (year, month, day), and zone names -> ZoneInfo (which ZoneInfo itself
# caches, though asking it costs more than a dict).
_DAYS: dict[str, tuple[int, int, int]] = table("days")
_TIME_ZONES: dict[str, ZoneInfo] = {}

# Cards exactly as sites write them ("As", "Td"); anything else goes to hhtools.core.cards.
_CARD_TEXT: dict[str, Card] = {
    str(c): c for c in (parse_card(r + s) for r in "23456789TJQKA" for s in "shdc")}
