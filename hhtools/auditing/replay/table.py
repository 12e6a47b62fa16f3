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
    """Seats, stacks, what each player has put in, and who is still in the hand.

    Each name the hand mentions has a slot, an index into the per-player lists: the players in
    the hand first, in seat order (a player's slot is their place in ``order``), then the
    other seated names, then names that act without a seat (``add_slot``, as the replay meets
    them). The replay's state per player is held in lists by slot, not in dicts by name: an
    action looks its player up once, and each question after that is an index, not a hashed
    lookup of a name. The name-keyed views (``stacks``, ``paid``,
    ``folded``, ``all_in``) are made on demand, in the order the dicts and sets they stand
    for had.
    """

    __slots__ = ("able_count", "all_in_at", "button_at", "dead", "folded_at", "from_button", "index",
                 "live_count", "names", "order", "order_len", "out_at", "paid_extra", "put",
                 "seated", "seat_of", "slot", "stack", "stack_keys")

    def __init__(self, hand: Hand) -> None:
        dealt = set(hand.dealt_to) if hand.dealt_to else None
        seats = hand.seats
        if not _in_seat_order(seats):  # (sites list them in order: a sort is rarely needed)
            seats = tuple(sorted(seats, key=_SEAT_NUMBER))
        button = hand.button_seat if hand.button_seat is not None else 0
        # The common hand first, in one pass: every seated name once and in the hand. Its
        # slots are then the seats' places, and the dict of stacks by name the general case
        # needs (a name seated twice keeps its last stack) is not made.
        seat_of: dict[str, int] = {}
        index: dict[str, int] = {}
        order: list[str] = []
        stack: list[Decimal] = []
        first = -1  # (the place of the first seat after the button's)
        common = True
        for s in seats:
            name = s.name
            if s.sitting_out or (dealt is not None and name not in dealt):
                common = False
                break
            number = seat_of[name] = s.seat
            if first < 0 and number > button:
                first = len(order)
            index[name] = len(order)
            order.append(name)
            stack.append(s.stack)
        if common and len(seat_of) == len(order):
            n = len(order)
            slot, names = index, order
            stack_keys = [i for i in range(n)]  # (compiled: ``list(range(n))`` is two calls)
        else:
            seat_of, index, order, slot, names, stack, stack_keys = _seating(hand, seats, dealt)
            n = len(order)
            first = -1
            for i in range(n):
                if seat_of[order[i]] > button:
                    first = i
                    break
        if first < 0:
            first = 0
        self.seat_of = seat_of
        #: The players in the hand in seat order, and each one's place in it (their slot).
        self.order = order
        self.index = index
        size = len(names)
        #: Each name's slot, and each slot's name (``index`` and ``order`` when everyone
        #: seated is in the hand, until a name without a seat acts: ``add_slot``).
        self.slot = slot
        self.names = names
        #: How many slots are seated names.
        self.seated = size
        #: What each slot has behind (0 for a name without a seat, until it puts chips in),
        #: and the slots in ``stacks`` (every seated name, then whoever else put chips in), in
        #: the order they entered it.
        self.stack = stack
        self.stack_keys = stack_keys
        #: What each slot has put in; ``paid`` holds the players in the hand, then the slots
        #: in ``paid_extra``: others who put chips in, in the order they did.
        self.put: list[Decimal] = [ZERO] * size
        self.paid_extra: list[int] = []
        self.order_len = n
        #: The order from the button: the draw and post-draw betting order, and the slot
        #: it starts at (0 with nobody in the hand).
        self.from_button = order[first:] + order[:first]
        self.button_at = first
        #: Dead money each player put in (the dead part of a blind; antes are layered like
        #: any other chip): in the main pot whatever happens, so never part of an uncalled bet.
        self.dead: dict[str, Decimal] = {}
        #: Per slot: folded, all in, and either of the two (those never act again).
        self.folded_at = [False] * size
        self.all_in_at = [False] * size
        self.out_at = [False] * size
        #: How many players of ``order`` are still in the hand, and how many of those can
        #: still act (not all in): kept as they fold or go all in, for the turn questions.
        self.live_count = self.able_count = n

    # ---- the name-keyed views ------------------------------------------------------------

    @property
    def stacks(self) -> dict[str, Decimal]:
        """What each player has behind."""
        names, stack = self.names, self.stack
        return {names[s]: stack[s] for s in self.stack_keys}

    @property
    def paid(self) -> dict[str, Decimal]:
        """What each player has put in."""
        names, put = self.names, self.put
        paid = {names[s]: put[s] for s in range(self.order_len)}
        for s in self.paid_extra:
            paid[names[s]] = put[s]
        return paid

    def paid_in(self) -> dict[str, Decimal]:
        """``paid`` without those who put nothing in."""
        names, put = self.names, self.put
        paid = {names[s]: put[s] for s in range(self.order_len) if put[s]}
        for s in self.paid_extra:
            if put[s]:
                paid[names[s]] = put[s]
        return paid

    @property
    def folded(self) -> set[str]:
        """The players who have folded."""
        return {self.names[s] for s, folded in enumerate(self.folded_at) if folded}

    @property
    def all_in(self) -> set[str]:
        """The players who have gone all in."""
        return {self.names[s] for s, all_in in enumerate(self.all_in_at) if all_in}

    def live(self) -> list[str]:
        """Players still in the hand (all-in included), in seat order."""
        folded = self.folded_at
        order = self.order
        return [order[s] for s in range(self.order_len) if not folded[s]]

    # ---- the chips and the players' status -------------------------------------------------

    def add_slot(self, name: str) -> int:
        """A slot for ``name``, who acts without a seat: after all the others, with nothing
        behind and nothing put in (the callers add it to their own lists by slot)."""
        s = len(self.names)
        if self.slot is self.index:
            self.slot, self.names = dict(self.index), list(self.order)
        self.slot[name] = s
        self.names.append(name)
        self.stack.append(ZERO)
        self.put.append(ZERO)
        self.folded_at.append(False)
        self.all_in_at.append(False)
        self.out_at.append(False)
        return s

    def put_in(self, s: int, amount: Decimal, all_in: bool) -> None:
        """Chips move from slot ``s``'s stack to the pot; an empty stack (or a line saying so)
        is all in."""
        stack = self.stack
        left = stack[s] = stack[s] - amount
        put = self.put
        put[s] = put[s] + amount
        if s >= self.order_len:
            self._enter(s)
        if (all_in or left <= ZERO) and not self.all_in_at[s]:
            self._goes_all_in(s)

    def put_in_nothing(self, s: int, all_in: bool) -> None:
        """``put_in(s, 0, all_in)`` (a check) without its arithmetic."""
        if s >= self.order_len:
            self._enter(s)
        if (all_in or self.stack[s] <= ZERO) and not self.all_in_at[s]:
            self._goes_all_in(s)

    def _enter(self, s: int) -> None:
        """Slot ``s``, not one of the players in the hand, puts chips in: it enters ``paid``
        (and ``stacks``, without a seat) the first time, after those already there."""
        if s >= self.seated and s not in self.stack_keys:
            self.stack_keys.append(s)
        if s not in self.paid_extra:
            self.paid_extra.append(s)

    def _goes_all_in(self, s: int) -> None:
        self.all_in_at[s] = True
        self.out_at[s] = True
        if s < self.order_len and not self.folded_at[s]:
            self.able_count -= 1

    def fold(self, s: int) -> bool:
        """Slot ``s`` (not folded yet) folds; True when it is one of the players in the hand,
        whose fold changes the counts."""
        self.folded_at[s] = True
        self.out_at[s] = True
        if s >= self.order_len:
            return False
        self.live_count -= 1
        if not self.all_in_at[s]:
            self.able_count -= 1
        return True


def _seating(hand: Hand, seats: tuple[Seat, ...], dealt: set[str] | None
             ) -> tuple[dict[str, int], dict[str, int], list[str], dict[str, int], list[str],
                        list[Decimal], list[int]]:
    """A table's seating when someone seated is not in the hand, or a name is seated twice:
    ``seat_of``, ``index``, ``order``, ``slot``, ``names``, ``stack`` and ``stack_keys``
    (``Table``). A name seated twice is in the hand once, at its first seat, and keeps its
    last stack, the history's last word."""
    seat_of: dict[str, int] = {}
    stacks: dict[str, Decimal] = {}  # (in seat order: the order of ``stacks`` below)
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
    if len(order) < len(seat_of):
        # Players who act though the seat list marks them out are in the hand after all.
        for a in hand.actions:
            if a.player not in index and a.player in seat_of:
                index[a.player] = len(order)
                order.append(a.player)
        order.sort(key=seat_of.__getitem__)
        index = {p: i for i, p in enumerate(order)}
    n = len(order)
    # The slots: the players in the hand, then the other seated names.
    slot: dict[str, int]
    if len(stacks) == n:
        # Everyone seated is in the hand, in the seat order ``stacks`` was made in, unless a
        # name seated twice was dealt in at its second seat.
        slot, names, stack = index, order, list(stacks.values())
        stack_keys = list(range(n))
        if list(stacks) != order:
            stack_keys = [index[name] for name in stacks]
            stack = [stacks[name] for name in order]
    else:
        slot, names = dict(index), list(order)
        stack = [ZERO] * n
        stack_keys = []
        for name, value in stacks.items():
            at = slot.get(name)
            if at is None:
                at = slot[name] = len(names)
                names.append(name)
                stack.append(value)
            else:
                stack[at] = value
            stack_keys.append(at)
    return seat_of, index, order, slot, names, stack, stack_keys


def _in_seat_order(seats: tuple[Seat, ...]) -> bool:
    """Whether ``seats`` are listed by seat number (as sorted by it, equal numbers kept)."""
    for i in range(1, len(seats)):
        if seats[i].seat < seats[i - 1].seat:
            return False
    return True
