"""Player statistics and draw patterns, as polars DataFrames computed from the hand store.

Every report is a pure function of the store's tables (``Tables``), so it can be used from a
notebook as well as from ``hhtools stats``. Definitions are in the README ("Statistics").

>>> from hhtools.store.store import Store
>>> stats = player_stats(Tables.load(Store("/nonexistent")))
>>> stats.height
0
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

import polars as pl

from hhtools.analytics.classes import MADE_MEANS, class_table

# The filters and tables live in analytics/filters.py; their names stay importable from here.
from hhtools.analytics.filters import COLUMNS as COLUMNS
from hhtools.analytics.filters import DRAW_STREETS as DRAW_STREETS
from hhtools.analytics.filters import GROUP_KEYS as GROUP_KEYS
from hhtools.analytics.filters import HAND_TYPES as HAND_TYPES
from hhtools.analytics.filters import IN_HAND as IN_HAND
from hhtools.analytics.filters import KEY as KEY
from hhtools.analytics.filters import STREETS as STREETS
from hhtools.analytics.filters import TOURNAMENT_UNIT as TOURNAMENT_UNIT
from hhtools.analytics.filters import VIEWS as VIEWS
from hhtools.analytics.filters import Filters as Filters
from hhtools.analytics.filters import Tables as Tables
from hhtools.analytics.filters import check_filters as check_filters
from hhtools.analytics.filters import collected, pat_faced
from hhtools.analytics.filters import hand_facts as hand_facts
from hhtools.analytics.filters import match_player as match_player
from hhtools.analytics.filters import stakes_expr as stakes_expr
from hhtools.core.games import GAMES, get_game
from hhtools.errors import UsageError, unknown_name
from hhtools.store.rows import TABLE_ORDER


def _net_sum(column: str = "net") -> pl.Expr:
    """The sum of a group's nets (``column`` of partial sums): money exact; big blinds
    (tournaments) to the cent of a big blind, as the quotients of each hand carry more digits
    than they mean."""
    total = pl.col(column).sum()
    return pl.when(pl.col("unit").first() == TOURNAMENT_UNIT).then(total.round(2)).otherwise(total)


def _pct(part: pl.Expr, whole: pl.Expr) -> pl.Expr:
    return pl.when(whole > 0).then((100 * part / whole).round(1)).otherwise(None)


def group_keys(by: Iterable[str]) -> list[str]:
    """``by`` checked against ``GROUP_KEYS`` (``UsageError`` with the close name otherwise),
    with ``unit`` added when missing: money of different units is never summed."""
    by = list(dict.fromkeys([*(k.strip() for k in by if k.strip()), "unit"]))
    for k in by:
        if k not in GROUP_KEYS:
            raise unknown_name("group", k, GROUP_KEYS)
    return by


#: The win rate's unit: limit players count big bets per 100 hands, no-limit and pot-limit
#: players big blinds per 100 hands (PokerTracker and Hold'em Manager do the same).
LIMIT_RATE, BLIND_RATE = "BB/100", "bb/100"
MIXED_RATE = "bb/100 (limit and big-blind games together)"


def win_rate() -> dict[str, pl.Expr]:
    """``win_rate`` and ``win_rate_unit`` of a group holding ``hands``, ``limit_hands``,
    ``big_bets_per_100`` and ``bb_per_100``: in big bets when every hand is limit, in big
    blinds when none is, and said plainly (in big blinds) when both are mixed."""
    limit = pl.col("limit_hands") == pl.col("hands")
    none = pl.col("limit_hands") == 0
    return {
        "win_rate": pl.when(limit).then(pl.col("big_bets_per_100")).otherwise(pl.col("bb_per_100")),
        "win_rate_unit": pl.when(limit).then(pl.lit(LIMIT_RATE)).when(none)
        .then(pl.lit(BLIND_RATE)).otherwise(pl.lit(MIXED_RATE)),
    }


# Each report is made in two steps: its *partial sums*, additive columns per group of the
# finest grain any of its views asks for, and the report finished from them (summed again
# per group, then rates and percentages). A hand's rows are all in one batch of the store,
# so partial sums made batch by batch and concatenated finish to the report of the whole
# store (hhtools.analytics.partials), holding one batch at a time; and the report of tables
# in memory is the same two steps over them, so each rule is written once.

#: The finest groups of the money reports' partial sums: every ``--group-by`` and the position.
MONEY_GROUPS = (*GROUP_KEYS, "position")
DRAW_GROUPS = ("player", "game", "street")
#: Which partial sums each report is finished from (``partial_sums``).
PARTS = {"players": ("money",), "positions": ("money",), "stakes": ("money",),
         "draws": ("draws", "fold_to_pat"), "splits": ("splits",),
         "draw-classes": ("draw_classes",), "draw-positions": ("draw_positions",)}


def part_groups() -> dict[str, tuple[str, ...]]:
    """The group columns of each partial sum (``PARTS``): its other columns add up, so rows
    of one group, from any batches, can be summed into one."""
    return {"money": (*MONEY_GROUPS, *UNITS), "draws": DRAW_GROUPS, "fold_to_pat": DRAW_GROUPS,
            "splits": ("player", "game"), "draw_classes": _CLASS_GROUPS,
            "draw_positions": (*DRAW_GROUPS, "position")}


def partial_sums(whole: Tables, filters: Filters, names: Iterable[str]) -> dict[str, pl.DataFrame]:
    """The partial sums (``PARTS``) the reports ``names`` are finished from, of the hands of
    ``whole`` that ``filters`` selects; any batches' concatenated finish alike."""
    wanted = {part for name in names for part in PARTS[name]}
    t = whole.filtered(filters)
    classes = functools.cache(lambda: draw_hand_classes(t.draws))
    # Each part a lazy query, all run in one call: an eager step is a query of its own, and
    # a batch's parts were some 150 of them, each costing its start-up more than its rows.
    makers: dict[str, Callable[[], pl.LazyFrame]] = {
        "money": lambda: _money_part(hand_facts(t).lazy()),
        "draws": lambda: _draw_part(t, classes()),
        # Read from every draw of the hands (the opponents' pats), whoever the report is of.
        "fold_to_pat": lambda: _fold_to_pat(whole.filtered(replace(filters, player=None,
                                                                   position=None))),
        "splits": lambda: _split_part(t),
        "draw_classes": lambda: _draw_class_part(t, classes()),
        "draw_positions": lambda: _draw_position_part(t),
    }
    chosen = [part for part in makers if part in wanted]
    return dict(zip(chosen, collected(*(makers[part]() for part in chosen))))


def finish(parts: Mapping[str, pl.DataFrame], filters: Filters, name: str,
           by: Iterable[str] = ("player", "unit")) -> pl.DataFrame:
    """Report ``name`` from its partial sums ``parts`` (``partial_sums``, or several batches'
    concatenated): the money reports grouped ``by``."""
    if name == "players":
        return _players(parts["money"], by)
    if name == "positions":
        return _positions(parts["money"], by)
    if name == "stakes":
        return _stakes(parts["money"], filters)
    if name == "draws":
        return _draws(parts["draws"], parts["fold_to_pat"])
    if name == "splits":
        return _splits(parts["splits"])
    if name == "draw-classes":
        return _draw_classes(parts["draw_classes"])
    return _draw_positions(parts["draw_positions"])


def _report(t: Tables, filters: Filters, name: str,
            by: Iterable[str] = ("player", "unit")) -> pl.DataFrame:
    return finish(partial_sums(t, filters, [name]), filters, name, by)


def _money_part(facts: pl.LazyFrame) -> pl.LazyFrame:
    showdown = pl.col("showdown")
    # Grouped by the hand's units too: a group's net in big blinds (big bets) is then the sum
    # of its money nets over each big blind (big bet), exact (``in_units``). Grouped by the
    # stakes' small bet, not their text, which is written per group after (a regex a row was
    # most of this part's time): a small bet without a big bet has no stakes, so it is left
    # out of the group as the text leaves it out; otherwise they are one to one.
    small_bet = pl.when(pl.col("big_bet").is_not_null()).then(pl.col("small_bet"))
    by = [small_bet.alias("small_bet") if key == "stakes" else key for key in MONEY_GROUPS]
    sums = facts.group_by(*by, *UNITS).agg(
        hands=pl.len(),
        walks=pl.col("walk").sum(),
        net=pl.col("net").sum(),
        money_net=pl.col("money_net").sum(),
        vpip_n=pl.col("vpip").sum(),
        raised_n=pl.col("raised").sum(),
        three_bet_n=pl.col("three_bet").sum(),
        three_bet_chances=pl.col("three_bet_chance").sum(),
        saw_draw_n=pl.col("saw_draw").sum(),
        limit_hands=(pl.col("structure") == "fixed-limit").sum(),
        showdowns=showdown.sum(),
        won_showdowns=pl.col("won_showdown").sum(),
        showdown_net=pl.col("net").filter(showdown).sum(),
        non_showdown_net=pl.col("net").filter(~showdown).sum(),
        *[pl.col(f"agg_{s}").sum() for s in STREETS],
        *[pl.col(f"calls_{s}").sum() for s in STREETS],
    )
    return sums.with_columns(stakes=stakes_expr()).select(
        *MONEY_GROUPS, *UNITS, pl.exclude(*MONEY_GROUPS, *UNITS, "small_bet"))


#: The money a big blind and a big bet were in each hand (``hand_facts``).
UNITS = ("bb_money", "big_bet")


def in_units(money: pl.DataFrame, keys: Sequence[str], per_100: bool = False) -> pl.DataFrame:
    """Per group of ``keys`` of the money partial sums: ``net_bb`` and ``net_big_bets``, its
    net in big blinds and in big bets (``per_100``: per 100 of its hands), to the
    hundredth. Summed as fractions, never as floats: a float sum's last bit, which depends
    on the order of the terms, would decide a sum ending in 5 in the third decimal (0.33
    over a big bet of 2 is 0.165), common when every hand's net is in cents."""
    sums: dict[tuple[object, ...], list[Fraction]] = {}
    counts: dict[tuple[object, ...], int] = {}
    width = len(keys)
    # The money of each unit summed first (exact, in polars): the fractions are then one per
    # group and unit, however many batches and hands.
    by_unit = money.group_by(*keys, *UNITS).agg(pl.col("hands", "money_net").sum())
    for row in by_unit.select(*keys, "hands", "money_net", *UNITS).iter_rows():
        key, (hands, net, bb, bet) = row[:width], row[width:]
        total = sums.setdefault(key, [Fraction(0), Fraction(0)])
        counts[key] = counts.get(key, 0) + hands
        for i, unit in enumerate((bb, bet)):
            # A hand without the unit (none written) counts for nothing in it.
            if net is not None and unit:
                total[i] += Fraction(net) / Fraction(unit)
    rows = [(*key, *(_hundredths(x * 100 / counts[key] if per_100 else x) for x in total))
            for key, total in sums.items()]
    return pl.DataFrame(rows, orient="row", schema={
        **{k: money.schema[k] for k in keys}, "net_bb": pl.Float64, "net_big_bets": pl.Float64})


def _hundredths(x: Fraction) -> float:
    """``x`` to the hundredth, a half away from zero."""
    cents = math.floor(abs(x) * 100 + Fraction(1, 2))
    return math.copysign(cents / 100, x) if cents else 0.0


def _with_units(frame: pl.DataFrame, money: pl.DataFrame, keys: Sequence[str],
                per_100: bool = False) -> pl.DataFrame:
    """``frame`` (one row per group of ``keys``) with ``in_units`` of its group."""
    return frame.join(in_units(money, keys, per_100), on=list(keys), how="left", nulls_equal=True,
                      maintain_order="left")


#: The money partial sums' columns summed again per group (the group's net: ``_net_sum``).
_MONEY_COUNTS = ("walks", "vpip_n", "raised_n", "three_bet_n", "three_bet_chances",
                 "saw_draw_n", "limit_hands", "showdowns", "won_showdowns",
                 *[f"agg_{s}" for s in STREETS], *[f"calls_{s}" for s in STREETS])


def stakes_stats(t: Tables, filters: Filters = Filters()) -> pl.DataFrame:
    """``player_stats`` per player, game, stakes and unit: the per-stakes table, each row's
    win rate in its own game's unit (``win_rate_unit``)."""
    return _report(t, filters, "stakes")


def _stakes(money: pl.DataFrame, filters: Filters) -> pl.DataFrame:
    # A hand's unit is "tournament bb" exactly when it is a tournament's (``hand_facts``).
    tournament = pl.col("unit") == TOURNAMENT_UNIT
    cash = _players(money.filter(~tournament), ("player", "game", "stakes", "unit"))
    parts = [cash] if filters.hand_type != "tournament" else []
    if filters.hand_type != "cash":
        # A tournament's blinds rise every few hands: its levels are one row, in big blinds.
        levels = _players(money.filter(tournament), ("player", "game", "unit"))
        parts.append(levels.with_columns(stakes=pl.lit("every level")).select(cash.columns))
    return pl.concat(parts).sort("player", "unit", "game", "stakes")


def player_stats(t: Tables, filters: Filters = Filters(),
                 by: Iterable[str] = ("player", "unit")) -> pl.DataFrame:
    """Per player and money unit (or the groups ``by`` names, from ``GROUP_KEYS``): hands,
    winnings, bb/100, VPIP, raise %, 3-bet %, aggression, showdowns. ``unit`` is the currency,
    or ``tournament bb`` (``TOURNAMENT_UNIT``): tournament hands' winnings in big blinds."""
    return _report(t, filters, "players", by)


def _players(money: pl.DataFrame, by: Iterable[str]) -> pl.DataFrame:
    keys = group_keys(by)
    base = _with_units(money.group_by(keys).agg(
        hands=pl.col("hands").sum(),
        net=_net_sum(),
        showdown_net=_net_sum("showdown_net"),
        non_showdown_net=_net_sum("non_showdown_net"),
        *[pl.col(c).sum() for c in _MONEY_COUNTS],
    ), money, keys)
    out = base.with_columns(
        bb_per_100=(100 * pl.col("net_bb") / pl.col("hands")).round(2),
        big_bets_per_100=(100 * pl.col("net_big_bets") / pl.col("hands")).round(2),
        # As PokerTracker: a walk (the big blind wins, nobody having called) is no chance to
        # put money in voluntarily, so it is left out of VPIP's and the raise's hands.
        vpip=_pct(pl.col("vpip_n"), pl.col("hands") - pl.col("walks")),
        raise_predraw=_pct(pl.col("raised_n"), pl.col("hands") - pl.col("walks")),
        three_bet=_pct(pl.col("three_bet_n"), pl.col("three_bet_chances")),
        went_to_showdown=_pct(pl.col("showdowns"), pl.col("saw_draw_n")),
        won_at_showdown=_pct(pl.col("won_showdowns"), pl.col("showdowns")),
        # Aggression factor: (bets + raises) / calls, per betting round; empty without a call.
        *[pl.when(pl.col(f"calls_{s}") > 0)
          .then((pl.col(f"agg_{s}") / pl.col(f"calls_{s}")).round(2)).alias(f"af_{s}")
          for s in STREETS],
    ).with_columns(**win_rate())
    columns = [*keys, "hands", "net", "net_bb", "net_big_bets", "bb_per_100", "big_bets_per_100",
               "win_rate", "win_rate_unit", "vpip", "raise_predraw", "three_bet",
               *[f"af_{s}" for s in STREETS],
               "went_to_showdown", "won_at_showdown", "showdown_net", "non_showdown_net"]
    return out.select(columns).sort(["hands", *keys], descending=[True] + [False] * len(keys))


def position_stats(t: Tables, filters: Filters = Filters(),
                   by: Iterable[str] = ("player", "unit")) -> pl.DataFrame:
    """Per player (or the groups ``by`` names), unit and position, in table order (utg first,
    the blinds last): hands, net, bb/100, BB/100 and the win rate in the game's unit."""
    return _report(t, filters, "positions", by)


def _positions(money: pl.DataFrame, by: Iterable[str]) -> pl.DataFrame:
    keys = group_keys(by)
    order = {p: i for i, p in enumerate(TABLE_ORDER)}
    out = money.group_by(*keys, "position").agg(
        hands=pl.col("hands").sum(), net=_net_sum(), limit_hands=pl.col("limit_hands").sum())
    out = _with_units(out, money, [*keys, "position"], per_100=True).rename(
        {"net_bb": "bb_per_100", "net_big_bets": "big_bets_per_100"})
    return (out.with_columns(**win_rate(),
                             _order=pl.col("position").replace_strict(order, default=99))
            .sort(*keys, "_order").drop("_order", "limit_hands"))


def made_means(game_name: str) -> str:
    """What a made hand is in ``game_name``, as the reports print it (hhtools.analytics.classes)."""

    try:
        game = get_game(game_name)
    except UsageError:
        return "?"
    return " or ".join(MADE_MEANS[c.name] for c in game.components)


def draw_hand_classes(d: pl.DataFrame) -> pl.DataFrame:
    """``class_table`` of the hands before and after each draw of ``d`` (the draws table):
    each distinct hand classified once for every report of these draws."""
    both = pl.concat([d.select("game", pl.col("before").alias("cards")),
                      d.select("game", pl.col("after").alias("cards"))])
    return class_table(both, "cards")


def _classified_draws(t: Tables, classes: pl.DataFrame) -> pl.LazyFrame:
    """The draws of ``t`` with ``made_before`` and ``made_after``: whether the cards before
    and after the draw (text) make a made hand of the row's game, None when unknown
    (hhtools.analytics.classes.made: made in any half of a split game), from ``classes``
    (``draw_hand_classes(t.draws)``). Looked up by a join, not in a polars UDF: the
    evaluators build their tables on first use, and two polars threads building one table
    at once would read it half built."""
    made = classes.lazy().group_by("game", "cards").agg(pl.col("made").any())
    d = t.draws.lazy()
    for column in ("before", "after"):
        d = d.join(made.rename({"cards": column, "made": f"made_{column}"}),
                   on=["game", column], how="left", maintain_order="left")
    return d


def draw_stats(t: Tables, filters: Filters = Filters()) -> pl.DataFrame:
    """Per player, game and draw: cards drawn (0-5), pat %, broken hands, made hands, snows,
    and fold to a pat hand.

    *Made* is what draw players call made (``made_means``, hhtools.analytics.classes): a four-card
    Badugi, an unpaired T-low or better, and in Badeucy and Badacey either half made.
    ``broken`` counts draws from a made hand; ``made_after`` and ``broken`` use only hands
    whose cards are known (the hero's, or a hand shown down); ``snows`` counts pats into a
    showdown with a hand that is not made. ``fold_to_pat``: of the times an opponent stood
    pat earlier in the same draw round, how often the player folded in the betting after it.
    """
    return _report(t, filters, "draws")


#: The draws' partial sums' columns, summed again per group (``DRAW_GROUPS``).
_DRAW_COUNTS = ("draws", *[f"drew_{n}" for n in range(6)], "pat", "made_before_n", "broken_n",
                "known_after", "made_after_n", "snows")


def _draw_part(t: Tables, classes: pl.DataFrame) -> pl.LazyFrame:
    d = _classified_draws(t, classes)
    showdown = hand_facts(t).lazy().filter(pl.col("showdown")).select(KEY + ["player"])
    snowed = (d.join(showdown, on=KEY + ["player"], how="semi")
              .filter((pl.col("count") == 0) & (pl.col("made_after") == False))  # noqa: E712
              .group_by(DRAW_GROUPS).agg(snows=pl.len()))
    return d.group_by(DRAW_GROUPS).agg(
        draws=pl.len(),
        *[(pl.col("count") == n).sum().alias(f"drew_{n}") for n in range(6)],
        pat=(pl.col("count") == 0).sum(),
        made_before_n=(pl.col("made_before") == True).sum(),  # noqa: E712
        broken_n=((pl.col("made_before") == True) & (pl.col("count") > 0)).sum(),  # noqa: E712
        known_after=pl.col("made_after").is_not_null().sum(),
        made_after_n=(pl.col("made_after") == True).sum(),  # noqa: E712
    ).join(snowed, on=DRAW_GROUPS, how="left").with_columns(pl.col("snows").fill_null(0))


def _draws(draws: pl.DataFrame, fold_to_pat: pl.DataFrame) -> pl.DataFrame:
    # Summed apart and joined after: a batch may hold a player's draws facing a pat without
    # any draw of the report's (a position asked for).
    folds = fold_to_pat.group_by(DRAW_GROUPS).agg(pl.col("facing_pat", "folded_to_pat").sum())
    out = draws.group_by(DRAW_GROUPS).agg(pl.col(c).sum() for c in _DRAW_COUNTS).join(
        folds, on=DRAW_GROUPS, how="left")
    games = out["game"].unique().to_list()
    return out.with_columns(
        pat_pct=_pct(pl.col("pat"), pl.col("draws")),
        broken_pct=_pct(pl.col("broken_n"), pl.col("made_before_n")),
        made_after_pct=_pct(pl.col("made_after_n"), pl.col("known_after")),
        facing_pat=pl.col("facing_pat").fill_null(0),
        folded_to_pat=pl.col("folded_to_pat").fill_null(0),
        made_means=pl.col("game").replace_strict({g: made_means(g) for g in games},
                                                 return_dtype=pl.String),
    ).with_columns(
        fold_to_pat=_pct(pl.col("folded_to_pat"), pl.col("facing_pat")),
    ).select("player", "game", "street", "draws", *[f"drew_{n}" for n in range(6)], "pat_pct",
             "made_before_n", "broken_n", "broken_pct", "known_after", "made_after_pct",
             "snows", "facing_pat", "folded_to_pat", "fold_to_pat",
             "made_means").sort("player", "game", "street")


def _fold_to_pat(t: Tables) -> pl.LazyFrame:
    """Per player, game and draw round: ``facing_pat``, the draws the player made after an
    opponent had stood pat in that round, and ``folded_to_pat``, those followed by the
    player's fold in the betting of that round (``with_pat_faced``, on every draw of the
    hands ``t`` holds, unless its draws carry them already: one player's tables)."""
    d = t.draws.lazy()
    if "facing_pat" not in t.draws.columns:
        d = pat_faced(t.draws, t.players)
    return d.filter(pl.col("facing_pat")).group_by(DRAW_GROUPS).agg(
        facing_pat=pl.len().cast(pl.UInt32),
        folded_to_pat=pl.col("folded_to_pat").sum().cast(pl.UInt32))


def draws_by_position(t: Tables, filters: Filters = Filters()) -> pl.DataFrame:
    """Per player, game, draw round and position (table order): draws, cards drawn on
    average and pat %. Nothing a tracker shows: whether a player draws lighter in position."""
    return _report(t, filters, "draw-positions")


def _draw_position_part(t: Tables) -> pl.LazyFrame:
    where = t.players.lazy().select(KEY + ["player", "position"])
    d = t.draws.lazy().join(where, on=KEY + ["player"], how="left")
    return d.group_by(*DRAW_GROUPS, "position").agg(
        draws=pl.len(), cards_drawn=pl.col("count").cast(pl.Int64).sum(),
        pat=(pl.col("count") == 0).sum())


def _draw_positions(part: pl.DataFrame) -> pl.DataFrame:
    order = {p: i for i, p in enumerate(TABLE_ORDER)}
    out = part.group_by(*DRAW_GROUPS, "position").agg(pl.col("draws", "cards_drawn", "pat").sum())
    return (out.with_columns(cards=_mean("cards_drawn", "draws"),
                             pat_pct=_pct(pl.col("pat"), pl.col("draws")),
                             _order=pl.col("position").replace_strict(order, default=99))
            .sort(*DRAW_GROUPS, "_order")
            .select(*DRAW_GROUPS, "position", "draws", "cards", "pat_pct"))


def _mean(total: str, count: str) -> pl.Expr:
    """The mean of a group from its sum and count, to the hundredth (as ``mean().round(2)``)."""
    return (pl.col(total) / pl.col(count)).round(2)


def draw_classes(t: Tables, filters: Filters = Filters()) -> pl.DataFrame:
    """Per player, game, draw round and strength class of the hand before the draw (one row
    per component in a split game): how often the player stood pat on it, and drew how many
    cards on average. Only hands whose cards before the draw are known (the hero's)."""
    return _report(t, filters, "draw-classes")


_CLASS_GROUPS = (*DRAW_GROUPS, "component", "order", "class", "made")


def _draw_class_part(t: Tables, classes: pl.DataFrame) -> pl.LazyFrame:
    d = t.draws.lazy().filter(pl.col("before").is_not_null())
    # One row per component of each draw's hand (none for a hand no game scores).
    frame = d.select("player", "game", "street", "count", "before").join(
        classes.lazy().rename({"cards": "before"}), on=["game", "before"])
    return frame.group_by(_CLASS_GROUPS).agg(
        draws=pl.len(), pat=(pl.col("count") == 0).sum(),
        cards_drawn=pl.col("count").cast(pl.Int64).sum())


def _draw_classes(part: pl.DataFrame) -> pl.DataFrame:
    out = part.group_by(_CLASS_GROUPS).agg(pl.col("draws", "pat", "cards_drawn").sum())
    return (out.with_columns(cards=_mean("cards_drawn", "draws"),
                             pat_pct=_pct(pl.col("pat"), pl.col("draws")))
            .sort("player", "game", "street", "component", "order")
            .select(*[c for c in _CLASS_GROUPS if c != "order"], "draws", "pat", "cards",
                    "pat_pct"))


def split_stats(t: Tables, filters: Filters = Filters()) -> pl.DataFrame:
    """Badeucy and Badacey showdowns per player: scoop %, and how often each half was won."""
    return _report(t, filters, "splits")


def _split_part(t: Tables) -> pl.LazyFrame:
    split_games = [g.name for g in GAMES.values() if g.split]
    facts = hand_facts(t).lazy().filter(pl.col("showdown") & pl.col("game").is_in(split_games))
    main = t.halves.lazy().filter(pl.col("pot") == "main").join(facts.select(KEY + ["player", "game"]),
                                                         on=KEY + ["player"])
    # A half won alone or shared counts as won; a scoop is both halves of the main pot alone.
    per_hand = main.group_by(KEY + ["player"]).agg(
        badugi_half=pl.col("component").str.starts_with("badugi").any(),
        low_half=(~pl.col("component").str.starts_with("badugi")).any(),
        scoop=((pl.col("winners") == 1).sum() == 2))
    joined = facts.select(KEY + ["player", "game"]).join(per_hand, on=KEY + ["player"], how="left")
    return joined.group_by("player", "game").agg(
        showdowns=pl.len(),
        scoops=pl.col("scoop").fill_null(False).sum(),
        badugi_halves=pl.col("badugi_half").fill_null(False).sum(),
        low_halves=pl.col("low_half").fill_null(False).sum())


def _splits(part: pl.DataFrame) -> pl.DataFrame:
    out = part.group_by("player", "game").agg(
        pl.col("showdowns", "scoops", "badugi_halves", "low_halves").sum())
    return out.with_columns(
        scoop_pct=_pct(pl.col("scoops"), pl.col("showdowns")),
        badugi_half_pct=_pct(pl.col("badugi_halves"), pl.col("showdowns")),
        low_half_pct=_pct(pl.col("low_halves"), pl.col("showdowns")),
    ).sort("player", "game")


#: The reports ``hhtools stats`` shows when none is named; the others are asked for by name.
DEFAULT_REPORTS = ("players", "positions", "draws", "splits")
REPORTS: dict[str, Callable[..., pl.DataFrame]] = {
    "players": player_stats, "positions": position_stats, "draws": draw_stats,
    "splits": split_stats, "stakes": stakes_stats, "draw-classes": draw_classes,
    "draw-positions": draws_by_position}


def reports(t: Tables, filters: Filters = Filters(), names: Iterable[str] = DEFAULT_REPORTS,
            by: Iterable[str] = ("player", "unit")) -> dict[str, pl.DataFrame]:
    """Several reports at once, by name (``players``, ``positions``, ``draws``, ``splits``,
    ``stakes``, ``draw-classes``, ``draw-positions``);
    the money reports (players, positions) grouped by ``by``. The filters' names are checked
    first (``check_filters``)."""
    filters = check_filters(filters, t.player_names())
    names = list(names)
    parts = partial_sums(t, filters, names)
    return {name: finish(parts, filters, name, by) for name in names}
