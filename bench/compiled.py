"""What each group of modules gains from mypyc: the benchmarks on pure and compiled trees, in turn.

    python bench/compiled.py [--variants pure core core.evaluate ...] [--rounds 2] [--quick]

Each variant is a copy of hhtools/, grammars/ and bench/ in a temporary folder with that
variant's modules compiled in place by ``hatch_build.compile_modules``, the build's own
function, under the project's mypy settings (so a variant only builds once its modules
type-check). The benchmarks import the hhtools beside them, so each runs on its variant. Every
round runs each benchmark on every variant one after the other, so the load of this shared
machine falls on all of them alike; the figures to compare are the ratios to the ceiling (a
regex, the same in every variant) and, for the evaluators, the ratio to pokerkit.

With ``--instructions`` each variant is measured instead by the instructions callgrind counts
(deterministic, so free of this machine's load; ``PYTHONHASHSEED=0``): a run that only imports
and warms up (grammars built, tables filled, on other hands) is subtracted from one that also
does the work, so the figure is the work alone: parse, parse + audit of the first --hands hands
of ``sample_histories/session/pokerstars-2-7.txt``, or evaluating --hands random hands with
the components in turn.

Variants: ``pure``; ``listed`` (what pyproject.toml's hook table compiles); a package or module
written as a dotted name (``core``, ``core.evaluate``); ``NAME-less-MODULE`` for the listed
modules of NAME but one (``core-less-evaluate``; more ``-less-MODULE`` drop more); names joined
by ``+`` for every module under each, listed or not, to measure a list before it goes into
pyproject.toml (``core.evaluate+auditing``, ``core-less-cards+sites+reading``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hatch_build import compile_modules, listed_sources  # noqa: E402

BENCHES = {
    "parse": ["parse.py", "--hands", "2000", "--repeat", "3"],
    "audit": ["audit.py", "--hands", "1000", "--repeat", "3"],
    "evaluators": ["evaluators.py", "--hands", "20000"],
    "import": ["import.py", "--hands", "5000", "--jobs", "1", "--repeat", "1"],
}
QUICK = {"parse": ["--hands", "1000", "--repeat", "2"], "audit": ["--hands", "500", "--repeat", "2"],
         "evaluators": ["--hands", "5000"], "import": ["--hands", "2000"]}


def hook_table() -> dict[str, list[str]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table: dict[str, list[str]] = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    return table


def sources(variant: str, root: Path) -> list[Path]:
    """The files ``variant`` compiles in the copy at ``root``."""
    table = hook_table()
    listed = listed_sources(root, table["compiled"], table.get("pure", []))
    if variant == "pure":
        return []
    if variant == "listed":
        return listed
    if "+" in variant:  # a candidate list to measure before it goes into pyproject.toml
        return [p for part in variant.split("+") for p in chosen_from(part, root, every(root, table))]
    return chosen_from(variant, root, listed)


def every(root: Path, table: dict[str, list[str]]) -> list[Path]:
    """Every module of the package, listed or not, less the hook table's ``pure`` entries."""
    return listed_sources(root, ["hhtools"], table.get("pure", []))


def chosen_from(variant: str, root: Path, listed: list[Path]) -> list[Path]:
    """The modules of ``listed`` under the package or module ``variant`` names, less those
    named after each ``-less-``."""
    name, *less = variant.split("-less-")
    prefix = root / "hhtools" / Path(*name.split("."))
    chosen = [p for p in listed if p == prefix.with_suffix(".py") or prefix in p.parents]
    dropped = {module.rsplit(".", 1)[-1] for module in less}
    chosen = [p for p in chosen if p.stem not in dropped]
    if not chosen:
        raise SystemExit(f"bench/compiled.py: variant {variant!r} compiles nothing that is listed")
    return chosen


# Run under callgrind in a variant's tree: warm up, then (unless the work is "none") the work.
WORK = r"""
import random, re, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from hhtools import COMPONENTS, DECK, audit, parse_text
work, count = sys.argv[2], int(sys.argv[3])
session = Path(sys.argv[1]) / "sample_histories" / "session"
def first(name, skip, n):
    text = (session / name).read_text(encoding="utf-8")
    starts = [m.start() for m in re.finditer(r"^PokerStars Hand #", text, re.M)]
    return text[starts[skip]:starts[skip + n]]
rng = random.Random(1)
def hands(n):
    return [rng.sample(DECK, 5) for _ in range(n)]
for h in parse_text(first("pokerstars-badugi.txt", 0, 20)).hands:
    audit(h)
for c in COMPONENTS.values():
    c.rank_many([cards[:c.size[1]] for cards in hands(2000)])
if work in ("parse", "audit"):
    records = parse_text(first("pokerstars-2-7.txt", 0, count)).hands
    assert len(records) == count, len(records)
    if work == "audit":
        assert all(audit(h).verdict == "ok" for h in records)
elif work == "eval":
    components = list(COMPONENTS.values())
    for i, cards in enumerate(hands(count)):
        c = components[i % len(components)]
        c.evaluate(cards[:c.size[1]])
"""


def environment(root: Path) -> dict[str, str]:
    # The grammar cache is per variant: the shared one is rewritten by any other checkout that
    # parses, and a run that rebuilds a grammar counts hundreds of millions more instructions.
    return {**os.environ, "PYTHONHASHSEED": "0", "XDG_CACHE_HOME": str(root / "cache")}


def warm(root: Path) -> None:
    """Fill the variant's grammar cache (and its bytecode) before anything is counted."""
    subprocess.run([sys.executable, "-c", WORK, str(root), "audit", "2"], check=True,
                   env=environment(root))


def instructions(root: Path, work: str, count: int) -> int:
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                          sys.executable, "-c", WORK, str(root), work, str(count)],
                         capture_output=True, text=True, env=environment(root))
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or found is None:
        raise SystemExit(f"bench/compiled.py: callgrind failed: {run.stderr[-600:]}")
    return int(found.group(1))


def make(variant: str, base: Path) -> Path:
    root = base / variant
    for name in ("hhtools", "grammars", "bench", "sample_histories"):
        shutil.copytree(ROOT / name, root / name,
                        ignore=shutil.ignore_patterns("*.so", "*.pyd", "build.json", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    chosen = sources(variant, root)
    if chosen:
        print(f"compiling {variant}: {len(chosen)} modules", flush=True)
        compile_modules(root, chosen, base / f"{variant}-build", in_place=True)
    return root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=["pure", "listed", "core.evaluate",
                                                           "core-less-evaluate"])
    parser.add_argument("--benches", nargs="+", choices=sorted(BENCHES), default=list(BENCHES))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="smaller sets, for a first look")
    parser.add_argument("--instructions", action="store_true", help="count with callgrind")
    parser.add_argument("--hands", type=int, default=200, help="with --instructions")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hhtools-compiled-") as folder:
        trees = {v: make(v, Path(folder)) for v in args.variants}
        if args.instructions:
            print(f"instructions per hand (callgrind), {args.hands} hands; eval: per evaluation, "
                  "the components in turn")
            for variant, root in trees.items():
                warm(root)
                base = instructions(root, "none", args.hands)
                figures = []
                for work in ("parse", "audit", "eval"):
                    per = (instructions(root, work, args.hands) - base) / args.hands
                    figures.append(f"{work} {per:,.0f}")
                print(f"  {variant:24} " + ", ".join(figures), flush=True)
            return
        for round_ in range(1, args.rounds + 1):
            for bench in args.benches:
                command = BENCHES[bench] + (QUICK[bench] if args.quick else [])
                for variant, root in trees.items():
                    run = subprocess.run([sys.executable, str(root / "bench" / command[0]),
                                          *command[1:]], capture_output=True, text=True,
                                         cwd=root)
                    print(f"== round {round_}, {bench}, {variant}", flush=True)
                    if run.returncode:
                        print(f"  failed ({run.returncode}): {run.stderr.strip()[-400:]}")
                    for line in run.stdout.splitlines():
                        print("  " + line, flush=True)


if __name__ == "__main__":
    main()
