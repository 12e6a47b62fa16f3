"""KingsClub line kinds no corpus file shows (FORMATS-LINES.md, "not in corpus"): each one in a
real corpus hand edited here, read into the record with the audit ok, or the hand skipped with
its reason. One case per row; docs/line-kinds.md lists them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from line_kinds import Case, edit, run
from site_contract import CORPUS

from hhtools.core.records import Hand
from hhtools.reading.parsing import parse_text


def _read(name: str) -> str:
    return (CORPUS / "kingsclub" / name).read_text().strip("\n") + "\n"


BADUGI = _read("Badugi-Limit-USD-30-60-202010.txt")
BADEUCEY = _read("Badeucey-Limit-USD-22-44-202101.txt")
SINGLE = _read("A5-1-Draw-Limit-USD-50-100-202102.txt")
TABLE = "Table 'Bronx  BT' Seat 1 is the button"

# Player1 folds to the last raise: Player0's 60 comes back, the pot is 450 less 1.75 rake.
_FOLD_TO_RAISE = (("Player1 calls 120\n", "Player1 folds\n"),
                  ("Player0 shows [4h Ad As 8c]\nPlayer1 shows [9s 3s 5c 2h]\n", ""),
                  ("Seat 1: Player0 (1,015) -270", "Seat 1: Player0 (1,523.25) +238.25"),
                  ("Seat 2: Player1 (928.25) +298.25", "Seat 2: Player1 (420) -210"),
                  ("Player1 wins pot (568.25)", "Player0 wins pot (448.25)"))


def _is(attr: str, value: object):
    def check(hand: Hand) -> None:
        assert getattr(hand, attr) == value, getattr(hand, attr)
    return check


def _action(player: str, kind: str, amount: str, to: str):
    def check(hand: Hand) -> None:
        assert any((a.player, a.kind, a.amount, a.to) == (player, kind, Decimal(amount),
                                                            Decimal(to)) for a in hand.actions)
    return check


def _table(hand: Hand) -> None:
    assert (hand.max_seats, hand.button_seat, hand.currency) == (6, 1, None)


def _tournament(hand: Hand) -> None:
    assert (hand.tournament.id, hand.currency) == ("1234567", "chips")


def _uncalled(hand: Hand) -> None:
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player0", Decimal("60"))]


CASES = [
    Case("header-pot-limit", edit(BADUGI, ("Limit Badugi - 30/60", "Pot Limit Badugi - 15/30")),
         _is("structure", "pot-limit")),
    Case("games-not-in-samples-badacey", BADEUCEY.replace("Limit Badeucey", "Limit Badacey"),
         _is("game", "badacey")),
    Case("games-not-in-samples-5-card-draw", edit(
        SINGLE.replace("A-5 Single Draw", "5 Card Draw"),
        ("Player0 shows [2d Jh 8h 5s 9s]", "Player0 shows [Jd Jh 8h 5s 9s]")),
        _is("game", "5-card-draw")),
    Case("table-variants", edit(BADUGI, (TABLE, "Table 'Bronx  BT' 6-max (Play Money) Seat #1 "
                                                "is the button")), _table),
    Case("tournament-table", edit(BADUGI, ("Table 'Bronx  BT'", "Table 'T1234567 2'")),
         _tournament),
    Case("straddle", edit(BADUGI, ("Hero: posts the big blind 30\n", "Hero: posts the big blind "
                                   "30\nPlayer0: posts straddle 60\n")),
         skipped="Badugi with a straddle"),
    Case("straddle-straddles", edit(BADUGI, ("Hero: posts the big blind 30\n", "Hero: posts the "
                                             "big blind 30\nPlayer0: straddles 60\n")),
         skipped="Badugi with a straddle"),
    Case("deal-kept-and-new", edit(BADUGI, ("Player0 draws 2\n*** 2ND BETTING",
                                            "Player0 draws 2\nDealt to Player0: [X X] [X X]\n"
                                            "*** 2ND BETTING")), _is("hero", "Hero")),
    Case("raise-without-to", edit(BADUGI, ("Player1 raises to 90", "Player1 raises 75")),
         _action("Player1", "raise", "75", "90")),
    Case("disconnect-tail", edit(BADUGI, ("Player1 checks\n", "Player1 checks (disconnect)\n"),
                                 ("Player0 calls 90", "Player0 calls 90 (disconnect)")),
         _action("Player0", "call", "30", "90")),
    Case("wins-side-pot-other-order", edit(BADUGI, ("Player1 wins pot (568.25)",
                                                    "Player1 wins side pot 1 (568.25)")),
         lambda h: [(c.player, c.pot) for c in h.collections] == [("Player1", "side 1")]
         or pytest.fail(str(h.collections))),
    Case("cancelled", edit(BADUGI, ("*** 1ST BETTING ROUND ***\n",
                                    "Hand cancelled\n*** 1ST BETTING ROUND ***\n")),
         _is("cancelled", True)),
    Case("splash", edit(BADUGI, ("*** 1ST DRAW ***\n", "STP added: 10\n*** 1ST DRAW ***\n")),
         skipped="Badugi with site money added to the pot (STP)"),
    Case("unused-shapes-sits-out", edit(BADUGI, ("Hero folds\n", "Hero folds\nHero sits out\n")),
         lambda h: [e.kind for e in h.events] == ["sits_out"] or pytest.fail(str(h.events))),
    Case("unused-shapes-uncalled", edit(BADUGI, *_FOLD_TO_RAISE, (
        "Player1 folds\n", "Player1 folds\nUncalled bet (60) returned to Player0\n")),
        _uncalled),
    Case("unused-shapes-cash-out", edit(BADUGI, ("*** SUMMARY ***", "Player1 cashed out the hand "
                                                 "for 300\n*** SUMMARY ***")),
         skipped="Badugi with an all-in cash-out"),
    Case("unused-shapes-finish", edit(BADUGI, ("*** SUMMARY ***", "Hero finished the tournament "
                                               "in 3rd place\n*** SUMMARY ***")),
         lambda h: [e.kind for e in h.events] == ["finished"] or pytest.fail(str(h.events))),
    Case("unused-shapes-bounty", edit(BADUGI, ("*** SUMMARY ***", "Player1 wins the 5 bounty for "
                                               "eliminating Hero\n*** SUMMARY ***")),
         lambda h: [e.kind for e in h.events] == ["bounty"] or pytest.fail(str(h.events))),
]


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_line_kind(case: Case) -> None:
    run(case, "kingsclub")


def test_a_printed_uncalled_bet_that_the_bets_contradict_is_rejected() -> None:
    text = edit(BADUGI, *_FOLD_TO_RAISE, (
        "Player1 folds\n", "Player1 folds\nUncalled bet (50) returned to Player0\n"))
    result = parse_text(text, "kingsclub", path="uncalled.txt")
    (error,) = result.errors
    assert not result.hands and error.line == 36
    assert "the bets leave 60 for Player0 unmatched, not 50 for Player0" in error.message
