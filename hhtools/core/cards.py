"""Cards as players write them.

A card is a small int (``rank_index * 4 + suit_index``, ranks 2..A as 0..12), so evaluators can
use it directly as a table index; ``str(card)`` gives it back as ``As``.

>>> parse_cards("As 10d ♥k")
(Card('As'), Card('Td'), Card('Kh'))
>>> format_cards(parse_cards("2c3s4d5h"))
'2c 3s 4d 5h'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from hhtools.errors import CardError

RANKS = "23456789TJQKA"
SUITS = "shdc"
RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")
ALLOWED = "ranks are A K Q J T 9 8 7 6 5 4 3 2 (or 10), suits s h d c (or ♠ ♥ ♦ ♣)"

_SUIT_ALIASES = {"s": 0, "h": 1, "d": 2, "c": 3,
                 "♠": 0, "♥": 1, "♦": 2, "♣": 3, "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_ALIASES = {r: i for i, r in enumerate(RANKS.lower())} | {"10": 8}


class Card(int):
    """One of the 52 cards; compare and hash as its index, print as ``As``."""

    __slots__ = ()

    @property
    def rank(self) -> str:
        """The rank letter: ``A K Q J T 9 ... 2``."""
        return RANKS[self >> 2]

    @property
    def suit(self) -> str:
        """The suit letter: ``s h d c``."""
        return SUITS[self & 3]

    def __str__(self) -> str:
        return RANKS[self >> 2] + SUITS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
# Each card as written, indexed by the card: formatting thousands of stored hands stays cheap.
_TEXT: tuple[str, ...] = tuple(str(c) for c in DECK)
_BY_TEXT: dict[str, Card] = {}
for _card in DECK:
    for _rank, _ri in _RANK_ALIASES.items():
        if _ri == _card >> 2:
            for _suit, _si in _SUIT_ALIASES.items():
                if _si == _card & 3:
                    # Either order is accepted for symbols ("♥K" as well as "K♥").
                    _BY_TEXT[_rank + _suit] = _card
                    _BY_TEXT[_suit + _rank] = _card
del _card, _rank, _ri, _suit, _si

_RANK_RE = r"(?:10|[2-9tjqka])"
_SUIT_RE = r"[shdc♠♥♦♣♤♡♢♧]"
_CARD_RE = rf"(?:{_RANK_RE}{_SUIT_RE}|{_SUIT_RE}{_RANK_RE})"
_RUN = re.compile(rf"(?:{_CARD_RE})+", re.IGNORECASE)
_ONE = re.compile(_CARD_RE, re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,\[\]]+")


def parse_card(text: str) -> Card:
    """Read one card: ``As``, ``td``, ``10d``, ``K♥``.

    >>> parse_card("10h")
    Card('Th')
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    hhtools.errors.CardError: '1x' is not a card: ranks are A K Q J T 9 8 7 6 5 4 3 2 (or 10), suits s h d c (or ♠ ♥ ♦ ♣)
    """
    card = _BY_TEXT.get(text.strip().lower())
    if card is None:
        raise CardError(f"{text.strip()!r} is not a card: {ALLOWED}")
    return card


def parse_cards(text: str, *, size: int | tuple[int, int] | None = None) -> tuple[Card, ...]:
    """Read a hand: cards separated by spaces or commas, or run together (``As2d3h4c``).

    ``size`` is the number of cards the hand must hold, or an inclusive ``(low, high)`` range.
    A repeated card is refused, since no real hand holds one card twice.
    """
    cards: list[Card] = []
    for token in _SEPARATORS.split(text):
        if not token:
            continue
        if not _RUN.fullmatch(token):
            raise CardError(f"{_first_bad(token)!r} is not a card: {ALLOWED}")
        cards.extend(_BY_TEXT[m.group().lower()] for m in _ONE.finditer(token))
    check_hand(cards, size=size, text=text)
    return tuple(cards)


def check_hand(cards: Sequence[Card], *, size: int | tuple[int, int] | None = None,
               text: str | None = None) -> None:
    """Refuse a repeated card, or a hand whose size is not ``size``."""
    shown = text.strip() if text is not None else format_cards(cards)
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise CardError(f"{str(card)!r} appears twice in {shown!r}: a hand holds each card once")
            seen.add(card)
    if size is not None:
        low, high = (size, size) if isinstance(size, int) else size
        if not low <= len(cards) <= high:
            want = str(low) if low == high else f"{low} to {high}"
            raise CardError(f"{shown!r} holds {len(cards)} card{'s' * (len(cards) != 1)}: "
                            f"this hand needs {want}")


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as ``As 2d 3h``."""
    return " ".join([_TEXT[c] for c in cards])


def _first_bad(token: str) -> str:
    """The part of a token where reading stops, so the error names what the user typed wrong."""
    pos = 0
    while (m := _ONE.match(token, pos)) is not None:
        pos = m.end()
    # After some good cards, show a card-sized piece, not the whole remainder of the run.
    return token[pos:pos + 3] if pos else token
