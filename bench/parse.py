"""Parsing speed: history text to records, against the single-regex ceiling in the same run.

The hands are generated PokerStars Badugi and 2-7 Triple Draw, fixed limit, 2 to 8 players,
half each, from a fixed seed (``--source generated``, the default), or the PokerStars Badugi
corpus files replicated with fresh hand ids (``--source replicated``); see bench/sources.py.
Every file is parsed by ``parse_text`` in one process. The ceiling is one precompiled regex that
tells apart every kind of line the parser must tell apart (each site's own line regex, built
from its grammar, fields captured) over the same lines: what a line-based parser must do at
least. Each pass times the ceiling just before and just after the parse, so their ratio is
taken under the same conditions on this shared machine; the median ratio is the figure.

    python bench/parse.py [--source generated|replicated] [--hands 5000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from sources import ceiling, describe, folder, histories

from hhtools.parsing import parse_text


def parse_all(texts: list[tuple[str, str]]) -> list:
    """Every hand of every text, asserting nothing was rejected."""
    hands = []
    for site, text in texts:
        result = parse_text(text, site)
        assert not result.errors and not result.skipped, (result.errors[:2], result.skipped[:2])
        hands += result.hands
    return hands


def seconds(work, texts) -> float:
    t = time.perf_counter()
    work(texts)
    return time.perf_counter() - t


def arguments(doc: str) -> argparse.Namespace:
    """The options every benchmark shares."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--source", choices=("generated", "replicated"), default="generated")
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1, help="of the generated hands")
    return parser.parse_args()


def report(source: str, hands: int, name: str, times: list[float], ceilings: list[float]) -> None:
    """``name``'s best rate, the ceiling's, and the median ratio of passes made together."""
    ratios = sorted(c / t for t, c in zip(times, ceilings))
    print(f"{name + ' [' + source + ']:':36} {hands / min(times):8,.0f} hands/s (best), "
          f"{statistics.median(ratios):.1%} of the ceiling (median of {len(ratios)} passes, "
          f"{ratios[0]:.1%}-{ratios[-1]:.1%})")


def main() -> None:
    args = arguments(__doc__)
    texts = histories(folder(args.source, args.hands, "stars", args.seed))
    hands = len(parse_all(texts))  # also compiles the grammars outside the timing
    print(describe(args.source, texts, hands))
    parses, ceilings = [], []
    for _ in range(args.repeat):
        before = seconds(ceiling, texts)
        parses.append(seconds(parse_all, texts))
        ceilings.append((before + seconds(ceiling, texts)) / 2)
    print(f"{'ceiling, one regex per line kind [' + args.source + ']:':36} "
          f"{hands / min(ceilings):8,.0f} hands/s (best)")
    report(args.source, hands, "parse_text -> records", parses, ceilings)


if __name__ == "__main__":
    main()
