"""The audit's kept counts and shortcuts against the plain definitions they stand for.

The replay keeps counts of live players, players able to act and players still to draw as
the hand goes, instead of recounting them for every action; the pot code sums a lone pot
directly, finds the uncalled bet in one pass and splits a pot with one winner without the tie
bookkeeping. These tests recompute everything the plain way after every action of generated
hands (and of tampered copies, which act out of turn, after folding, twice...) and on random
pots, and expect the same answers, down to the Decimal's digits.
"""

from __future__ import annotations

import random
from decimal import ROUND_FLOOR, Decimal

import pytest
from replay_cases import exact, generated_hands
from replay_cases import tampered as tampered_by

from hhtools.auditing.replay.engine import DRAWS, POSTS, Replay, RuleViolation
from hhtools.core.pots import PotLayer, build_pots, split, uncalled_bet

ZERO = Decimal(0)
D = Decimal


# ---- the plain definitions ------------------------------------------------------------------

def plain_next_to_act(r: Replay) -> str | None:
    rd = r.round
    live = [p for p in r.order if p not in r.folded]
    drawn = r.draws.drawn
    if len(live) < 2 or (rd.street != "predraw" and any(p not in drawn for p in live)):
        return None
    start = rd.turn_from if rd.turn_from is not None else r.betting.first_to_act(rd.street)
    able = [p for p in r.order if p not in r.folded and p not in r.table.all_in]
    if len(able) == 1 and r.bet_of(able[0]) >= rd.current:
        return None
    n = len(r.order)
    for k in range(n):
        p = r.order[(start + k) % n]
        if (p not in r.folded and p not in r.table.all_in
                and (not r.has_acted(p) or r.bet_of(p) < rd.current)):
            return p
    return None


def plain_next_to_draw(r: Replay) -> str | None:
    live = [p for p in r.order if p not in r.folded]
    if r.round.street == "predraw" or len(live) < 2:
        return None
    return next((p for p in r.from_button if p not in r.folded and p not in r.draws.drawn),
                None)


def plain_uncalled_bet(contributions):
    if len(contributions) < 2:
        return None
    ranked = sorted(contributions.items(), key=lambda kv: kv[1], reverse=True)
    (top, most), (_, second) = ranked[0], ranked[1]
    return (top, most - second) if most > second else None


def plain_build_pots(contributions, live):
    levels = sorted({contributions.get(p, ZERO) for p in live} - {ZERO})
    pots = []
    floor = ZERO
    for level in levels:
        amount = sum((min(c, level) - min(c, floor) for c in contributions.values()), ZERO)
        eligible = tuple(p for p in live if contributions.get(p, ZERO) >= level)
        pots.append(PotLayer(amount, eligible))
        floor = level
    above = sum((c - floor for c in contributions.values() if c > floor), ZERO)
    if above:
        if pots:
            pots[-1] = PotLayer(pots[-1].amount + above, pots[-1].eligible)
        else:
            pots.append(PotLayer(above, tuple(live)))
    return pots


def plain_split(amount, winners, unit, remainder_mode):
    share = ((amount / len(winners)) / unit).to_integral_value(rounding=ROUND_FLOOR) * unit
    out = {w: share for w in winners}
    left = amount - share * len(winners)
    if remainder_mode == "one_each":
        for w in winners[:int(left / unit)]:
            out[w] += unit
            left -= unit
    out[winners[0]] += left
    return out


# ---- the replay -----------------------------------------------------------------------------

COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("kingsclub", "badeucy", "fixed-limit"),
          ("phh", "2-7", "no-limit"), ("merge", "2-7", "pot-limit"),
          ("phh", "badacey", "half-pot-limit")]


def hands():
    return generated_hands(COMBOS, 60, seed=0)


def tampered(hand, rng: random.Random):
    return tampered_by(hand, rng, changes=5)


def check_every_step(hand) -> None:
    r = Replay(hand)
    r.ran = True
    street = None
    for a in hand.actions:
        if a.street != street:
            street = a.street
            r.start_street(street)
        expected = plain_next_to_act(r)
        assert r.next_to_act() == expected, a
        assert r.next_to_draw() == plain_next_to_draw(r), a
        assert r.live == [p for p in r.order if p not in r.folded]
        if a.kind in POSTS:
            verify, apply = r.verify_post, r.apply_post
        elif a.kind in DRAWS:
            verify, apply = r.verify_draw, r.apply_draw
        else:
            verify, apply = r.verify_wager, r.apply_wager
        try:
            verify(a)
        except RuleViolation:
            pass
        apply(a)
    assert r.next_to_act() == plain_next_to_act(r)


def test_whose_turn_after_every_action_of_generated_hands():
    for hand in hands():
        check_every_step(hand)


def test_whose_turn_after_every_action_of_tampered_hands():
    rng = random.Random(7)
    for hand in hands():
        for _ in range(3):
            check_every_step(tampered(hand, rng))


def test_run_matches_the_step_by_step_replay():
    # run() asks whose turn it is once per wager, for both the check and the change.
    rng = random.Random(8)
    for hand in hands()[::3]:
        for h in (hand, tampered(hand, rng)):
            whole = Replay(h).run()
            steps = Replay(h)
            steps.ran = True
            street = None
            for a in h.actions:
                if a.street != street:
                    street = a.street
                    steps.start_street(street)
                kind = ("post" if a.kind in POSTS else "draw" if a.kind in DRAWS
                        else "wager")
                try:
                    getattr(steps, f"verify_{kind}")(a)
                except RuleViolation as v:
                    steps.findings.append(v)
                getattr(steps, f"apply_{kind}")(a)
            assert [f.message for f in whole.findings] == [v.args[0] for v in steps.findings]
            assert exact(whole.stacks) == exact(steps.stacks)
            assert exact(whole.paid) == exact(steps.paid)


# ---- pots -----------------------------------------------------------------------------------

AMOUNTS = [D("0"), D("0.00"), D("1"), D("1.0"), D("1.00"), D("0.25"), D("2.50"), D("2.5"),
           D("3"), D("10"), D("0.05"), D("7.35"), D("2E+1"), D("-1")]


@pytest.mark.parametrize("seed", range(20))
def test_uncalled_bet_and_pots_match_the_plain_definitions(seed):
    rng = random.Random(seed)
    for _ in range(300):
        names = [f"p{i}" for i in range(rng.randint(1, 7))]
        paid = {p: rng.choice(AMOUNTS) for p in names}
        assert exact(uncalled_bet(paid)) == exact(plain_uncalled_bet(paid))
        live = [p for p in names if rng.random() < 0.7]
        assert exact(build_pots(paid, live)) == exact(plain_build_pots(paid, live))


@pytest.mark.parametrize("seed", range(5))
def test_single_winner_split_matches_the_plain_definition(seed):
    rng = random.Random(seed)
    units = [D("0.01"), D(1), D("0.05"), D(25), D("0.03")]
    for _ in range(500):
        amount = rng.choice(AMOUNTS[2:-1]) * rng.randint(1, 40)
        unit = rng.choice(units)
        for mode in ("one_each", "first"):
            assert exact(split(amount, ["w"], unit, mode)) == exact(
                plain_split(amount, ["w"], unit, mode))
