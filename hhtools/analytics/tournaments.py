"""Tournament results, per tournament and player, and a player's totals, as polars DataFrames
computed from the hand store (``hhtools tournaments``; definitions in the README,
"Tournaments").

Nothing per tournament is stored: each hand keeps its own facts (its header's buy-in, the
finishes it prints, every player's chips), and a tournament's row is put together from all
its stored hands when read. Hands of one tournament imported at different times, from
several files, thus complete each other, and a hand stored once counts once.

A result is known when the tournament's hands print the player's finish (``finished the
tournament in 3rd place``, ``wins the tournament``) and its buy-in, or when a PokerStars
tournament summary file (hhtools.reading.summaries) lists the player's place; otherwise place, prize
and net are None ("unknown", never 0), and the totals leave that tournament out of the money
summed, the ROI and the in-the-money share, saying how many they left out.

A summary completes the hands: every player it lists has a row, with 0 hands when none is
stored, and its buy-in, start and end stand in for those no hand shows. Where the hands and
the summary both give a place or a prize and they differ, the summary's is kept (the site
writes it from its own records once the tournament is over) and the row's ``note`` says what
the hands print; so does a summary whose "You finished" place is not the hero's of the
hands, or a buy-in unlike the hands' header. Of several summaries of one tournament (one
saved while it was running, one after), the finished one imported last counts.

>>> from hhtools.store.store import Store
>>> results(TournamentTables.load(Store("/nonexistent"))).height
0
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import overload

import polars as pl

from hhtools.analytics.filters import CANCELLED
from hhtools.analytics.stats import match_player
from hhtools.analytics.tables import cell
from hhtools.core.games import game_titles
from hhtools.core.words import ordinal
from hhtools.errors import UsageError
from hhtools.store.store import Store
from hhtools.store.tables import MONEY, READ_ERRORS, SCHEMAS

KEY = ["site", "hand_id"]
TOURNAMENT = ["site", "tournament_id"]
#: The columns read from each table.
COLUMNS = {
    "hands": KEY + ["game", "started_at", "tournament_id", "cancelled", "hero"],
    "players": KEY + ["player", "sitting_out", "starting_stack", "put_in", "net",
                      "fold_street"],
    "tournaments": KEY + ["buy_in", "bounty", "fee", "currency"],
    "tournament_finishes": KEY + ["player", "place", "prize", "line"],
    "tournament_summaries": ["site", "tournament_id", "digest", "game", "buy_in", "bounty",
                             "fee", "currency", "started_at", "ended_at", "hero", "hero_place",
                             "rebuys", "imported_at"],
    "summary_places": ["site", "tournament_id", "digest", "place", "player", "entries", "prize"],
}
SUMMARY = ["site", "tournament_id", "digest"]
#: A player's row counts in a hand as stats counts it (hhtools.analytics.stats.IN_HAND): dealt in, or
#: a sitting-out seat a tournament still deals in (blinds taken, hand folded for it).
IN_HAND = ~pl.col("sitting_out") | (pl.col("put_in") != 0) | pl.col("fold_street").is_not_null()


def _empty(table: str) -> pl.DataFrame:
    """No rows of the columns read from ``table``."""
    return pl.DataFrame(schema={c: SCHEMAS[table][c] for c in COLUMNS[table]})


@dataclass(frozen=True)
class TournamentTables:
    """The tournament hands of a store: the store tables' rows of hands with a tournament."""

    hands: pl.DataFrame
    players: pl.DataFrame
    tournaments: pl.DataFrame
    finishes: pl.DataFrame
    #: The summary files' tournaments (one per tournament: the one that counts) and places.
    summaries: pl.DataFrame = field(default_factory=lambda: _empty("tournament_summaries"))
    places: pl.DataFrame = field(default_factory=lambda: _empty("summary_places"))

    @classmethod
    def load(cls, store: Store) -> TournamentTables:
        """Read the tables from ``store``, all from the same batches."""
        store = store.snapshot()
        chosen = pl.col("tournament_id").is_not_null() & ~CANCELLED
        try:
            # The tournament hands only, filtered as the files are read: a store of a
            # million cash hands is not held to find its few sit & gos.
            hands = store.scan("hands").select(COLUMNS["hands"]).filter(chosen).collect()
            ids = hands["hand_id"].unique()
            mine = (store.scan("players").select(COLUMNS["players"])
                    .filter(pl.col("hand_id").is_in(ids.implode())).collect())
        except READ_ERRORS:
            # A batch merged away under this read, or damage: read_columns follows a merge
            # and names a damaged file.
            hands = store.read_columns("hands", COLUMNS["hands"]).filter(chosen)
            mine = store.read_columns("players", COLUMNS["players"])
        keys = hands.select(KEY)
        summaries = (store.read_columns("tournament_summaries", COLUMNS["tournament_summaries"])
                     .sort(pl.col("ended_at").is_not_null(), "imported_at")
                     .unique(TOURNAMENT, keep="last", maintain_order=True))
        places = store.read_columns("summary_places", COLUMNS["summary_places"]).join(
            summaries.select(SUMMARY), on=SUMMARY, how="semi")
        players, tournaments, finishes = (
            frame.join(keys, on=KEY, how="semi") for frame in (
                mine, *(store.read_columns(name, COLUMNS[name])
                        for name in ("tournaments", "tournament_finishes"))))
        return cls(hands, players, tournaments, finishes, summaries, places)

    def players_named(self) -> list[str]:
        """Every player of these tournament hands and summaries."""
        return pl.concat([self.players["player"], self.places["player"]]).unique().sort(
            ).to_list()

    def only(self, player: str | None) -> TournamentTables:
        """The rows of one player (spelled as stored; ``check_player`` first), or all."""
        if player is None:
            return self
        return replace(self, players=self.players.filter(pl.col("player") == player),
                       finishes=self.finishes.filter(pl.col("player") == player),
                       places=self.places.filter(pl.col("player") == player))


@overload
def check_player(t: TournamentTables, player: str, known: list[str]) -> str: ...
@overload
def check_player(t: TournamentTables, player: None, known: list[str]) -> None: ...
def check_player(t: TournamentTables, player: str | None, known: list[str]) -> str | None:
    """``player`` as stored: ``known`` are the store's player names (``UsageError`` naming the
    close ones when it is none of them); a player of the store without a tournament hand is
    a ``UsageError`` too, saying so."""

    if player is None:
        return None
    name = match_player(player, sorted(set(known) | set(t.players_named())))
    if name not in set(t.players_named()):
        raise UsageError(f"{name} has no tournament hand in the store")
    return name


#: The columns of ``results``, in order.
RESULT_COLUMNS = ("site", "tournament_id", "player", "game", "buy_in", "bounty", "fee", "cost",
                  "currency", "started_at", "ended_at", "hands", "chips_start", "chips_end",
                  "place", "prize", "net", "note")


def results(t: TournamentTables) -> pl.DataFrame:
    """One row per tournament and player: the buy-in parts as the header (or the summary)
    gives them (None when not printed) and ``cost`` (buy-in + bounty + fee, the parts
    printed, times the entries a summary lists, plus the hero's rebuys it prints), the
    player's first and last hand's times, hands played, chips before the first hand and
    after the last, ``place``, ``prize`` (0 for a finish out of the money), ``net`` (prize -
    cost), None when not known, and ``note`` (where the hands and a summary disagree).
    Sorted by start time."""
    zero = pl.lit(0).cast(MONEY)
    rows = _hand_results(t).join(_listed(t), on=TOURNAMENT + ["player"], how="full",
                                 coalesce=True)
    facts = t.summaries.select(TOURNAMENT + [pl.col(c).alias(f"s_{c}") for c in (
        "game", "buy_in", "bounty", "fee", "currency", "started_at", "ended_at", "hero",
        "hero_place", "rebuys")])
    heroes = (t.hands.filter(pl.col("hero").is_not_null()).sort("started_at", "hand_id")
              .group_by(TOURNAMENT).agg(h_hero=pl.col("hero").last()))
    rows = (rows.join(facts, on=TOURNAMENT, how="left").join(heroes, on=TOURNAMENT, how="left")
            .with_columns(hand_place=pl.col("place"), hand_prize=pl.col("prize")))
    header = pl.col("buy_in").is_not_null()
    rows = rows.with_columns(
        *(pl.when(header).then(pl.col(c)).otherwise(pl.col(f"s_{c}")).alias(c)
          for c in ("buy_in", "bounty", "fee", "currency")),
        game=pl.coalesce("game", "s_game"),
        started_at=pl.coalesce("started_at", "s_started_at"),
        ended_at=pl.coalesce("ended_at", "s_ended_at", "s_started_at"),
        hands=pl.col("hands").fill_null(0),
        # The summary's place and prize are kept over the hands' (see the module's words).
        place=pl.when(pl.col("s_place").is_not_null()).then(pl.col("s_place"))
        .otherwise(pl.col("place")),
        prize=pl.when(pl.col("s_place").is_not_null()).then(pl.col("s_prize"))
        .otherwise(pl.col("prize")),
        note=_notes(header),
    )
    rebuys = pl.when(pl.col("player") == pl.col("s_hero")).then(
        pl.col("s_rebuys").fill_null(zero)).otherwise(zero)
    out = rows.with_columns(
        cost=(pl.col("buy_in") + pl.col("bounty").fill_null(zero) + pl.col("fee").fill_null(zero))
        * pl.col("entries").fill_null(1) + rebuys,
        # A finish printed without a prize is a finish out of the money.
        prize=pl.when(pl.col("place").is_not_null()).then(pl.col("prize").fill_null(zero)),
    ).with_columns(net=pl.col("prize") - pl.col("cost"))
    return out.select(RESULT_COLUMNS).cast(pl.Schema(_RESULT_SCHEMA)).sort("started_at", "tournament_id",
                                                                 "player")


def _hand_results(t: TournamentTables) -> pl.DataFrame:
    """What the hands say, one row per tournament and player who played one."""
    hands = t.hands.select(KEY + TOURNAMENT[1:] + ["game", "started_at"])
    seats = (t.players.filter(IN_HAND).join(hands, on=KEY)
             .sort("started_at", "hand_id"))
    played = seats.group_by(TOURNAMENT + ["player"], maintain_order=True).agg(
        games=pl.col("game").unique(maintain_order=True),
        started_at=pl.col("started_at").first(),
        ended_at=pl.col("started_at").last(),
        hands=pl.len(),
        chips_start=pl.col("starting_stack").first(),
        chips_end=(pl.col("starting_stack") + pl.col("net")).last(),
    ).with_columns(game=pl.col("games").list.join(", ")).drop("games")
    # Every hand of a tournament prints the same buy-in: the first stored says it.
    buy_ins = (t.tournaments.join(hands, on=KEY).sort("started_at", "hand_id")
               .group_by(TOURNAMENT, maintain_order=True)
               .agg(pl.col("buy_in", "bounty", "fee", "currency").first()))
    finishes = (t.finishes.join(hands, on=KEY).sort("started_at", "line")
                .group_by(TOURNAMENT + ["player"], maintain_order=True)
                .agg(pl.col("place", "prize").last()))
    return (played.join(buy_ins, on=TOURNAMENT, how="left")
            .join(finishes, on=TOURNAMENT + ["player"], how="left"))


def _listed(t: TournamentTables) -> pl.DataFrame:
    """What the summaries list, one row per tournament and player: place (None while still
    playing), prize (0 for a place without one) and entries."""
    zero = pl.lit(0).cast(MONEY)
    return t.places.group_by(TOURNAMENT + ["player"]).agg(
        s_place=pl.col("place").min(),
        s_prize=pl.when(pl.col("place").is_not_null().any())
        .then(pl.col("prize").fill_null(zero).sum()),
        entries=pl.col("entries").max(),
    )


def _notes(header: pl.Expr) -> pl.Expr:
    """What a row's hands and its tournament's summary say differently, in words."""
    both = pl.col("s_place").is_not_null() & pl.col("hand_place").is_not_null()

    def said(column: str) -> pl.Expr:
        return pl.col(column).cast(pl.String)

    parts = [
        pl.when(both & (pl.col("s_place") != pl.col("hand_place"))).then(pl.concat_str(
            pl.lit("the hands print place "), said("hand_place"), pl.lit(", the summary place "),
            said("s_place"), pl.lit(": the summary's is kept"))),
        pl.when(both & (pl.col("s_prize") != pl.col("hand_prize").fill_null(0))).then(
            pl.concat_str(pl.lit("the hands print a prize of "),
                          said("hand_prize").fill_null("0"), pl.lit(", the summary "),
                          said("s_prize"), pl.lit(": the summary's is kept"))),
        pl.when((pl.col("player") == pl.col("h_hero")) & pl.col("s_hero_place").is_not_null()
                & (pl.col("s_hero").is_null() | (pl.col("s_hero") != pl.col("player"))))
        .then(pl.concat_str(pl.lit("the summary says the hero finished in place "),
                            said("s_hero_place"), pl.lit(", where it lists "),
                            said("s_hero").fill_null("no one"))),
        pl.when(header & pl.col("s_buy_in").is_not_null() & pl.any_horizontal(
            pl.col(c).ne_missing(pl.col(f"s_{c}")) for c in ("buy_in", "bounty", "fee")))
        .then(pl.lit("the summary's buy-in is not the hands' header's: the header's is kept")),
    ]
    joined = pl.concat_str(parts, separator="; ", ignore_nulls=True)
    return pl.when(joined != "").then(joined)


_RESULT_SCHEMA: dict[str, pl.DataType | type[pl.DataType]] = {
    "site": pl.String, "tournament_id": pl.String, "player": pl.String, "game": pl.String,
    "buy_in": MONEY, "bounty": MONEY, "fee": MONEY, "cost": MONEY, "currency": pl.String,
    "started_at": pl.Datetime("us", "UTC"), "ended_at": pl.Datetime("us", "UTC"),
    "hands": pl.UInt32, "chips_start": MONEY, "chips_end": MONEY, "place": pl.Int32,
    "prize": MONEY, "net": MONEY, "note": pl.String,
}


def totals(rows: pl.DataFrame) -> pl.DataFrame:
    """Per player and currency, from ``results``: ``tournaments`` played, ``unknown`` (those
    whose result or buy-in the histories do not show), and over the others: ``cost`` (total
    buy-ins, fees included), ``prizes``, ``net``, ``roi`` (net / cost, in %), ``itm`` (in the
    money: the share with a prize, in %), ``wins`` and ``best`` (place)."""
    known = pl.col("net").is_not_null()
    zero = pl.lit(0).cast(MONEY)
    out = rows.group_by("player", "currency").agg(
        tournaments=pl.len(),
        unknown=(~known).sum(),
        cost=pl.col("cost").filter(known).sum(),
        prizes=pl.col("prize").filter(known).sum(),
        itm_n=(pl.col("prize").filter(known) > zero).sum(),
        wins=(pl.col("place").filter(known) == 1).sum(),
        best=pl.col("place").filter(known).min(),
    ).with_columns(known=pl.col("tournaments") - pl.col("unknown"))
    # Money summed over no known result is unknown, not 0.
    out = out.with_columns(pl.when(pl.col("known") > 0).then(pl.col(c)).alias(c)
                           for c in ("cost", "prizes")).with_columns(
        net=pl.col("prizes") - pl.col("cost"))
    return out.with_columns(
        roi=pl.when(pl.col("cost") > zero)
        .then((100 * pl.col("net").cast(pl.Float64) / pl.col("cost").cast(pl.Float64)).round(1)),
        itm=pl.when(pl.col("known") > 0)
        .then((100 * pl.col("itm_n") / pl.col("known")).round(1)),
    ).select("player", "currency", "tournaments", "unknown", "cost", "prizes", "net", "roi",
             "itm", "wins", "best").sort("player", "currency", nulls_last=True)


def profit_curve(rows: pl.DataFrame, player: str, currency: str | None = None) -> pl.DataFrame:
    """One player's tournaments with a known result, in order of start time, and the
    cumulative net after each: what the tournament results chart draws. The results must be
    in one currency (``currency`` chooses; ``UsageError`` naming them when several are
    played and none is chosen)."""
    mine = rows.filter((pl.col("player") == player) & pl.col("net").is_not_null())
    units = sorted(mine["currency"].fill_null("no currency").unique().to_list())
    if currency is not None:
        mine = mine.filter(pl.col("currency") == currency)
    elif len(units) > 1:
        raise UsageError(f"{player} played tournaments in {' and '.join(units)}: money of "
                         "different currencies is not added up")
    return (mine.sort("started_at", "tournament_id").with_row_index("number", offset=1)
            .with_columns(cumulative=pl.col("net").cum_sum())
            .select("number", "tournament_id", "started_at", "currency", "cost", "prize", "net",
                    "cumulative", "place"))


def unread(t: TournamentTables) -> int:
    """How many tournaments have hands but no stored buy-in nor summary: stored by an hhtools
    older than the tournaments table (their buy-ins and finishes were not kept)."""
    with_facts = t.tournaments.join(t.hands.select(KEY + ["tournament_id"]), on=KEY)
    return t.hands.select(TOURNAMENT).unique().join(
        with_facts.select(TOURNAMENT).unique(), on=TOURNAMENT, how="anti").join(
        t.summaries.select(TOURNAMENT), on=TOURNAMENT, how="anti").height


def shown(rows: pl.DataFrame) -> pl.DataFrame:
    """``results`` as a table shows them: the game as players name it (``2-7 Triple Draw``,
    not ``2-7``), the buy-in as the header prints its parts (``1.00+0.20 USD``,
    ``10+1+0.50 USD``, ``100+9``; ``unknown`` when not stored), the finish as a place
    (``3rd``, ``unknown``) and the start as a minute."""

    def buy_in(parts: tuple[object, ...]) -> str:
        *money, currency = parts
        if money[0] is None:
            return "unknown"
        text = "+".join(cell(p) for p in money if p is not None)
        return f"{text} {currency}" if currency else text

    return rows.with_columns(
        game=pl.Series([game_titles(g) for g in rows["game"].to_list()], dtype=pl.String),
        buy_in=pl.Series([buy_in(p) for p in rows.select(
            "buy_in", "bounty", "fee", "currency").iter_rows()], dtype=pl.String),
        finish=pl.Series(["unknown" if p is None else ordinal(p)
                          for p in rows["place"].to_list()], dtype=pl.String),
        started=pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M"),
    )
