"""KingsClub: every hand of the real files, and what the records say about some of them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from site_contract import CORPUS, SiteContract

from hhtools.core.cards import parse_cards
from hhtools.reading.parsing import parse_file


class TestKingsClub(SiteContract):
    site = "kingsclub"
    hands = {
        "2-7 Drawmaha-FL-USD-60-120-202108.txt": {},
        "2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt": {"2-7": 1},
        "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt": {"2-7": 1},
        "A5-1-Draw-Limit-USD-50-100-202102.txt": {"a-5-single-draw": 1},
        "A5-3-Draw-Limit-USD-44-88-202010.txt": {"a-5": 1},
        "Badeucey-Limit-USD-22-44-202101.txt": {"badeucy": 1},
        "Badugi-Limit-USD-30-60-202010.txt": {"badugi": 1},
        "NL-2-7-SD-USD-125-250-202103.RIT.txt": {"2-7-single-draw": 1},
        "NL-2-7-SD-USD-125-250-202103.missed.sb.txt": {"2-7-single-draw": 1},
        "NL-2-7-SD-USD-25-50-202108.1.RIT.txt": {"2-7-single-draw": 1},
        "NL-2-7-SD-USD-25-50-202108.2.RIT.txt": {"2-7-single-draw": 1},
    }
    # Drawmaha is not a game hhtools plays: skipped and counted.
    skipped = {
        "2-7 Drawmaha-FL-USD-60-120-202108.txt": {"2-7 Drawmaha": 1},
    }


def _hand(name: str):
    (hand,) = parse_file(CORPUS / "kingsclub" / name).hands
    return hand


def test_header_and_time_without_zone_is_eastern():
    hand = _hand("Badeucey-Limit-USD-22-44-202101.txt")
    assert (hand.hand_id, hand.game, hand.structure, hand.small_bet, hand.big_bet) == (
        "40200897", "badeucy", "fixed-limit", Decimal(22), Decimal(44))
    assert (hand.small_blind, hand.big_blind, hand.ante) == (Decimal(11), Decimal(22),
                                                             Decimal("5.50"))
    assert (hand.table, hand.button_seat, hand.max_seats, hand.currency) == (
        "Real Deal Mix", 4, None, None)
    assert hand.started_at == datetime(2021, 1, 9, 18, 23, 18,
                                       tzinfo=ZoneInfo("America/New_York"))


def test_calls_are_street_totals():
    hand = _hand("Badeucey-Limit-USD-22-44-202101.txt")
    calls = [(a.player, a.amount, a.to) for a in hand.actions
             if a.kind == "call" and a.street == "predraw"]
    # The big blind (22 in) calls 44: 22 more.
    assert calls == [("Player2", Decimal(44), Decimal(44)), ("Player4", Decimal(22), Decimal(44))]


def test_hero_draws_replace_cards():
    hand = _hand("Badeucey-Limit-USD-22-44-202101.txt")
    assert [(h.street, h.cards) for h in hand.hero_cards] == [
        ("predraw", parse_cards("Kc 5d 2d Jc 3h")), ("draw1", parse_cards("2d 3h Jd Tc Qs")),
        ("draw2", parse_cards("2d 3h 6s 7c 2c")), ("draw3", parse_cards("2d 3h 6s 7c 8h"))]
    assert hand.dealt_to == ("Player0", "Hero", "Player1", "Player2", "Player3", "Player4",
                             "Player5")


def test_two_halves_and_nets():
    hand = _hand("Badeucey-Limit-USD-22-44-202101.txt")
    assert [(c.player, c.amount, c.pot) for c in hand.collections] == [
        ("Player2", Decimal("550.25"), "main"), ("Player4", Decimal("550.25"), "main")]
    assert hand.summary.rake == Decimal(5)
    assert [s.net for s in hand.summary.seats][:2] == [Decimal("-5.50"), Decimal("-357.50")]


def test_out_of_turn_blind_pays_a_dead_small_blind():
    hand = _hand("2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt")
    post = next(a for a in hand.actions if a.kind == "post_blind")
    assert (post.player, post.amount, post.to) == ("Player1", Decimal(66), Decimal(44))


def test_shows_have_no_description():
    hand = _hand("Badugi-Limit-USD-30-60-202010.txt")
    assert [(s.player, s.cards, s.description) for s in hand.shows] == [
        ("Player0", parse_cards("4h Ad As 8c"), None), ("Player1", parse_cards("9s 3s 5c 2h"), None)]
