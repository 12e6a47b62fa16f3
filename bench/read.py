"""Reading a big store (issue P19): wall time and peak memory of ``hhtools stats``, ``stats
--player Hero`` and ``report`` over a store of a million hands, beside the same commands run by
an old tree (``--old``, a checkout with its own ``.venv``) on the same store.

The store is built once and kept in the temp folder (``hhtools-bench-read-...``; ``--clean``
deletes it after the runs):

1. a base folder of generated histories: ``--base`` hands (default 50,000) of the ``sites`` mix
   of bench/sources.py (PokerStars, Full Tilt, KingsClub and Winamax, fixed limit, 2 to 8
   players a hand, files of 1,000 hands), plus ``--tournaments`` PokerStars sit & gos (Badugi
   and 2-7, their summary files too), imported with 2 jobs by ``import_paths``;
2. the big store: the base store's batches copied until ``--hands`` hands are stored (20
   copies for a million), each copy with its keys rewritten so that every hand is a distinct
   one: hand ids and tournament ids get a two-digit copy prefix (still numbers written as
   text), summary digests and file paths a copy suffix, and start times move by the base's
   span plus a day a copy, so the copies are later sessions of the same players, as a
   grinder's years are (bench/replicate.py, which bench/store.py uses too). Replicating costs seconds where generating and importing a million
   hands takes some ten minutes on 2 cores; every table holds 20 times the base's rows.

The new tree's ``stats`` keeps each batch's partial sums in the user's cache folder
(hhtools.analytics.partials), and ``report`` what its page and players gather of each batch
(hhtools.report.page): its first command runs ``cold`` (an empty cache folder of its own:
every batch read and its figures cached), then every command runs ``warm`` (the figures
cached by the cold run).

Each command runs in its own process, started by the tree's interpreter, which writes its
VmHWM (peak resident memory) at exit; the figure is that peak and the wall time of the whole
command, interpreter start included. Outputs are compared: the JSON of ``stats`` and of
``stats --player Hero`` must be byte for byte the old tree's, and so must the report but for
its "made <time>" line.

    python bench/read.py [--hands 1000000] [--base 50000] [--old /work/ref] [--repeat 1]
                         [--clean] [--after-import]

``--after-import``: ``report`` cold, warm and after an import (``after_import``), each tree on
a copy of the store.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from replicate import batch_tables, write_copy  # noqa: E402
from sources import folder  # noqa: E402

from hhtools.store.store import Store  # noqa: E402

TEMP = Path(tempfile.gettempdir())

# Runs the hhtools command of the interpreter that runs it, then writes its VmHWM (kB) to the
# file named by HHTOOLS_BENCH_HWM, at exit (typer ends with SystemExit).
LAUNCH = """
import atexit, os, sys
def peak():
    with open("/proc/self/status") as f:
        kb = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    with open(os.environ["HHTOOLS_BENCH_HWM"], "w") as out:
        out.write(str(kb))
atexit.register(peak)
sys.argv = ["hhtools", *sys.argv[1:]]
from hhtools.cli.main import main
main()
"""

COMMANDS = {
    "stats": ["stats", "--format", "json"],
    "stats --player Hero": ["stats", "--player", "Hero", "--format", "json"],
    "report": ["report", "--out", "{out}"],
    "sessions --player Hero": ["sessions", "--player", "Hero", "--format", "json"],
    "chart --kind winnings": ["chart", "--player", "Hero", "--kind", "winnings", "--in",
                              "big-bets", "--out", "{out}"],
    "chart --kind draws": ["chart", "--player", "Hero", "--kind", "draws", "--out", "{out}"],
}


def base_folder(hands: int, tournaments: int) -> tuple[Path, Path]:
    """The generated histories of the base store (cached by bench/sources.py), and the sit &
    gos beside them."""
    from hhtools.generate.tournament import write_tournament

    cash = folder("generated", hands, mix="sites")
    games = ("badugi", "2-7")
    done = TEMP / f"hhtools-bench-read-sng-{tournaments}"
    if not done.is_dir():
        work = Path(tempfile.mkdtemp(prefix=done.name + "-partial-"))
        for i in range(tournaments):
            write_tournament(work / f"sng-{i:03d}.txt", "pokerstars", games[i % 2],
                             seed=9000 + i, entrants=6, summary=work / f"sng-{i:03d}-summary.txt")
        os.rename(work, done)
    return cash, done


def base_store(hands: int, tournaments: int) -> Path:
    from hhtools.store.importer import import_paths

    done = TEMP / f"hhtools-bench-read-base-{hands}-{tournaments}"
    if not done.is_dir():
        cash, sngs = base_folder(hands, tournaments)
        work = TEMP / (done.name + "-partial")
        shutil.rmtree(work, ignore_errors=True)
        t = time.perf_counter()
        summary = import_paths([cash, sngs], Store(work), jobs=2)
        print(f"base store: {summary.hands_new:,} hands imported in "
              f"{time.perf_counter() - t:.0f} s", flush=True)
        os.rename(work, done)
    return done


def big_store(hands: int, base: int, tournaments: int) -> Path:
    done = TEMP / f"hhtools-bench-read-{hands}-from-{base}-{tournaments}"
    if done.is_dir():
        return done
    source = Store(base_store(base, tournaments))
    stored = source.read_columns("hands", ["started_at"])
    copies = -(-hands // stored.height)
    span = stored["started_at"].max() - stored["started_at"].min() + timedelta(days=1)
    work = TEMP / (done.name + "-partial")
    shutil.rmtree(work, ignore_errors=True)
    target = Store(work)
    t = time.perf_counter()
    templates = [batch_tables(batch) for batch in source.batch_folders()]
    with target.writing():
        for copy in range(copies):
            for tables in templates:
                write_copy(target, tables, f"{10 + copy}", f"#copy{copy}", span * copy)
    held = target.read_columns("hands", ["hand_id"]).height
    size = sum(f.stat().st_size for f in work.rglob("*.parquet")) / 2**20
    print(f"big store: {copies} copies of {stored.height:,} hands, {held:,} hands, "
          f"{size:.0f} MB of Parquet, made in {time.perf_counter() - t:.0f} s", flush=True)
    os.rename(work, done)
    return done


def run(python: str, tree: Path, args: list[str], db: Path, out: Path,
        cache: Path) -> tuple[float, float, bytes]:
    """Wall seconds, peak MB and standard output of one hhtools command run by ``tree``,
    with ``cache`` for its cache folder."""
    hwm = out.with_suffix(".hwm")
    env = {**os.environ, "HHTOOLS_BENCH_HWM": str(hwm), "HHTOOLS_DB": str(db),
           "COLUMNS": "200", "PYTHONPATH": str(tree), "XDG_CACHE_HOME": str(cache)}
    args = [a.replace("{out}", str(out)) for a in args]
    t = time.perf_counter()
    done = subprocess.run([python, "-c", LAUNCH, *args], cwd=tree, env=env,
                          capture_output=True)
    elapsed = time.perf_counter() - t
    if done.returncode:
        sys.exit(f"{tree}: hhtools {' '.join(args)} failed ({done.returncode}):\n"
                 f"{done.stderr.decode(errors='replace')[-2000:]}")
    output = out.read_bytes() if out.exists() else done.stdout
    out.unlink(missing_ok=True)
    return elapsed, int(hwm.read_text()) / 1024, output


def after_import(trees: list[tuple[str, Path, str]], db: Path, base: int, tournaments: int,
                 scratch: Path) -> None:
    """``report`` after an import, each tree on a copy of the big store of its own (same
    path for its every run, so that its cache serves it again): cold, warm, then (a) after
    ``hhtools import`` of 1,000 generated hands dated among the stored ones (old histories),
    and, on a fresh copy whose store's figures are cached, (b) after a batch of the base's
    first batch copied as one more copy, later than every stored hand (new play)."""
    source = Store(base_store(base, tournaments))
    first = source.read_columns("hands", ["started_at"])["started_at"].min()
    # The later batch: hand ids of a copy number no copy has, a day after the last hand.
    later = Store(db).read_columns("hands", ["started_at"])["started_at"].max()
    shift = later - first + timedelta(days=1)
    new_hands = folder("generated", 1000, mix="stars", seed=13)
    for label, tree, python in trees:
        copy, cache, out = scratch / f"db-{label}", scratch / f"cache-{label}", scratch / "out.html"
        for case in ("a", "b"):
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(db, copy)
            # Before (b) the store's figures are made again from each batch's (those kept
            # are of the store after (a)).
            runs = ["cold", "warm"] if case == "a" else ["again"]
            for kind in runs:
                seconds, peak, _ = run(python, tree, COMMANDS["report"], copy, out, cache)
                print(f"{'report':<22} {label:<5} {kind:<5} {seconds:8.1f} {peak:8.0f}", flush=True)
            if case == "a":
                subprocess.run([python, "-c", LAUNCH, "import", str(new_hands)], cwd=tree,
                               env={**os.environ, "HHTOOLS_DB": str(copy),
                                    "HHTOOLS_BENCH_HWM": str(scratch / "import.hwm"),
                                    "PYTHONPATH": str(tree), "XDG_CACHE_HOME": str(cache)},
                               capture_output=True, check=True)
            else:
                target = Store(copy)
                with target.writing():
                    write_copy(target, batch_tables(source.batch_folders()[0]), "99",
                               "#later", shift)
            seconds, peak, _ = run(python, tree, COMMANDS["report"], copy, out, cache)
            print(f"{'report after ' + case:<22} {label:<5} {'':<5} {seconds:8.1f} {peak:8.0f}",
                  flush=True)


def comparable(output: bytes) -> bytes:
    """The output without what depends on the moment: the report's "made <time>" line."""
    return re.sub(rb"made [^<]* by hhtools", b"made - by hhtools", output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--base", type=int, default=50_000)
    parser.add_argument("--tournaments", type=int, default=40)
    parser.add_argument("--old", type=Path, default=None,
                        help="an old tree with its own .venv, run on the same store")
    parser.add_argument("--only", choices=list(COMMANDS), action="append")
    parser.add_argument("--old-only", action="store_true", help="run the old tree only")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--clean", action="store_true", help="delete the big store after")
    parser.add_argument("--after-import", action="store_true",
                        help="report cold, warm and after an import, on copies of the store")
    a = parser.parse_args()
    db = big_store(a.hands, a.base, a.tournaments)
    trees = [("new", ROOT, sys.executable)]
    if a.old:
        trees.insert(0, ("old", a.old.resolve(), str(a.old.resolve() / ".venv/bin/python")))
        if a.old_only:
            trees = trees[:1]
    scratch = Path(tempfile.mkdtemp(prefix="hhtools-bench-read-out-"))
    print(f"store {db}: {Store(db).read_columns('hands', ['hand_id']).height:,} hands")
    print(f"{'command':<22} {'tree':<5} {'cache':<5} {'seconds':>8} {'peak MB':>8}")
    try:
        if a.after_import:
            after_import(trees, db, a.base, a.tournaments, scratch)
            return
        for name in a.only or COMMANDS:
            outputs = {}
            for _ in range(a.repeat):
                for label, tree, python in trees:
                    out = scratch / ("out.html" if name == "report" else "out.png"
                                     if name.startswith("chart") else "out.json")
                    # A cache folder of the tree's own for the whole run: the new tree's
                    # first command runs cold (the cache empty), then warm.
                    cache = scratch / f"cache-{label}"
                    runs = ["warm"] if cache.is_dir() else ["cold", "warm"]
                    if label == "old":
                        runs = [""]
                    for kind in runs:
                        seconds, peak, output = run(python, tree, COMMANDS[name], db, out, cache)
                        outputs[label] = comparable(output)
                        print(f"{name:<22} {label:<5} {kind:<5} {seconds:8.1f} {peak:8.0f}",
                              flush=True)
            # The old tree's output is kept beside the store, so that a later run of the new
            # tree alone (without --old) is still compared with it.
            saved = db.parent / f"{db.name}-{name.replace(' ', '-')}.old"
            if "old" in outputs:
                saved.write_bytes(outputs["old"])
            if "new" in outputs and saved.exists():
                same = saved.read_bytes() == outputs["new"]
                print(f"{name:<22} output {'identical' if same else 'DIFFERS'} "
                      f"({len(outputs['new']):,} bytes)", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        if a.clean:
            shutil.rmtree(db, ignore_errors=True)
            for saved in db.parent.glob(f"{db.name}-*.old"):
                saved.unlink()


if __name__ == "__main__":
    main()
