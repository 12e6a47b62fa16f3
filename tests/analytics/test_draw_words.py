"""Made hands, pat, break and snow as draw players use the words, fold to a pat hand,
sessions across tables and results per stakes, on hands written for these tests
(tests/data/draw-words; every one audits ok).

pokerstars-2-7-ruby.txt, table Ruby (times ET, UTC+5 in January), Hero against Villain:
  300000001 10:00 $0.25/$0.50: Hero stands pat three times on Kc 8d 5h 4s 2c (a king-low)
    and loses the showdown to an 8-low: a snow, not a made hand. Hero -0.25.
  300000003 10:04 $0.25/$0.50: Hero holds 9c 7d 5h 4s 2c (a 9-low, made) and draws one
    (breaks it) to a 7-low; Villain folds to the bet. Hero +0.25.
  300000005 11:30 $1/$2: Hero draws one to K-7-5-4-2 (not made), makes 7-6-5-4-2, raises,
    Villain folds. Hero +2.
pokerstars-2-7-onyx.txt, table Onyx, Hero against Patrick:
  300000002 10:02 $0.25/$0.50: Patrick stands pat first in the first draw, Hero draws two
    and folds to Patrick's bet: a fold to a pat hand. Hero -0.25.
  300000004 10:10 $0.25/$0.50: Patrick folds the small blind to Hero's big blind. Hero +0.10.
kingsclub-badeucey-pat-low.txt: Hero stands pat three times on 8c 6c 4d 3d 2h in Badeucy:
  an 8-low (made) with a three-card Badugi (2h 3d 6c), and scoops: no snow.
"""

import re
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.analytics.sessions import sessions
from hhtools.analytics.stats import Filters, Tables, draw_classes, draw_stats, stakes_stats
from hhtools.cli.main import app
from hhtools.report.page import build_report
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

DATA = Path(__file__).parents[1] / "data" / "draw-words"


@pytest.fixture(scope="module")
def store(tmp_path_factory) -> Store:
    store = Store(tmp_path_factory.mktemp("db"))
    summary = import_paths([DATA], store)
    assert (summary.hands_new, summary.rejected, dict(summary.verdicts)) == (6, 0, {"ok": 6})
    return store


@pytest.fixture(scope="module")
def tables(store) -> Tables:
    return Tables.load(store)


def row(frame: pl.DataFrame, **where) -> dict:
    chosen = frame.filter(pl.all_horizontal(pl.col(k) == v for k, v in where.items()))
    assert chosen.height == 1, (where, chosen)
    return chosen.row(0, named=True)


def test_a_pat_king_low_in_2_7_is_a_snow_not_a_made_hand(tables):
    draws = draw_stats(tables, Filters(player="Hero", game="2-7"))
    third = row(draws, street="draw3")
    # Only hand 300000001 reached the third draw: pat on K-8-5-4-2 into a showdown.
    assert (third["draws"], third["pat_pct"], third["made_before_n"]) == (1, 100.0, 0)
    assert (third["known_after"], third["made_after_pct"], third["snows"]) == (1, 0.0, 1)
    assert third["made_means"] == "an unpaired T-low or better (no straight, no flush)"
    classes = draw_classes(tables, Filters(player="Hero", game="2-7"))
    pat = row(classes, street="draw3")
    assert (pat["class"], pat["made"], pat["draws"], pat["pat_pct"]) == (
        "J-low or worse", False, 1, 100.0)


def test_drawing_from_a_9_low_breaks_it(tables):
    first = row(draw_stats(tables, Filters(player="Hero", game="2-7")), street="draw1")
    # Four first draws: K-8 high (pat), Q-J high, 9-low (broken), K-7 high. Only the 9-low
    # was made; the king-lows and the queen-jack are hands to draw to, not hands broken.
    assert (first["draws"], first["made_before_n"], first["broken_n"], first["broken_pct"]) == (
        4, 1, 1, 100.0)
    classes = draw_classes(tables, Filters(player="Hero", game="2-7"))
    nine = row(classes, street="draw1", **{"class": "9-low"})
    assert (nine["made"], nine["draws"], nine["pat_pct"], nine["cards"]) == (True, 1, 0.0, 1.0)


def test_a_badeucy_pat_on_a_made_low_with_a_three_card_badugi_is_no_snow(tables):
    third = row(draw_stats(tables, Filters(player="Hero", game="badeucy")), street="draw3")
    assert (third["pat_pct"], third["made_after_pct"], third["snows"]) == (100.0, 100.0, 0)
    assert third["made_means"] == ("a four-card Badugi (aces high) or an unpaired T-low or "
                                   "better (no straight, no flush)")
    # Both halves are judged, each in its own class.
    classes = draw_classes(tables, Filters(player="Hero", game="badeucy")).filter(
        pl.col("street") == "draw3")
    assert classes.select("component", "class", "made").rows() == [
        ("2-7", "8-low", True), ("badugi-ace-high", "three-card 6", False)]


def test_fold_to_a_pat_hand(tables):
    hero = row(draw_stats(tables, Filters(player="Hero", game="2-7")), street="draw1")
    # Hand 300000002: Patrick stood pat before Hero drew, and Hero folded to the bet.
    assert (hero["facing_pat"], hero["folded_to_pat"], hero["fold_to_pat"]) == (1, 1, 100.0)
    # Nobody stood pat before Patrick: no chance, no percentage.
    patrick = row(draw_stats(tables, Filters(player="Patrick")), street="draw1")
    assert (patrick["facing_pat"], patrick["fold_to_pat"]) == (0, None)


def test_sessions_span_tables_and_end_after_a_gap(tables):
    found = sessions(tables, Filters(player="Hero", game="2-7"))
    assert found.select("session", "hands", "minutes", "tables_at_once").rows() == [
        (1, 4, 10, 2), (2, 1, 0, 1)]
    first, second = found.iter_rows(named=True)
    utc = timezone.utc
    assert (first["start"], first["end"]) == (datetime(2026, 1, 5, 15, 0, tzinfo=utc),
                                              datetime(2026, 1, 5, 15, 10, tzinfo=utc))
    # -0.25 - 0.25 + 0.25 + 0.10, exact; 4 hands in 10 minutes.
    assert first["net"] == Decimal("-0.15") and first["hands_per_hour"] == 24.0
    assert first["net_per_hour"] == -0.9
    assert (first["win_rate"], first["win_rate_unit"]) == (-7.5, "BB/100")
    # One hand lasts no time: no rate per hour rather than a division by zero.
    assert second["net"] == Decimal(2) and second["hands_per_hour"] is None
    # The 80 minutes between 10:10 and 11:30 are one session with a longer gap.
    assert sessions(tables, Filters(player="Hero", game="2-7"), gap=90)["hands"].to_list() == [5]


def test_sessions_command(store):
    result = CliRunner().invoke(app, ["sessions", "--db", str(store.root), "--player", "Hero",
                                      "--game", "2-7", "--format", "csv"])
    assert result.exit_code == 0, result.output
    header, first, second = result.stdout.strip().splitlines()
    assert header.startswith("player,unit,session,start,end,minutes,tables_at_once,hands,")
    assert first.startswith("Hero,USD,1,2026-01-05T15:00:00") and ",10,2,4,24.0,-0.1500," in first
    assert second.startswith("Hero,USD,2,2026-01-05T16:30:00")


def test_results_per_stakes_in_big_bets(tables, store):
    per = stakes_stats(tables, Filters(player="Hero", game="2-7"))
    assert per.select("stakes", "hands", "net", "win_rate", "win_rate_unit").rows() == [
        ("0.25/0.5", 4, Decimal("-0.15"), -7.5, "BB/100"),  # -0.3 big bets in 4 hands
        ("1/2", 1, Decimal(2), 100.0, "BB/100")]  # one big bet in one hand
    page = build_report(store, Filters(player="Hero"))
    headline = re.search(r'<div class="cards" id="p1-headline">(.*?)</div>\s*<h3', page, re.S).group(1)
    cards = re.findall(r'<section class="card"><h3>([^<]+)</h3><p class="net[^"]*">([^<]+)</p>'
                       r".*?<dt>Big bets per 100 hands \(BB/100\)</dt><dd>([^<]+)</dd>", headline)
    assert cards == [("2-7 Triple Draw 0.25/0.5, USD", "-0.15 USD", "-7.50"),
                     ("2-7 Triple Draw 1/2, USD", "+2.00 USD", "+100.00"),
                     # +30 is half a big bet of 60, in one hand.
                     ("Badeucy 30/60, cash, currency not named in the histories",
                      "+30.00 cash", "+50.00")]
    assert 'id="p1-stakes-table"' in page and 'id="p1-sessions-table"' in page
    assert page.count('<figure id="p1-chart-winnings') == 3  # one per stakes


def test_no_limit_is_measured_in_big_blinds(corpus, tmp_path):
    files = sorted((corpus / "pokerstars").glob("2-7 Single Draw-NL-*"))[:1]
    assert files
    store = Store(tmp_path / "db")
    import_paths(files, store)
    per = stakes_stats(Tables.load(store))
    assert set(per["win_rate_unit"]) == {"bb/100"}
    assert per["win_rate"].to_list() == per["bb_per_100"].to_list()
