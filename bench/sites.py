"""Parse and audit per hand, site by site, of the import's mix of generated hands.

    python bench/sites.py [--repeat 3]
    python bench/sites.py --instructions [--tree /work/main]

By processor time (the cyclic collector paused, as the import pauses it): every file of the
20,000 generated hands of bench/import.py's mix (bench/sources.py), each planned and read in
slices as the import reads it (``plan``, ``parse_slice``), then each hand audited
(``audit_or_error``); the best of ``--repeat`` passes of a file, after a warm-up that reads
every site once.

With ``--instructions`` the same work is counted by callgrind (``PYTHONHASHSEED=0``), in one
run that dumps its counts between parts: for each site and game, the first 300 hands of its
second file read and audited after the first 200 of its first file (so the lines a session
repeats are remembered, as in an import, but the hands counted are fresh). ``--tree`` counts
another checkout with its own build (main's, for a before figure).
"""

from __future__ import annotations

import argparse
import gc
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from callgrind import counts  # noqa: E402
from sources import folder  # noqa: E402

# A hand's first line, whatever the site (BOMs left on the file's first).
_HEADER = re.compile(r"^(?=(?:\ufeff)?(?:Full Tilt Poker Game|PokerStars Hand|Winamax Poker|"
                     r"#[0-9]+:))", re.M)

# Run under callgrind in the tree named by argv[1], which dumps its counts at each call of
# getppid(): after the warm-up, then after each site's parse and after its audit.
CHILD = """
import gc, os, sys
sys.path.insert(0, sys.argv[1])
from hhtools.auditing.auditor import audit_or_error
from hhtools.reading.slicing import parse_slice, plan
work, names = sys.argv[2], sys.argv[3:]
for name in names:
    for part in plan(os.path.join(work, "warm-" + name)):
        for hand in parse_slice(part).hands:
            audit_or_error(hand)
gc.disable()
os.getppid()
for name in names:
    results = [parse_slice(part) for part in plan(os.path.join(work, "count-" + name))]
    os.getppid()
    for hand in [h for r in results for h in r.hands]:
        audit_or_error(hand)
    os.getppid()
"""


def _kind(path: Path) -> str:
    """``fulltilt-2-7`` of ``fulltilt-2-7-00014.txt``."""
    return re.sub(r"-[0-9]+\.txt$", "", path.name)


def _first_hands(path: Path, count: int, out: Path) -> None:
    """The first ``count`` hands of ``path`` written to ``out`` in its encoding."""
    raw = path.read_bytes()
    utf16 = raw.startswith(b"\xff\xfe")
    text = raw.decode("utf-16" if utf16 else "utf-8")
    hands = [h for h in _HEADER.split(text) if h.strip()][:count]
    out.write_bytes(b"\xff\xfe" + "".join(hands).encode("utf-16-le") if utf16
                    else "".join(hands).encode("utf-8"))


def timed(source: Path, repeat: int) -> None:
    from hhtools.auditing.auditor import audit_or_error
    from hhtools.reading.slicing import parse_slice, plan

    files = sorted(source.iterdir())
    for first in {_kind(f): f for f in files}.values():
        parse_slice(plan(str(first))[0])
    gc.disable()
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for f in files:
        best_parse = best_audit = float("inf")
        for _ in range(repeat):
            t = time.process_time()
            hands = [h for part in plan(str(f)) for h in parse_slice(part).hands]
            parsed = time.process_time() - t
            t = time.process_time()
            for hand in hands:
                audit_or_error(hand)
            best_parse = min(best_parse, parsed)
            best_audit = min(best_audit, time.process_time() - t)
        row = sums[_kind(f)]
        row[0] += len(hands)
        row[1] += best_parse
        row[2] += best_audit
    sums["mix"] = [sum(r[i] for r in sums.values()) for i in range(3)]
    print(f"processor time per hand, {source} (best of {repeat}):")
    for kind, (n, parse, audit) in sums.items():
        print(f"  {kind:18} {int(n):6,} hands  parse {1e6 * parse / n:6.1f} us  "
              f"audit {1e6 * audit / n:6.1f} us  both {1e6 * (parse + audit) / n:6.1f} us")


def counted(source: Path, tree: Path, python: Path) -> None:
    firsts: dict[str, list[Path]] = defaultdict(list)
    for f in sorted(source.iterdir()):
        firsts[_kind(f)].append(f)
    with tempfile.TemporaryDirectory() as work:
        names = []
        for kind, files in firsts.items():
            name = kind + ".txt"
            _first_hands(files[0], 200, Path(work) / ("warm-" + name))
            _first_hands(files[1], 300, Path(work) / ("count-" + name))
            names.append(name)
        _, counted = counts(str(python), CHILD, [str(tree), work, *names], "bench/sites.py")
    print(f"instructions per hand (callgrind), tree {tree}: 300 fresh hands of each")
    # The mix weighs each site and game by its files in the folder (1,000 hands each).
    weights = [len(firsts[name[:-4]]) for name in names]
    parse_all = audit_all = 0.0
    for i, name in enumerate(names):
        parse, audit = counted[1 + 2 * i] / 300, counted[2 + 2 * i] / 300
        parse_all += parse * weights[i]
        audit_all += audit * weights[i]
        print(f"  {name[:-4]:18} parse {parse:10,.0f}  audit {audit:10,.0f}  "
              f"both {parse + audit:10,.0f}")
    n = sum(weights)
    print(f"  {'the mix':18} parse {parse_all / n:10,.0f}  audit {audit_all / n:10,.0f}  "
          f"both {(parse_all + audit_all) / n:10,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout counted")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    source = folder("generated", 20_000, mix="sites")
    if args.instructions:
        counted(source, args.tree.resolve(), args.tree.resolve() / ".venv" / "bin" / "python")
    else:
        timed(source, args.repeat)


if __name__ == "__main__":
    main()
