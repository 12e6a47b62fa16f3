"""Damage in a hand store, found (``hhtools check``; ``check --repair`` moves it aside).

hhtools itself only ever publishes whole batches (see hhtools.store.store), so damage comes from
elsewhere: a disk error, a file copied in or edited by hand, a sync tool, or a batch published
without some of its tables by an earlier hhtools when two imports overlapped. Whatever it is,
it is named in one line (path and what is wrong, never the file's bytes), imports refuse to
write into the store, and readers refuse to answer from it, until ``repair`` has moved it into
``<db>/damaged/``. The files whose hands a moved batch held are then marked as not imported,
so the next import reads them again and stores those hands once more, skipping the others.

Besides files that cannot be read, the full check (``hhtools check``) finds a store whose
content is wrong though every file reads: a table's rows repeated (a batch or a file copied
by hand), a batch's rows for hands it does not hold (a table copied from another batch), and
files marked as imported whose hands are not all stored (a batch deleted by hand), and a key
index (hhtools.store.keyindex) that does not list its batch's hands. An import looks only at
what is quick to see: each file's marks and footer (its columns), and each batch's key index
against the rows its hands table holds (one holding a hand twice has more rows).
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import polars as pl

from hhtools.errors import StoreError
from hhtools.store.keyindex import INDEX, KeyIndex, batch_index
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


class Folders(Protocol):
    """What the check reads of a store (a ``hhtools.store.store.Store``): its folder and batches."""

    root: Path
    batches: Path


_MAGIC = b"PAR1"


#: The tables of a batch whose ``path`` column says which files its hands came from.
PATH_TABLES = ("hands", "files", "rejected", "skipped")


#: What tells a table's rows apart, in the whole store. ``rejected`` and ``skipped`` are
#: lists that may repeat a row, and not every table has a key that is sure to be unique.
UNIQUE: dict[str, list[str]] = {
    "hands": KEY, "players": [*KEY, "seat"], "actions": [*KEY, "seq"], "tournaments": KEY,
    "tournament_summaries": ["site", "tournament_id", "digest"],
    "summary_places": ["site", "tournament_id", "digest", "line"],
    "files": list(SCHEMAS["files"]),
}


#: Tables whose rows each belong to a hand, written in the batch that holds the hand.
_HAND_TABLES = ("players", "actions", "draws", "halves", "pots", "findings", "tournaments",
                "tournament_finishes")


@dataclass(frozen=True)
class Damage:
    """One damaged or foreign thing in a store."""

    path: Path  # the file or folder at fault
    what: str  # what is wrong with it, in words
    aside: Path | None  # what repair moves aside: the whole batch, a stray file alone, or none
    reread: frozenset[str] = frozenset()  # files the next import must read again

    def __str__(self) -> str:
        return f"{self.path}: {self.what}"


#: The table files whose marks and footer were found right, as (path, inode, size, mtime):
#: batches are never changed in place by hhtools but for rejected.parquet, replaced by a
#: rename (a new inode), so a file seen right and unchanged since need not be read again.
_FOOTERS_READ: set[tuple[str, int, int, int]] = set()


def table_damage(path: Path, table: str, full: bool) -> str | None:
    """What is wrong with the file of ``table`` at ``path``, or None. Without ``full``, only
    the marks a Parquet file begins and ends with and its footer are read (some 0.2 ms a
    file, so an import can look at every batch before it writes): that finds a file cut
    short, overwritten, not Parquet or of other columns; ``full`` also reads its data."""
    try:
        with open(path, "rb") as file:
            stat = os.fstat(file.fileno())
            seen = (str(path), stat.st_ino, stat.st_size, stat.st_mtime_ns)
            if not full and seen in _FOOTERS_READ:
                return None  # a watch looks before every hand: each footer is read once
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
    try:
        schema = pl.read_parquet_schema(path)
    except READ_ERRORS:
        return "not a readable Parquet file"
    if dict(schema) != SCHEMAS[table]:
        return f"its columns are not those of the {table} table"
    if len(_FOOTERS_READ) > 100_000:
        _FOOTERS_READ.clear()
    _FOOTERS_READ.add(seen)
    if full:
        try:
            pl.read_parquet(path)
        except READ_ERRORS:
            return "a damaged Parquet file: its data cannot be read"
    return None


#: A batch folder and each of its entries: name, inode, size and modification time.
Listing = tuple[str, tuple[tuple[str, int, int, int], ...]]

#: The batches a quick look found sound, each as its folder and listing (``_listing``): a
#: watch looks before every hand, and a batch is never changed in place by hhtools but for its
#: rejected table, replaced by a rename (a new inode), so a batch listed the same since needs
#: no look. A file changed in place in any other way shows a new size or time. Kept in the
#: store too (SEEN, written by the writer lock's holder), so that an import into a store of
#: a thousand batches does not open their fourteen thousand files again.
_BATCHES_SEEN: set[Listing] = set()
#: SEEN holds one batch a line, JSON ``[name, [[file, inode, size, mtime], ...]]``, appended
#: to as batches are found sound: a watch finds one more before each hand, and writing the
#: whole list each time would cost what the store holds. It is written whole again, without
#: the batches gone, once it has grown to twice the batches present.
SEEN = ".sound-batches.json"


@dataclass
class _SeenFile:
    """What this process knows of a store's SEEN file: the batches it lists, its lines."""

    listed: set[Listing]
    lines: int


_SEEN_FILES: dict[str, _SeenFile] = {}  # by store root, once read by this process


def _seen_line(batches: Path, line: str) -> list[Listing]:
    """The batches a line of SEEN lists: one, or every one in the file an earlier hhtools
    wrote whole as one list; none for a line cut short by a kill, or foreign."""
    try:
        data = json.loads(line)
        batches_listed = data if data and isinstance(data[0], list) else [data]
        return [(str(batches / name),
                 tuple((str(e[0]), int(e[1]), int(e[2]), int(e[3])) for e in entries))
                for name, entries in batches_listed if isinstance(name, str)]
    except (ValueError, TypeError, IndexError, KeyError):
        return []


def _read_seen(store: Folders) -> None:
    if str(store.root) in _SEEN_FILES:
        return
    known = _SEEN_FILES[str(store.root)] = _SeenFile(set(), 0)
    try:
        text = (store.root / SEEN).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return  # none yet, or not readable: the batches are looked at again
    for line in text.splitlines():
        if line.strip():
            known.lines += 1
            known.listed.update(_seen_line(store.batches, line))
    _BATCHES_SEEN.update(known.listed)


def _write_seen(store: Folders, batches: list[Path]) -> None:
    """Keep in the store which of ``batches`` were found sound (under the writer lock)."""
    known = _SEEN_FILES.setdefault(str(store.root), _SeenFile(set(), 0))
    present = {str(folder) for folder in batches}
    sound = {listing for listing in _BATCHES_SEEN if listing[0] in present}
    fresh = sound - known.listed
    if not fresh:
        return
    whole = known.lines + len(fresh) > 2 * len(present) + 64
    lines = "".join(json.dumps([Path(folder).name, [list(e) for e in entries]]) + "\n"
                    for folder, entries in sorted(sound if whole else fresh))
    try:
        if whole:
            written = store.root / f"{SEEN}.{os.getpid()}"
            try:
                written.write_text(lines, encoding="utf-8")
                os.replace(written, store.root / SEEN)
            except OSError:
                written.unlink(missing_ok=True)
                raise
            known.listed, known.lines = sound, len(sound)
        else:
            # Begun with a newline: a line a kill cut short is ended, not run into this one.
            with open(store.root / SEEN, "a", encoding="utf-8") as file:
                file.write("\n" + lines)
            known.listed |= fresh
            known.lines += len(fresh)
    except OSError:
        pass  # a read-only store: looked at again next time


#: When this process last found each batch sound by a quick look (time.monotonic()), for
#: the looks that trust a batch so found for a while (``find_damage``'s ``trusted``).
_SOUND_AT: dict[str, float] = {}


def _sound(batch: Path, now: float) -> None:
    if len(_SOUND_AT) > 100_000:
        _SOUND_AT.clear()
    _SOUND_AT[str(batch)] = now


def _listing(batch: Path) -> Listing:
    """A batch folder and each of its entries (see Listing)."""
    found = []
    with os.scandir(batch) as entries:
        for entry in entries:
            try:
                stat = entry.stat(follow_symlinks=False)
            except FileNotFoundError:
                continue
            found.append((entry.name, stat.st_ino, stat.st_size, stat.st_mtime_ns))
    return str(batch), tuple(sorted(found))


def find_damage(store: Folders, full: bool = True, trusted: float = 0.0) -> list[Damage]:
    """Everything damaged or foreign under ``batches/``; ``full`` reads every table's data and
    checks what the store holds (see the module's text), otherwise only what tells a Parquet
    file of the right columns (what an import checks before it writes). ``trusted``: for so
    many seconds a batch this process found sound by a quick look is taken as sound without
    a look (a watch looks before every hand)."""
    try:
        # scandir: whether an entry is a folder comes with the listing, with no stat of each.
        # Names sorted, not paths: the same order, as they share a folder, and comparing Paths
        # costs more than the look at a batch known sound.
        with os.scandir(store.batches) as listed:
            named = {e.name: e.is_dir() for e in listed}
        ordered = sorted(named)
        entries = entry_paths(store.batches, ordered)
        kinds = {path: named[name] for path, name in zip(entries, ordered)}
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreError(f"cannot read the store {store.root}: {exc.strerror}") from None
    found = []
    whole = []  # the batches whose every file reads
    looked = False  # at a batch not known sound
    if not full:
        _read_seen(store)
    tables = {f"{name}.parquet": name for name in SCHEMAS}
    # A merge killed before it removed the batches it replaced leaves them: not read, and
    # removed by the next writer.
    folders = [e for e in entries if kinds[e]]
    replaced = replaced_by(folders, fresh=full)
    now = time.monotonic()
    for entry in entries:
        if not kinds[entry]:
            found.append(Damage(entry, "a foreign file: only batch folders belong here", entry))
            continue
        if entry.name in replaced:
            continue
        if (trusted and not full and (at := _SOUND_AT.get(str(entry))) is not None
                and now - at < trusted):
            continue  # found sound by this process a moment ago
        files = _listing(entry)
        if not full and files in _BATCHES_SEEN:
            _sound(entry, now)
            continue  # found sound by an earlier quick look, and not changed since
        looked = True
        names = {name for name, *_ in files[1]}
        if not names:
            found.append(Damage(entry, "an empty batch folder", entry))
            continue
        before = len(found)
        for name in sorted(names - tables.keys() - {REPLACES, DIGESTS, INDEX}):
            found.append(Damage(entry / name, "a foreign file in a batch folder", entry / name))
        if REPLACES in names and not (entry / REPLACES).is_file():
            found.append(Damage(entry / REPLACES, "not the list of the batches it replaces",
                                entry))
        written = _digests(entry) if DIGESTS in names else {}
        for filename, table in tables.items():
            if table in ADDED_LATER and filename not in names and filename not in (written or {}):
                continue  # a batch written before the table was added
            if (what := table_damage(entry / filename, table, full)) is not None:
                found.append(Damage(entry / filename, what, entry))
        if written is None:
            found.append(Damage(entry / DIGESTS, "not the list of its tables' digests", entry))
        elif full and written and not any(d.aside == entry for d in found[before:]):
            found += _digest_damage(entry, written)
        if not any(d.aside == entry for d in found[before:]):
            # Its tables read, so their rows are checked with the others' even if its index
            # is wrong; the index last, as a table found damaged above would be the cause.
            whole.append(entry)
            found += _index_damage(entry, INDEX in names, written, full)
        if not full and len(found) == before:
            if len(_BATCHES_SEEN) > 100_000:
                _BATCHES_SEEN.clear()
            _BATCHES_SEEN.add(files)
            _sound(entry, now)
    if not full and looked and not found:
        _write_seen(store, folders)
    if full:
        try:
            found += _content_damage(store, whole)
            if not found:
                # Only in a store whose every batch reads: the hands of a damaged batch are
                # not counted, and repair marks that batch's files to be read again anyway.
                found += _lost_marks(store, whole)
        except READ_ERRORS as exc:
            raise StoreError(f"cannot read the store {store.root}: {exc}") from None
    return found


def _index_damage(batch: Path, present: bool, written: dict[str, str] | None,
                  full: bool) -> list[Damage]:
    """What is wrong with the key index of ``batch`` (hhtools.store.keyindex), whose tables
    read. ``present``: the batch holds a ``keys.json``; ``written``: its digests. An import
    trusts the index to tell which hands the batch holds, so even the quick look checks its
    digest, and the rows of its hands table against it: more rows than the index has hands
    are hands stored twice (``full``: the check of the whole store's rows names those)."""
    file = batch / INDEX
    listed = (written or {}).get(INDEX)
    if not present and listed is None and full:
        return []  # a batch written before the index: the check of all rows covers it
    if not present and listed is not None:
        return [Damage(file, "missing: a batch holds the key index of its hands", batch)]
    try:
        held = batch_index(batch)
        rows = held.rows  # from the hands table's footer
    except (OSError, UnicodeDecodeError, ValueError):
        if not present:
            return []  # made from a hands table that does not read: told with the tables
        return [Damage(file, "not a readable key index", batch)]
    except READ_ERRORS:
        return []  # the hands table does not read: told with the tables
    try:
        if listed is not None and file_digest(file) != listed:
            return [Damage(file, "damaged in place: its bytes are not those it was written "
                           "with", batch)]
        if held.written and (full or rows != held.index.hands):
            actual = KeyIndex.of(pl.read_parquet(batch / "hands.parquet", columns=[*KEY, "path"]))
            if actual != held.index:
                return [Damage(file, "does not list the hands of this batch's hands table",
                               batch)]
    except OSError as exc:
        return [Damage(file, f"cannot be read ({exc.strerror})", batch)]
    except READ_ERRORS:
        return []
    if not full and rows != held.index.hands:
        twice = rows - held.index.hands
        return [Damage(batch / "hands.parquet", f"{twice} hand{'s' * (twice != 1)} stored twice "
                       "in this file", batch)]
    return []


def _digests(batch: Path) -> dict[str, str] | None:
    """What ``digests.txt`` of ``batch`` says: file name to digest; None if unreadable."""
    try:
        listed = (batch / DIGESTS).read_text(encoding="utf-8").splitlines()
        return dict(line.split(" ", 1) for line in listed if line)
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _digest_damage(batch: Path, written: dict[str, str]) -> list[Damage]:
    """The files of ``batch`` whose bytes are not those it was written with."""
    found = []
    for name, digest in sorted(written.items()):
        if name == INDEX:
            continue  # told by _index_damage, which reads it first
        try:
            same = file_digest(batch / name) == digest
        except FileNotFoundError:
            continue  # named as missing already
        except OSError as exc:
            found.append(Damage(batch / name, f"cannot be read ({exc.strerror})", batch))
            continue
        if not same:
            found.append(Damage(batch / name, "damaged in place: its bytes are not those it "
                                "was written with, though they read", batch))
    return found


def _content_damage(store: Folders, batches: list[Path]) -> list[Damage]:
    """Rows repeated, rows of hands their batch does not hold, and files marked as imported
    whose hands are not all stored, in ``batches`` (whose every file reads)."""
    found: list[Damage] = []
    for table, key in UNIQUE.items():
        rows = _rows(table, batches, key)
        if rows is None:
            continue
        # Of the rows that share a key, those of the first batch holding it stay; a repeat
        # inside one batch blames that batch.
        repeated = (rows.filter(pl.struct(key).is_duplicated())
                    .with_columns(_batch_of(table))
                    .group_by([*key, "file", "batch"]).len()
                    .with_columns(pl.col("batch").min().over(key).alias("first"))
                    .filter((pl.col("batch") != pl.col("first")) | (pl.col("len") > 1))
                    # The copies: every row in a later batch, all but one in the first.
                    .with_columns(pl.col("len") - (pl.col("batch") == pl.col("first"))))
        what = "hands" if table == "hands" else "rows"
        for file, batch, first, count in (
                repeated.group_by("file", "batch", maintain_order=True)
                .agg(pl.col("first").min(), pl.col("len").sum()).sort("batch").iter_rows()):
            file = Path(file)
            where = ("stored twice in this file" if first == batch
                     else f"also stored in {first}")
            found.append(Damage(file, f"{count} {what} {where}", file.parent))
    hands = _rows("hands", batches, KEY)
    if hands is None:
        return found
    hands = hands.with_columns(_batch_of("hands"))
    for table in _HAND_TABLES:
        rows = _rows(table, batches, KEY)
        if rows is None:
            continue
        orphans = (rows.with_columns(_batch_of(table)).join(hands, on=[*KEY, "batch"], how="anti")
                   .group_by("file").len().sort("file"))
        for file, count in orphans.iter_rows():
            file = Path(file)
            found.append(Damage(file, f"{count} rows for hands this batch does not hold (its "
                                "hands table is not this table's own)", file.parent))
    return found


def _lost_marks(store: Folders, batches: list[Path]) -> list[Damage]:
    """The files marked as imported with more new hands than are stored from them: hands
    lost with a batch (an import cuts a big file into several batches, and marks it in the
    last). The mark counts only the hands new when it was made, so it never exceeds a file's
    stored hands in a whole store."""
    files = [b / "files.parquet" for b in batches]
    hand_files = [b / "hands.parquet" for b in batches]
    if not files:
        return []
    marks = (pl.scan_parquet(files, schema=SCHEMAS["files"], include_file_paths="file")
             .select("path", "hands", "imported_at", "file").collect()
             .sort("imported_at").unique("path", keep="last"))
    stored = (pl.scan_parquet(hand_files, schema=SCHEMAS["hands"]).group_by("path").len()
              .collect())
    short = (marks.join(stored, on="path", how="left")
             .with_columns(pl.col("len").fill_null(0))
             .filter(pl.col("hands") > pl.col("len")).sort("path"))
    found = []
    for file, group in short.group_by("file", maintain_order=True):
        first = group.row(0, named=True)
        count = group.height
        found.append(Damage(
            Path(file[0]), f"marks {count} file{'s' * (count != 1)} as imported whose hands are "
            f"not all stored (such as {first['path']}: {first['hands']} hands, "
            f"{first['len']} stored)", None, frozenset(group["path"].to_list())))
    return sorted(found, key=lambda d: str(d.path))


def _rows(table: str, batches: list[Path], columns: list[str]) -> pl.DataFrame | None:
    """``columns`` of ``table`` in ``batches``, with the ``file`` each row was read from."""
    files = [b / f"{table}.parquet" for b in batches]
    if table in ADDED_LATER:
        files = [f for f in files if f.is_file()]
    if not files:
        return None
    return (pl.scan_parquet(files, schema=SCHEMAS[table], include_file_paths="file")
            .select(*columns, "file").collect())


def _batch_of(table: str) -> pl.Expr:
    return pl.col("file").str.strip_suffix(f"{os.sep}{table}.parquet").alias("batch")


def damaged_error(store: Folders, damage: list[Damage]) -> StoreError:
    """The one-line refusal of an import (or a clear) into a damaged store."""
    more = f" (and {len(damage) - 1} more: `hhtools check` lists them)" if len(damage) > 1 else ""
    return StoreError(f"the store {store.root} is damaged: {damage[0]}{more}; nothing was "
                      f"written; {REPAIR_HINT}")
