"""``hhtools parse``: summary, JSON lines, exit status."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hhtools.cli.main import app

INVALID = Path(__file__).parents[1] / "invalid"
runner = CliRunner()


def test_summary_and_exit_status(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text((INVALID / "pokerstars" / "bad-card.txt").read_text().replace("1x", "6s"))
    result = runner.invoke(app, ["parse", str(good)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{good}: pokerstars, 1 hand (badugi 1)",
        "total: 1 file, 1 hand (pokerstars: badugi 1), skipped none, 0 rejected"]


def test_rejected_hands_are_listed_with_their_line():
    path = INVALID / "pokerstars" / "first-of-two-broken.txt"
    result = runner.invoke(app, ["parse", str(path)])
    assert result.exit_code == 1
    assert f"  {path}:11:1: hand 1001: cannot read this line" in result.output
    assert "1 hand rejected" in result.output


def test_json_lines():
    path = INVALID / "pokerstars" / "first-of-two-broken.txt"
    result = runner.invoke(app, ["parse", "--json", str(path)])
    assert result.exit_code == 1
    hand, error = (json.loads(line) for line in result.stdout.splitlines())
    assert {"site", "hand_id", "game", "structure", "table", "button_seat", "started_at",
            "players", "actions", "source"} <= set(hand)
    assert hand["players"][0] == {"name": "Alice", "seat": 1, "starting_stack": "5",
                                  "sitting_out": False}
    assert error["error"].endswith("got 'Bob: calls $0.15 and more'")
    assert (error["line"], error["hand_id"]) == (11, "1001")


def test_unknown_site_and_missing_path():
    result = runner.invoke(app, ["parse", "--site", "pokerstar", str(INVALID)])
    assert result.exit_code == 2
    assert "Did you mean pokerstars?" in result.output
    result = runner.invoke(app, ["parse", "no/such/file.txt"])
    assert result.exit_code == 2
    assert "no such file or directory" in result.output


def test_help_has_an_example():
    result = runner.invoke(app, ["parse", "--help"])
    assert result.exit_code == 0
    assert "hhtools parse" in result.output


def test_warnings_are_listed_and_do_not_fail():
    path = INVALID / "pokerstars" / "wrong-number-dealt.txt"
    result = runner.invoke(app, ["parse", str(path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"{path}: pokerstars, 1 hand (badugi 1), 1 warning"
    assert lines[1].startswith(f"  {path}:16:23: hand 1001: warning: Hero would hold 3 cards")
    assert lines[-1].endswith("0 rejected, 1 warning")
    result = runner.invoke(app, ["parse", "--json", str(path)])
    assert result.exit_code == 0
    (hand,) = (json.loads(line) for line in result.stdout.splitlines())
    (warning,) = hand["warnings"]
    assert (warning["line"], warning["column"], warning["hand_id"]) == (16, 23, "1001")
    assert warning["reason"].startswith("Hero would hold 3 cards after the draw")
