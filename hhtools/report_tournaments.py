"""The tournament section of the HTML report: a player's totals, their tournaments one per row
and the tournament results chart, as an HTML fragment built with the report's own escaping
and tables (hhtools.report: every text escaped, charts as ``data:`` PNG images, no script).

``tournament_section(tables, player)`` is a pure function of the store's tournament tables
(``hhtools.tournaments.TournamentTables``); ``tournament_section_of(store, player)`` reads
them first.
"""

from __future__ import annotations

from html import escape

import polars as pl

from hhtools.errors import HHToolsError
from hhtools.store import Store
from hhtools.tournaments import TournamentTables, profit_curve, results, shown, totals, unread
from hhtools.words import plural

TITLE = "Tournament results: cumulative net over tournaments, in order of start"


def tournament_section(t: TournamentTables, player: str | None = None) -> str:
    """The section's HTML (``<h2 id="tournaments">`` and what follows), or "" when there is no
    tournament hand (of ``player``, spelled as stored, when given): with a player, their
    totals, one row per tournament and the chart; without, every player's totals."""
    from hhtools.report import figure_png, html_table

    rows = results(t.only(player))
    if rows.height == 0:
        return ""
    who = f" of {player}" if player else ""
    parts = [f'<h2 id="tournaments">Tournaments{escape(who)}</h2>',
             "<p>Money per currency; cost is buy-in + bounty + fee as the header prints them. "
             "A result is known when the histories print the finish; the others are counted "
             "as unknown (their prize and net left blank) and left out of the totals' money, "
             "ROI and in-the-money %.</p>"]
    summed = totals(rows)
    if player:
        summed = summed.drop("player")
    parts.append(html_table(summed, "tournaments-totals", "Totals"))
    if player:
        table = shown(rows).select("tournament_id", "started", "game", "buy_in", "finish",
                                   "prize", "net", "hands")
        parts.append(html_table(table, "tournaments-results", "Each tournament"))
        parts.append(_chart(rows, player, figure_png))
    else:
        parts.append('<p class="meta">--player shows one player\'s tournaments and chart.</p>')
    if count := unread(t):
        parts.append(f'<p class="no-data">{plural(count, "tournament")} stored by an hhtools '
                     "older than the tournaments table: buy-ins and finishes unknown; import "
                     "those files into a new store to read them.</p>")
    return "\n".join(parts)


def _chart(rows: pl.DataFrame, player: str, figure_png) -> str:
    from hhtools.tournament_chart import tournament_results_chart

    try:
        fig = tournament_results_chart(profit_curve(rows, player), player)
    except HHToolsError as exc:  # no known result, or several currencies
        return (f'<figure id="chart-tournaments"><p class="no-data">{escape(str(exc))}</p>'
                f"<figcaption>{escape(TITLE)}</figcaption></figure>")
    return (f'<figure id="chart-tournaments"><img class="chart" alt="{escape(TITLE)}: '
            f'{escape(player)}" src="data:image/png;base64,{figure_png(fig)}">'
            f"<figcaption>{escape(TITLE)}</figcaption></figure>")


def tournament_section_of(store: Store, player: str | None = None) -> str:
    """``tournament_section`` of the tables read from ``store``."""
    return tournament_section(TournamentTables.load(store), player)
