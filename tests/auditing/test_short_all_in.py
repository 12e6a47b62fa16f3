"""Fixed limit after a short all-in, as PokerStars deals it (RULES.md 5, "Short all-in").

Three situations seen in real PokerStars Badugi tournament hands: an all-in raise of at least
half a bet reopens the betting, and the next raise goes to the previous full level plus one
bet (not the all-in plus one bet, as the WSOP rule would have it). The hands below are written
by hand in PokerStars' format around those betting lines; each must audit ``ok`` under the
``pokerstars`` profile, and under ``wsop`` the raise is a finding that says PokerStars allows it.
"""

from __future__ import annotations

import pytest

from hhtools.auditing.auditor import audit
from hhtools.reading.parsing import parse_text

# Alice (seat 4) acts first before the draw, Dave (seat 1, the button) goes all in short,
# Bob (seat 2) posts the small blind and folds, Carol (seat 3) posts the big blind.
HAND = """\
PokerStars Game #{hand_id}: Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level {level} ({bet}/{big}) - 2010/11/12 21:33:30 CET [2010/11/12 15:33:30 ET]
Table '330855877 1' 8-max Seat #1 is the button
Seat 1: Dave ({dave} in chips)
Seat 2: Bob (5000 in chips)
Seat 3: Carol (5000 in chips)
Seat 4: Alice (5000 in chips)
Bob: posts small blind {sb}
Carol: posts big blind {bb}
*** DEALING HANDS ***
{betting}
*** FIRST DRAW ***
Carol: discards 1 card
Alice: discards 1 card
Dave: discards 2 cards
Carol: checks
Alice: checks
*** SECOND DRAW ***
Carol: stands pat
Alice: stands pat
Dave: stands pat
Carol: checks
Alice: checks
*** THIRD DRAW ***
Carol: stands pat
Alice: stands pat
Dave: stands pat
Carol: checks
Alice: checks
*** SHOW DOWN ***
Carol: shows [9s Td Jc Qh] (Badugi: Q,J,T,9)
Alice: shows [5s 6d 7c 8h] (Badugi: 8,7,6,5)
Alice collected {side} from side pot
Dave: shows [As 2d 3c 4h] (Badugi: 4,3,2,A)
Dave collected {main} from main pot
*** SUMMARY ***
Total pot {total} Main pot {main}. Side pot {side}. | Rake 0
Seat 1: Dave (button) showed [As 2d 3c 4h] and won ({main}) with a Badugi: 4,3,2,A
Seat 2: Bob (small blind) folded before the Draw
Seat 3: Carol (big blind) showed [9s Td Jc Qh] and lost with a Badugi: Q,J,T,9
Seat 4: Alice showed [5s 6d 7c 8h] and won ({side}) with a Badugi: 8,7,6,5
"""

#: The three situations: (bet, the betting before the draw, the all-in's stack, main, side).
CASES = {
    # Level 120, all in to 150, and Alice, who had raised to 120, raises to 180.
    "level 120, all in 150, raise to 180": (60, """\
Alice: raises 60 to 120
Dave: raises 30 to 150 and is all-in
Bob: folds
Carol: calls 90
Alice: raises 30 to 180
Carol: calls 30""", 150, 150 * 3 + 30, 30 * 2),
    # Level 200, all in to 270, raise to 300.
    "level 200, all in 270, raise to 300": (100, """\
Alice: raises 100 to 200
Dave: raises 70 to 270 and is all-in
Bob: folds
Carol: calls 170
Alice: raises 30 to 300
Carol: calls 30""", 270, 270 * 3 + 50, 30 * 2),
    # The big blind of 300, all in to 550, and the big blind raises to 600.
    "big blind 300, all in 550, raise to 600": (300, """\
Alice: calls 300
Dave: raises 250 to 550 and is all-in
Bob: folds
Carol: raises 50 to 600
Alice: calls 300""", 550, 550 * 3 + 150, 50 * 2),
}


def _text(name: str, betting: str | None = None) -> str:
    bet, recorded, dave, main, side = CASES[name]
    return HAND.format(hand_id=10 ** 11 + bet, level="III", bet=bet, big=2 * bet, sb=bet // 2,
                       bb=bet, dave=dave, betting=betting or recorded, main=main, side=side,
                       total=main + side)


def _hand(text: str):
    result = parse_text(text, site="pokerstars")
    assert result.errors == (), result.errors
    (hand,) = result.hands
    return hand


@pytest.mark.parametrize("name", sorted(CASES))
def test_pokerstars_raise_to_the_previous_level_plus_a_bet_is_ok(name):
    a = audit(_hand(_text(name)))
    assert (a.rules.name, a.verdict, a.findings) == ("pokerstars", "ok", ())
    # The nets add up as the history says: the side pot to Alice, the main pot to Dave.
    assert {p.name: p.net for p in a.players} == {p.name: p.recorded_net for p in a.players}


@pytest.mark.parametrize("name", sorted(CASES))
def test_under_wsop_the_raise_is_a_finding_that_names_pokerstars(name):
    a = audit(_hand(_text(name)), "wsop")
    assert a.verdict == "invalid"
    (f,) = a.findings
    assert (f.kind, f.rule, f.allowed_by) == ("illegal_bet", "short all-in", ("pokerstars",))
    assert "illegal under wsop (short all-in), allowed on pokerstars" in f.message
    assert f.as_dict()["allowed_by"] == ["pokerstars"] and f.as_dict()["rule"] == "short all-in"


def test_all_in_plus_a_bet_is_not_pokerstars_practice_but_is_wsop():
    # Evidence: every real PokerStars raise after a short all-in went to the previous level
    # plus a bet, and its limit client offers one raise size; a raise to 210 (the all-in plus
    # a bet) is flagged, saying the WSOP rule allows it.
    name = "level 120, all in 150, raise to 180"
    betting = CASES[name][1].replace("Alice: raises 30 to 180\nCarol: calls 30",
                                      "Alice: raises 60 to 210\nCarol: calls 60")
    text = _text(name, betting).replace("Main pot 480. Side pot 60.", "Main pot 480. Side pot 120.")
    text = text.replace("collected 60 from side pot", "collected 120 from side pot")
    text = text.replace("Total pot 540", "Total pot 600").replace("won (60)", "won (120)")
    hand = _hand(text)
    a = audit(hand)
    (f,) = a.findings
    assert (a.verdict, f.kind, f.rule, f.allowed_by) == ("invalid", "illegal_bet",
                                                         "short all-in", ("wsop",))
    assert "fixed limit allows 180 here" in f.message
    assert "illegal under pokerstars (short all-in), allowed on wsop" in f.message
    assert audit(hand, "wsop").verdict == "ok"
    # A site whose practice is unknown (KingsClub's profile) accepts both.
    assert audit(hand, "kingsclub").verdict == "ok"
    assert audit(_hand(_text(name)), "kingsclub").verdict == "ok"


def test_a_short_all_in_of_less_than_half_a_bet_does_not_reopen_on_pokerstars():
    # All in to 140 over 120 (20, under half of 60): Alice, who raised, may not raise again.
    name = "level 120, all in 150, raise to 180"
    betting = CASES[name][1].replace("raises 30 to 150", "raises 20 to 140").replace(
        "Carol: calls 90", "Carol: calls 80").replace(
        "Alice: raises 30 to 180\nCarol: calls 30", "Alice: raises 40 to 180\nCarol: calls 40")
    text = _text(name, betting).replace("Seat 1: Dave (150 in chips)", "Seat 1: Dave (140 in chips)")
    # Main pot 140 * 3 + 30 = 450, side pot 40 * 2 = 80.
    text = (text.replace("Total pot 540 Main pot 480. Side pot 60.",
                         "Total pot 530 Main pot 450. Side pot 80.")
            .replace("collected 60 from side pot", "collected 80 from side pot")
            .replace("collected 480 from main pot", "collected 450 from main pot")
            .replace("won (480)", "won (450)").replace("won (60)", "won (80)"))
    hand = _hand(text)
    a = audit(hand)
    (f,) = a.findings
    assert (f.kind, f.rule, f.allowed_by) == ("illegal_bet", "short all-in", ())
    assert "the betting was not reopened" in f.message
    # Every practice agrees: under half a bet reopens nothing.
    assert audit(hand, "wsop").verdict == audit(hand, "kingsclub").verdict == "invalid"
