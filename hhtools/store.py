"""The hand store: a folder of Parquet files, written and read with polars, no server.

Layout (readable as is by DuckDB or Spark with a glob such as ``batches/*/hands.parquet``)::

    <db>/batches/<batch id>/<table>.parquet   one folder per committed batch
    <db>/tmp/<batch id>/                       a batch being written

A batch is written completely under ``tmp/`` and then moved into ``batches/`` with one
``os.rename``, which is atomic on a POSIX file system: a crash or a kill at any moment leaves
either the whole batch or none of it. A batch holds whole hands only, and the ``files`` rows
that mark a file as imported travel in the batch holding that file's last hands, so a file cut
short by a crash is read again by the next import, which skips the hands already stored.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Mapping
from pathlib import Path

import polars as pl

from hhtools.errors import HHToolsError, UsageError

MONEY = pl.Decimal(38, 4)

#: Every table and its columns. Money is Decimal, never float; times are UTC.
SCHEMAS: dict[str, dict[str, pl.DataType]] = {
    "hands": {
        "site": pl.String, "hand_id": pl.String, "game": pl.String, "structure": pl.String,
        "currency": pl.String, "small_bet": MONEY, "big_bet": MONEY, "small_blind": MONEY,
        "big_blind": MONEY, "ante": MONEY, "table": pl.String, "max_seats": pl.Int32,
        "button_seat": pl.Int32, "started_at": pl.Datetime("us", "UTC"), "tournament_id": pl.String,
        "hero": pl.String, "players": pl.Int32, "cancelled": pl.Boolean, "total_pot": MONEY,
        "rake": MONEY, "verdict": pl.String, "path": pl.String, "line": pl.Int32,
    },
    "players": {
        "site": pl.String, "hand_id": pl.String, "player": pl.String, "seat": pl.Int32,
        "position": pl.String, "starting_stack": MONEY, "sitting_out": pl.Boolean,
        "is_hero": pl.Boolean, "put_in": MONEY, "collected": MONEY, "returned": MONEY,
        "net": MONEY, "showed": pl.Boolean, "cards": pl.String,
        # Betting facts per player and hand (hhtools.rows.betting_facts).
        "vpip": pl.Boolean, "raised_predraw": pl.Boolean, "three_bet_chance": pl.Boolean,
        "three_bet": pl.Boolean, "fold_street": pl.String, "showdown": pl.Boolean,
        **{f"{what}_{street}": pl.Int16 for what in ("agg", "calls")
           for street in ("predraw", "draw1", "draw2", "draw3")},
    },
    "actions": {
        "site": pl.String, "hand_id": pl.String, "seq": pl.Int32, "street": pl.String,
        "player": pl.String, "kind": pl.String, "amount": MONEY, "to": MONEY,
        "all_in": pl.Boolean, "count": pl.Int32, "discarded": pl.String, "new_cards": pl.String,
        "line": pl.Int32,
    },
    "draws": {
        "site": pl.String, "hand_id": pl.String, "game": pl.String, "player": pl.String,
        "street": pl.String, "count": pl.Int32, "before": pl.String, "after": pl.String,
        "made_before": pl.Boolean, "made_after": pl.Boolean, "line": pl.Int32,
    },
    "halves": {
        "site": pl.String, "hand_id": pl.String, "pot": pl.String, "component": pl.String,
        "amount": MONEY, "player": pl.String, "winners": pl.Int32,
    },
    "pots": {
        "site": pl.String, "hand_id": pl.String, "pot": pl.String, "player": pl.String,
        "amount": MONEY, "line": pl.Int32,
    },
    "findings": {
        "site": pl.String, "hand_id": pl.String, "kind": pl.String, "message": pl.String,
        "line": pl.Int32,
    },
    "rejected": {
        "path": pl.String, "line": pl.Int32, "column": pl.Int32, "site": pl.String,
        "hand_id": pl.String, "reason": pl.String,
    },
    "skipped": {"path": pl.String, "site": pl.String, "hand_id": pl.String, "game": pl.String},
    "files": {
        "path": pl.String, "size": pl.Int64, "mtime_ns": pl.Int64, "hands": pl.Int32,
        "rejected": pl.Int32, "imported_at": pl.Datetime("us", "UTC"),
    },
}


class StoreError(HHToolsError):
    """The store folder cannot be used (not writable, damaged file...)."""


def default_location() -> Path:
    """``$HHTOOLS_DB``, else ``$XDG_DATA_HOME/hhtools``, else ``~/.local/share/hhtools``."""
    if env := os.environ.get("HHTOOLS_DB"):
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "hhtools"


class Store:
    """A hand store in one folder."""

    def __init__(self, location: str | os.PathLike | None = None):
        self.root = Path(location).expanduser() if location else default_location()
        self.batches = self.root / "batches"
        self.tmp = self.root / "tmp"

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r})"

    def _prepare(self) -> None:
        try:
            self.batches.mkdir(parents=True, exist_ok=True)
            self.tmp.mkdir(exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot use {self.root} as a hand store: {exc.strerror}") from None

    def discard_unfinished(self) -> None:
        """Remove batches a crashed import left half-written (never visible to readers)."""
        if self.tmp.is_dir():
            for leftover in self.tmp.iterdir():
                shutil.rmtree(leftover, ignore_errors=True)

    def write_batch(self, tables: Mapping[str, pl.DataFrame]) -> Path:
        """Write one batch of tables and make it visible atomically; returns its folder."""
        self._prepare()
        batch_id = f"{time.strftime('%Y%m%dT%H%M%S')}-{time.time_ns() % 10**9:09d}-{os.getpid()}"
        work = self.tmp / batch_id
        work.mkdir()
        for name, schema in SCHEMAS.items():
            frame = tables.get(name)
            if frame is None:
                frame = pl.DataFrame(schema=schema)
            path = work / f"{name}.parquet"
            if frame.columns != list(schema) or frame.dtypes != list(schema.values()):
                # An import's frames already have the schema: no select and cast (a few
                # thousand instructions a hand) for them.
                frame = frame.select(list(schema)).cast(schema)
            frame.write_parquet(path)
            _fsync(path)
        _fsync(work)
        final = self.batches / batch_id
        os.rename(work, final)
        _fsync(self.batches)
        return final

    def scan(self, table: str) -> pl.LazyFrame:
        """A lazy view of one table across every committed batch."""
        schema = SCHEMAS[table]
        files = sorted(self.batches.glob(f"*/{table}.parquet")) if self.batches.is_dir() else []
        if not files:
            return pl.LazyFrame(schema=schema)
        try:
            return pl.scan_parquet(files, schema=schema)
        except Exception as exc:  # polars raises several kinds for a damaged file
            raise StoreError(f"the store {self.root} has an unreadable batch: {exc}") from None

    def read(self, table: str) -> pl.DataFrame:
        """One table across every committed batch."""
        try:
            return self.scan(table).collect()
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(f"the store {self.root} has an unreadable batch: {exc}") from None

    def hand_keys(self) -> set[tuple[str, str]]:
        """(site, hand id) of every stored hand."""
        keys = self.read_columns("hands", ["site", "hand_id"])
        return set(zip(keys["site"].to_list(), keys["hand_id"].to_list()))

    def read_columns(self, table: str, columns: list[str]) -> pl.DataFrame:
        """Only some columns of a table: imports read keys, never whole tables."""
        try:
            return self.scan(table).select(columns).collect()
        except StoreError:
            raise
        except Exception as exc:
            raise StoreError(f"the store {self.root} has an unreadable batch: {exc}") from None

    def imported_files(self) -> dict[str, tuple[int, int]]:
        """For each imported file: (size, mtime in ns) when it was last imported."""
        files = self.read_columns("files", ["path", "size", "mtime_ns", "imported_at"])
        latest = files.sort("imported_at").unique("path", keep="last")
        return {p: (s, m) for p, s, m in latest.select("path", "size", "mtime_ns").iter_rows()}


def open_store(location: str | os.PathLike | None = None, *, create: bool = False) -> Store:
    """The hand store at ``location``, checked before use.

    Reading needs a store that exists: a missing folder, or one without ``batches/``, is a
    ``UsageError`` naming the folder (never an empty store read as "0 hands"). With ``create``
    (importing), a missing or empty folder becomes a store, but a folder holding other files
    is refused rather than filled with batches.
    """
    store = Store(location)
    root = store.root
    if store.batches.is_dir():
        return store
    if root.exists() and not root.is_dir():
        raise UsageError(f"{root} is a file, not a hand store folder")
    if not create:
        if not root.exists():
            raise UsageError(f"there is no hand store at {root}: `hhtools import` creates it "
                             "(or give the store with --db)")
        raise UsageError(f"{root} is not a hand store (it has no batches/ folder)")
    # tmp/ alone is an import that stopped before its first batch; hidden names are the
    # store's own bookkeeping.
    foreign = sorted(p.name for p in root.iterdir() if p.name != "tmp"
                     and not p.name.startswith(".")) if root.is_dir() else []
    if foreign:
        raise UsageError(f"{root} is not a hand store and is not empty (it holds "
                         f"{foreign[0]}): give a new or empty folder, or an existing store")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create the hand store {root}: {exc.strerror}") from None
    return store


def _fsync(path: Path) -> None:
    """Flush a file or folder to disk so the rename that publishes it is durable."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
