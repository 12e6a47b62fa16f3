"""The hand store: a folder of Parquet files, written and read with polars, no server.

Layout (readable as is by DuckDB or Spark with a glob such as ``batches/*/hands.parquet``)::

    <db>/batches/<batch id>/<table>.parquet   one folder per committed batch, every table in it
    <db>/tmp/<batch id>/                       a batch being written
    <db>/lock                                  the writer lock (hhtools.store.lock)
    <db>/damaged/                              what ``hhtools check --repair`` moved aside

A batch is written completely under ``tmp/`` and then moved into ``batches/`` with one
``os.rename``, which is atomic on a POSIX file system: a crash or a kill at any moment leaves
either the whole batch, with every table, or none of it. A batch holds whole hands only, and the
``files`` row that marks a file as imported travels in the batch holding that file's hands, so a
file cut short by a crash is read again by the next import, which skips the hands already stored.

One process writes at a time: every write holds the writer lock (hhtools.store.lock), from
before it looks at the hands already stored, to decide what is a duplicate, until its last
batch is published; so overlapping imports store each hand once, and ``tmp/`` is only cleaned
by the lock holder, when whatever is left there belongs to a process that died. Readers take no
lock: they list ``batches/`` once (``snapshot``) and read every table from that one list, so they
see whole batches only, the same ones in every table. A batch folder that lacks a table, holds
a foreign file or an unreadable Parquet file is damage (hhtools.store.check): readers and imports
stop and name it in one line until ``hhtools check --repair`` moves it aside.

Small batches are merged (``Store.compact``): every write ends, still holding the lock, by
merging the batches under SMALL_BATCH_BYTES once there are COMPACT_AFTER of them (a watch
merges after each look's hands are stored, not inside their writes), a watch also does so when
it ends, and ``hhtools check --compact`` on demand. The merged batch is published with
one rename and names the batches it replaces in ``replaces.txt``: from then on readers skip
those, which are removed next; so a kill at any moment leaves the old batches visible or the
merged one, never both. A reader whose batches were removed under it reads the merged one.

Each batch also holds ``keys.json``, its key index (hhtools.store.keyindex: the range of hand
ids it holds at each site, and its hands per history file), so an import decides duplicates
without reading every stored key, and ``digests.txt``, the digest of every table's file and of
the index as written (but ``rejected.parquet``, rewritten in place), so ``hhtools check`` tells
a file damaged in place even where its data still decodes.

Rejected hands are a current list, not a log: a file read again replaces its older rejections.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from hhtools.errors import HHToolsError, StoreError, StoreWriteError, UsageError
from hhtools.store.batchids import next_batch_id
from hhtools.store.damage import damaged_error, find_damage, table_damage
from hhtools.store.keyindex import INDEX, StoredKeys, write_index
from hhtools.store.lock import WriterLock
from hhtools.store.tables import (
    ADDED_LATER,
    DIGESTS,
    KEY,
    READ_ERRORS,
    REPAIR_HINT,
    REPLACES,
    SCHEMAS,
    entry_paths,
    file_digest,
    replaced_by,
)


def default_location() -> Path:
    """``$HHTOOLS_DB``, else ``$XDG_DATA_HOME/hhtools``, else ``~/.local/share/hhtools``."""
    if env := os.environ.get("HHTOOLS_DB"):
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "hhtools"


class Store:
    """A hand store in one folder."""

    def __init__(self, location: str | os.PathLike[str] | None = None):
        self.root = Path(location).expanduser() if location else default_location()
        self.batches = self.root / "batches"
        self.tmp = self.root / "tmp"
        self.damaged = self.root / "damaged"
        self._listing: list[Path] | None = None  # fixed by snapshot()
        self._guard = threading.Lock()
        self._lock: WriterLock | None = None
        self._depth = 0
        self._rejected_in: dict[str, set[Path]] | None = None  # valid while the lock is held
        self._wrote = False  # a batch was published during this hold of the lock
        self._compacting = False

    def __repr__(self) -> str:
        return f"Store({str(self.root)!r})"

    # Writing ------------------------------------------------------------------------------

    @contextmanager
    def writing(self, doing: str = "import", waiting: Callable[[str], None] | None = None,
                merge: bool = True) -> Iterator[None]:
        """Hold the store's writer lock (re-entrant); ``waiting`` is told when it must wait.
        ``merge``: a hold that wrote ends by merging the small batches if they are due
        (``merge_if_due``); without it, the caller does so later."""

        with self._guard:
            if self._lock is None:
                try:
                    self.root.mkdir(parents=True, exist_ok=True)
                except (FileExistsError, NotADirectoryError):
                    raise StoreError(f"cannot use {self.root} as a hand store: it is not a "
                                     "folder") from None
                except OSError as exc:
                    raise self.failure(exc) from None
                try:
                    self._lock = WriterLock(self.root, doing, waiting).__enter__()
                except OSError as exc:
                    raise self.failure(exc) from None
            self._depth += 1
        try:
            yield
            if self._depth == 1 and self._wrote and merge and not self._compacting:
                # Every write ends by merging the small batches, still under the lock, so a
                # watch storing a hand at a time leaves as few batches as one import.
                self._wrote = False
                self.merge_if_due(waiting)
        finally:
            with self._guard:
                self._depth -= 1
                if not self._depth and self._lock is not None:
                    self._lock.__exit__(None, None, None)
                    self._lock = None
                    self._rejected_in = None
                    self._wrote = False

    def failure(self, exc: Exception, no_room: bool = False) -> StoreWriteError:
        """The one-sentence StoreError for an OSError (or polars' I/O error) met writing;
        ``no_room``: the file system was found full when the write failed."""
        code = getattr(exc, "errno", None)
        if code is None and (found := re.search(r"os error (\d+)", str(exc))):
            code = int(found[1])
        if code is None and no_room:
            code = errno.ENOSPC
        if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return StoreWriteError(f"cannot write to the store {self.root}: the disk is full")
        if code == errno.EROFS:
            return StoreWriteError(f"cannot write to the store {self.root}: it is on a read-only "
                                   "file system")
        if code in (errno.EACCES, errno.EPERM):
            return StoreWriteError(f"cannot write to the store {self.root}: permission denied")
        reason = os.strerror(code) if code else "an input/output error"
        return StoreWriteError(f"cannot write to the store {self.root}: {reason}")

    def _prepare(self) -> None:
        try:
            self.batches.mkdir(parents=True, exist_ok=True)
            self.tmp.mkdir(exist_ok=True)
        except (FileExistsError, NotADirectoryError) as exc:
            raise StoreError(f"cannot use {self.root} as a hand store: {exc.filename} is not a "
                             "folder") from None
        except OSError as exc:
            raise self.failure(exc) from None

    def discard_unfinished(self) -> None:
        """Remove batches a crashed import left half-written (never visible to readers).

        Holds the writer lock, so what is in ``tmp/`` belongs to no live process.
        """
        with self.writing():
            if self.tmp.is_dir():
                for leftover in self.tmp.iterdir():
                    if leftover.is_dir():
                        shutil.rmtree(leftover, ignore_errors=True)
                    else:
                        leftover.unlink(missing_ok=True)
            self._drop_replaced()

    def _drop_replaced(self) -> None:
        """Remove the batches a published merged batch replaces (a merge killed before it
        removed them leaves them; readers already skip them)."""
        folders = self._all_folders()
        replaced = replaced_by(folders)
        for folder in folders:
            if folder.name in replaced:
                shutil.rmtree(folder, ignore_errors=True)

    def write_batch(self, tables: Mapping[str, pl.DataFrame], reread: Iterable[str] = (),
                    sync: bool = True) -> Path:
        """Write one batch of tables and make it visible atomically; returns its folder.

        ``reread`` names the files read again for this batch: their rejections stored by
        earlier batches are dropped, as the batch holds their current ones. ``sync``: each
        file is flushed to disk before the batch is published, so that a crash of the system
        leaves it whole or absent; without, only a crash of the process does (a store built
        in bulk, such as a benchmark's, may skip the flushes, which cost most of a small
        batch's writing).
        """
        with self.writing():
            work, final = self._write_unpublished(tables, sync=sync)
            try:
                # Dropped before the batch is published: a kill in between leaves those files
                # unmarked as imported, so the next import reads them and lists them again.
                self._drop_rejections_of(set(reread))
                os.rename(work, final)
                if sync:
                    _fsync(self.batches)
            except (OSError, pl.exceptions.PolarsError) as exc:
                shutil.rmtree(work, ignore_errors=True)  # frees the space a full disk needs
                raise self._trouble(exc, "rejected") from None
            self._wrote = True
            rejected = tables.get("rejected")
            if self._rejected_in is not None and rejected is not None:
                for path in rejected["path"].unique().to_list():
                    self._rejected_in.setdefault(path, set()).add(final / "rejected.parquet")
            return final

    def _write_unpublished(self, tables: Mapping[str, pl.DataFrame | pl.LazyFrame],
                           replaces: Iterable[str] = (), sync: bool = True
                           ) -> tuple[Path, Path]:
        """Write a batch under ``tmp/``, synced (``sync``): its folder there, and the folder it
        is to be published as. ``replaces``: the batches it merges (see ``compact``),
        whose tables come as lazy scans, streamed to disk, so a merge holds little memory."""
        synced = _fsync if sync else _unsynced
        self._prepare()
        batch_id = self._new_batch_id()
        work = self.tmp / batch_id
        final = self.batches / batch_id
        frames: dict[str, pl.DataFrame | pl.LazyFrame] = {}
        for name, schema in SCHEMAS.items():
            frame = tables.get(name)
            if frame is None:
                frame = pl.DataFrame(schema=schema)
            if isinstance(frame, pl.DataFrame) and (
                    frame.columns != list(schema) or frame.dtypes != list(schema.values())):
                # An import's frames already have the schema: no select and cast (a few
                # thousand instructions a hand) for them.
                frame = frame.select(list(schema)).cast(schema)
            frames[name] = frame
        try:
            work.mkdir()
            for name, frame in frames.items():
                path = work / f"{name}.parquet"
                if isinstance(frame, pl.LazyFrame):
                    frame.sink_parquet(path)
                else:
                    frame.write_parquet(path)
                synced(path)
            # Which hands the batch holds, so that an import need not read its keys to
            # decide duplicates (hhtools.store.keyindex); made from the table as written.
            synced(write_index(work))
            # What each table's bytes were: a file damaged in place whose data still decodes
            # (a flipped byte in a number) is told by its digest only. Not for
            # rejected.parquet, rewritten in place when a file is read again.
            (work / DIGESTS).write_text("".join(
                [f"{name}.parquet {file_digest(work / f'{name}.parquet')}\n"
                 for name in frames if name != "rejected"]
                + [f"{INDEX} {file_digest(work / INDEX)}\n"]), encoding="utf-8")
            synced(work / DIGESTS)
            if names := list(replaces):
                (work / REPLACES).write_text("".join(f"{n}\n" for n in names),
                                             encoding="utf-8")
                synced(work / REPLACES)
            synced(work)
        except READ_ERRORS as exc:
            # Writing the batch's own files fails for want of room or rights, never for
            # damage; polars does not always say why (a full disk met while it writes a
            # file's footer is "Invalid thrift: transport error"), so the free space is
            # looked at before the space taken is freed. A merge also reads the batches it
            # merges: there, what is not a failed write is damage they hold.
            if isinstance(frames.get(name), pl.LazyFrame) and not (
                    isinstance(exc, OSError) or "os error" in str(exc) or _no_room(work)):
                shutil.rmtree(work, ignore_errors=True)
                raise self.damage_error(name) from None
            error = self.failure(exc, no_room=_no_room(work))
            shutil.rmtree(work, ignore_errors=True)
            raise error from None
        return work, final

    def _new_batch_id(self) -> str:
        """A batch id sorting after every batch already there (``batchids``)."""
        folders = self._all_folders()
        return next_batch_id(folders[-1].name if folders else None)

    def _trouble(self, exc: Exception, table: str) -> StoreError:
        """The StoreError for what polars or the system raised while writing: a failed
        write (full disk...), else a damaged ``table`` read on the way."""
        if isinstance(exc, OSError) or "os error" in str(exc):
            return self.failure(exc)
        return self.damage_error(table)

    def _drop_rejections_of(self, paths: set[str]) -> None:
        """Remove the stored rejections of the files ``paths``, which are being read again."""
        if not paths:
            return  # nothing to drop: no rejected table is read (nor can a damaged one stop it)
        if self._rejected_in is None:
            # Which batches hold rejections of which file, read once per hold of the lock.
            self._rejected_in = {}
            files = [b / "rejected.parquet" for b in self._list_batches()]
            if files:
                held = (pl.scan_parquet(files, schema=SCHEMAS["rejected"], include_file_paths="file")
                        .select("path", "file").unique().collect())
                for path, file in held.iter_rows():
                    self._rejected_in.setdefault(path, set()).add(Path(file))
        held_in = {f for p in paths & self._rejected_in.keys() for f in self._rejected_in.pop(p)}
        self._rewrite_rejected(sorted(held_in), pl.col("path").is_in(sorted(paths)))

    def _rewrite_rejected(self, files: list[Path], matching: pl.Expr) -> int:
        """Remove the rows ``matching`` from these ``rejected.parquet`` files; how many.

        Each file is rewritten under ``tmp/`` and put in place with one ``os.replace``:
        readers see the old table or the new one.
        """
        removed = 0
        for file in files:
            table = pl.read_parquet(file)
            kept = table.filter(~matching)
            if kept.height == table.height:
                continue
            removed += table.height - kept.height
            self.tmp.mkdir(parents=True, exist_ok=True)
            fresh = self.tmp / f"{file.parent.name}-rejected.parquet"
            kept.write_parquet(fresh)
            _fsync(fresh)
            os.replace(fresh, file)
            _fsync(file.parent)
        return removed

    def refuse_damaged(self, trusted: float = 0.0) -> None:
        """Raise StoreError naming the damage, if any, found by a quick look (hhtools.store.check);
        ``trusted``: seconds for which a batch found sound is not looked at again."""
        if damage := find_damage(self, full=False, trusted=trusted):
            raise damaged_error(self, damage)

    def clear_rejections(self, under: str | os.PathLike[str] | None = None,
                         waiting: Callable[[str], None] | None = None) -> int:
        """Forget the stored rejections (of the file ``under``, or of the files under that
        folder); returns how many were removed. Files with rejected hands are read again by
        every import, so those still rejected are listed again by the next one."""
        if not self.batches.is_dir():
            raise StoreError(f"no hand store at {self.root}")  # and none is made to clear it
        with self.writing("rejected --clear", waiting):
            self.refuse_damaged()
            self._rejected_in = None  # rebuilt by the next write that needs it
            files = [b / "rejected.parquet" for b in self._list_batches()]
            try:
                return self._rewrite_rejected(files, _under(under))
            except (OSError, pl.exceptions.PolarsError) as exc:
                raise self._trouble(exc, "rejected") from None

    # Reading ------------------------------------------------------------------------------

    def _list_batches(self) -> list[Path]:
        """The visible batches: every folder of ``batches/`` but those a merged batch replaces."""
        folders = self._all_folders()
        replaced = replaced_by(folders)
        return [f for f in folders if f.name not in replaced]

    def _all_folders(self) -> list[Path]:
        try:
            # scandir: an entry's kind comes with the listing, with no stat of each batch;
            # names are sorted, not paths (the same order in one folder, and quicker).
            with os.scandir(self.batches) as entries:
                names = sorted(e.name for e in entries if e.is_dir())
            return entry_paths(self.batches, names)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise StoreError(f"cannot read the store {self.root}: {exc.strerror}") from None

    def batch_folders(self) -> list[Path]:
        """The committed batches this store reads: those of its snapshot, if it is one."""
        return self._listing if self._listing is not None else self._list_batches()

    def snapshot(self) -> Store:
        """This store as it is now: every table read from it comes from the same batches,
        whatever is published meanwhile."""
        view = Store(self.root)
        view._listing = self.batch_folders()
        return view

    def only(self, folders: Iterable[Path]) -> Store:
        """This store read as holding only the batches ``folders`` (some of its own), for a
        reader that works batch by batch (hhtools.analytics.partials)."""
        view = Store(self.root)
        view._listing = sorted(folders)
        return view

    def scan(self, table: str) -> pl.LazyFrame:
        """A lazy view of one table across every committed batch."""
        return self._scan(table, self.batch_folders())

    def _scan(self, table: str, folders: list[Path]) -> pl.LazyFrame:
        schema = SCHEMAS[table]
        files = [folder / f"{table}.parquet" for folder in folders]
        if table in ADDED_LATER:
            files = [f for f in files if f.is_file()]
        if not files:
            return pl.LazyFrame(schema=schema)
        missing = next((f for f in files if not f.is_file()), None)
        if missing is not None:
            raise StoreError(f"the store {self.root} is damaged: {missing.parent} lacks its "
                             f"{table} table; {REPAIR_HINT}")
        return pl.scan_parquet(files, schema=schema)

    def damage_error(self, table: str) -> StoreError:
        """The StoreError naming the file that makes ``table`` unreadable, in one line."""
        for folder in self.batch_folders():
            file = folder / f"{table}.parquet"
            if (damage := table_damage(file, table, full=True)) is not None:
                return StoreError(f"the store {self.root} is damaged: {file}: {damage}; "
                                  f"{REPAIR_HINT}")
        return StoreError(f"cannot read the {table} table of the store {self.root}; "
                          "`hhtools check` looks for damage")

    def read(self, table: str) -> pl.DataFrame:
        """One table across every committed batch."""
        return self.read_columns(table, list(SCHEMAS[table]))

    def read_columns(self, table: str, columns: list[str]) -> pl.DataFrame:
        """Only some columns of a table: imports read keys, never whole tables."""
        for _ in range(_READ_TRIES):
            listing = self.batch_folders()
            try:
                return self._scan(table, listing).select(columns).collect()
            except (*READ_ERRORS, StoreError) as exc:
                if any(not folder.is_dir() for folder in listing):
                    # Merged by a writer (``compact``) while this read: read the merged batch.
                    self._follow_merge(listing)
                    continue
                if isinstance(exc, StoreError):
                    raise
                raise self.damage_error(table) from None
        raise self._merged_too_often(table)

    def _merged_too_often(self, table: str) -> StoreError:
        return StoreError(f"cannot read the {table} table of the store {self.root}: its "
                          "batches were merged again and again while it was read; try again")

    def _follow_merge(self, listing: list[Path]) -> None:
        """After batches of ``listing`` were merged away: a snapshot reads, in their place, the
        merged batches that replace them, and no batch published since."""
        if self._listing is None:
            return  # a live store lists its batches again at each read
        current = self._list_batches()
        gone = {folder.name for folder in listing} - {folder.name for folder in current}
        merged = [folder for folder in current if folder not in listing
                  and replaced_by([folder]) & gone]
        self._listing = sorted({*(f for f in listing if f in current), *merged})

    # Merging small batches -------------------------------------------------------------

    def merge_if_due(self, waiting: Callable[[str], None] | None = None) -> None:
        """Merge the small batches if there are COMPACT_AFTER of them (what every write does
        last); what stops the merge is said, never raised, as what was written before is
        stored whole either way."""
        if COMPACT_AFTER <= 0:
            return
        try:
            # Counted first, cheaply (each batch too big to merge is measured once): the
            # merge's own looks (unfinished batches, damage) are made only when it is due.
            if len(_small_batches(self._list_batches())) < max(COMPACT_AFTER, 2):
                return
            self.compact(every=False)
        except HHToolsError as exc:
            if waiting is not None:
                waiting(f"the store's small batches were not merged: {exc}")

    def compact(self, every: bool = True,
                waiting: Callable[[str], None] | None = None) -> Compaction:
        """Merge the batches smaller than SMALL_BATCH_BYTES into one; ``every``: whenever
        there are two, else only once there are COMPACT_AFTER of them.

        The merged batch is written under ``tmp/`` and published with one rename, holding a
        list of the batches it replaces (REPLACES): from that rename on readers skip them, and
        they are then removed (by this process, or, after a kill, by the next writer). A kill
        at any point leaves either the old batches visible or the merged one, never both.
        """
        with self.writing("compact", waiting):
            self._compacting = True
            try:
                return self._compact(2 if every else max(COMPACT_AFTER, 2))
            finally:
                self._compacting = False

    def _compact(self, at_least: int) -> Compaction:
        self.discard_unfinished()
        self.refuse_damaged()
        small = _small_batches(self._list_batches())
        done = Compaction(merged=len(small), bytes_before=sum(size for _, size in small))
        if len(small) < at_least:
            return Compaction()
        inputs = [folder for folder, _ in small]
        tables = {name: self._scan(name, inputs) for name in SCHEMAS}
        work, final = self._write_unpublished(tables, [f.name for f in inputs])
        try:
            os.rename(work, final)
            _fsync(self.batches)
        except OSError as exc:
            shutil.rmtree(work, ignore_errors=True)
            raise self.failure(exc) from None
        self._rejected_in = None  # the rejected tables it named are gone
        self._drop_replaced()
        _fsync(self.batches)
        done.into = final
        done.bytes_after = _folder_bytes(final)
        return done

    def imported_files(self) -> dict[str, tuple[int, int]]:
        """For each imported file: (size, mtime in ns) when it was last imported."""
        files = self.read_columns("files", ["path", "size", "mtime_ns", "imported_at"])
        latest = files.sort("imported_at").unique("path", keep="last")
        return {p: (s, m) for p, s, m in latest.select("path", "size", "mtime_ns").iter_rows()}

    def rejections(self, under: str | os.PathLike[str] | None = None) -> pl.DataFrame:
        """The rejected hands still not stored, in the order they were met; only those of
        the file ``under`` or of the files under that folder, if given. A rejection whose
        site and hand id were stored since (by another file, or a newer hhtools) is left out."""
        view = self.snapshot()
        rejected = (view.read("rejected").filter(_under(under))
                    .unique(keep="first", maintain_order=True).with_row_index("order"))
        keys = [key for key in rejected.select(KEY).unique().iter_rows() if None not in key]
        stored = view.stored_among(keys)
        return rejected.join(stored, on=KEY, how="anti").sort("order").drop("order")

    def stored_among(self, keys: Collection[tuple[str, str]]) -> pl.DataFrame:
        """Those of ``keys`` (site, hand id) that are stored, as a frame of the two columns.
        Only the batches whose key index may hold one of them are read
        (hhtools.store.keyindex), never every stored key: a store's rejections are a few
        hands, its keys millions."""
        for _ in range(_READ_TRIES):
            listing = self.batch_folders()
            try:
                held = StoredKeys(listing).held(keys) if keys else set()
            except (*READ_ERRORS, ValueError):
                if any(not folder.is_dir() for folder in listing):
                    self._follow_merge(listing)  # merged under the read: read the merged one
                    continue
                raise self.damage_error("hands") from None
            return pl.DataFrame(sorted(held), schema={column: pl.String for column in KEY},
                                orient="row")
        raise self._merged_too_often("hands")


#: A batch smaller than this (all its files) is merged with the others: a watched hand's
#: batch is some 80 KB (mostly Parquet footers), an import's of 5,000 hands (BATCH_HANDS)
#: some 1.3 MB. A merged batch is merged again until it reaches this size, so one merge
#: rewrites little, and a season of live play ends in batches of an import's size.
SMALL_BATCH_BYTES = 1 << 20
#: How many small batches make a write merge them (0: only the end of a watch and
#: ``hhtools check --compact`` do).
COMPACT_AFTER = int(os.environ.get("HHTOOLS_COMPACT_AFTER", "8"))
#: How often a read starts again when a merge removed the batches it was reading.
_READ_TRIES = 5


@dataclass
class Compaction:
    """What ``Store.compact`` did: ``merged`` batches of ``bytes_before`` into ``into``."""

    merged: int = 0
    bytes_before: int = 0
    into: Path | None = None
    bytes_after: int = 0


def _folder_bytes(folder: Path) -> int:
    return sum(_file_bytes(folder).values())


def _file_bytes(folder: Path) -> dict[str, int]:
    """The size of each file of a folder; none if it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            return {entry.name: entry.stat().st_size for entry in entries if entry.is_file()}
    except OSError:
        return {}


#: Batches found of at least SMALL_BATCH_BYTES without their rejected table, the one file
#: rewritten in place (and only ever made smaller): they stay too big to merge, so a write
#: that counts the small batches measures each of them once per process, not at every hand.
_BIG_BATCHES: set[str] = set()


def _small_batches(folders: list[Path]) -> list[tuple[Path, int]]:
    """The batches among ``folders`` smaller than SMALL_BATCH_BYTES, and their sizes."""
    small = []
    for folder in folders:
        if str(folder) in _BIG_BATCHES:
            continue
        sizes = _file_bytes(folder)
        size = sum(sizes.values())
        if size - sizes.get("rejected.parquet", 0) >= SMALL_BATCH_BYTES:
            if len(_BIG_BATCHES) > 100_000:
                _BIG_BATCHES.clear()
            _BIG_BATCHES.add(str(folder))
        elif size < SMALL_BATCH_BYTES:
            small.append((folder, size))
    return small


def _under(path: str | os.PathLike[str] | None) -> pl.Expr:
    """Rows of the file ``path``, or of any file under that folder; every row if None."""
    if path is None:
        return pl.lit(True)
    resolved = str(Path(path).expanduser().resolve())
    return (pl.col("path") == resolved) | pl.col("path").str.starts_with(resolved.rstrip(os.sep) + os.sep)


def open_store(location: str | os.PathLike[str] | None = None, *, create: bool = False) -> Store:
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
    # tmp/ and the writer's lock alone are an import that stopped (or another one starting)
    # before its first batch; hidden names are the store's own bookkeeping.
    foreign = sorted(p.name for p in root.iterdir() if p.name not in ("tmp", "lock")
                     and not p.name.startswith(".")) if root.is_dir() else []
    if foreign:
        raise UsageError(f"{root} is not a hand store and is not empty (it holds "
                         f"{foreign[0]}): give a new or empty folder, or an existing store")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create the hand store {root}: {exc.strerror}") from None
    return store


#: Free space below which a write that failed without saying why is taken for a full disk.
_NO_ROOM_BYTES = 1 << 20


def _no_room(path: Path) -> bool:
    """Whether the file system holding ``path`` (or its parent) is all but full."""
    try:
        st = os.statvfs(path if path.exists() else path.parent)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < _NO_ROOM_BYTES


def _unsynced(path: Path) -> None:
    """In place of ``_fsync`` for a batch written without syncing."""


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
