"""The store's tables made from the rows of hhtools.store.rows, column by column.

An import makes some four hundred values per hand, and polars builds a column from a list far
faster than a frame from dicts; money goes over as text, which polars parses to its Decimal
type exactly and in bulk (a Python ``Decimal`` converts one by one, some four times slower).
Kept apart from the rows, which are compiled: this module is polars calls, which mypyc does
not make cheaper, and the compiled build type-checks without polars installed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from itertools import chain, repeat

import polars as pl

from hhtools.core.cards import Card
from hhtools.store.rows import (
    FACT_COLUMNS,
    RECORD_COLUMNS,
    Rows,
    Table,
    card_texts,
    money_texts,
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
    return {name: Table(name in RECORD_COLUMNS) for name in SCHEMAS}


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
        if not table.records and len(table.rows[0]) != len(schema):
            raise RuntimeError(f"hhtools.store.rows makes {len(table.rows[0])} values for the {name} "
                               f"table, whose schema has {len(schema)} columns")
        # Records are read into columns by compiled code; tuples transposed at once.
        transposed = (record_columns(name, table.rows) if table.records
                      else list(map(list, zip(*table.rows))))
        for values, (column, dtype) in zip(transposed, schema.items()):
            if (name, column) in CARD_COLUMNS:
                values = _card_texts(values)
            if isinstance(dtype, pl.Decimal):
                columns[column] = _money(values, dtype).alias(column)
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


def _money(values: list[Decimal | None], dtype: pl.Decimal) -> pl.Series:
    """A Decimal column from Decimals (or None), each written as its own exact text (which
    polars reads, exponents included; hhtools.store.rows.money_texts) and parsed by polars
    in bulk."""
    return pl.Series(money_texts(values), dtype=pl.String).cast(dtype)


def _check_widths() -> None:
    """Rows are positional: a column added to a schema must be added here too."""
    players = list(SCHEMAS["players"])
    if (len(players) != 14 + len(FACT_COLUMNS) or players[14:] != list(FACT_COLUMNS)
            or list(DERIVED["players"]) != ["net"]):
        raise RuntimeError("hhtools.store.rows is out of step with the players schema")
    for name, columns in RECORD_COLUMNS.items():
        if list(SCHEMAS[name])[2:] != list(columns):
            raise RuntimeError(f"hhtools.store.rows is out of step with the {name} schema")


_check_widths()
