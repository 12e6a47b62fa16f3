"""The ``hhtools stats`` reports of a whole store, read batch by batch.

A batch of the store holds whole hands (hhtools.store.store), so every per-hand fact of a
report (a player's walks, the pats faced in a draw round, a split pot's halves) is made
inside one batch: each batch gives its partial sums (``stats.partial_sums``: counts and
exact nets per group), the batches' partial sums are concatenated, and the reports are
finished from them (``stats.finish``). Memory is one batch's tables and the groups, not
the store's tables.

A batch never changes once written, so its partial sums over all its hands are kept in the
user's cache folder (``$XDG_CACHE_HOME/hhtools/partials``), under a key made of the batch's
digests and its table files' sizes and times: a report of the whole store, or of one player,
then reads the small cached sums of each batch and none of its tables; and the sums of a
whole store, summed per group over its batches, are cached too (one entry per store, made
again when a batch is added or merged), so that a report reads a few small files. Other
filters (a game, a site, dates, a position) select hands inside each batch: those batches
are read again.

>>> from hhtools.store.store import Store
>>> store_reports(Store("/nonexistent"), Filters())["players"].height
0
"""

from __future__ import annotations

import hashlib
import io
import json
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, wait
from dataclasses import replace
from functools import partial
from pathlib import Path

import polars as pl

from hhtools.analytics.filters import TRIES, batch_tables, merged_again
from hhtools.analytics.stats import (
    COLUMNS,
    DEFAULT_REPORTS,
    PARTS,
    REPORTS,
    Filters,
    Tables,
    check_filters,
    finish,
    part_groups,
    partial_sums,
)
from hhtools.core.resources import cache_folder
from hhtools.store.store import Store
from hhtools.store.tables import DIGESTS, READ_ERRORS

#: Changed whenever the partial sums change, so that sums cached by another version are
#: never read (the polars version too: the sums are its Arrow IPC streams, ``FRAMES``).
VERSION = f"2-polars-{pl.__version__}"
#: The player names of a batch, every one (``check_filters`` checks names against them).
NAMES = "names"
#: Every partial sum a batch's cache holds.
ALL_PARTS = (NAMES, *sorted({part for parts in PARTS.values() for part in parts}))


def store_reports(store: Store, filters: Filters, names: Iterable[str] = DEFAULT_REPORTS,
                  by: Sequence[str] = ("player", "unit")) -> dict[str, pl.DataFrame]:
    """``stats.reports`` of every hand of ``store`` that ``filters`` selects, read batch by
    batch (the filters' names are checked first, as ``reports`` does)."""
    names = list(names)
    filters, parts = store_parts(store, filters, names)
    return {name: finish(parts, filters, name, by) for name in names}


def store_parts(store: Store, filters: Filters, names: Iterable[str] = DEFAULT_REPORTS,
                whole_only: bool = False) -> tuple[Filters, dict[str, pl.DataFrame]]:
    """The filters checked and the partial sums (``stats.partial_sums``) that the reports
    ``names`` of every hand of ``store`` that ``filters`` selects are finished from, read
    batch by batch. ``whole_only``: none (an empty dict) unless ``filters`` select by player
    alone, whose sums are cached (the caller makes the others in its own read)."""
    names = list(names)
    for _ in range(TRIES):
        found = _read(store.snapshot(), filters, names, whole_only)
        if found is not None:
            return found
    raise merged_again(store)


def _read(store: Store, filters: Filters, names: list[str],
          whole_only: bool = False) -> tuple[Filters, dict[str, pl.DataFrame]] | None:
    """The checked filters and partial sums, or None when a batch was merged away under
    the read."""
    folders = store.batch_folders()
    whole = replace(filters, player=None) == Filters()
    if not folders:
        if whole_only and not whole:
            return filters, {}
        t = Tables.load(store)
        filters = check_filters(filters, t.player_names())
        return filters, partial_sums(t, filters, names)
    # A report of one player is the rows of that player in the reports of everyone (every
    # group holds the player): the cached sums of every hand serve it.
    chosen: list[dict[str, pl.DataFrame]] = []
    if whole:
        summed = _whole(store, folders)
        if summed is None:
            return None
        filters = check_filters(filters, _names([summed]))
        chosen = [summed if filters.player is None else
                  {name: part.filter(pl.col("player") == filters.player)
                   for name, part in summed.items()}]
    elif whole_only:
        return filters, {}
    else:
        known = []
        for folder in folders:
            cached = _cached(folder, (NAMES,))
            known.append(cached if cached is not None else {NAMES: _batch_names(store, folder)})
        filters = check_filters(filters, _names(known))
        for folder in folders:
            parts = _batch(store, folder, filters, names)
            if parts is None:
                return None
            chosen.append(parts)
    wanted = {part for name in names for part in PARTS[name]}
    return filters, {name: pl.concat([p[name] for p in chosen], how="vertical_relaxed")
                     for name in chosen[0] if name in wanted}


def _whole(store: Store, folders: list[Path]) -> dict[str, pl.DataFrame] | None:
    """The partial sums of every hand of the batches ``folders``, summed per group: cached
    for this very set of batches (the next import makes another), else made from each
    batch's. None when a batch was merged away under the read."""
    root = cache_folder("partials")
    # The store's entry is named by its folder and its batches: one per store is kept.
    keys = [_key(folder) for folder in folders]
    named = store_place(store, keys)
    name = None
    chosen = []
    if root is not None and named is not None:
        name = f"store-{named[0]}-{named[1]}"
        if (found := _read_parts(root / name, ALL_PARTS)) is not None:
            return found
        # After an import the entry of the batches before it, summed, stands for them: the
        # sums are counts and exact nets, which add up in any grouping.
        present = set(keys)
        if (earlier := earlier_entry(root, named[0], "", ALL_PARTS,
                                     lambda old: set(old) <= present)) is not None:
            covered, parts = set(earlier[0]), earlier[1]
            chosen.append(parts)
            folders = [f for f, key in zip(folders, keys) if key not in covered]
    # The batches the read ends with are summed by a second process meanwhile (``Aside``).
    aside = (Aside.start(partial(_sum_aside, str(store.root)),
                         [folder for folder in folders if _cached(folder, ()) is None])
             if root is not None else None)
    try:
        for folder in folders:
            if aside:
                aside.claim(folder)
            made = _cached(folder) or _batch(store, folder, Filters(), REPORTS, cache=True)
            if made is None:
                return None
            chosen.append(made)
    finally:
        if aside:
            aside.close()
    groups = part_groups()
    summed = {NAMES: pl.concat([p[NAMES] for p in chosen]).unique().sort("player")}
    for part, by in groups.items():
        frame = pl.concat([p[part] for p in chosen], how="vertical_relaxed")
        summed[part] = frame.group_by(by).agg(pl.exclude(by).sum())
    if root is not None and named is not None and name is not None:
        _write_parts(root, name, {**summed, BATCHES: batch_list(keys)})
        forget_others(root, *named)
    return summed


def _names(parts: list[dict[str, pl.DataFrame]]) -> list[str]:
    return pl.concat([p[NAMES] for p in parts])["player"].unique().to_list()


def _batch_names(store: Store, folder: Path) -> pl.DataFrame:
    players = store.only([folder]).read_columns("players", ["player"])
    return players.select(pl.col("player").unique())


def _batch(store: Store, folder: Path, filters: Filters, names: Iterable[str],
           cache: bool = False) -> dict[str, pl.DataFrame] | None:
    """The partial sums of the hands of batch ``folder`` that ``filters`` selects (every
    one's, kept in the cache, with ``cache``); None when the batch was merged away."""
    if (batch := batch_tables(store, folder, filters if filters != Filters() else None)) is None:
        return None
    parts = _sums(batch[1], filters, names)
    if cache:
        _keep(folder, parts)
    return parts


def _sums(tables: Tables, filters: Filters, names: Iterable[str]) -> dict[str, pl.DataFrame]:
    """The partial sums of ``tables``, and their player names (``NAMES``)."""
    parts = partial_sums(tables, filters, names)
    parts[NAMES] = tables.players.select(pl.col("player").unique())
    return parts


def keep_sums(folder: Path, tables: Tables) -> None:
    """Make and cache the partial sums of batch ``folder`` from its ``tables`` (every hand's,
    read by another reader of every batch: the report's page), unless they are cached: the
    store's sums are then made without reading the batch again."""
    key, root = _key(folder), cache_folder("partials")
    if key is None or root is None or (root / key).is_dir():
        return
    if tables.hands.height <= SUM_SLICE:
        _write_parts(root, key, _sums(tables, Filters(), REPORTS))
        return
    # Partial sums of disjoint hands concatenated are those of all of them (``partial_sums``).
    slices = [partial_sums(part, Filters(), REPORTS) for part in tables.hand_slices(SUM_SLICE)]
    parts = {name: pl.concat([s[name] for s in slices], how="vertical_relaxed")
             for name in slices[0]}
    parts[NAMES] = tables.players.select(pl.col("player").unique())
    _write_parts(root, key, parts)


#: The hands of a batch whose partial sums are made at once (``keep_sums``): a batch merged
#: from many (50,000 hands and more) made its sums' frames, some 200 MB, at the report's peak.
SUM_SLICE = 10_000

#: The fewest batches that ``Aside`` gives a second process: starting one (an interpreter,
#: polars, the analytics) costs some 1 s of processor time, a batch's work some 50-100 ms.
ASIDE_FROM = 16


class Aside:
    """A second process working on a list of batches while the reader works on the same
    list: a cold report of a million hands is some 200 batches of work that one core did
    alone. What the second process makes of a batch it keeps in the cache, where the reader
    then finds it, as it finds what an earlier read kept.

    The second process takes the batches from the last one back, the reader from the first
    on (``claim``), so the two meet once, wherever that is: each batch is worked on once.
    A batch the second process could not finish (merged under it, the process lost) has
    nothing cached, and the reader makes it as it would without this."""

    def __init__(self, pool: ProcessPoolExecutor, begun: dict[Path, Future[None]]):
        self._pool = pool
        self._begun = begun

    @classmethod
    def start(cls, task: Callable[[str], None], folders: Sequence[Path]) -> Aside | None:
        """A second process running ``task`` (picklable: a function of the module's, with
        its arguments bound by ``functools.partial``) on each of ``folders`` (its path as
        text) from the last one back; None when they are too few (``ASIDE_FROM``)."""
        if len(folders) < ASIDE_FROM:
            return None
        # Spawned, not forked: polars' threads, already running here, do not survive a fork.
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_aside, initargs=(os.getpid(),))
        begun = {}
        try:
            for folder in reversed(folders):
                begun[folder] = pool.submit(task, str(folder))
        except BaseException as error:
            # Ctrl-C while the process starts (its first task waits for it) must not leave
            # it every batch to make before this process may end: what is not begun goes.
            pool.shutdown(wait=True, cancel_futures=True)
            if isinstance(error, OSError):
                return None  # no process to be had (a limit, no memory): the reader makes all
            raise
        return cls(pool, begun)

    def claim(self, folder: Path) -> None:
        """Before the reader works on ``folder``: the second process's work on it taken
        away when not begun, else waited for (what it made is then cached)."""
        begun = self._begun.get(folder)
        if begun is not None and not begun.cancel():
            # Its failure, if any, leaves nothing cached: the reader makes the batch's figures.
            wait([begun])

    def close(self) -> None:
        """Stop what is not begun and wait for what is: at the read's end nothing is left,
        but a read that stops early (a batch merged under it, an error) leaves the rest."""
        self._pool.shutdown(wait=True, cancel_futures=True)


def _start_aside(parent: int) -> None:
    """The second process's start: Ctrl-C reaches every process of the terminal's job, but
    the report stops from its own (this one would print a traceback); and this one ends with
    it, even when it is killed (its task queue would otherwise keep this one waiting)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="hhtools-aside-watch", daemon=True).start()


def _sum_aside(root: str, folder: str) -> None:
    """The second process's work on batch ``folder`` of the store at ``root`` (``Aside``):
    its partial sums, cached (``_keep``); nothing when it was merged away meanwhile."""
    _batch(Store(root), Path(folder), Filters(), REPORTS, cache=True)


def _key(folder: Path) -> str | None:
    return batch_key(folder, VERSION)


def batch_key(folder: Path, version: str) -> str | None:
    """The cache key of a batch for what ``version`` names (a kind of figures and the version
    of their making): the batch's digests (hhtools.store.store) and the size and time of
    each table file the reports read, so a file rewritten in place (damage, a repair) is read
    again; None for a batch written without digests."""
    try:
        digests = (folder / DIGESTS).read_bytes()
        stats = [(folder / f"{table}.parquet").stat() for table in COLUMNS]
    except OSError:
        return None
    key = hashlib.blake2b(digest_size=16)
    key.update(version.encode())
    key.update(digests)
    for stat in stats:
        key.update(f"{stat.st_size} {stat.st_mtime_ns}\n".encode())
    return key.hexdigest()


def _cached(folder: Path, wanted: Sequence[str] = ALL_PARTS) -> dict[str, pl.DataFrame] | None:
    """The cached partial sums ``wanted`` of a batch, None when there are none (or they
    cannot be read: they are then made again)."""
    key, root = _key(folder), cache_folder("partials")
    if key is None or root is None:
        return None
    return _read_parts(root / key, wanted)


def store_place(store: Store, keys: Sequence[str | None]) -> tuple[str, str] | None:
    """What names a store's cached entries (``_whole``): its folder, and its batches (their
    keys: the next import makes another); None when a batch has no key."""
    if None in keys:
        return None
    place = hashlib.blake2b(str(store.root.resolve()).encode(), digest_size=8).hexdigest()
    return place, hashlib.blake2b("".join(sorted(k for k in keys if k)).encode(),
                                  digest_size=16).hexdigest()


#: The frame of a store's entry listing the keys of the batches it was made of, in the
#: store's order (``earlier_entry``).
BATCHES = "batches"


def batch_list(keys: Sequence[str | None]) -> pl.DataFrame:
    """The ``BATCHES`` frame of a store's entry made of the batches of ``keys``."""
    return pl.DataFrame({"key": list(keys)}, schema={"key": pl.String})


def earlier_entry(root: Path, place: str, suffix: str, wanted: Sequence[str],
                  present: Callable[[list[str]], bool]
                  ) -> tuple[list[str], dict[str, pl.DataFrame]] | None:
    """The frames ``wanted`` of the entry of store ``place`` named with ``suffix`` that was
    kept for an earlier set of its batches (``forget_others`` leaves one set), and the keys
    of those batches (``BATCHES``), when ``present`` says they serve the present batches:
    a report after an import then reads that entry and the new batches, not every batch's
    own entry. None when there is no such entry, or it cannot be read."""
    for entry in sorted(root.glob(f"store-{place}-*{suffix}")):
        if len(entry.name) != len(f"store-{place}-") + 32 + len(suffix):
            continue  # another kind of entry of the same store (a player's sessions)
        frames = _read_parts(entry, (BATCHES, *wanted))
        if frames is None:
            continue
        keys = frames.pop(BATCHES)["key"].to_list()
        if present(keys):
            return keys, frames
    return None


def forget_others(root: Path, place: str, batches: str) -> None:
    """Delete the entries of store ``place`` cached for other batches than ``batches``: one
    set per store is kept."""
    for old in root.glob(f"store-{place}-*"):
        if not old.name.startswith(f"store-{place}-{batches}"):
            shutil.rmtree(old, ignore_errors=True)


def read_entry(entry: Path, wanted: Sequence[str]) -> dict[str, pl.DataFrame] | None:
    """The frames ``wanted`` of a cache entry (a folder holding ``FRAMES`` and ``INDEX``),
    None when it is not there or cannot be read (its figures are then made again)."""
    return _read_parts(entry, wanted)


def write_entry(root: Path, name: str, parts: dict[str, pl.DataFrame]) -> None:
    """Cache ``parts`` as the entry ``name`` of ``root``: written apart, then renamed into
    place, so a reader never meets half of it. An entry that cannot be written is left: it
    only saves time."""
    _write_parts(root, name, parts)


def _read_parts(entry: Path, wanted: Sequence[str]) -> dict[str, pl.DataFrame] | None:
    try:
        index = json.loads((entry / INDEX).read_text())
        found = {}
        with open(entry / FRAMES, "rb") as frames:
            for name in wanted:
                start, end = index[name]
                frames.seek(start)
                found[name] = pl.read_ipc_stream(io.BytesIO(frames.read(end - start)))
        return found
    except (*READ_ERRORS, ValueError, KeyError, TypeError):
        # Not there, damaged, or of another making: the figures are made again.
        return None


def _keep(folder: Path, parts: dict[str, pl.DataFrame]) -> None:
    """Cache a batch's partial sums: written apart, then renamed into place, so a reader
    never meets half of them. A cache that cannot be written is left: it only saves time."""
    key, root = _key(folder), cache_folder("partials")
    if key is not None and root is not None:
        _write_parts(root, key, parts)


#: The files of a cache entry: its frames, one Arrow IPC stream after another, and where
#: each begins and ends (JSON). A Parquet file a frame (some twenty a batch) cost a writer
#: each: a third of the time of what a cold report gathered of a batch but the classes;
#: streams written to the file itself hold no copy of a big frame (a player's hands).
FRAMES, INDEX = "frames.arrows", "index.json"


def _write_parts(root: Path, name: str, parts: dict[str, pl.DataFrame]) -> None:
    if (root / name).is_dir():
        return
    try:
        work = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=root))
    except OSError:
        return
    try:
        index = {}
        with open(work / FRAMES, "wb") as frames:
            for part, frame in parts.items():
                start = frames.tell()
                frame.write_ipc_stream(frames, compression="lz4")
                index[part] = (start, frames.tell())
        (work / INDEX).write_text(json.dumps(index))
        os.rename(work, root / name)
    except READ_ERRORS:
        # Written meanwhile by another reader, or no room: the sums are made again next time.
        shutil.rmtree(work, ignore_errors=True)
