"""Audit speed: parse-only and parse+audit on the same hands, against the ceiling, same run.

The hands and passes are those of bench/parse.py (``--source generated``, the default:
PokerStars Badugi and 2-7 Triple Draw; or ``--source replicated``). Each pass times the
single-regex ceiling (bench/sources.py), ``parse_text`` of every file, ``audit`` of every hand
(replay, pots, showdown, comparison with the history) and the ceiling again; the ratios to the
ceiling are the medians over the passes. The goal of issue P3 is that the audit costs no more
than the parse.

    python bench/audit.py [--source generated|replicated] [--hands 5000] [--repeat 5]
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from parse import arguments, hand_sets, parse_all, report, seconds
from sources import ceiling

from hhtools.auditing.auditor import audit


def main() -> None:
    args = arguments(__doc__)
    sets = hand_sets(args)
    for hand in parse_all(sets[0]):  # warm the grammars and tables
        audit(hand)
    parses, boths, ceilings = [], [], []
    for texts in sets[1:]:
        before = seconds(ceiling, texts)
        t = time.perf_counter()
        records = parse_all(texts)
        parses.append(time.perf_counter() - t)
        verdicts = Counter(audit(h).verdict for h in records)
        boths.append(time.perf_counter() - t)
        ceilings.append((before + seconds(ceiling, texts)) / 2)
        assert verdicts == {"ok": args.hands}, verdicts
    report(args, "ceiling, one regex per line kind", ceilings)
    report(args, "parse only", parses, ceilings)
    report(args, "parse + audit", boths, ceilings)
    alone = [b - p for p, b in zip(parses, boths)]
    print(f"{'audit alone [' + args.source + ']:':38} {args.hands / min(alone):8,.0f} hands/s "
          f"(best), {statistics.median(a / p for a, p in zip(alone, parses)):.0%} of the parse "
          f"time (median)")


if __name__ == "__main__":
    main()
