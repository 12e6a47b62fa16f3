"""Game nights on the command line, and the record format's errors.

``hhtools audit`` tells a night from a hand history by its first line; a night that cannot be
read is reported as FILE:LINE:COLUMN with what was expected, never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.commerce.audit import audit_night
from hhtools.commerce.record import RecordError, read_night

runner = CliRunner()
NIGHT_FILE = Path(__file__).parents[1] / "data" / "nights" / "la_viuda.txt"
NIGHT = NIGHT_FILE.read_text(encoding="utf-8")

WHISKY = """\
Whisky Poker night
Scoring: pool
Chip: $0.25
Seat 1: Ana buys 5 chips
Seat 2: Ben buys 5 chips
Seat 3: Carla buys 5 chips

Deal 1, dealer Carla
Pool: 3 chips
Ana: Kh 9h 7d 4c 2s
Ben: Kd 9c 7h 4s 2c
Carla: Qs Jc 8d 6h 3s
Widow: As Ad 5c 5d Th
Ana knocks
Ben passes
Carla passes
Widow turned up: As Ad 5c 5d Th
Showdown
Ana shows Kh 9h 7d 4c 2s
Ben shows Kd 9c 7h 4s 2c
Carla shows Qs Jc 8d 6h 3s
Ana takes 1 chip
Ben takes 1 chip

Deal 2, dealer Ana
Pool: 4 chips
Ben: 2h 3h 4h 5h 6h
Carla: 7c 7s 8c 9d Ts
Ana: Jd Jh Qh Qd Kc
Widow: ?? ?? ?? ?? ??
Ben knocks
Carla exchanges all, gives 7c 7s 8c 9d Ts
Ana exchanges Kc for Ts
Showdown
Ben shows 2h 3h 4h 5h 6h
Carla shows ?? ?? ?? ?? ??
Ana shows Jd Jh Qh Qd Ts
Ben takes 4 chips
"""


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_whisky_pool_scoring_shares_the_pool_and_checks_the_ante():
    result = audit_night(read_night(WHISKY, "w.txt"))
    # Deal 1: Ana and Ben tie (suits never break a tie in Whisky Poker): 3 chips make 1 each,
    # one left in the pool; deal 2: 3 chips put in, 4 in the pool.
    assert result.verdict == "unverifiable", result.report()  # Carla's last hand is not known
    assert result.deals[0].verdict == "ok"
    assert result.deals[0].comparison.best == ("Ana", "Ben")
    assert result.chips == {"Ana": 4, "Ben": 8, "Carla": 3}


def test_whisky_pool_taken_by_the_wrong_player_is_a_mismatch():
    text = WHISKY.replace("Ana takes 1 chip\nBen takes 1 chip", "Ana takes 3 chips")
    findings = audit_night(read_night(text, "w.txt")).all_findings
    assert [(f.kind, f.expected, f.recorded) for f in findings][0] == (
        "winner_mismatch", "Ana 1, Ben 1", "Ana 3")


@pytest.mark.parametrize("change,where,expected", [
    (("Ana passes\nCarla passes", "Ana pases\nCarla passes"), "34:5",
     "expected 'exchanges', 'knocks' or 'passes'; got 'pases' in 'Ana pases'"),
    (("Carla: Kc 8d 6h 5s 2d", "Carla: Kc 8d 6h 5s"), "48:19",
     "expected a card (As, 10d, Jk, or ?? when not seen); got the end of the line"),
    (("Carla pays 1 chip\n\nDeal 2", "Bob pays 1 chip\n\nDeal 2"), "24:1",
     "Bob has no seat: expected one of Ana, Ben or Carla; in 'Bob pays 1 chip'"),
    (("Wild: 2\n", ""), "28:1", "a La Viuda deal says which rank is wild"),
    (("Drawn card: 8d\nAna pays 1 chip", "Ana pays 1 chip\nDrawn card: 8d"), "42:1",
     "this line is out of place: after the showdown come the hands shown"),
    (("Ben: Kh 9d 7s 5c 3h", "Ben: Kh 9d 7s 5c 3x"), "29:18", "got '3x'"),
    (("Deal 2, dealer Carla", "Deal 3, dealer Carla"), "26:6", "deal 3 out of order: expected deal 2"),
])
def test_record_errors_name_line_column_and_what_was_expected(change, where, expected):
    text = NIGHT.replace(*change)
    assert text != NIGHT
    with pytest.raises(RecordError) as e:
        read_night(text, "n.txt")
    assert str(e.value).startswith(f"n.txt:{where}: "), str(e.value)
    assert expected in str(e.value)


def test_jokers_are_refused_in_whisky_poker():
    with pytest.raises(RecordError, match="w.txt:11:18: .*without jokers"):
        read_night(WHISKY.replace("Ben: Kd 9c 7h 4s 2c", "Ben: Kd 9c 7h 4s Jk"), "w.txt")


def test_a_night_cut_short_says_so():
    with pytest.raises(RecordError, match=r"n.txt:\d+:1: the night ends too early: expected"):
        read_night(NIGHT.split("Showdown")[0], "n.txt")


def test_audit_reads_a_night_and_says_ok():
    result = run("audit", NIGHT_FILE)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].endswith("la_viuda.txt deal 1 ok")
    assert lines[-1].endswith("la_viuda.txt ok (5 deals)")


def test_audit_json_and_a_mismatch_exit_1(tmp_path):
    bad = tmp_path / "night.txt"
    bad.write_text(NIGHT.replace("Wild: 2", "Wild: 3"), encoding="utf-8")
    result = run("audit", "--json", bad)
    assert result.exit_code == 1
    obj = json.loads(result.output)
    assert obj["verdict"] == "mismatch" and obj["game"] == "la-viuda"
    assert obj["deals"][1]["findings"][0]["kind"] == "wild_mismatch"
    assert obj["deals"][1]["worst"] == ["Ana"]
    text = run("audit", bad)
    assert "deal 2 mismatch" in text.output
    assert "wild_mismatch: line 28: 2 chips in the pool make twos wild, not threes" in text.output


def test_audit_explain_tells_the_night_turn_by_turn():
    result = run("audit", NIGHT_FILE, "--explain", "all")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "line 9: Pool: 1 chip, so aces are wild (and both jokers)." in out
    assert "8d is drawn from the deck: red, so Ben (more red cards) ranks above Ana." in out
    assert "line 42: Ana pays 1 chip to the pool because theirs is the worst hand" in out
    assert ("line 63: Carla buys La Viuda for $2, by the rules: they have just lost their original "
            "chips and nobody had bought it") in out
    assert "the pool stays at 3 chips, so the wild rank stays the same" in out
    assert "Ben is the last player with chips and wins the game, collecting $8" in out
    one = run("audit", NIGHT_FILE, "--explain", "2")
    assert "Deal 2: Carla deals" in one.output and "Deal 3" not in one.output
    assert run("audit", NIGHT_FILE, "--explain", "9").exit_code == 2


def test_a_bare_explain_replays_the_whole_night():
    """``hhtools audit night.txt --explain``, as a table would type it: the whole night; on
    hand histories a bare --explain asks for the hand id."""
    import subprocess
    import sys

    def hhtools(*args):
        return subprocess.run([sys.executable, "-m", "hhtools", *map(str, args)],
                              capture_output=True, text=True)

    night = hhtools("audit", NIGHT_FILE, "--explain")
    assert night.returncode == 0, night.stderr
    assert night.stdout == run("audit", NIGHT_FILE, "--explain", "all").output
    poker = hhtools("audit", Path(__file__).parents[2] / "sample_histories" / "histories",
                    "--explain")
    assert poker.returncode == 2 and "--explain takes a hand id" in poker.stderr
    assert "Traceback" not in poker.stderr


def test_audit_an_unreadable_night_exit_1_no_traceback(tmp_path):
    bad = tmp_path / "night.txt"
    bad.write_text(NIGHT.replace("Ana exchanges 2d for Kd", "Ana swaps 2d for Kd"), encoding="utf-8")
    result = run("audit", bad)
    assert result.exit_code == 1
    assert f"{bad}:91:5: cannot read this line" in result.output
    assert "Traceback" not in result.output
    obj = json.loads(run("audit", "--json", bad).output)
    assert (obj["verdict"], obj["line"], obj["column"]) == ("unparsed", 91, 5)


def test_nights_and_hand_histories_are_audited_apart(tmp_path, corpus):
    result = run("audit", NIGHT_FILE, corpus / "kingsclub")
    assert result.exit_code == 2
    assert "audit them apart" in result.output


def test_generate_a_night_without_site(tmp_path):
    out = tmp_path / "night.txt"
    result = run("generate", "--game", "la-viuda", "--players", "5", "--seed", "4", "--out", out)
    assert result.exit_code == 0, result.output
    assert "la-viuda night of" in result.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("La Viuda night") and text.count("\nSeat ") == 5
    assert run("audit", out).exit_code == 0
    stdout = run("generate", "--game", "whisky", "--players", "3", "--seed", "4")
    assert stdout.output.startswith("Whisky Poker night")
    assert run("generate", "--game", "whisky", "--players", "12").exit_code == 2


def test_generate_poker_still_needs_a_site(tmp_path):
    result = run("generate", "--game", "badugi", "--out", tmp_path / "x.txt")
    assert result.exit_code == 2
    assert "--site is required" in result.output


def test_the_readme_example_is_the_tested_night():
    readme = (Path(__file__).parents[2] / "docs" / "nights.md").read_text(encoding="utf-8")
    section = readme.split("# Game nights: Whisky Poker and La Viuda")[1]
    example = section.split("```text\n")[1].split("```")[0]
    assert example == NIGHT


def test_windows_line_ends_and_header_case_are_read():
    text = NIGHT.replace("La Viuda night", "LA VIUDA NIGHT").replace("\n", "\r\n")
    assert audit_night(read_night(text, "n.txt")).verdict == "ok"


def test_whisky_pool_leaving_out_the_antes_is_a_mismatch():
    result = audit_night(read_night(WHISKY.replace("Pool: 3 chips", "Pool: 0 chips"), "w.txt"))
    (f,) = result.all_findings
    assert (f.kind, f.expected, f.recorded) == ("pool_mismatch", "3", "0")
    assert "each player contributes one chip" in f.rule


def test_whisky_lowest_pays_names_the_loser():
    from hhtools.commerce.generate import night_text

    text = night_text("whisky", 3, 1)  # an odd seed: the lowest hand pays
    assert "Scoring: lowest pays" in text and audit_night(read_night(text)).verdict == "ok"
    loser = next(line for line in text.splitlines() if line.endswith(" loses the game"))
    other = next(n for n in ("Ana", "Ben", "Carla") if not loser.startswith(n))
    findings = audit_night(read_night(text.replace(loser, f"{other} loses the game"))).all_findings
    assert [f.kind for f in findings] == ["winner_mismatch"]
    assert "The first player to lose all five chips" in findings[0].rule
