"""Big stores made in minutes: a store's batches copied with rewritten keys (bench/read.py and
bench/store.py build theirs so).

Generating and importing millions of hands takes hours on two cores; a copy of a batch takes a
fraction of a second. Each copy's tables are the template batch's with every key made distinct
(``rewrite``): hand and tournament ids get a prefix (still numbers written as text), summary
digests and file paths a suffix, and start times may move, so a copy holds other hands, from
other files, at another time. It is written through ``Store.write_batch`` without syncing each
file to disk (``sync=False``: a crash while a benchmark fills its store costs only that store),
so it holds what any batch holds beside its tables: its key index (``keys.json``) and its
digests (``digests.txt``), made by the store's own code from the tables as written, and
``hhtools check`` finds the store sound.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import polars as pl  # noqa: E402

from hhtools.store.store import Store  # noqa: E402
from hhtools.store.tables import SCHEMAS  # noqa: E402


def batch_tables(batch: Path) -> dict[str, pl.DataFrame]:
    """Every table of a batch folder, read whole (a template, copied again and again)."""
    return {name: pl.read_parquet(batch / f"{name}.parquet") for name in SCHEMAS
            if (batch / f"{name}.parquet").is_file()}


def rewrite(table: str, frame: pl.DataFrame, prefix: str, suffix: str,
            shift: timedelta = timedelta(0)) -> pl.DataFrame:
    """One table of a copy: ``prefix`` before every hand and tournament id, ``suffix`` after
    every summary digest and file path, and every time (but when it was imported) moved by
    ``shift``."""
    changes = {}
    for column in ("hand_id", "tournament_id"):
        if column in frame.columns:
            changes[column] = pl.lit(prefix) + pl.col(column)
    for column in ("digest", "path"):
        if column in frame.columns:
            changes[column] = pl.col(column) + pl.lit(suffix)
    if shift:
        for column, dtype in SCHEMAS[table].items():
            if isinstance(dtype, pl.Datetime) and column != "imported_at":
                changes[column] = pl.col(column) + shift
    return frame.with_columns(**changes)


def write_copy(store: Store, tables: Mapping[str, pl.DataFrame], prefix: str, suffix: str,
               shift: timedelta = timedelta(0)) -> Path:
    """Publish one copy of a batch's ``tables`` in ``store`` (see ``rewrite``); its folder."""
    return store.write_batch({name: rewrite(name, frame, prefix, suffix, shift)
                              for name, frame in tables.items()}, sync=False)
