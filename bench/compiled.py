"""What each group of modules gains from mypyc: the benchmarks on pure and compiled trees, in turn.

    python bench/compiled.py [--variants pure core core.evaluate ...] [--rounds 2] [--quick]

Each variant is a copy of hhtools/, grammars/ and bench/ in a temporary folder with that
variant's modules compiled in place by ``hatch_build.compile_modules``, the build's own
function, under the project's mypy settings (so a variant only builds once its modules
type-check). The benchmarks import the hhtools beside them, so each runs on its variant. Every
round runs each benchmark on every variant one after the other, so the load of this shared
machine falls on all of them alike; the figures to compare are the ratios to the ceiling (a
regex, the same in every variant) and, for the evaluators, the ratio to pokerkit.

Variants: ``pure``; ``listed`` (what pyproject.toml's hook table compiles); a package or module
written as a dotted name (``core``, ``core.evaluate``); ``NAME-less-MODULE`` for the listed
modules of NAME but one (``core-less-evaluate``).
"""

from __future__ import annotations

import argparse
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
    name, _, less = variant.partition("-less-")
    prefix = root / "hhtools" / Path(*name.split("."))
    chosen = [p for p in listed if p == prefix.with_suffix(".py") or prefix in p.parents]
    if less:
        chosen = [p for p in chosen if p.stem != less.rsplit(".", 1)[-1]]
    if not chosen:
        raise SystemExit(f"bench/compiled.py: variant {variant!r} compiles nothing that is listed")
    return chosen


def make(variant: str, base: Path) -> Path:
    root = base / variant
    for name in ("hhtools", "grammars", "bench"):
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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hhtools-compiled-") as folder:
        trees = {v: make(v, Path(folder)) for v in args.variants}
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
