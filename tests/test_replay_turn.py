"""next_to_act()'s first look at the seat after the last actor against the plain search.

next_to_act asks first about the player at ``turn_from`` (usually the one whose turn it is)
before it searches clockwise round the table; the search alone must give the same answer.
These tests ask both after every action of generated and tampered hands.
"""

from __future__ import annotations

import dataclasses
import random

from hhtools.replay import ZERO, Replay

from test_replay_plain import hands
from replay_cases import tampered


def searched(r: Replay):
    """next_to_act() by the clockwise search alone, without the first look."""
    rd = r.round
    if rd.undrawn > 0:
        return None
    out = r._out
    if r._able_count < 2:
        if r._live_count < 2 or not r._able_count:
            return None
        for p in r.order:
            if p not in out:
                return p if rd.bets.get(p, ZERO) < rd.current else None
    start = rd.turn_from
    if start is None:
        start = r._first_to_act()
    ring = r.order[start:] + r.order[:start]
    for p in ring:
        if p not in out and (p not in rd.acted_at or rd.bets.get(p, ZERO) < rd.current):
            return p
    return None


def check(hand) -> int:
    """Replays each beginning of ``hand`` (its first n actions) and compares the two answers
    after it; returns how many of the answers were players (not None)."""
    players = 0
    for n in range(len(hand.actions) + 1):
        r = Replay(dataclasses.replace(hand, actions=hand.actions[:n])).run()
        expected = searched(r)
        assert r.next_to_act() == expected, (hand.hand_id, n)
        players += expected is not None
    return players


def test_first_look_agrees_with_the_search_on_generated_hands():
    assert sum(check(hand) for hand in hands()) > 1000


def test_first_look_agrees_with_the_search_on_tampered_hands():
    rng = random.Random(23)
    for hand in hands():
        for _ in range(3):
            check(tampered(hand, rng))
