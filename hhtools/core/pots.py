"""Uncalled bets, main and side pots, rake and odd chips (RULES.md section 7), on plain data.

Players are names; contributions are what each put in over the whole hand. A is all in for 20,
B for 50, C puts in 100 and D folds after 10: C gets 50 back, the main pot is 70 for A, B and C,
the side pot 60 for B and C:

>>> D = Decimal
>>> paid = {"A": D(20), "B": D(50), "C": D(100), "D": D(10)}
>>> uncalled_bet(paid)
('C', Decimal('50'))
>>> paid["C"] -= 50
>>> [(p.amount, p.eligible) for p in build_pots(paid, ["A", "B", "C"])]
[(Decimal('70'), ('A', 'B', 'C')), (Decimal('60'), ('B', 'C'))]

A pot of 101 in a split game: seat 3 wins the Badugi half, seats 1 and 4 tie for the 2-7 half
(clockwise from the button: 1, 3, 4). The halves are 50 and 50 and the odd chip goes to the
first winner of either half clockwise from the button:

>>> award(D(101), [["s3"], ["s1", "s4"]], ["s1", "s3", "s4"], D(1), "position", "one_each")
{'s3': Decimal('50'), 's1': Decimal('26'), 's4': Decimal('25')}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Context, Decimal
from typing import Final

ZERO: Final = Decimal(0)
#: Rounds to an integer toward minus infinity: ``_FLOOR.to_integral_value(x)`` is
#: ``x.to_integral_value(rounding=ROUND_FLOOR)``, the same value and digits (rounding to an
#: integer is exact: no precision, no flags but for a NaN), called as a one-argument method
#: rather than through keyword parsing and the thread's context (half the instructions).
_FLOOR: Final = Context(rounding=ROUND_FLOOR)


@dataclass(slots=True)
class PotLayer:
    """One pot: its size before rake and the live players who can win it, in seat order."""

    amount: Decimal
    eligible: tuple[str, ...]

    @staticmethod
    def name(index: int) -> str:
        """``main`` for the first pot, then ``side 1``, ``side 2``... as records name them."""
        return "main" if index == 0 else f"side {index}"


def uncalled_bet(contributions: Mapping[str, Decimal]) -> tuple[str, Decimal] | None:
    """Who gets chips back, and how many: whatever is above the second-highest contribution."""
    if len(contributions) < 2:
        return None
    # One pass for the two largest; on equal amounts the first one seen counts, as a stable
    # sort would rank them. (A dict's items are iterated by compiled code; any other mapping's
    # through its methods, as build_pots says.)
    paid = contributions if isinstance(contributions, dict) else dict(contributions)
    top = ""
    most: Decimal | None = None
    second: Decimal | None = None
    for p, v in paid.items():
        if most is None:
            top, most = p, v
        elif v > most:
            top, most, second = p, v, most
        elif second is None or v > second:
            second = v
    if most is None or second is None or most <= second:
        return None
    return top, most - second


def build_pots(contributions: Mapping[str, Decimal], live: Sequence[str]) -> list[PotLayer]:
    """Main and side pots, layered by the live players' contributions.

    Folded players' chips are dead money in the layers they reached; only live players who
    reached a layer can win it. Dead money above every live player's level joins the last pot.
    """
    # A dict's own lookups are compiled; any other mapping's are called through its methods.
    paid = contributions if isinstance(contributions, dict) else dict(contributions)
    values = list(paid.values())
    # The live players' one level, if they all put in the same, found by comparing rather
    # than through the set below (hashing a Decimal costs more than all the rest).
    level = None
    for p in live:
        c = paid.get(p)
        if c:
            if level is None:
                level = c
            elif c != level:
                break
    else:
        if level is not None and _within(values, level):
            # One pot, nobody above the live level: each layer term min(c, level) - min(c, 0)
            # is c - 0, so the sum below is plainly the sum of the contributions.
            eligible = []  # (a loop costs less than a comprehension's frame here)
            for p in live:
                if paid.get(p, ZERO) >= level:
                    eligible.append(p)
            return [PotLayer(sum(values, ZERO), tuple(eligible))]
    # The live players' distinct levels but 0, lowest first: sorted, then each run of equal
    # values kept as its first (as a set keeps the first of equal values added), without the
    # set (hashing a Decimal costs thousands of instructions).
    levels: list[Decimal] = []
    for c in sorted([paid.get(p, ZERO) for p in live]):
        if c and (not levels or c != levels[-1]):
            levels.append(c)
    pots: list[PotLayer] = []
    floor = ZERO
    for level in levels:
        amount = ZERO
        for c in values:
            amount += min(c, level) - min(c, floor)
        pots.append(PotLayer(amount, tuple([p for p in live if paid.get(p, ZERO) >= level])))
        floor = level
    above = ZERO
    for c in values:
        if c > floor:
            above += c - floor
    if above:
        if pots:
            pots[-1] = PotLayer(pots[-1].amount + above, pots[-1].eligible)
        else:
            # Everyone folded their chips in; nobody live put any: the pot has no owner.
            pots.append(PotLayer(above, tuple(live)))
    return pots


def _within(values: list[Decimal], level: Decimal) -> bool:
    """``min(values) > 0 and max(values) <= level``, in one pass with no call per value."""
    for c in values:
        if c <= ZERO or c > level:
            return False
    return True


def layer_pots(contributions: Mapping[str, Decimal], dead: Mapping[str, Decimal],
               live: Sequence[str]) -> list[PotLayer]:
    """The pots of a hand: every chip layered by contribution level (antes too) except dead
    money (the dead part of a blind), which belongs to the main pot whoever paid it.

    An ante is layered: B all in on a 1-chip ante can win one chip from each other player,
    not A's whole 25 (PokerStars returns A's 124 and the pot is 2). A dead small blind is not
    a bet anyone matches, so it is in the main pot, which even a short all-in can win:

    >>> D = Decimal
    >>> [(p.amount, p.eligible) for p in layer_pots({"A": D(1), "B": D(1)}, {}, ["A", "B"])]
    [(Decimal('2'), ('A', 'B'))]
    >>> [(p.amount, p.eligible) for p in layer_pots({"A": D(10), "B": D(35), "C": D(30)},
    ...                                             {"B": D(5)}, ["A", "B", "C"])]
    [(Decimal('35'), ('A', 'B', 'C')), (Decimal('40'), ('B', 'C'))]
    """
    if not dead:
        return build_pots(contributions, live)
    held = {p: min(dead.get(p, ZERO), v) for p, v in contributions.items()}
    layers = build_pots({p: v - held[p] for p, v in contributions.items()}, live)
    total_dead = sum(held.values(), ZERO)
    if layers and total_dead:
        layers[0] = PotLayer(layers[0].amount + total_dead, layers[0].eligible)
    elif total_dead:
        layers = [PotLayer(total_dead, tuple(live))]  # dead money only, every bet returned
    return layers


def allocate_rake(amounts: Sequence[Decimal], rake: Decimal, unit: Decimal,
                  printed: Sequence[Decimal] | None = None) -> list[Decimal]:
    """The rake taken from each pot.

    Where the history prints each pot after rake (``printed``), each pot's rake is what it
    lost; otherwise the rake is shared in proportion to the pots' sizes, rounded down to the
    chip unit, and what rounding leaves goes to the main pot.

    >>> allocate_rake([Decimal("3.05"), Decimal("2.65")], Decimal("0.25"), Decimal("0.01"),
    ...               [Decimal("2.90"), Decimal("2.55")])
    [Decimal('0.15'), Decimal('0.10')]
    >>> allocate_rake([Decimal(300), Decimal(100)], Decimal(5), Decimal(1))
    [Decimal('4'), Decimal('1')]
    """
    if printed is not None and len(printed) == len(amounts):
        taken = [a - p for a, p in zip(amounts, printed)]
        if sum(taken, ZERO) == rake and all(t >= 0 for t in taken):
            return taken
    if not rake:
        return [ZERO] * len(amounts)
    total = sum(amounts, ZERO)
    if not total:
        return [ZERO] * len(amounts)
    shares = [_floor(rake * a / total, unit) for a in amounts]
    shares[0] += rake - sum(shares, ZERO)
    return shares


def split(amount: Decimal, winners: Sequence[str], unit: Decimal,
          remainder_mode: str) -> dict[str, Decimal]:
    """Share ``amount`` among ``winners`` (clockwise from the button) in whole chip units.

    Odd units go one each clockwise (``one_each``) or all to the first (``first``) [PK].

    >>> split(Decimal("1.01"), ["a", "b"], Decimal("0.01"), "one_each")
    {'a': Decimal('0.51'), 'b': Decimal('0.50')}
    >>> split(Decimal(5), ["a", "b", "c"], Decimal(1), "first")
    {'a': Decimal('3'), 'b': Decimal('1'), 'c': Decimal('1')}
    >>> split(Decimal("2.01"), ["a"], Decimal("0.05"), "one_each")
    {'a': Decimal('2.01')}
    """
    if len(winners) == 1:
        # What the general case below comes to: the floor, then the rest (under a unit).
        # (Dividing by one and multiplying by one change neither the value nor its digits.)
        share = _floor(amount, unit)
        return {winners[0]: share + (amount - share)}
    share = _floor(amount / len(winners), unit)
    out = {w: share for w in winners}
    left = amount - share * len(winners)
    if remainder_mode == "one_each":
        for w in winners[:int(left / unit)]:
            out[w] += unit
            left -= unit
    # Whatever is left (under ``first``, or less than a unit when the pot holds smaller
    # chips than the unit) goes to the first winner: chips never vanish.
    out[winners[0]] += left
    return out


def award(amount: Decimal, component_winners: Sequence[Sequence[str]], order: Sequence[str],
          unit: Decimal, split_odd_chip: str, remainder_mode: str) -> dict[str, Decimal]:
    """What each winner gets from one pot (after rake): each component's share, then ties.

    ``component_winners`` holds, for each component (one, or two for a split game), the
    winners of that half; ``order`` is every player clockwise from the button, which decides
    odd chips: between halves the first winner of either half clockwise from the button gets
    it (``position``), or the first half takes it (``first_component``).
    """
    if (len(component_winners) == 1 and len(component_winners[0]) == 1
            and component_winners[0][0] in order):
        return split(amount, component_winners[0], unit, remainder_mode)  # nothing to order
    rank = {p: i for i, p in enumerate(order)}
    halves = [sorted(ws, key=rank.__getitem__) for ws in component_winners]
    if len(halves) == 1:
        return split(amount, halves[0], unit, remainder_mode)
    parts = half_amounts(amount, len(halves), unit, split_odd_chip)
    odd = amount - sum(parts, ZERO)
    out: dict[str, Decimal] = {}
    for ws, size in zip(halves, parts):
        for p, v in split(size, ws, unit, remainder_mode).items():
            out[p] = out.get(p, ZERO) + v
    if odd:
        out[halves[_odd_chip_half(halves, rank)][0]] += odd
    return out


def pot_halves(amount: Decimal, component_winners: Sequence[Sequence[str]],
               order: Sequence[str], unit: Decimal, split_odd_chip: str) -> list[Decimal]:
    """Each component's share of a pot as awarded: they add up to the pot, the odd chip that
    ``position`` keeps out of both halves (half_amounts) being in the half its winner took.

    >>> pot_halves(Decimal(101), [["s3"], ["s1", "s4"]], ["s1", "s3", "s4"], Decimal(1),
    ...            "position")
    [Decimal('50'), Decimal('51')]
    """
    parts = half_amounts(amount, len(component_winners), unit, split_odd_chip)
    odd = amount - sum(parts, ZERO)
    if odd:
        rank = {p: i for i, p in enumerate(order)}
        parts[_odd_chip_half(component_winners, rank)] += odd
    return parts


def _odd_chip_half(component_winners: Sequence[Sequence[str]], rank: Mapping[str, int]) -> int:
    """The half whose winner takes the odd chip between halves: the first winner of either
    half clockwise from the button (the first such half if he won both) [LA 149]."""
    first = min((p for ws in component_winners for p in ws), key=rank.__getitem__)
    return next(i for i, ws in enumerate(component_winners) if first in ws)


def half_amounts(amount: Decimal, halves: int, unit: Decimal, split_odd_chip: str
                 ) -> list[Decimal]:
    """Each component's share of a pot; under ``position`` the odd chip is in neither half.

    >>> half_amounts(Decimal(101), 2, Decimal(1), "position")
    [Decimal('50'), Decimal('50')]
    >>> half_amounts(Decimal(101), 2, Decimal(1), "first_component")
    [Decimal('51'), Decimal('50')]
    """
    part = _floor(amount / halves, unit)
    parts = [part] * halves
    if split_odd_chip == "first_component":
        parts[0] += amount - part * halves
    return parts


def _floor(value: Decimal, unit: Decimal) -> Decimal:
    return _FLOOR.to_integral_value(value / unit) * unit
