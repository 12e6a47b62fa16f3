"""Full Tilt line kinds no corpus file shows (FORMATS-LINES.md, "not in corpus"): each one in a
real corpus hand edited here, read into the record with the audit ok, or the hand skipped with
its reason. One case per row; docs/line-kinds.md lists them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from line_kinds import Case, edit, run
from site_contract import CORPUS

from hhtools.core.records import Hand


def _first(name: str) -> str:
    text = (CORPUS / "fulltilt" / name).read_text().replace("\r", "")
    return text.split("\n\n")[0].strip("\n") + "\n"


LIMIT = _first("3-Draw-Limit-USD-5-10-201211.txt")  # dead small blind, uncontested
SINGLE = _first("1-Draw-NL-USD-0.10-0.20-201103.txt")  # antes, showdown


def _is(attr: str, value: object):
    def check(hand: Hand) -> None:
        assert getattr(hand, attr) == value, getattr(hand, attr)
    return check


def _tournament(buy_in, fee):
    def check(hand: Hand) -> None:
        t = hand.tournament
        assert (t.id, t.buy_in, t.fee, hand.currency) == ("123456", buy_in, fee,
                                                                       "chips"), t
    return check


def _chips() -> str:
    return LIMIT.replace("$", "")


def _awards(*pairs: tuple[str, str]):
    def check(hand: Hand) -> None:
        got = {(s.player, s.won) for s in hand.summary.seats if s.won is not None}
        assert got == {(p, Decimal(a)) for p, a in pairs}, hand.summary.seats
        assert {(c.player, c.amount) for c in hand.collections} == {
            (p, Decimal(a)) for p, a in pairs}
    return check


# Both players show a 9-8-6-4-3 at the showdown of SINGLE and split the pot.
_TIE = (("Sonny090 shows [Td 9d 8c 7h 3h] T,9,8,7,3", "Sonny090 shows [9d 8c 6d 4c 3h] 9,8,6,4,3"),
        ("Wayren wins the pot ($3.47) with 9,8,6,4,3",
         "Wayren ties for the pot ($1.74) with 9,8,6,4,3\n"
         "Sonny090 ties for the pot ($1.73) with 9,8,6,4,3"))
_WON = "Wayren (small blind) showed [9s 8s 6c 4h 3d] and won ($3.47) with 9,8,6,4,3"
_LOST = "Sonny090 (big blind) showed [Td 9d 8c 7h 3h] and lost with T,9,8,7,3"
_SPLIT = ("Wayren", "1.74"), ("Sonny090", "1.73")

CASES = [
    Case("game-before-stakes", edit(LIMIT, ("(6 max) - $5/$10 - Limit 2-7 Triple Draw -",
                                            "(6 max) - FL 2-7 Triple Draw - $5/$10 -")),
         _is("big_bet", Decimal("10"))),
    Case("short-date-form", edit(LIMIT, ("15:37:47 ET - 2012/11/23",
                                         "15:37 ET - Friday, November 23, 2012")),
         _is("started_at", datetime(2012, 11, 23, 15, 37, tzinfo=ZoneInfo("America/New_York")))),
    Case("other-table-tags-deep", edit(LIMIT, ("(6 max)", "(deep) (6 max)")), _is("max_seats", 6)),
    Case("other-table-tags-shallow", edit(LIMIT, ("(6 max)", "(6 max, shallow)")),
         _is("table", "Tam")),
    Case("other-table-tags-new-to-the-game", edit(LIMIT, ("(6 max)", "(New to the Game)")),
         _is("table", "Tam")),
    Case("play-chips", edit(_chips(), ("Table Tam", "Table Play Chip Tam")),
         _is("currency", None)),
    Case("tournament-header", edit(_chips(), ("Table Tam (6 max)",
                                              "$10 + $1 Sit & Go (123456), Table 1")),
         _tournament(Decimal("10"), Decimal("1"))),
    Case("tournament-header-match", edit(_chips(), ("Table Tam (6 max)",
                                                    "$10 + $1 Turbo (Rush) (123456), Match 2")),
         _tournament(Decimal("10"), Decimal("1"))),
    Case("tournament-header-entry", edit(_chips(), ("Table Tam (6 max)",
                                                    "$10 + $1 KO (123456), Table 3 Entry #2")),
         _tournament(Decimal("10"), Decimal("1"))),
    Case("tournament-name-words", edit(_chips(), ("Table Tam (6 max)",
                                                  "$11 Super Turbo Heads Up Sit & Go (123456), "
                                                  "Table 1")),
         _tournament(Decimal("11"), None)),
    Case("ante-returned", edit(SINGLE, ("Hero antes $0.05\n",
                                        "Hero antes $0.05\nAnte of $0.05 returned to Hero\n")),
         skipped="2-7 Single Draw with a returned ante"),
    Case("small-and-big-blinds", edit(LIMIT, ("Player2 posts a dead small blind of $2.50\n"
                                              "Player2 posts $5\n",
                                              "Player2 posts small & big blinds [$7.50]\n")),
         lambda h: [(a.kind, a.amount, a.to) for a in h.actions if a.player == "Player2"][0]
         == ("post_dead", Decimal("7.50"), Decimal("5")) or pytest.fail(str(h.actions))),
    Case("draw-marker-total-pot", edit(SINGLE, ("*** DRAW *** (Pot: $2.05)",
                                                "*** DRAW *** (Total Pot: $2.05, 3 Players, "
                                                "1 All-In)")),
         lambda h: any(a.street == "draw1" for a in h.actions) or pytest.fail("no draw")),
    Case("ties-other-pots-body-ties", edit(SINGLE, *_TIE, (_WON, _WON.replace("$3.47", "$1.74")),
                                           (_LOST, "Sonny090 (big blind) showed [9d 8c 6d 4c 3h] "
                                            "and won ($1.73) with 9,8,6,4,3")), _awards(*_SPLIT)),
    Case("ties-other-pots-body-main-pot", edit(SINGLE, ("Wayren wins the pot", "Wayren wins the "
                                                        "main pot")), _awards(("Wayren", "3.47"))),
    Case("ties-other-pots-body-pot-1", edit(SINGLE, ("Wayren wins the pot", "Wayren wins pot 1")),
         _awards(("Wayren", "3.47"))),
    Case("summary-ties-other-pots-ties", edit(SINGLE, *_TIE, (
        _WON, "Wayren (small blind) ties for the pot ($1.74)"), (
        _LOST, "Sonny090 (big blind) ties for the pot ($1.73)")), _awards(*_SPLIT)),
    Case("summary-ties-other-pots-side-pot", edit(SINGLE, (
        _WON, "Wayren (small blind) wins the main pot ($3.47)")), _awards(("Wayren", "3.47"))),
    Case("cancelled", edit(LIMIT, ("The button is in seat #6\n", "The button is in seat #6\n"
                                   "Hand #31497971185 has been canceled\n")),
         _is("cancelled", True)),
]


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_line_kind(case: Case) -> None:
    run(case, "fulltilt")
