"""Parsing speed: PokerStars Badugi hands to records, against single-regex references.

The corpus files are replicated (with fresh hand ids) to at least --hands hands and parsed in
one process. Two references run over the same text: the ceiling, one precompiled regex that
tells apart every kind of line the parser must tell apart (hhtools' own grammar regex, fields
captured: what a line-based parser must do at least, about 22,000 hands/s here as the issues
say), and a coarse regex sorting lines into eight groups only (it cannot tell a bet from a
fold), a lower bound on the cost of touching every line with a regex.

    python bench/parse.py [--hands 5000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hhtools.parsing import decode, parse_text, split_lines  # noqa: E402

CORPUS = ROOT / ".." / "shared" / "corpus" / "pokerstars"
FILES = ("Badugi-USD-0.25-0.50-201009.txt", "LBad-USD-SNG8-201011.txt")
HAND_ID = re.compile(r"^(PokerStars (?:Game|Hand) #)([0-9]+)", re.MULTILINE)
# The coarse reference: eight groups of lines, nothing captured.
CEILING = re.compile(
    r"(?P<header>PokerStars .*)|(?P<table>Table '.*)|(?P<seat>Seat [0-9]+: .*)"
    r"|(?P<marker>\*\*\* .*)|(?P<dealt>Dealt to .*)"
    r"|(?P<action>.+?: (?:posts|folds|checks|calls|bets|raises|discards|stands|shows|mucks"
    r"|doesn't).*)|(?P<pot>.+? collected .*|Uncalled bet .*|Total pot .*)|(?P<other>.*)")


def corpus_text(hands: int) -> tuple[str, int]:
    """The Badugi files repeated to at least ``hands`` hands, every hand id unique."""
    text = "\n\n\n".join(decode((CORPUS / f).read_bytes())[0] for f in FILES)
    per_copy = len(HAND_ID.findall(text))
    copies = -(-hands // per_copy)
    counter = iter(range(10**11, 10**12))
    big = "\n\n\n".join(text for _ in range(copies))
    big = HAND_ID.sub(lambda m: m[1] + str(next(counter)), big)
    return big, per_copy * copies


def ceiling(text: str) -> None:
    """The coarse regex over every line: eight groups, nothing captured."""
    match = CEILING.match
    for line in split_lines(text):
        m = match(line)
        m.lastgroup  # noqa: B018 - the classification is the work measured


def classifier_only(text: str) -> None:
    """The ceiling: hhtools' own line regex (from the grammar: every line kind, every field
    captured) over every line."""
    from hhtools.sites import get_site

    fullmatch = get_site("pokerstars").classifier.regex.fullmatch
    for line in split_lines(text):
        fullmatch(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    text, hands = corpus_text(args.hands)
    parse_text(text[:2000], "pokerstars")  # compile the grammar outside the timing
    best_parse = best_ceiling = best_fields = float("inf")
    for _ in range(args.repeat):
        t = time.perf_counter()
        result = parse_text(text, "pokerstars")
        best_parse = min(best_parse, time.perf_counter() - t)
        t = time.perf_counter()
        ceiling(text)
        best_ceiling = min(best_ceiling, time.perf_counter() - t)
        t = time.perf_counter()
        classifier_only(text)
        best_fields = min(best_fields, time.perf_counter() - t)
    assert len(result.hands) == hands and not result.errors, (len(result.hands), result.errors[:3])
    rate, coarse, top = hands / best_parse, hands / best_ceiling, hands / best_fields
    print(f"{hands} hands, {len(split_lines(text))} lines, best of {args.repeat}")
    print(f"hhtools parse_text -> records:      {rate:10,.0f} hands/s  ({1e6 / rate:.0f} µs per hand)")
    print(f"ceiling, one regex for every kind:  {top:10,.0f} hands/s  -> parse is {rate / top:.1%}")
    print(f"coarse regex, eight groups:         {coarse:10,.0f} hands/s  -> parse is {rate / coarse:.1%}")

if __name__ == "__main__":
    main()
