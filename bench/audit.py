"""Audit speed: parse-only against parse+audit, on the same PokerStars Badugi hands, same run.

The corpus files are replicated (with fresh hand ids, as bench/parse.py does) to at least
--hands hands. Parse-only times ``parse_text``; parse+audit times ``parse_text`` followed by
``audit`` of every hand (replay, pots, showdown, comparison). The goal (issue P3) is that the
audit costs no more than the parse, i.e. parse+audit runs at no less than half the parse rate.

    python bench/audit.py [--hands 5000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parse import corpus_text  # noqa: E402  (bench/parse.py, the same replicated corpus)

from hhtools.auditor import audit  # noqa: E402
from hhtools.parsing import parse_text  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    text, hands = corpus_text(args.hands)
    for h in parse_text(text[:20000], "pokerstars").hands:  # warm the grammar and tables
        audit(h)
    best_parse = best_both = best_audit = float("inf")
    for _ in range(args.repeat):
        t = time.perf_counter()
        result = parse_text(text, "pokerstars")
        parsed = time.perf_counter() - t
        best_parse = min(best_parse, parsed)
        t = time.perf_counter()
        verdicts = [audit(h).verdict for h in result.hands]
        audited = time.perf_counter() - t
        best_audit = min(best_audit, audited)
        best_both = min(best_both, parsed + audited)
    assert len(verdicts) == hands and set(verdicts) == {"ok"}, set(verdicts)
    print(f"{hands} hands, best of {args.repeat}")
    print(f"parse only:    {hands / best_parse:10,.0f} hands/s")
    print(f"parse + audit: {hands / best_both:10,.0f} hands/s")
    print(f"audit alone:   {hands / best_audit:10,.0f} hands/s "
          f"({best_audit / best_parse:.0%} of the parse time)")


if __name__ == "__main__":
    main()
