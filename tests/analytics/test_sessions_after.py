"""Sessions after an import made from the sessions before it (``sessions_after``): the same
as all the hands' sessions made at once, wherever the new hands fall."""

import random
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import polars as pl
import pytest

from hhtools.analytics.sessions import HAND_COLUMNS, sessions_after, sessions_of


def _hands(seed: int, n: int) -> pl.DataFrame:
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    rows = []
    for i in range(n):
        at = None if rng.random() < 0.02 else start + timedelta(minutes=rng.randrange(0, 3000))
        rows.append((rng.choice(["Alice", "Bob"]), rng.choice(["USD", "EUR"]),
                     rng.choice(["pokerstars", "winamax"]), f"{i:06d}",
                     rng.choice(["T1", "T2", "T3", None]), at,
                     rng.choice(["fixed-limit", "no-limit"]),
                     Decimal(rng.randrange(-500, 500)) / 100, rng.uniform(-5, 5),
                     rng.uniform(-3, 3)))
    return pl.DataFrame(rows, orient="row", schema={
        "player": pl.String, "unit": pl.String, "site": pl.String, "hand_id": pl.String,
        "table": pl.String, "started_at": pl.Datetime("us", "UTC"), "structure": pl.String,
        "net": pl.Decimal(38, 4), "net_bb": pl.Float64, "net_big_bets": pl.Float64}
    ).select(HAND_COLUMNS)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("how", ["later", "anywhere", "few", "none", "all"])
def test_sessions_after_new_hands_are_those_of_every_hand(seed, how):
    hands = _hands(seed, 400)
    if how == "later":  # an import of the latest play: the new hands start last
        hands = hands.sort("started_at", nulls_last=True)
        new_rows = pl.Series([i >= 300 for i in range(hands.height)])
    elif how == "anywhere":  # old histories imported late: anywhere in time
        rng = random.Random(seed)
        new_rows = pl.Series([rng.random() < 0.1 for _ in range(hands.height)])
    elif how == "few":  # a few hands, each joining, bridging or beside sessions
        rng = random.Random(seed)
        new_rows = pl.Series([rng.random() < 0.01 for _ in range(hands.height)])
    else:
        new_rows = pl.Series([how == "all"] * hands.height)
    old, new = hands.filter(~new_rows), hands.filter(new_rows)
    for gap in (30, 90):
        earlier = sessions_of(old, gap)
        whole = sessions_of(hands, gap)
        after = sessions_after(earlier, old.lazy(), new.lazy(), gap)
        assert after.to_dicts() == whole.to_dicts()
        assert after.schema == whole.schema


@pytest.mark.parametrize("seed", range(4))
def test_sessions_summed_a_few_hands_at_a_time_are_those_summed_at_once(seed, monkeypatch):
    # Slices of a few hands in the order played, cutting sessions (and a table's play)
    # anywhere: the same sessions, sums and tables at once as one pass over every hand.
    from hhtools.analytics import sessions

    hands = _hands(seed, 400)
    for gap in (5, 30, 90):
        whole = sessions_of(hands, gap)
        for rows in (1, 7, 64):
            with monkeypatch.context() as patch:
                patch.setattr(sessions, "SESSION_ROWS", rows)
                cut = sessions_of(hands, gap)
            assert cut.to_dicts() == whole.to_dicts()
            assert cut.schema == whole.schema


@pytest.mark.parametrize("seed", range(4))
def test_a_float_sum_carried_across_slices_passes_over_null_terms(seed, monkeypatch):
    # A hand's big bets or blinds unknown (null) in the middle of a session: its sums go
    # on after it, wherever the slices cut, and equal Python's one term at a time.
    from hhtools.analytics import sessions

    hands = _hands(seed, 300).filter(pl.col("started_at").is_not_null())
    unknown = hands.with_row_index("_i").filter(pl.col("_i") % 5 == 0).drop("_i")
    # Each hand of an unknown term is followed at once, at its table, by one of known terms,
    # so that no session ends on an unknown one.
    after = unknown.with_columns(pl.col("hand_id") + "x")
    hands = pl.concat([
        hands.join(unknown, on="hand_id", how="anti"),
        unknown.with_columns(net_bb=None, net_big_bets=pl.when(pl.col("net").abs() > 1)
                             .then(None).otherwise(pl.col("net_big_bets"))),
        after]).select(HAND_COLUMNS)
    whole = sessions_of(hands, 30)
    for rows in (1, 3, 10):
        with monkeypatch.context() as patch:
            patch.setattr(sessions, "SESSION_ROWS", rows)
            cut = sessions_of(hands, 30)
        assert cut.to_dicts() == whole.to_dicts()
    ordered = hands.sort("player", "unit", "started_at", "site", "hand_id")
    for row in whole.iter_rows(named=True):
        mine = ordered.filter((pl.col("player") == row["player"]) & (pl.col("unit") == row["unit"])
                              & pl.col("started_at").is_between(row["start"], row["end"]))
        assert mine.height == row["hands"]
        assert row["net_big_bets"] == round(sum(mine["net_big_bets"].drop_nulls()), 2)
