"""``hhtools audit``: lines per hand, explanations, JSON, --explain, --rules, exit status."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hhtools.cli.main import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_one_line_per_hand_and_exit_0(corpus):
    result = run("audit", corpus / "kingsclub")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "kingsclub 40200897 badeucy ok" in lines
    assert "kingsclub 3857875 2-7-single-draw ok" in lines  # run twice
    # Ten hands, the Drawmaha file's skipped hand said, then the totals.
    assert len(lines) == 12
    assert lines[0].endswith("2-7 Drawmaha-FL-USD-60-120-202108.txt: 1 hand skipped: "
                             "2-7 Drawmaha is not a supported game")
    assert lines[-1] == "total: 10 hands audited (10 ok), 1 skipped, 0 rejected"


def test_a_mismatch_is_explained_and_exits_1(corpus, tmp_path):
    text = (corpus / "kingsclub" / "Badugi-Limit-USD-30-60-202010.txt").read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("Player1 wins pot (568.25)", "Player0 wins pot (568.25)"))
    result = run("audit", bad)
    assert result.exit_code == 1
    out = result.output
    assert out.splitlines()[0] == "kingsclub 37732805 badugi mismatch"
    assert "winner_mismatch: line 43: the main pot should go to Player1 568.25" in out
    assert "Player1  9s 3s 5c 2h  badugi: 3-card 5-3-2" in out
    assert "Order: Player1 (3-card 5-3-2) > Player0 (3-card 8-4-A)" in out
    assert "main pot 570, rake 1.75; eligible: Player0, Player1" in out
    assert "rules give: Player1 568.25" in out and "history says: Player0 568.25" in out


def test_json_objects_and_unparsed_hands(corpus):
    from pathlib import Path

    broken = Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt"
    result = run("audit", "--json", corpus / "pokerstars", broken)
    assert result.exit_code == 1  # the broken history's first hand cannot be read
    objects = [json.loads(line) for line in result.output.splitlines()]
    verdicts = [o["verdict"] for o in objects]
    # Every real hand, the one with corrupt hero lines included, and the broken file's second.
    assert verdicts.count("ok") == 165 + 1 and verdicts.count("unparsed") == 1
    side = next(o for o in objects if o["hand_id"] == "49164202872")
    assert set(side) >= {"site", "hand_id", "game", "verdict", "findings", "pots", "players"}
    assert side["pots"][1]["eligible"] == ["Scorpio2000", "buddyboy3399"]
    assert {"name": "buddyboy3399", "seat": 5, "net": "3.70",
            "recorded_net": "3.70"} in side["players"]
    unparsed = next(o for o in objects if o["verdict"] == "unparsed")
    assert unparsed["hand_id"] == "1001" and "cannot read this line" in unparsed["error"]


def test_explain_replays_step_by_step(corpus):
    result = run("audit", "--explain", "40200897", corpus / "kingsclub")
    assert result.exit_code == 0
    out = result.output
    assert "line 30: Hero raises to 44. Pot 115.50. Stacks: Player0 1889.92, Hero 616.50," in out
    assert "next: Player1 (fold, call 44, raise to 66)" in out
    assert "line 12: Player0 posts an ante of 5.50. Pot 5.50." in out
    assert out.count("blinds and antes being posted") == 8  # 7 antes and the small blind
    assert "line 20: Player4 posts 22. Pot 71.50." in out and "next: Player5 (fold, call 22, " \
        "raise to 44)" in out
    assert "Badugi half (ace high) 550.25: Player4" in out


def test_unknown_hand_and_unknown_profile(corpus):
    result = run("audit", "--explain", "1", corpus / "kingsclub")
    assert result.exit_code == 2 and "hand 1 is not in" in result.output
    result = run("audit", "--rules", "wsopp", corpus / "kingsclub")
    assert result.exit_code == 2
    assert "Unknown rule profile 'wsopp'. Did you mean wsop?" in result.output


def test_rules_option_selects_the_profile(corpus):
    result = run("audit", "--json", "--rules", "wsop", corpus / "kingsclub")
    # (standard error says the Drawmaha file's hand was skipped)
    assert {json.loads(line)["rules"] for line in result.stdout.splitlines()} == {"wsop"}


def test_hhtools_audit_stays_the_function_after_importing_the_engine():
    import subprocess
    import sys

    code = ("import hhtools.auditing.auditor, hhtools.auditing.replay.engine, hhtools; "
            "assert callable(hhtools.audit) and hhtools.audit is hhtools.auditing.auditor.audit")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
