"""Importing history files into the hand store, atomically and without duplicates.

Files whose size and modification time match their last clean import are skipped without
being read; hands already stored (same site and hand id) are skipped after parsing. Each file,
or each slice of whole hands of a large one (hhtools.reading.slicing), is parsed, audited and turned
into table rows on its own (in worker processes with ``jobs`` above 1, or on a Dask cluster,
hhtools.store.cluster), a few slices at a time, so memory stays flat; the main process drops
duplicates and writes batches of whole hands (see hhtools.store.store), so an import killed at any
moment can simply be run again. A file is marked as imported in the batch holding its last
slice. An import holds the
store's writer lock from before it reads the hands already stored until its last batch is
published, so a second import of the same files waits, then finds them all stored.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import threading
from collections import Counter, deque
from collections.abc import Callable, Collection, Generator, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import TypeVar

import polars as pl

from hhtools.core.collector import collector_paused
from hhtools.core.inputs import shown
from hhtools.core.words import plural
from hhtools.errors import StoreWriteError
from hhtools.reading import parsing
from hhtools.reading.parsing import ParseResult, not_history_count
from hhtools.reading.slicing import Slice, plan
from hhtools.store.cluster import Client, connect, read_on_cluster
from hhtools.store.keyindex import StoredKeys
from hhtools.store.slices import FileRows, flatten, read_slice
from hhtools.store.store import Store
from hhtools.store.summary_rows import new_summaries, stored_summaries
from hhtools.store.tables import READ_ERRORS, SCHEMAS

#: How many hands a batch holds before it is written: bounds memory on large imports.
BATCH_HANDS = int(os.environ.get("HHTOOLS_BATCH_HANDS", "5000"))
#: Nor more rows, bytes or table parts than these: files with no hand (tournament summaries,
#: notes) add rows and a part per table each, and would never fill a batch of hands.
BATCH_ROWS = int(os.environ.get("HHTOOLS_BATCH_ROWS", "250000"))
BATCH_BYTES = int(os.environ.get("HHTOOLS_BATCH_BYTES", str(64 << 20)))
BATCH_PARTS = int(os.environ.get("HHTOOLS_BATCH_PARTS", "4000"))
#: Below this much to read (about 4,000 hands), starting worker processes costs more than
#: it saves, so an import with the automatic job count reads in this process.
PARALLEL_BYTES = 5_000_000
#: Seconds for which a watched hand's import takes a batch found sound as still sound (each
#: is looked at again once they are past: damage made meanwhile by hand, in place, is then
#: found, and is always found by ``hhtools check`` and by the reads that meet it).
WATCH_TRUSTS = 60.0
#: Slices read ahead per worker: enough that workers never wait for the main process.
READ_AHEAD = 3
KEY = ["site", "hand_id"]
#: What a worker of a parallel import runs: read_slice's module and what it imports.
WORKER_MODULES = ("hhtools.store.slices",)

T = TypeVar("T")


@dataclass
class ImportSummary:
    """What an import did."""

    files_seen: int = 0
    files_read: int = 0
    files_unchanged: int = 0
    hands_new: int = 0
    hands_stored: int = 0  # of hands_new, those in batches already published
    duplicates: int = 0
    skipped_games: Counter[str] = field(default_factory=Counter)
    rejected: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    rejected_examples: list[str] = field(default_factory=list)
    #: Files holding no hand of any known site (a readme): skipped, not rejected.
    not_histories: int = 0
    warnings: int = 0
    warning_examples: list[str] = field(default_factory=list)
    #: Tournaments read from summary files (hhtools.reading.summaries): new, and already stored.
    summaries_new: int = 0
    summaries_known: int = 0
    #: Last hands of files the client may still be writing (hhtools.reading.unfinished): neither
    #: stored nor rejected, read again by the next import.
    writing: int = 0
    writing_examples: list[str] = field(default_factory=list)

    def render(self) -> str:
        """The summary printed at the end of ``hhtools import``."""
        skipped = ", ".join(f"{g} {n}" for g, n in sorted(self.skipped_games.items())) or "none"
        lines = [
            f"files read: {self.files_read} (unchanged since last import: {self.files_unchanged})",
            f"hands new: {self.hands_new}",
            f"duplicates: {self.duplicates}",
            f"skipped games: {skipped}",
            f"rejected: {self.rejected}",
        ]
        if self.not_histories:
            lines.append(not_history_count(self.not_histories))
        if self.summaries_new or self.summaries_known:
            lines.append(f"tournament summaries: {self.summaries_new} new, "
                         f"{self.summaries_known} already stored")
        if self.writing:
            lines.append(f"still being written: {plural(self.writing, 'hand')} (read again by "
                         "the next import)")
            lines += [f"  {e}" for e in self.writing_examples]
        if self.verdicts:
            lines.append("verdicts: " + ", ".join(f"{v} {n}" for v, n in sorted(self.verdicts.items())))
        lines += [f"  {e}" for e in self.rejected_examples]
        if self.rejected > len(self.rejected_examples):
            lines.append("  ... `hhtools rejected` lists them all")
        if self.warnings:
            lines.append(f"warnings: {self.warnings}")
            lines += [f"  {w}" for w in self.warning_examples]
            if self.warnings > len(self.warning_examples):
                lines.append("  ... `hhtools parse` lists them all")
        return "\n".join(lines)


@dataclass
class ImportProgress:
    """How far an import has got: given to the ``progress`` callback once the files to read
    are known, after each file read and after the last batch is stored."""

    files: int = 0  # files to read (those unchanged since their last import are not)
    bytes: int = 0  # their size
    files_read: int = 0
    bytes_read: int = 0
    hands_read: int = 0  # hands in the files read so far, duplicates included
    hands_stored: int = 0  # new hands in the batches written to the store so far


def history_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The files named, and the files found in the folders named, recursively, in a stable order."""
    return list(parsing.history_files(p if isinstance(p, str) else Path(p) for p in paths))


def default_jobs() -> int:
    """The processors this process may use (at most 8): the automatic number of jobs."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        usable = os.cpu_count() or 1
    return max(1, min(usable, 8))


def import_paths(paths: Iterable[str | os.PathLike[str]], store: Store,
                 progress: Callable[[ImportProgress], None] | None = None,
                 jobs: int | None = None,
                 waiting: Callable[[str], None] | None = None,
                 scheduler: str | None = None) -> ImportSummary:
    """Import every history file under ``paths`` into ``store``, auditing every new hand.

    ``jobs`` is how many processes read files; by default one per processor when there is
    enough to read to repay starting them, else one. ``progress`` is called with an
    ``ImportProgress`` as the import goes. The import holds the store's writer lock
    throughout (hhtools.store.lock); ``waiting`` is told when it must first wait for another.
    A damaged store is refused (StoreError) before anything is read. Interrupted
    (KeyboardInterrupt), it stops within the file being read, after the batch being written
    is stored whole.

    With ``scheduler``, the address of a Dask scheduler, the slices are read, parsed and
    audited on that cluster's workers instead (hhtools.store.cluster; ``jobs`` is then unused),
    and this process stores them as it does its own.
    """
    client = None
    if scheduler:

        client = connect(scheduler)  # before the lock: a wrong address holds no one up
    try:
        with store.writing("import", waiting):
            store.discard_unfinished()
            store.refuse_damaged()
            summary = ImportSummary()
            try:
                _import(paths, store, progress, jobs, summary, client)
            except StoreWriteError as exc:
                stored = summary.hands_stored
                kept = (f"the {stored} new hand{'s' * (stored != 1)} stored before that are kept"
                        if stored else "nothing was stored")
                raise StoreWriteError(f"{exc}; {kept}, and running the same command again "
                                      "completes the import") from None
    finally:
        if client is not None:
            client.close()
    return summary


def _import(paths: Iterable[str | os.PathLike[str]], store: Store,
            progress: Callable[[ImportProgress], None] | None, jobs: int | None,
            summary: ImportSummary, client: Client | None = None) -> None:
    known = Known.of(store)
    stored_rows = StoredRows(store, known.stored)
    previous = store.imported_files()
    todo: list[str] = []
    size = 0
    for path in history_files(paths):
        summary.files_seen += 1
        resolved = str(path.resolve())
        try:
            stat = path.stat()
        except OSError as exc:
            # Gone or unreadable since it was listed: this file is rejected, the rest imported.
            summary.rejected += 1
            if len(summary.rejected_examples) < 10:
                summary.rejected_examples.append(
                    f"{shown(path)}: cannot read it: {exc.strerror or exc}")
            continue
        if previous.get(resolved) == (stat.st_size, stat.st_mtime_ns):
            summary.files_unchanged += 1
        else:
            todo.append(resolved)
            size += stat.st_size
    if jobs is None:
        jobs = default_jobs() if size >= PARALLEL_BYTES else 1
    state = ImportProgress(files=len(todo), bytes=size)
    report = progress or (lambda _: None)
    report(state)

    def stored(hands: int) -> Callable[[Future[int]], None]:
        def done(write: Future[int]) -> None:
            if not write.cancelled() and write.exception() is None:
                state.hands_stored += hands
                summary.hands_stored += hands
        return done

    batch = _Batch()
    failed: set[str] = set()  # files with a rejected hand in a slice read so far
    earlier: Counter[str] = Counter()  # new hands in the slices read so far of a file
    # A full batch is written by a second thread while the next files are read: polars
    # writes Parquet, and the disk syncs, without holding the interpreter, so with a
    # processor to spare the writing costs the reading nothing. One batch at most is being
    # written, so memory stays flat; each batch is still published whole or not at all.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="hhtools-store") as writer:
        writing: Future[int] | None = None
        if client is not None:

            reading = read_on_cluster(_slices(todo), client)
        else:
            reading = _read_all(_slices(todo), jobs)
        try:
            for rows in reading:
                if rows.errors:
                    failed.add(rows.path)
                summary.files_read += rows.last
                # Marked as imported with its last slice, if no slice had a rejected hand;
                # its rejections stored before are replaced from its first slice on.
                earlier[rows.path] += _add_file(
                    rows, known, batch, summary, record=rows.last and rows.path not in failed,
                    reread=rows.part == 0, earlier=earlier[rows.path], stored_rows=stored_rows)
                if rows.last:
                    del earlier[rows.path]
                if batch.full():
                    if writing is not None:
                        _result(writing)  # raises what the write raised (a full disk...)
                    writing = writer.submit(batch.write, store)
                    writing.add_done_callback(stored(batch.hands))
                    batch = _Batch()
                state.files_read += rows.last
                state.bytes_read += rows.bytes
                state.hands_read += len(rows.verdicts) + rows.repeated
                report(state)
        finally:
            # Closed now, not when the traceback of an interrupt is freed: the files not yet
            # started are cancelled, so stopping waits for the files being read only.
            reading.close()
        if writing is not None:
            _result(writing)
    if batch:
        batch.write(store)
        state.hands_stored += batch.hands
        summary.hands_stored += batch.hands
    report(state)


def _slices(paths: list[str]) -> Iterator[Slice]:
    """The slices of the files, in order; a file is planned when its turn comes."""

    for path in paths:
        yield from plan(path)


@contextmanager
def _workers_without_working_folder() -> Iterator[None]:
    """Workers that import hhtools from where this process imported it.

    The fork server is started as ``python -c ...``, whose sys.path begins with the working
    folder, and CPython 3.11's fork server does not take this process's sys.path: run from
    a folder holding an ``hhtools`` package (a checkout of it), the workers would run that
    code, not the installed one. PYTHONSAFEPATH (Python 3.11+) leaves the folder out; the fork
    server takes the environment when it starts, at the pool's first worker."""
    before = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ["PYTHONSAFEPATH"]
        else:
            os.environ["PYTHONSAFEPATH"] = before


def _read_all(slices: Iterator[Slice], jobs: int) -> Generator[FileRows, None, None]:
    ahead = list(itertools.islice(slices, 2))
    slices = itertools.chain(ahead, slices)
    if jobs <= 1 or len(ahead) <= 1:
        yield from map(read_slice, slices)
        return
    # Not plain fork: polars' thread pool, started by reading the store, does not survive a
    # fork, and a worker using it would hang. A fork server starts clean, and quickly.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if context.get_start_method() == "forkserver":
        # The fork server imports what a worker runs (polars, the readers, the auditor, the
        # rows) once, before any of polars' threads exist; each worker forked from it starts
        # with them, rather than importing them again (some 0.3 s of processor time each).
        context.set_forkserver_preload(["__main__", *WORKER_MODULES])
    # Each worker watches a pipe whose only writing end this process holds (see
    # _end_with_importer). Closed after the pool, so workers end on their own first.
    alive_r, alive_w = context.Pipe(duplex=False)
    stop = context.Event()
    with _workers_without_working_folder(), alive_r, alive_w, ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_start_worker,
            initargs=(alive_r, stop)) as pool:
        # A few slices per worker are read ahead, not every file: the rows waiting to be
        # stored stay few, whatever the number and size of the files.
        reads = deque(pool.submit(_read_unless_stopped, s)
                      for s in itertools.islice(slices, READ_AHEAD * jobs))
        try:
            # In the files' order, so batches and duplicates are decided as with one job.
            while reads:
                rows = _result(reads.popleft())
                reads.extend(pool.submit(_read_unless_stopped, s)
                             for s in itertools.islice(slices, 1))
                yield rows
        except BaseException:
            # Interrupted, or the import failed: the slices not begun are dropped, and each
            # worker ends the one it is reading (a fraction of a second: SLICE_BYTES); their
            # hands were not stored, and the next import reads them. Workers are not
            # terminated: one ended while it sends a slice's rows leaves the pool waiting
            # for the rest of them for ever.
            stop.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _result(future: Future[T]) -> T:
    """``future.result()``, waited for in steps of a tenth of a second: Ctrl-C may be delivered
    to another thread, and Python acts on it only when the main thread runs again."""
    while not wait([future], timeout=0.1).done:
        pass
    return future.result()


#: Set in a worker of a parallel import when the import stops (``_start_worker``).
_stopped: EventType | None = None


def _start_worker(alive: Connection, stop: EventType) -> None:
    """Worker initializer: Ctrl-C reaches every process of the terminal's job, but the import
    stops from the main process (a worker interrupted while waiting for its next file would
    print a traceback), which sets ``stop``; and the worker ends with the importing process."""
    global _stopped
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stopped = stop
    _end_with_importer(alive)


class _Stopped(Exception):
    """A slice a worker skipped because the import had stopped: its future is never read
    (``stop`` is set only on ``_read_all``'s way out), so it never reaches the importer."""


def _read_unless_stopped(part: Slice) -> FileRows:
    """A worker's task: ``read_slice(part)``; ``_Stopped`` once the import has stopped."""
    if _stopped is not None and _stopped.is_set():
        raise _Stopped(part.path)
    return read_slice(part)


def _end_with_importer(alive: Connection) -> None:
    """Worker initializer: end this worker as soon as the importing process ends, even by
    ``kill -9``, which gives the pool no chance to stop its workers.

    The kernel closes a dead process's files, so the pipe's writing end closes and the
    blocked ``recv`` gets end-of-file, whatever the platform and however the worker was started
    (fork server or spawn, whose parent is not the importing process).
    """
    def watch() -> None:
        try:
            alive.recv()
        except (EOFError, OSError):
            pass
        os._exit(1)

    threading.Thread(target=watch, name="hhtools-importer-watch", daemon=True).start()


def import_parsed(path: str, stat: os.stat_result, result: ParseResult, store: Store, *,
                  whole: bool, again: bool = True,
                  waiting: Callable[[str], None] | None = None,
                  merge: bool = True) -> ImportSummary:
    """Import the hands of ``path`` already parsed (``result``, a ParseResult), holding the
    writer lock only meanwhile; hands already stored are skipped.

    ``stat`` is the file's, taken before it was read. With ``whole`` false the result covers
    only the part of the file written so far: the file is not marked as imported, so a later
    import reads it again rather than taking it for unchanged. ``merge``: as for
    ``Store.writing`` (a watch merges once the hand is said to be stored).
    """
    with store.writing("watch", waiting, merge=merge):
        store.discard_unfinished()
        # Only the batches new since the last hand, and every batch once a while: what a
        # look at every file of every batch costs grows with the store, and comes before
        # each hand.
        store.refuse_damaged(trusted=WATCH_TRUSTS)
        summary = ImportSummary(files_seen=1, files_read=1)
        known = Known.of(store, trusted=WATCH_TRUSTS)
        stored_rows = StoredRows(store, known.stored)
        # Hands already stored are not audited again: a growing file is read after each hand.
        stored = known.duplicates([(h.site, h.hand_id) for h in result.hands])
        fresh = tuple(h for h in result.hands if (h.site, h.hand_id) not in stored)
        summary.duplicates = len(result.hands) - len(fresh)
        with collector_paused():
            rows = flatten(path, stat.st_size, stat.st_mtime_ns, replace(result, hands=fresh))
        batch = _Batch()
        _add_file(rows, known, batch, summary, record=whole, stored_rows=stored_rows)
        if not again:
            batch.paths.clear()
        if batch:
            summary.hands_stored = batch.write(store)
    return summary


class StoredRows:
    """What the store holds that a file read again must not add twice: its skipped hands and
    tournament summaries, each read when first needed (a watched hand seldom brings either),
    and how many hands each file holds (a file read again after an import stopped in it
    counts the hands stored then), from the batches' key indexes."""

    def __init__(self, store: Store, stored: StoredKeys):
        self.store = store
        self.stored = stored
        self._skipped: set[tuple[str | None, ...]] | None = None
        self._summaries: set[tuple[str, str, str]] | None = None

    def summaries(self) -> set[tuple[str, str, str]]:
        """The tournament summaries stored (hhtools.store.summary_rows.stored_summaries),
        learning those of this import."""
        if self._summaries is None:

            self._summaries = stored_summaries(self.store)
        return self._summaries

    def new_skipped(self, frame: pl.DataFrame) -> pl.DataFrame:
        """The rows of ``frame`` (a skipped table) not stored yet, learnt as stored."""
        if not frame.height:
            return frame
        if self._skipped is None:
            stored = self.store.read_columns("skipped", list(SCHEMAS["skipped"]))
            self._skipped = set(stored.iter_rows())
        keep = []
        for row in frame.select(list(SCHEMAS["skipped"])).iter_rows():
            keep.append(row not in self._skipped)
            self._skipped.add(row)
        return frame.filter(pl.Series(keep, dtype=pl.Boolean))


class Known:
    """The hands stored before an import, and those it added: what makes a hand a duplicate.

    The stored ones are not held in memory: each slice's keys are looked for in the batches
    whose key index may hold them (hhtools.store.keyindex), so memory and the time this takes
    grow with the hands imported, not with the store. The keys added are held: an import of
    100,000 new hands holds some 20 MB of them.
    """

    def __init__(self, store: Store, stored: StoredKeys):
        self.store = store
        self.stored = stored
        self.added: set[tuple[str, str]] = set()

    @classmethod
    def of(cls, store: Store, trusted: float = 0.0) -> Known:
        """What ``store`` holds now (its writer lock held, its damage looked for);
        ``trusted``: as for hhtools.store.keyindex.batch_index."""
        try:
            return cls(store, StoredKeys(store.batch_folders(), trusted))
        except (*READ_ERRORS, ValueError):
            raise store.damage_error("hands") from None

    def duplicates(self, keys: Collection[tuple[str, str]]) -> set[tuple[str, str]]:
        """Those of ``keys`` stored already, or added by this import."""
        again = {k for k in keys if k in self.added}
        try:
            return again | self.stored.held([k for k in keys if k not in again])
        except READ_ERRORS:
            raise self.store.damage_error("hands") from None


def _add_file(rows: FileRows, known: Known, batch: _Batch, summary: ImportSummary,
              record: bool = True, reread: bool = True, earlier: int = 0,
              stored_rows: StoredRows | None = None) -> int:
    """Add a file's rows, or a slice's, to the batch but the duplicates; how many hands are new.

    ``record``: mark the file as imported, holding ``earlier`` new hands in its slices before;
    ``reread``: the file's stored rejections are replaced by these rows'; ``stored_rows``: the
    skipped hands and tournament summaries stored, learning the new ones, and the hands stored
    per file.
    """
    verdicts = rows.verdicts
    stored = known.duplicates(verdicts.keys())
    # Counted and learnt by C-level loops: a slice of fresh hands, the usual one, has none
    # to leave out.
    added = {k: v for k, v in verdicts.items() if k not in stored} if stored else verdicts
    duplicates = [k for k in verdicts if k in stored] if stored else []
    known.added.update(added)
    summary.verdicts.update(added.values())
    frames = rows.frames
    if duplicates:
        dropped = pl.DataFrame(duplicates, schema={"site": pl.String, "hand_id": pl.String},
                               orient="row")
        frames = {name: (f.join(dropped, on=KEY, how="anti") if set(KEY) <= set(f.columns) else f)
                  for name, f in frames.items()}
    if stored_rows is not None and "skipped" in frames:
        frames = {**frames, "skipped": stored_rows.new_skipped(frames["skipped"])}
    heads = frames.get("tournament_summaries")
    if stored_rows is not None and heads is not None and heads.height:

        frames, fresh, again = new_summaries(frames, stored_rows.summaries())
        summary.summaries_new += fresh
        summary.summaries_known += again
    new = len(rows.verdicts) - len(duplicates)
    summary.hands_new += new
    summary.duplicates += len(duplicates) + rows.repeated
    summary.skipped_games.update(rows.skipped)
    summary.rejected += len(rows.errors)
    summary.rejected_examples.extend(rows.errors[:max(0, 10 - len(summary.rejected_examples))])
    summary.not_histories += rows.not_history
    summary.warnings += len(rows.warnings)
    summary.warning_examples.extend(rows.warnings[:max(0, 10 - len(summary.warning_examples))])
    summary.writing += len(rows.held)
    summary.writing_examples.extend(rows.held[:max(0, 10 - len(summary.writing_examples))])
    batch.add(frames, new, rows.path if reread else None)
    # A file with rejected hands is read again next time: a newer hhtools may read them; one
    # whose last hand is still being written, to store that hand once it is finished.
    if record and not rows.errors and not rows.held:
        before = stored_rows.stored.hands_of(rows.path) if stored_rows is not None else 0
        batch.add({"files": pl.DataFrame([{
            "path": rows.path, "size": rows.size, "mtime_ns": rows.mtime_ns,
            "hands": before + earlier + new, "rejected": 0, "imported_at": datetime.now(timezone.utc)}],
            schema=SCHEMAS["files"])}, 0, rows.path if reread else None)
    return new


class _Batch:
    """Tables waiting to be written as one atomic batch."""

    def __init__(self) -> None:
        self.frames: dict[str, list[pl.DataFrame]] = {name: [] for name in SCHEMAS}
        self.hands = 0
        self.rows = 0
        self.bytes = 0
        self.parts = 0
        self.paths: set[str] = set()  # the files read: their stored rejections are replaced

    def __bool__(self) -> bool:
        return any(self.frames.values())

    def add(self, frames: dict[str, pl.DataFrame], hands: int, reread: str | None) -> None:
        """Add rows; ``reread``: the file read, whose stored rejections these replace."""
        for name, frame in frames.items():
            if frame.height:
                self.frames[name].append(frame)
                self.rows += frame.height
                self.bytes += int(frame.estimated_size())
                self.parts += 1
        self.hands += hands
        if reread is not None:
            self.paths.add(reread)

    def full(self) -> bool:
        """True once the batch is to be written: what it holds bounds an import's memory."""
        return (self.hands >= BATCH_HANDS or self.rows >= BATCH_ROWS
                or self.bytes >= BATCH_BYTES or self.parts >= BATCH_PARTS)

    def write(self, store: Store) -> int:
        """Write the batch; how many hands it held."""
        store.write_batch({name: pl.concat(parts) for name, parts in self.frames.items() if parts},
                          reread=self.paths)
        return self.hands
