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

from datetime import timedelta
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
    check_gap(gap)
    t = t.filtered(filters)
    facts = hand_facts(t).join(t.hands.select(KEY + ["table"]), on=KEY, how="left")
    return sessions_of(facts.select(HAND_COLUMNS), gap)


#: What ``sessions_of`` reads of each hand.
HAND_COLUMNS = ("player", "unit", "site", "hand_id", "table", "started_at", "structure", "net",
                "net_bb", "net_big_bets")


def check_gap(gap: int) -> None:
    if gap <= 0:
        raise UsageError(f"--gap must be a positive number of minutes, not {gap}")


def sessions_of(hands: pl.DataFrame | pl.LazyFrame, gap: int = DEFAULT_GAP) -> pl.DataFrame:
    """``sessions`` of ``hands``: one row per player's hand (``HAND_COLUMNS``, as
    ``hand_facts`` gives them, with the hand's ``table``), in any order."""
    frame = hands.lazy().select(HAND_COLUMNS)
    kinds = frame.select(KIND_COLUMNS).unique().collect().with_row_index("kind")
    numbered = frame.join(kinds.lazy(), on=list(KIND_COLUMNS), how="left", nulls_equal=True,
                          maintain_order="left").select("kind", *OWN_COLUMNS).collect()
    return sessions_of_kinds(numbered, kinds, gap)


#: What ``sessions_of_kinds`` reads of a hand's kind (a few per store, whatever its hands) and
#: of the hand itself.
KIND_COLUMNS = ("player", "unit", "site", "structure")
OWN_COLUMNS = ("hand_id", "table", "started_at", "net", "net_bb", "net_big_bets")


def sessions_of_kinds(hands: pl.DataFrame | pl.LazyFrame, kinds: pl.DataFrame,
                      gap: int = DEFAULT_GAP) -> pl.DataFrame:
    """``sessions_of`` of ``hands`` (``kind`` and ``OWN_COLUMNS``) whose ``kind`` is a row
    of ``kinds`` (``kind`` and ``KIND_COLUMNS``). A hand's own columns are summed per session
    in polars (no Python object a hand: a store holds millions); each session's figures are
    then made from its sums."""
    check_gap(gap)
    limit = timedelta(minutes=gap)
    # The names a hand is grouped and ordered by, numbered in their order, from its kind.
    groups = kinds.select("player", "unit").unique().sort("player", "unit").with_row_index("_group")
    sites = kinds.select("site").unique().sort("site").with_row_index("_site")
    codes = (kinds.join(groups, on=["player", "unit"], how="left")
             .join(sites, on="site", how="left", nulls_equal=True)
             .select("kind", "_group", "_site",
                     _limit=(pl.col("structure") == "fixed-limit").fill_null(False)))
    coded = [pl.col("kind").replace_strict(codes["kind"], codes[name]).alias(name)
             for name in ("_group", "_site", "_limit")]
    timed = hands.lazy()
    # A filter copies every row it keeps, even when it keeps them all.
    if timed.select(pl.col("started_at").null_count()).collect().item():
        timed = timed.filter(pl.col("started_at").is_not_null())
    played = timed.collect()
    # The hands in the order played are their keys' order (sorted alone); the sessions are
    # numbered across players and units from two columns in that order, so that one number
    # tells them apart. A gap of more than ``gap`` minutes since the previous hand starts one.
    order = played.select(pl.arg_sort_by(coded[0], "started_at", coded[1], "hand_id")).to_series()
    keys = played.select(coded[0], "started_at")[order]
    starts = ((pl.col("_group") != pl.col("_group").shift()).fill_null(True)
              | (pl.col("started_at").diff() > limit).fill_null(False))
    session = keys.select(_session=starts.cum_sum())["_session"]
    first = keys.select(_first=starts.arg_true())["_first"]
    del keys
    # A hand's table as a number from here on (its name, or the hand's id where it has none:
    # a table of its own), and no other text: a grinder's session holds 780,000 hands.
    played = played.select("kind", "started_at", "net", "net_bb", "net_big_bets",
                           _table=pl.coalesce("table", "hand_id").rank("dense"))
    # The rest of each hand gathered and summed ``SESSION_ROWS`` hands at a time, cut at a
    # session's start: a grinder's 965,000 rows gathered at once, with what the sums and the
    # tables at once need, peaked some 180 MB above the rows themselves.
    summed = []
    end = 0
    while end < order.len():
        begin = end
        cut = first.search_sorted(begin + SESSION_ROWS, side="left")
        end = int(first[cut]) if cut < first.len() else order.len()
        summed.append(_sessions_summed(played[order.slice(begin, end - begin)].with_columns(
            *coded, session.slice(begin, end - begin)), limit))
    del played, order, session
    if not summed:
        return pl.DataFrame(schema=SCHEMA)
    sums = pl.concat(summed, how="vertical").join(groups, on="_group", how="left",
                                                  maintain_order="left")
    rows: list[tuple[object, ...]] = []
    for row in sums.iter_rows(named=True):
        rows.append(_session(row, len(rows)))
    out = pl.DataFrame(rows, schema=SCHEMA, orient="row")
    return out.with_columns(session=pl.int_range(1, pl.len() + 1).over("player", "unit")
                            .cast(pl.Int64))


#: The hands of a player's sessions gathered and summed at once (``sessions_of_kinds``).
SESSION_ROWS = 100_000


def _sessions_summed(played: pl.DataFrame, limit: timedelta) -> pl.DataFrame:
    """Per session of ``played`` (whole sessions' hands in the order played, each with its
    ``_session``, ``_group``, ``_site``, ``_limit`` and ``_table``, the table's number),
    its sums and its tables at once."""
    session = ["_session"]
    # The float sums in the order played, one term at a time, as Python's sum adds them
    # (a pairwise sum's last bit differs, and rounding to the hundredth shows it).
    summed = played.lazy().group_by(session, maintain_order=True).agg(
        pl.col("_group").first(),
        start=pl.col("started_at").first(), end=pl.col("started_at").last(), hands=pl.len(),
        net=pl.col("net").sum(),
        big_bets=pl.col("net_big_bets").cum_sum().last(),
        blinds=pl.col("net_bb").cum_sum().last(),
        every_limit=pl.col("_limit").all(), any_limit=pl.col("_limit").any())
    most = _tables_at_once(played.lazy().select(*session, "_site", "started_at", "_table"),
                           session, limit)
    return summed.join(most, on=session, how="left", maintain_order="left").collect()


def sessions_after(earlier: pl.DataFrame, old: pl.LazyFrame, new: pl.LazyFrame,
                   gap: int = DEFAULT_GAP) -> pl.DataFrame:
    """``sessions_of`` of the hands ``old`` and ``new`` (``HAND_COLUMNS``) from ``earlier``,
    the sessions of ``old``: only the sessions a new hand can join (one that ends at most
    ``gap`` minutes before it or starts at most ``gap`` after it) are made again, from their
    hands and the new ones. Every other session keeps its hands and its neighbours more
    than ``gap`` minutes away, and a session's figures are those of its own hands, so the
    result is the whole ``sessions_of`` for a few sessions' work: an import adds hands to a
    grinder's million, after them or anywhere among them."""
    check_gap(gap)
    limit = timedelta(minutes=gap)
    group = ["player", "unit"]
    added = new.filter(pl.col("started_at").is_not_null()).collect()
    if added.height == 0:
        return earlier
    times = added.select(*group, _at=pl.col("started_at")).sort("_at")
    # The first new hand from ``gap`` before a session's start on joins it if it comes at
    # most ``gap`` after its end (``by`` a player and unit, never null: ``hand_facts``;
    # both sides sorted by time as a whole, which polars cannot check with ``by``).
    touched = (earlier.with_row_index("_row").with_columns(_from=pl.col("start") - limit)
               .sort("_from").join_asof(times, left_on="_from", right_on="_at", by=group,
                                        strategy="forward", check_sortedness=False)
               .filter(pl.col("_at") <= pl.col("end") + limit))
    kept = (earlier.with_row_index("_row")
            .join(touched.select("_row"), on="_row", how="anti", maintain_order="left"))
    hands = [new.select(HAND_COLUMNS)]
    if touched.height:
        spans = touched.select(*group, "start", "end").sort("start")
        # The hands of the sessions made again: those between a session's start and end.
        hands.append(old.filter(pl.col("started_at").is_between(spans["start"].min(),
                                                                spans["end"].max()))
                     .sort("started_at")
                     .join_asof(spans.lazy(), left_on="started_at", right_on="start",
                                by=group, strategy="backward", check_sortedness=False)
                     .filter(pl.col("started_at") <= pl.col("end")).select(HAND_COLUMNS))
    made = sessions_of(pl.concat(hands, how="vertical"), gap)
    return (pl.concat([kept.select(pl.col(c).cast(t) for c, t in SCHEMA.items()), made],
                      how="vertical")
            .sort("player", "unit", "start", maintain_order=True)
            .with_columns(session=pl.int_range(1, pl.len() + 1).over("player", "unit")
                          .cast(pl.Int64)))


def _session(row: dict[str, Any], number: int) -> tuple[object, ...]:
    start, end, hands, unit = row["start"], row["end"], row["hands"], row["unit"]
    minutes = int((end - start).total_seconds() // 60)
    hours = (end - start).total_seconds() / 3600
    net = row["net"] + Decimal(0)
    if unit == TOURNAMENT_UNIT:
        net = round(net, 2)  # each hand's quotient in big blinds carries more digits than it means
    big_bets = 0 + row["big_bets"]
    limit_game = row["every_limit"]
    blinds = 0 + row["blinds"]
    rate = 100 * (big_bets if limit_game else blinds) / hands
    none_limit = not row["any_limit"]
    unit_name = LIMIT_RATE if limit_game else BLIND_RATE if none_limit else MIXED_RATE
    return (row["player"], unit, number, start, end, minutes, row["tables_at_once"],
            hands, round(hands / hours, 1) if hours else None, net,
            round(big_bets, 2), round(rate, 2), unit_name,
            round(float(net) / hours, 2) if hours else None,
            round(big_bets / hours, 2) if hours else None)


def _tables_at_once(hands: pl.LazyFrame, session: list[str], limit: timedelta) -> pl.LazyFrame:
    """Per session, the most tables in play at one moment: a table is in play from a hand to
    its next hand unless more than ``limit`` apart (``hands`` in the order played)."""
    table = [*session, "_table"]
    # A hand of no named table is a table of its own (``_table``, the number of the table or
    # the hand's id, at ``_site``, the site's number).
    spans = hands.with_columns(_table=pl.struct("_site", "_table")).with_columns(
        _span=(pl.col("started_at").diff() > limit).fill_null(False).cum_sum().over(table)
    ).group_by(*table, "_span").agg(_start=pl.col("started_at").first(),
                                     _end=pl.col("started_at").last())
    # Starts before ends at one moment: two tables whose hands start together overlap.
    events = pl.concat([
        spans.select(*session, _at=pl.col("_start"), _kind=pl.lit(0), _step=pl.lit(1)),
        spans.select(*session, _at=pl.col("_end"), _kind=pl.lit(1), _step=pl.lit(-1))])
    return (events.sort(*session, "_at", "_kind")
            .with_columns(_now=pl.col("_step").cum_sum().over(session))
            .group_by(session).agg(tables_at_once=pl.col("_now").max().cast(pl.Int64)))
