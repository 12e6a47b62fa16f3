"""Full Tilt line kinds that no corpus file shows (FORMATS-LINES.md), each in a hand-made hand
in the site's format: read (the fact is in the record) or skipped, and the money agrees."""

from __future__ import annotations

import re
import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from line_kinds import CORPUS, changed, read_one, rejected  # noqa: E402

from hhtools.decoding import decode  # noqa: E402

SITE = "fulltilt"
_TEXT, _ = decode((CORPUS / SITE / "3-Draw-Limit-USD-0.10-0.20-201011.txt").read_bytes())
# The file is double-spaced UTF-16; one plain hand is easier to change line by line.
HAND = re.sub(r"\n\s*\n", "\n", _TEXT.replace("\r", "")).split("\nFull Tilt")[0].strip() + "\n"
HEADER = ("Full Tilt Poker Game #25325440000: Table Lambie Dew 1 (6 max) - $0.10/$0.20 - "
          "Limit 2-7 Triple Draw - 10:10:10 ET - 2010/11/01")


def test_game_before_stakes_layout() -> None:
    text = changed(HAND, "(6 max) - $0.10/$0.20 - Limit 2-7 Triple Draw -",
                   "(6 max) - Limit 2-7 Triple Draw - $0.10/$0.20 -")
    hand, verdict, _ = read_one(text, SITE)
    assert (hand.game, hand.small_bet, hand.big_bet, verdict) == (
        "2-7", Decimal("0.10"), Decimal("0.20"), "ok")


@pytest.mark.parametrize("tag", ["(6 max, deep)", "(deep)", "(shallow)"])
def test_other_table_tags(tag: str) -> None:
    hand, verdict, _ = read_one(changed(HAND, "(6 max)", tag), SITE)
    assert verdict == "ok" and hand.table.startswith("Lambie Dew 1")


@pytest.mark.parametrize("marker", ["(Total Pot: $0.65, 2 Players)",
                                    "(Total Pot: $0.65, 2 Players, 1 All-In)"])
def test_draw_marker_with_total_pot(marker: str) -> None:
    hand, verdict, _ = read_one(changed(HAND, "(Pot: $0.65)", marker), SITE)
    assert any(a.street == "draw2" for a in hand.actions) and verdict == "ok"


@pytest.mark.parametrize("words", ["wins the main pot", "ties for the pot"])
def test_main_pot_and_tie_awards(words: str) -> None:
    text = changed(HAND, "Player1 wins the pot ($1) with", f"Player1 {words} ($1) with")
    hand, verdict, _ = read_one(text, SITE)
    assert [(c.player, c.amount) for c in hand.collections] == [("Player1", Decimal("1"))]
    assert verdict == "ok"


def test_summary_tie_entry() -> None:
    text = changed(HAND, "showed [7c 6c 4c 3d 2d] and won ($1) with", "ties for the pot ($1) with")
    hand, verdict, _ = read_one(text, SITE)
    assert verdict == "ok"
    assert [c.amount for c in hand.collections] == [Decimal("1")]


def test_small_and_big_blinds_together() -> None:
    text = changed(HAND, "The button", "Player4 posts small & big blinds [$0.15]\nThe button")
    text = changed(text, "Player3 calls $0.10\nHero folds",
                   "Player3 calls $0.10\nPlayer4 checks\nHero folds")
    text = changed(text, "Player3 calls $0.10\n*** FIRST", "Player3 calls $0.10\nPlayer4 folds\n"
                   "*** FIRST")
    text = text.replace("wins the pot ($1)", "wins the pot ($1.15)")
    text = text.replace("and won ($1)", "and won ($1.15)").replace("Total pot $1.05", "Total pot $1.20")
    hand, verdict, findings = read_one(text, SITE)
    (post,) = [a for a in hand.actions if a.kind == "post_dead"]
    assert (post.player, post.amount, post.to) == ("Player4", Decimal("0.15"), Decimal("0.10"))
    assert verdict == "ok", findings


def test_cancelled_hand() -> None:
    text = f"{HEADER}\nSeat 1: Player1 ($2)\nSeat 2: Player2 ($4)\nHand #25325440000 has been canceled\n"
    hand, verdict, _ = read_one(text, SITE)
    assert hand.cancelled and verdict == "ok"


@pytest.mark.parametrize("old, new, line", [
    # The returned ante takes money back out of the pot; guessing it would judge another pot.
    ("*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nAnte of $0.02 returned to Player4\n", 12),
    ("10:10:10 ET - 2010/11/01", "10:10 ET - Monday, November 1, 2010", 1),
])
def test_kinds_not_read_are_rejected_with_the_line(old: str, new: str, line: int) -> None:
    (error,) = rejected(changed(HAND, old, new), SITE).errors
    assert error.message.startswith(f"made.txt:{line}:1: hand 25325440000: cannot read")
