"""Charts check the data they draw, read back from the figures, never pixels.

The store holds tests/data/stats (three hands worked by hand, see test_stats.py) and
tests/data/report (two hands of a player named ``<script>alert(1)</script>``; the second one's
history gives the pot to the wrong player). Alice's nets, in order: +2.15 (showdown), -0.25
(no showdown), +0.45 (showdown).
"""

import base64
import io
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.analytics.chartdata import NoDataError, showdown_strength, winnings_series
from hhtools.analytics.stats import Filters, Tables, player_stats
from hhtools.cli.main import app
from hhtools.errors import HHToolsError, UsageError
from hhtools.report.charts import chart, chart_data
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("db"))
    summary = import_paths([DATA / "stats", DATA / "report"], store)
    assert (summary.hands_new, summary.rejected) == (5, 0)
    return store


@pytest.fixture(scope="module")
def tables(db):
    return Tables.load(db)


def lines(fig):
    return {line.get_gid(): line for ax in fig.axes for line in ax.get_lines() if line.get_gid()}


def test_winnings_line_is_the_cumulative_net_from_the_store(db, tables):
    players = db.read("players").filter(pl.col("player") == "Alice")
    hands = db.read("hands").select("site", "hand_id", "started_at")
    nets = players.join(hands, on=["site", "hand_id"]).sort("started_at")["net"].to_list()
    expected, running = [], Decimal(0)
    for net in nets:
        running += net
        expected.append(running)
    series = winnings_series(tables, Filters(player="Alice"))
    assert series["total"].to_list() == expected == [Decimal("2.15"), Decimal("1.90"), Decimal("2.35")]
    drawn = lines(chart(tables, "winnings", Filters(player="Alice")))
    # From 0 before the first hand, as trackers draw it (one hand is a line, not a point).
    assert list(drawn["total"].get_xdata()) == [0, 1, 2, 3]
    assert list(drawn["total"].get_ydata()) == [0.0] + [float(v) for v in expected]


def test_showdown_and_non_showdown_lines_add_up_to_the_total(tables):
    series = winnings_series(tables, Filters(player="Alice"))
    # Hands 1 and 3 went to showdown, hand 2 did not: judged against the other players even
    # though only Alice is selected.
    assert series["showdown"].to_list() == [True, False, True]
    assert series["showdown_total"].to_list() == [Decimal("2.15"), Decimal("2.15"), Decimal("2.60")]
    assert series["non_showdown_total"].to_list() == [Decimal(0), Decimal("-0.25"), Decimal("-0.25")]
    for row in series.iter_rows(named=True):
        assert row["showdown_total"] + row["non_showdown_total"] == row["total"]
    drawn = lines(chart(tables, "winnings", Filters(player="Alice")))
    for a, b, total in zip(drawn["showdown"].get_ydata(), drawn["non_showdown"].get_ydata(),
                           drawn["total"].get_ydata()):
        assert a + b == pytest.approx(total)


def test_player_filter_keeps_showdowns_and_three_bets(tables):
    # Filtering on one player must not hide the others who made it a showdown or a 3-bet.
    alone = player_stats(tables, Filters(player="Carol")).row(0, named=True)
    everyone = player_stats(tables).filter(pl.col("player") == "Carol").row(0, named=True)
    for column in ("went_to_showdown", "won_at_showdown", "showdown_net", "three_bet"):
        assert alone[column] == everyone[column], column
    assert player_stats(tables, Filters(player="Alice"))["showdown_net"].to_list() == [Decimal("2.60")]


def test_winnings_in_big_bets(tables):
    series = winnings_series(tables, Filters(player="Alice"), "big-bets")
    # Big bet 0.50: 2.35 is 4.7 big bets.
    assert series["total"].to_list()[-1] == Decimal("4.7")
    fig = chart(tables, "winnings", Filters(player="Alice"), "big-bets")
    assert fig.axes[0].get_ylabel() == "Net won (big bets)"
    assert "Alice" in fig.axes[0].get_title()


def test_money_of_several_units_is_refused(tmp_path):
    store = Store(tmp_path)
    import_paths([DATA / "stats"], store)
    tables = Tables.load(store)
    usd = tables.hands
    chips = usd.with_columns(hand_id=pl.col("hand_id") + "9", tournament_id=pl.lit("42"))
    players = pl.concat([tables.players, tables.players.with_columns(hand_id=pl.col("hand_id") + "9")])
    mixed = Tables(pl.concat([usd, chips]), players, tables.draws, tables.halves)
    with pytest.raises(HHToolsError, match="Alice played in USD and tournament bb: draw big bets"):
        winnings_series(mixed, Filters(player="Alice"))
    assert winnings_series(mixed, Filters(player="Alice"), "big-bets").height == 6


def test_no_data_gives_a_message_and_no_figure(tables):
    for kind in ("winnings", "draws", "positions", "showdowns", "splits"):
        with pytest.raises(NoDataError, match=r"for Alice in the store \(game 2-7\).*nothing to draw"):
            chart(tables, kind, Filters(player="Alice", game="2-7"))
        # A player the store does not hold is a mistake in the command, with close names.
        with pytest.raises(UsageError, match="no player 'Alicia' in the store; did you mean Alice"):
            chart(tables, kind, Filters(player="Alicia"))
    with pytest.raises(NoDataError, match=r"no Badeucy or Badacey showdowns for Alice in the store \(game badugi\)"):
        chart(tables, "splits", Filters(player="Alice", game="badugi"))
    with pytest.raises(HHToolsError, match="give --player"):
        chart(tables, "winnings", Filters())
    with pytest.raises(UsageError, match="Unknown chart 'pie'"):
        chart(tables, "pie", Filters(player="Alice"))


def test_draws_chart_draws_the_share_of_each_count(tables):
    data = chart_data(tables, "draws", Filters(player="Alice"))
    fig = chart(tables, "draws", Filters(player="Alice"))
    ax = fig.axes[0]
    # Alice drew 1 card at every draw of hand 1 (draw1), 2 and 3 (all draws): per round,
    # the bars of each count add up to 100 %.
    heights = {}
    for patch in ax.patches:
        heights.setdefault(patch.get_gid(), []).append(patch.get_height())
    rows = data.sort("street")
    for n in (0, 1):
        shares = [100 * c / d for c, d in zip(rows[f"drew_{n}"].to_list(), rows["draws"].to_list())]
        assert heights[f"drew_{n}"] == pytest.approx(shares)
    assert [sum(h) for h in zip(*heights.values())] == pytest.approx([100.0] * rows.height)
    texts = [t.get_text() for t in ax.texts]
    assert texts[0].startswith(f"pat {rows['pat_pct'][0]:.0f}%")
    assert [t.get_text() for t in ax.get_xticklabels()] == ["1st draw", "2nd draw", "3rd draw"]


def test_positions_chart_bars_are_the_win_rate_in_big_bets(tables):
    """Limit Badugi: each bar is BB/100 (big bets per 100 hands), its colour its sign and its
    label the same figure; the money net is not written over a bar of another measure."""
    data = chart_data(tables, "positions", Filters(player="Alice"))
    ax = chart(tables, "positions", Filters(player="Alice")).axes[0]
    heights = [p.get_height() for p in ax.patches]
    assert heights == data["win_rate"].to_list() == data["big_bets_per_100"].to_list() == [
        430.0, 90.0, -50.0]
    assert set(data["win_rate_unit"]) == {"BB/100"} and "BB/100" in ax.get_title()
    assert [t.get_text() for t in ax.texts] == ["+430.00", "+90.00", "-50.00"]
    colours = [p.get_facecolor() for p in ax.patches]
    assert colours[0] == colours[1] != colours[2]
    assert [t.get_text().split("\n")[0] for t in ax.get_xticklabels()] == [
        "button", "small blind", "big blind"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["won (0 or more)", "lost"]


def test_positions_come_in_table_order_utg_first():
    from hhtools.report.charts import positions_chart

    positions = ["utg+1", "button", "utg", "big blind"]
    df = pl.DataFrame({
        "player": ["Hero"] * 4, "unit": ["USD"] * 4, "position": positions,
        "hands": [10, 10, 10, 10], "net": [Decimal(1)] * 4, "win_rate": [1.0, 2.0, 3.0, -4.0],
        "win_rate_unit": ["BB/100"] * 4})
    from hhtools.store.rows import TABLE_ORDER

    order = sorted(positions, key=TABLE_ORDER.index)
    assert order == ["utg", "utg+1", "button", "big blind"]
    ax = positions_chart(df).axes[0]
    assert "Hero" in ax.figure.get_suptitle()


def test_positions_chart_labels_do_not_overlap_at_eight_positions():
    """Eight positions with small bars: each bar's label stays apart from its neighbours'."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from hhtools.report.charts import positions_chart

    positions = ["utg", "utg+1", "lojack", "hijack", "cutoff", "button", "small blind",
                 "big blind"]
    df = pl.DataFrame({
        "player": ["Hero"] * 8, "unit": ["tournament bb"] * 8, "position": positions,
        "hands": [1234, 987, 351, 307, 424, 761, 495, 766],
        "net": [Decimal(v) for v in ("-26.26", "-24.54", "-1234.56", "92.53", "-2.16",
                                     "12.00", "-364.69", "5.00")],
        "win_rate": [-7.48, -7.99, -20.0, 21.8, -0.28, 3.0, -73.0, 0.5],
        "win_rate_unit": ["BB/100"] * 8})
    fig = positions_chart(df)
    FigureCanvasAgg(fig).draw()
    (ax,) = fig.axes
    boxes = [t.get_window_extent() for t in ax.texts]
    assert [t.get_text() for t in ax.texts][:2] == ["-7.48", "-7.99"]
    assert [t.get_text() for t in ax.get_xticklabels()][:2] == ["utg\n1,234 hands",
                                                                "utg+1\n987 hands"]
    assert "tournament bb" in ax.get_title()
    assert not [(a, b) for a in range(8) for b in range(a + 1, 8) if boxes[a].overlaps(boxes[b])]


def test_showdown_strength_of_shown_hands(tables):
    df = showdown_strength(tables, Filters(player="Alice"))
    # 4-3-2-A is the best Badugi (rank 1: strength 100); 8-7-3-2 won too.
    assert df.select("hand_id", "rank", "strength", "won").rows() == [
        ("900000001", 1, 100.0, True),
        ("900000003", df["rank"][1], df["strength"][1], True)]
    assert df["description"].to_list() == ["4-card Badugi 4-3-2-A", "4-card Badugi 8-7-3-2"]
    # Classes as players name them: 4-3-2-A is a 7-Badugi or better, 8-7-3-2 an 8-Badugi.
    assert df["class"].to_list() == ["7-Badugi or better", "8-Badugi"]
    fig = chart(tables, "showdowns", Filters(player="Alice"))
    ax = fig.axes[0]
    won = {p.get_y(): p.get_width() for p in ax.patches if p.get_gid().startswith("won")}
    lost = [p.get_width() for p in ax.patches if p.get_gid().startswith("lost")]
    assert sorted(won.values()) == [1, 1] and sum(lost) == 0  # two hands shown, both won
    assert [t.get_text() for t in ax.get_yticklabels()] == ["7-Badugi or better", "8-Badugi"]
    assert [t.get_text() for t in ax.texts] == ["  100% of 1", "  100% of 1"]
    assert "Badugi 0.25/0.5 USD; cash" in fig.get_suptitle()
    bob = showdown_strength(tables, Filters(player="Bob"))
    assert bob.select("description", "won", "class").rows() == [
        ("3-card 6-5-A", False, "three-card 6")]


def test_splits_chart_on_a_badeucy_showdown(corpus, tmp_path):
    store = Store(tmp_path)
    import_paths([corpus / "kingsclub" / "Badeucey-Limit-USD-22-44-202101.txt"], store)
    tables = Tables.load(store)
    halves = store.read("halves").filter(pl.col("pot") == "main")
    # The corpus hand's halves went to two players: each won one half, nobody scooped.
    for player in halves["player"].unique().to_list():
        data = chart_data(tables, "splits", Filters(player=player))
        ax = chart(tables, "splits", Filters(player=player)).axes[0]
        bars = {p.get_gid(): p.get_height() for p in ax.patches}
        row = data.row(0, named=True)
        assert bars == {"scoop_pct": row["scoop_pct"], "badugi_half_pct": row["badugi_half_pct"],
                        "low_half_pct": row["low_half_pct"]}
        assert row["scoop_pct"] == 0.0 and 100.0 in (row["badugi_half_pct"], row["low_half_pct"])


def _many_bars(count):
    """Heights up, down and 0, as a grinder's sessions or tournaments give them."""
    return [((i * 7) % 11 - 6) * 1.5 for i in range(count)]


@pytest.mark.parametrize("heights", [_many_bars(40), [-3.0, -1.0, -2.5], [2.0]])
def test_bars_draw_what_axes_bar_draws(heights):
    """``charts.bars`` (many bars added at once, issue P19) gives Axes.bar's picture byte for
    byte, its view limits (stuck at 0: the second case's top is 0, not a margin above it),
    its container and its legend."""
    from matplotlib.figure import Figure

    from hhtools.report.charts import LOST, WON, bars
    from hhtools.report.html import png

    x = list(range(1, len(heights) + 1))
    colours = [WON if h >= 0 else LOST for h in heights]

    def drawn(add):
        fig = Figure(figsize=(8.0, 3.0), dpi=100, layout="constrained")
        ax = fig.add_subplot()
        container = add(ax)
        ax.plot([0, *x], [0.0, *heights], label="line")
        ax.margins(y=0.25)
        ax.legend(loc="best")
        return png(fig), ax, container

    old, old_ax, old_bars = drawn(lambda ax: ax.bar(x, heights, color=colours, gid="net",
                                                    label="net", alpha=0.45))
    new, new_ax, new_bars = drawn(lambda ax: bars(ax, x, heights, colours, "net", "net",
                                                  alpha=0.45))
    assert new == old
    assert new_ax.get_ylim() == old_ax.get_ylim() and new_ax.get_xlim() == old_ax.get_xlim()
    assert (max(heights) < 0) == (new_ax.get_ylim()[1] == 0)
    assert [(p.get_x(), p.get_height(), p.get_facecolor(), p.get_gid()) for p in new_bars] == [
        (p.get_x(), p.get_height(), p.get_facecolor(), p.get_gid()) for p in old_bars]
    assert new_bars.datavalues == pytest.approx(old_bars.datavalues)
    assert [t.get_text() for t in new_ax.get_legend().get_texts()] == ["line", "net"]


def test_sessions_chart_bars_are_each_sessions_net():
    """A bar a session in order played, its colour its sign; labelled (net, start day and
    hands) up to 16 sessions a panel, unlabelled beyond."""
    from datetime import datetime, timedelta, timezone

    from matplotlib.colors import to_rgba

    from hhtools.report.charts import LOST, WON, sessions_chart

    start = datetime(2024, 3, 1, 12, tzinfo=timezone.utc)
    nets = [Decimal("2.50"), Decimal("-1.25"), Decimal("0")] + [
        Decimal(str(h)) for h in _many_bars(40)]
    units = ["USD"] * 3 + ["EUR"] * 40
    df = pl.DataFrame({"player": ["Hero"] * 43, "unit": units,
                       "start": [start + timedelta(hours=i) for i in range(43)],
                       "hands": [100 + i for i in range(43)], "net": nets})
    fig = sessions_chart(df)
    few, many = fig.axes
    for ax, unit, values in ((few, "USD", nets[:3]), (many, "EUR", nets[3:])):
        assert [p.get_height() for p in ax.patches] == [float(v) for v in values]
        assert [p.get_facecolor() for p in ax.patches] == [
            to_rgba(WON if v >= 0 else LOST) for v in values]
        assert {p.get_gid() for p in ax.patches} == {f"sessions {unit}"}
    assert [t.get_text() for t in few.texts] == ["+2.50", "-1.25", "+0.00"]
    assert [t.get_text() for t in few.get_xticklabels()][0] == "03-01\n100 h"
    assert not many.texts and "40 sessions" in many.get_title()
    assert [t.get_text() for t in many.get_legend().get_texts()] == ["won (0 or more)", "lost"]


def test_tournament_line_is_drawn_from_the_points_its_pixels_show(monkeypatch):
    """A grinder's tournaments: the cumulative line keeps, per slice of the figure's width,
    its first, lowest, highest and last point (as the winnings line does); its ends are 0
    before the first tournament and the total after the last; each tournament is still a
    bar. (The figure is taken as 100 slices wide, not 3,200, so that 600 tournaments are
    a long line.)"""
    from hhtools.report import charts, tournament_chart

    monkeypatch.setattr(tournament_chart, "line_columns", lambda fig: 100)
    count = 600
    nets = [Decimal("5.80") if i % 7 == 0 else Decimal("-1.20") for i in range(count)]
    curve = pl.DataFrame({
        "number": range(1, count + 1), "currency": ["USD"] * count,
        "cost": [Decimal("1.20")] * count,
        "prize": [Decimal("7.00") if n > 0 else Decimal(0) for n in nets], "net": nets,
    }).with_columns(cumulative=pl.col("net").cum_sum())
    (ax,) = tournament_chart.tournament_results_chart(curve, "Hero").axes
    (line,) = [x for x in ax.get_lines() if x.get_gid() == "cumulative"]
    x, y = np.arange(count + 1), np.cumsum([0.0, *(float(n) for n in nets)])
    kept, heights = charts.pixel_points(x, y, 100)
    assert len(kept) < len(x) and list(line.get_xdata()) == kept.tolist()
    assert line.get_ydata() == pytest.approx(heights)
    assert (line.get_ydata()[0], line.get_ydata()[-1]) == (0, pytest.approx(y[-1]))
    assert (min(line.get_ydata()), max(line.get_ydata())) == pytest.approx((y.min(), y.max()))
    assert len(ax.patches) == count
    assert [p.get_height() for p in ax.patches if p.get_gid() == "net"] == [5.8] * 86
    assert charts.line_columns(ax.get_figure()) == 8 * 100 * charts.COLUMN_PARTS


def test_a_report_png_is_what_savefig_writes(tables):
    """``html.png`` draws a chart once where savefig draws it twice: the same PNG bytes."""
    from hhtools.report.html import png

    drawn = png(chart(tables, "winnings", Filters(player="Alice")))
    saved = io.BytesIO()
    chart(tables, "winnings", Filters(player="Alice")).savefig(saved, format="png", dpi=100)
    assert base64.b64decode(drawn) == saved.getvalue()


def test_chart_command_writes_png_and_svg(db, tmp_path):
    runner = CliRunner()
    for kind, name in (("winnings", "w.png"), ("draws", "d.svg"), ("showdowns", "s.png")):
        out = tmp_path / name
        result = runner.invoke(app, ["chart", "--player", "Alice", "--kind", kind,
                                     "--db", str(db.root), "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert f"chart: {out}" in result.output
        head = out.read_bytes()[:200]
        assert head.startswith(b"\x89PNG") if name.endswith(".png") else b"<svg" in head or b"<?xml" in head
    # The same chart written again is the same file (an SVG carries no date).
    for name in ("w.png", "d.svg"):
        first = (tmp_path / name).read_bytes()
        kind = "winnings" if name == "w.png" else "draws"
        runner.invoke(app, ["chart", "--player", "Alice", "--kind", kind, "--db", str(db.root),
                            "--out", str(tmp_path / name)])
        assert (tmp_path / name).read_bytes() == first


def test_chart_command_without_data_writes_nothing(db, tmp_path):
    runner = CliRunner()
    out = tmp_path / "none.png"
    result = runner.invoke(app, ["chart", "--player", "Alice", "--kind", "winnings", "--game", "2-7",
                                 "--db", str(db.root), "--out", str(out)])
    assert result.exit_code == 1
    assert "hhtools: no hands for Alice in the store (game 2-7): nothing to draw" in result.output
    assert not out.exists()
    result = runner.invoke(app, ["chart", "--player", "Alice", "--kind", "winnings",
                                 "--db", str(db.root), "--out", str(tmp_path / "w.jpg")])
    assert result.exit_code == 2 and "must end in .png or .svg" in result.output


def test_command_line_does_not_load_matplotlib():
    code = "import sys, hhtools.cli.main; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
