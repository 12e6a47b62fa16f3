"""Which hands the store holds, told without holding every stored key in memory.

Each batch holds beside its tables a key index, ``keys.json``, written with it: for each site
the lowest and highest hand id the batch holds and how many hands, and how many hands it holds
of each history file. An import (or a watch, for each hand) reads these few hundred bytes per
batch, once per process (a batch is never changed in place); a key is then looked for only in
the batches whose range of its site holds it, by reading their key columns. Hand ids grow with
time at every site, so a new hand lies past the ranges of the batches stored before it, and
reading a file again meets the few batches its hands went into: what an import reads of the
store grows with the hands it brings, not with the store. Only hands interleaved with those of
many batches (files of one period imported in many runs, table by table) make it read more.

A batch written before the index has no ``keys.json``: its index is made from its hands table
the first time a process needs it.
"""

from __future__ import annotations

import json
import os
import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from hhtools.store.tables import KEY, SCHEMAS

#: The key index's file in a batch folder.
INDEX = "keys.json"

Key = tuple[str, str]


@dataclass(frozen=True)
class KeyIndex:
    """What a batch's key index says: its hands, by site and by history file."""

    hands: int  # distinct (site, hand id) pairs
    sites: tuple[tuple[str, str, str, int], ...]  # (site, lowest hand id, highest, hands)
    paths: tuple[tuple[str | None, int], ...]  # (history file, hands), by file

    @classmethod
    def of(cls, hands: pl.DataFrame) -> KeyIndex:
        """The index of a hands table (its site, hand_id and path columns at least)."""
        # A key appears once in a sound batch; a repeated one is counted once, so a table that
        # holds a hand twice has more rows than its index has hands, and that tells it.
        unique = (hands.select(KEY + ["path"]).unique(KEY, keep="first", maintain_order=True)
                  .with_columns(pl.col(KEY).fill_null("")))
        sites = (unique.group_by("site")
                 .agg(pl.col("hand_id").min().alias("first"), pl.col("hand_id").max().alias("last"),
                      pl.len().alias("hands"))
                 .sort("site"))
        paths = unique.group_by("path").len().sort("path", nulls_last=True)
        return cls(unique.height,
                   tuple((s, f, la, int(n)) for s, f, la, n in sites.iter_rows()),
                   tuple((p, int(n)) for p, n in paths.iter_rows()))

    def text(self) -> str:
        """The index as written to ``keys.json``: JSON, so any hand id or path reads back."""
        return json.dumps({"hands": self.hands, "sites": [list(s) for s in self.sites],
                           "paths": [list(p) for p in self.paths]}, ensure_ascii=False) + "\n"

    @classmethod
    def parse(cls, text: str) -> KeyIndex:
        """The index written as ``text``; ValueError if it is not one."""
        data = json.loads(text)
        if not isinstance(data, dict) or set(data) != {"hands", "sites", "paths"}:
            raise ValueError("not a key index")
        hands, sites, paths = data["hands"], data["sites"], data["paths"]
        if not (_count(hands) and isinstance(sites, list) and isinstance(paths, list)):
            raise ValueError("not a key index")
        if not all(isinstance(s, list) and len(s) == 4 and all(isinstance(v, str) for v in s[:3])
                   and _count(s[3]) and s[1] <= s[2] for s in sites):
            raise ValueError("not a key index")
        if not all(isinstance(p, list) and len(p) == 2 and (p[0] is None or isinstance(p[0], str))
                   and _count(p[1]) for p in paths):
            raise ValueError("not a key index")
        if sum(s[3] for s in sites) != hands or sum(p[1] for p in paths) != hands:
            raise ValueError("not a key index")
        return cls(hands, tuple((s[0], s[1], s[2], s[3]) for s in sites),
                   tuple((p[0], p[1]) for p in paths))


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def write_index(batch: Path) -> Path:
    """Write the key index of the batch being written in ``batch``, from its hands table."""
    hands = pl.read_parquet(batch / "hands.parquet", columns=KEY + ["path"])
    file = batch / INDEX
    file.write_text(KeyIndex.of(hands).text(), encoding="utf-8")
    return file


class Held:
    """A batch's key index and how many rows its hands table has (more than the index's
    hands: a hand stored twice). ``written``: the index was read from ``keys.json``, else
    made from the hands table of a batch written before the index."""

    def __init__(self, index: KeyIndex, hands: Path, written: bool, rows: int | None = None):
        self.index = index
        self.written = written
        self._hands = hands
        self._rows = rows

    @property
    def rows(self) -> int:
        """Read from the hands table's footer when first asked: deciding duplicates needs
        only the index, and a footer read for each of a thousand batches costs seconds.
        Raises polars' errors for a hands table that does not read."""
        if self._rows is None:
            self._rows = (pl.scan_parquet(self._hands, schema=SCHEMAS["hands"])
                          .select(pl.len()).collect().item())
        return self._rows


#: The indexes read, by (batch, the signatures of its hands table and index): batches are not
#: changed in place, so a watch reads each one once; a file replaced has a new signature.
_HELD: dict[tuple[str, tuple[int, int, int], tuple[int, int, int] | None], Held] = {}


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return None
    return stat.st_ino, stat.st_size, stat.st_mtime_ns


#: When each batch's index was last read or found unchanged (time.monotonic()), for the
#: lookups that trust it for a while (``batch_index``'s ``trusted``).
_CHECKED_AT: dict[str, tuple[float, Held]] = {}


def batch_index(batch: Path, trusted: float = 0.0) -> Held:
    """The key index of a published batch, read once per process; ``trusted``: for so many
    seconds after it was read or found unchanged, its files are not looked at again (a
    watch looks before every hand).

    Raises OSError (FileNotFoundError for a batch without its hands table), ValueError for a
    ``keys.json`` that is not an index, or polars' errors for a hands table that does not read
    (of a batch without ``keys.json``; else when its ``rows`` are asked for).
    """
    now = time.monotonic()
    if trusted and (checked := _CHECKED_AT.get(str(batch))) is not None \
            and now - checked[0] < trusted:
        return checked[1]
    held = _batch_index(batch)
    if len(_CHECKED_AT) > 100_000:
        _CHECKED_AT.clear()
    _CHECKED_AT[str(batch)] = (now, held)
    return held


def _batch_index(batch: Path) -> Held:
    hands = batch / "hands.parquet"
    table = _signature(hands)
    if table is None:
        raise FileNotFoundError(hands)
    own = _signature(batch / INDEX)
    seen = (str(batch), table, own)
    if (held := _HELD.get(seen)) is not None:
        return held
    if own is None:
        # A batch written before the index: its keys are read this once.
        keys = pl.read_parquet(hands, columns=KEY + ["path"])
        held = Held(KeyIndex.of(keys), hands, written=False, rows=keys.height)
    else:
        held = Held(KeyIndex.parse((batch / INDEX).read_text(encoding="utf-8")), hands,
                    written=True)
    if len(_HELD) > 100_000:
        _HELD.clear()
    _HELD[seen] = held
    return held


class StoredKeys:
    """The keys of the hands stored in some batches, looked up batch by batch as needed."""

    def __init__(self, batches: Iterable[Path], trusted: float = 0.0):
        """``trusted``: as for ``batch_index``."""
        self._ranges: dict[str, list[tuple[str, str, Path]]] = {}
        self._per_file: Counter[str | None] = Counter()
        for batch in batches:
            index = batch_index(batch, trusted).index
            for site, first, last, _ in index.sites:
                self._ranges.setdefault(site, []).append((first, last, batch))
            for path, hands in index.paths:
                self._per_file[path] += hands

    def hands_of(self, path: str) -> int:
        """How many hands of the history file ``path`` are stored."""
        return self._per_file[path]

    def held(self, keys: Collection[Key]) -> set[Key]:
        """Those of ``keys`` that are stored. Raises polars' errors if a batch read for them
        does not read."""
        if not self._ranges:
            return set()  # nothing was stored before: nothing to look for (a fresh store)
        by_site: dict[str, list[str]] = {}
        for site, hand_id in keys:
            by_site.setdefault(site, []).append(hand_id)
        batches = set()
        for site, ids in by_site.items():
            ids.sort()
            for first, last, batch in self._ranges.get(site, ()):
                at = bisect_left(ids, first)
                if at < len(ids) and ids[at] <= last:
                    batches.add(batch)
        if not batches:
            return set()
        wanted = pl.LazyFrame(list(keys), schema={"site": pl.String, "hand_id": pl.String},
                              orient="row")
        found = (pl.scan_parquet([b / "hands.parquet" for b in sorted(batches)],
                                 schema=SCHEMAS["hands"])
                 .select(KEY).join(wanted, on=KEY, how="semi").collect())
        return set(found.iter_rows())
