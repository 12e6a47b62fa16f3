"""Tournament results (hhtools.analytics.tournaments, ``hhtools tournaments``): the real PokerStars sit &
go, generated sit & gos checked against what the generator decided, a tournament imported in
two parts, a store written before the tournaments table, stats that never add chips of two
tournaments, the command's formats and the results chart."""

import json
import re
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from hhtools.analytics.stats import Tables, player_stats
from hhtools.analytics.tournaments import TournamentTables, profit_curve, results, totals, unread
from hhtools.cli.main import app
from hhtools.generate.tournament import TournamentDealer, payouts, write_tournament
from hhtools.reading.parsing import parse_text
from hhtools.store.check import find_damage
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

runner = CliRunner()
SNG = "pokerstars/LBad-USD-SNG8-201011.txt"
EDGES = Path(__file__).parents[1] / "data" / "stats-edges" / "pokerstars-badugi-edges.txt"


def row(frame: pl.DataFrame, **where) -> dict:
    chosen = frame.filter(pl.all_horizontal(pl.col(k) == v for k, v in where.items()))
    assert chosen.height == 1, where
    return chosen.row(0, named=True)


@pytest.fixture(scope="module")
def sng(corpus, tmp_path_factory) -> Store:
    store = Store(tmp_path_factory.mktemp("sng"))
    import_paths([corpus / SNG], store)
    return store


def test_the_real_sit_and_go(sng):
    rows = results(TournamentTables.load(sng))
    assert rows.height == 8 and set(rows["tournament_id"]) == {"330855877"}
    places = {p: (place, prize) for p, place, prize in rows.select(
        "player", "place", "prize").iter_rows()}
    # The finishes the hands print, the hero's with the prize it received.
    assert places == {"Player2": (8, 0), "Player3": (7, 0), "Player7": (6, 0), "Player1": (5, 0),
                      "Player0": (4, 0), "Player5": (3, Decimal("1.60")),
                      # Still playing when the hero's file ends: unknown, not 0.
                      "Player6": (None, None), "Player4": (None, None)}
    hero = row(rows, player="Player5")
    assert (hero["buy_in"], hero["bounty"], hero["fee"], hero["cost"], hero["currency"]) == (
        Decimal("1.00"), None, Decimal("0.20"), Decimal("1.20"), "USD")
    assert (hero["hands"], hero["chips_start"], hero["chips_end"], hero["net"]) == (
        104, 1500, 0, Decimal("0.40"))
    # Player4 played every hand and ends with the chips of the last one.
    assert row(rows, player="Player4")["chips_end"] == 4690
    summed = totals(rows)
    p5 = row(summed, player="Player5")
    assert (p5["tournaments"], p5["unknown"], p5["cost"], p5["prizes"], p5["net"], p5["roi"],
            p5["itm"]) == (1, 0, Decimal("1.20"), Decimal("1.60"), Decimal("0.40"), 33.3, 100.0)
    p4 = row(summed, player="Player4")
    assert (p4["tournaments"], p4["unknown"], p4["cost"], p4["net"], p4["roi"], p4["itm"]) == (
        1, 1, None, None, None, None)
    assert row(summed, player="Player0")["roi"] == -100.0


HEADER = ("PokerStars Game #900000105: Tournament #900000100, $1.00+$0.20 USD Badugi Limit - "
          "Level I (20/40) - 2026/01/06 11:00:00 ET")


def _tournament_hand() -> str:
    text = EDGES.read_text(encoding="utf-8-sig")
    return text[text.index(HEADER):].strip() + "\n"


@pytest.mark.parametrize("buy_in, parts", [
    ("$10+$1+$0.50 USD", (Decimal(10), Decimal(1), Decimal("0.50"), "USD")),
    ("$2.00+$0.20 USD", (Decimal(2), None, Decimal("0.20"), "USD")),
    ("Freeroll", (Decimal(0), None, None, None)),
])
def test_buy_ins_as_the_header_splits_them(buy_in, parts):
    (hand,) = parse_text(_tournament_hand().replace("$1.00+$0.20 USD", buy_in)).hands
    t = hand.tournament
    assert (t.buy_in, t.bounty, t.fee, t.currency) == parts


def test_a_buy_in_of_four_parts_is_rejected_with_its_line():
    result = parse_text(_tournament_hand().replace("$1.00+$0.20", "$1+$1+$1+$0.20"))
    (error,) = result.errors
    assert (error.line, "4 parts: expected buy-in+fee or buy-in+bounty+fee" in error.reason) == (
        1, True)


def test_the_winner_line_and_a_bad_prize():
    text = _tournament_hand().replace(
        "Bob: doesn't show hand",
        "Bob: doesn't show hand\nBob wins the tournament and receives $4.50 - congratulations!")
    from hhtools.store.frames import frames, new_rows
    from hhtools.store.rows import add_hand

    rows = new_rows()
    (hand,) = parse_text(text).hands
    add_hand(rows, hand)
    finishes = frames(rows)["tournament_finishes"]
    assert finishes.select("player", "place", "prize").rows() == [("Bob", 1, Decimal("4.50"))]
    broken = parse_text(text.replace("$4.50", "$4.5.0"))
    (error,) = broken.errors
    assert "'$4.5.0' is not an amount" in error.reason and error.line == text.count(
        "\n", 0, text.index("Bob wins")) + 1


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """Two generated sit & gos (6 and 8 entrants), their dealers and a store holding both."""
    folder = tmp_path_factory.mktemp("generated")
    dealers = [write_tournament(folder / "six.txt", "pokerstars", "badugi", seed=11, entrants=6),
               write_tournament(folder / "two-seven.txt", "pokerstars", "2-7", seed=12,
                                entrants=6, hands_per_level=6)]
    eight = write_tournament(folder / "eight-badugi.txt", "pokerstars", "badugi", seed=13,
                             entrants=8, hands_per_level=5)
    dealers.append(eight)
    store = Store(folder / "db")
    summary = import_paths([folder], store)
    return folder, dealers, store, summary


def test_generated_tournaments_audit_ok_and_keep_their_chips(generated):
    folder, dealers, store, summary = generated
    assert summary.rejected == 0 and set(summary.verdicts) == {"ok"}
    assert summary.hands_new == sum(d.count for d in dealers)
    # No rake: every hand starts with the chips the entrants brought.
    hands = store.read("hands").join(store.read("players"), on=["site", "hand_id"])
    per_hand = hands.group_by("tournament_id", "hand_id").agg(pl.col("starting_stack").sum())
    chips = {t: set(totals) for t, totals in per_hand.group_by("tournament_id").agg(
        pl.col("starting_stack").unique()).iter_rows()}
    assert chips == {d.id: {1500 * d.entrants} for d in dealers}


def test_generated_results_are_what_the_generator_decided(generated):
    _, dealers, store, _ = generated
    rows = results(TournamentTables.load(store))
    for dealer in dealers:
        mine = rows.filter(pl.col("tournament_id") == dealer.id)
        got = {(p, place, prize) for p, place, prize in mine.select(
            "player", "place", "prize").iter_rows()}
        assert got == {(f.player, f.place, f.prize) for f in dealer.finishes}
        assert len(dealer.finishes) == dealer.entrants
        # The prizes are the pool split as PokerStars splits it.
        paid = sorted((f.prize for f in dealer.finishes if f.prize), reverse=True)
        assert paid == [dealer.pool * s / 100 for s in payouts(dealer.entrants)]
        assert set(mine["cost"]) == {Decimal("1.20")} and set(mine["chips_start"]) == {1500}
        winner = row(mine, place=1)
        assert winner["chips_end"] == 1500 * dealer.entrants
    hero = row(totals(rows), player="Hero")
    finishes = [f for d in dealers for f in d.finishes if f.player == "Hero"]
    prizes = sum(f.prize for f in finishes)
    assert (hero["tournaments"], hero["unknown"], hero["prizes"], hero["net"]) == (
        3, 0, prizes, prizes - Decimal("3.60"))
    assert hero["roi"] == round(float(100 * (prizes - Decimal("3.60")) / Decimal("3.60")), 1)
    assert hero["itm"] == round(100 * sum(1 for f in finishes if f.prize) / 3, 1)


def _halves(path: Path) -> tuple[str, str]:
    hands = path.read_text(encoding="utf-8-sig").strip().split("\n\n\n\n")
    middle = len(hands) // 2
    return "\n\n\n\n".join(hands[:middle]) + "\n", "\n\n\n\n".join(hands[middle:]) + "\n"


def test_a_tournament_imported_in_two_parts_is_completed_and_never_doubled(generated, tmp_path):
    folder, dealers, _, _ = generated
    first, second = _halves(folder / "eight-badugi.txt")
    (tmp_path / "a.txt").write_text(first, encoding="utf-8")
    (tmp_path / "b.txt").write_text(second, encoding="utf-8")
    store = Store(tmp_path / "db")
    import_paths([tmp_path / "a.txt"], store)
    early = results(TournamentTables.load(store))
    assert early["place"].null_count() > 0  # the players still in when the first part ends
    import_paths([tmp_path / "b.txt"], store)
    whole = results(TournamentTables.load(store))
    dealer = dealers[2]
    assert {(p, place) for p, place in whole.select("player", "place").iter_rows()} == {
        (f.player, f.place) for f in dealer.finishes}
    assert whole["hands"].max() == dealer.count
    # Importing both parts again, and the whole file too, adds no hand and changes nothing.
    (tmp_path / "whole.txt").write_text(first + "\n\n\n" + second, encoding="utf-8")
    again = import_paths([tmp_path], store)
    assert again.hands_new == 0
    assert results(TournamentTables.load(store)).equals(whole)


def test_a_store_written_before_the_tournaments_table(corpus, tmp_path):
    store = Store(tmp_path / "old")
    import_paths([corpus / SNG], store)
    for batch in store.batch_folders():
        (batch / "tournaments.parquet").unlink()
        (batch / "tournament_finishes.parquet").unlink()
        (batch / "digests.txt").unlink()  # which older batches had none of either
    assert find_damage(store) == []
    tables = TournamentTables.load(store)
    rows = results(tables)
    assert rows.height == 8 and rows["net"].null_count() == 8 and unread(tables) == 1
    assert row(rows, player="Player5")["hands"] == 104
    result = runner.invoke(app, ["tournaments", "--db", str(tmp_path / "old")])
    assert result.exit_code == 0
    assert "1 tournament stored by an hhtools older than the tournaments table" in result.stderr
    # A new import into it still writes whole batches, and reads them back.
    assert import_paths([EDGES], store).hands_new > 0 and find_damage(store) == []


def _scaled(text: str) -> str:
    """The tournament hand of the edges file as hand 2 of a tournament at 2000/4000 with
    100 times the chips, Bob and Carol swapping seats."""
    for small, big in (("(1500 in chips)", "(150000 in chips)"), ("blind 10", "blind 1000"),
                       ("blind 20", "blind 2000"), ("raises 20 to 40", "raises 2000 to 4000"),
                       ("(20)", "(2000)"), ("collected 50 ", "collected 5000 "),
                       ("pot 50 ", "pot 5000 "), ("collected (50)", "collected (5000)"),
                       ("Level I (20/40)", "Level X (2000/4000)"),
                       ("900000105", "900000205"), ("900000100", "900000200")):
        text = text.replace(small, big)
    return text.replace("Bob", "@").replace("Carol", "Bob").replace("@", "Carol")


def test_stats_never_add_chips_of_two_tournaments(tmp_path):
    hand = _tournament_hand()
    (tmp_path / "two.txt").write_text(hand + "\n\n\n" + _scaled(hand), encoding="utf-8")
    store = Store(tmp_path / "db")
    import_paths([tmp_path / "two.txt"], store)
    stats = player_stats(Tables.load(store))
    assert set(stats["unit"]) == {"tournament bb"}
    # Bob: +30 chips at 20/40 (1.5 big blinds), -1000 at 2000/4000 (-0.5): +1 big blind, where
    # adding the chips would say -970.
    bob = row(stats, player="Bob")
    assert (bob["hands"], bob["net"], bob["bb_per_100"]) == (2, Decimal("1"), 50.0)
    assert row(stats, player="Carol")["net"] == Decimal("1")
    rows = results(TournamentTables.load(store))
    assert sorted(rows.filter(pl.col("player") == "Bob")["chips_start"].to_list()) == [
        1500, 150000]


def test_tournament_nets_at_and_without_showdown_are_to_the_cent_of_a_big_blind(generated):
    """As the net is: the per-hand quotients summed read -29.2584 in the report."""
    _, _, store, _ = generated
    stats = player_stats(Tables.load(store), by=("player", "game", "unit"))
    for column in ("net", "showdown_net", "non_showdown_net"):
        assert all(v == v.quantize(Decimal("0.01")) for v in stats[column].drop_nulls()), column


def test_command_formats(generated):
    _, dealers, store, _ = generated
    db = str(store.root)
    table = runner.invoke(app, ["tournaments", "--db", db, "--player", "hero"],
                          env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert lines[0] == "# results" and lines[1].split()[:7] == [
        "tournament_id", "player", "game", "finish", "prize", "net", "buy_in"]
    # Money is right-aligned under its header, as numbers are: the cents in one column.
    end = lines[1].index(" net ") + len(" net")
    rows = lines[2:lines.index("")]
    assert all(x[end - 1].isdigit() and x[end - 3] == "." and x[end] == " " for x in rows)
    first = next(f for f in dealers[0].finishes if f.player == "Hero")
    line = next(x for x in lines if x.startswith(dealers[0].id))
    assert "1.00+0.20 USD" in line and re.search(rf"\b{first.place}(st|nd|rd|th)\b", line)
    # The game as players name it, not hhtools' internal name (CSV and JSON keep that one).
    assert " Badugi " in line and any(" 2-7 Triple Draw " in x for x in lines)
    assert "# totals" in lines
    as_json = json.loads(runner.invoke(app, ["tournaments", "--db", db, "--player", "Hero",
                                             "--format", "json"]).stdout)
    assert len(as_json["results"]) == 3 and as_json["notes"] == []
    assert {r["tournament_id"] for r in as_json["results"]} == {d.id for d in dealers}
    assert Decimal(as_json["totals"][0]["cost"]) == Decimal("3.60")
    from datetime import datetime

    started = as_json["results"][0]["started_at"]
    assert "T" in started and datetime.fromisoformat(started).utcoffset().total_seconds() == 0
    csv = runner.invoke(app, ["tournaments", "--db", db, "--report", "totals", "--format", "csv"])
    assert csv.exit_code == 0 and csv.stdout.startswith(
        "player,currency,tournaments,unknown,cost,prizes,net,roi,itm,wins,best\n")
    assert csv.stdout.count("\n") == 1 + len({f.player for d in dealers for f in d.finishes})
    results_csv = runner.invoke(app, ["tournaments", "--db", db, "--report", "results",
                                      "--format", "csv"]).stdout
    assert ",badugi," in results_csv and "Badugi" not in results_csv
    bad = runner.invoke(app, ["tournaments", "--db", db, "--report", "total"])
    assert bad.exit_code == 2 and "Did you mean totals?" in bad.stderr


def test_the_results_chart(generated, tmp_path):
    _, dealers, store, _ = generated
    out = tmp_path / "t.png"
    result = runner.invoke(app, ["chart", "--db", str(store.root), "--player", "Hero", "--kind",
                                 "tournaments", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    from hhtools.report.tournament_chart import tournament_results_chart

    curve = profit_curve(results(TournamentTables.load(store)), "Hero")
    # In order of start, the running total of each tournament's net.
    assert curve["started_at"].is_sorted() and curve.height == 3
    fig = tournament_results_chart(curve, "Hero")
    (line,) = [x for x in fig.axes[0].get_lines() if x.get_gid() == "cumulative"]
    nets = [f.prize - Decimal("1.20") for d in sorted(dealers, key=lambda d: curve[
        "tournament_id"].to_list().index(d.id)) for f in d.finishes if f.player == "Hero"]
    # From 0 before the first tournament, then the running total after each.
    assert [Decimal(str(y)) for y in line.get_ydata()] == [0] + [sum(nets[:i + 1])
                                                                 for i in range(3)]


def test_the_results_chart_of_two_currencies(generated, tmp_path):
    """Sit & gos in euros and dollars: a panel per currency (the command refused to draw)."""
    folder, _, _, _ = generated
    text = (folder / "six.txt").read_text(encoding="utf-8-sig")
    (tmp_path / "euros.txt").write_text(text.replace("$", "€").replace("USD", "EUR"),
                                        encoding="utf-8")
    store = Store(tmp_path / "db")
    import_paths([tmp_path / "euros.txt", folder / "two-seven.txt"], store)
    from hhtools.report.tournament_chart import tournament_chart

    fig = tournament_chart(store, "Hero")
    assert [ax.get_ylabel() for ax in fig.axes] == ["Net won (EUR)", "Net won (USD)"]
    assert all(any(x.get_gid() == "cumulative" for x in ax.get_lines()) for ax in fig.axes)
    out = tmp_path / "t.png"
    result = runner.invoke(app, ["chart", "--db", str(store.root), "--player", "Hero", "--kind",
                                 "tournaments", "--out", str(out)])
    assert result.exit_code == 0 and out.read_bytes()[:4] == b"\x89PNG"


def test_the_report_section(generated):
    from hhtools.report.tournaments import tournament_section

    _, dealers, store, _ = generated
    tables = TournamentTables.load(store)
    html = tournament_section(tables, "Hero")
    assert html.startswith("<p>Money per currency")
    assert 'id="tournaments-results"' in html and 'src="data:image/png;base64,' in html
    assert all(d.id in html for d in dealers)
    assert '<td class="text" data-label="Game">2-7 Triple Draw</td>' in html
    # Histories print the site's clock (ET...); the store keeps UTC, and the page says so.
    assert '<th scope="col" class="text">Started (UTC)</th>' in html
    assert 'data-label="Game">2-7<' not in html and 'data-label="Game">badugi<' not in html
    assert tournament_section(tables, "Nobody") == ""
    # Names come from files anyone writes: escaped.
    evil = TournamentTables(tables.hands, tables.players.with_columns(
        player=pl.lit("<b>x</b>")), tables.tournaments, tables.finishes)
    assert "<b>x</b>" not in tournament_section(evil) and "&lt;b&gt;x&lt;/b&gt;" in \
        tournament_section(evil)


def test_the_report_lists_the_latest_tournaments_and_counts_them_all(generated, monkeypatch):
    """A player of hundreds of sit & gos gets the most recent ones, not an endless table;
    the caption says how many there are, and the totals still count every one."""
    import hhtools.report.tournaments as rt

    _, dealers, store, _ = generated
    tables = TournamentTables.load(store)
    order = results(tables.only("Hero"))["tournament_id"].to_list()
    monkeypatch.setattr(rt, "LATEST", 2)
    html = rt.tournament_section(tables, "Hero")
    listed = re.search(r'<table id="tournaments-results".*?</table>', html, re.S).group(0)
    assert "<caption>The last 2 of 3 tournaments, in order of start" in listed
    assert [i for i in order if i in listed] == order[1:] and order[0] not in listed
    summed = re.search(r'<table id="tournaments-totals".*?</table>', html, re.S).group(0)
    assert '<td class="num" data-label="Tournaments">3</td>' in summed


def test_the_report_draws_one_results_chart_per_currency(generated):
    """Sit & gos in euros and in dollars: a chart of each, never one adding them up (the
    section used to show no chart at all, only that they cannot be added)."""
    from dataclasses import replace

    from hhtools.report.tournaments import tournament_section

    _, dealers, store, _ = generated
    tables = TournamentTables.load(store)
    euro = tables.hands.filter(pl.col("tournament_id") == dealers[0].id)["hand_id"]
    tables = replace(tables, tournaments=tables.tournaments.with_columns(
        currency=pl.when(pl.col("hand_id").is_in(euro.to_list())).then(pl.lit("EUR"))
        .otherwise(pl.col("currency"))))
    html = tournament_section(tables, "Hero")
    charts = re.findall(r'<figure id="tournaments-chart-(\d)"><img class="chart" alt="[^"]*" '
                        r'src="data:image/png;base64,[^"]+"><figcaption>([^<]*)</figcaption>',
                        html)
    assert [(n, caption.rsplit(", ", 1)[-1]) for n, caption in charts] == [
        ("1", "in EUR"), ("2", "in USD")]
    assert "not added up" not in html


def test_the_dealer_refuses_what_it_cannot_deal():
    from hhtools.errors import HHToolsError

    with pytest.raises(HHToolsError, match="seats 2 to 8 players, not 9"):
        TournamentDealer("pokerstars", "badugi", entrants=9)
