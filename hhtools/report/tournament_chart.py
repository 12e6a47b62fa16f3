"""The tournament results chart (``hhtools chart --kind tournaments``): a player's cumulative
profit in money over the tournaments played, in order of start time, with each tournament's
own result as a bar. A pure function of ``hhtools.analytics.tournaments.profit_curve``, drawn as
hhtools.report.charts draws (no pyplot state, matplotlib imported when drawing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import polars as pl

from hhtools.analytics.tournaments import TournamentTables, check_player, profit_curve, results
from hhtools.core.games import game_titles
from hhtools.errors import NoDataError
from hhtools.report.charts import (
    LOST,
    TOTAL,
    WON,
    _figure,
    _signed,
    bars,
    line_columns,
    pixel_points,
)
from hhtools.store.store import Store

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def tournament_results_chart(df: pl.DataFrame | list[pl.DataFrame], player: str) -> Figure:
    """Cumulative net after each tournament (line ``gid`` ``cumulative``) and each
    tournament's net (bars ``gid`` ``net``, green with a prize, red without). ``df`` is
    ``profit_curve`` of ``player``, or a list of them, one per currency: one panel each, as
    money of two currencies is not added up."""
    curves = [c for c in (df if isinstance(df, list) else [df]) if c.height]
    if not curves:
        raise NoDataError(f"no tournament of {player} with a known result: nothing to draw")
    fig = _figure(8.0, 4.5 if len(curves) == 1 else 3.6 * len(curves) + 0.6)
    for ax, curve in zip(fig.subplots(len(curves), 1, squeeze=False)[:, 0], curves):
        _draw(ax, curve, player, line_columns(fig))
    return fig


def _draw(ax: Axes, df: pl.DataFrame, player: str, columns: int) -> None:
    x = df["number"].to_list()
    # Decimal -> float only as plotting coordinates: the sums were made exactly.
    nets = [float(v) for v in df["net"].to_list()]
    prizes = df["prize"].to_list()
    # One bar series per colour, so that the legend names each colour drawn.
    for paid, colour, label in ((True, WON, "A tournament with a prize"),
                                (False, LOST, "A tournament without a prize")):
        chosen = [i for i, p in enumerate(prizes) if bool(p) == paid]
        if chosen:
            bars(ax, [x[i] for i in chosen], [nets[i] for i in chosen], colour,
                 "net" if paid else "net-no-prize", label, alpha=0.45)
    total = df["cumulative"][-1]
    # From 0 before the first tournament: one tournament is a line, not a lone point; drawn
    # from the points its pixels show, as the winnings line is.
    xs, ys = pixel_points(np.array([0, *x]),
                          np.array([0.0, *(float(v) for v in df["cumulative"].to_list())]), columns)
    ax.plot(xs, ys, color=TOTAL, linewidth=2.2, marker="o" if len(x) <= 30 else None, markersize=3,
            markevery=slice(1, None), gid="cumulative", label=f"Cumulative net ({_signed(total)})")
    ax.axhline(0, color="#888888", linewidth=0.8)
    cost = sum(df["cost"].to_list())
    roi = f", ROI {100 * total / cost:+.1f}%" if cost else ""
    unit = df["currency"][0] or "no currency"
    where = ", ".join(df["scope"].unique().sort().to_list()) if "scope" in df.columns else ""
    ax.set_title(f"Tournament results of {player} in {unit}: {len(x)} "
                 f"tournament{'s' * (len(x) != 1)}{roi}" + (f"\n{where} tournaments" if where else ""))
    ax.set_xlabel("Tournaments, in order of start")
    ax.set_ylabel(f"Net won ({unit})")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    if len(x) <= 20:
        ax.set_xticks([0, *x])


def tournament_chart(store: Store, player: str) -> Figure:
    """The tournament results chart of ``player`` (checked as ``hhtools tournaments`` checks
    it) from ``store``."""

    store = store.snapshot()
    tables = TournamentTables.load(store)
    known = store.read_columns("players", ["player"])["player"].unique().to_list()
    name = check_player(tables, player, known)
    rows = results(tables.only(name))
    # Each panel's title names the sites and games of its tournaments.
    scope = rows.group_by("currency").agg(sites=pl.col("site").unique().sort(),
                                          games=pl.col("game").drop_nulls().unique().sort())
    currencies = rows["currency"].unique().sort(nulls_last=True).to_list()
    curves = []
    for c in currencies:
        found = scope.filter(pl.col("currency").eq_missing(c)).row(0, named=True)
        games = sorted({t for g in found["games"] for t in (game_titles(g) or "").split(", ")})
        where = f"{', '.join(found['sites'])}: {', '.join(games) or 'game not named'}"
        curve = profit_curve(rows.filter(pl.col("currency").eq_missing(c)), name)
        curves.append(curve.with_columns(scope=pl.lit(where, pl.String)))
    return tournament_results_chart(curves, name)
