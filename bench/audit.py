"""Audit speed: parse-only and parse+audit on the same hands, against the ceiling, same run.

The hands are those of bench/parse.py (``--source generated``, the default: PokerStars Badugi
and 2-7 Triple Draw; or ``--source replicated``). Each pass times the single-regex ceiling
(bench/sources.py), ``parse_text`` of every file, ``audit`` of every hand (replay, pots,
showdown, comparison with the history) and the ceiling again; the ratios to the ceiling are
the medians over the passes. The goal of issue P3 is that the audit costs no more than the
parse.

    python bench/audit.py [--source generated|replicated] [--hands 5000] [--repeat 5]
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from parse import arguments, parse_all, report, seconds
from sources import ceiling, describe, folder, histories

from hhtools.auditor import audit


def main() -> None:
    args = arguments(__doc__)
    texts = histories(folder(args.source, args.hands, "stars", args.seed))
    hands = len([audit(h) for h in parse_all(texts)])  # warm the grammars and tables
    print(describe(args.source, texts, hands))
    parses, boths, ceilings = [], [], []
    for _ in range(args.repeat):
        before = seconds(ceiling, texts)
        t = time.perf_counter()
        records = parse_all(texts)
        parses.append(time.perf_counter() - t)
        verdicts = Counter(audit(h).verdict for h in records)
        boths.append(time.perf_counter() - t)
        ceilings.append((before + seconds(ceiling, texts)) / 2)
    assert verdicts == {"ok": hands}, verdicts
    print(f"{'ceiling, one regex per line kind [' + args.source + ']:':36} "
          f"{hands / min(ceilings):8,.0f} hands/s (best)")
    report(args.source, hands, "parse only", parses, ceilings)
    report(args.source, hands, "parse + audit", boths, ceilings)
    alone = [b - p for p, b in zip(parses, boths)]
    print(f"{'audit alone [' + args.source + ']:':36} {hands / min(alone):8,.0f} hands/s (best), "
          f"{statistics.median(a / p for a, p in zip(alone, parses)):.0%} of the parse time "
          f"(median)")


if __name__ == "__main__":
    main()
