"""Winamax: every hand of the real files; the uncalled bet inside "collected" is given back."""

from __future__ import annotations

from decimal import Decimal

from site_contract import CORPUS, SiteContract

from hhtools.auditor import audit
from hhtools.cards import parse_cards
from hhtools.parsing import parse_file

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
