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
    # Cut at sessions' starts every few hands (a session longer than the cut stays whole):
    # the same sessions, sums and tables at once as one pass over every hand.
    from hhtools.analytics import sessions

    hands = _hands(seed, 400)
    for gap in (5, 30, 90):
        whole = sessions_of(hands, gap)
        with monkeypatch.context() as patch:
            patch.setattr(sessions, "SESSION_ROWS", 7)
            cut = sessions_of(hands, gap)
        assert cut.to_dicts() == whole.to_dicts()
        assert cut.schema == whole.schema
