"""The records of a hand (folds, checks, bets, calls, raises, posts, draws; PokerStars summary
seats and pots) hold every field as the hand history says."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hhtools.core.cards import parse_cards
from hhtools.core.records import (
    Action,
    Collection,
    HeroCards,
    Pot,
    SeatResult,
    Show,
    Source,
    Uncalled,
)
from hhtools.reading.parsing import parse_text

ROOT = Path(__file__).parents[2]
HAND = (ROOT / "tests" / "invalid" / "pokerstars" / "bad-card.txt").read_text().replace(
    "8h 1x]", "8h 6s]")


def test_actions_and_summary_seats_say_what_the_lines_say():
    hand = parse_text(HAND).hands[0]
    c = Decimal
    assert hand.actions == (
        Action(0, "predraw", "Bob", "post_sb", c("0.10"), c("0.10"), False, None, None, None, 6),
        Action(1, "predraw", "Hero", "post_bb", c("0.25"), c("0.25"), False, None, None, None, 7),
        Action(2, "predraw", "Alice", "call", c("0.25"), c("0.25"), False, None, None, None, 10),
        Action(3, "predraw", "Bob", "call", c("0.15"), c("0.25"), False, None, None, None, 11),
        Action(4, "predraw", "Hero", "check", None, None, False, None, None, None, 12),
        Action(5, "draw1", "Bob", "discard", None, None, False, 1, None, None, 14),
        Action(6, "draw1", "Hero", "discard", None, None, False, 2, parse_cards("8h 6s"),
               parse_cards("5h Ks"), 15),
        Action(7, "draw1", "Alice", "stand_pat", None, None, False, 0, (), None, 17),
        Action(8, "draw1", "Bob", "check", None, None, False, None, None, None, 18),
        Action(9, "draw1", "Hero", "bet", c("0.25"), c("0.25"), False, None, None, None, 19),
        Action(10, "draw1", "Alice", "fold", None, None, False, None, None, None, 20),
        Action(11, "draw1", "Bob", "fold", None, None, False, None, None, None, 21),
    )
    assert hand.hero_cards == (
        HeroCards("predraw", parse_cards("As 3h 8h 6s"), 9),
        HeroCards("draw1", parse_cards("As 3h 5h Ks"), 16))
    assert hand.uncalled == (Uncalled("Hero", c("0.25"), "draw1", 22),)
    assert hand.collections == (Collection("Hero", c("0.72"), "main", 23),)
    assert hand.shows == (Show("Hero", "no_show", None, None, 24),)
    assert hand.summary.total_pot == c("0.75") and hand.summary.rake == c("0.03")
    assert hand.source == Source(None, 1, 29)
    assert hand.summary.seats == (
        SeatResult(1, "Alice", ("button",), "folded", "folded after the 1st Draw", None, None,
                   None, None, None, 27),
        SeatResult(2, "Bob", ("small blind",), "folded", "folded after the 1st Draw", None,
                   None, None, None, None, 28),
        SeatResult(3, "Hero", ("big blind",), "collected", "collected ($0.72)", c("0.72"),
                   None, None, None, None, 29),
    )


def test_all_in_calls_and_posts_are_marked():
    text = (HAND.replace("Alice: calls $0.25", "Alice: calls $0.25 and is all-in")
            .replace("Bob: posts small blind $0.10", "Bob: posts small blind $0.10 and is all-in"))
    hand = parse_text(text).hands[0]
    assert [(a.player, a.kind, a.all_in) for a in hand.actions[:4]] == [
        ("Bob", "post_sb", True), ("Hero", "post_bb", False), ("Alice", "call", True),
        ("Bob", "call", False)]


def test_side_pots_are_read_from_the_total_line():
    text = HAND.replace("Total pot $0.75 | Rake $0.03",
                        "Total pot $0.75 Main pot $0.50. Side pot-2 $0.25. | Rake $0.03")
    assert parse_text(text).hands[0].summary.pots == (Pot("main", Decimal("0.50")),
                                                       Pot("side 2", Decimal("0.25")))
