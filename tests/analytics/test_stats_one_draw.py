"""Stats and draw patterns of the one-draw games and A-5 Triple Draw, on the real files.

Worked by hand from the histories:

pokerstars/5-Carddraw-USD-0.10-0.20-200911.txt: dantho discards 1 card five times, 3 cards five
  times and stands pat once (11 draws, pat 1/11 = 9.1 %); he shows down five hands after his
  draw: two pair, a flush, two straights and a pair, so 3 of 5 are made (straight or better).
kingsclub/A5-1-Draw-Limit-USD-50-100-202102.txt: the hero holds Tc Ks Qc 4c As (no pair: a
  made A-5 hand), draws 3 and ends with a pair of threes; Player0 stands pat on 2d Jh 8h 5s 9s.
kingsclub/NL-2-7-SD-*RIT*: run twice, a drawing player shows one hand per run; the first run's
  is the one kept (hand 3857875 prints the hero's run 2 hand first).
"""

import polars as pl
import pytest

from hhtools.analytics.stats import Filters, Tables, draw_stats, player_stats
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

ONE_DRAW = ("2-7-single-draw", "a-5-single-draw", "5-card-draw")
FILES = {"pokerstars": ("2-7 Single Draw-NL-*", "5-Carddraw-*"),
         "fulltilt": ("1-Draw-NL-*", "5-Carddraw-*", "A5-3-Draw-*"),
         "kingsclub": ("NL-2-7-SD-*", "A5-*"),
         "merge": ("5-Carddraw-PL-*",)}


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("db"))
    paths = sorted(p for site, patterns in FILES.items() for pattern in patterns
                   for p in (corpus / site).glob(pattern))
    summary = import_paths(paths, store)
    assert summary.rejected == 0 and summary.hands_new == sum(summary.verdicts.values())
    assert set(summary.verdicts) == {"ok"}
    return store


def row(frame, **where):
    chosen = frame.filter(pl.all_horizontal(pl.col(k) == v for k, v in where.items()))
    assert chosen.height == 1, where
    return chosen.row(0, named=True)


def test_every_game_is_stored_and_reported(store):
    t = Tables.load(store)
    assert set(t.hands["game"]) == {*ONE_DRAW, "a-5"}
    assert set(draw_stats(t)["game"]) == {*ONE_DRAW, "a-5"}
    for game in (*ONE_DRAW, "a-5"):
        assert player_stats(t, Filters(game=game)).height > 0, game


def test_single_draw_games_have_one_draw_round(store):
    t = Tables.load(store)
    draws = draw_stats(t)
    for game in ONE_DRAW:
        assert set(draws.filter(pl.col("game") == game)["street"]) == {"draw1"}, game
    # A-5 Triple Draw keeps its three draws: the hero drew on each.
    assert [r["street"] for r in draws.filter((pl.col("game") == "a-5")
                                              & (pl.col("player") == "Hero")).iter_rows(named=True)
            ] == ["draw1", "draw2", "draw3"]
    # No betting after a second or third draw that never happened; the betting after the one
    # draw is counted (5 Card Draw: PokerStars prints no draw marker).
    players = t.players.join(t.hands.select("site", "hand_id", "game"), on=["site", "hand_id"])
    one = players.filter(pl.col("game").is_in(ONE_DRAW))
    for column in ("agg_draw2", "agg_draw3", "calls_draw2", "calls_draw3"):
        assert one[column].sum() == 0, column
    five = one.filter(pl.col("game") == "5-card-draw")
    assert five["agg_draw1"].sum() > 0 and five["calls_draw1"].sum() > 0
    stats = player_stats(t, Filters(game="5-card-draw"))
    assert stats["af_draw2"].null_count() == stats.height == stats["af_draw3"].null_count()


def test_five_card_draw_cards_drawn_pat_rate_and_pat_hands(store):
    dantho = row(draw_stats(Tables.load(store)), player="dantho", game="5-card-draw")
    assert dantho["draws"] == 11
    assert [dantho[f"drew_{n}"] for n in range(6)] == [1, 5, 0, 5, 0, 0]
    assert dantho["pat_pct"] == 9.1
    assert (dantho["known_after"], dantho["made_after_pct"]) == (5, 60.0)


def test_a5_single_draw_made_broken_and_pat(store):
    draws = draw_stats(Tables.load(store), Filters(game="a-5-single-draw"))
    hero = row(draws, player="Hero")
    assert (hero["draws"], hero["drew_3"], hero["pat_pct"]) == (1, 1, 0.0)
    # Tc Ks Qc 4c As is a king-low: no made hand to draw players (a T-low or better), so
    # drawing three to it breaks nothing; 4c As 7s 3h 3s after it is a pair.
    assert (hero["made_before_n"], hero["broken_n"], hero["made_after_pct"]) == (0, 0, 0.0)
    pat = row(draws, player="Player0")
    # A pat jack-low (2d Jh 8h 5s 9s) shown down: a snow, not a made hand.
    assert (pat["drew_0"], pat["pat_pct"], pat["made_after_pct"], pat["snows"]) == (1, 100.0,
                                                                                   0.0, 1)


@pytest.mark.parametrize("hand_id, player, count, first_run", [
    ("45393683", "Player4", 2, "4c 8d 6h 2h 7h"),   # run 2: 4c 8d 6h 2h 5c, printed after
    ("45383142", "Hero", 1, "5d 7h 8c Td 2h"),      # run 2: 5d 7h Qs Td 2h, printed after
    ("3857875", "Hero", 1, "4c 3d 7h 6h 2c"),       # run 2: 4c 3d 7h 2c Ks, printed before
])
def test_run_twice_keeps_the_first_runs_hand(store, hand_id, player, count, first_run):
    key = (pl.col("hand_id") == hand_id) & (pl.col("player") == player)
    draws = store.read_columns("draws", ["hand_id", "player", "count", "after"]).filter(key)
    # One draw, not one per run; the hero's hand after it is his dealt line's, in its order.
    assert [(n, set(after.split())) for n, after in draws.select("count", "after").rows()] == [
        (count, set(first_run.split()))]
    players = store.read_columns("players", ["hand_id", "player", "showed", "cards"]).filter(key)
    assert players.select("showed", "cards").rows() == [(True, first_run)]
