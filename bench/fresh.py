"""Instructions per hand of bench/audit.py's work, counted by callgrind: the ceiling, the parse
and the audit of fresh generated hands, after a warm-up on other hands.

    python bench/fresh.py [--hands 2000] [--tree DIR]

The hands are bench/audit.py's (``generated``, PokerStars Badugi and 2-7 Triple Draw): the
warm-up reads one Badugi and one 2-7 file of its first set (seed 1) with every site's tables
loaded, then the count covers one Badugi and one 2-7 file of the next set (seed 2), whose
stacks, cards, amounts and ids the parser has not seen, as in each pass of bench/audit.py.
One callgrind run (``PYTHONHASHSEED=0``) dumps its counts between the parts, so the figures are
deterministic and free of this machine's load; the ratio of the ceiling's count to the parse's
is no wall-time ratio (the regex engine runs several instructions a cycle, interpreted code
fewer), but a change's share of the parse's or the audit's count is. ``--tree`` counts another
checkout with its own ``.venv`` (as /work/main, to compare before and after).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from callgrind import counts  # noqa: E402
from sources import folder  # noqa: E402

PARTS = ("ceiling", "parse", "audit")

# Run under callgrind in the tree named by argv[1], which dumps its counts at each call of
# getppid() (nothing else here calls it).
CHILD = r"""
import os, sys
from pathlib import Path
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
from sources import ceiling, histories
from hhtools.auditing.auditor import audit
from hhtools.reading.parsing import parse_text
def two(where):
    # The first 2-7 and the first Badugi file, by name (histories() reads them in that order).
    paths = sorted(Path(where).iterdir())
    texts = histories(Path(where))
    return [next(t for p, t in zip(paths, texts) if f"-{game}-" in p.name)
            for game in ("2-7", "badugi")]
warm, work = two(sys.argv[2]), two(sys.argv[3])
for site, text in warm:
    for hand in parse_text(text, site).hands:
        audit(hand)
ceiling(warm)
os.getppid()
ceiling(work)
os.getppid()
hands = [h for site, text in work for h in parse_text(text, site).hands]
os.getppid()
verdicts = {audit(h).verdict for h in hands}
os.getppid()
assert verdicts == {"ok"}, verdicts
print(len(hands))
"""


def count(tree: Path, warm: Path, work: Path) -> tuple[int, dict[str, int]]:
    """Hands counted, and the instructions of each part."""
    python = tree / ".venv" / "bin" / "python"
    stdout, parts = counts(str(python), CHILD, [str(tree), str(warm), str(work)],
                           "bench/fresh.py", cwd=tree)
    # The first dump is the warm-up; then the ceiling, the parse and the audit.
    return int(stdout.split()[-1]), dict(zip(PARTS, parts[1:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000, help="of each set, as bench/audit.py")
    parser.add_argument("--tree", type=Path, default=ROOT)
    args = parser.parse_args()
    warm, work = (folder("generated", args.hands, "stars", seed) for seed in (1, 2))
    hands, parts = count(args.tree.resolve(), warm, work)
    print(f"{hands:,} fresh hands of {work} (tree {args.tree}): instructions per hand (callgrind)")
    for name, n in parts.items():
        print(f"  {name:13} {n / hands:12,.0f}")
    print(f"  {'parse + audit':13} {(parts['parse'] + parts['audit']) / hands:12,.0f}")


if __name__ == "__main__":
    main()
