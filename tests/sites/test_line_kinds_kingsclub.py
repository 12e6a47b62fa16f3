"""KingsClub line kinds that no corpus file shows (FORMATS-LINES.md), each in a hand-made hand
in the site's format: read (the fact is in the record), or rejected with the line named."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from line_kinds import CORPUS, changed, read_one, rejected  # noqa: E402

SITE = "kingsclub"
HAND = (CORPUS / SITE / "Badugi-Limit-USD-30-60-202010.txt").read_text(encoding="utf-8-sig")


def test_pot_limit_header() -> None:
    hand, _, _ = read_one(changed(HAND, "#37732805: Limit Badugi", "#37732805: Pot Limit Badugi"),
                          SITE)
    assert (hand.game, hand.structure) == ("badugi", "pot-limit")


@pytest.mark.parametrize("table", ["Table 'Bronx  BT' 6-max (Play Money) Seat #1 is the button",
                                   "Table 'Bronx  BT' 6-max Seat #1 is the button"])
def test_table_line_variants(table: str) -> None:
    text = changed(HAND, "Table 'Bronx  BT' Seat 1 is the button", table)
    hand, verdict, _ = read_one(text, SITE)
    assert (hand.table, hand.button_seat, verdict) == ("Bronx  BT", 1, "ok")


def test_disconnect_tail() -> None:
    hand, verdict, _ = read_one(changed(HAND, "Hero folds\n", "Hero folds (disconnect)\n"), SITE)
    assert ("Hero", "fold") in {(a.player, a.kind) for a in hand.actions} and verdict == "ok"


@pytest.mark.parametrize("old, new, line", [
    ("Hero: posts the big blind 30\n", "Hero: posts the big blind 30\nPlayer0: posts straddle 60\n", 10),
    ("Player0 raises to 120", "Player0 raises 120", 34),
    ("Player1 wins pot (568.25)", "Player1 wins side pot 1 (568.25)", 43),
    ("*** SUMMARY ***", "Hand cancelled\n*** SUMMARY ***", 38),
    ("Rake 1.75\n", "Rake 1.75\nSTP added: 5\n", 43),
    ("Player1 draws 2\nPlayer0 draws 2\n*** 2ND BETTING",
     "Player1 draws 2\nPlayer0 draws 2\nDealt to Hero: [8d 7s] [8h 9d]\n*** 2ND BETTING", 20),
])
def test_kinds_not_read_are_rejected_with_the_line(old: str, new: str, line: int) -> None:
    (error,) = rejected(changed(HAND, old, new), SITE).errors
    assert error.message.startswith(f"made.txt:{line}:1: hand 37732805: cannot read"), error.message
