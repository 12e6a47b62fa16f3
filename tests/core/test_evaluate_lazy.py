"""The five-card tables are built a shape at a time, as hands need them: whatever order a fresh
process meets the hands in, each gets the rank and the class the whole table gives."""

from __future__ import annotations

import json
import subprocess
import sys

SCRIPT = """
import json, random, sys
from itertools import combinations_with_replacement
from hhtools.core.cards import parse_cards
from hhtools.core.evaluate import ACE_TO_FIVE, DEUCE_TO_SEVEN, STANDARD_HIGH

# One hand of every class: each multiset of five ranks in mixed suits, and all in clubs.
hands = []
for ranks in combinations_with_replacement("23456789TJQKA", 5):
    if max(ranks.count(r) for r in ranks) > 4:
        continue
    seen = {}
    cards = []
    for r in ranks:
        cards.append(r + "shdc"[seen.get(r, 0)])
        seen[r] = seen.get(r, 0) + 1
    if len(set(ranks)) == 5:
        cards[0] = ranks[0] + "h"
        hands.append(" ".join(r + "c" for r in ranks))
    hands.append(" ".join(cards))
order = sys.argv[1]
if order == "whole":  # the whole table first
    for component in (DEUCE_TO_SEVEN, ACE_TO_FIVE, STANDARD_HIGH):
        component.rank_many([parse_cards(hands[0])])
else:
    random.Random(int(order)).shuffle(hands)
out = {}
for component in (DEUCE_TO_SEVEN, ACE_TO_FIVE, STANDARD_HIGH):
    for hand in hands:
        rank = component.evaluate(parse_cards(hand)).rank
        out[component.name + " " + " ".join(sorted(hand.split()))] = [rank, component.key(rank)]
print(json.dumps(out, sort_keys=True))
"""


def _ranks(order: str) -> dict[str, list[object]]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, order], capture_output=True,
                          text=True, timeout=600, check=True)
    result: dict[str, list[object]] = json.loads(done.stdout)
    return result


def test_a_table_built_shape_by_shape_ranks_as_the_whole_table() -> None:
    whole = _ranks("whole")
    assert len(whole) == 3 * 7462  # per component: every multiset, and in clubs when it may flush
    assert {rank for key, (rank, _) in whole.items() if key.startswith("2-7 ")} == set(range(1, 7463))
    for seed in ("1", "2"):  # fresh processes meeting the hands in other orders
        assert _ranks(seed) == whole
