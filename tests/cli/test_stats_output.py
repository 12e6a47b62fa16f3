"""`hhtools stats` as a user sees it: a table that fits the terminal, the columns and groups
they choose, money of different units kept apart, and CSV a spreadsheet cannot run. Also the
import's progress line."""

import csv
import io
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.analytics.stats import Tables, player_stats
from hhtools.cli.main import app
from hhtools.cli.progress import ProgressLine
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

WORKED = Path(__file__).parents[1] / "data" / "stats" / "pokerstars-badugi-worked.txt"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories" / "histories"
# Carol of the worked example (net -2.50) under a name a spreadsheet would run as a formula.
FORMULA = '=HYPERLINK("http://x.example","Carol")'

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """The worked hands twice, in dollars (with the hostile name) and in euros (new hand
    ids), and the bundled Badeucy hand (play money: unit "cash")."""
    folder = tmp_path_factory.mktemp("histories")
    text = WORKED.read_text(encoding="utf-8")
    (folder / "usd.txt").write_text(text.replace("Carol", FORMULA), encoding="utf-8")
    (folder / "eur.txt").write_text(text.replace("$", "€").replace("USD", "EUR")
                                    .replace("#9000000", "#8000000"), encoding="utf-8")
    root = tmp_path_factory.mktemp("db")
    kingsclub = SAMPLES / "kingsclub-badeucey-split.txt"
    assert import_paths([folder, kingsclub], Store(root)).hands_new == 7
    return root


def stats(db, *args, columns=None):
    env = {"COLUMNS": str(columns)} if columns else None
    return runner.invoke(app, ["stats", "--db", str(db), *map(str, args)], env=env)


def test_the_table_fits_the_terminal_and_names_what_it_left_out(db):
    for width in (60, 80, 120):
        result = stats(db, "--report", "players", columns=width)
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert lines[0].split()[:4] == ["player", "game", "unit", "hands"]
        assert max(map(len, lines)) <= width
        assert "left out to fit" in result.stderr and "--wide" in result.stderr
    # However narrow, the groups stay: a net without its unit would mislead.
    narrow = stats(db, "--report", "players", columns=20)
    assert narrow.stdout.splitlines()[0].split() == ["player", "game", "unit", "hands"]
    wide = stats(db, "--report", "players", "--wide", columns=80)
    header = wide.stdout.splitlines()[0].split()
    assert header[-4:] == ["went_to_showdown", "won_at_showdown", "showdown_net", "non_showdown_net"]
    assert "af_draw3" in header and wide.stderr == ""


def test_columns_are_chosen_and_the_groups_come_first(db):
    result = stats(db, "--report", "players", "--player", "Alice", "--columns", "net,hands")
    assert result.exit_code == 0, result.output
    assert [line.split() for line in result.stdout.splitlines()] == [
        ["player", "game", "unit", "net", "hands"],
        ["Alice", "badugi", "EUR", "2.35", "3"],
        ["Alice", "badugi", "USD", "2.35", "3"]]
    # With every report, those holding none of the columns asked for are left out.
    both = stats(db, "--player", "Alice", "--columns", "hands,pat_pct")
    assert [line for line in both.stdout.splitlines() if line.startswith("#")] == [
        "# players", "# positions", "# draws"]


def test_money_of_different_units_is_never_summed(db):
    # Grouped by player alone, Alice's dollars and euros are still two rows.
    result = stats(db, "--report", "players", "--player", "Alice", "--group-by", "player",
                   "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["player"], r["unit"], r["net"]) for r in rows] == [
        ("Alice", "EUR", "2.3500"), ("Alice", "USD", "2.3500")]
    frame = player_stats(Tables.load(Store(db)), by=["player"])
    assert frame.columns[:2] == ["player", "unit"]
    assert frame.filter(frame["player"] == "Alice")["net"].to_list() == [Decimal("2.35")] * 2


def test_default_rows_are_per_player_game_and_unit(db):
    result = stats(db, "--report", "players", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    keys = [(r["player"], r["game"], r["unit"]) for r in rows]
    assert len(keys) == len(set(keys)) and ("Hero", "badeucy", "cash") in keys
    by_site = stats(db, "--report", "players", "--group-by", "site,stakes", "--format", "csv")
    header = by_site.stdout.splitlines()[0]
    assert header.startswith("site,stakes,unit,hands,net")
    assert "pokerstars,0.25/0.5,USD,9," in by_site.stdout


def test_csv_never_lets_a_formula_through_but_keeps_negative_numbers(db):
    result = stats(db, "--report", "players", "--format", "csv", "--columns", "net,bb_per_100")
    assert result.exit_code == 0, result.output
    rows = {r["player"]: r for r in csv.DictReader(io.StringIO(result.stdout))}
    assert "'" + FORMULA in rows and FORMULA not in rows
    carol = rows["'" + FORMULA]
    assert (carol["net"], carol["bb_per_100"]) == ("-2.5000", "-333.33")  # numbers, as numbers
    for line in result.stdout.splitlines()[1:]:
        assert not line.startswith(("=", "+", "@")), line


def test_the_progress_line_counts_hands_and_bytes_on_a_terminal_only(tmp_path):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    states = []
    shown, piped = Terminal(), io.StringIO()
    line, quiet = ProgressLine(shown, interval=0), ProgressLine(piped, interval=0)

    def progress(p):
        states.append(replace(p))
        line(p)
        quiet(p)

    import_paths([SAMPLES], Store(tmp_path / "db"), progress=progress)
    line.close()
    quiet.close()
    size = sum(f.stat().st_size for f in SAMPLES.iterdir())
    assert (states[0].files, states[0].bytes, states[0].hands_read) == (3, size, 0)
    assert [s.files_read for s in states[1:4]] == [1, 2, 3]
    assert (states[-1].bytes_read, states[-1].hands_read, states[-1].hands_stored) == (size, 6, 6)
    text = shown.getvalue()
    assert "importing: 6 hands (" in text and "/s), 0.0 of 0.0 MB (100%, " in text
    assert "MB/s), 3 of 3 files" in text and text.endswith("\r\x1b[K")
    assert piped.getvalue() == ""  # logs and pipes stay clean


def test_the_note_on_the_columns_left_out_is_wrapped_to_the_terminal(db):
    for width in (80, 120, 200):  # at 200 every column may fit: then there is no note
        result = stats(db, "--report", "players", "--report", "positions", columns=width)
        assert result.exit_code == 0, result.output
        assert max(map(len, result.stderr.splitlines()), default=0) <= width, result.stderr
    narrow = stats(db, "--report", "players", columns=80).stderr
    assert len(narrow.splitlines()) > 1  # the note is longer than 80 characters, so wrapped
    said = " ".join(narrow.split())
    assert said.startswith("(players: ") and "--wide" in said
