"""Instructions of the audit alone, per hand of the import's mix, counted by callgrind.

    python bench/audit_instructions.py [--old /work/main] [--keep DIR] [FOLDER]

FOLDER defaults to the 20,000 generated hands of bench/import.py's mix (bench/sources.py).
Each file is cut in ten slices; the first slice of each file is counted (a tenth of the hands,
every site and game in the folder's proportions), after auditing the sixth slice of each (so
that lazily made tables, the 2-7 evaluator's among them, are in place, as in a long import). ``--old`` counts another tree the same way, with its own
``.venv`` (the "before" of a change); ``--keep DIR`` keeps callgrind's dumps there for
``callgrind_annotate`` (the counted part is the dump ending in ``.2``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from callgrind import counts  # noqa: E402
from sources import folder  # noqa: E402

WARM = 2500

# Run under callgrind with the tree as the working folder, which dumps its counts at each call
# of getppid(): before the counted audits and after them.
CHILD = r"""
import os, sys
from hhtools.auditing.auditor import audit_or_error
from hhtools.reading.slicing import parse_slice, plan
from hhtools.store.importer import history_files
counted, others = [], []
for path in history_files([sys.argv[1]]):
    for i, s in enumerate(plan(str(path), os.path.getsize(path) // 10 + 1)):
        if i % 10 == 0:
            counted.extend(parse_slice(s).hands)
        elif i % 10 == 5:
            others.extend(parse_slice(s).hands)
for h in others[:int(sys.argv[2])]:
    audit_or_error(h)
os.getppid()
for h in counted:
    audit_or_error(h)
os.getppid()
print(len(counted))
"""


def count(tree: Path, source: Path, keep: Path | None) -> tuple[int, int]:
    """Hands counted, and the audit's instructions for them, in ``tree`` with its own venv."""
    python = str(tree / ".venv" / "bin" / "python")
    args = [str(source), str(WARM)]
    if keep is None:
        out, made = counts(python, CHILD, args, "bench/audit_instructions.py", cwd=tree)
    else:
        import os
        import re
        import subprocess
        keep.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["valgrind", "--tool=callgrind",
                               f"--callgrind-out-file={keep / 'cg.out'}",
                               "--dump-before=getppid", python, "-c", CHILD, *args],
                              capture_output=True, text=True, cwd=tree,
                              env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
        out = done.stdout
        made = [int(re.search(r"^(?:summary|totals): (\d+)", (keep / f"cg.out.{i}").read_text(),
                              re.M)[1]) for i in (1, 2)]
    return int(out.split()[-1]), made[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path)
    parser.add_argument("--old", type=Path, help="another tree, counted the same way")
    parser.add_argument("--keep", type=Path, help="keep callgrind's dumps in this folder")
    args = parser.parse_args()
    source = args.folder or folder("generated", 20_000, "sites", 1)
    trees = [("this tree", ROOT)] + ([("old", args.old)] if args.old else [])
    figures = {}
    for name, tree in trees:
        keep = args.keep / name.replace(" ", "-") if args.keep else None
        hands, made = count(tree, source, keep)
        figures[name] = made / hands
        print(f"{name} ({tree}): {hands:,} hands, {made / hands:,.0f} instructions a hand")
    if args.old:
        print(f"change: {100 * (figures['this tree'] / figures['old'] - 1):+.1f} %")


if __name__ == "__main__":
    main()
