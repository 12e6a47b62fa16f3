"""Tampered copies of real hands: each change produces exactly its finding and nothing else.

The copies are made in memory from ../shared/corpus; a tamper that changes the money also
rewrites the summary consistently, so that the only thing wrong is the thing tampered with.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from hhtools.auditing.auditor import audit
from hhtools.reading.parsing import decode, parse_text, split_lines

STARS_BADUGI = ("pokerstars", "Badugi-USD-0.25-0.50-201009.txt")
STARS_27 = ("pokerstars", "3-Draw-Limit-USD-0.10-0.20-200911.txt")
KC_BADUGI = ("kingsclub", "Badugi-Limit-USD-30-60-202010.txt")
KC_BADEUCEY = ("kingsclub", "Badeucey-Limit-USD-22-44-202101.txt")
KC_27_RAKE = ("kingsclub", "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt")


@pytest.fixture(scope="module")
def real(corpus):
    """The text of one real hand, by file and hand id."""
    def text(where: tuple[str, str], hand_id: str) -> str:
        whole = "\n".join(split_lines(decode((corpus / where[0] / where[1]).read_bytes())[0]))
        hands = [h.strip("\n") for h in whole.split("\n\n\n")]
        (hand,) = [h for h in hands if f"#{hand_id}:" in h.split("\n", 1)[0]]
        return hand + "\n"
    return text


def tamper(text: str, *changes: tuple) -> str:
    """Apply (old line, new lines[, which]) replacements, in order.

    An old line must occur exactly once, unless ``which`` picks its occurrence (0-based);
    an empty new text deletes the line.
    """
    lines = text.split("\n")
    for old, new, *which in changes:
        where = [i for i, line in enumerate(lines) if line == old]
        if which:
            where = where[which[0]:which[0] + 1]
        assert len(where) == 1, old
        lines[where[0]:where[0] + 1] = new.split("\n") if new else []
    return "\n".join(lines)


def line_of(text: str, line: str, which: int = 0) -> int:
    """The 1-based number of ``line`` (its ``which``-th occurrence) in ``text``."""
    return [i for i, x in enumerate(text.split("\n"), 1) if x == line][which]


def audited(text: str, rules=None):
    result = parse_text(text)
    assert result.errors == (), result.errors
    (hand,) = result.hands
    return audit(hand, rules)


def kinds(a) -> list[str]:
    return [f.kind for f in a.findings]


def test_untampered_copies_are_ok(real):
    for where, hand_id in [(STARS_BADUGI, "49164202872"), (STARS_27, "35839118248"),
                           (KC_BADUGI, "37732805"), (KC_BADEUCEY, "40200897")]:
        assert audited(real(where, hand_id)).verdict == "ok"


def test_wrong_winner(real):
    # Player1's 3-card 5-3-2 beats Player0's 3-card 8-4-A; the history pays Player0 instead,
    # with nets and final stacks made consistent with that.
    text = tamper(real(KC_BADUGI, "37732805"),
                  ("Player1 wins pot (568.25)", "Player0 wins pot (568.25)"),
                  ("Seat 1: Player0 (1,015) -270", "Seat 1: Player0 (1,583.25) +298.25"),
                  ("Seat 2: Player1 (928.25) +298.25", "Seat 2: Player1 (360) -270"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("mismatch", ["winner_mismatch"])
    f = a.findings[0]
    assert f.line == line_of(text, "Player0 wins pot (568.25)") and f.expected == "Player1 568.25" and f.recorded == "Player0 568.25"
    assert "3-card 5-3-2 beats 3-card 8-4-A" in f.message
    assert {p.name: (p.net, p.recorded_net) for p in a.players}["Player1"] == (
        Decimal("298.25"), Decimal("-270"))


def test_wrong_split_scoop_given_to_one_half_winner(real):
    text = tamper(real(KC_BADEUCEY, "40200897"),
                  ("Player4 wins (550.25) from pot", "Player2 wins (550.25) from pot"),
                  ("Seat 4: Player2 (3,429.29) +192.75", "Seat 4: Player2 (3,979.54) +743"),
                  ("Seat 6: Player4 (875.99) +192.75", "Seat 6: Player4 (325.74) -357.50"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("mismatch", ["winner_mismatch"])
    assert a.findings[0].expected == "Player4 550.25, Player2 550.25"


def test_wrong_split_uneven_halves(real):
    text = tamper(real(KC_BADEUCEY, "40200897"),
                  ("Player2 wins (550.25) from pot", "Player2 wins (600.25) from pot"),
                  ("Player4 wins (550.25) from pot", "Player4 wins (500.25) from pot"),
                  ("Seat 4: Player2 (3,429.29) +192.75", "Seat 4: Player2 (3,479.29) +242.75"),
                  ("Seat 6: Player4 (875.99) +192.75", "Seat 6: Player4 (825.99) +142.75"))
    a = audited(text)
    assert kinds(a) == ["amount_mismatch", "amount_mismatch"]
    assert {(f.expected, f.recorded) for f in a.findings} == {("550.25", "600.25"),
                                                              ("550.25", "500.25")}


def test_amount_off(real):
    text = tamper(real(KC_27_RAKE, "39879543"),
                  ("Player3 wins pot (1,194)", "Player3 wins pot (1,195)"),
                  ("Seat 4: Player3 (8,041.62) +831", "Seat 4: Player3 (8,042.62) +832"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("mismatch", ["amount_mismatch"])
    assert (a.findings[0].expected, a.findings[0].recorded) == ("1194", "1195")


def test_amount_off_in_the_summary_only(real):
    text = tamper(real(STARS_BADUGI, "49164202872"),
                  ("Seat 5: buddyboy3399 showed [8s 3d Ac 4h] and won ($5.45) with a Badugi: 8,4,3,A",
                   "Seat 5: buddyboy3399 showed [8s 3d Ac 4h] and won ($5.46) with a Badugi: 8,4,3,A"))
    a = audited(text)
    assert kinds(a) == ["amount_mismatch"]
    assert a.findings[0].line == line_of(text, "Seat 5: buddyboy3399 showed [8s 3d Ac 4h] and "
                                         "won ($5.46) with a Badugi: 8,4,3,A")


def test_oversized_limit_bet(real):
    # After the third draw the big bet is 0.20; a bet of 0.40, folded to and returned.
    text = tamper(real(STARS_27, "35839272371"),
                  ("X USN-USMC: bets $0.20", "X USN-USMC: bets $0.40", 1),
                  ("Uncalled bet ($0.20) returned to X USN-USMC",
                   "Uncalled bet ($0.40) returned to X USN-USMC"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["illegal_bet"])
    assert "bets to 0.40; fixed limit allows 0.20 here" in a.findings[0].message


def test_fifth_limit_bet(real):
    # The round after the second draw is capped at 176 (4 bets of 44); Player2 makes a fifth.
    text = tamper(real(KC_BADEUCEY, "40200897"),
                  ("Player2 calls 176", "Player2 raises to 220"),
                  ("Player4 calls 176", "Player4 calls 220\nHero calls 220"),
                  ("Player2 wins (550.25) from pot", "Player2 wins (616.25) from pot"),
                  ("Player4 wins (550.25) from pot", "Player4 wins (616.25) from pot"),
                  ("Seat 2: Hero (308.50) -357.50", "Seat 2: Hero (264.50) -401.50"),
                  ("Seat 4: Player2 (3,429.29) +192.75", "Seat 4: Player2 (3,451.29) +214.75"),
                  ("Seat 6: Player4 (875.99) +192.75", "Seat 6: Player4 (897.99) +214.75"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["illegal_bet"])
    assert a.findings[0].line == line_of(text, "Player2 raises to 220") and "capped at 4 bets" in a.findings[0].message
    # Under WSOP rules (a bet and four raises) the same fifth bet is legal.
    assert audited(text, "wsop").verdict == "ok"


def test_raise_after_a_short_all_in_that_did_not_reopen(real):
    # cypis28's all-in raise of 0.02 on a 0.10 round is under half a bet: bakter9, who made
    # the last full raise, may only call.
    text = tamper(real(STARS_27, "35839118248"),
                  ("bakter9: calls $0.02",
                   "bakter9: raises $0.08 to $0.30\nUncalled bet ($0.08) returned to bakter9"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["illegal_bet"])
    assert "not reopened" in a.findings[0].message
    assert a.findings[0].line == line_of(text, "bakter9: raises $0.08 to $0.30")


def test_five_cards_drawn_in_badugi(real):
    # The tamper is made on the parsed record: the auditor must catch it on its own (the
    # parser keeps such a line as written too, tests/auditing/test_illegal_draws.py).
    (hand,) = parse_text(real(KC_BADUGI, "37732805")).hands
    actions = list(hand.actions)
    i = next(i for i, a in enumerate(actions) if a.kind == "discard" and a.player == "Player0")
    actions[i] = dataclasses.replace(actions[i], count=5)
    a = audit(dataclasses.replace(hand, actions=tuple(actions)))
    assert (a.verdict, kinds(a)) == ("invalid", ["illegal_draw"])
    assert "at most 4" in a.findings[0].message and a.findings[0].line == actions[i].line


def test_a_card_in_two_hands(real):
    # bakter9 shows cypis28's 7h instead of the 7c: same ranks, so only the card is wrong.
    text = tamper(real(STARS_27, "35839118248"),
                  ("bakter9: shows [4d 7c 2c 5s 6d] (Lo: 7,6,5,4,2)",
                   "bakter9: shows [4d 7h 2c 5s 6d] (Lo: 7,6,5,4,2)"),
                  ("Seat 5: bakter9 showed [4d 7c 2c 5s 6d] and won ($1.23) with Lo: 7,6,5,4,2",
                   "Seat 5: bakter9 showed [4d 7h 2c 5s 6d] and won ($1.23) with Lo: 7,6,5,4,2"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["duplicate_card"])
    assert "7h" in a.findings[0].message


def test_a_card_the_hero_holds_shown_by_another(real):
    text = tamper(real(STARS_27, "35839118248"),
                  ("bakter9: shows [4d 7c 2c 5s 6d] (Lo: 7,6,5,4,2)",
                   "bakter9: shows [4d 7c 2c 5h 6d] (Lo: 7,6,5,4,2)"))
    a = audited(text)
    assert kinds(a) == ["duplicate_card"] and "Hero" in a.findings[0].message


def test_a_card_shown_twice_in_one_hand_is_a_finding_not_a_crash(real):
    # Site texts showing a card twice are refused when read; PHH files and the API are not.
    (hand,) = parse_text(real(STARS_BADUGI, "49164202872")).hands
    show = next(s for s in hand.shows if s.player == "buddyboy3399")
    twice = dataclasses.replace(show, cards=(show.cards[0],) * 2 + show.cards[2:])
    a = audit(dataclasses.replace(
        hand, shows=tuple(twice if s is show else s for s in hand.shows)))
    assert a.verdict == "invalid" and "duplicate_card" in kinds(a)
    assert f"line {show.line}: buddyboy3399 shows {show.cards[0]} twice" in [
        f.message for f in a.findings][kinds(a).index("duplicate_card")]


def test_wrong_description(real):
    text = tamper(real(STARS_BADUGI, "49164202872"),
                  ("buddyboy3399: shows [8s 3d Ac 4h] (Badugi: 8,4,3,A)",
                   "buddyboy3399: shows [8s 3d Ac 4h] (Badugi: 8,5,3,A)"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("mismatch", ["description_mismatch"])
    f = a.findings[0]
    assert (f.expected, f.recorded) == ("4-card Badugi 8-4-3-A", "Badugi: 8,5,3,A")


def test_bet_larger_than_the_stack(real):
    text = tamper(real(STARS_BADUGI, "49164202872"),
                  ("Seat 4: Scorpio2000 ($3.40 in chips)", "Seat 4: Scorpio2000 ($1.50 in chips)"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["stack_exceeded"])
    assert "puts in 0.50 with only 0.25 behind" in a.findings[0].message
    assert a.findings[0].line == line_of(text, "Scorpio2000: bets $0.50", 1)


def test_acting_out_of_turn(real):
    text = tamper(real(STARS_BADUGI, "49164202872"),
                  ("jodarin: calls $0.25", "Scorpio2000: calls $0.25", 0),
                  ("Scorpio2000: calls $0.25", "jodarin: calls $0.25", 1))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["out_of_turn"])
    assert "it is jodarin's turn" in a.findings[0].message
    assert a.findings[0].line == line_of(text, "Scorpio2000: calls $0.25")


def test_a_contested_pot_won_by_unshown_cards_is_unverifiable(real):
    text = tamper(real(KC_BADUGI, "37732805"), ("Player1 shows [9s 3s 5c 2h]", ""))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("unverifiable", [])
    assert "Player1 never showed cards" in a.notes[0]
    assert {p.name: p.net for p in a.players}["Player1"] is None


def test_discarding_a_card_not_held(real):
    # Also refused by the parser at the text level; the record-level tamper reaches the engine.
    (hand,) = parse_text(real(KC_BADEUCEY, "40200897")).hands
    actions = list(hand.actions)
    i = next(i for i, a in enumerate(actions) if a.player == "Hero" and a.kind == "discard")
    card = next(c for c in hand.hero_cards[-1].cards if c not in hand.hero_cards[0].cards)
    actions[i] = dataclasses.replace(actions[i], discarded=(card,) + actions[i].discarded[1:])
    a = audit(dataclasses.replace(hand, actions=tuple(actions)))
    assert (a.verdict, kinds(a)) == ("invalid", ["illegal_draw"])
    assert f"Hero discards {card}, which the hand does not hold" in a.findings[0].message


def test_an_unverifiable_main_pot_does_not_stop_the_side_pot_check(real):
    # jodarin (in the main pot only) neither shows nor mucks: the main pot cannot be checked,
    # but the side pot between the two shown hands still is.
    hand = tamper(real(STARS_BADUGI, "49164202872"),
                  ("jodarin: mucks hand", "jodarin: doesn't show hand"))
    a = audited(hand)
    assert (a.verdict, kinds(a)) == ("unverifiable", [])
    assert [p.expected is None for p in a.pots] == [True, False]
    text = tamper(hand, ("buddyboy3399 collected $2.55 from side pot",
                         "Scorpio2000 collected $2.55 from side pot"))
    a = audited(text)
    # The summary line still says buddyboy3399 won both pots: that disagreement is found too.
    assert a.verdict == "mismatch" and kinds(a) == ["winner_mismatch", "amount_mismatch"]
    assert "the side 1 pot should go to buddyboy3399 2.55" in a.findings[0].message


# ---- tampered hands that once made the audit raise: each must give findings, never a traceback


def test_the_last_player_folding_is_refused_and_keeps_the_pot(real):
    # Everyone else has folded to X USN-USMC's bet; a fold by X USN-USMC too would leave
    # nobody to win the pot (the audit once failed with "min() arg is an empty sequence").
    text = tamper(real(STARS_27, "35839272371"),
                  ("rumble1111: folds", "rumble1111: folds\nX USN-USMC: folds"))
    a = audited(text)
    assert (a.verdict, kinds(a)) == ("invalid", ["out_of_turn"])
    f = a.findings[0]
    assert f.line == line_of(text, "X USN-USMC: folds")
    assert f.message == (f"line {f.line}: X USN-USMC folds after everyone else has folded: "
                         "the hand is already over")
    # The fold is not applied: the pot is still X USN-USMC's, as the history says.
    assert {p.name: p.net for p in a.players}["X USN-USMC"] == Decimal("0.79")


def test_an_all_in_last_player_folded_by_the_site_keeps_the_pot(real):
    # Sites fold all-in players who sit out, which is harmless; when that player is the last
    # one in the hand the fold must not leave the pot without an owner.
    (hand,) = parse_text(tamper(real(STARS_27, "35839272371"),
                                ("rumble1111: folds", "rumble1111: folds\nX USN-USMC: folds"))
                         ).hands
    actions = list(hand.actions)
    i = max(i for i, a in enumerate(actions) if a.player == "X USN-USMC" and a.kind == "bet")
    actions[i] = dataclasses.replace(actions[i], all_in=True)
    a = audit(dataclasses.replace(hand, actions=tuple(actions)))
    assert a.verdict == "ok"
    assert {p.name: p.net for p in a.players}["X USN-USMC"] == Decimal("0.79")


@pytest.mark.parametrize("how", ["seat dropped", "seat renamed to another player's name",
                                 "no seats"])
def test_a_player_with_no_seat(real, how):
    # Record-level tampers (the parser refuses such text): the player who wins the pot has no
    # seat, so once the others fold nobody seated was left and the audit raised.
    (hand,) = parse_text(real(STARS_27, "35839272371")).hands
    R = dataclasses.replace
    if how == "seat dropped":
        seats = tuple(s for s in hand.seats if s.name != "X USN-USMC")
    elif how == "no seats":
        seats = ()
    else:
        seats = tuple(R(s, name="Hero") if s.name == "X USN-USMC" else s for s in hand.seats)
    a = audit(R(hand, seats=seats))
    assert a.verdict == "invalid" and set(kinds(a)) <= {"out_of_turn", "winner_mismatch"}
    post = next(x for x in hand.actions if x.player == "X USN-USMC")
    bet = next(x for x in hand.actions if x.player == "X USN-USMC" and x.kind == "bet")
    messages = [f.message for f in a.findings]
    assert f"line {post.line}: X USN-USMC posts 0.10 but has no seat in this hand" in messages
    assert f"line {bet.line}: X USN-USMC acts but has no seat in this hand" in messages
    if how == "no seats":
        assert a.notes == ("nobody seated is left in the hand to win the main pot",)
    else:
        assert a.findings[-1].kind == "winner_mismatch"
        assert "should go to rumble1111 1.19" in a.findings[-1].message
