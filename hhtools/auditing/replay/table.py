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

from hhtools.core.records import Hand, Seat

ZERO: Final = Decimal(0)
_SEAT_NUMBER: Final = attrgetter("seat")


class Table:
    """Seats, stacks, what each player has put in, and who is still in the hand."""

    __slots__ = ("able_count", "all_in", "dead", "folded", "from_button", "index",
                 "live_count", "order", "order_len", "out", "paid", "ring", "seat_of", "stacks")

    def __init__(self, hand: Hand) -> None:
        dealt = set(hand.dealt_to) if hand.dealt_to else None
        seats = hand.seats
        if not _in_seat_order(seats):  # (sites list them in order: a sort is rarely needed)
            seats = tuple(sorted(seats, key=_SEAT_NUMBER))
        # One pass, as a table is made for every hand audited (a name seated twice is in the
        # hand once, at its first seat, and keeps its last stack, the history's last word).
        seat_of: dict[str, int] = {}
        stacks: dict[str, Decimal] = {}
        index: dict[str, int] = {}
        order: list[str] = []
        for s in seats:
            name = s.name
            if name not in seat_of:
                seat_of[name] = s.seat
            stacks[name] = s.stack
            if not s.sitting_out and (dealt is None or name in dealt) and name not in index:
                index[name] = len(order)
                order.append(name)
        self.seat_of = seat_of
        self.stacks = stacks
        if len(order) < len(seat_of):
            # Players who act though the seat list marks them out are in the hand after all.
            for a in hand.actions:
                if a.player not in index and a.player in seat_of:
                    index[a.player] = len(order)
                    order.append(a.player)
            order.sort(key=seat_of.__getitem__)
            index = {p: i for i, p in enumerate(order)}
        #: The players in the hand in seat order, and each one's place in it.
        self.order = order
        self.index = index
        # The seat order twice: any rotation of it is ``order_len`` places from one index.
        self.ring = order + order
        self.order_len = len(order)
        button = hand.button_seat if hand.button_seat is not None else 0
        first = 0
        for i in range(len(order)):
            if seat_of[order[i]] > button:
                first = i
                break
        #: The order from the button: the draw and post-draw betting order.
        self.from_button = order[first:] + order[:first]
        self.paid: dict[str, Decimal] = {p: ZERO for p in order}
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
            self._goes_all_in(p)

    def put_in_nothing(self, p: str, all_in: bool) -> None:
        """``put_in(p, 0, all_in)`` (a check) without its arithmetic."""
        left = self.stacks.get(p)
        if left is None:
            left = self.stacks[p] = ZERO
        if p not in self.paid:
            self.paid[p] = ZERO
        if (all_in or left <= ZERO) and p not in self.all_in:
            self._goes_all_in(p)

    def _goes_all_in(self, p: str) -> None:
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


def _in_seat_order(seats: tuple[Seat, ...]) -> bool:
    """Whether ``seats`` are listed by seat number (as sorted by it, equal numbers kept)."""
    for i in range(1, len(seats)):
        if seats[i].seat < seats[i - 1].seat:
            return False
    return True
