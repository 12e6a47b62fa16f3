"""The hand store's layout: its tables and their columns, the key of a hand, and the files a
batch folder holds beside its tables (digests, the batches a merged one replaces).

Imported by the store, the damage check and the rows made for it, so that each may read the
layout without importing the others.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

import polars as pl

MONEY = pl.Decimal(38, 4)


#: What reading a damaged Parquet file raises: polars' errors, and its panics (a
#: BaseException) on data it decodes into impossible lengths.
READ_ERRORS = (OSError, pl.exceptions.PolarsError, pl.exceptions.PanicException)


#: Every table and its columns (data type instances, which polars takes for their classes).
#: Money is Decimal, never float; times are UTC.
_COLUMNS: dict[str, dict[str, pl.DataType]] = {
    "hands": {
        "site": pl.String(), "hand_id": pl.String(), "game": pl.String(), "structure": pl.String(),
        "currency": pl.String(), "small_bet": MONEY, "big_bet": MONEY, "small_blind": MONEY,
        "big_blind": MONEY, "ante": MONEY, "table": pl.String(), "max_seats": pl.Int32(),
        "button_seat": pl.Int32(), "started_at": pl.Datetime("us", "UTC"),
        "tournament_id": pl.String(),
        "hero": pl.String(), "players": pl.Int32(), "cancelled": pl.Boolean(), "total_pot": MONEY,
        "rake": MONEY, "verdict": pl.String(), "path": pl.String(), "line": pl.Int32(),
    },
    "players": {
        "site": pl.String(), "hand_id": pl.String(), "player": pl.String(), "seat": pl.Int32(),
        "position": pl.String(), "starting_stack": MONEY, "sitting_out": pl.Boolean(),
        "is_hero": pl.Boolean(), "put_in": MONEY, "collected": MONEY, "returned": MONEY,
        "net": MONEY, "showed": pl.Boolean(), "cards": pl.String(),
        # Betting facts per player and hand (hhtools.store.rows.betting_facts).
        "vpip": pl.Boolean(), "raised_predraw": pl.Boolean(), "three_bet_chance": pl.Boolean(),
        "three_bet": pl.Boolean(), "fold_street": pl.String(), "showdown": pl.Boolean(),
        **{f"{what}_{street}": pl.Int16() for what in ("agg", "calls")
           for street in ("predraw", "draw1", "draw2", "draw3")},
    },
    "actions": {
        "site": pl.String(), "hand_id": pl.String(), "seq": pl.Int32(), "street": pl.String(),
        "player": pl.String(), "kind": pl.String(), "amount": MONEY, "to": MONEY,
        "all_in": pl.Boolean(), "count": pl.Int32(), "discarded": pl.String(),
        "new_cards": pl.String(), "line": pl.Int32(),
    },
    "draws": {
        "site": pl.String(), "hand_id": pl.String(), "game": pl.String(), "player": pl.String(),
        "street": pl.String(), "count": pl.Int32(), "before": pl.String(), "after": pl.String(),
        "made_before": pl.Boolean(), "made_after": pl.Boolean(), "line": pl.Int32(),
    },
    "halves": {
        "site": pl.String(), "hand_id": pl.String(), "pot": pl.String(), "component": pl.String(),
        "amount": MONEY, "player": pl.String(), "winners": pl.Int32(),
    },
    "pots": {
        "site": pl.String(), "hand_id": pl.String(), "pot": pl.String(), "player": pl.String(),
        "amount": MONEY, "line": pl.Int32(),
    },
    "findings": {
        "site": pl.String(), "hand_id": pl.String(), "kind": pl.String(), "message": pl.String(),
        "line": pl.Int32(),
    },
    # A tournament hand's header facts, and the finishes its lines print: a tournament's
    # result is put together from every stored hand of it when read (hhtools.analytics.tournaments),
    # so hands of one tournament imported at different times complete each other.
    "tournaments": {
        "site": pl.String(), "hand_id": pl.String(), "tournament_id": pl.String(), "buy_in": MONEY,
        "bounty": MONEY, "fee": MONEY, "currency": pl.String(), "level": pl.String(),
    },
    "tournament_finishes": {
        "site": pl.String(), "hand_id": pl.String(), "player": pl.String(), "place": pl.Int32(),
        "prize": MONEY, "line": pl.Int32(),
    },
    # What PokerStars' tournament summary files say (hhtools.reading.summaries), one row per summary
    # read (``digest`` tells them apart) and per line of its places list.
    "tournament_summaries": {
        "site": pl.String(), "tournament_id": pl.String(), "digest": pl.String(),
        "game": pl.String(),
        "buy_in": MONEY, "bounty": MONEY, "fee": MONEY, "currency": pl.String(),
        "entrants": pl.Int32(), "prize_pool": MONEY, "started_at": pl.Datetime("us", "UTC"),
        "ended_at": pl.Datetime("us", "UTC"), "hero": pl.String(), "hero_place": pl.Int32(),
        "rebuys": MONEY, "path": pl.String(), "line": pl.Int32(),
        "imported_at": pl.Datetime("us", "UTC"),
    },
    "summary_places": {
        "site": pl.String(), "tournament_id": pl.String(), "digest": pl.String(),
        "place": pl.Int32(),
        "player": pl.String(), "entries": pl.Int32(), "country": pl.String(), "prize": MONEY,
        "line": pl.Int32(),
    },
    "rejected": {
        "path": pl.String(), "line": pl.Int32(), "column": pl.Int32(), "site": pl.String(),
        "hand_id": pl.String(), "reason": pl.String(),
    },
    "skipped": {"path": pl.String(), "site": pl.String(), "hand_id": pl.String(),
                "game": pl.String()},
    "files": {
        "path": pl.String(), "size": pl.Int64(), "mtime_ns": pl.Int64(), "hands": pl.Int32(),
        "rejected": pl.Int32(), "imported_at": pl.Datetime("us", "UTC"),
    },
}
SCHEMAS: dict[str, pl.Schema] = {name: pl.Schema(columns) for name, columns in _COLUMNS.items()}


#: Tables added after stores were first written: a batch written before has no file for
#: them, and reads as holding no rows of them (never as damage).
ADDED_LATER = frozenset({"tournaments", "tournament_finishes", "tournament_summaries",
                         "summary_places"})


KEY = ["site", "hand_id"]


REPAIR_HINT = "`hhtools check --repair` moves it aside"


#: The file of a merged batch naming, one a line, the batches it replaces.
REPLACES = "replaces.txt"


#: The file of a batch giving the digest of each table's file as written (but rejected's).
DIGESTS = "digests.txt"


#: The Path of each entry of a store's ``batches/`` met by this process, by that folder and
#: the entry's name: a watch lists the batches several times a hand, and making a Path costs
#: more than the rest of what is done with a batch known sound.
_ENTRY_PATHS: dict[str, dict[str, Path]] = {}


def entry_paths(batches: Path, names: Iterable[str]) -> list[Path]:
    """``batches / name`` for each of ``names``, each made once per process."""
    made = _ENTRY_PATHS.setdefault(str(batches), {})
    if len(made) > 100_000:
        made.clear()
    found = []
    for name in names:
        path = made.get(name)
        if path is None:
            path = made[name] = batches / name
        found.append(path)
    return found


#: What each batch folder's REPLACES says, by folder: written before the batch is published
#: and never changed after, so a process reads each once (a watch lists the batches before
#: every hand, and most have none to read).
_REPLACED: dict[str, frozenset[str]] = {}


def replaced_by(folders: Iterable[Path], fresh: bool = False) -> set[str]:
    """The names of the batches that the merged batches among ``folders`` replace; ``fresh``:
    read every folder's list again (the full check of ``hhtools check``)."""
    names: set[str] = set()
    for folder in folders:
        if not fresh and (known := _REPLACED.get(str(folder))) is not None:
            names |= known
            continue
        try:
            text = (folder / REPLACES).read_text(encoding="utf-8")
        except FileNotFoundError:
            text = ""
        except (OSError, UnicodeDecodeError):
            continue  # unreadable: hhtools.store.check names it as damage
        listed = frozenset(line for line in text.splitlines() if line)
        if len(_REPLACED) > 100_000:
            _REPLACED.clear()
        _REPLACED[str(folder)] = listed
        names |= listed
    return names


def file_digest(path: Path) -> str:
    """The BLAKE2b digest of a file's bytes, in hex."""
    digest = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as file:
        while chunk := file.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
