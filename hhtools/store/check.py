"""Damage in a hand store moved aside (``hhtools check --repair``); hhtools.store.damage
finds it and says what damage is.

Whatever is found is moved into ``<db>/damaged/``. The files whose hands a moved batch held are
then marked as not imported, so the next import reads them again and stores those hands once
more, skipping the others; repair looks again until the store is whole, and says what it cost.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import polars as pl

from hhtools.core.words import plural
from hhtools.errors import StoreError
from hhtools.store.damage import PATH_TABLES, Damage, find_damage
from hhtools.store.store import Store
from hhtools.store.tables import KEY, READ_ERRORS, SCHEMAS

#: Repair moves what it found, then looks again, at most this many times: moving a batch can
#: only uncover damage that lay under it (a batch it had copies of).
_ROUNDS = 5


@dataclass
class Repair:
    """What ``repair`` did."""

    moved: list[tuple[Damage, Path]] = field(default_factory=list)  # and where to
    reread: int = 0  # files marked to be read again by the next import
    every_file: bool = False  # when a moved batch's hands could not tell which files
    held: int = 0  # hands the moved batches held
    lost: int = 0  # of those, the hands no longer stored
    uncounted: int = 0  # moved batches whose hands cannot be read, so not counted
    marks: list[Damage] = field(default_factory=list)  # marks found wrong (nothing moved)

    def lines(self) -> list[str]:
        """What ``hhtools check --repair`` prints."""
        out = [f"moved {d.aside} to {to}: "
               f"{d.what if d.path == d.aside else f'{d.path.name}: {d.what}'}"
               for d, to in self.moved]
        out += [f"{d}: marked to be read again" for d in self.marks]
        if self.held or self.uncounted:
            cost = (f"the batches moved aside held {plural(self.held, 'hand')}, "
                    f"{self.lost} of them stored nowhere else")
            if self.uncounted:
                cost += (f", and {self.uncounted} batch{'es' * (self.uncounted != 1)} whose "
                         "hands cannot be read")
            out.append(cost)
        if self.every_file:
            out.append("the next import reads every file again, as which files the moved "
                       "hands came from cannot be told, and skips the hands already stored: run "
                       "`hhtools import` on your history folders")
        elif self.reread:
            out.append(f"the next import reads again the {self.reread} file"
                       f"{'s' * (self.reread != 1)} whose hands were moved aside, and stores "
                       "those hands once more: run `hhtools import` on your history folders")
        return out


def repair(store: Store, waiting: Callable[[str], None] | None = None) -> Repair:
    """Move every damaged batch, and every foreign file, into ``<db>/damaged/``, and mark the
    files whose hands were lost as not imported; the store then imports again."""
    done = Repair()
    if not find_damage(store, full=True) and (store.tmp.is_dir() or not store.tmp.exists()):
        return done  # nothing to move: no need to wait for the lock (or to write at all)
    with store.writing("check --repair", waiting):
        try:
            if store.tmp.exists() and not store.tmp.is_dir():
                # Where batches are written: a file there would stop every import.
                _move_aside(store, store.tmp, Damage(store.tmp, "a file where the folder of "
                                                     "batches being written belongs",
                                                     store.tmp), done)
            store.discard_unfinished()
            for _ in range(_ROUNDS):
                damage = find_damage(store, full=True)
                if not damage:
                    return done
                _repair_once(store, damage, done)
        except OSError as exc:
            raise store.failure(exc) from None
        if damage := find_damage(store, full=True):
            raise StoreError(f"the store {store.root} is still damaged after repair: "
                             f"{damage[0]}; move it out of {store.batches} by hand")
    return done


def _repair_once(store: Store, damage: list[Damage], done: Repair) -> None:
    asides = {d.aside: d for d in reversed(damage) if d.aside is not None}
    # A foreign file inside a batch moved whole goes with it.
    asides = {a: d for a, d in asides.items() if a.parent not in asides}
    batches = [a for a in asides if a.parent == store.batches and a.is_dir()]
    # Marked before they are moved: a kill in between leaves the store still damaged,
    # and the next repair does the rest, without a hand lost.
    kept = store.snapshot()
    kept._listing = [b for b in kept.batch_folders() if b not in batches]
    imported = kept.imported_files()
    still = kept.read_columns("hands", KEY)
    paths: set[str] = set()
    for found in damage:
        if found.aside is None:
            paths |= found.reread
            done.marks.append(found)
    for batch in batches:
        came_from = _paths_of(batch)
        if came_from is None:
            done.every_file = True
        else:
            paths |= came_from
        try:
            held = pl.read_parquet(batch / "hands.parquet", columns=KEY).unique()
        except READ_ERRORS:
            done.uncounted += 1
        else:
            done.held += held.height
            done.lost += held.join(still, on=KEY, how="anti").height
    if done.every_file:
        paths |= set(imported)
    forget = sorted(paths & imported.keys())
    done.reread += len(paths)
    if forget:
        now = datetime.now(timezone.utc)
        store.write_batch({"files": pl.DataFrame(
            [(p, -1, -1, 0, 0, now) for p in forget], schema=SCHEMAS["files"],
            orient="row")})
    for aside, first in sorted(asides.items()):
        _move_aside(store, aside, first, done)


def _move_aside(store: Store, aside: Path, first: Damage, done: Repair) -> None:
    store.damaged.mkdir(exist_ok=True)
    name = aside.name if aside.parent in (store.batches, store.root) else f"{aside.parent.name}-{aside.name}"
    to = store.damaged / name
    n = 1
    while to.exists():
        to, n = store.damaged / f"{name}.{n}", n + 1
    os.rename(aside, to)
    done.moved.append((first, to))


def _paths_of(batch: Path) -> set[str] | None:
    """The files whose hands ``batch`` holds, or None when its hands cannot be read."""
    paths: set[str] = set()
    if not any(batch.iterdir()):
        return paths  # an empty folder held no hands
    for table in PATH_TABLES:
        file = batch / f"{table}.parquet"
        try:
            paths.update(pl.read_parquet(file, columns=["path"])["path"].drop_nulls().to_list())
        except READ_ERRORS:
            if table == "hands":
                return None
    return paths
