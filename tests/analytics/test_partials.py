"""Reading a store batch by batch (issue P19): ``hhtools stats`` made from each batch's partial
sums, cached or not, gives the reports made from the whole tables in memory; a batch changed
in place is read again; and the nets in big blinds and big bets do not depend on the order
the hands are summed in.

Checked on the real corpus of three sites imported as several batches (cash games and
sit & gos, several games, stakes and players).
"""

import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal
from storecases import after_aside_began

from hhtools.analytics import partials
from hhtools.analytics.stats import REPORTS, Filters, Tables, in_units, reports
from hhtools.errors import UsageError
from hhtools.store.store import Store


@pytest.fixture(scope="module")
def store(batched_store):
    return batched_store


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("HHTOOLS_CACHE", raising=False)
    return tmp_path / "cache" / "hhtools" / "partials"


def _hero(store: Store) -> str:
    players = store.read_columns("players", ["player", "is_hero"]).filter(pl.col("is_hero"))
    return players["player"].mode().sort()[0]


def _same(got: dict[str, pl.DataFrame], expected: dict[str, pl.DataFrame]) -> None:
    assert got.keys() == expected.keys()
    assert sum(frame.height for frame in got.values()) > 0
    for name in expected:
        assert_frame_equal(got[name], expected[name], check_row_order=True,
                           check_dtypes=False)


def test_batch_by_batch_gives_the_reports_of_the_whole_tables(store, cache):
    whole = Tables.load(store)
    hero = _hero(store)
    chosen = [Filters(), Filters(player=hero), Filters(player=hero.upper()),
              Filters(game="Badugi"), Filters(hand_type="tournament"),
              Filters(player=hero, position="button"), Filters(site="winamax")]
    for by in (("player", "unit"), ("game", "site", "stakes", "unit")):
        for f in chosen:
            expected = reports(whole, f, list(REPORTS), by)
            cold = partials.store_reports(store, f, list(REPORTS), by)
            warm = partials.store_reports(store, f, list(REPORTS), by)
            _same(cold, expected)
            _same(warm, expected)
    # Each batch's sums were cached, and the whole store's summed per group.
    entries = [e.name for e in cache.iterdir()]
    assert len([e for e in entries if not e.startswith("store-")]) == len(store.batch_folders())
    assert len([e for e in entries if e.startswith("store-")]) == 1


def test_a_big_batch_summed_a_slice_at_a_time_gives_the_same_reports(store, cache, monkeypatch):
    # Slices of a few hands cut every batch of the corpus (split pots, tournaments, several
    # games) into many: every hand's rows must stay in one slice for the sums to hold.
    monkeypatch.setattr(partials, "SUM_SLICE", 7)
    whole = Tables.load(store)
    for folder in store.batch_folders():
        partials.keep_sums(folder, Tables.load(store.only([folder])))
    sliced = {entry.name: partials.read_entry(entry, ["money"])["money"].height
              for entry in cache.iterdir()}
    hero = _hero(store)
    for f in (Filters(), Filters(player=hero)):
        _same(partials.store_reports(store, f, list(REPORTS)), reports(whole, f, list(REPORTS)))
    # The sums read were the sliced ones: more rows than the groups of a batch made at once.
    at_once = sum(partials.partial_sums(Tables.load(store.only([folder])), Filters(),
                                        REPORTS)["money"].height
                  for folder in store.batch_folders())
    assert at_once < sum(sliced.values())


def test_batches_summed_by_a_second_process_give_the_same_reports(store, cache, monkeypatch):
    """A second process sums the batches the read ends with (``partials.Aside``), the read
    takes its cached sums: the same reports, each batch read once in all."""
    monkeypatch.setattr(partials, "ASIDE_FROM", 1)
    folders = store.batch_folders()
    last = partials.batch_key(folders[-1], partials.VERSION)
    real_batch = partials._batch
    summed = []
    def counted(store: Store, folder: Path, *args: object, **kwargs: object) -> object:
        summed.append(folder)
        return real_batch(store, folder, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(partials.Aside, "claim", after_aside_began(cache / str(last)))
    monkeypatch.setattr(partials, "_batch", counted)
    hero = _hero(store)
    whole = Tables.load(store)
    for f in (Filters(), Filters(player=hero)):
        _same(partials.store_reports(store, f, list(REPORTS)), reports(whole, f, list(REPORTS)))
    assert folders[-1] not in summed and len(summed) == len(set(summed)) < len(folders)
    assert len([e for e in cache.iterdir() if not e.name.startswith("store-")]) == len(folders)


def test_ctrl_c_while_the_second_process_starts_leaves_it_nothing_more(store, cache,
                                                                       monkeypatch):
    """Interrupted while the second process is given its batches, the read stops it: the
    process is not left every batch to make before the reader may exit."""
    monkeypatch.setattr(partials, "ASIDE_FROM", 1)
    given, stopped = [], []

    class Interrupted(partials.ProcessPoolExecutor):
        def submit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            if given:
                raise KeyboardInterrupt
            given.append(1)
            return super().submit(*args, **kwargs)

        def shutdown(self, wait=True, *, cancel_futures=False):  # type: ignore[no-untyped-def]
            stopped.append(cancel_futures)
            super().shutdown(wait, cancel_futures=cancel_futures)

    monkeypatch.setattr(partials, "ProcessPoolExecutor", Interrupted)
    with pytest.raises(KeyboardInterrupt):
        partials.store_reports(store, Filters(), list(REPORTS))
    assert stopped == [True]
    # The one batch given may have been summed; no other was.
    assert len(list(cache.iterdir())) <= 1 < len(store.batch_folders())


def test_a_player_not_in_the_store_is_refused_with_the_close_names(store, cache):
    hero = _hero(store)
    with pytest.raises(UsageError, match="did you mean"):
        partials.store_reports(store, Filters(player=hero + "x"))
    with pytest.raises(UsageError, match="did you mean"):
        partials.store_reports(store, Filters(player=hero + "x", game="badugi"))


def test_a_batch_rewritten_in_place_is_read_again(store, cache, tmp_path):
    copy = Store(tmp_path / "db")
    for folder in store.batch_folders():
        target = copy.batches / folder.name
        target.mkdir(parents=True)
        for file in folder.iterdir():
            (target / file.name).write_bytes(file.read_bytes())
    hero = _hero(copy)
    before = partials.store_reports(copy, Filters(player=hero), ["players"])["players"]
    assert before.height > 0
    # Rename the hero in one batch: its cached sums no longer hold.
    folder = next(f for f in copy.batch_folders()
                  if (pl.read_parquet(f / "players.parquet")["player"] == hero).any())
    players = pl.read_parquet(folder / "players.parquet")
    players.with_columns(player=pl.when(pl.col("player") == hero).then(pl.lit("Renamed"))
                         .otherwise(pl.col("player"))).write_parquet(folder / "players.parquet")
    renamed = partials.store_reports(copy, Filters(player="Renamed"), ["players"])["players"]
    assert renamed.height > 0
    expected = reports(Tables.load(copy), Filters(player="Renamed"), ["players"])["players"]
    assert_frame_equal(renamed, expected, check_dtypes=False)
    # The store's summed entry was made again, and the one of its former batches dropped.
    assert len([e for e in cache.iterdir() if e.name.startswith("store-")]) == 1


def test_nets_in_big_bets_are_exact_whatever_the_order_of_the_hands():
    # 0.33 over a big bet of 2 is 0.165: a tie at the hundredth that a float sum's last bit
    # would decide; a third of a cent per hand (over a big bet of 3) adds up exactly too.
    nets = [Decimal("0.33"), Decimal("0.10"), Decimal("-0.20"), Decimal("0.01"), Decimal("1.00")]
    bets = [Decimal("2"), Decimal("0.40"), Decimal("0.40"), Decimal("3"), Decimal("3")]
    exact = sum((Fraction(n) / Fraction(b) for n, b in zip(nets, bets)), Fraction(0))
    assert exact == Fraction("0.165") + Fraction("0.25") - Fraction("0.5") + Fraction(101, 300)
    rows = list(zip(nets, bets))
    seen = set()
    for seed in range(20):
        random.Random(seed).shuffle(rows)
        money = pl.DataFrame({
            "player": ["Hero"] * len(rows), "hands": [1] * len(rows),
            "money_net": [n for n, _ in rows], "bb_money": [b / 2 for _, b in rows],
            "big_bet": [b for _, b in rows]},
            schema_overrides={"money_net": pl.Decimal(38, 4), "bb_money": pl.Decimal(38, 4),
                              "big_bet": pl.Decimal(38, 4)})
        seen.add(in_units(money, ["player"]).row(0))
    assert seen == {("Hero", round(float(exact * 2), 2), round(float(exact), 2))}
    half = pl.DataFrame({"player": ["A", "B"], "hands": [1, 1],
                         "money_net": [Decimal("0.33"), Decimal("-0.33")],
                         "bb_money": [Decimal("1"), Decimal("1")],
                         "big_bet": [Decimal("2"), Decimal("2")]})
    # A half cent goes away from zero, for a loss as for a win.
    assert in_units(half, ["player"]).sort("player")["net_big_bets"].to_list() == [0.17, -0.17]
