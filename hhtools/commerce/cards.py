"""Cards of the commerce games: the 52 cards of hhtools.core.cards, and La Viuda's two jokers.

A joker is written ``Jk`` (``X1``, ``X2``, ``X`` and ``joker`` are read as ``Jk`` too). The
two jokers are the same card in play, so hhtools keeps no identity between them: a hand or a
deck is a multiset, and La Viuda's deck holds ``JOKER`` twice. Every other card appears at most
once (``check_cards``).

>>> format_cards(parse_cards("Jk as X2 10d"))
'Jk As Jk Td'
>>> wild_rank(1), wild_rank(2), wild_rank(13), wild_rank(14), wild_rank(15)
('A', '2', 'K', 'A', '2')
>>> parse_rank("10"), parse_rank("q")
('T', 'Q')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from hhtools.core.cards import ALLOWED, DECK, RANKS, Card, parse_card
from hhtools.core.cards import format_cards as _format_plain
from hhtools.errors import CardError, WildRankError


class Joker(Card):
    """A joker: one value (52) for both jokers of the pack. It has no rank and no suit
    (``rank`` and ``suit`` are empty), so it has no colour and belongs to no suited sequence."""

    __slots__ = ()

    @property
    def rank(self) -> str:
        return ""

    @property
    def suit(self) -> str:
        return ""

    def __str__(self) -> str:
        return "Jk"

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker(52)
#: The spellings read as a joker (any case); ``Jk`` is the one written.
JOKER_SPELLINGS = ("jk", "x1", "x2", "x", "joker")
#: Whisky Poker: a standard 52-card pack without jokers.
PLAIN_DECK: tuple[Card, ...] = DECK
#: La Viuda: a standard 52-card pack plus two jokers.
DECK_WITH_JOKERS: tuple[Card, ...] = DECK + (JOKER, JOKER)
#: The order of the wild rank as the pool grows: 1 chip aces, 2 twos ... 13 kings, 14 aces.
WILD_CYCLE = "A23456789TJQK"
ALLOWED_WITH_JOKERS = ALLOWED + "; a joker is Jk (or X1, X2)"

_SEPARATORS = re.compile(r"[\s,\[\]]+")
# A run of cards written together ("JkAs2d"): a joker spelling, or two or three characters
# that make one card (10d, ♥K).
_RANK = r"(?:10|[2-9tjqka])"
_SUIT = r"[shdc♠♥♦♣♤♡♢♧]"
_PIECE = re.compile(rf"joker|jk|x[12]?|{_RANK}{_SUIT}|{_SUIT}{_RANK}", re.IGNORECASE)


def parse_card_or_joker(text: str) -> Card:
    """One card, or a joker: ``As``, ``10d``, ``Jk``, ``X1``."""
    if text.strip().lower() in JOKER_SPELLINGS:
        return JOKER
    try:
        return parse_card(text)
    except CardError:
        raise CardError(f"{text.strip()!r} is not a card: {ALLOWED_WITH_JOKERS}") from None


def parse_cards(text: str, *, size: int | None = None,
                deck: Sequence[Card] = DECK_WITH_JOKERS) -> tuple[Card, ...]:
    """Cards separated by spaces or commas, or run together; jokers allowed as ``deck`` holds
    them (``PLAIN_DECK`` refuses any joker). ``size`` is the number of cards needed."""
    cards: list[Card] = []
    for token in _SEPARATORS.split(text):
        pos = 0
        while pos < len(token):
            m = _PIECE.match(token, pos)
            if m is None:
                bad = token[pos:pos + 3] if pos else token
                raise CardError(f"{bad!r} is not a card: {ALLOWED_WITH_JOKERS}")
            cards.append(parse_card_or_joker(m.group()))
            pos = m.end()
    check_cards(cards, size=size, deck=deck, text=text)
    return tuple(cards)


def check_cards(cards: Iterable[Card], *, size: int | None = None,
                deck: Sequence[Card] = DECK_WITH_JOKERS, text: str | None = None) -> None:
    """Refuse cards the deck does not hold as many times (a card twice, a third joker, any
    joker in Whisky Poker), and a hand whose size is not ``size``."""
    cards = list(cards)
    shown = text.strip() if text is not None else format_cards(cards)
    have = Counter(deck)
    for card, n in Counter(cards).items():
        if n > have[card]:
            if card == JOKER:
                allowed = "the pack holds no joker" if not have[card] else "the pack holds two jokers"
                raise CardError(f"{shown!r} holds {n} joker{'s' * (n != 1)}: {allowed}")
            raise CardError(f"{str(card)!r} appears twice in {shown!r}: a hand holds each card once")
    if size is not None and len(cards) != size:
        raise CardError(f"{shown!r} holds {len(cards)} card{'s' * (len(cards) != 1)}: "
                        f"this hand needs {size}")


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as ``Jk As 2d``."""
    return " ".join(str(c) if c == JOKER else _format_plain((c,)) for c in cards)


def rank_of(card: Card) -> str:
    """The rank letter of a card (``A K ... 2``), ``""`` for a joker."""
    return "" if card == JOKER else RANKS[card >> 2]


def colour_of(card: Card) -> str:
    """``red`` for hearts and diamonds, ``black`` for spades and clubs, ``""`` for a joker."""
    if card == JOKER:
        return ""
    return "red" if card & 3 in (1, 2) else "black"


def wild_rank(pool_chips: int) -> str:
    """The rank that is wild in a La Viuda deal with ``pool_chips`` chips in the pool.

    The text: one chip, aces; 11, 12, 13 chips, jacks, queens, kings; 14 aces again, 15 twos,
    "and so on": the cycle A 2 ... K repeats every 13 chips, without end.
    """
    if isinstance(pool_chips, bool) or not isinstance(pool_chips, int) or pool_chips < 1:
        raise WildRankError(f"{pool_chips!r} chips in the pool: the pool holds at least one chip "
                            "(La Viuda's), so the count is a whole number from 1")
    return WILD_CYCLE[(pool_chips - 1) % 13]


def parse_rank(text: str) -> str:
    """A rank as written (``A``, ``k``, ``10``, ``T``, ``2``) -> its letter in hhtools.core.cards.RANKS."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANKS:
        raise WildRankError(f"{text.strip()!r} is not a rank: ranks are A K Q J T 9 8 7 6 5 4 3 2 "
                            "(or 10)")
    return t


def is_wild(card: Card, wild: str | None) -> bool:
    """True for a joker and, when ``wild`` is a rank letter, for every card of that rank."""
    return card == JOKER or (wild is not None and RANKS[card >> 2] == wild)


