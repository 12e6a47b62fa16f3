"""Evaluations per second for each component, next to pokerkit's on the same hands, same run.

    python bench/evaluators.py [--hands 50000] [--seed 1]

Cards are parsed before timing on both sides (hhtools Card tuples, pokerkit Card tuples). For
hhtools it times `Component.evaluate` (one call and one Evaluation per hand: rank, best cards,
description on demand) and `Component.rank_many` (the batch API, ranks only). For pokerkit it
times `Hand.from_game`, the call that finds the best hand from a holding (what hhtools does),
and, for the 5-card hands where it applies, the plain constructor `Hand(cards)`, its fastest path.
Ratios are against pokerkit's fastest path for that component.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pokerkit  # noqa: E402  (the test extra installs it)

from hhtools import ACE_TO_FIVE, BADUGI, BADUGI_ACE_HIGH, DECK, DEUCE_TO_SEVEN, STANDARD_HIGH  # noqa: E402

CASES = [
    # (label, component, cards per hand, pokerkit hand type, pokerkit paths to time)
    ("badugi (4 cards)", BADUGI, 4, pokerkit.BadugiHand, ("from_game",)),
    ("badugi (5 cards, Badacey)", BADUGI, 5, pokerkit.BadugiHand, ("from_game",)),
    ("badugi-ace-high (5 cards, Badeucy)", BADUGI_ACE_HIGH, 5, pokerkit.StandardBadugiHand,
     ("from_game",)),
    ("2-7", DEUCE_TO_SEVEN, 5, pokerkit.StandardLowHand, ("from_game", "constructor")),
    ("a-5", ACE_TO_FIVE, 5, pokerkit.RegularLowHand, ("from_game", "constructor")),
    ("high (5-Card Draw)", STANDARD_HIGH, 5, pokerkit.StandardHighHand,
     ("from_game", "constructor")),
]


def rate(fn, items, repeat=3) -> float:
    """Best of ``repeat`` runs, in items per second: the least disturbed run on a shared machine."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn(items)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    print(f"{'component':36} {'evaluate/s':>11} {'rank_many/s':>12} {'pokerkit/s':>11} "
          f"{'pk path':>11} {'x evaluate':>10} {'x batch':>8}")
    ratios = []
    for label, component, size, hand_type, paths in CASES:
        ours = [tuple(rng.sample(DECK, size)) for _ in range(args.hands)]
        theirs = [tuple(pokerkit.Card.parse("".join(map(str, h)))) for h in ours]
        # Tables are built on first use; build them before timing.
        component.evaluate(ours[0])
        evaluate = component.evaluate
        ours_single = rate(lambda hs, evaluate=evaluate: [evaluate(h) for h in hs], ours)
        ours_batch = rate(component.rank_many, ours)
        # pokerkit is much slower: time it on a slice so the run stays short.
        sample = theirs[: max(2000, args.hands // 10)]
        pk = {}
        for path in paths:
            make = hand_type.from_game if path == "from_game" else hand_type
            pk[path] = rate(lambda hs, make=make: [make(h) for h in hs], sample, repeat=2)
        path, best_pk = max(pk.items(), key=lambda kv: kv[1])
        ratios.append((ours_single / best_pk, ours_batch / best_pk))
        print(f"{label:36} {ours_single:11,.0f} {ours_batch:12,.0f} {best_pk:11,.0f} "
              f"{path:>11} {ours_single / best_pk:9.1f}x {ours_batch / best_pk:7.1f}x")
    single = sum(r[0] for r in ratios) / len(ratios)
    batch = sum(r[1] for r in ratios) / len(ratios)
    print(f"{'mean ratio':36} {'':11} {'':12} {'':11} {'':11} {single:9.1f}x {batch:7.1f}x")


if __name__ == "__main__":
    main()
