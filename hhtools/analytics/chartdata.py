"""The data each chart draws, as polars DataFrames computed from the hand store.

Charts (hhtools.report.charts) only draw; everything they show is computed here, so tests check these
frames and the lines read back from the figures against the store, never pixels. Money stays
Decimal: cumulative sums are exact, and floats appear only as plotting coordinates.

>>> from hhtools.store.store import Store
>>> winnings_series(Tables.load(Store("/nonexistent")), Filters(player="Alice")).height
0
"""

from __future__ import annotations

from decimal import Decimal

import polars as pl

from hhtools.analytics.classes import card_key, class_table, component_class
from hhtools.analytics.filters import with_stakes
from hhtools.analytics.sessions import sessions
from hhtools.analytics.stats import (
    KEY,
    Filters,
    Tables,
    draw_stats,
    hand_facts,
    position_stats,
    split_stats,
)
from hhtools.core.cards import parse_cards
from hhtools.core.games import game_title, get_game
from hhtools.errors import HHToolsError, NoDataError, UsageError, unknown_name

#: What the winnings chart counts in: the money unit of the hands, or big bets (unit-free).
MEASURES = ("money", "big-bets")
#: Big bets keep 6 decimal places: enough for any stake's fraction of a cent.
BIG_BETS = pl.Decimal(38, 6)


def _described(filters: Filters) -> str:
    parts = [f"{name} {value}" for name, value in (
        ("game", filters.game), ("site", filters.site), ("stakes", filters.stakes),
        ("since", filters.since), ("until", filters.until), ("position", filters.position))
        if value]
    return f" ({', '.join(parts)})" if parts else ""


def no_data(what: str, filters: Filters) -> NoDataError:
    """The error a chart with nothing to draw raises, naming the player and filters."""
    who = f" for {filters.player}" if filters.player else ""
    return NoDataError(f"no {what}{who} in the store{_described(filters)}: nothing to draw")


#: Stakes listed by name in a chart's title; more are counted.
LISTED_STAKES = 3


def scope(t: Tables, filters: Filters) -> str:
    """What a chart covers, for its title: ``pokerstars; Badugi 5/10 USD; cash``: the sites,
    the games, the stakes and currencies (tournament hands as their blind levels), and cash
    or tournament."""

    return scope_of(hand_kinds(hand_facts(t.filtered(filters))))


#: What ``scope_of`` reads of each hand: its kind.
KIND = ("site", "game", "stakes", "unit", "structure", "tournament", "big_bet")


def hand_kinds(facts: pl.DataFrame) -> pl.DataFrame:
    """The ``KIND`` of each row of ``facts`` (``hand_facts``): a few distinct kinds in a
    store, whatever its hands."""
    return with_stakes(facts.select("site", "game", "small_bet", "unit", "structure",
                                    tournament=pl.col("tournament_id").is_not_null(),
                                    big_bet="big_bet")).select(KIND)


def scope_of(kinds: pl.DataFrame) -> str:
    """``scope`` of the hands whose kinds (``hand_kinds``) are ``kinds``, one row per hand or
    per distinct kind."""
    if kinds.height == 0:
        return ""
    sites = ", ".join(sorted(kinds["site"].drop_nulls().unique().to_list()))
    cash = kinds.filter(~pl.col("tournament"))
    tournament = kinds.height - cash.height
    stakes = cash.select("game", "stakes", "unit").unique().sort("game", "unit", "stakes")
    games = []
    for game in sorted(kinds["game"].drop_nulls().unique().to_list()):
        mine = stakes.filter(pl.col("game") == game)
        if mine.height > LISTED_STAKES:
            games.append(f"{game_title(game)} at {mine.height} stakes")
        elif mine.height:
            games.append(f"{game_title(game)} " + ", ".join(
                f"{s} {u}" for s, u in mine.select("stakes", "unit").iter_rows()))
        else:
            games.append(game_title(game))
    kind = ("cash and tournaments" if tournament and cash.height
            else "tournaments, every blind level" if tournament else "cash")
    return f"{sites}; {', '.join(games)}; {kind}"


def _need_player(filters: Filters) -> None:
    if not filters.player:
        raise UsageError("a chart is about one player: give --player NAME")


def winnings_series(t: Tables, filters: Filters, measure: str = "money") -> pl.DataFrame:
    """One row per hand the player played, in the order played (``started_at``, then hand id).

    Columns: ``hand`` (1, 2, ...), site, hand_id, started_at, ``showdown`` (the hand went to
    showdown as ``hhtools stats`` counts it), ``net`` and the running totals ``total``,
    ``showdown_total`` and ``non_showdown_total`` (the last two add up to ``total``), plus
    ``player`` and ``unit`` (the currency, ``tournament bb``, or ``big bets``). In ``money``
    all hands must share one unit, since adding dollars to chips means nothing; ``big-bets``
    divides each hand's net by its big bet first, which makes any stakes comparable.
    """
    _need_player(filters)
    if measure not in MEASURES:
        raise unknown_name("measure", measure, MEASURES)
    return series_of(hand_facts(t.filtered(filters)).select(SERIES_COLUMNS), filters, measure)


#: What ``series_of`` reads of each hand (``hand_facts``).
SERIES_COLUMNS = ("site", "hand_id", "started_at", "showdown", "net", "money_net", "big_bet",
                  "unit")


def series_of(facts: pl.DataFrame, filters: Filters, measure: str = "money") -> pl.DataFrame:
    """``winnings_series`` of the player's hands ``facts`` (``SERIES_COLUMNS``, any order)."""
    _need_player(filters)
    if measure not in MEASURES:
        raise unknown_name("measure", measure, MEASURES)
    columns: dict[str, pl.DataType | type[pl.DataType]] = {"hand": pl.Int64, "site": pl.String, "hand_id": pl.String,
               "started_at": pl.Datetime("us", "UTC"), "showdown": pl.Boolean,
               "player": pl.String, "unit": pl.String}
    money = pl.Decimal(38, 4) if measure == "money" else BIG_BETS
    schema = columns | {name: money for name in ("net", "total", "showdown_total", "non_showdown_total")}
    if facts.height == 0:
        return pl.DataFrame(schema=schema)
    units = sorted(facts["unit"].unique().to_list())
    if measure == "money" and len(units) > 1:
        raise UsageError(f"{filters.player} played in {' and '.join(units)}: draw big bets "
                           "(--in big-bets) or choose one with --site, --stakes or --game")
    # Hand ids are numbers written as text: order by length first so 999 comes before 1000.
    facts = facts.sort(pl.col("started_at"), pl.col("site"), pl.col("hand_id").str.len_chars(),
                       pl.col("hand_id"), nulls_last=True)
    if measure == "money" and _in_cents(facts["net"]):
        # Money in the store's own cents: the running sums in polars are exact, and equal
        # to the hand by hand sums below, with no Python object a hand.
        net = pl.col("net").cast(pl.Decimal(38, 4))
        went = pl.col("showdown").fill_null(False)
        zero = pl.lit(0).cast(pl.Decimal(38, 4))
        return facts.select(
            hand=pl.int_range(1, pl.len() + 1, dtype=pl.Int64), site="site", hand_id="hand_id",
            started_at="started_at", showdown="showdown", player=pl.lit(filters.player),
            unit=pl.lit(units[0]), net=net, total=net.cum_sum(),
            showdown_total=pl.when(went).then(net).otherwise(zero).cum_sum(),
            non_showdown_total=pl.when(went).then(zero).otherwise(net).cum_sum(),
        ).cast(pl.Schema(schema))
    # Hand by hand in Python's decimals (a quotient by a big bet of 3 is rounded to 28
    # digits, as is each running sum), into frames of ``SERIES_ROWS`` hands at a time: a
    # Python row a hand for a million hands would hold gigabytes.
    frames: list[pl.DataFrame] = []
    rows: list[tuple[object, ...]] = []
    unit = units[0] if measure == "money" else "big bets"
    total = showdown = other = Decimal(0)
    for n, (site, hand_id, started, went, net, money_net, big_bet) in enumerate(facts.select(
            "site", "hand_id", "started_at", "showdown", "net", "money_net",
            "big_bet").iter_rows(), 1):
        if measure == "big-bets":
            if not big_bet:
                raise HHToolsError(f"hand {hand_id} has no big bet: draw it in money")
            net = money_net / big_bet
        total += net
        if went:
            showdown += net
        else:
            other += net
        rows.append((n, site, hand_id, started, went, filters.player, unit, net, total,
                     showdown, other))
        if len(rows) == SERIES_ROWS:
            frames.append(pl.DataFrame(rows, schema=schema, orient="row"))
            rows = []
    frames.append(pl.DataFrame(rows, schema=schema, orient="row"))
    return pl.concat(frames)


#: Hands made into one frame at a time by ``series_of``'s Python sums.
SERIES_ROWS = 50_000


def _in_cents(net: pl.Series) -> bool:
    """Whether every net of ``net`` (a Decimal column, of a scale that may be larger: a
    tournament's nets in big blinds carry more digits) is written exactly in the store's
    four decimals, where ``winnings_series``' sums are exact and its column holds them."""
    if not isinstance(net.dtype, pl.Decimal):
        return False
    if (net.dtype.scale or 0) <= 4:
        return True
    return bool((net.cast(pl.Decimal(38, 4), strict=False) == net).fill_null(False).all()
                and net.null_count() == 0)


def draw_pattern(t: Tables, filters: Filters) -> pl.DataFrame:
    """Cards drawn per game and draw round (``drew_0`` ... ``drew_5``, ``pat_pct``), for one player."""
    _need_player(filters)
    return draw_stats(t, filters)


def position_results(t: Tables, filters: Filters) -> pl.DataFrame:
    """Hands, net and bb/100 per position and money unit, for one player."""
    _need_player(filters)
    return position_stats(t, filters)


def split_results(t: Tables, filters: Filters) -> pl.DataFrame:
    """Badeucy/Badacey showdowns, scoops and halves won per game, for one player."""
    _need_player(filters)
    return split_stats(t, filters)


def showdown_strength(t: Tables, filters: Filters) -> pl.DataFrame:
    """One row per component of every hand the player showed down, with its strength and result.

    Columns: site, hand_id, player, game, ``component`` (``badugi``, ``2-7``...), ``cards``,
    ``rank`` (1 is the best hand of the component), ``ranks`` (how many exist), ``strength``
    (percentile, 100 the best hand and 0 the worst), ``description`` and ``won`` (the player
    won or shared that component's share of the main pot; in a one-component game, collected
    chips). Cards are the ones the history shows; hands whose cards are unknown are left out.
    """

    _need_player(filters)
    t = t.filtered(filters)
    shown = _shown(t).with_row_index("row").with_columns(key=card_key("cards"))
    # A split game's half is won when the main pot paid that component in the hand; a
    # one-component game's hand when the player collected chips.
    halves = (t.halves.filter(pl.col("pot") == "main").select("site", "hand_id", "component")
              .unique().with_columns(half_won=pl.lit(True)))
    return (shown.join(_scored(shown), on=["game", "key"])
            .join(halves, on=["site", "hand_id", "component"], how="left")
            .sort("row", "n")
            .select("site", "hand_id", "player", pl.col("name").alias("game"), "component",
                    "cards", "rank", "ranks", "strength", "description",
                    won=pl.when(pl.col("split")).then(pl.col("half_won").fill_null(False))
                    .otherwise(pl.col("collected").fill_null(0) > 0),
                    **{"class": pl.col("class")}, class_order="class_order"))


def _shown(t: Tables) -> pl.DataFrame:
    """The hands of ``t`` shown down with their cards known: the player's cards and chips."""
    return (hand_facts(t).filter(pl.col("showdown"))
            .join(t.players.filter(pl.col("showed") & pl.col("cards").is_not_null())
                  .select(KEY + ["player", "cards"]), on=KEY + ["player"])
            .select(KEY + ["player", "game", "cards", "collected"]))


def _scored(shown: pl.DataFrame) -> pl.DataFrame:
    """Each distinct (``game``, ``key``) of ``shown`` scored once, one row per component (a
    store holds millions of showdowns, and the score is the hand's, whatever the order its
    cards were written in)."""
    scores = []
    for game_name, key in shown.select("game", "key").unique().iter_rows():
        try:
            game = get_game(game_name)
            scored = game.evaluate(parse_cards(key))
        except HHToolsError:
            continue  # a shown hand the store holds but no game scores: nothing to place
        for n, ev in enumerate(scored):
            component = ev.component
            strength = 100.0 * (component.ranks - ev.rank) / (component.ranks - 1)
            found = component_class(component, ev)
            scores.append((game_name, key, n, game.name, game.split, component.name, ev.rank,
                           component.ranks, round(strength, 2), ev.description, found.label,
                           found.order))
    return pl.DataFrame(scores, orient="row", schema={
        "game": pl.String, "key": pl.String, "n": pl.Int64, "name": pl.String,
        "split": pl.Boolean, "component": pl.String, "rank": pl.Int64, "ranks": pl.Int64,
        "strength": pl.Float64, "description": pl.String, "class": pl.String,
        "class_order": pl.Int64})


def showdown_classes(t: Tables, filters: Filters) -> pl.DataFrame:
    """Per game, component and strength class (hhtools.analytics.classes), best class first: the
    player's showdowns with it, won, ``wsd_pct`` (W$SD of the class) and, where the player's
    final hands are known without a showdown (the hero's own), ``held`` (hands held to the
    end of the player's drawing with that class) and ``reached_pct`` (how often they reached
    showdown)."""

    _need_player(filters)
    return showdown_finish(*showdown_parts(t.filtered(filters)), filters)


def showdown_parts(t: Tables) -> tuple[pl.DataFrame, pl.DataFrame]:
    """What ``showdown_classes`` counts in the hands of ``t`` (filtered already), as counts
    per distinct hand that add up across batches: the hands shown down per (game, cards in
    one order, chips collected, main-pot components won), and the hands held to the end per
    (game, last hand)."""
    halves = (t.halves.filter(pl.col("pot") == "main").select(KEY + ["component"]).unique()
              .group_by(KEY).agg(halves=pl.col("component").sort().str.join(",")))
    shown = (_shown(t).join(halves, on=KEY, how="left")
             .group_by("game", key=card_key("cards"),
                       collected=pl.col("collected").fill_null(0) > 0, halves="halves")
             .agg(n=pl.len()))
    # The hero's own hand after each draw is known; the last one is the hand held to the end.
    last = (t.draws.filter(pl.col("before").is_not_null() & pl.col("after").is_not_null())
            .sort("line").group_by(KEY + ["player"]).agg(pl.col("game").last(),
                                                        pl.col("after").last()))
    went = hand_facts(t).select(KEY + ["player", "showdown"])
    # In one order, as the shown hands: a hand held after drawing is written in the order
    # drawn, and the same hand in several orders was ranked once for each (the million's
    # 582,000 written held hands are 365,000 hands).
    held = (last.join(went, on=KEY + ["player"]).group_by("game", after=card_key("after"))
            .agg(held=pl.len(), held_showdowns=pl.col("showdown").fill_null(False).sum()))
    return shown, held


def _games(frame: pl.DataFrame) -> pl.DataFrame:
    """Each game of ``frame``'s ``game`` column that is known: its ``name`` (``get_game``'s)
    and whether it is ``split``."""
    rows = []
    for game_name in frame["game"].drop_nulls().unique().to_list():
        try:
            game = get_game(game_name)
        except HHToolsError:
            continue
        rows.append((game_name, game.name, game.split))
    return pl.DataFrame(rows, orient="row",
                        schema={"game": pl.String, "name": pl.String, "split": pl.Boolean})


def showdown_finish(shown: pl.DataFrame, held: pl.DataFrame, filters: Filters) -> pl.DataFrame:
    """``showdown_classes`` from ``showdown_parts`` (one batch's, or several concatenated)."""
    shown = shown.group_by("game", "key", "collected", "halves").agg(pl.col("n").sum())
    keys = ["game", "component", "class_order", "class"]
    won = (pl.when(pl.col("split"))
           .then(pl.col("halves").fill_null("").str.split(",").list.contains(pl.col("component")))
           .otherwise(pl.col("collected")))
    held = held.group_by("game", "after").agg(pl.col("held", "held_showdowns").sum())
    # Only the classes are counted here: each distinct hand, shown or held to the end (a hand
    # held to a showdown is both), ranked once by ``class_table``, a component at a time, not
    # scored and described one by one as ``_scored`` does (a grinder's million hands show
    # some 230,000 distinct hands and hold 365,000, 383,000 in all).
    classes = class_table(pl.concat([shown.select("game", "key"),
                                     held.select("game", key="after")]), "key").rename(
        {"cards": "key", "order": "class_order"})
    shown_rows = (shown.join(classes, on=["game", "key"]).join(_games(shown), on="game")
                  .with_columns(game=pl.col("name"), won=won)
                  .group_by(keys).agg(showdowns=pl.col("n").sum().cast(pl.UInt32),
                                      won=pl.col("n").filter(pl.col("won")).sum()
                                      .cast(pl.UInt32)))
    held_rows = (held.join(classes.rename({"key": "after"}), on=["game", "after"])
                 .group_by(keys).agg(held=pl.col("held").sum().cast(pl.UInt32),
                                     held_showdowns=pl.col("held_showdowns").sum()
                                     .cast(pl.UInt32)))
    out = shown_rows.join(held_rows, on=keys, how="full", coalesce=True).with_columns(
        showdowns=pl.col("showdowns").fill_null(0), won=pl.col("won").fill_null(0),
        held=pl.col("held").fill_null(0))
    return out.with_columns(
        wsd_pct=pl.when(pl.col("showdowns") > 0)
        .then((100 * pl.col("won") / pl.col("showdowns")).round(1)),
        reached_pct=pl.when(pl.col("held") > 0)
        .then((100 * pl.col("held_showdowns") / pl.col("held")).round(1)),
        player=pl.lit(filters.player),
    ).sort("game", "component", "class_order").select(
        "player", "game", "component", "class", "class_order", "showdowns", "won", "wsd_pct",
        "held", "reached_pct")


def session_results(t: Tables, filters: Filters) -> pl.DataFrame:
    """``hhtools.analytics.sessions.sessions`` of one player."""

    _need_player(filters)
    return sessions(t, filters)
