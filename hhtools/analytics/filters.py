"""The store's tables as the reports read them: the hand filters (``Filters``, checked by
``check_filters``), the tables loaded with those filters pushed into the scans (``Tables``), and
the expressions every report shares (stakes, the hand key, who was in a hand), and each
player's facts of each hand (``hand_facts``) that every statistic is built from.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta, timezone
from functools import cached_property
from pathlib import Path
from typing import TypeVar

import polars as pl

from hhtools.core.games import get_game
from hhtools.errors import StoreError, UsageError, unknown_name
from hhtools.sites import SITE_NAMES
from hhtools.store.rows import POSITIONS
from hhtools.store.store import Store
from hhtools.store.tables import READ_ERRORS

T = TypeVar("T")

STREETS = ("predraw", "draw1", "draw2", "draw3")
DRAW_STREETS = STREETS[1:]
KEY = ["site", "hand_id"]
#: The unit of tournament hands' winnings: big blinds of the hand's level (hhtools.analytics.stats
#: never adds chips of different tournaments).
TOURNAMENT_UNIT = "tournament bb"
#: What the money reports (players, positions) can be grouped by; ``unit`` is always one of
#: the groups, so money of different currencies, or chips, is never summed.
GROUP_KEYS = ("player", "game", "site", "stakes", "unit")


#: The columns the reports read from each table; reading no more keeps large stores fast.
COLUMNS = {
    "hands": KEY + ["game", "structure", "currency", "small_bet", "big_bet", "big_blind",
                    "started_at", "tournament_id", "cancelled", "table"],
    "players": KEY + ["player", "position", "sitting_out", "is_hero", "put_in", "collected",
                      "net", "showed", "cards", "vpip", "raised_predraw", "three_bet_chance",
                      "three_bet", "fold_street", "showdown",
                      *[f"{what}_{street}" for what in ("agg", "calls") for street in STREETS]],
    "draws": KEY + ["game", "player", "street", "count", "before", "after", "line"],
    "halves": KEY + ["pot", "component", "player", "winners"],
}


#: The players a hand counts for: those dealt in, and a seat marked sitting out that the
#: history still shows in the hand. A tournament deals a sitting-out player in: the blinds
#: and antes are taken and the hand folded for them; trackers count those hands, and the
#: chips are real. A cash game's sitting-out seat is not dealt in and shows no action.
IN_HAND = ~pl.col("sitting_out") | (pl.col("put_in") != 0) | pl.col("fold_street").is_not_null()

#: A hand the history says was cancelled (or one dealt to nobody): it counts for no one.
CANCELLED = pl.col("cancelled").fill_null(False)


@dataclass(frozen=True)
class Filters:
    """Which hands a report covers; ``None`` means no restriction."""

    player: str | None = None
    game: str | None = None
    site: str | None = None
    stakes: str | None = None  # "0.25/0.50": small bet / big bet as written
    since: date | None = None
    until: date | None = None
    position: str | None = None
    hand_type: str | None = None  # "cash" or "tournament"


#: The kinds of hand ``Filters.hand_type`` selects: trackers keep cash games and tournaments
#: apart, since tournament chips are not money.
HAND_TYPES = ("cash", "tournament")


def match_player(name: str, known: Iterable[str]) -> str:
    """The stored spelling of player ``name``: the name itself, else the one stored name equal
    to it but for case. ``UsageError`` naming the close names when there is none, or several."""
    known = set(known)
    if name in known:
        return name
    same = sorted(k for k in known if k.casefold() == name.casefold())
    if len(same) == 1:
        return same[0]
    if same:
        raise UsageError(f"player {name!r} could be {' or '.join(same)}: give the exact name")
    folded: dict[str, list[str]] = {}
    for k in sorted(known):
        folded.setdefault(k.casefold(), []).append(k)
    close = [k for c in difflib.get_close_matches(name.casefold(), folded, n=5, cutoff=0.6)
             for k in folded[c]]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise UsageError(f"no player {name!r} in the store{hint}")


def check_filters(f: Filters, players: Iterable[str]) -> Filters:
    """``f`` with each name checked: the game, site and position must exist (``UsageError``
    with the close names otherwise) and the player is spelled as stored (``match_player``
    against ``players``, the names in the store)."""

    game = get_game(f.game).name if f.game else None
    site = f.site.lower().strip() if f.site else None
    if f.site and site not in SITE_NAMES + ("phh",):
        raise unknown_name("site", f.site, SITE_NAMES + ("phh",))
    position = f.position.lower().strip() if f.position else None
    if f.position and position not in POSITIONS:
        raise unknown_name("position", f.position, POSITIONS)
    hand_type = f.hand_type.lower().strip() if f.hand_type else None
    if f.hand_type and hand_type not in HAND_TYPES:
        raise unknown_name("type", f.hand_type, HAND_TYPES)
    player = match_player(f.player, players) if f.player else None
    return replace(f, game=game, site=site, position=position, player=player, hand_type=hand_type)


@dataclass(frozen=True)
class Tables:
    """The store tables the reports read."""

    hands: pl.DataFrame
    players: pl.DataFrame
    draws: pl.DataFrame
    halves: pl.DataFrame
    applied: Filters | None = None  # the filters these tables already went through
    #: The views ``filtered`` made of these tables, latest last (see VIEWS).
    _views: dict[Filters, Tables] = field(default_factory=dict, init=False, compare=False,
                                          repr=False)

    #: Every player name of the store, when these tables hold only some of its hands.
    names: pl.Series | None = field(default=None, compare=False, repr=False)
    #: Set when these tables hold one player's rows only (``of_player``): what each of
    #: their rows needs of the other players of its hand was made before they were left out.
    player: str | None = field(default=None, compare=False, repr=False)

    @classmethod
    def load(cls, store: Store, filters: Filters | None = None,
             columns: Mapping[str, list[str]] = COLUMNS) -> Tables:
        """Read the tables from ``store``: only the columns the reports use (or ``columns``,
        for a read that needs fewer), all from the same batches (an import may publish more
        meanwhile). With ``filters``, only the hands their game, site, stakes, dates and
        type select are read (the reports still filter by player and position), so a report
        on part of a large store reads that part."""
        store = store.snapshot()
        chosen = _hand_filter(filters) if filters is not None else None
        if chosen is None:
            try:
                # One query of the four tables, not a read of each.
                hands, players, draws, halves = pl.collect_all(
                    [store.scan(name).select(columns[name]) for name in COLUMNS])
            except (*READ_ERRORS, StoreError):
                # A batch merged away under this read, or damage: as below.
                hands, players, draws, halves = (store.read_columns(name, columns[name])
                                                 for name in COLUMNS)
            return cls(hands, players, draws, halves)
        chosen_hands = store.scan("hands").select(columns["hands"]).filter(chosen)
        keys = chosen_hands.select(KEY)
        rest = [store.scan(name).select(columns[name]).join(keys, on=KEY, how="semi")
                for name in ("players", "draws", "halves")]
        try:
            frames = pl.collect_all([chosen_hands, *rest])
            names = store.scan("players").select(pl.col("player").unique()).collect()
        except READ_ERRORS:
            # A batch merged away under this read, or damage: read whole, as read_columns
            # follows a merge and names a damaged file; the reports filter the hands alike.
            return cls.load(store, columns=columns)
        hands_read, players, draws, halves = frames
        return cls(hands_read, players, draws, halves, names=names["player"])

    def player_names(self) -> pl.Series:
        """The name of every player of the store (``check_filters`` checks names against
        them), whether or not these tables hold every hand."""
        return self.names if self.names is not None else self.players["player"].unique()

    @cached_property
    def facts(self) -> pl.DataFrame:
        """``hand_facts`` of these tables, computed once for all the reports."""
        return _hand_facts(self)

    def filtered(self, f: Filters) -> Tables:
        """Only the hands (and players in them) that ``f`` selects."""
        if self.applied == f:
            return self
        # Every report and every section of a page asks for its view of the whole tables
        # again; on a large store each view costs seconds (joins on the string keys), so the
        # latest few are kept.
        view = self._views.pop(f, None) or self._filtered(f)
        self._views[f] = view
        while len(self._views) > VIEWS:
            del self._views[next(iter(self._views))]
        return view

    def _filtered(self, f: Filters) -> Tables:
        # One player's tables (``of_player``) hold no cancelled hand and their players'
        # context already: a view of that player copies no frame that nothing filters.
        alone = self.player is not None and f.player == self.player
        every = replace(f, player=None, position=None)
        if self.player is None and f != every:
            # A player's or a position's view is the rows of the view of every player (the
            # page and the sums of a batch make it first): the players' context, made over
            # every player of a hand, is made once.
            return self.filtered(every)._narrowed(f, self.names)
        hands = self.hands if alone else self.hands.filter(~CANCELLED)
        if (chosen := _hand_filter(f)) is not None:
            hands = hands.filter(chosen)
        # Joins on the string keys are the costly part on large stores: skip them when a
        # filter kept everything. The rest is one lazy query (each eager step is one).
        players = self.players.lazy()
        if hands.height != self.hands.height:
            players = players.join(hands.lazy().select(KEY), on=KEY, how="semi")
        if self.player is None:
            players = _with_hand_context(players.filter(IN_HAND))
        view = Tables(hands, self.players, self.draws, self.halves, f, names=self.names,
                      player=self.player)
        return view._narrowed(f, self.names, players, hands.height != self.hands.height)

    def _narrowed(self, f: Filters, names: pl.Series | None,
                  players: pl.LazyFrame | None = None, fewer: bool = False) -> Tables:
        """These tables' view of ``f``: their ``players`` (made lazily, of their hands
        already chosen) of ``f``'s player and position, and their draws and halves of those
        (``fewer``: of fewer hands than these tables' draws and halves were read for)."""
        mine = self.players.lazy() if players is None else players
        alone = self.player is not None and f.player == self.player
        if f.player and not alone:
            mine = mine.filter(pl.col("player") == f.player)
        if f.position:
            mine = mine.filter(pl.col("position") == f.position.lower())
        if fewer or (f.player and not alone) or f.position:
            kept = mine.select(KEY + ["player"])
            chosen, draws, halves = collected(mine, *(
                frame.lazy().join(kept, on=KEY + ["player"], how="semi")
                for frame in (self.draws, self.halves)))
            return Tables(self.hands, chosen, draws, halves, f, names=names, player=self.player)
        return Tables(self.hands, collected(mine)[0], self.draws, self.halves, f, names=names,
                      player=self.player)

    def hand_slices(self, size: int) -> Iterator[Tables]:
        """These tables (whole hands) as tables of ``size`` hands at most, in the hands'
        order: what is made of a hand's rows is made inside one slice, and a big batch's
        figures made a slice at a time hold a slice's intermediate frames, not the batch's."""
        for start in range(0, self.hands.height, size):
            hands = self.hands.slice(start, size)
            keys = hands.select(KEY)
            players, draws, halves = (frame.join(keys, on=KEY, how="semi", maintain_order="left")
                                      for frame in (self.players, self.draws, self.halves))
            yield Tables(hands, players, draws, halves, names=self.names)

    def of_player(self, player: str) -> Tables:
        """The rows of ``player`` alone (the hands they were dealt in, their own rows of
        players, draws and halves), each row with what it needs to know of the others in its
        hand made first (``reached_draw`` and ``walk``, and a draw's ``facing_pat``,
        ``with_pat_faced``): every report and view of ``player`` from them equals the one
        from these tables, for a fraction of the memory. These tables must hold whole hands."""
        every = self.filtered(Filters())
        players = every.players.filter(pl.col("player") == player)
        mine = KEY + ["player"]
        draws, halves = (frame.filter(pl.col("player") == player).join(
            players.select(mine), on=mine, how="semi")
            for frame in (with_pat_faced(every.draws, every.players), every.halves))
        return Tables(every.hands.join(players.select(KEY), on=KEY, how="semi"), players,
                      draws, halves, names=self.names, player=player)


def collected(*queries: pl.LazyFrame) -> list[pl.DataFrame]:
    """``queries`` run at once, in memory: each eager step of a frame is a query of its own
    (a batch's figures were some 150), and the default engine ran these small queries in
    the streaming one, which took a third more time than the eager steps they stand for."""
    return pl.collect_all(queries, engine="in-memory")


#: Reads of the store begun again when its batches were merged under one (``Store.compact``).
TRIES = 5


def store_names(store: Store) -> pl.Series:
    """The name of every player of ``store`` (what ``check_filters`` checks names against),
    read from the players' names alone."""
    try:
        names = store.scan("players").select(pl.col("player").unique()).collect()["player"]
    except READ_ERRORS:
        # A batch merged away under this read, or damage: read_columns follows a merge and
        # names a damaged file.
        names = store.read_columns("players", ["player"])["player"].unique()
    return names.sort()


def each_batch(store: Store, filters: Filters | None, read: Callable[[Store, Tables], T],
               columns: Mapping[str, list[str]] = COLUMNS,
               begin: Callable[[], object] = lambda: None) -> list[T]:
    """``read(view, tables)`` of each batch of ``store`` in order (``view`` the store as
    holding that batch only, ``tables`` its ``Tables.load(view, filters, columns)``): memory
    is one batch's tables and what ``read`` keeps. A batch holds whole hands, so whatever is
    made of a hand's rows is made inside one batch. Begun again (after ``begin()``, which
    forgets what ``read`` kept) when batches were merged under the read."""
    for _ in range(TRIES):
        begin()
        snapshot = store.snapshot()
        folders = snapshot.batch_folders()
        if not folders:
            return [read(snapshot, Tables.load(snapshot, filters, columns))]
        found = []
        for folder in folders:
            if (batch := batch_tables(snapshot, folder, filters, columns)) is None:
                break
            found.append(read(*batch))
        else:
            return found
    raise merged_again(store)


def batch_tables(store: Store, folder: Path, filters: Filters | None,
                 columns: Mapping[str, list[str]] = COLUMNS) -> tuple[Store, Tables] | None:
    """``store`` as holding the batch ``folder`` only, and its ``Tables.load``; None when the
    batch was merged away under the read (the view followed the merge to other batches)."""
    view = store.only([folder])
    tables = Tables.load(view, filters, columns)
    return None if view.batch_folders() != [folder] else (view, tables)


def merged_again(store: Store) -> StoreError:
    """What a read says when merges moved the batches under it ``TRIES`` times."""
    return StoreError(f"cannot read the store {store.root}: its batches were merged again and "
                      "again while it was read; try again")


def player_tables(store: Store, players: Iterable[str],
                  filters: Filters | None = None) -> dict[str, Tables]:
    """``Tables.load(store, filters).of_player(p)`` for each of ``players``, read batch by
    batch (``each_batch``): memory is one batch's tables and the players' rows, never the
    store's tables. Their ``player_names`` are every player of the store."""
    players = list(dict.fromkeys(players))

    def read(view: Store, batch: Tables) -> tuple[pl.Series, list[Tables]]:
        return batch.player_names(), [batch.of_player(p) for p in players]

    found = each_batch(store, filters, read)
    names = pl.concat([n for n, _ in found]).unique().sort()

    def joined(i: int) -> Tables:
        each = [mine[i] for _, mine in found]
        hands, players, draws, halves = (
            pl.concat(frames, how="vertical_relaxed") for frames in zip(
                *((t.hands, t.players, t.draws, t.halves) for t in each)))
        return Tables(hands, players, draws, halves, names=names, player=each[0].player)

    return {p: joined(i) for i, p in enumerate(players)}


def _hand_filter(f: Filters) -> pl.Expr | None:
    """Which hands ``f`` selects by their own columns (game, site, stakes, dates, cash or
    tournament); None when it selects by none of them. ``f`` may be unchecked (``load``
    reads with the filters as given): names are taken as ``check_filters`` takes them."""
    chosen = []
    if f.game:

        chosen.append(pl.col("game") == get_game(f.game).name)
    if f.site:
        chosen.append(pl.col("site") == f.site.lower().strip())
    if f.stakes:
        chosen.append(stakes_expr() == _normal_stakes(f.stakes))
    if f.since:
        chosen.append(pl.col("started_at") >= _utc(f.since))
    if f.until:
        chosen.append(pl.col("started_at") < _utc(f.until, end=True))
    if f.hand_type:
        chosen.append(pl.col("tournament_id").is_null()
                      == (f.hand_type.lower().strip() == "cash"))
    return pl.all_horizontal(chosen) if chosen else None


#: How many filtered views of one ``Tables`` are kept: those a player's part of the report
#: asks for again and again (the player's; cash only; each stakes charted).
VIEWS = 4


def stakes_expr() -> pl.Expr:
    """A hand's stakes as players write them: small bet / big bet (``0.25/0.5``)."""
    return pl.concat_str([_money_text("small_bet"), _money_text("big_bet")], separator="/")


def with_stakes(frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` (holding ``small_bet`` and ``big_bet``) with its ``stakes`` (``stakes_expr``)
    written once for each distinct pair: a store holds a few stakes, and their text is two
    regular expressions a row."""
    pairs = frame.select("small_bet", "big_bet").unique().with_columns(stakes=stakes_expr())
    return frame.join(pairs, on=["small_bet", "big_bet"], how="left", nulls_equal=True,
                      maintain_order="left")


def _money_text(column: str) -> pl.Expr:
    # 0.2500 -> "0.25", 2.0000 -> "2": stakes as players write them.
    return (pl.col(column).cast(pl.String).str.replace(r"(\.\d*?)0+$", "$1")
            .str.replace(r"\.$", ""))


def _normal_stakes(text: str) -> str:
    parts = [p.strip().lstrip("$€£").replace(",", "") for p in text.split("/")]
    out = []
    for p in parts:
        if "." in p:
            p = p.rstrip("0").rstrip(".")
        out.append(p)
    return "/".join(out)


def _utc(day: date, end: bool = False) -> datetime:
    """Midnight UTC starting ``day``, or ending it: ``--until`` includes its whole day."""
    start = datetime(day.year, day.month, day.day, tzinfo=timezone.utc)
    return start + timedelta(days=1) if end else start


def with_pat_faced(draws: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """``draws`` with ``facing_pat``, the draw was made after an opponent had stood pat
    earlier in the same round (in the draws' own line order), and ``folded_to_pat``, such a
    draw followed by the player's fold in the betting of that round (``players``: who was
    in each hand, with their ``fold_street``). Read from every draw of a hand: tables
    filtered by player only hold the player's draws, not the opponents' pats."""
    return collected(pat_faced(draws, players))[0]


def pat_faced(draws: pl.DataFrame, players: pl.DataFrame) -> pl.LazyFrame:
    """``with_pat_faced`` as a lazy query."""
    if draws.height == 0 or "line" not in draws.columns:
        return draws.lazy().with_columns(facing_pat=pl.lit(False), folded_to_pat=pl.lit(False))
    first_pat = (draws.lazy().filter(pl.col("count") == 0).group_by(KEY + ["street"])
                 .agg(pat_line=pl.col("line").min(),
                      pat_player=pl.col("player").sort_by("line").first()))
    facing = ((pl.col("line") > pl.col("pat_line"))
              & (pl.col("player") != pl.col("pat_player"))).fill_null(False)
    folds = players.lazy().select(KEY + ["player", pl.col("fold_street").alias("_fold")])
    return (draws.lazy().join(first_pat, on=KEY + ["street"], how="left", maintain_order="left")
            .join(folds, on=KEY + ["player"], how="left", maintain_order="left")
            .with_columns(facing_pat=facing)
            .with_columns(folded_to_pat=(pl.col("facing_pat")
                                         & (pl.col("_fold") == pl.col("street"))).fill_null(False))
            .drop("pat_line", "pat_player", "_fold"))


def hand_facts(t: Tables) -> pl.DataFrame:
    """One row per player per hand: the facts every statistic is built from."""
    return t.facts


def _with_hand_context(players: pl.LazyFrame) -> pl.LazyFrame:
    """``players`` (every player in each hand: before any player or position filter) with
    what a player's stats need to know of the others in the hand: ``reached_draw``, the hand
    went to the first draw with at least two players in it (all-in players included), and
    ``walk``, the player won a hand where nobody called, bet or raised before the draw."""
    in_at_draw = pl.col("fold_street").is_null() | (pl.col("fold_street") != "predraw")
    return players.with_columns(
        reached_draw=in_at_draw.sum().over(KEY) >= 2,
        # A store imported before positions counted a tournament's sitting-out seat (dealt
        # in by the site) holds none for it: its hands are kept, under this name.
        position=pl.when(pl.col("sitting_out") & pl.col("position").is_null())
        .then(pl.lit("sitting out")).otherwise(pl.col("position")),
        walk=~pl.col("vpip").any().over(KEY) & pl.col("fold_street").is_null(),
    ).with_columns(walk=pl.col("walk") & ~pl.col("reached_draw"))


def _hand_facts(t: Tables) -> pl.DataFrame:
    # The betting facts were computed per hand at import (hhtools.store.rows.betting_facts): here
    # they are only joined to the hand's stakes and turned into the measures reports sum.
    players = t.players.lazy()
    if "reached_draw" not in t.players.columns:
        players = _with_hand_context(players.filter(IN_HAND))
    facts = players.join(t.hands.lazy().select(KEY + ["game", "structure", "big_blind", "small_bet",
                                                 "big_bet", "started_at", "tournament_id",
                                                 "currency"]), on=KEY)
    tournament = pl.col("tournament_id").is_not_null()
    # A tournament's big blind is its level's: a short stack's all-in post is not the unit
    # (a fixed-limit header gives the small bet, which is the big blind; the others give
    # the blinds). A cash game's is the big blind posted; limit histories give the small bet.
    big_blind = (pl.when(tournament & (pl.col("structure") == "fixed-limit"))
                 .then(pl.col("small_bet")).when(tournament).then(pl.col("big_bet"))
                 .otherwise(pl.coalesce("big_blind", "small_bet")))
    return collected(facts.rename({"raised_predraw": "raised"}).with_columns(
        # Trackers' "saw flop": the hand reached the first draw with the player still in it.
        # A pot won before the draw, uncontested, is not a hand that saw the draw.
        saw_draw=pl.col("reached_draw")
        & (pl.col("fold_street").is_null() | (pl.col("fold_street") != "predraw")),
        bb_money=big_blind,
        bb=big_blind.cast(pl.Float64),
        bet=pl.col("big_bet").cast(pl.Float64),
        # Each currency is summed apart, and tournament chips never: 100 chips of one
        # tournament are not 100 of another. A tournament hand counts in big blinds of its
        # level (unit "tournament bb"), which add up across tournaments.
        unit=pl.when(tournament).then(pl.lit(TOURNAMENT_UNIT))
        .otherwise(pl.col("currency").fill_null("cash")),
        money_net=pl.col("net"),
        net=pl.when(tournament).then(pl.col("net") / big_blind).otherwise(pl.col("net")),
    ).with_columns(
        won_showdown=pl.col("showdown") & (pl.col("collected") > 0),
        net_bb=pl.col("money_net").cast(pl.Float64) / pl.col("bb"),
        net_big_bets=pl.col("money_net").cast(pl.Float64) / pl.col("bet"),
    ))[0]
