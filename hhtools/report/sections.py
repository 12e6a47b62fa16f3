"""One player's part of the HTML report, the way a tracker's summary reads: a header with the
headline numbers per money unit, the winnings chart, then one section per subject.

``SECTIONS`` is the list of those sections in page order; each is a pure function of a
``PlayerView`` returning the section's HTML, or None to leave the section out (no split-pot
game played, no tournament in the store). Every number comes from hhtools.analytics.stats and every
chart from hhtools.report.charts: nothing is computed twice. Money is shown per unit (a currency, or
``tournament bb`` for tournament chips in big blinds) and never added across units; big bets and bb/100 make the units
comparable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

import polars as pl

from hhtools.analytics.player import PlayerData
from hhtools.analytics.sessions import DEFAULT_GAP
from hhtools.analytics.stats import (
    BLIND_RATE,
    LIMIT_RATE,
    TOURNAMENT_UNIT,
    Filters,
)
from hhtools.analytics.tournaments import TOURNAMENT, TournamentTables, results, totals
from hhtools.core.games import GAMES, game_title
from hhtools.core.words import plural
from hhtools.errors import HHToolsError
from hhtools.report.charts import COMPONENT_TITLES, checked_data, draw
from hhtools.report.html import Column, days, figure, number, signed, table, text, tone
from hhtools.report.tournaments import tournament_section
from hhtools.store.store import Store

#: What a player's part makes once of the player's figures, for the table and the chart.
MADE = ("sessions", "showdowns")


@dataclass(frozen=True)
class PlayerView:
    """What every section of one player's part reads: the store, the player's figures
    (``data``, gathered batch by batch for the page's filters) and the store's tournaments
    (read once for the page), the filters (``filters.player`` is the player; a narrower
    game, stakes or type than ``data``'s in the winnings charts) and the player's place on
    the page (for element ids)."""

    store: Store
    data: PlayerData
    tournaments: TournamentTables
    filters: Filters
    number: int
    #: The player's sessions and showdown classes, made once for the table and the chart.
    _made: dict[str, pl.DataFrame] = field(default_factory=dict, compare=False, repr=False)
    #: What was made of the player's hands before an import (``PlayerData.since``).
    _earlier: dict[str, pl.DataFrame] = field(default_factory=dict, compare=False, repr=False)

    @property
    def chosen(self) -> PlayerData:
        """``data`` of the hands ``filters`` select."""
        return self.data if self.filters == self.data.filters else self.data.narrowed(self.filters)

    def sessions(self) -> pl.DataFrame:
        if "sessions" not in self._made:
            self._made["sessions"] = self.data.sessions(DEFAULT_GAP,
                                                        self._earlier.get("sessions"))
        return self._made["sessions"]

    def showdown_classes(self) -> pl.DataFrame:
        if "showdowns" not in self._made:
            self._made["showdowns"] = self.data.showdown_classes()
        return self._made["showdowns"]

    def made(self) -> dict[str, pl.DataFrame]:
        """The sessions and showdown classes (``MADE``), when both were made: the page keeps
        them with the player's figures (hhtools.report.page), for a page made again."""
        return {name: self._made[name] for name in MADE} if set(MADE) <= set(self._made) else {}

    @property
    def player(self) -> str:
        return self.filters.player or ""

    def anchor(self, name: str) -> str:
        """A page-unique element id for this player's ``name``."""
        return f"p{self.number}-{name}"


def with_game_titles(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` with ``game_title``, the game as players name it (``2-7 Triple Draw``)."""
    names = df["game"].unique().to_list()
    return df.with_columns(game_title=pl.col("game").replace_strict(
        {n: game_title(n) for n in names}, default=None, return_dtype=pl.String))


def unit_title(unit: str) -> str:
    """How a money unit is named on the page."""
    if unit == TOURNAMENT_UNIT:
        return "tournaments, in big blinds (chips are not money)"
    if unit == "cash":
        return "cash, currency not named in the histories"
    if unit == "play":
        return "play money (Winamax's play chips: not money)"
    return unit


def _chart(view: PlayerView, kind: str, title: str, measure: str = "money",
           name: str | None = None) -> str:

    anchor = view.anchor(f"chart-{name or kind}")
    try:
        fig = draw(kind, _chart_data(view, kind, measure), view.chosen.scope())
    except HHToolsError as exc:
        return figure(anchor, title, "", missing=str(exc))
    return figure(anchor, title, f"{title}: {view.player}", fig)


# -- the header -------------------------------------------------------------------------------

def header(view: PlayerView) -> str:
    """The player's name, what they played, and one card of headline numbers per money unit."""
    mine = view.data
    hands = mine.hands
    games = ", ".join(game_title(g) for g in mine.games())
    sites = ", ".join(mine.sites())
    when = days(hands["started_at"])
    span = f"; {when}" if when else ""
    # One card per currency, game and stakes, most hands first: a win rate is only read at
    # one stake. A player of many stakes gets the table Per stakes for the rest.
    stats = mine.report("stakes").sort("hands", descending=True, maintain_order=True)
    money = _tournament_money(view) if TOURNAMENT_UNIT in stats["unit"].to_list() else []
    shown = stats.head(HEADLINE_CARDS)
    if TOURNAMENT_UNIT in stats["unit"].to_list() and TOURNAMENT_UNIT not in shown["unit"].to_list():
        # The tournaments' buy-ins and prizes always have a card.
        shown = pl.concat([shown.head(HEADLINE_CARDS - 1),
                           stats.filter(pl.col("unit") == TOURNAMENT_UNIT).head(1)])
    cards = []
    for row in shown.iter_rows(named=True):
        # The buy-ins and prizes are the player's, not one game's: on the first tournament card.
        first, money = (money, []) if row["unit"] == TOURNAMENT_UNIT else ([], money)
        cards.append(_headline_card(row, first))
    what = (f"{plural(hands.height, 'hand')} of {escape(games)} at {escape(sites)}{escape(span)}."
            if hands.height else "No hand stored: their tournaments come from summary files.")
    if stats.height > shown.height:
        what += (f" The {shown.height} stakes with the most hands have a card; the table Per "
                 f"stakes lists all {stats.height}.")
    return (f'<h2 id="{view.anchor("name")}">{escape(view.player)}</h2>'
            f'<p class="meta">{what}</p>'
            f'<div class="cards" id="{view.anchor("headline")}">{"".join(cards)}</div>')


def _tournament_money(view: PlayerView) -> list[tuple[str, str]]:
    """The tournament card's lines in money, per currency: the chips in big blinds say how
    they played, the buy-ins and prizes what they won."""

    rows = results(view.tournaments.only(view.player))
    chosen = _chosen_tournaments(view)
    if chosen is not None:
        rows = rows.join(chosen, on=["site", "tournament_id"], how="semi")
    facts = []
    for row in totals(rows).iter_rows(named=True):
        currency = row["currency"] or "no currency"
        facts.append((f"Tournaments ({escape(currency)})", text(row["tournaments"])))
        if row["net"] is not None:
            facts.append((f"Net in {escape(currency)}", signed(row["net"])))
        if row["roi"] is not None:
            facts.append(("ROI", f"{row['roi']:+.1f}%"))
    return facts


def rate_title(unit: str) -> str:
    """A win rate's unit in words, beside its short name."""

    if unit == LIMIT_RATE:
        return "Big bets per 100 hands (BB/100)"
    if unit == BLIND_RATE:
        return "Big blinds per 100 hands (bb/100)"
    return f"Win rate, {unit}"


def stakes_title(row: dict[str, Any]) -> str:
    """``Badugi 5/10, USD``: the game and stakes a row covers, as players name them."""
    stakes = row["stakes"]
    where = "every blind level" if stakes == "every level" else stakes
    return f"{game_title(row['game'])} {where}, {unit_title(row['unit'])}"


def _headline_card(row: dict[str, Any], first: list[tuple[str, str]]) -> str:
    unit = row["unit"]
    limit = row["win_rate_unit"] != "bb/100"
    facts = [*first, ("Hands", text(row["hands"])),
             (rate_title(row["win_rate_unit"]), number(row["win_rate"], "signed")),
             ("Net in big bets" if limit else "Net in big blinds",
              number(row["net_big_bets"] if limit else row["net_bb"], "signed")),
             ("VPIP", _pct(row["vpip"])),
             ("Pre-draw raise", _pct(row["raise_predraw"])),
             ("Went to showdown", _pct(row["went_to_showdown"])),
             ("Won at showdown (W$SD)", _pct(row["won_at_showdown"]))]
    items = "".join(f"<div><dt>{label}</dt><dd>{value}</dd></div>" for label, value in facts)
    net = row["net"]
    return (f'<section class="card"><h3>{escape(stakes_title(row))}</h3>'
            f'<p class="net {tone(net)}">{signed(net)} {escape(unit)}</p><dl>{items}</dl></section>')


def _pct(value: object) -> str:
    return "–" if value is None else number(value, "pct") + "%"


# -- the sections -----------------------------------------------------------------------------

#: Headline cards per player (one per currency, game and stakes, most hands first).
HEADLINE_CARDS = 8
#: Winnings charts drawn per player, one per stakes, most hands first; the per-stakes table
#: lists every stakes.
STAKES_CHARTS = 4


def winnings(view: PlayerView) -> str:
    """Cumulative winnings, all hands and split by showdown, one chart per game and stakes
    of the cash games (money of one stakes is the only sum a player reads as a result). A
    player with cash and tournament hands gets the cash games here: tournaments are
    measured in buy-ins and prizes, in their own section."""
    units = view.data.report("players")["unit"].to_list()
    note = ""
    if TOURNAMENT_UNIT in units and len(units) > 1:
        view = replace(view, filters=replace(view.filters, hand_type="cash"))
        note = ('<p class="meta">Cash games only: tournament results are in money under '
                "Tournaments below.</p>")
    if units == [TOURNAMENT_UNIT]:
        return _chart(view, "winnings", "Winnings in big blinds over hands played, with and "
                      "without showdown")
    groups = view.data.narrowed(replace(view.filters, hand_type="cash")).report("stakes")
    pairs = (groups.group_by("game", "stakes").agg(pl.col("hands").sum(), units=pl.col("unit").sort())
             .sort(["hands", "game", "stakes"], descending=[True, False, False]))
    charts = []
    for row in pairs.head(STAKES_CHARTS).iter_rows(named=True):
        chosen = replace(view.filters, game=row["game"], stakes=row["stakes"], hand_type="cash")
        where = f"{game_title(row['game'])} {row['stakes']}"
        measure = "money"
        if len(row["units"]) > 1:
            # One game and stakes in two currencies (two sites): only big bets add up.
            measure = "big-bets"
            listed = ", ".join(row["units"][:-1]) + " and " + row["units"][-1]
            charts.append(f'<p class="meta">In big bets: {escape(view.player)} played '
                          f"{escape(where)} in {escape(listed)}, which cannot be added up; "
                          "each hand's net is divided by its big bet.</p>")
        else:
            where += f", {unit_title(row['units'][0])}"
        title = f"Winnings at {where}, over hands played, with and without showdown"
        drawn = sum(c.startswith("<figure") for c in charts)
        charts.append(_chart(replace(view, filters=chosen), "winnings", title, measure,
                             f"winnings-{drawn + 1}" if drawn else None))
    if pairs.height > STAKES_CHARTS:
        note += (f'<p class="meta">The {STAKES_CHARTS} stakes with the most hands are drawn; '
                 f"the table Per stakes lists all {pairs.height}.</p>")
    return note + "".join(charts)


STAKES_COLUMNS = [Column("game_title", "Game", "text"), Column("stakes", "Stakes", "text"),
                  Column("unit", "Unit", "text"), Column("hands", "Hands", "int"),
                  Column("net", "Net", "money"), Column("win_rate", "Win rate", "signed"),
                  Column("win_rate_unit", "Win rate in", "text"),
                  Column("vpip", "VPIP %", "pct"), Column("won_at_showdown", "W$SD %", "pct")]


def by_stakes(view: PlayerView) -> str:
    """Results per game and stakes: the win rate in big bets per 100 hands for limit games,
    in big blinds for no-limit and pot-limit; a tournament's blind levels as one row."""
    rows = view.data.report("stakes").pipe(with_game_titles)
    return table(rows, STAKES_COLUMNS, view.anchor("stakes-table"),
                 "Results per stakes (BB/100: big bets won per 100 hands; bb/100: big blinds)")


BY_GAME_RESULTS = [Column("game_title", "Game", "text"), Column("unit", "Unit", "text"),
                   Column("hands", "Hands", "int"), Column("net", "Net", "money"),
                   Column("net_big_bets", "Big bets", "signed"),
                   Column("win_rate", "Win rate", "signed"),
                   Column("win_rate_unit", "Win rate in", "text"),
                   Column("showdown_net", "Net at showdown", "money"),
                   Column("non_showdown_net", "Net without showdown", "money")]
BY_GAME_PLAY = [Column("game_title", "Game", "text"), Column("unit", "Unit", "text"),
                Column("vpip", "VPIP %", "pct"), Column("raise_predraw", "Raise %", "pct"),
                Column("three_bet", "3-bet %", "pct"), Column("af_predraw", "AF pre-draw"),
                Column("af_draw1", "AF 1st draw"), Column("went_to_showdown", "WTSD %", "pct"),
                Column("won_at_showdown", "W$SD %", "pct")]


def by_game(view: PlayerView) -> str:
    """Results, then style of play, per game and unit: two narrow tables, not one wide one."""
    rows = view.data.report("players", ("player", "game", "unit")).pipe(with_game_titles)
    return (table(rows, BY_GAME_RESULTS, view.anchor("games-results"),
                  "Results per game, every stakes of a game together: the win rate in big bets "
                  "(BB/100) or big blinds (bb/100) per 100 hands, which add up across stakes")
            + table(rows, BY_GAME_PLAY, view.anchor("games-play"),
                    "How they play each game (percentages of the hands that gave the chance)"))


POSITION_COLUMNS = [Column("position", "Position", "text"), Column("unit", "Unit", "text"),
                    Column("hands", "Hands", "int"), Column("net", "Net", "money"),
                    Column("win_rate", "Win rate", "signed"),
                    Column("win_rate_unit", "Win rate in", "text")]


def positions(view: PlayerView) -> str:
    rows = view.data.report("positions").with_columns(
        position=pl.col("position").fill_null("sitting out"))
    return (table(rows, POSITION_COLUMNS, view.anchor("positions"),
                  "Results by position, in table order (utg first, the blinds last)")
            + _chart(view, "positions", "Win rate at each position (BB/100 in limit games)"))


DRAWN_COLUMNS = [Column("game_title", "Game", "text"), Column("draw", "Draw", "text"),
                 Column("draws", "Draws", "int"), *[Column(f"drew_{n}", f"{n} card{'s' * (n != 1)}",
                                                           "int") for n in range(6)],
                 Column("pat_pct", "Pat %", "pct")]
MADE_COLUMNS = [Column("game_title", "Game", "text"), Column("draw", "Draw", "text"),
                Column("made_before_n", "Made before", "int"), Column("broken_n", "Broken", "int"),
                Column("broken_pct", "Broken %", "pct"),
                Column("known_after", "Known after", "int"),
                Column("made_after_pct", "Made after %", "pct"), Column("snows", "Snows", "int"),
                Column("facing_pat", "Facing a pat", "int"),
                Column("fold_to_pat", "Fold to pat %", "pct")]
MEANS_COLUMNS = [Column("game_title", "Game", "text"), Column("made_means", "Made means", "text")]
CLASS_COLUMNS = [Column("game_title", "Game", "text"), Column("draw", "Draw", "text"),
                 Column("class", "Hand before the draw", "text"), Column("made", "Made"),
                 Column("draws", "Times", "int"), Column("pat_pct", "Pat %", "pct"),
                 Column("cards", "Cards drawn")]
DRAW_POSITION_COLUMNS = [Column("game_title", "Game", "text"), Column("draw", "Draw", "text"),
                         Column("position", "Position", "text"), Column("draws", "Draws", "int"),
                         Column("cards", "Cards drawn"), Column("pat_pct", "Pat %", "pct")]
DRAW_NAMES = {"draw1": "1st", "draw2": "2nd", "draw3": "3rd"}


def draws(view: PlayerView) -> str:
    """Cards drawn at each draw, then made and broken hands as draw players judge them (with
    what made means in each game), pat and draw per strength class, and draws by position."""
    rows = view.data.report("draws").pipe(with_game_titles).with_columns(
        draw=pl.col("street").replace(DRAW_NAMES))
    # A count nobody drew (five cards in Badugi) is a column of zeros: left out.
    drawn = [c for c in DRAWN_COLUMNS if not c.key.startswith("drew_") or rows[c.key].sum() > 0]
    means = rows.select("game_title", "made_means").unique().sort("game_title")
    classes = view.data.report("draw-classes").pipe(with_game_titles).with_columns(
        draw=pl.col("street").replace(DRAW_NAMES),
        made=pl.when(pl.col("made")).then(pl.lit("made")).otherwise(pl.lit("drawing")))
    placed = view.data.report("draw-positions").pipe(with_game_titles).with_columns(
        draw=pl.col("street").replace(DRAW_NAMES), position=pl.col("position").fill_null("sitting out"))
    return (table(rows, drawn, view.anchor("draws"), "Cards drawn at each draw", "no draws")
            + table(means, MEANS_COLUMNS, view.anchor("made-means"),
                    "What a made hand is in each game (a split game's hand is made when "
                    "either half is)", "no draws")
            + table(rows, MADE_COLUMNS, view.anchor("made"),
                    "Made hands: broken when drawing from a made hand; made after, where the "
                    "cards are known; snows, pat into a showdown with nothing made; fold to "
                    "pat, folding after an opponent stood pat earlier in the draw", "no draws")
            + table(classes, CLASS_COLUMNS, view.anchor("draw-classes"),
                    "Pat or draw, by the hand held before the draw (the player's own cards)",
                    "no hand known before a draw")
            + table(placed, DRAW_POSITION_COLUMNS, view.anchor("draw-positions"),
                    "Draws by position, in table order", "no draws")
            + _chart(view, "draws", "Cards drawn at each draw, and how often pat"))


SHOWDOWN_COLUMNS = [Column("game_title", "Game", "text"), Column("half", "Hand", "text"),
                    Column("class", "Class", "text"), Column("showdowns", "Showdowns", "int"),
                    Column("wsd_pct", "W$SD %", "pct"), Column("held", "Held to the end", "int"),
                    Column("reached_pct", "Reached showdown %", "pct")]


def showdowns(view: PlayerView) -> str:
    """The hands shown down by strength class: how often each won (W$SD per class) and,
    for hands the player's own cards show, how often a class held to the end reached
    showdown."""

    rows = view.showdown_classes().pipe(with_game_titles).with_columns(
        half=pl.col("component").replace_strict(COMPONENT_TITLES, default=pl.col("component")))
    return (table(rows, SHOWDOWN_COLUMNS, view.anchor("showdown-classes"),
                  "Showdowns by strength class, best first", "no hand shown down")
            + _chart(view, "showdowns", "Hands shown down by strength class, won and lost"))


SESSION_COLUMNS = [Column("unit", "Unit", "text"), Column("start", "Start"),
                   Column("end", "End"), Column("minutes", "Minutes", "int"),
                   Column("tables_at_once", "Tables at once", "int"),
                   Column("hands", "Hands", "int"), Column("hands_per_hour", "Hands/hour"),
                   Column("net", "Net", "money"), Column("win_rate", "Win rate", "signed"),
                   Column("win_rate_unit", "Win rate in", "text"),
                   Column("net_per_hour", "Net/hour", "signed")]


def sessions(view: PlayerView) -> str:
    """The player's sessions (hhtools.analytics.sessions: a new one after 30 idle minutes, across
    tables), then the chart of their results."""
    rows = view.sessions().sort("start")
    return (table(rows, SESSION_COLUMNS, view.anchor("sessions-table"),
                  f"Sessions: a new one after {DEFAULT_GAP} idle minutes, at every table "
                  "together (times UTC)", "no hand with a start time")
            + _chart(view, "sessions", "Net of each session"))


SPLIT_COLUMNS = [Column("game_title", "Game", "text"), Column("showdowns", "Showdowns", "int"),
                 Column("scoop_pct", "Scoop %", "pct"),
                 Column("badugi_half_pct", "Badugi half %", "pct"),
                 Column("low_half_pct", "Low half %", "pct")]


def splits(view: PlayerView) -> str | None:
    """Badeucy and Badacey showdowns; left out for a player who played neither."""

    split_games = {g.name for g in GAMES.values() if g.split}
    if not set(view.data.games()) & split_games:
        return None
    rows = view.data.report("splits").pipe(with_game_titles)
    return (table(rows, SPLIT_COLUMNS, view.anchor("splits"), "Split pots at showdown",
                  "no Badeucy or Badacey showdown")
            + _chart(view, "splits", "Badeucy and Badacey: halves won and scoops"))


def tournaments(view: PlayerView) -> str | None:
    """The player's tournaments (hhtools.report.tournaments): totals, one row per tournament
    and the results chart; left out when the player played no tournament hand. With a
    filter (--game, --type cash...), only the tournaments with a hand of the player that
    the filters select: a cash-game report has no tournament."""

    return tournament_section(view.tournaments, view.player,
                              view.anchor("tournaments"), _chosen_tournaments(view)) or None


def _chosen_tournaments(view: PlayerView) -> pl.DataFrame | None:
    """(site, tournament_id) of the tournaments with a hand of the player that the filters
    select; None without a filter (every tournament, those of summary files too)."""

    if replace(view.filters, player=None) == Filters():
        return None
    return view.data.tournaments.select(TOURNAMENT)


#: A player's sections in page order: (id, title, section). The header comes first, always.
SECTIONS: list[tuple[str, str, Callable[[PlayerView], str | None]]] = [
    ("winnings", "Winnings", winnings),
    ("stakes", "Per stakes", by_stakes),
    ("sessions", "Sessions", sessions),
    ("games", "Per game", by_game),
    ("positions", "By position", positions),
    ("draws", "Draws", draws),
    ("showdowns", "Showdowns", showdowns),
    ("splits", "Split pots (Badeucy, Badacey)", splits),
    ("tournaments", "Tournaments", tournaments),
]


def player_part(view: PlayerView) -> str:
    """The player's header and every section that has something to show."""
    parts = [f'<section class="player" id="{view.anchor("player")}">', header(view)]
    # A player known from tournament summary files only: their tournaments, and no empty
    # section for each kind of hand.
    played = view.data.hands.height > 0
    for name, title, section in SECTIONS:
        if not played and name != "tournaments":
            continue
        body = section(view)
        if body is not None:
            parts.append(f'<h3 id="{view.anchor(name)}">{escape(title)}</h3>{body}')
    parts.append("</section>")
    return "\n".join(parts)


def player_view(store: Store, data: PlayerData, tournaments: TournamentTables, number: int,
                made: dict[str, pl.DataFrame] | None = None,
                earlier: dict[str, pl.DataFrame] | None = None) -> PlayerView:
    """The view of ``data``'s player; ``made``: what an earlier view of the same figures
    made (``PlayerView.made``), not made again; ``earlier``: what a view of the hands
    before ``data.since`` made, made again only where the hands after change it."""
    return PlayerView(store, data, tournaments, data.filters, number, dict(made or {}),
                      dict(earlier or {}))


def _chart_data(view: PlayerView, kind: str, measure: str) -> pl.DataFrame:
    """What chart ``kind`` draws of the hands ``view.filters`` select (``charts.chart_data``
    of the player's tables)."""
    data = view.chosen
    if kind == "winnings":
        df = data.winnings(measure)
    elif kind == "sessions":
        df = view.sessions()
    elif kind == "showdowns":
        df = view.showdown_classes()
    else:
        df = data.report(CHART_REPORTS[kind])
    return checked_data(kind, df, view.filters)


#: The report each chart of a report draws (hhtools.report.charts.CHARTS).
CHART_REPORTS = {"draws": "draws", "positions": "positions", "splits": "splits"}
