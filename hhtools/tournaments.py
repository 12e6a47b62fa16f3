"""Tournament results, per tournament and player, and a player's totals, as polars DataFrames
computed from the hand store (``hhtools tournaments``; definitions in the README,
"Tournaments").

Nothing per tournament is stored: each hand keeps its own facts (its header's buy-in, the
finishes it prints, every player's chips), and a tournament's row is put together from all
its stored hands when read. Hands of one tournament imported at different times, from
several files, thus complete each other, and a hand stored once counts once.

A result is known when the tournament's hands print the player's finish (``finished the
tournament in 3rd place``, ``wins the tournament``) and its buy-in; otherwise place, prize
and net are None ("unknown", never 0), and the totals leave that tournament out of the money
summed, the ROI and the in-the-money share, saying how many they left out.

>>> from hhtools.store import Store
>>> results(TournamentTables.load(Store("/nonexistent"))).height
0
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import polars as pl

from hhtools.errors import UsageError
from hhtools.store import MONEY, Store

KEY = ["site", "hand_id"]
TOURNAMENT = ["site", "tournament_id"]
#: The columns read from each table.
COLUMNS = {
    "hands": KEY + ["game", "started_at", "tournament_id", "cancelled"],
    "players": KEY + ["player", "sitting_out", "starting_stack", "put_in", "net",
                      "fold_street"],
    "tournaments": KEY + ["buy_in", "bounty", "fee", "currency"],
    "tournament_finishes": KEY + ["player", "place", "prize", "line"],
}
#: A player's row counts in a hand as stats counts it (hhtools.stats.IN_HAND): dealt in, or
#: a sitting-out seat a tournament still deals in (blinds taken, hand folded for it).
IN_HAND = ~pl.col("sitting_out") | (pl.col("put_in") != 0) | pl.col("fold_street").is_not_null()


@dataclass(frozen=True)
class TournamentTables:
    """The tournament hands of a store: the store tables' rows of hands with a tournament."""

    hands: pl.DataFrame
    players: pl.DataFrame
    tournaments: pl.DataFrame
    finishes: pl.DataFrame

    @classmethod
    def load(cls, store: Store) -> TournamentTables:
        """Read the tables from ``store``, all from the same batches."""
        store = store.snapshot()
        hands = store.read_columns("hands", COLUMNS["hands"]).filter(
            pl.col("tournament_id").is_not_null() & ~pl.col("cancelled").fill_null(False))
        keys = hands.select(KEY)
        return cls(hands, *(store.read_columns(name, COLUMNS[name]).join(keys, on=KEY, how="semi")
                            for name in ("players", "tournaments", "tournament_finishes")))

    def players_named(self) -> list[str]:
        """Every player of these tournament hands."""
        return self.players["player"].unique().sort().to_list()

    def only(self, player: str | None) -> TournamentTables:
        """The rows of one player (spelled as stored; ``check_player`` first), or all."""
        if player is None:
            return self
        return replace(self, players=self.players.filter(pl.col("player") == player),
                       finishes=self.finishes.filter(pl.col("player") == player))


def check_player(t: TournamentTables, player: str | None, known: list[str]) -> str | None:
    """``player`` as stored: ``known`` are the store's player names (``UsageError`` naming the
    close ones when it is none of them); a player of the store without a tournament hand is
    a ``UsageError`` too, saying so."""
    from hhtools.stats import match_player

    if player is None:
        return None
    name = match_player(player, known)
    if name not in set(t.players_named()):
        raise UsageError(f"{name} has no tournament hand in the store")
    return name


#: The columns of ``results``, in order.
RESULT_COLUMNS = ("site", "tournament_id", "player", "game", "buy_in", "bounty", "fee", "cost",
                  "currency", "started_at", "ended_at", "hands", "chips_start", "chips_end",
                  "place", "prize", "net")


def results(t: TournamentTables) -> pl.DataFrame:
    """One row per tournament and player: the buy-in parts as the header gives them (None
    when not printed) and ``cost`` (buy-in + bounty + fee, the parts printed), the player's
    first and last hand's times, hands played, chips before the first hand and after the
    last, ``place``, ``prize`` (0 for a finish out of the money) and ``net`` (prize - cost),
    None when not known. Sorted by start time."""
    hands = t.hands.select(KEY + TOURNAMENT[1:] + ["game", "started_at"])
    seats = (t.players.filter(IN_HAND).join(hands, on=KEY)
             .sort("started_at", "hand_id"))
    if seats.height == 0:
        return pl.DataFrame(schema=_RESULT_SCHEMA)
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
    zero = pl.lit(0).cast(MONEY)
    out = (played.join(buy_ins, on=TOURNAMENT, how="left")
           .join(finishes, on=TOURNAMENT + ["player"], how="left")
           .with_columns(
               cost=pl.col("buy_in") + pl.col("bounty").fill_null(zero)
               + pl.col("fee").fill_null(zero),
               # A finish printed without a prize is a finish out of the money.
               prize=pl.when(pl.col("place").is_not_null())
               .then(pl.col("prize").fill_null(zero)))
           .with_columns(net=pl.col("prize") - pl.col("cost")))
    return out.select(RESULT_COLUMNS).cast(_RESULT_SCHEMA).sort("started_at", "tournament_id",
                                                                 "player")


_RESULT_SCHEMA = {
    "site": pl.String, "tournament_id": pl.String, "player": pl.String, "game": pl.String,
    "buy_in": MONEY, "bounty": MONEY, "fee": MONEY, "cost": MONEY, "currency": pl.String,
    "started_at": pl.Datetime("us", "UTC"), "ended_at": pl.Datetime("us", "UTC"),
    "hands": pl.UInt32, "chips_start": MONEY, "chips_end": MONEY, "place": pl.Int32,
    "prize": MONEY, "net": MONEY,
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
    """How many tournaments have hands but no stored buy-in: stored by an hhtools older than
    the tournaments table (their buy-ins and finishes were not kept)."""
    with_facts = t.tournaments.join(t.hands.select(KEY + ["tournament_id"]), on=KEY)
    return t.hands.select(TOURNAMENT).unique().join(
        with_facts.select(TOURNAMENT).unique(), on=TOURNAMENT, how="anti").height


def shown(rows: pl.DataFrame) -> pl.DataFrame:
    """``results`` as a table shows them: the buy-in as the header prints its parts
    (``1.00+0.20 USD``, ``10+1+0.50 USD``, ``100+9``; ``unknown`` when not stored), the
    finish as a place (``3rd``, ``unknown``) and the start as a minute."""
    from hhtools.stats_table import cell
    from hhtools.words import ordinal

    def buy_in(parts) -> str:
        *money, currency = parts
        if money[0] is None:
            return "unknown"
        text = "+".join(cell(p) for p in money if p is not None)
        return f"{text} {currency}" if currency else text

    return rows.with_columns(
        buy_in=pl.Series([buy_in(p) for p in rows.select(
            "buy_in", "bounty", "fee", "currency").iter_rows()], dtype=pl.String),
        finish=pl.Series(["unknown" if p is None else ordinal(p)
                          for p in rows["place"].to_list()], dtype=pl.String),
        started=pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M"),
    )
