"""One player's tables read batch by batch (issue P19: ``report``, ``sessions`` and ``chart``
over a million hands): every report, session, chart's data and view of a player from
``player_tables`` (that player's rows only, each made with the rest of its hand first) equals
the one from the whole tables in memory.

Checked on the real corpus of three sites imported as several batches (cash games and
sit & gos, several games, stakes and players).
"""

from dataclasses import replace

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from hhtools.analytics import chartdata
from hhtools.analytics.filters import each_batch, player_tables, store_names
from hhtools.analytics.partials import store_parts
from hhtools.analytics.player import ALL_REPORTS, Gatherer
from hhtools.analytics.sessions import sessions
from hhtools.analytics.stats import REPORTS, Filters, Tables, reports
from hhtools.store.store import Store


@pytest.fixture(scope="module")
def store(batched_store):
    return batched_store


def _players(store: Store) -> list[str]:
    """The heroes and the players of the most hands: in several batches, at several sites."""
    players = store.read_columns("players", ["player", "is_hero"])
    heroes = players.filter(pl.col("is_hero"))["player"].unique().sort().to_list()
    most = players["player"].value_counts().sort(["count", "player"], descending=[True, False])
    return list(dict.fromkeys(heroes + most["player"].head(3).to_list()))


def _same(got: pl.DataFrame, expected: pl.DataFrame) -> None:
    assert_frame_equal(got, expected, check_row_order=True, check_dtypes=False)


def test_a_players_tables_give_the_reports_of_the_whole_tables(store):
    whole = Tables.load(store)
    chosen = _players(store)
    assert len(chosen) >= 3
    mine = player_tables(store, chosen)
    assert set(mine) == set(chosen)
    for player, tables in mine.items():
        assert tables.players.height > 0
        assert tables.players["player"].unique().to_list() == [player]
        # Far fewer rows than the store's: the other players are left out.
        assert tables.players.height < whole.players.height
        for f in (Filters(player=player), Filters(player=player, game="Badugi"),
                  Filters(player=player, hand_type="cash"),
                  Filters(player=player, position="button")):
            for by in (("player", "unit"), ("player", "game", "unit")):
                got, expected = (reports(t, f, list(REPORTS), by) for t in (tables, whole))
                for name in expected:
                    _same(got[name], expected[name])
            _same(sessions(tables, f), sessions(whole, f))
            _same(chartdata.showdown_classes(tables, f), chartdata.showdown_classes(whole, f))
            assert chartdata.scope(tables, f) == chartdata.scope(whole, f)
            _same(chartdata.winnings_series(tables, f, "big-bets"),
                  chartdata.winnings_series(whole, f, "big-bets"))
            # The views hold the same rows (of the hands, those of the player's rows: what
            # every report joins them with).
            view, full = tables.filtered(f), whole.filtered(f)
            dealt = full.players.select("site", "hand_id")
            _same(*(v.hands.join(dealt, on=["site", "hand_id"], how="semi") for v in (view, full)))
            for name in ("players", "draws", "halves"):
                expected = getattr(full, name)
                _same(getattr(view, name).select(expected.columns), expected)


def test_the_store_filters_are_pushed_into_each_batch(store):
    player = _players(store)[0]
    f = Filters(player=player, game="Badugi")
    tables = player_tables(store, [player], f)[player]
    assert set(tables.hands["game"].unique().to_list()) <= {"badugi"}
    _same(reports(tables, f)["players"], reports(Tables.load(store), f)["players"])
    assert sorted(tables.player_names().to_list()) == sorted(store_names(store).to_list())


def test_each_batch_reads_every_batch_once(store):
    counts = each_batch(store, None, lambda view, t: (len(view.batch_folders()), t.hands.height))
    assert [n for n, _ in counts] == [1] * len(store.batch_folders())
    assert sum(h for _, h in counts) == Tables.load(store).hands.height


def test_a_players_gathered_figures_equal_those_of_the_whole_tables(store, tmp_path, monkeypatch):
    """The report's part of a player (hhtools.analytics.player: per-hand rows, partial sums and
    showdown counts gathered batch by batch, or the cached sums) equals what the tables in
    memory give, narrowed views (a game and stakes, cash only) included."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    whole = Tables.load(store)
    names = store_names(store)
    for player in _players(store):
        for f in (Filters(player=player), Filters(player=player, game="Badugi"),
                  Filters(player=player, position="button"),
                  Filters(player=player, hand_type="tournament")):
            cached = replace(f, player=None) == Filters()
            gathering = Gatherer(player, f, sums=not cached)
            each_batch(store, f, lambda view, t, g=gathering: g.add(t), begin=gathering.reset)
            data = gathering.done(names, store_parts(store, f, ALL_REPORTS)[1]
                                  if cached and gathering.gathered() else None)
            for name in REPORTS:
                _same(data.report(name), reports(whole, f, [name])[name])
            _same(data.report("players", ("player", "game", "unit")),
                  reports(whole, f, ["players"], ("player", "game", "unit"))["players"])
            _same(data.sessions(30), sessions(whole, f))
            _same(data.showdown_classes(), chartdata.showdown_classes(whole, f))
            assert data.scope() == chartdata.scope(whole, f)
            _same(data.winnings("big-bets"), chartdata.winnings_series(whole, f, "big-bets"))
            # (A view of tournaments narrowed to cash games has no hand: the report reads
            # the tournaments' hands only; the tables in memory hold them all.)
            cash = reports(whole, replace(f, hand_type="cash"), ["stakes"])["stakes"]
            for row in cash.head(3 if f.hand_type is None else 0).iter_rows(named=True):
                narrow = replace(f, game=row["game"], stakes=row["stakes"], hand_type="cash")
                mine = data.narrowed(narrow)
                assert mine.scope() == chartdata.scope(whole, narrow)
                _same(mine.report("stakes"), reports(whole, narrow, ["stakes"])["stakes"])
                expected = chartdata.winnings_series(whole, narrow, "big-bets")
                _same(mine.winnings("big-bets"), expected)
                if expected["unit"].n_unique() <= 1:
                    _same(mine.winnings("money"), chartdata.winnings_series(whole, narrow))
