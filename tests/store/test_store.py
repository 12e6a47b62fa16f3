"""The Parquet hand store: atomic batches, schemas, location."""

from decimal import Decimal

import polars as pl
import pytest

from hhtools.store.store import Store, default_location
from hhtools.store.tables import SCHEMAS


def test_location_follows_env_then_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("HHTOOLS_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_location() == tmp_path / "xdg" / "hhtools"
    monkeypatch.setenv("HHTOOLS_DB", str(tmp_path / "db"))
    assert default_location() == tmp_path / "db"
    assert Store().root == tmp_path / "db"
    assert Store(tmp_path / "other").root == tmp_path / "other"


def test_an_empty_store_reads_as_empty_tables_with_their_schema(tmp_path):
    store = Store(tmp_path)
    for name, schema in SCHEMAS.items():
        frame = store.read(name)
        assert frame.height == 0
        assert dict(frame.schema) == schema


def test_batches_add_up_and_money_stays_exact(tmp_path):
    store = Store(tmp_path)
    row = {"path": "/x", "size": 1, "mtime_ns": 2, "hands": 3, "rejected": 0, "imported_at": None}
    store.write_batch({"files": pl.DataFrame([row], schema=SCHEMAS["files"]),
                       "pots": pl.DataFrame([{"site": "s", "hand_id": "1", "pot": "main", "player": "p",
                                              "amount": Decimal("0.10"), "line": 3}],
                                            schema=SCHEMAS["pots"])})
    store.write_batch({"pots": pl.DataFrame([{"site": "s", "hand_id": "2", "pot": "main", "player": "p",
                                              "amount": Decimal("0.20"), "line": 3}],
                                            schema=SCHEMAS["pots"])})
    pots = store.read("pots")
    assert pots["amount"].sum() == Decimal("0.30")
    assert pots.schema["amount"] == pl.Decimal(38, 4)
    assert store.imported_files() == {"/x": (1, 2)}
    # Readable by other tools as plain Parquet under one glob.
    assert len(list(tmp_path.glob("batches/*/pots.parquet"))) == 2


def test_a_half_written_batch_is_never_seen_and_is_cleaned_up(tmp_path):
    store = Store(tmp_path)
    store.write_batch({})
    leftover = tmp_path / "tmp" / "crashed"
    leftover.mkdir(parents=True)
    pl.DataFrame({"site": ["s"], "hand_id": ["9"]}).write_parquet(leftover / "hands.parquet")
    assert store.read("hands").height == 0
    store.discard_unfinished()
    assert not leftover.exists()


def test_a_batch_is_written_in_the_schema_whatever_the_order_and_types_given(tmp_path):
    # Frames with the schema are written as they are; any other is selected and cast first.
    store = Store(tmp_path)
    given = pl.DataFrame({"line": [3], "amount": ["0.10"], "player": ["p"], "pot": ["main"],
                          "hand_id": ["1"], "site": ["s"], "extra": [1]})
    exact = pl.DataFrame([{"site": "s", "hand_id": "2", "pot": "main", "player": "p",
                           "amount": Decimal("0.20"), "line": 4}], schema=SCHEMAS["pots"])
    store.write_batch({"pots": given})
    store.write_batch({"pots": exact})
    for path in tmp_path.glob("batches/*/pots.parquet"):
        assert dict(pl.read_parquet(path).schema) == SCHEMAS["pots"]
    pots = store.read("pots").sort("hand_id")
    assert pots["amount"].to_list() == [Decimal("0.10"), Decimal("0.20")]
    assert pots["line"].to_list() == [3, 4]


def test_batches_made_across_a_seconds_turn_are_named_in_the_order_made(tmp_path, monkeypatch):
    """Batch names sort in the order the batches were made (the store lists them by name): the
    second and its fraction come from one reading of the clock, never from two readings that
    straddle a second's turn."""
    import time

    import hhtools.store.batchids as batchids

    turn = (int(time.time()) + 1) * 10**9  # the next second's turn, in nanoseconds
    readings = iter([turn - 1, turn + 1])  # two batches, made just before and just after it
    monkeypatch.setattr(batchids.time, "time_ns", lambda: next(readings))
    store = Store(tmp_path)
    row = {"path": "/x", "size": 1, "mtime_ns": 2, "hands": 3, "rejected": 0, "imported_at": None}
    for _ in range(2):
        store.write_batch({"files": pl.DataFrame([row], schema=SCHEMAS["files"])})
    names = sorted(p.name for p in (tmp_path / "batches").iterdir())
    seconds = [time.strftime("%Y%m%dT%H%M%S", time.gmtime(turn // 10**9 + d)) for d in (-1, 0)]
    assert [name.split("-")[:2] for name in names] == [[seconds[0], "999999999"],
                                                       [seconds[1], "000000001"]]


def test_a_batch_made_after_the_clock_went_back_is_named_after_the_batches_made_before(
        tmp_path, monkeypatch):
    """When summer time ends a local clock goes back an hour; a clock may also be set back, and
    an earlier version named batches in local time, which is ahead of UTC east of Greenwich.
    Whatever the clock says, the batch written last sorts last, as readers list them by name,
    and is named in UTC when the clock is ahead of every batch."""
    import time

    import hhtools.store.batchids as batchids

    hour = 3600 * 10**9
    start = 1_793_500_000 * 10**9  # 2026-10-25, the night European clocks go back
    readings = iter([start, start - hour, start - hour + 1, start + 2 * hour])
    monkeypatch.setattr(batchids.time, "time_ns", lambda: next(readings))
    store = Store(tmp_path)
    row = {"path": "/x", "size": 1, "mtime_ns": 2, "hands": 3, "rejected": 0, "imported_at": None}
    made = []
    for n in range(4):
        made.append(store.write_batch({"files": pl.DataFrame([{**row, "hands": n}],
                                                             schema=SCHEMAS["files"])}).name)
    listed = sorted(p.name for p in (tmp_path / "batches").iterdir())
    assert listed == made
    assert [batchids.batch_time(name) for name in made] == [
        start, start + 1, start + 2, start + 2 * hour]
    assert made[0].startswith(time.strftime("%Y%m%dT%H%M%S", time.gmtime(start // 10**9)))
    # What readers see, in the order written.
    assert Store(tmp_path).read("files")["hands"].to_list() == [0, 1, 2, 3]
