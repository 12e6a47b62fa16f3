"""Where every card of a deal is, as far as the record tells: each hand and the widow.

A holding is five cards, some of them known (written in the record) and the rest not seen
(``??``). Cards only move between the hands and the widow, so the cards known everywhere must
stay distinct (two jokers at most), and a card recorded leaving a holding must be one known
there, or one of its unseen cards that is known nowhere else. A card leaving written ``??``
may be any of the holding's, which then forgets the cards it knew. A breach raises CardMismatch
(the card is not where the record says) or DuplicateCard (the card is somewhere else too).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from hhtools.commerce.cards import format_cards
from hhtools.core.cards import Card
from hhtools.errors import CardMismatch, DuplicateCard, HHToolsError


class Holding:
    """Five cards: ``known`` as written, and ``unseen`` cards nobody wrote down."""

    def __init__(self, cards: Iterable[Card | None]):
        cards = list(cards)
        self.known: list[Card] = [c for c in cards if c is not None]
        self.unseen = len(cards) - len(self.known)

    def words(self) -> str:
        return " ".join([format_cards(self.known)] * bool(self.known) + ["??"] * self.unseen)

    def complete(self) -> bool:
        return self.unseen == 0


class Table:
    """Every holding of one deal, by owner (a player's name, or ``widow``), and the pack."""

    def __init__(self, pack: Sequence[Card]):
        self.pack = Counter(pack)
        self.holdings: dict[str, Holding] = {}

    def count(self, card: Card) -> int:
        return sum(h.known.count(card) for h in self.holdings.values())

    def check_new(self, card: Card, owner: str) -> None:
        """A card newly known in ``owner``'s holding: the pack must hold one more."""
        if self.count(card) >= self.pack[card]:
            elsewhere = [_who(o) for o, h in self.holdings.items() if card in h.known]
            where = " and ".join(elsewhere)
            raise DuplicateCard(f"{card} is already held by {where}; it cannot also be "
                                f"with {_who(owner)}")

    def deal(self, owner: str, cards: Iterable[Card | None]) -> None:
        """A holding as dealt; its known cards must be new to the table."""
        holding = Holding(())
        self.holdings[owner] = holding
        for card in cards:
            if card is None:
                holding.unseen += 1
            else:
                self.check_new(card, owner)
                holding.known.append(card)

    def reveal(self, owner: str, cards: Sequence[Card | None]) -> None:
        """The record writes ``owner``'s five cards: they must agree with what is known."""
        holding = self.holdings[owner]
        left = Counter(holding.known)
        extra = []
        for card in cards:
            if card is None:
                continue
            if left[card] > 0:
                left[card] -= 1
            else:
                extra.append(card)
        missing = list(left.elements())
        if len(missing) > sum(c is None for c in cards) or len(extra) > holding.unseen:
            raise CardMismatch(f"{_whose(owner)} cards are {holding.words()}, not "
                               f"{format_cards(c for c in cards if c is not None)}"
                               + (f" (missing {format_cards(missing)})" if missing else ""))
        for card in extra:
            self.check_new(card, owner)
            holding.known.append(card)
            holding.unseen -= 1

    def remove(self, owner: str, card: Card | None) -> Card | None:
        """``card`` leaves ``owner``'s holding (None: an unseen card of it)."""
        holding = self.holdings[owner]
        if card is None:
            # The record does not say which card left: any of them may have, so the holding
            # forgets the cards it knew (a card written ?? is never a breach).
            holding.unseen += len(holding.known) - 1
            holding.known.clear()
            return None
        if card in holding.known:
            holding.known.remove(card)
            return card
        if holding.unseen:
            self.check_new(card, owner)
            holding.unseen -= 1
            return card
        raise CardMismatch(f"{card} is not in {_whose(owner)} cards ({holding.words()})")

    def exchange(self, owner: str, give: Card | None, take: Card | None) -> None:
        """``owner`` gives ``give`` to the widow and takes ``take`` from it. The widow's card
        goes first: taken while the player still holds the card given, a card swapped for
        itself ("3c for 3c") cannot pass for an unseen widow card. A card not where the record
        says is raised once, after the exchange is made with a card not known in its place,
        so the lines that follow are checked without a cascade of findings."""
        errors = []
        try:
            taken = self.remove("widow", take)
        except HHToolsError as e:
            errors.append(e)
            taken = self.remove("widow", None)
        try:
            given = self.remove(owner, give)
        except HHToolsError as e:
            errors.append(e)
            given = self.remove(owner, None)
        self.add(owner, taken)
        self.add("widow", given)
        if errors:
            raise errors[0]

    def add(self, owner: str, card: Card | None) -> None:
        holding = self.holdings[owner]
        if card is None:
            holding.unseen += 1
        else:
            holding.known.append(card)

    def swap(self, a: str, b: str) -> None:
        self.holdings[a], self.holdings[b] = self.holdings[b], self.holdings[a]

    def cards(self, owner: str) -> tuple[Card, ...] | None:
        """The five cards of a holding when all are known, else None."""
        holding = self.holdings[owner]
        return tuple(holding.known) if holding.complete() else None


def _who(owner: str) -> str:
    return "the widow" if owner == "widow" else owner


def _whose(owner: str) -> str:
    return "the widow's" if owner == "widow" else f"{owner}'s"
