"""The store's tables made from the rows of hhtools.store.rows, column by column.

An import makes some four hundred values per hand, and polars builds a column from a list far
faster than a frame from dicts; money goes over as text, which polars parses to its Decimal
type exactly and in bulk (a Python ``Decimal`` converts one by one, some four times slower).
Kept apart from the rows, which are compiled: this module is polars calls, which mypyc does
not make cheaper, and the compiled build type-checks without polars installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from itertools import chain, repeat
from typing import Any

import polars as pl

from hhtools.core.cards import Card
from hhtools.store.rows import (
    CODED,
    FACT_COLUMNS,
    PLAYER_CODE_AT,
    PLAYER_CODE_BITS,
    PLAYER_CODED,
    PLAYER_FLAGS,
    PLAYER_ROW,
    RECORD_COLUMNS,
    Rows,
    Table,
    card_texts,
    coded_columns,
    money_texts,
    money_units,
    record_columns,
)
from hhtools.store.tables import SCHEMAS

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MICROSECOND = timedelta(microseconds=1)
#: Tables whose first two columns are the hand's key (site, hand id).
KEYED = frozenset(name for name, schema in SCHEMAS.items() if list(schema)[:2] == ["site", "hand_id"])
#: Columns computed by polars from the others when the table is built, absent from the rows:
#: a net is a new Decimal per player, which costs more to make and convert one by one.
DERIVED: dict[str, dict[str, Callable[[dict[str, pl.Series]], pl.Series]]] = {
    "players": {"net": lambda c: c["collected"] + c["returned"] - c["put_in"]}}
#: Columns holding cards, kept as Card tuples until the column is built: each distinct hand
#: is written once (a player's shown hand is also the draws' last hand, the hand after one
#: draw the hand before the next, and a file's actions repeat the same discards).
CARD_COLUMNS = frozenset({("actions", "discarded"), ("actions", "new_cards"), ("players", "cards"),
                          ("draws", "before"), ("draws", "after")})


def new_rows() -> Rows:
    """An empty Table for each table of the store (``hhtools.store.rows.add_hand`` fills them)."""
    return {name: Table(name in RECORD_COLUMNS, len(ROW_CODED.get(name, ()))) for name in SCHEMAS}


def frames(rows: Rows) -> dict[str, pl.DataFrame]:
    """The non-empty tables of ``rows`` as DataFrames with the store's schemas."""
    out: dict[str, pl.DataFrame] = {}
    for name, table in rows.items():
        if not table:
            continue
        schema = dict(SCHEMAS[name])
        derived = DERIVED.get(name, {})
        for column in derived:
            del schema[column]
        columns: dict[str, pl.Series] = {}
        if name in KEYED:
            columns = _key_columns(table.keys)
            del schema["site"], schema["hand_id"]
        # The columns of a row, in order: the schema's, or the row's own (ROW_COLUMNS).
        names = ROW_COLUMNS.get(name) or tuple(schema)
        if not table.records and len(table.rows[0]) != len(names):
            raise RuntimeError(f"hhtools.store.rows makes {len(table.rows[0])} values for the {name} "
                               f"table, whose rows have {len(names)} columns")
        # Records are read into columns by compiled code, their few-valued columns coded;
        # tuples transposed at once.
        coded = (coded_columns(name, table.rows) if table.records and name in CODED_TABLES
                 else None)
        if coded is not None:
            plain, packed, distinct = coded
            columns.update(_decoded(packed, CODED[name], distinct, schema))
            names = tuple(column for column in names
                          if column not in {c for c, _ in CODED[name]})
            transposed = plain
        elif table.records:
            transposed = record_columns(name, table.rows)
        else:
            transposed = list(map(list, zip(*table.rows)))
        for values, column in zip(transposed, names):
            if column == "flags":
                flags = pl.Series(values, dtype=pl.Int64)
                columns.update(_flag_columns(flags, FLAGS[name]))
                columns.update(_unpacked(flags, PLAYER_CODE_AT,
                                         [(c, PLAYER_CODE_BITS) for c in ROW_CODED[name]],
                                         [list(codes) for codes in table.codes], schema))
                continue
            dtype = schema[column]
            if (name, column) in CARD_COLUMNS:
                values = _card_texts(values)
            if isinstance(dtype, pl.Decimal):
                columns[column] = _money(values, dtype,
                                         (name, column) not in SUMS).alias(column)
            elif isinstance(dtype, pl.Datetime):
                # As microseconds since the epoch (exact integer arithmetic): polars reads
                # integers far faster than time-zone-aware datetimes.
                values = [None if v is None else (v - _EPOCH) // _MICROSECOND for v in values]
                columns[column] = pl.Series(column, values, dtype=pl.Int64).cast(dtype)
            else:
                columns[column] = pl.Series(column, values, dtype=dtype)
        for column, compute in derived.items():
            columns[column] = compute(columns).cast(SCHEMAS[name][column]).alias(column)
        # From a list of named Series in the schema's order: a third of the cost of the same
        # frame from a dict, and no reordering.
        out[name] = pl.DataFrame([columns[column] for column in SCHEMAS[name]])
    return out


#: Tables whose rows hold their values in another order than the schema's, and a ``flags``
#: value holding boolean columns (FLAGS) bit by bit, then the codes of the columns ROW_CODED
#: (hhtools.store.rows.PLAYER_ROW).
ROW_COLUMNS: dict[str, tuple[str, ...]] = {"players": PLAYER_ROW}
FLAGS: dict[str, tuple[str, ...]] = {"players": PLAYER_FLAGS}
ROW_CODED: dict[str, tuple[str, ...]] = {"players": PLAYER_CODED}


def _flag_columns(flags: pl.Series, names: tuple[str, ...]) -> dict[str, pl.Series]:
    """The boolean columns ``names`` of integers holding column ``i`` in bit ``i``."""
    return {name: ((flags // (1 << i)) % 2 == 1).alias(name) for i, name in enumerate(names)}


#: The records tables whose few-valued columns are coded (hhtools.store.rows.CODED).
CODED_TABLES = frozenset(CODED)


def _decoded(packed: list[int], coded: tuple[tuple[str, int], ...], distinct: list[list[Any]],
             schema: dict[str, pl.DataType]) -> dict[str, pl.Series]:
    """The coded columns (hhtools.store.rows.coded_columns): one integer a row, read once,
    each column's codes taken out of it and its values gathered by them, in bulk."""
    return _unpacked(pl.Series(packed, dtype=pl.Int64), 0, coded, distinct, schema)


def _unpacked(packed: pl.Series, at: int, coded: Iterable[tuple[str, int]],
              distinct: list[list[Any]], schema: Mapping[str, pl.DataType]
              ) -> dict[str, pl.Series]:
    """The columns ``coded`` (name and bits, from bit ``at`` on) of ``packed``, each a code
    into its ``distinct`` values."""
    out: dict[str, pl.Series] = {}
    for (column, bits), values in zip(coded, distinct):
        codes = (packed // (1 << at)) % (1 << bits)
        out[column] = pl.Series(column, values, dtype=schema[column]).gather(codes)
        at += bits
    return out


def _key_columns(keys: list[tuple[str, str, int]]) -> dict[str, pl.Series]:
    """The site and hand id columns of a keyed table: each hand's key repeated once per row
    it has (by C-level iterators; a file's hands are nearly always of one site, whose column
    polars fills by itself)."""
    sites, hand_ids, counts = zip(*keys)
    rows = sum(counts)
    if sites.count(sites[0]) == len(sites):
        site = pl.Series("site", sites[:1], dtype=pl.String).new_from_index(0, rows)
    else:
        site = pl.Series("site", list(chain.from_iterable(map(repeat, sites, counts))),
                         dtype=pl.String)
    if rows == len(hand_ids):
        hand_id = pl.Series("hand_id", hand_ids, dtype=pl.String)
    elif rows > _REPEAT_IN_POLARS:
        # Each id made once and repeated by polars: a file's actions cost about half as much
        # as with a Python string per row (the call costs more than that for a few rows).
        hand_id = pl.select(pl.lit(pl.Series("hand_id", hand_ids, dtype=pl.String)).repeat_by(
            pl.Series(counts, dtype=pl.UInt32)).explode()).to_series()
    else:
        hand_id = pl.Series("hand_id", list(chain.from_iterable(map(repeat, hand_ids, counts))),
                            dtype=pl.String)
    return {"site": site, "hand_id": hand_id}


#: Rows of a table above which _key_columns repeats the hand ids in polars.
_REPEAT_IN_POLARS = 1000


#: Each hand of cards' text, found once (hhtools.store.rows.card_texts; bounded).
_CARD_TEXTS: dict[tuple[Card, ...], str] = {}
_MAX_TEXTS = 50_000


def _card_texts(values: list[tuple[Card, ...] | None]) -> list[str | None]:
    """The texts of a column of hands of cards (None stays None)."""
    if len(_CARD_TEXTS) > _MAX_TEXTS:
        _CARD_TEXTS.clear()
    return card_texts(values, _CARD_TEXTS)


#: Money columns of sums made for their hand (hhtools.core.records.chip_totals), new objects
#: whose hash is not worth computing (hhtools.store.rows.money_units).
SUMS = frozenset({("players", "collected"), ("players", "returned")})
#: Each amount's units, by value (hhtools.store.rows.money_units; bounded).
_UNITS: dict[Decimal, int] = {}


def _money(values: list[Decimal | None], dtype: pl.Decimal, shared: bool = True) -> pl.Series:
    """A Decimal column from Decimals (or None): as integer units scaled by polars in bulk
    (hhtools.store.rows.money_units); a column holding an amount that has more places than
    the store keeps, or too many digits for 64 bits, as each amount's own exact text (which
    polars reads, exponents included; hhtools.store.rows.money_texts) parsed by polars."""
    if len(_UNITS) > _MAX_TEXTS:
        _UNITS.clear()
    units = money_units(values, _UNITS, dtype.scale, shared)
    if units is None:
        return pl.Series(money_texts(values), dtype=pl.String).cast(dtype)
    return (pl.Series(units, dtype=pl.Int64).cast(dtype) * Decimal(1).scaleb(-dtype.scale)
            ).cast(dtype)


def _check_widths() -> None:
    """Rows are positional: a column added to a schema must be added here too."""
    players = list(SCHEMAS["players"])
    row = [c for c in PLAYER_ROW if c != "flags"] + list(PLAYER_FLAGS) + list(PLAYER_CODED)
    if (players[14:] != list(FACT_COLUMNS) or list(DERIVED["players"]) != ["net"]
            or sorted(row) != sorted(players[2:11] + players[12:])):
        raise RuntimeError("hhtools.store.rows is out of step with the players schema")
    for name, coded in CODED.items():
        if not {column for column, _ in coded} <= set(RECORD_COLUMNS[name]):
            raise RuntimeError(f"hhtools.store.rows codes columns the {name} table has not")
    for name, columns in RECORD_COLUMNS.items():
        if list(SCHEMAS[name])[2:] != list(columns):
            raise RuntimeError(f"hhtools.store.rows is out of step with the {name} schema")


_check_widths()
