"""Damage in a hand store, found and moved aside (``hhtools check`` and ``check --repair``).

hhtools itself only ever publishes whole batches (see hhtools.store), so damage comes from
elsewhere: a disk error, a file copied in or edited by hand, a sync tool, or a batch published
without some of its tables by an earlier hhtools when two imports overlapped. Whatever it is,
it is named in one line (path and what is wrong, never the file's bytes), imports refuse to
write into the store, and readers refuse to answer from it, until ``repair`` has moved it into
``<db>/damaged/``. The files whose hands a moved batch held are then marked as not imported,
so the next import reads them again and stores those hands once more, skipping the others.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import polars as pl

from hhtools.store import ADDED_LATER, REPAIR_HINT, SCHEMAS, Store, StoreError

_MAGIC = b"PAR1"

#: The tables of a batch whose ``path`` column says which files its hands came from.
_PATH_TABLES = ("hands", "files", "rejected", "skipped")


@dataclass(frozen=True)
class Damage:
    """One damaged or foreign thing in a store."""

    path: Path  # the file or folder at fault
    what: str  # what is wrong with it, in words
    aside: Path  # what repair moves aside: the whole batch, or a stray file alone

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


def table_damage(path: Path, table: str, full: bool) -> str | None:
    """What is wrong with the file of ``table`` at ``path``, or None. Without ``full``, only
    the marks a Parquet file begins and ends with are read (some 10 µs a file, so an import
    can look at every batch before it writes): that finds a file cut short, overwritten or
    not Parquet; ``full`` also reads its columns and its data."""
    try:
        with open(path, "rb") as file:
            head = file.read(4)
            file.seek(0, os.SEEK_END)
            whole = file.tell() >= 12  # both marks and the footer's length at least
            if whole:
                file.seek(-4, os.SEEK_END)
            tail = file.read(4)
    except FileNotFoundError:
        return f"missing: a batch holds every table, and this one lacks its {table} table"
    except IsADirectoryError:
        return "a folder where a Parquet file belongs"
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    if not (whole and head == tail == _MAGIC):
        return "not a readable Parquet file"
    if full:
        try:
            schema = pl.read_parquet_schema(path)
        except (OSError, pl.exceptions.PolarsError):
            return "not a readable Parquet file"
        if dict(schema) != SCHEMAS[table]:
            return f"its columns are not those of the {table} table"
        try:
            pl.read_parquet(path)
        except (OSError, pl.exceptions.PolarsError):
            return "a damaged Parquet file: its data cannot be read"
    return None


def find_damage(store: Store, full: bool = True) -> list[Damage]:
    """Everything damaged or foreign under ``batches/``; ``full`` reads every table's columns
    and data, otherwise only what tells a Parquet file (what an import checks before it
    writes)."""
    try:
        entries = sorted(store.batches.iterdir())
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreError(f"cannot read the store {store.root}: {exc.strerror}") from None
    found = []
    tables = {f"{name}.parquet": name for name in SCHEMAS}
    for entry in entries:
        if not entry.is_dir():
            found.append(Damage(entry, "a foreign file: only batch folders belong here", entry))
            continue
        for name in sorted(set(os.listdir(entry)) - tables.keys()):
            found.append(Damage(entry / name, "a foreign file in a batch folder", entry / name))
        for filename, table in tables.items():
            if table in ADDED_LATER and not (entry / filename).exists():
                continue  # a batch written before the table was added
            if (what := table_damage(entry / filename, table, full)) is not None:
                found.append(Damage(entry / filename, what, entry))
    return found


def damaged_error(store: Store, damage: list[Damage]) -> StoreError:
    """The one-line refusal of an import (or a clear) into a damaged store."""
    more = f" (and {len(damage) - 1} more: `hhtools check` lists them)" if len(damage) > 1 else ""
    return StoreError(f"the store {store.root} is damaged: {damage[0]}{more}; nothing was "
                      f"written; {REPAIR_HINT}")


@dataclass
class Repair:
    """What ``repair`` did."""

    moved: list[tuple[Damage, Path]] = field(default_factory=list)  # and where to
    reread: int = 0  # files marked to be read again by the next import
    every_file: bool = False  # when a moved batch's hands could not tell which files

    def lines(self) -> list[str]:
        """What ``hhtools check --repair`` prints."""
        out = [f"moved {d.aside} to {to}: "
               f"{d.what if d.path == d.aside else f'{d.path.name}: {d.what}'}"
               for d, to in self.moved]
        if self.every_file:
            out.append("the next import reads every file again, as which files the moved "
                       "hands came from cannot be told, and skips the hands already stored: run "
                       "`hhtools import` on your history folders")
        elif self.reread:
            out.append(f"the next import reads again the {self.reread} file"
                       f"{'s' * (self.reread != 1)} whose hands were moved aside, and stores "
                       "those hands once more: run `hhtools import` on your history folders")
        return out


def repair(store: Store, waiting=None) -> Repair:
    """Move every damaged batch, and every foreign file, into ``<db>/damaged/``."""
    done = Repair()
    if not find_damage(store, full=True):
        return done  # nothing to move: no need to wait for the lock (or to write at all)
    with store.writing("check --repair", waiting):
        damage = find_damage(store, full=True)
        if not damage:
            return done
        asides = {d.aside: d for d in reversed(damage)}  # the first damage of each names it
        # A foreign file inside a batch moved whole goes with it.
        asides = {a: d for a, d in asides.items() if a.parent not in asides}
        batches = [a for a in asides if a.parent == store.batches and a.is_dir()]
        # Marked before they are moved: a kill in between leaves the store still damaged,
        # and the next repair does the rest, without a hand lost.
        kept = store.snapshot()
        kept._listing = [b for b in kept.batch_folders() if b not in batches]
        imported = kept.imported_files()
        paths: set[str] = set()
        for batch in batches:
            came_from = _paths_of(batch)
            if came_from is None:
                done.every_file = True
            else:
                paths |= came_from
        if done.every_file:
            paths = set(imported)
        done.reread = len(paths)
        forget = sorted(paths & imported.keys())
        try:
            if forget:
                now = datetime.now(timezone.utc)
                store.write_batch({"files": pl.DataFrame(
                    [(p, -1, -1, 0, 0, now) for p in forget], schema=SCHEMAS["files"],
                    orient="row")})
            store.damaged.mkdir(exist_ok=True)
            for aside, first in sorted(asides.items()):
                name = aside.name if aside.parent == store.batches else f"{aside.parent.name}-{aside.name}"
                to = store.damaged / name
                n = 1
                while to.exists():
                    to, n = store.damaged / f"{name}.{n}", n + 1
                os.rename(aside, to)
                done.moved.append((first, to))
        except OSError as exc:
            raise store.failure(exc) from None
    return done


def _paths_of(batch: Path) -> set[str] | None:
    """The files whose hands ``batch`` holds, or None when its hands cannot be read."""
    paths: set[str] = set()
    for table in _PATH_TABLES:
        file = batch / f"{table}.parquet"
        try:
            paths.update(pl.read_parquet(file, columns=["path"])["path"].drop_nulls().to_list())
        except (OSError, pl.exceptions.PolarsError):
            if table == "hands":
                return None
    return paths
