"""Winamax line kinds that no corpus file shows (FORMATS-LINES.md), each in a hand-made hand
in the site's format: read (the fact is in the record), or rejected with the line named."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from line_kinds import changed, first_hand, read_one, rejected  # noqa: E402

SITE = "winamax"
HAND = first_hand(SITE, "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt")
HAND_ID = "9250793-388-1478989461"


@pytest.mark.parametrize("limit, structure", [("pot limit", "pot-limit"),
                                              ("no limit", "no-limit")])
def test_other_limits(limit: str, structure: str) -> None:
    hand, _, _ = read_one(changed(HAND, "fixed limit (25€/50€)", f"{limit} (12.50€/25€)"), SITE)
    assert (hand.structure, hand.small_blind, hand.big_blind) == (
        structure, Decimal("12.50"), Decimal("25"))


def test_unraked_pot() -> None:
    text = changed(HAND, "Total pot 298€ | Rake 2€", "Total pot 300€ | No rake")
    text = text.replace("collected 298€", "collected 300€").replace("won 298€", "won 300€")
    hand, verdict, findings = read_one(text, SITE)
    assert hand.summary.rake == Decimal("0")
    assert verdict == "ok", findings


def test_small_blind_out_of_position() -> None:
    text = changed(HAND, "Hero posts big blind 25€\n",
                   "Hero posts big blind 25€\nPlayer0 posts small blind 12.50€ out of position\n")
    hand, _, _ = read_one(text, SITE)
    posts = [a for a in hand.actions if a.player == "Player0" and a.kind.startswith("post")]
    assert len(posts) == 2


def test_antes() -> None:
    text = changed(HAND, "Player0 posts small blind 12.50€\n",
                   "Player0 posts ante 1€\nHero posts ante 1€\nPlayer0 posts small blind 12.50€\n")
    # Winamax's "collected" and total include the bet nobody called (50€ here).
    text = text.replace("collected 298€", "collected 300€").replace("won 298€", "won 300€")
    text = text.replace("Total pot 298€", "Total pot 300€")
    hand, verdict, findings = read_one(text, SITE)
    assert [a.amount for a in hand.actions if a.kind == "post_ante"] == [Decimal("1")] * 2
    assert verdict == "ok", findings


@pytest.mark.parametrize("old, new, line", [
    ('Winamax Poker - CashGame - ', 'Winamax Poker - Go Fast "Speedy" - ', 1),
    ("(25€/50€)", "(5€/25€/50€)", 1),
    ("Hero posts big blind 25€\n", "Hero posts big blind 25€\nPlayer0 posts dead blind (12.50€)\n", 8),
    ("*** SUMMARY ***\n", "*** SUMMARY ***\nSplash : 5€\n", 36),
])
def test_kinds_not_read_are_rejected_with_the_line(old: str, new: str, line: int) -> None:
    (error,) = rejected(changed(HAND, old, new), SITE).errors
    assert error.message.startswith(f"made.txt:{line}:"), error.message
    assert HAND_ID in error.message
