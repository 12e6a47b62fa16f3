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
from decimal import Decimal

from hhtools.generate import generate_deals
from hhtools.replay import DRAWS, POSTS, Replay, RuleViolation

COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("kingsclub", "badeucy", "fixed-limit"),
          ("phh", "2-7", "no-limit"), ("merge", "2-7", "pot-limit"),
          ("phh", "badacey", "half-pot-limit"), ("pokerstars", "2-7", "fixed-limit")]


def hands():
    out = []
    for n, (site, game, structure) in enumerate(COMBOS):
        out += [d.hand for d in generate_deals(site, game, structure, 40, seed=40 + n)]
    return out


def tampered(hand, rng: random.Random):
    """A copy with one action dropped, repeated, moved, or given to another player, street,
    kind or amount."""
    actions = list(hand.actions)
    i = rng.randrange(len(actions))
    a = actions[i]
    change = rng.randrange(7)
    if change == 0:
        del actions[i]
    elif change == 1:
        actions.insert(i, a)
    elif change == 2 and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif change == 3:
        actions[i] = dataclasses.replace(a, player=rng.choice(hand.seats).name)
    elif change == 4:
        actions[i] = dataclasses.replace(a, street=rng.choice(["predraw", "draw1", "draw2"]))
    elif change == 5:
        actions[i] = dataclasses.replace(a, kind=rng.choice(["fold", "check", "call"]))
    else:
        amount = rng.choice([None, Decimal(0), Decimal("0.01"), Decimal(1), Decimal(1000)])
        actions[i] = dataclasses.replace(a, amount=amount)
    return dataclasses.replace(hand, actions=tuple(actions))


def exact(value):
    """A value with its representation: Decimal('1.0') and Decimal('1.00') differ."""
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return [(k, exact(v)) for k, v in value.items()]
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, (list, tuple)):
        return [exact(v) for v in value]
    return value


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
