"""Writers: a generated hand (``hhtools.generate.Deal``) as the text its site writes.

One small module per site mirrors that site's parser (``hhtools/sites/<site>.py``): the same
line wording, money format, call convention and summary, and gives them as its ``WRITER``.
``write(deal)`` picks the writer by the hand's site; ``FILE_ENCODING`` says how each site's
files are encoded. The words the writers share (currency signs, structure names, rank
names, the ordinals of the draws) are read from their one home: ``hhtools.core`` and the
site modules.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeVar

from hhtools.core.cards import RANK_NAMES, RANKS, Card
from hhtools.core.games import Game
from hhtools.core.records import Action, Show
from hhtools.core.vocabulary import SIGNS, STREETS, Street
from hhtools.core.words import ordinal
from hhtools.generate.dealer import Deal

T = TypeVar("T")
ZERO = Decimal(0)


def no_head(deal: Deal) -> str:
    """The head of a file whose format has none: nothing."""
    return ""


@dataclass(frozen=True)
class SiteWriter:
    """What each writer module gives as its ``WRITER``: one hand's text (``write``), what goes
    between two hands, the file's head (Merge's ``<description>``, empty elsewhere) and, where
    a file numbers its hands (PHH's ``[1]``), a hand's text with its number."""

    write: Callable[[Deal], str]
    separator: str
    head: Callable[[Deal], str] = no_head
    numbered: Callable[[int, Deal], str] | None = None

    def item(self, number: int, deal: Deal) -> str:
        """The ``number``-th hand of a file."""
        return self.numbered(number, deal) if self.numbered else self.write(deal)


#: How each site's files are stored (FORMATS.md): PokerStars UTF-8 with a BOM, Full Tilt
#: UTF-16LE with a BOM, the others plain.
FILE_ENCODING = {"pokerstars": "utf-8-sig", "kingsclub": "utf-8", "fulltilt": "utf-16",
                 "merge": "utf-8", "winamax": "utf-8", "phh": "utf-8"}
MODULES = ("pokerstars", "kingsclub", "fulltilt", "merge", "winamax", "phh")


def writer(site: str) -> SiteWriter:
    """The writer of ``site``, its module imported on first use (PHH's loads the PHH reader)."""
    found = importlib.import_module(f"hhtools.generate.writers.{site}").WRITER
    if not isinstance(found, SiteWriter):
        raise TypeError(f"hhtools.generate.writers.{site}.WRITER is not a SiteWriter")
    return found


def write(deal: Deal) -> str:
    """One hand as its site writes it (no separator)."""
    return writer(deal.hand.site).write(deal)


def stream(deals: Iterable[Deal], site: str) -> Iterator[str]:
    """Hands as one file of the site, piece by piece: the file's head (Merge's
    description), each hand, the site's separator between hands."""
    chosen = writer(site)
    for i, deal in enumerate(deals, 1):
        yield chosen.head(deal) if i == 1 else chosen.separator
        yield chosen.item(i, deal)


def write_file(deals: Iterable[Deal], site: str) -> str:
    """Hands as the whole text of one file of the site."""
    return "".join(stream(deals, site))


def description(game: Game, hand_cards: Sequence[Card]) -> str:
    """hhtools' description of a generated hand in the game's first component (the one the
    sites word). The dealer's hands are valid by construction, so ``Game.evaluate``'s input
    check (which formats the cards for its error message on every call) is skipped; a shown
    hand is described twice (show and summary), so descriptions are kept."""
    key = (game.name, tuple(hand_cards))
    text = _DESCRIPTIONS.get(key)
    if text is None:
        # Only the hand being written repeats a description: a few entries are enough.
        if len(_DESCRIPTIONS) > 64:
            _DESCRIPTIONS.clear()
        text = _DESCRIPTIONS[key] = game.components[0].evaluate(key[1]).description
    return text


_DESCRIPTIONS: dict[tuple[str, tuple[Card, ...]], str] = {}


# Amounts repeat (stakes, blinds, the same bets hand after hand): each is formatted once.
# Equal Decimals (1, 1.00) print the same here, so keying by value is safe.
@functools.lru_cache(maxsize=4096)
def number(value: Decimal, commas: bool = False) -> str:
    """``5``, ``0.10``, ``6.80``; with ``commas``, ``1,895.42``: whole amounts without cents,
    others with two decimals, as the sites print them."""
    if value == value.to_integral_value():
        text = f"{int(value):,}" if commas else str(int(value))
    else:
        text = f"{value:,.2f}" if commas else f"{value:.2f}"
    return text


#: How a hand's amounts are printed (``signed``).
Money = Callable[[Decimal], str]


def signed(currency: str | None, commas: bool = False) -> Money:
    """How a hand's amounts are printed: the sign of its currency (``SIGNS``) before the
    number (``number``); tournament chips and play money (no currency) without one."""
    if currency is None or currency == "chips":
        return functools.partial(number, commas=commas)
    sign = SIGNS[currency]
    return lambda value: sign + number(value, commas)


def cards(cs: Iterable[Card | str]) -> str:
    """Cards as most sites list them: ``[7s 4d 3c]`` (hidden ones as ``X``)."""
    return "[" + " ".join(map(str, cs)) + "]"


#: A summary's "folded after the 2nd Draw", by street.
DRAW_ORDINALS: dict[Street, str] = {street: ordinal(i) for i, street in enumerate(STREETS[1:], 1)}
#: The ordinal words of a draw's marker (``*** SECOND DRAW ***``) and, one later, of the
#: betting round that follows it (Winamax's ``*** THIRD-BET ***``), by street.
DRAW_WORDS: dict[Street, str] = dict(zip(STREETS[1:], ("FIRST", "SECOND", "THIRD")))
BETTING_WORDS: dict[Street, str] = dict(zip(STREETS, ("FIRST", "SECOND", "THIRD", "FOURTH")))
#: Each rank's name as the sites print it (``Two`` ... ``Ace``), by its letter, and the letter
#: of each name hhtools' descriptions use (``six``), from hhtools.core.cards.
RANK_WORDS: dict[str, str] = {r: name.capitalize() for r, name in zip(RANKS, RANK_NAMES)}
RANK_OF: dict[str, str] = dict(zip(RANK_NAMES, RANKS))
#: The letter of each rank's plural as hhtools' descriptions write it (``twos``, ``sixes``).
PLURAL_OF: dict[str, str] = {name + ("es" if name.endswith("x") else "s"): r
                             for name, r in RANK_OF.items()}


def given(value: T | None, what: str) -> T:
    """A value the dealer always gives (a post's amount, a shown hand's cards, the rake):
    ValueError naming ``what`` if a record lacks it."""
    if value is None:
        raise ValueError(f"a generated hand without {what}")
    return value


# The accessors below check inline rather than through ``given``: they run for every action
# written, and ``given``'s message would be formatted on every call.
def chips(a: Action) -> Decimal:
    """The chips a post, call, bet or raise put in."""
    if a.amount is None:
        raise ValueError(f"a generated hand without the amount of a {a.kind}")
    return a.amount


def total(a: Action) -> Decimal:
    """A post's, call's, bet's or raise's total for the street."""
    if a.to is None:
        raise ValueError(f"a generated hand without the total of a {a.kind}")
    return a.to


def shown(s: Show) -> tuple[Card, ...]:
    """The cards of a show or a muck (the dealer knows every hand it dealt)."""
    if s.cards is None:
        raise ValueError(f"a generated hand without the cards of a {s.kind}")
    return s.cards


def replaced(a: Action) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A hero's discard: the cards thrown and the cards dealt."""
    if a.discarded is None or a.new_cards is None:
        raise ValueError(f"a generated hand without the cards of a {a.kind}")
    return a.discarded, a.new_cards
