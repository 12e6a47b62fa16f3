"""The report's charts on their real data (issue P19: `report` over a million hands in 15 s):
the processor time of building each chart's Figure and of saving it as the report saves it
(``hhtools.report.html.png``), chart by chart, so that the charts' share of a report is seen
apart from the rest of the page.

Two steps, so that two trees draw the very same data:

1. ``--capture STORE --data FILE``: makes the report of STORE in this process (``build_report``,
   the cache folder of ``$XDG_CACHE_HOME``: run it warm) and keeps every chart's arguments as
   the page passed them (``sections.draw`` and ``tournaments.tournament_results_chart``),
   pickled in FILE.
2. ``--data FILE [--repeat 5] [--pngs FOLDER]``: draws each kept chart ``--repeat`` times
   and prints, per chart, the median processor time of building its Figure and of saving it,
   the PNG's size and the first digits of its SHA-256 (the same digits in two trees: the same
   bytes); ``--pngs`` writes each PNG there, to compare two trees' pixels
   (``--compare OLD NEW``: the pixels differing in each pair of PNGs of the same name).
   ``--instructions``: instead of times, the instructions of building and of saving each
   chart once, counted by callgrind (bench/callgrind.py: deterministic, free of the load).

Run step 2 with each tree's interpreter from this folder (``/work/main/.venv/bin/python
bench/charts.py --data ...``): the script imports the hhtools of the interpreter that runs it.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import os
import pickle
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def capture(store: str, data: str) -> None:
    from hhtools.report import page, sections, tournaments
    from hhtools.store.store import Store

    kept: list[tuple[str, str, tuple[Any, ...]]] = []
    drawing, results_chart = sections.draw, tournaments.tournament_results_chart

    def draw(kind: str, df: Any, where: str) -> Any:
        kept.append((f"{kind}-{sum(k[1] == kind for k in kept) + 1}", kind, (df, where)))
        return drawing(kind, df, where)

    def tournament_chart(df: Any, player: str) -> Any:
        kept.append((f"tournaments-{sum(k[1] == 'tournaments' for k in kept) + 1}",
                     "tournaments", (df, player)))
        return results_chart(df, player)

    sections.draw = draw  # type: ignore[assignment]
    tournaments.tournament_results_chart = tournament_chart  # type: ignore[assignment]
    started = time.process_time()
    page.build_report(Store(store))
    print(f"report: {time.process_time() - started:.2f} s of processor time, "
          f"{len(kept)} charts kept in {data}")
    Path(data).write_bytes(pickle.dumps(kept))


def _chart(kind: str, args: tuple[Any, ...]) -> Any:
    from hhtools.report.charts import draw
    from hhtools.report.tournament_chart import tournament_results_chart

    return tournament_results_chart(*args) if kind == "tournaments" else draw(kind, *args)


def _warm(kept: list[tuple[str, str, tuple[Any, ...]]]) -> None:
    """The first chart drawn and saved once: matplotlib imported, its fonts found."""
    from hhtools.report.html import png

    png(_chart(kept[0][1], kept[0][2]))


def child(data: str) -> None:
    """Under callgrind: each chart built, then saved, a mark (``os.getppid``) after each."""
    from hhtools.report.html import png

    kept = pickle.loads(Path(data).read_bytes())
    _warm(kept)
    os.getppid()
    for _, kind, args in kept:
        fig = _chart(kind, args)
        os.getppid()
        png(fig)
        os.getppid()


def instructions(data: str) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from callgrind import counts

    kept = pickle.loads(Path(data).read_bytes())
    code = ("import runpy, sys; sys.argv = ['charts.py', '--child', sys.argv[1]]; "
            f"runpy.run_path({str(Path(__file__).resolve())!r}, run_name='__main__')")
    # Run from bench/, so that the child imports the hhtools its interpreter has installed,
    # not this checkout's (``python -c`` puts the working folder first on the path).
    _, parts = counts(sys.executable, code, [str(Path(data).resolve())], "charts",
                      cwd=Path(__file__).resolve().parent)
    # parts: start and warming, then build and save of each chart, then the exit.
    totals = [0, 0]
    print(f"{'chart':16} {'build M':>9} {'save M':>9}")
    for i, (name, _, _) in enumerate(kept):
        build, save = parts[1 + 2 * i], parts[2 + 2 * i]
        totals[0] += build
        totals[1] += save
        print(f"{name:16} {build / 1e6:9.1f} {save / 1e6:9.1f}")
    print(f"{'all':16} {totals[0] / 1e6:9.1f} {totals[1] / 1e6:9.1f}")
    print(f"{'start, warm':16} {parts[0] / 1e6:9.1f}")


def measure(data: str, repeat: int, pngs: str | None) -> None:
    from hhtools.report.html import png

    kept = pickle.loads(Path(data).read_bytes())
    if pngs:
        Path(pngs).mkdir(parents=True, exist_ok=True)
    _warm(kept)
    totals = [0.0, 0.0]
    print(f"{'chart':16} {'build s':>8} {'save s':>8} {'bytes':>8}  sha256")
    for name, kind, args in kept:
        builds, saves = [], []
        for _ in range(repeat):
            started = time.process_time()
            fig = _chart(kind, args)
            built = time.process_time()
            encoded = png(fig)
            builds.append(built - started)
            saves.append(time.process_time() - built)
        image = base64.b64decode(encoded)
        if pngs:
            (Path(pngs) / f"{name}.png").write_bytes(image)
        build, save = statistics.median(builds), statistics.median(saves)
        totals[0] += build
        totals[1] += save
        print(f"{name:16} {build:8.3f} {save:8.3f} {len(image):8}  "
              f"{hashlib.sha256(image).hexdigest()[:12]}")
    print(f"{'all':16} {totals[0]:8.3f} {totals[1]:8.3f}")


def compare(old: str, new: str) -> None:
    import numpy as np
    from matplotlib.image import imread

    for before in sorted(Path(old).glob("*.png")):
        after = Path(new) / before.name
        a = (imread(io.BytesIO(before.read_bytes())) * 255).round().astype(np.int16)
        b = (imread(io.BytesIO(after.read_bytes())) * 255).round().astype(np.int16)
        if a.shape != b.shape:
            print(f"{before.name}: sizes differ, {a.shape} against {b.shape}")
            continue
        differ = np.abs(a - b).max(axis=2)
        print(f"{before.name}: {int((differ > 0).sum())} of {differ.size} pixels differ "
              f"(largest {int(differ.max())} of 255), bytes "
              f"{'equal' if before.read_bytes() == after.read_bytes() else 'differ'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--capture", metavar="STORE")
    parser.add_argument("--data", metavar="FILE")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pngs", metavar="FOLDER")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--child", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
    elif args.instructions and args.data:
        instructions(args.data)
    elif args.compare:
        compare(*args.compare)
    elif args.capture and args.data:
        capture(args.capture, args.data)
    elif args.data:
        measure(args.data, args.repeat, args.pngs)
    else:
        parser.error("--capture STORE --data FILE, --data FILE, or --compare OLD NEW")
        sys.exit(2)


if __name__ == "__main__":
    main()
