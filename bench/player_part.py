"""A report's featured player's part measured without a profiler (bench/README.md, p28-player).

    python bench/player_part.py phases STORE OUT.html [--whole]
        a report of STORE (cold when XDG_CACHE_HOME is empty): the processor time, resident
        memory and peak (VmHWM, reset at each outermost phase) of the survey, the player
        counts, the store's reports, each player's part and its sections, the player's
        sessions, showdown classes, winnings series and charts; with --whole the peak is
        never reset (the process's peak so far: where it grows is where the report's is);
    python bench/player_part.py alone STORE sessions|showdowns [REPEAT]
        Hero's figures read from a warm cache's batch entries one batch at a time (as a cold
        report gathers them: a chunk a batch), then ``PlayerData.sessions(30)`` or
        ``.showdown_classes()`` timed REPEAT times in that process.

Linux only (``/proc/self``). Run it from the tree measured, on a copy of the store.
"""

from __future__ import annotations

import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def memory() -> tuple[int, int]:
    """The resident memory and its peak since the last ``reset``, in MB."""
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0]) // 1024
    return found["VmRSS"], found["VmHWM"]


def reset() -> None:
    """Start the peak (VmHWM) again from the resident memory now."""
    Path("/proc/self/clear_refs").write_text("5")


_depth = [0]
#: Whether each outermost phase's peak is its own (VmHWM reset as it begins).
_resets = [True]


def timed(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    def call(*args: Any, **kwargs: Any) -> Any:
        before, _ = memory()
        if _depth[0] == 0 and _resets[0]:
            reset()
        _depth[0] += 1
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            _depth[0] -= 1
            after, peak = memory()
            print(f"{'  ' * _depth[0]}{name:30s} {time.process_time() - start:7.2f} s "
                  f"rss {before} -> {after} peak {peak} MB", file=sys.stderr, flush=True)
    return call


def phases(store_path: str, out: str) -> None:
    from hhtools.analytics import player
    from hhtools.report import html, page, sections
    from hhtools.store.store import Store

    for name in ("survey", "player_counts", "store_reports", "_player_part"):
        setattr(page, name, timed(getattr(page, name), name))
    for name in ("sessions", "showdown_classes", "winnings"):
        setattr(player.PlayerData, name,
                timed(getattr(player.PlayerData, name), f"PlayerData.{name}"))
    sections.draw = timed(sections.draw, "charts.draw")
    sections.header = timed(sections.header, "section header")
    html.png_bytes = timed(html.png_bytes, "png_bytes")
    sections.SECTIONS[:] = [(key, title, timed(section, f"section {key}"))
                            for key, title, section in sections.SECTIONS]
    start = time.process_time()
    Path(out).write_text(page.build_report(Store(store_path)))
    print(f"total {time.process_time() - start:.2f} s, maximum resident "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB", file=sys.stderr)


def alone(store_path: str, what: str, repeat: int) -> None:
    import polars as pl

    from hhtools.analytics.filters import store_names
    from hhtools.analytics.partials import read_entry
    from hhtools.analytics.player import Gatherer
    from hhtools.analytics.stats import Filters
    from hhtools.report import page
    from hhtools.store.store import Store

    store = Store(store_path).snapshot()
    filters = Filters()
    cache = page._Cache.of(store, filters)
    if cache is None:
        sys.exit("no cache folder")
    gathering = Gatherer("Hero", filters, sums=False)
    for key in cache.batch_keys(store.batch_folders()):
        part = read_entry(cache.batch_entry(key, "Hero"), page.GATHERED) if key else None
        if part is None:
            sys.exit("a batch's entry is missing: run a report of the store first")
        gathering.take(part)
    data = gathering.done(store_names(store), page._whole_parts(store, gathering))
    for _ in range(repeat):
        before, _ = memory()
        reset()
        start = time.process_time()
        made: pl.DataFrame = (data.sessions(30) if what == "sessions"
                              else data.showdown_classes())
        spent = time.process_time() - start
        after, peak = memory()
        print(f"{what}: {spent:.2f} s; rss {before} -> {after}, peak {peak} "
              f"(+{peak - before} MB); {made.height} rows", flush=True)
        del made


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "phases":
        _resets[0] = "--whole" not in sys.argv[4:]
        phases(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 4 and sys.argv[1] == "alone" and sys.argv[3] in ("sessions", "showdowns"):
        alone(sys.argv[2], sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    else:
        sys.exit(__doc__)
