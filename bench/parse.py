"""Parsing speed: history text to records, against the single-regex ceiling in the same run.

The hands are generated PokerStars Badugi and 2-7 Triple Draw, fixed limit, half each, 2 to 8
players a hand (at most 6 at 2-7, as the site's tables seat), from a fixed seed (``--source
generated``, the default), or the PokerStars Badugi corpus files replicated with fresh hand
ids (``--source replicated``); see bench/sources.py. Every file is parsed by ``parse_text`` in
one process. The ceiling is one precompiled regex that tells apart every kind of line the
parser must tell apart (each site's own line regex, built from its grammar, fields captured)
over the same lines: what a line-based parser must do at least.

Each pass reads its own set of --hands hands (the next seeds), after a warm-up on one more set,
so no pass reads lines the parser remembers from the pass before, as a live import would not.
Each pass times the ceiling just before and just after the parse over the same text, so their
ratio is taken under the same conditions on this shared machine; the median ratio is the
figure.

    python bench/parse.py [--source generated|replicated] [--hands 5000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from sources import ceiling, describe, folder, histories

from hhtools.reading.parsing import parse_text


def arguments(doc: str) -> argparse.Namespace:
    """The options parse and audit share."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--source", choices=("generated", "replicated"), default="generated")
    parser.add_argument("--hands", type=int, default=5000, help="a pass")
    parser.add_argument("--repeat", type=int, default=5, help="passes")
    parser.add_argument("--seed", type=int, default=1, help="of the first generated set")
    return parser.parse_args()


def hand_sets(args: argparse.Namespace) -> list[list[tuple[str, str]]]:
    """The warm-up's files, then each pass's: (site, text) of every file."""
    sets = [histories(folder(args.source, args.hands, "stars", args.seed + k))
            for k in range(args.repeat + 1)]
    print(describe(args.source, sets[1], args.hands) + f"; {args.repeat} passes of as many")
    return sets


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


def report(args: argparse.Namespace, name: str, times: list[float],
           ceilings: list[float] | None = None) -> None:
    """``name``'s best rate, and its median ratio to the ceiling measured around it."""
    line = f"{name + ' [' + args.source + ']:':38} {args.hands / min(times):8,.0f} hands/s (best)"
    if ceilings:
        ratios = sorted(c / t for t, c in zip(times, ceilings))
        line += (f", {statistics.median(ratios):.1%} of the ceiling (median of {len(ratios)} "
                 f"passes, {ratios[0]:.1%}-{ratios[-1]:.1%})")
    print(line)


def main() -> None:
    args = arguments(__doc__)
    sets = hand_sets(args)
    assert len(parse_all(sets[0])) == args.hands  # compile the grammars outside the timing
    parses, ceilings = [], []
    for texts in sets[1:]:
        before = seconds(ceiling, texts)
        parses.append(seconds(parse_all, texts))
        ceilings.append((before + seconds(ceiling, texts)) / 2)
    report(args, "ceiling, one regex per line kind", ceilings)
    report(args, "parse_text -> records", parses, ceilings)


if __name__ == "__main__":
    main()
