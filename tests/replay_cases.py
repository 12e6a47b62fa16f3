"""Hands and helpers shared by the tests that compare the replay's and the settlement's
shortcuts with the plain code they stand for."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

from hhtools.core.pots import PotLayer
from hhtools.generate import generate_deals


def generated_hands(combos, per_combo: int, seed: int) -> list:
    """``per_combo`` dealt hands of each (site, game, structure), seeded from ``seed`` up."""
    out = []
    for n, (site, game, structure) in enumerate(combos):
        out += [d.hand for d in generate_deals(site, game, structure, per_combo, seed=seed + n)]
    return out


def tampered(hand, rng: random.Random, changes: int = 7):
    """A copy with one action dropped, repeated, moved, or given to another player or street
    (``changes`` 5), or also another kind or amount (7)."""
    actions = list(hand.actions)
    i = rng.randrange(len(actions))
    a = actions[i]
    change = rng.randrange(changes)
    if change == 2 and i + 1 == len(actions):
        change = changes - 1  # no next action to swap with: the last kind of change instead
    if change == 0:
        del actions[i]
    elif change == 1:
        actions.insert(i, a)
    elif change == 2:
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif change == 3:
        actions[i] = dataclasses.replace(a, player=rng.choice(hand.seats).name)
    elif change == 4:
        actions[i] = dataclasses.replace(a, street=rng.choice(["predraw", "draw1", "draw2"]))
    elif change == 5:
        actions[i] = dataclasses.replace(a, kind=rng.choice(["fold", "check", "call"]))
    elif change == 6:
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
    if isinstance(value, PotLayer):
        return (str(value.amount), value.eligible)
    return value
