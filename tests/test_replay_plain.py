"""run()'s one-step folds, checks, calls and draws against the separate checks and changes.

run() checks and applies an in-turn fold, check or call in one step when it is legal
(``_plain_wager``), and applies a draw inline once it is verified; everything else goes through
``verify_*`` then ``apply_*``. These tests replay generated hands and tampered copies (out of
turn, after folding, twice, on the wrong street...) both ways and expect the same state after
every hand, down to the Decimal's digits, and the same findings.
"""

from __future__ import annotations

import dataclasses
import random

from hhtools.replay import DRAWS, POSTS, Replay, RuleViolation

from replay_cases import exact, generated_hands, tampered

COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("kingsclub", "badeucy", "fixed-limit"),
          ("phh", "2-7", "no-limit"), ("merge", "2-7", "pot-limit"),
          ("phh", "badacey", "half-pot-limit"), ("pokerstars", "2-7", "fixed-limit")]


def hands():
    return generated_hands(COMBOS, 40, seed=40)


def state(r: Replay):
    rd = r.round
    # draw_from only says where the search for the next drawer may start (run() moves it past
    # a drawer at once): the drawer found is compared instead, and the players it skips.
    skipped = r.from_button[:rd.draw_from]
    assert all(p in r.folded or p in rd.drawn for p in skipped)
    return exact([r.stacks, r.paid, r.dead, r.folded, r.all_in, r._live_count, r._able_count,
                  r.next_to_act(), r.next_to_draw(),
                  [getattr(rd, f.name) for f in dataclasses.fields(rd) if f.name != "draw_from"]])


def step_by_step(hand) -> Replay:
    r = Replay(hand)
    r.ran = True
    street = "predraw"
    for a in hand.actions:
        if a.street != street:
            street = a.street
            r._start_street(street)
        kind = "post" if a.kind in POSTS else "draw" if a.kind in DRAWS else "wager"
        try:
            getattr(r, f"verify_{kind}")(a)
        except RuleViolation as v:
            r.findings.append(v.args[0])
        getattr(r, f"apply_{kind}")(a)
    return r


def check(hand) -> None:
    whole = Replay(hand).run()
    steps = step_by_step(hand)
    assert [f.message for f in whole.findings] == steps.findings
    assert state(whole) == state(steps)
    assert whole._out == whole.folded | whole.all_in


def test_generated_hands_replay_the_same_both_ways():
    for hand in hands():
        check(hand)


def test_tampered_hands_replay_the_same_both_ways():
    rng = random.Random(11)
    for hand in hands():
        for _ in range(4):
            check(tampered(hand, rng))
