"""PokerStars tournament summary files (hhtools.reading.summaries): the variants the site writes, broken
summaries rejected one by one with their line, imports that store each summary once whatever
their order with the hands, results completed or contradicted by a summary, and generated sit
& gos whose hand file stops at Hero's knock-out completed by their generated summary."""

import json
import os
import shutil
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from summarycases import FINISHED, RUNNING
from typer.testing import CliRunner

from hhtools.analytics.tournaments import TournamentTables, results, totals
from hhtools.cli.main import app
from hhtools.generate.tournament import write_tournament
from hhtools.reading.parsing import parse_file
from hhtools.store.check import find_damage
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

runner = CliRunner()

DATA = Path(__file__).parents[1] / "data" / "summaries"
SNG = "pokerstars/LBad-USD-SNG8-201011.txt"
D = Decimal


def places(rows: pl.DataFrame) -> dict:
    return {p: (place, prize) for p, place, prize in rows.select(
        "player", "place", "prize").iter_rows()}


def test_the_variants_pokerstars_writes():
    result = parse_file(DATA / "variants.txt")
    assert result.errors == () and result.site == "pokerstars" and result.hands == ()
    ko, draw, free, play = result.summaries
    # Buy-in, bounty and fee; re-entries; thousands commas; a name with brackets and
    # parentheses; places without a prize, with or without a trailing blank.
    assert (ko.game, ko.buy_in, ko.bounty, ko.fee, ko.currency, ko.entrants, ko.prize_pool) == (
        "No Limit Hold'em", D("250.00"), D("250.00"), D("30.00"), "USD", 959, D("315750.00"))
    assert ko.started_at == datetime(2020, 5, 5, 22, 0, tzinfo=timezone.utc)  # 18:00 ET
    assert ko.ended_at == datetime(2020, 5, 6, 3, 4, 30, tzinfo=timezone.utc)
    assert [(p.place, p.player, p.entries, p.country, p.prize) for p in ko.places] == [
        (1, "Ann Lake", 1, "Poland", D("42526.46")),
        (2, "b(o)b [MDG])", 1, "Sweden", D("42525.65")),
        (3, "Cyd", 3, "Canada", D("25231.51")),
        (4, "Dee Dee", 2, "Uruguay", None), (5, "Eve", 1, "Norway", None)]
    assert (ko.hero, ko.hero_place) == ("Cyd", 3)
    # A draw game named as in hand histories; no prize pool; still playing (no place).
    assert (draw.game, draw.currency, draw.prize_pool, draw.ended_at) == ("2-7", "EUR", None, None)
    assert [(p.place, p.player) for p in draw.places] == [(None, "Fay"), (None, "Gus"),
                                                          (3, "Hal"), (4, "Ivy")]
    assert (draw.hero, draw.hero_place) == ("Ivy", 4)
    assert (free.game, free.buy_in, free.fee, free.hero) == ("badugi", 0, None, None)
    # Play money: no currency; the hero's rebuys and add-ons.
    assert (play.buy_in, play.fee, play.currency, play.prize_pool) == (
        D(17000), D(3000), None, D(34000))
    assert (play.hero, play.rebuys, play.places[0].prize) == ("Ned", D("3180.00"), D(34000))


def test_broken_summaries_cost_only_themselves(tmp_path):
    path = DATA / "broken.txt"
    result = parse_file(path)
    assert [s.tournament_id for s in result.summaries] == ["2900000011", "2900000015"]
    messages = [e.message for e in result.errors]
    assert messages == [
        f"{path}:9:1: tournament 2900000012: cannot read this line: expected the buy-in line "
        "('Buy-In: $1.00/$0.20 USD'); got 'Buy-In: one dollar'",
        f"{path}:20:3: tournament 2900000013: place 1 is listed twice; in '1: Bob (Peru),'",
        f"{path}:24:1: tournament 2900000014: the summary ends too early: expected "
        "'Tournament started DATE TIME ZONE' or the prize pool ('Total Prize Pool: $6.00 USD')"]
    db = tmp_path / "db"
    out = runner.invoke(app, ["import", "--db", str(db), str(path)])
    assert out.exit_code == 1, out.output
    assert "Traceback" not in out.output and "rejected: 3" in out.output
    assert "tournament summaries: 2 new" in out.output
    rows = results(TournamentTables.load(Store(db)))
    assert set(rows["tournament_id"]) == {"2900000011", "2900000015"}
    listed = runner.invoke(app, ["rejected", "--db", str(db)])
    assert "broken.txt:20:3" in listed.output


def test_a_summary_completes_the_real_sit_and_go(corpus, tmp_path):
    store = Store(tmp_path / "db")
    import_paths([corpus / SNG, DATA / "sng8-complete.txt"], store)
    rows = results(TournamentTables.load(store))
    # The hero's file stops when Player5 busts 3rd: the summary gives 1st and 2nd.
    assert places(rows) == {
        "Player6": (1, D("4.00")), "Player4": (2, D("2.40")), "Player5": (3, D("1.60")),
        "Player0": (4, 0), "Player1": (5, 0), "Player7": (6, 0), "Player3": (7, 0),
        "Player2": (8, 0)}
    assert rows["note"].null_count() == rows.height and rows["hands"].min() > 0
    winner = rows.filter(pl.col("player") == "Player6").row(0, named=True)
    assert (winner["cost"], winner["net"], winner["hands"]) == (D("1.20"), D("2.80"), 104)
    assert totals(rows)["unknown"].sum() == 0


def test_summary_before_or_after_the_hands_and_twice(corpus, tmp_path):
    first, second = Store(tmp_path / "a"), Store(tmp_path / "b")
    import_paths([DATA / "sng8-complete.txt"], first)
    only = results(TournamentTables.load(first))
    # Every listed player has a row, with no hand stored.
    assert only.height == 8 and set(only["hands"]) == {0}
    assert places(only)["Player6"] == (1, D("4.00"))
    import_paths([corpus / SNG], first)
    import_paths([corpus / SNG], second)
    copy = tmp_path / "again.txt"
    shutil.copy(DATA / "sng8-complete.txt", copy)
    import_paths([DATA / "sng8-complete.txt"], second)
    summary = import_paths([copy], second)  # the same summary in another file
    assert (summary.summaries_new, summary.summaries_known) == (0, 1)
    os.utime(DATA / "sng8-complete.txt")  # read again: still stored once
    import_paths([DATA / "sng8-complete.txt"], second)
    a, b = (results(TournamentTables.load(s)) for s in (first, second))
    assert a.drop("note").equals(b.drop("note")) and a.height == 8
    assert Store(tmp_path / "b").read("tournament_summaries").height == 1
    assert Store(tmp_path / "b").read("summary_places").height == 8


def test_hands_and_summary_disagree(corpus, tmp_path):
    store = Store(tmp_path / "db")
    import_paths([corpus / SNG, DATA / "sng8-disagrees.txt"], store)
    rows = results(TournamentTables.load(store)).filter(pl.col("player").is_in(
        ["Player5", "Player7", "Player0", "Player2"]))
    notes = dict(rows.select("player", "note").iter_rows())
    # The hands print Player7 6th and Player5 3rd with $1.60; the summary says otherwise.
    assert places(rows)["Player7"] == (3, D("1.60"))
    assert notes["Player7"] == ("the hands print place 6, the summary place 3: the summary's "
                                "is kept; the hands print a prize of 0, the summary 1.6000: "
                                "the summary's is kept")
    # "You finished in 3rd place" lists Player7, not the hands' hero Player5.
    assert notes["Player5"].endswith("the summary says the hero finished in place 3, where "
                                     "it lists Player7")
    assert notes["Player2"] is None  # 8th in both
    out = runner.invoke(app, ["tournaments", "--db", str(tmp_path / "db"), "--player",
                              "Player7"])
    assert out.exit_code == 0 and "tournament 330855877, Player7: the hands print" in out.output


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_generated_sit_and_go_round_trips(tmp_path, seed):
    hands, summary = tmp_path / "t.txt", tmp_path / "s.txt"
    dealer = write_tournament(hands, "pokerstars", "badugi", seed=seed, entrants=8,
                              summary=summary, until_hero_out=True)
    hero = next(f for f in dealer.finishes if f.player == "Hero")
    text = hands.read_text(encoding="utf-8")
    last = text.rstrip().split("\n\n\n")[-1]
    # The file stops with Hero's knock-out, unless Hero wins.
    assert ("Hero wins the tournament" if hero.place == 1 else
            "Hero finished the tournament") in last
    assert summary.read_text().splitlines()[0] == f"PokerStars Tournament #{dealer.id}, Badugi Limit"
    store = Store(tmp_path / "db")
    done = import_paths([tmp_path], store)
    assert (done.rejected, done.not_histories, done.summaries_new) == (0, 0, 1)
    rows = results(TournamentTables.load(store))
    assert {(p, place, prize) for p, (place, prize) in places(rows).items()} == {
        (f.player, f.place, f.prize) for f in dealer.finishes}
    assert rows["note"].null_count() == rows.height
    assert set(rows["cost"]) == {D("1.20")}


def test_older_stores_and_commands(tmp_path):
    db = tmp_path / "db"
    import_paths([DATA / "variants.txt"], Store(db))
    rows = results(TournamentTables.load(Store(db)))
    cost = dict(rows.select("player", "cost").iter_rows())
    # Three entries of a $250+$250+$30 knockout; the hero's rebuys and add-ons on top.
    assert (cost["Cyd"], cost["Dee Dee"], cost["Eve"], cost["Ned"], cost["Jo"]) == (
        D(1590), D(1060), D(530), D(23180), 0)
    assert places(rows.filter(pl.col("tournament_id") == "2900000002")) == {
        "Fay": (None, None), "Gus": (None, None), "Hal": (3, 0), "Ivy": (4, 0)}
    for name in ("tournament_summaries", "summary_places"):  # as a store written before
        for f in db.glob(f"batches/*/{name}.parquet"):
            f.unlink()
    for f in db.glob("batches/*/digests.txt"):  # which older batches had none of either
        f.unlink()
    assert not find_damage(Store(db)) and results(TournamentTables.load(Store(db))).height == 0
    parsed = runner.invoke(app, ["parse", str(DATA / "variants.txt")])
    assert parsed.exit_code == 0 and "4 tournament summaries" in parsed.output
    wrong = runner.invoke(app, ["generate", "--game", "badugi", "--site", "pokerstars",
                                "--out", str(tmp_path / "x.txt"), "--summary",
                                str(tmp_path / "s.txt")])
    assert wrong.exit_code == 2 and "go with --tournament" in wrong.output
    made = runner.invoke(app, ["generate", "--game", "badugi", "--site", "pokerstars",
                               "--tournament", "--out", str(tmp_path / "t.txt"), "--summary",
                               str(tmp_path / "no" / "s.txt")])
    assert made.exit_code == 2 and "cannot write" in made.output




@pytest.mark.parametrize("order", [(RUNNING, FINISHED), (FINISHED, RUNNING)])
def test_the_finished_summary_counts_whatever_the_order(tmp_path, order):
    store = Store(tmp_path / "db")
    for n, text in enumerate(order):
        (tmp_path / f"{n}.txt").write_text(text)
        import_paths([tmp_path / f"{n}.txt"], store)
    rows = results(TournamentTables.load(store))
    assert places(rows) == {"Ann": (1, D("3.00")), "Bob": (2, 0), "Cyd": (3, 0)}
    assert set(rows["hands"]) == {0} and set(rows["cost"]) == {D("1.20")}
    # A player known from a summary only is a player of the command.
    out = runner.invoke(app, ["tournaments", "--db", str(tmp_path / "db"), "--player", "ann",
                              "--format", "json"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)["results"]
    assert [(r["player"], r["place"], r["prize"], r["hands"]) for r in got] == [
        ("Ann", 1, "3.0000", 0)]


def test_a_place_beyond_the_players_is_rejected(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text(RUNNING.replace("  3: Cyd", "  4: Cyd"))
    result = parse_file(path)
    assert result.summaries == ()
    assert [e.message for e in result.errors] == [
        f"{path}:7:3: tournament 2900000021: place 4 of 3 players: expected 1 to 3; in "
        "'4: Cyd (Chile),'"]


def test_watch_stores_a_summary_written_into_the_folder(tmp_path):
    from hhtools.store.watch import Watcher, import_line

    folder, db = tmp_path / "histories", tmp_path / "db"
    folder.mkdir()
    said = []
    watcher = Watcher([folder], Store(db), quiet=0,
                      on_import=lambda path, done: said.append(import_line(path, done)))
    shutil.copy(DATA / "sng8-complete.txt", folder / "TS20101112 T330855877.txt")
    watcher.look()
    assert Store(db).read("tournament_summaries")["tournament_id"].to_list() == ["330855877"]
    assert said[0].endswith(": 0 new hands stored, 1 tournament summary stored")
    assert watcher.summary.rejected == 0


def test_a_summary_file_is_one_slice_read_as_dask_workers_read_it():
    from hhtools.reading.slicing import plan
    from hhtools.store.slices import read_slice

    path = str(DATA / "variants.txt")
    parts = plan(path, target=200)  # far larger than a slice: still read whole
    assert len(parts) == 1 and parts[0].whole
    rows = read_slice(parts[0])
    assert rows.errors == [] and not rows.not_history and rows.verdicts == {}
    assert rows.frames["tournament_summaries"]["tournament_id"].to_list() == [
        "2900000001", "2900000002", "2900000003", "2900000004"]
    assert rows.frames["summary_places"].height == 5 + 4 + 3 + 2


def test_a_name_holding_parentheses_and_commas_is_read_to_the_last_country(tmp_path):
    # The name runs to the last "(country)," of the line, whatever "(x), " it holds before.
    path = tmp_path / "names.txt"
    path.write_text("PokerStars Tournament #77, Badugi Limit\nBuy-In: $1.00/$0.20 USD\n"
                    "3 players\nTournament started 2024/03/01 18:00:00 ET\n\n"
                    "  1: a, b (c), d (Japan), $3.60 (100%)\n  2: Bob [2] (Belgium), \n"
                    "  3: Ann (x), y (Peru), \n\nYou finished in 1st place.\n", encoding="utf-8")
    result = parse_file(path)
    assert result.errors == ()
    (found,) = result.summaries
    assert [(p.place, p.player, p.entries, p.country, p.prize) for p in found.places] == [
        (1, "a, b (c), d", 1, "Japan", D("3.60")), (2, "Bob", 2, "Belgium", None),
        (3, "Ann (x), y", 1, "Peru", None)]
    # What follows the place is still checked: a line that does not end there is rejected.
    path.write_text(path.read_text().replace("(Peru), ", "(Peru), later"), encoding="utf-8")
    (error,) = parse_file(path).errors
    assert error.line == 8 and "expected" in error.reason


def test_watch_once_rejects_a_broken_summary_written_long_ago(tmp_path):
    # One pass (watch --once) sees a file once: one unchanged for longer than the settling
    # time is read as it is, its good tournaments stored and its broken one rejected, as
    # import does; a file just written is still left for the next pass.
    folder, db = tmp_path / "histories", tmp_path / "db"
    folder.mkdir()
    old, new = folder / "old.txt", folder / "new.txt"
    shutil.copy(DATA / "broken.txt", old)
    os.utime(old, (1, 1))
    shutil.copy(DATA / "broken.txt", new)
    out = runner.invoke(app, ["watch", "--once", "--db", str(db), str(folder)])
    assert out.exit_code == 1, out.output
    assert "old.txt: 0 new hands stored, 2 tournament summaries stored, 3 rejected" in out.output
    assert "new.txt" not in out.output
    assert Store(db).rejections()["line"].to_list() == [9, 20, 24]
