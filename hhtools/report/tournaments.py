"""The tournament section of the HTML report: a player's totals, their tournaments one per row
and the tournament results chart, built with the report's own tables and figures
(hhtools.report.html: every text escaped, charts as ``data:`` PNG images, no script).

``tournament_section(tables, player)`` is a pure function of the store's tournament tables
(``hhtools.analytics.tournaments.TournamentTables``); the report reads those once for the page.
"""

from __future__ import annotations

import polars as pl

from hhtools.analytics.tournaments import (
    TournamentTables,
    profit_curve,
    results,
    shown,
    totals,
    unread,
)
from hhtools.core.words import plural
from hhtools.errors import HHToolsError
from hhtools.report.html import Column, figure, table
from hhtools.report.tournament_chart import tournament_results_chart

TITLE = "Tournament results: cumulative net over tournaments, in order of start"

TOTALS = [Column("currency", "Currency", "text"), Column("tournaments", "Tournaments", "int"),
          Column("unknown", "Result unknown", "int"), Column("cost", "Buy-ins", "num"),
          Column("prizes", "Prizes", "num"), Column("net", "Net", "money"),
          Column("roi", "ROI %", "pct"), Column("itm", "ITM %", "pct"),
          Column("wins", "Wins", "int"), Column("best", "Best place", "int")]
#: The rows of a player's tournament list: the most recent, as a tracker shows a session.
LATEST = 25
EACH = [Column("tournament_id", "Tournament", "text"), Column("started", "Started (UTC)", "text"),
        Column("game", "Game", "text"), Column("buy_in", "Buy-in", "text"),
        Column("finish", "Finish", "text"), Column("prize", "Prize", "num"),
        Column("net", "Net", "money"), Column("hands", "Hands", "int")]


def tournament_section(t: TournamentTables, player: str | None = None,
                       anchor: str = "tournaments", chosen: pl.DataFrame | None = None) -> str:
    """The section's HTML, or "" when there is no tournament hand (of ``player``, spelled as
    stored, when given): with a player, their totals, one row per tournament and the chart;
    without, every player's totals. Element ids start with ``anchor``. ``chosen`` (site,
    tournament_id) keeps only those tournaments (the report's filters chose their hands)."""
    rows = results(t.only(player))
    if chosen is not None:
        rows = rows.join(chosen, on=["site", "tournament_id"], how="semi")
    if rows.height == 0:
        return ""
    parts = ["<p>Money per currency; buy-ins are buy-in + bounty + fee as the header prints "
             "them. A result is known when the histories or a tournament summary print the "
             "finish; the others are counted as unknown (prize and net left blank) and left "
             "out of the totals' money, ROI and in-the-money %.</p>"]
    if chosen is not None:
        parts.append('<p class="meta">Only the tournaments with a hand the filters select.</p>')
    columns = TOTALS if player else [Column("player", "Player", "text"), *TOTALS]
    parts.append(table(totals(rows), columns, f"{anchor}-totals", "Totals"))
    if player:
        each, caption = shown(rows), "Each tournament, in order of start"
        if each.height > LATEST:
            caption = (f"The last {LATEST} of {each.height} tournaments, in order of start "
                       "(hhtools tournaments --player lists them all; the totals count them all)")
            each = each.tail(LATEST)
        parts.append(table(each, EACH, f"{anchor}-results", caption))
        parts.append(_charts(rows, player, anchor))
    else:
        parts.append('<p class="meta">--player shows one player\'s tournaments and chart.</p>')
    if count := unread(t):
        parts.append(f'<p class="no-data">{plural(count, "tournament")} stored by an hhtools '
                     "older than the tournaments table: buy-ins and finishes unknown; import "
                     "those files into a new store to read them.</p>")
    return "\n".join(parts)


def _charts(rows: pl.DataFrame, player: str, anchor: str) -> str:
    """The results chart, one per currency: money of two currencies is not added up."""
    currencies = rows.filter(pl.col("player") == player)["currency"].unique().sort(
        nulls_last=True).to_list()
    if len(currencies) <= 1:
        return _chart(rows, player, f"{anchor}-chart", TITLE)
    return "\n".join(_chart(rows.filter(pl.col("currency").eq_missing(currency)), player,
                            f"{anchor}-chart-{i}", f"{TITLE}, in {currency or 'no currency'}")
                     for i, currency in enumerate(currencies, 1))


def _chart(rows: pl.DataFrame, player: str, figure_id: str, title: str) -> str:

    try:
        fig = tournament_results_chart(profit_curve(rows, player), player)
    except HHToolsError as exc:  # no known result
        return figure(figure_id, title, "", missing=str(exc))
    return figure(figure_id, title, f"{title}: {player}", fig)
