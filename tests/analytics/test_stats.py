"""Statistics on a small history worked out by hand, and on the real corpus.

tests/data/stats/pokerstars-badugi-worked.txt holds three $0.25/$0.50 Badugi hands between
Alice (the hero), Bob and Carol, written for this test. Worked by hand:

hand 1 (Alice button): Alice raises, Bob folds, Carol 3-bets, Alice calls; Alice breaks her
  K-3-2-A on the first draw, makes 4-3-2-A, raises, bets twice, wins at showdown.
  Nets: Alice +2.15 (put in 2.25, collected 4.40), Bob -0.10, Carol -2.25.
hand 2 (Bob button): Bob and Carol limp, Alice checks; Bob stands pat and bets after the
  first draw, both fold. Nets: Alice -0.25, Bob +0.50, Carol -0.25.
hand 3 (Carol button): Carol folds, Alice completes, Bob checks and stands pat all the way
  with a 3-card 6-5-A (a snow); Alice breaks K-9-8-7 and 9-8-7-3, wins with 8-7-3-2.
  Nets: Alice +0.45 (put in 0.50, collected 0.95), Bob -0.50, Carol 0.
"""

from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.analytics.stats import (
    Filters,
    Tables,
    draw_stats,
    player_stats,
    position_stats,
    split_stats,
)
from hhtools.cli.main import app
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

WORKED = Path(__file__).parents[1] / "data" / "stats"


@pytest.fixture(scope="module")
def worked(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("db"))
    summary = import_paths([WORKED], store)
    assert (summary.hands_new, summary.rejected, dict(summary.verdicts)) == (3, 0, {"ok": 3})
    return Tables.load(store)


def row(frame, **where):
    chosen = frame.filter(pl.all_horizontal(pl.col(k) == v for k, v in where.items()))
    assert chosen.height == 1, where
    return chosen.row(0, named=True)


def test_winnings_in_money_big_blinds_and_big_bets(worked):
    stats = player_stats(worked)
    alice, bob, carol = (row(stats, player=p) for p in ("Alice", "Bob", "Carol"))
    assert (alice["hands"], alice["net"], alice["unit"]) == (3, Decimal("2.35"), "USD")
    assert bob["net"] == Decimal("-0.10") and carol["net"] == Decimal("-2.50")
    # Big blind 0.25, big bet 0.50: 2.35 is 9.4 big blinds and 4.7 big bets over 3 hands.
    assert (alice["net_bb"], alice["bb_per_100"]) == (9.4, 313.33)
    assert (alice["net_big_bets"], alice["big_bets_per_100"]) == (4.7, 156.67)
    assert carol["bb_per_100"] == -333.33


def test_preflop_style(worked):
    stats = player_stats(worked)
    alice, bob, carol = (row(stats, player=p) for p in ("Alice", "Bob", "Carol"))
    # VPIP: Alice raised (1) and completed the small blind (3), not her big-blind check (2).
    assert (alice["vpip"], bob["vpip"], carol["vpip"]) == (66.7, 33.3, 66.7)
    assert (alice["raise_predraw"], bob["raise_predraw"], carol["raise_predraw"]) == (33.3, 0.0, 33.3)
    # 3-bet chances: facing exactly one raise (hand 1: Bob folded, Carol re-raised).
    assert (alice["three_bet"], bob["three_bet"], carol["three_bet"]) == (None, 0.0, 100.0)


def test_aggression_per_round(worked):
    stats = player_stats(worked)
    alice, carol = row(stats, player="Alice"), row(stats, player="Carol")
    # Alice before the draw: 1 raise, 2 calls; after draw 1: 1 raise, 1 call; later no calls.
    assert (alice["af_predraw"], alice["af_draw1"], alice["af_draw2"]) == (0.5, 1.0, None)
    assert (carol["af_predraw"], carol["af_draw1"], carol["af_draw2"], carol["af_draw3"]) == (1.0, 1.0, 0.0, 0.0)


def test_showdowns(worked):
    stats = player_stats(worked)
    alice, bob, carol = (row(stats, player=p) for p in ("Alice", "Bob", "Carol"))
    # Alice saw the first draw 3 times and showed down twice, winning both.
    assert (alice["went_to_showdown"], alice["won_at_showdown"]) == (66.7, 100.0)
    assert (bob["went_to_showdown"], bob["won_at_showdown"]) == (50.0, 0.0)
    assert (carol["went_to_showdown"], carol["won_at_showdown"]) == (50.0, 0.0)
    assert (alice["showdown_net"], alice["non_showdown_net"]) == (Decimal("2.60"), Decimal("-0.25"))
    assert alice["showdown_net"] + alice["non_showdown_net"] == alice["net"]


def test_results_by_position(worked):
    pos = position_stats(worked, Filters(player="Alice"))
    assert pos.select("position", "net").rows() == [
        ("button", Decimal("2.15")), ("small blind", Decimal("0.45")), ("big blind", Decimal("-0.25"))]
    assert row(pos, position="button")["bb_per_100"] == 860.0


def test_draw_patterns_broken_badugis_made_hands_and_snows(worked):
    d = draw_stats(worked)
    first = row(d, player="Alice", street="draw1")
    assert (first["drew_1"], first["drew_2"], first["pat_pct"]) == (2, 1, 0.0)
    # Before the first draw Alice held a made Badugi once (hand 1) and broke it.
    assert (first["made_before_n"], first["broken_n"], first["broken_pct"]) == (1, 1, 100.0)
    # After it: made in hands 1 and 3, not in hand 2.
    assert (first["known_after"], first["made_after_pct"]) == (3, 66.7)
    second = row(d, player="Alice", street="draw2")
    assert (second["pat_pct"], second["broken_pct"], second["made_after_pct"]) == (50.0, 50.0, 100.0)
    bob_last = row(d, player="Bob", street="draw3")
    assert (bob_last["pat_pct"], bob_last["made_after_pct"], bob_last["snows"]) == (100.0, 0.0, 1)
    assert row(d, player="Alice", street="draw3")["snows"] == 0


def test_filters(worked):
    assert player_stats(worked, Filters(position="button"))["hands"].sum() == 3
    assert player_stats(worked, Filters(stakes="$0.25/$0.50"))["hands"].sum() == 9
    assert player_stats(worked, Filters(stakes="1/2")).height == 0
    assert player_stats(worked, Filters(game="2-7")).height == 0
    from datetime import date
    assert player_stats(worked, Filters(until=date(2026, 1, 5)))["hands"].sum() == 9
    assert player_stats(worked, Filters(since=date(2026, 1, 6))).height == 0


def test_badeucy_halves_on_the_real_corpus(corpus, tmp_path):
    store = Store(tmp_path)
    import_paths([corpus / "kingsclub"], store)
    splits = split_stats(Tables.load(store))
    # The Badeucey hand: Player4's 6-5-4-3 Badugi takes one half, Player2's 8-7-5-3-2 the other.
    p4, p2 = row(splits, player="Player4"), row(splits, player="Player2")
    assert (p4["badugi_half_pct"], p4["low_half_pct"], p4["scoop_pct"]) == (100.0, 0.0, 0.0)
    assert (p2["badugi_half_pct"], p2["low_half_pct"], p2["scoop_pct"]) == (0.0, 100.0, 0.0)


def test_corpus_nets_equal_the_auditors_replay(corpus, tmp_path):
    # The store's nets come from the history's lines; the auditor rebuilds them from the rules.
    from hhtools.auditing.auditor import audit
    from hhtools.reading.parsing import parse_paths

    store = Store(tmp_path)
    import_paths([corpus / "pokerstars", corpus / "kingsclub"], store)
    stored = player_stats(Tables.load(store)).select("player", "unit", "net")
    replayed: dict = {}
    for result in parse_paths([corpus / "pokerstars", corpus / "kingsclub"]):
        for hand in result.hands:
            unit = "tournament bb" if hand.tournament else (hand.currency or "cash")
            for p in audit(hand).players:
                if p.net is not None:
                    # Tournament hands count in big blinds of their level (the small bet, in
                    # Limit), to the store's four places.
                    net = (p.net / hand.small_bet).quantize(Decimal("0.0001"))  \
                        if hand.tournament else p.net
                    replayed[(p.name, unit)] = replayed.get((p.name, unit), Decimal(0)) + net
    # A player's total in big blinds is shown to the cent of a big blind.
    replayed = {(p, u): n.quantize(Decimal("0.01")) if u == "tournament bb" else n
                for (p, u), n in replayed.items()}
    got = {(p, u): n for p, u, n in stored.iter_rows()}
    assert got == {k: v for k, v in replayed.items() if k in got}
    assert len(got) > 20
    # And over every hand, as stored (the cancelled one included), the nets repay the rake.
    players, hands = store.read("players"), store.read("hands")
    assert players["net"].sum() + hands["rake"].fill_null(0).sum() == 0


def test_stats_command_formats(worked, tmp_path):
    db = tmp_path / "db"
    import_paths([WORKED], Store(db))
    runner = CliRunner()
    csv = runner.invoke(app, ["stats", "--db", str(db), "--player", "Alice", "--report", "players",
                              "--format", "csv"])
    assert csv.exit_code == 0
    header, line = csv.stdout.strip().splitlines()
    assert header.startswith("player,game,unit,hands,net")
    assert line.startswith("Alice,badugi,USD,3,2.3500")
    js = runner.invoke(app, ["stats", "--db", str(db), "--format", "json"])
    assert js.exit_code == 0
    import json
    data = json.loads(js.stdout)
    assert set(data) == {"players", "positions", "draws", "splits"}
    bad = runner.invoke(app, ["stats", "--db", str(db), "--format", "xml"])
    assert bad.exit_code == 2 and "Unknown format 'xml'. Known: csv, json, table." in bad.stderr
