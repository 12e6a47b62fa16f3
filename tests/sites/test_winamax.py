"""Winamax: every hand of the real files; the uncalled bet inside "collected" is given back."""

from __future__ import annotations

from decimal import Decimal

from site_contract import CORPUS, SiteContract

from hhtools.auditing.auditor import audit
from hhtools.core.cards import parse_cards
from hhtools.reading.parsing import parse_file

EUR = "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
PLAY = "Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt"


class TestWinamax(SiteContract):
    site = "winamax"
    hands = {EUR: {"2-7": 1}, PLAY: {"2-7": 1}}


def _hand(name: str):
    (hand,) = parse_file(CORPUS / "winamax" / name).hands
    return hand


def test_collected_includes_the_uncalled_bet():
    hand = _hand(EUR)
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player0", Decimal(50))]
    assert [(c.player, c.amount) for c in hand.collections] == [("Player0", Decimal(248))]
    assert (hand.summary.total_pot, hand.summary.rake) == (Decimal(250), Decimal(2))
    assert hand.summary.seats[0].won == Decimal(248)
    assert (hand.currency, hand.mix, hand.hero) == ("EUR", "8-Game", "Hero")
    assert hand.hero_cards[-1].cards == parse_cards("2h Td 8c 7c 8s")
    assert audit(hand).verdict == "ok"


def test_export_without_dealt_lines_and_pat_as_discard_zero():
    hand = _hand(PLAY)
    assert (hand.hero, hand.currency, hand.game) == (None, "play", "2-7")
    pats = [a for a in hand.actions if a.player == "Player2" and a.kind == "stand_pat"]
    assert len(pats) == 3
    assert [a.kind for a in hand.actions[:5]] == ["post_sb"] + ["post_bb"] * 4
    assert audit(hand).verdict == "ok"


HERO_DRAWS = """Winamax Poker - CashGame - HandId: #9250793-390-1478989561 - 2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:26:01 UTC
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
Seat 1: Hero (2047.50€)
Seat 4: Player0 (40€)
*** ANTE/BLINDS ***
Player0 posts small blind 12.50€
Hero posts big blind 25€
*** FIRST-BET ***
Dealt to Player0 [X X X X X]
Dealt to Hero [2h Td 8c 7c 8s]
Player0 calls 12.50€
Hero checks
*** FIRST-DRAW ***
Hero discard 1 card [8s]
Player0 discard 1 card
*** SECOND-BET ***
Hero bets 25€
Player0 calls 15€ and is all-in
*** SECOND-DRAW ***
Hero discard 1 card [9d]
Player0 discard 0 card
*** THIRD-DRAW ***
Hero stands pat [2h Td 8c 7c 4s]
Player0 discard 0 card
*** SHOW DOWN ***
Hero shows [2h Td 8c 7c 4s] (High card : 10)
Player0 shows [7d 5c 4c 3h 2d] (High card : 7)
Player0 collected 80€ from pot
Hero collected 10€ from pot
*** SUMMARY ***
Total pot 90€
Seat 1: Hero (big blind) showed [2h Td 8c 7c 4s] and lost with High card : 10
Seat 4: Player0 (small blind) (button) showed [7d 5c 4c 3h 2d] and won 80€ with High card : 7
"""


def test_hero_discards_named_and_a_losing_bettor_collecting_only_the_uncalled_bet():
    """The hero's second discard (9d) is a card the first draw did not show, since Winamax
    never prints the new cards; the 10€ the hero "collects" is the bet nobody called."""
    from hhtools.reading.parsing import parse_text

    (hand,) = parse_text(HERO_DRAWS, "winamax").hands
    draws = [a.discarded for a in hand.actions if a.player == "Hero" and a.kind == "discard"]
    assert draws == [parse_cards("8s"), parse_cards("9d")]
    assert hand.hero_cards[-1].cards == parse_cards("2h Td 8c 7c 4s")
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Hero", Decimal(10))]
    assert [(c.player, c.amount) for c in hand.collections] == [("Player0", Decimal(80))]
    assert audit(hand).verdict == "ok"
