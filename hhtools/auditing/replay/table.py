"""The table of a hand being replayed: who is seated and in which order, where the chips are,
and who has folded or gone all in.

``Table`` is the state the betting part (``hhtools.auditing.replay.betting``) and the draw part
(``hhtools.auditing.replay.draws``) both read; the chips and the players' status change only
through its methods, so the counts it keeps for whose-turn questions stay true.
"""

from __future__ import annotations

from decimal import Decimal
from operator import attrgetter
from typing import Final

from hhtools.core.records import Hand

ZERO: Final = Decimal(0)
_SEAT_NUMBER: Final = attrgetter("seat")


class Table:
    """Seats, stacks, what each player has put in, and who is still in the hand."""

    __slots__ = ("able_count", "all_in", "dead", "folded", "from_button", "index",
                 "live_count", "order", "order_len", "out", "paid", "ring", "seat_of", "stacks")

    def __init__(self, hand: Hand) -> None:
        dealt = set(hand.dealt_to) if hand.dealt_to else None
        seats = sorted(hand.seats, key=_SEAT_NUMBER)
        self.seat_of: dict[str, int] = {}
        for s in seats:
            # A name seated twice is in the hand once, at its first seat.
            self.seat_of.setdefault(s.name, s.seat)
        # A name seated twice keeps its last stack (as the history's last word on it).
        self.stacks: dict[str, Decimal] = {s.name: s.stack for s in seats}
        order: list[str] = []
        for s in seats:
            if not s.sitting_out and (dealt is None or s.name in dealt) and s.name not in order:
                order.append(s.name)
        if len(order) < len(self.seat_of):
            # Players who act though the seat list marks them out are in the hand after all.
            members = set(order)
            for a in hand.actions:
                if a.player not in members and a.player in self.seat_of:
                    order.append(a.player)
                    members.add(a.player)
            order.sort(key=self.seat_of.__getitem__)
        #: The players in the hand in seat order, and each one's place in it.
        self.order = order
        self.index = {p: i for i, p in enumerate(order)}
        # The seat order twice: any rotation of it is one slice, ``order_len`` long.
        self.ring = order + order
        self.order_len = len(order)
        button = hand.button_seat if hand.button_seat is not None else 0
        first = next((i for i, p in enumerate(order) if self.seat_of[p] > button), 0)
        #: The order from the button: the draw and post-draw betting order.
        self.from_button = order[first:] + order[:first]
        self.paid: dict[str, Decimal] = dict.fromkeys(order, ZERO)
        #: Dead money each player put in (the dead part of a blind; antes are layered like
        #: any other chip): in the main pot whatever happens, so never part of an uncalled bet.
        self.dead: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        #: Folded or all in, kept with the two: those never act again.
        self.out: set[str] = set()
        #: How many players of ``order`` are still in the hand, and how many of those can
        #: still act (not all in): kept as they fold or go all in, for the turn questions.
        self.live_count = self.able_count = len(order)

    def live(self) -> list[str]:
        """Players still in the hand (all-in included), in seat order."""
        folded = self.folded
        return [p for p in self.order if p not in folded]

    def put_in(self, p: str, amount: Decimal, all_in: bool) -> None:
        """Chips move from ``p``'s stack to the pot; an empty stack (or a line saying so)
        is all in."""
        left = self.stacks[p] = self.stacks.get(p, ZERO) - amount
        self.paid[p] = self.paid.get(p, ZERO) + amount
        if (all_in or left <= ZERO) and p not in self.all_in:
            self.all_in.add(p)
            self.out.add(p)
            if p in self.index and p not in self.folded:
                self.able_count -= 1

    def fold(self, p: str) -> bool:
        """``p`` (not folded yet) folds; True when ``p`` is one of the players in the hand,
        whose fold changes the counts."""
        self.folded.add(p)
        self.out.add(p)
        if p not in self.index:
            return False
        self.live_count -= 1
        if p not in self.all_in:
            self.able_count -= 1
        return True
