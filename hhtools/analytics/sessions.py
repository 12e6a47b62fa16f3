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
    # The hands in the order played are their keys' order (sorted alone, in one chunk: a
    # sort by several columns of a player's hands, one chunk a batch, took 15 times as
    # long); the sessions are numbered across players and units from two columns in that
    # order, so that one number tells them apart. A gap of more than ``gap`` minutes since
    # the previous hand starts one.
    keys = played.select(coded[0], "started_at", coded[1], "hand_id").rechunk()
    order = keys.select(pl.arg_sort_by("_group", "started_at", "_site", "hand_id")).to_series()
    keys = keys.select("_group", "started_at")[order]
    starts = ((pl.col("_group") != pl.col("_group").shift()).fill_null(True)
              | (pl.col("started_at").diff() > limit).fill_null(False))
    session = keys.select(_session=starts.cum_sum())["_session"]
    del keys
    # The hands gathered and summed ``SESSION_ROWS`` at a time in the order played, a
    # session's sums carried from one slice to the next: a grinder's session of 780,000
    # hands gathered and summed at once peaked some 150 MB above the hands themselves.
    summed, spans = [], []
    carried = None
    for begin in range(0, order.len(), SESSION_ROWS):
        part = played[order.slice(begin, SESSION_ROWS)].select(
            "started_at", "net", "net_bb", "net_big_bets", *coded,
            session.slice(begin, SESSION_ROWS), _table=pl.coalesce("table", "hand_id"))
        part, carried = _carried(part, carried)
        summed.append(_sessions_summed(part))
        spans.append(_spans(part.lazy(), limit).collect())
    del played, order, session
    if not summed:
        return pl.DataFrame(schema=SCHEMA)
    most = _tables_at_once(pl.concat(spans, how="vertical").lazy(), limit)
    sums = (_sessions_joined(summed).join(most, on="_session", how="left",
                                          maintain_order="left")
            .join(groups.lazy(), on="_group", how="left", maintain_order="left").collect())
    rows: list[tuple[object, ...]] = []
    for row in sums.iter_rows(named=True):
        rows.append(_session(row, len(rows)))
    out = pl.DataFrame(rows, schema=SCHEMA, orient="row")
    return out.with_columns(session=pl.int_range(1, pl.len() + 1).over("player", "unit")
                            .cast(pl.Int64))


#: The hands gathered and summed at once (``sessions_of_kinds``), wherever a session is cut.
SESSION_ROWS = 100_000
#: The float sums of a session, added in the order played (``_carried``), by their names
#: in a session's sums.
FLOAT_SUMS = {"net_big_bets": "big_bets", "net_bb": "blinds"}


def _carried(part: pl.DataFrame, carried: tuple[int, dict[str, float | None]] | None
             ) -> tuple[pl.DataFrame, tuple[int, dict[str, float | None]]]:
    """``part``, a slice of the hands in the order played, its first session's first float
    terms having added to them that session's float sums so far (``carried``: the session's
    number and its sums, left by the slice before); and what to carry to the next slice.

    The float sums are added one term at a time, as Python's ``sum`` adds them (a pairwise
    sum's last bit differs, and rounding to the hundredth shows it): a session cut between
    two slices sums its second one from where the first ended, its first term there being
    the sum so far plus that term, as it would have been in one pass. A null term is passed
    over (the sum so far goes on after it; a session whose last term is null has no sum)."""
    numbers = part["_session"]
    first, last = numbers[0], numbers[-1]
    so_far = carried[1] if carried is not None and carried[0] == first else {}
    # Sessions are numbered in the order played: the first one's hands begin the slice.
    own = int(numbers.eq(first).sum())
    added = {}
    for column, value in so_far.items():
        terms = part[column].head(own).is_not_null()
        if value is not None and terms.any():
            added[column] = (pl.when(pl.int_range(pl.len()) == terms.arg_max())
                             .then(pl.lit(value, pl.Float64) + pl.col(column))
                             .otherwise(pl.col(column)))
    part = part.with_columns(**added)
    ending = int(numbers.eq(last).sum())
    kept: dict[str, float | None] = {}
    for column in FLOAT_SUMS:
        sums = part[column].tail(ending).cum_sum().drop_nulls()
        kept[column] = (sums[-1] if sums.len() else so_far.get(column) if last == first
                        else None)
    return part, (last, kept)


def _sessions_summed(played: pl.DataFrame) -> pl.DataFrame:
    """Per session of ``played`` (hands in the order played, each with its ``_session``,
    ``_group`` and ``_limit``), its sums; the float ones added one term at a time
    (``_carried``)."""
    return played.lazy().group_by("_session", maintain_order=True).agg(
        pl.col("_group").first(),
        start=pl.col("started_at").first(), end=pl.col("started_at").last(), hands=pl.len(),
        net=pl.col("net").sum(),
        **{name: pl.col(column).cum_sum().last() for column, name in FLOAT_SUMS.items()},
        every_limit=pl.col("_limit").all(), any_limit=pl.col("_limit").any()).collect()


def _sessions_joined(summed: list[pl.DataFrame]) -> pl.LazyFrame:
    """The sums of sessions cut between slices (``_sessions_summed`` of each slice in the
    order played, the float sums carried across: the last slice's are the session's)."""
    return pl.concat(summed, how="vertical").lazy().group_by("_session", maintain_order=True).agg(
        pl.col("_group").first(), pl.col("start").first(), pl.col("end").last(),
        pl.col("hands").sum(), pl.col("net").sum(), pl.col(*FLOAT_SUMS.values()).last(),
        pl.col("every_limit").all(), pl.col("any_limit").any())


#: What tells one table from another: its site's number and its name (or the hand's id,
#: where it has none: a table of its own).
TABLE = ["_site", "_table"]


def _spans(hands: pl.LazyFrame, limit: timedelta) -> pl.LazyFrame:
    """The spans each table is in play in ``hands`` (in the order played): from a hand to
    its next hand at the table, unless more than ``limit`` apart; per session."""
    table = ["_session", *TABLE]
    return hands.with_columns(
        _span=(pl.col("started_at").diff() > limit).fill_null(False).cum_sum().over(table)
    ).group_by(*table, "_span").agg(_start=pl.col("started_at").first(),
                                     _end=pl.col("started_at").last()).drop("_span")


def _tables_at_once(spans: pl.LazyFrame, limit: timedelta) -> pl.LazyFrame:
    """Per session, the most tables in play at one moment, from the ``_spans`` of its
    hands' slices: a table's spans of two slices are one where not more than ``limit`` apart,
    as its hands would have been."""
    session = ["_session"]
    table = [*session, *TABLE]
    spans = (spans.sort(*table, "_start", "_end").with_columns(
        _span=(pl.col("_start") - pl.col("_end").shift() > limit).fill_null(False)
        .cum_sum().over(table))
        .group_by(*table, "_span").agg(pl.col("_start").min(), pl.col("_end").max()))
    # Starts before ends at one moment: two tables whose hands start together overlap.
    events = pl.concat([
        spans.select(*session, _at=pl.col("_start"), _kind=pl.lit(0), _step=pl.lit(1)),
        spans.select(*session, _at=pl.col("_end"), _kind=pl.lit(1), _step=pl.lit(-1))])
    return (events.sort(*session, "_at", "_kind")
            .with_columns(_now=pl.col("_step").cum_sum().over(session))
            .group_by(session).agg(tables_at_once=pl.col("_now").max().cast(pl.Int64)))


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
