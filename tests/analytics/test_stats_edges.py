"""The statistics on the hands trackers treat specially, worked out by hand.

tests/data/stats-edges/pokerstars-badugi-edges.txt, written for this test: four $0.25/$0.50
Badugi hands at one table (Alice the hero on the button, Bob small blind, Carol big blind)
and one tournament hand.

hand 101, a walk: Alice and Bob fold, Carol wins the blinds without acting.
hand 102, a pot won before the draw: Alice raises, both fold.
hand 103, an all-in before the draw: Alice raises, Bob folds, Carol calls all-in for $0.40;
  no betting after, both draw and show down; Carol's 4-3-2-A beats Alice's K-Q-J-5.
hand 104, a cash seat sitting out: Dave is not dealt in (no row for him); Bob completes,
  Carol checks, Bob bets after the first draw and Carol folds.
hand 105, a tournament seat sitting out: the site deals Dave in (Bob on the button, Carol
  small blind, Dave big blind), takes his blind and folds for him when Bob raises.

By hand, in the cash game:
  Alice: 4 hands; VPIP 2 (102, 103) of 4; saw the draw once (103: 102 ended before it),
    showed down once and lost: WTSD 100 %, W$SD 0 %.
  Bob: 4 hands; VPIP 1 (104) of 4; saw the draw once (104), no showdown: WTSD 0 %.
  Carol: 4 hands, one a walk; VPIP 1 (103) of 3 (the walk is no chance to put money in):
    33.3 %; saw the draw twice (103, 104), showed down once and won: WTSD 50 %, W$SD 100 %.
"""

import dataclasses
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest

from hhtools.analytics.stats import Filters, Tables, player_stats, position_stats
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

EDGES = Path(__file__).parents[1] / "data" / "stats-edges"


@pytest.fixture(scope="module")
def edges(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("db"))
    summary = import_paths([EDGES], store)
    assert (summary.hands_new, summary.rejected, dict(summary.verdicts)) == (5, 0, {"ok": 5})
    return Tables.load(store)


def row(frame, **where):
    chosen = frame.filter(pl.all_horizontal(pl.col(k) == v for k, v in where.items()))
    assert chosen.height == 1, where
    return chosen.row(0, named=True)


def cash(edges, player):
    return row(player_stats(edges), player=player, unit="USD")


def test_a_pot_won_before_the_draw_is_not_a_hand_that_saw_the_draw(edges):
    alice = cash(edges, "Alice")
    # Was 50 %: hand 102, won uncontested before the draw, counted as seeing it.
    assert (alice["went_to_showdown"], alice["won_at_showdown"]) == (100.0, 0.0)
    assert (alice["vpip"], alice["raise_predraw"]) == (50.0, 50.0)
    assert (alice["showdown_net"], alice["non_showdown_net"]) == (Decimal("-0.40"), Decimal("0.35"))


def test_a_walk_is_neither_a_vpip_chance_nor_a_draw_seen(edges):
    carol = cash(edges, "Carol")
    assert carol["hands"] == 4 and carol["net"] == Decimal("0.10")
    assert (carol["vpip"], carol["raise_predraw"]) == (33.3, 0.0)
    # Was 33.3 %: the walk counted as seeing the draw.
    assert (carol["went_to_showdown"], carol["won_at_showdown"]) == (50.0, 100.0)


def test_an_all_in_before_the_draw_sees_the_draw_and_the_showdown(edges):
    one = player_stats(edges, Filters(player="Carol"))
    # Only the all-in hand has Carol at showdown: it counts in both WTSD's parts.
    assert row(one, unit="USD")["showdown_net"] == Decimal("0.50")
    bob = cash(edges, "Bob")
    assert (bob["vpip"], bob["went_to_showdown"], bob["won_at_showdown"]) == (25.0, 0.0, None)


def test_filters_do_not_change_whether_a_hand_reached_the_draw(edges):
    # Whether the hand reached the draw depends on the other players: a filter on one player
    # or position must not hide them.
    assert row(player_stats(edges, Filters(player="Alice")), unit="USD")["went_to_showdown"] == 100.0
    carol = row(player_stats(edges, Filters(position="big blind")), player="Carol", unit="USD")
    assert carol["went_to_showdown"] == 50.0


def test_sitting_out_seats(edges):
    stats = player_stats(edges)
    # The cash game's sitting-out seat was not dealt in: no hand for Dave in dollars.
    assert stats.filter((pl.col("player") == "Dave") & (pl.col("unit") == "USD")).height == 0
    # The tournament dealt him in and took his blind: a hand, with its chips, counted in
    # big blinds of the level (20/40: the big blind is 20).
    dave = row(stats, player="Dave", unit="tournament bb")
    assert (dave["hands"], dave["net"], dave["vpip"], dave["went_to_showdown"]) == (
        1, Decimal("-1"), 0.0, None)
    assert row(stats, player="Bob", unit="tournament bb")["net"] == Decimal("1.5")
    # Dealt in, he has the big blind's position he paid for, and Carol the small blind's.
    positions = position_stats(edges).filter(pl.col("unit") == "tournament bb")
    assert dict(positions.select("player", "position").iter_rows()) == {
        "Alice": "cutoff", "Bob": "button", "Carol": "small blind", "Dave": "big blind"}


def test_a_store_imported_before_sitting_out_seats_had_positions(edges):
    # Such a store holds no position for them: they are shown as "sitting out", not dropped.
    old = dataclasses.replace(edges, players=edges.players.with_columns(
        position=pl.when(pl.col("sitting_out")).then(None).otherwise(pl.col("position"))))
    dave = row(position_stats(old, Filters(player="Dave")), unit="tournament bb")
    assert (dave["position"], dave["hands"], dave["net"]) == ("sitting out", 1, Decimal("-1"))


def test_a_real_tournament_player(corpus, tmp_path):
    # PokerStars Badugi sit-and-go: Player5 showed down 16 times in 32 hands that reached the
    # first draw with him in it (trackers' WTSD 50 %); counting every hand he did not fold
    # before the draw, uncontested pots included, read 35.6 %.
    store = Store(tmp_path)
    import_paths([corpus / "pokerstars" / "LBad-USD-SNG8-201011.txt"], store)
    stats = player_stats(Tables.load(store))
    p5 = row(stats, player="Player5")
    assert (p5["hands"], p5["went_to_showdown"], p5["won_at_showdown"]) == (104, 50.0, 43.8)
    # Player3 sat out ten hands the site dealt him in (blinds taken, folded for him).
    assert row(stats, player="Player3")["hands"] == 23
