"""Replay's seat tables (built in one loop over the seats) against plain comprehensions.

The seat numbers, stacks and players dealt in are gathered by one loop in Replay.__init__;
these tests compare them with the comprehensions they stand for, on generated hands and on
copies with a player sitting out, seats out of order and a name seated twice.
"""

from __future__ import annotations

import dataclasses
import random

from replay_cases import exact, generated_hands

from hhtools.auditing.replay.engine import Replay

COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("phh", "2-7", "no-limit")]


def expected_tables(hand):
    seats = sorted(hand.seats, key=lambda s: s.seat)
    dealt = set(hand.dealt_to) if hand.dealt_to else None
    seat_of = {}
    for s in seats:
        seat_of.setdefault(s.name, s.seat)  # a name seated twice: its first seat
    stacks = {s.name: s.stack for s in seats}  # ... but its last stack
    order = list(dict.fromkeys(s.name for s in seats
                               if not s.sitting_out and (dealt is None or s.name in dealt)))
    return seat_of, stacks, order


def variants(hand, rng):
    seats = list(hand.seats)
    yield hand
    yield dataclasses.replace(hand, seats=tuple(reversed(seats)))
    out = rng.randrange(len(seats))
    yield dataclasses.replace(hand, seats=tuple(
        dataclasses.replace(s, sitting_out=True) if i == out else s for i, s in enumerate(seats)))
    twice = dataclasses.replace(seats[0], seat=max(s.seat for s in seats) + 1,
                                stack=seats[0].stack + 1)
    yield dataclasses.replace(hand, seats=tuple(seats) + (twice,), actions=())


def test_seat_tables_match_the_comprehensions():
    rng = random.Random(5)
    checked = 0
    for hand in generated_hands(COMBOS, 20, seed=7):
        for h in variants(hand, rng):
            r = Replay(h)
            seat_of, stacks, order = expected_tables(h)
            assert exact(r.seat_of) == exact(seat_of)
            assert exact(r.stacks) == exact(stacks)
            if not h.actions:  # (players who act are added to the order; none here)
                assert r.order == order
            assert r.index == {p: i for i, p in enumerate(r.order)}
            checked += 1
    assert checked > 100
