"""Charts: each a pure function from a polars DataFrame (hhtools.analytics.chartdata) to a matplotlib Figure.

Nothing here writes a file or touches pyplot's global state: figures are built with
``matplotlib.figure.Figure`` directly (rendered by the Agg or SVG canvas when saved), and the
caller saves them. matplotlib is imported inside the functions so that ``hhtools --help`` and
the other commands do not pay for it. A chart given no rows raises NoDataError instead of
drawing an empty frame. Money arrives as Decimal; it becomes float only as a plotting
coordinate, after every sum has been made exactly.

``chart(tables, kind, filters)`` builds the data and the figure in one call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import polars as pl

from hhtools.analytics.chartdata import (
    draw_pattern,
    no_data,
    position_results,
    scope,
    session_results,
    showdown_classes,
    split_results,
    winnings_series,
)
from hhtools.analytics.stats import Filters, Tables, check_filters
from hhtools.core.games import get_game
from hhtools.errors import NoDataError, unknown_name

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.container import BarContainer
    from matplotlib.figure import Figure

# The colours players know from Hold'em Manager: green all hands, blue showdown, red non-showdown.
TOTAL, SHOWDOWN, NON_SHOWDOWN = "#2e8b3a", "#1f5fbf", "#d62728"
WON, LOST = "#2e8b3a", "#d62728"
COMPONENT_TITLES = {"badugi": "Badugi", "badugi-ace-high": "Badugi (ace high)", "2-7": "2-7 low",
                    "a-5": "A-5 low", "high": "High hand"}
STREET_TITLES = {"draw1": "1st draw", "draw2": "2nd draw", "draw3": "3rd draw"}


def _figure(width: float = 8.0, height: float = 4.5) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def _require(df: pl.DataFrame, what: str) -> None:
    if df.height == 0:
        raise NoDataError(f"no {what}: nothing to draw")


def _signed(value: float) -> str:
    return f"{value:+,.2f}"


def _titled(title: str, where: str) -> str:
    """A chart's title over the line naming its scope (sites, games, stakes, cash or
    tournament: hhtools.analytics.chartdata.scope), when known."""
    return f"{title}\n{where}" if where else title


def _sign_legend(ax: Axes, values: list[float]) -> None:
    """A legend naming the colours a won/lost bar chart used, and only those."""
    from matplotlib.patches import Patch

    handles = [Patch(color=colour, label=label) for colour, label, used in (
        (WON, "won (0 or more)", any(v >= 0 for v in values)),
        (LOST, "lost", any(v < 0 for v in values))) if used]
    ax.legend(handles=handles, loc="best", fontsize=8)


def bars(ax: Axes, x: Sequence[float], heights: Sequence[float], colours: str | Sequence[str],
         gid: str, label: str | None = None, alpha: float | None = None) -> BarContainer:
    """What ``ax.bar(x, heights, color=colours, gid=gid, label=label, alpha=alpha)`` draws and
    returns: a Rectangle 0.8 wide centred on each x, from 0 up or down to its height, with no
    edge, stuck at 0 when the view is autoscaled, in a BarContainer (for ``bar_label`` and
    the legend, which names it ``label``). ``Axes.bar`` adds the bars one by one, measuring
    each one's outline for the data limits (about 0.4 ms a bar); here the limits take every
    corner at once. That was most of the time of a chart of a bar a session or a tournament:
    hundreds of bars, a thousand on a million hands (issue P19). The picture is the same
    pixel for pixel (tests/report/test_charts.py)."""
    from matplotlib.container import BarContainer
    from matplotlib.patches import Rectangle

    left = np.asarray(x, dtype=float) - 0.4
    top = np.asarray(heights, dtype=float)
    fill = [colours] * len(top) if isinstance(colours, str) else colours
    patches = []
    for start, height, colour in zip(left.tolist(), top.tolist(), fill):
        bar = Rectangle((start, 0.0), 0.8, height, facecolor=colour, label="_nolegend_", gid=gid,
                        alpha=alpha)
        bar.sticky_edges.y.append(0.0)
        ax.add_artist(bar)
        patches.append(bar)
    if patches:
        ax.update_datalim(np.column_stack([np.concatenate([left, left + 0.8]),
                                           np.concatenate([top, np.zeros_like(top)])]))
    # The view follows the new limits when next drawn, as after ax.bar (None, documented,
    # leaves autoscaling on or off as it was; the stubs allow only a bool).
    ax.autoscale(enable=None)  # type: ignore[arg-type]
    container = BarContainer(patches, datavalues=top.tolist(), orientation="vertical",
                             label=label)
    ax.add_container(container)
    return container


#: Slices of a pixel column of the figure that ``pixel_points`` keeps a line's extremes of.
COLUMN_PARTS = 4


def pixel_points(x: np.ndarray, y: np.ndarray, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """The points of the line through ``(x, y)`` (``x`` ascending) that a picture
    ``columns`` slices wide can show: in each slice of the x range, the first, lowest,
    highest and last point, in their order; every point when there are no more than four a
    slice. A slice narrower than a pixel column holds a stretch of line that is drawn as
    one vertical run from its lowest to its highest point, entered at its first and left at
    its last: those four points draw it the same. A million hands' line is drawn from a few
    thousand points, which is what rendering it costs (issue P19: a report in seconds)."""
    n = len(x)
    if n <= 4 * columns:
        return x, y
    span = float(x[-1] - x[0]) or 1.0
    part = np.minimum(((x - x[0]) * (columns / span)).astype(np.int64), columns - 1)
    starts = np.flatnonzero(np.diff(part, prepend=-1))
    ends = np.append(starts[1:] - 1, n - 1)
    # Sorted by slice then height: each slice's lowest point comes first, its highest last.
    order = np.lexsort((y, part))
    keep = np.unique(np.concatenate([starts, ends, order[starts], order[ends]]))
    return x[keep], y[keep]


def line_columns(fig: Figure) -> int:
    """The slices of ``fig``'s width that ``pixel_points`` keeps its lines' points in."""
    return round(fig.get_figwidth() * fig.dpi) * COLUMN_PARTS


def winnings_chart(df: pl.DataFrame, where: str = "") -> Figure:
    """Cumulative net over hands played, with the showdown and non-showdown lines.

    ``df`` is ``winnings_series``: the lines are its ``total``, ``showdown_total`` and
    ``non_showdown_total`` columns against ``hand``; each line has a ``gid`` (``total``,
    ``showdown``, ``non_showdown``) so that tests can read back exactly what was drawn.
    """
    _require(df, "hands")
    player, unit = df["player"][0], df["unit"][0]
    fig = _figure()
    ax = fig.add_subplot()
    # Every line starts at 0 before the first hand, as trackers draw it: one hand is a line,
    # not a lone point.
    x = np.concatenate([[0], df["hand"].to_numpy()])
    last = df.row(-1, named=True)
    columns = line_columns(fig)
    for column, gid, label, colour, width in (
            ("total", "total", "All hands", TOTAL, 2.2),
            ("showdown_total", "showdown", "Won at showdown", SHOWDOWN, 1.4),
            ("non_showdown_total", "non_showdown", "Won without showdown", NON_SHOWDOWN, 1.4)):
        # Decimal -> float here only: the running totals were summed exactly in chartdata.
        # (polars' cast gives each decimal's nearest float, as float() of it: a Python
        # object a hand would cost more than the chart.)
        y = np.concatenate([[0.0], df[column].cast(pl.Float64).to_numpy()])
        xs, ys = pixel_points(x, y, columns)
        # The total is drawn over the others: it often coincides with one of them.
        ax.plot(xs, ys, color=colour, linewidth=width, gid=gid, zorder=3 if gid == "total" else 2,
                        label=f"{label} ({_signed(last[column])})",
                        marker="o" if len(x) <= 31 else None, markersize=3,
                        markevery=slice(1, None))
    ax.axhline(0, color="#888888", linewidth=0.8)
    hands = df.height
    ax.set_title(_titled(f"Winnings of {player}: {hands:,} hand{'s' * (hands != 1)}", where))
    ax.set_xlabel("Hands played")
    ax.set_ylabel(f"Net won ({unit})")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    if hands <= 10:
        ax.set_xticks(x)
    return fig


def draws_chart(df: pl.DataFrame, where: str = "") -> Figure:
    """Per game, stacked bars: the share of draws taking 0, 1, ... 5 cards at each draw round,
    with the pat rate and the number of draws written over each bar. ``df`` is ``draw_stats``
    for one player."""
    _require(df, "draws")
    from matplotlib import colormaps

    games = df["game"].unique(maintain_order=True).to_list()
    player = df["player"][0]
    fig = _figure(max(6.5, 4.2 * len(games) + 1.5), 4.5)
    axes = fig.subplots(1, len(games), squeeze=False)[0]
    colours = colormaps["viridis"].resampled(6)
    # The same counts in every panel, so that the one legend names every colour drawn.
    present = [n for n in range(6) if df[f"drew_{n}"].sum() > 0]
    for ax, game in zip(axes, games):
        rows = df.filter(pl.col("game") == game).sort("street")
        streets = [STREET_TITLES.get(s, s) for s in rows["street"].to_list()]
        draws = rows["draws"].to_list()
        bottom = [0.0] * rows.height
        for n in present:
            counts = rows[f"drew_{n}"].to_list()
            share = [100 * c / d if d else 0.0 for c, d in zip(counts, draws)]
            ax.bar(streets, share, bottom=bottom, color=colours(n), gid=f"drew_{n}",
                   label="pat (0 cards)" if n == 0 else f"{n} card{'s' * (n != 1)}")
            bottom = [b + s for b, s in zip(bottom, share)]
        for i, (pat, d) in enumerate(zip(rows["pat_pct"].to_list(), draws)):
            ax.text(i, 102, f"pat {pat:.0f}%\n{d} draw{'s' * (d != 1)}", ha="center",
                    va="bottom", fontsize=8)

        ax.set_title(get_game(game).title)
        ax.set_ylim(0, 125)
        ax.set_yticks(range(0, 101, 20))
        ax.set_ylabel("Share of draws (%)")
        ax.set_xlabel("Draw round")
    axes[-1].legend(title="Cards drawn", loc="center left", bbox_to_anchor=(1.02, 0.5))
    fig.suptitle(_titled(f"How {player} draws: cards drawn per draw round", where))
    return fig


def positions_chart(df: pl.DataFrame, where: str = "") -> Figure:
    """The win rate at each position in table order (utg first, the blinds last), one panel
    per money unit: in big bets per 100 hands for limit games, big blinds for the others.
    The bar's height, its colour (won or lost) and its label are the same one figure; the
    hands played are under each position. ``df`` is ``position_stats`` for one player."""
    _require(df, "hands")
    units = df["unit"].unique(maintain_order=True).to_list()
    player = df["player"][0]
    fig = _figure(8.0, 3.6 * len(units) + 0.9)
    axes = fig.subplots(len(units), 1, squeeze=False)[:, 0]
    for ax, unit in zip(axes, units):
        rows = df.filter(pl.col("unit") == unit)
        values = [v or 0.0 for v in rows["win_rate"].to_list()]
        rates = rows["win_rate_unit"].unique().to_list()
        rate = rates[0] if len(rates) == 1 else "per 100 hands"
        # A player sitting out who still posts (a tournament's blinds) has no position.
        positions = [f"{p or 'sitting out'}\n{h:,} hand{'s' * (h != 1)}"
                     for p, h in zip(rows["position"].to_list(), rows["hands"].to_list())]
        bars = ax.bar(positions, values, gid=f"win_rate {unit}",
                      color=[WON if v >= 0 else LOST for v in values])
        ax.bar_label(bars, labels=[_signed(v) for v in values], fontsize=8, padding=2)
        ax.axhline(0, color="#888888", linewidth=0.8)
        ax.margins(y=0.25)
        ax.tick_params(axis="x", labelsize=8)
        ax.set_ylabel(rate)
        ax.set_title(f"In {unit}: {_RATE_WORDS.get(rate, rate)} at each position")
        _sign_legend(ax, values)
    fig.suptitle(_titled(f"Results of {player} by position", where))
    return fig


_RATE_WORDS = {"BB/100": "big bets won per 100 hands (BB/100)",
               "bb/100": "big blinds won per 100 hands (bb/100)"}


def showdowns_chart(df: pl.DataFrame, where: str = "") -> Figure:
    """Per game and component, the hands shown down in each strength class (hhtools.analytics.classes,
    best first): won stacked over lost, with the class's W$SD written beside it. ``df`` is
    ``showdown_classes``."""
    df = df.filter(pl.col("showdowns") > 0)
    _require(df, "hands shown down")

    panels = df.select("game", "component").unique(maintain_order=True).rows()
    player = df["player"][0]
    tallest = max(df.group_by("game", "component").len()["len"].to_list())
    fig = _figure(max(6.5, 4.4 * len(panels) + 1), max(3.2, 1.6 + 0.32 * tallest))
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    for ax, (game, component) in zip(axes, panels):
        rows = df.filter((pl.col("game") == game) & (pl.col("component") == component))
        labels = rows["class"].to_list()
        won = rows["won"].to_list()
        lost = [n - w for n, w in zip(rows["showdowns"].to_list(), won)]
        y = list(range(len(labels)))
        ax.barh(y, won, color=WON, label="won", gid=f"won {game} {component}")
        ax.barh(y, lost, left=won, color=LOST, label="lost", gid=f"lost {game} {component}")
        for i, (n, pct) in enumerate(zip(rows["showdowns"].to_list(), rows["wsd_pct"].to_list())):
            ax.text(n, i, f"  {pct:.0f}% of {n}", va="center", fontsize=8)
        ax.set_yticks(y, labels, fontsize=8)
        ax.invert_yaxis()
        ax.margins(x=0.35)
        name = get_game(game).title
        half = COMPONENT_TITLES.get(component, component)
        ax.set_title(name if len(get_game(game).components) == 1 else f"{name}: {half}",
                     fontsize=10)
        ax.set_xlabel("Hands shown down (W$SD of the class beside)")
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.legend(loc="lower right", fontsize=8)
    fig.suptitle(_titled(f"Hands {player} showed down, by strength class", where))
    return fig


def sessions_chart(df: pl.DataFrame, where: str = "") -> Figure:
    """The net of each session in order played, one panel per money unit: bar height, colour
    and label are the session's net. ``df`` is ``hhtools.analytics.sessions.sessions`` of one player."""
    _require(df, "sessions")
    units = df["unit"].unique(maintain_order=True).to_list()
    player = df["player"][0]
    fig = _figure(8.0, 3.4 * len(units) + 0.9)
    axes = fig.subplots(len(units), 1, squeeze=False)[:, 0]
    for ax, unit in zip(axes, units):
        rows = df.filter(pl.col("unit") == unit).sort("start")
        # Decimal -> float as a coordinate only: each session's net was summed exactly.
        values = [float(v) for v in rows["net"].to_list()]
        names = [f"{s:%m-%d}\n{h:,} h" for s, h in zip(rows["start"].to_list(),
                                                         rows["hands"].to_list())]
        drawn = bars(ax, range(len(values)), values, [WON if v >= 0 else LOST for v in values],
                     f"sessions {unit}")
        if len(values) <= 16:
            ax.bar_label(drawn, labels=[_signed(v) for v in values], fontsize=8, padding=2)
            ax.set_xticks(range(len(values)), names, fontsize=8)
        ax.axhline(0, color="#888888", linewidth=0.8)
        ax.margins(y=0.25)
        ax.set_xlim(-0.6, max(len(values), 5) - 0.4)  # a lone session is not a wall of colour
        ax.set_ylabel(f"Net won ({unit})")
        ax.set_xlabel("Sessions in order played (start day, hands)")
        ax.set_title(f"In {unit}: {len(values)} session{'s' * (len(values) != 1)}")
        _sign_legend(ax, values)
    fig.suptitle(_titled(f"Sessions of {player}: net per session", where))
    return fig


def splits_chart(df: pl.DataFrame, where: str = "") -> Figure:
    """Badeucy and Badacey showdowns: % scooped, % of Badugi halves and low halves won, per
    game. ``df`` is ``split_stats`` for one player."""
    df = df.filter(pl.col("showdowns") > 0)
    _require(df, "Badeucy or Badacey showdowns")

    player = df["player"][0]
    fig = _figure(max(6.0, 3.0 * df.height + 2), 4.5)
    ax = fig.add_subplot()
    games = df["game"].to_list()
    width = 0.26
    for i, (column, label, colour) in enumerate((
            ("scoop_pct", "Scooped (both halves)", "#6a3d9a"),
            ("badugi_half_pct", "Badugi half won", "#1f5fbf"),
            ("low_half_pct", "Low half won", "#ff7f0e"))):
        values = [v or 0.0 for v in df[column].to_list()]
        bars = ax.bar([g + (i - 1) * width for g in range(len(games))], values, width,
                      label=label, color=colour, gid=column)
        ax.bar_label(bars, labels=[f"{v:.0f}%" for v in values], fontsize=8)
    ax.set_xticks(range(len(games)),
                  [f"{get_game(g).title}\n{n} showdown{'s' * (n != 1)}"
                   for g, n in zip(games, df["showdowns"].to_list())])
    ax.set_xlim(-0.6, len(games) - 0.4)
    ax.set_ylim(0, 115)
    ax.set_ylabel("Share of showdowns (%)")
    ax.set_title(_titled(f"Split pots of {player}: halves won and scoops", where))
    ax.legend(loc="upper right")
    return fig


#: kind -> (data function, chart function, what is missing when there are no rows)
CHARTS: dict[str, tuple[Callable[..., pl.DataFrame], Callable[..., Figure], str]] = {
    "winnings": (winnings_series, winnings_chart, "hands"),
    "draws": (draw_pattern, draws_chart, "draws"),
    "positions": (position_results, positions_chart, "hands"),
    "showdowns": (showdown_classes, showdowns_chart, "hands shown down with known cards"),
    "splits": (split_results, splits_chart, "Badeucy or Badacey showdowns"),
    "sessions": (session_results, sessions_chart, "sessions"),
}


def chart_data(t: Tables, kind: str, filters: Filters, measure: str = "money") -> pl.DataFrame:
    """The DataFrame chart ``kind`` draws; NoDataError (naming the player) when it is empty."""

    if kind not in CHARTS:
        raise unknown_name("chart", kind, CHARTS)
    filters = check_filters(filters, t.player_names())
    data = CHARTS[kind][0]
    df = data(t, filters, measure) if kind == "winnings" else data(t, filters)
    return checked_data(kind, df, filters)


def checked_data(kind: str, df: pl.DataFrame, filters: Filters) -> pl.DataFrame:
    """``df``, the data of chart ``kind`` for ``filters`` (checked), as the chart draws it;
    NoDataError (naming the player) when it is empty."""
    if kind in ("splits", "showdowns"):
        df = df.filter(pl.col("showdowns") > 0)
    if df.height == 0:
        raise no_data(CHARTS[kind][2], filters)
    return df


def draw(kind: str, df: pl.DataFrame, where: str) -> Figure:
    """Chart ``kind`` of its data ``df`` (``checked_data``), titled with its scope ``where``."""
    return CHARTS[kind][1](df, where)


def chart(t: Tables, kind: str, filters: Filters, measure: str = "money") -> Figure:
    """Chart ``kind`` (``winnings``, ``draws``, ``positions``, ``showdowns``, ``splits``,
    ``sessions``) for ``filters.player``, titled with its scope (``scope``)."""
    df = chart_data(t, kind, filters, measure)  # refuses an unknown kind first

    return draw(kind, df, scope(t, check_filters(filters, t.player_names())))
