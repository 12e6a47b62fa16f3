"""Reading a large store (issue P19): the reports read only the hands their filters select,
and classify each distinct hand once; the figures are those of reading every row.

Checked on the real corpus of three sites (cash games and sit & gos, several games and
stakes): a report read with its filters pushed into the read equals the same report over the
whole store, and the classes and scores made once per distinct hand equal those made row by
row, whatever the order a hand's cards are written in.
"""

import dataclasses
from datetime import date

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from hhtools.analytics.chartdata import showdown_classes, showdown_strength
from hhtools.analytics.classes import class_table, classes_of_text
from hhtools.analytics.stats import REPORTS, Filters, Tables, reports
from hhtools.errors import UsageError
from hhtools.store.importer import import_paths
from hhtools.store.store import Store


@pytest.fixture(scope="module")
def store(corpus, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("db"))
    import_paths([corpus / "pokerstars", corpus / "kingsclub", corpus / "winamax"], store)
    return store


def _stakes_of_badugi(store: Store) -> str:
    from hhtools.analytics.stats import stakes_expr

    hands = store.read_columns("hands", ["game", "small_bet", "big_bet", "tournament_id"])
    cash = hands.filter((pl.col("game") == "badugi") & pl.col("tournament_id").is_null())
    return cash.select(stakes_expr().alias("s"))["s"].mode().sort()[0]


def test_filters_read_only_their_hands_and_give_the_same_reports(store):
    whole = Tables.load(store)
    assert whole.hands["game"].n_unique() > 1 and whole.hands["site"].n_unique() == 3
    chosen = [Filters(game="Badugi"), Filters(site="PokerStars"), Filters(hand_type="Cash"),
              Filters(hand_type="tournament"), Filters(stakes=_stakes_of_badugi(store)),
              Filters(since=date(2010, 10, 1), until=date(2010, 12, 31)),
              Filters(game="badugi", hand_type="cash", position="button")]
    for f in chosen:
        part = Tables.load(store, f)
        # Only the selected hands (and their players' rows) were read.
        assert part.hands.height < whole.hands.height, f
        assert part.players.height < whole.players.height, f
        expected = reports(whole, f, list(REPORTS))
        got = reports(part, f, list(REPORTS))
        assert expected.keys() == got.keys()
        assert sum(frame.height for frame in got.values()) > 0, f
        for name in expected:
            assert_frame_equal(got[name], expected[name], check_row_order=True)


def test_a_player_is_checked_against_the_whole_store(store):
    # A player of the store with no hand of the game read is no unknown player: the report
    # is empty, as it is over the whole store, and a name in another case is matched.
    whole = Tables.load(store)
    games = whole.players.join(whole.hands.select("site", "hand_id", "game"),
                               on=["site", "hand_id"])
    badugi = set(games.filter(pl.col("game") == "badugi")["player"].to_list())
    other = sorted(set(games["player"].to_list()) - badugi)[0]
    f = Filters(game="badugi", player=other.upper() if other.upper() != other else other)
    got = reports(Tables.load(store, f), f)
    assert all(frame.height == 0 for frame in got.values())
    assert {n: fr.height for n, fr in got.items()} == {
        n: fr.height for n, fr in reports(whole, f).items()}
    with pytest.raises(UsageError, match="no player 'Nobody at all'"):
        reports(Tables.load(store, Filters(game="badugi")), Filters(player="Nobody at all"))


def test_each_distinct_hand_is_classified_as_row_by_row(store):
    draws = store.read_columns("draws", ["game", "before", "after"])
    for column in ("before", "after"):
        known = draws.filter(pl.col(column).is_not_null())
        assert known.height > 100
        table = class_table(known, column)
        for game, cards in known.select("game", column).unique().iter_rows():
            mine = table.filter((pl.col("game") == game) & (pl.col("cards") == cards))
            expected = classes_of_text(game, cards) or ()
            assert [(r["component"], r["order"], r["class"], r["made"])
                    for r in mine.iter_rows(named=True)] == [
                (c.component, c.order, c.label, c.made) for c in expected]


def _reversed_cards(column: str) -> pl.Expr:
    return pl.col(column).str.split(" ").list.reverse().list.join(" ")


def test_a_hand_scores_the_same_in_any_order_of_its_cards(store):
    whole = Tables.load(store)
    hero = whole.players.filter(pl.col("is_hero"))["player"].mode().sort()[0]
    f = Filters(player=hero)
    shown = showdown_strength(whole, f)
    assert shown.height > 10 and shown["won"].any() and not shown["won"].all()
    turned = dataclasses.replace(
        whole, players=whole.players.with_columns(cards=_reversed_cards("cards")),
        draws=whole.draws.with_columns(before=_reversed_cards("before"),
                                       after=_reversed_cards("after")))
    again = showdown_strength(turned, f)
    assert_frame_equal(again.drop("cards"), shown.drop("cards"))
    assert again["cards"].to_list() != shown["cards"].to_list()
    assert_frame_equal(showdown_classes(turned, f), showdown_classes(whole, f))
    for name in ("draws", "draw-classes"):
        assert_frame_equal(REPORTS[name](turned, f), REPORTS[name](whole, f))
