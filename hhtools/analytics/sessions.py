"""Sessions: a player's hands grouped as trackers group them, across tables.

FPDB starts a new session after 30 idle minutes, and so does hhtools by default: hands are
taken in the order they started, at every table at once, and a gap of more than ``gap``
minutes between one hand's start and the next one's ends the session. Hands played at two
tables at the same time are therefore one session. Each session is kept per money unit (a
currency, or tournament big blinds), since money of different units is never added.

>>> from hhtools.store.store import Store
>>> sessions(Tables.load(Store("/nonexistent"))).height
0
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

import polars as pl

from hhtools.analytics.stats import (
    BLIND_RATE,
    KEY,
    LIMIT_RATE,
    MIXED_RATE,
    TOURNAMENT_UNIT,
    Filters,
    Tables,
    hand_facts,
)
from hhtools.errors import UsageError

#: Idle minutes after which a new session starts (FPDB's default).
DEFAULT_GAP = 30

SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {"player": pl.String, "unit": pl.String, "session": pl.Int64,
          "start": pl.Datetime("us", "UTC"), "end": pl.Datetime("us", "UTC"),
          "minutes": pl.Int64, "tables_at_once": pl.Int64, "hands": pl.Int64,
          "hands_per_hour": pl.Float64, "net": pl.Decimal(38, 4), "net_big_bets": pl.Float64,
          "win_rate": pl.Float64, "win_rate_unit": pl.String, "net_per_hour": pl.Float64,
          "big_bets_per_hour": pl.Float64}


def untimed_hands(t: Tables, filters: Filters = Filters()) -> int:
    """How many of the chosen hands have no start time, and so belong to no session."""
    return hand_facts(t.filtered(filters)).filter(pl.col("started_at").is_null()).height


def sessions(t: Tables, filters: Filters = Filters(), gap: int = DEFAULT_GAP) -> pl.DataFrame:
    """One row per session of each player and unit, in the order played.

    ``minutes`` runs from the first hand's start to the last one's (a one-hand session lasts
    0 minutes, and has no rate per hour); ``tables_at_once`` is the most tables played at
    the same moment (a table counts from its first hand to its last in the session, until it
    is left for more than ``gap`` minutes); ``win_rate`` is in big bets per 100 hands
    (``BB/100``) for limit games and in big blinds (``bb/100``) for the others.
    """
    if gap <= 0:
        raise UsageError(f"--gap must be a positive number of minutes, not {gap}")
    t = t.filtered(filters)
    facts = hand_facts(t).filter(pl.col("started_at").is_not_null())
    if facts.height == 0:
        return pl.DataFrame(schema=SCHEMA)
    # Only what a session's row reads: each hand becomes a dict below, and facts have some
    # forty columns.
    facts = facts.join(t.hands.select(KEY + ["table"]), on=KEY, how="left").sort(
        "player", "unit", "started_at", "site", "hand_id").select(
        "player", "unit", "site", "hand_id", "table", "started_at", "structure", "net",
        "net_bb", "net_big_bets")
    rows: list[tuple[object, ...]] = []
    limit = timedelta(minutes=gap)
    for (player, unit), hands in facts.group_by(["player", "unit"], maintain_order=True):
        current: list[dict[str, Any]] = []
        last: datetime | None = None
        for hand in hands.iter_rows(named=True):
            if last is not None and hand["started_at"] - last > limit:
                rows.append(_session(player, unit, len(rows), current, limit))
                current = []
            current.append(hand)
            last = hand["started_at"]
        rows.append(_session(player, unit, len(rows), current, limit))
    out = pl.DataFrame(rows, schema=SCHEMA, orient="row")
    return out.with_columns(session=pl.int_range(1, pl.len() + 1).over("player", "unit")
                            .cast(pl.Int64))


def _session(player: str, unit: str, number: int, hands: list[dict[str, Any]],
             limit: timedelta) -> tuple[object, ...]:
    start, end = hands[0]["started_at"], hands[-1]["started_at"]
    minutes = int((end - start).total_seconds() // 60)
    hours = (end - start).total_seconds() / 3600
    net = sum((h["net"] for h in hands), Decimal(0))
    if unit == TOURNAMENT_UNIT:
        net = round(net, 2)  # each hand's quotient in big blinds carries more digits than it means
    big_bets = sum(h["net_big_bets"] for h in hands)
    limit_game = all(h["structure"] == "fixed-limit" for h in hands)
    blinds = sum(h["net_bb"] for h in hands)
    rate = 100 * (big_bets if limit_game else blinds) / len(hands)
    none_limit = not any(h["structure"] == "fixed-limit" for h in hands)
    unit_name = LIMIT_RATE if limit_game else BLIND_RATE if none_limit else MIXED_RATE
    return (player, unit, number, start, end, minutes, _tables_at_once(hands, limit),
            len(hands), round(len(hands) / hours, 1) if hours else None, net,
            round(big_bets, 2), round(rate, 2), unit_name,
            round(float(net) / hours, 2) if hours else None,
            round(big_bets / hours, 2) if hours else None)


def _tables_at_once(hands: list[dict[str, Any]], limit: timedelta) -> int:
    """The most tables in play at one moment: a table is in play from a hand to its next
    hand unless more than ``limit`` apart."""
    spans: list[tuple[datetime, datetime]] = []
    open_span: dict[object, list[datetime]] = {}
    for h in hands:
        table = (h["site"], h["table"] if h["table"] is not None else h["hand_id"])
        span = open_span.get(table)
        if span is not None and h["started_at"] - span[1] <= limit:
            span[1] = h["started_at"]
        else:
            if span is not None:
                spans.append((span[0], span[1]))
            open_span[table] = [h["started_at"], h["started_at"]]
    spans += [(s, e) for s, e in open_span.values()]
    # Starts before ends at one moment: two tables whose hands start together overlap.
    events = sorted([(s, 0) for s, _ in spans] + [(e, 1) for _, e in spans])
    most = now = 0
    for _, kind in events:
        now += 1 if kind == 0 else -1
        most = max(most, now)
    return most
