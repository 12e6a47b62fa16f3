"""KingsClub's one-draw games: A-5 Single Draw (Limit, no markers) and No Limit 2-7 Single Draw
with antes, a missed small blind and run it twice; what the records say and how the audit
settles each run."""

from __future__ import annotations

from decimal import Decimal

import pytest
from site_contract import CORPUS

from hhtools.auditing.auditor import audit
from hhtools.core.cards import parse_cards
from hhtools.core.records import hand_to_json
from hhtools.reading.parsing import parse_file, parse_text

A5_SD = "A5-1-Draw-Limit-USD-50-100-202102.txt"
RIT_OLD = "NL-2-7-SD-USD-125-250-202103.RIT.txt"
MISSED_SB = "NL-2-7-SD-USD-125-250-202103.missed.sb.txt"
RIT_1 = "NL-2-7-SD-USD-25-50-202108.1.RIT.txt"
RIT_2 = "NL-2-7-SD-USD-25-50-202108.2.RIT.txt"
D = Decimal


def _text(name: str) -> str:
    path = CORPUS / "kingsclub" / name
    if not path.is_file():
        pytest.skip(f"the shared corpus is not at {path.parent}")
    return path.read_text(encoding="utf-8")


def _hand(name: str):
    (hand,) = parse_file(CORPUS / "kingsclub" / name).hands
    return hand


def _read(text: str):
    result = parse_text(text, "kingsclub")
    assert result.errors == ()
    (hand,) = result.hands
    return hand


def _tamper(text: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _shows(hand):
    return [(s.player, s.run, s.cards) for s in hand.shows]


# ---- records -------------------------------------------------------------------------------


def test_a5_single_draw_without_markers():
    hand = _text(A5_SD) and _hand(A5_SD)
    assert (hand.game, hand.structure, hand.small_bet, hand.big_bet) == (
        "a-5-single-draw", "fixed-limit", D(50), D(100))
    assert (hand.small_blind, hand.big_blind, hand.ante) == (D(25), D(50), None)
    # No draw marker is printed: the draw and the betting after it are the first draw street.
    assert [(a.street, a.player, a.kind) for a in hand.actions[4:]] == [
        ("draw1", "Hero", "discard"), ("draw1", "Player0", "stand_pat"),
        ("draw1", "Hero", "check"), ("draw1", "Player0", "check")]
    assert [(h.street, h.cards) for h in hand.hero_cards] == [
        ("predraw", parse_cards("Tc Ks Qc 4c As")), ("draw1", parse_cards("4c As 7s 3h 3s"))]
    assert audit(hand).verdict == "ok"


def test_a5_single_draw_bets_the_big_bet_after_the_draw():
    text = _text(A5_SD)
    bet = _tamper(text, ("Hero checks\nPlayer0 checks", "Hero bets 100\nPlayer0 calls 100"),
                  ("Seat 1: Player0 (1,488) +99", "Seat 1: Player0 (1,588) +199"),
                  ("Seat 2: Hero (774) -100", "Seat 2: Hero (674) -200"),
                  ("Player0 wins pot (199)", "Player0 wins pot (399)"))
    assert audit(_read(bet)).verdict == "ok"
    small = _tamper(bet, ("Hero bets 100\nPlayer0 calls 100", "Hero bets 50\nPlayer0 calls 50"),
                    ("(1,588) +199", "(1,538) +149"), ("(674) -200", "(724) -150"),
                    ("wins pot (399)", "wins pot (299)"))
    a = audit(_read(small))
    assert (a.verdict, [f.kind for f in a.findings]) == ("invalid", ["illegal_bet"])


def test_antes_with_blinds_and_a_missed_small_blind():
    hand = _text(MISSED_SB) and _hand(MISSED_SB)
    assert (hand.game, hand.structure, hand.small_blind, hand.big_blind, hand.ante) == (
        "2-7-single-draw", "no-limit", D(125), D(250), D(100))
    # Player0 pays the missed small blind dead, with no line: raising to 500 and taking the
    # 1,350 pot nets +875, 125 less than the lines make.
    dead = [(a.player, a.kind, a.amount, a.street) for a in hand.actions if a.kind == "post_dead"]
    assert dead == [("Player0", "post_dead", D(125), "predraw")]
    assert [a.kind for a in hand.actions][:9] == ["post_ante"] * 6 + [
        "post_sb", "post_bb", "post_dead"]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player0", D(250))]
    assert audit(hand).verdict == "ok"


def test_a_net_off_by_other_than_a_small_blind_is_not_explained_away():
    text = _tamper(_text(MISSED_SB), ("Seat 1: Player0 (10,875) +875",
                                      "Seat 1: Player0 (10,900) +900"))
    hand = _read(text)
    assert not [a for a in hand.actions if a.kind == "post_dead"]
    assert audit(hand).verdict == "mismatch"


def test_run_twice_shows_and_draws():
    hand = _text(RIT_1) and _hand(RIT_1)
    # The pat player shows once (both runs); the drawing player shows each run's hand.
    assert _shows(hand) == [
        ("Player2", None, parse_cards("4h 9d 8h 5h 3d")),
        ("Player4", 1, parse_cards("4c 8d 6h 2h 7h")),
        ("Player4", 2, parse_cards("4c 8d 6h 2h 5c"))]
    assert [(a.player, a.kind, a.count) for a in hand.actions if a.street == "draw1"] == [
        ("Player4", "discard", 2), ("Player2", "stand_pat", 0)]
    hand = _hand(RIT_2)
    discard = next(a for a in hand.actions if a.kind == "discard")
    assert (discard.player, discard.discarded, discard.new_cards) == (
        "Hero", parse_cards("Th"), parse_cards("8c"))
    assert hand.hero_cards[-1].cards == parse_cards("5d 7h Td 2h 8c")  # run 1's hand
    assert _shows(hand)[:2] == [("Hero", 1, parse_cards("5d 7h 8c Td 2h")),
                                ("Hero", 2, parse_cards("5d 7h Qs Td 2h"))]


def test_older_run_twice_draw_lines():
    hand = _text(RIT_OLD) and _hand(RIT_OLD)
    # 'Dealt to Hero: [6h Ks Ks]': run 1's card, run 2's, the discard; six hidden cards are a
    # two-card draw. Unlabelled shows of players who drew are run 1's.
    draws = [(a.player, a.kind, a.count, a.discarded, a.new_cards)
             for a in hand.actions if a.street == "draw1"]
    assert draws == [("Hero", "discard", 1, parse_cards("Ks"), parse_cards("6h")),
                     ("Player0", "stand_pat", 0, (), None),
                     ("Player3", "discard", 2, None, None)]
    assert _shows(hand) == [
        ("Hero", 2, parse_cards("4c 3d 7h 2c Ks")),
        ("Player0", None, parse_cards("4s 9d 6s 7d 3c")),
        ("Player3", 1, parse_cards("8c Kh 7c 2h Jd")),
        ("Hero", 1, parse_cards("4c 3d 7h 6h 2c"))]
    assert hand.dealt_to == ("Player0", "Player1", "Player3", "Player4", "Hero")


def test_run_is_in_the_json_of_run_twice_hands_only():
    assert [s.get("run") for s in hand_to_json(_hand(RIT_1))["shows"]] == [None, 1, 2]
    assert all("run" not in s for s in hand_to_json(_hand(A5_SD))["shows"])


def test_a_run_twice_draw_line_of_the_wrong_size_is_rejected():
    text = _tamper(_text(RIT_OLD), ("Dealt to Player3: [X X X X X X]",
                                    "Dealt to Player3: [X X X X]"))
    result = parse_text(text, "kingsclub")
    assert result.hands == ()
    (error,) = result.errors
    assert "4 cards dealt to Player3 in a draw run twice" in error.message


# ---- settlement ----------------------------------------------------------------------------


def _pots(a):
    return [(p.name, p.amount, [(h.component, h.amount, h.winners) for h in p.halves],
             p.expected) for p in a.pots]


def test_each_run_wins_half_of_each_pot():
    a = _text(RIT_OLD) and audit(_hand(RIT_OLD))
    assert a.verdict == "ok"
    # Run 1: the hero's 7-6-4-3-2 beats everyone; run 2: his K-7-4-3-2 loses to the pat
    # 9-7-6-4-3, and Player3's run-2 hand was never shown.
    assert _pots(a) == [
        ("main", D(2525), [("run 1", D("1262.50"), ("Hero",)),
                           ("run 2", D("1262.50"), ("Player0",))],
         {"Hero": D("1262.50"), "Player0": D("1262.50")}),
        ("side 1", D(18450), [("run 1", D(9225), ("Hero",)), ("run 2", D(9225), ("Player0",))],
         {"Hero": D(9225), "Player0": D(9225)})]
    assert {p.name: p.net for p in a.players} == {
        "Player0": D("487.50"), "Player1": D(-100), "Player3": D(-775), "Player4": D(-100),
        "Hero": D("487.50")}
    text = a.explanation()
    assert "    run 1 1262.50: Hero\n    run 2 1262.50: Player0" in text
    assert "run 2 hands: Player0 4s 9d 6s 7d 3c (9-7-6-4-3) > Hero 4c 3d 7h 2c Ks" in text


def test_one_player_winning_both_runs_takes_the_whole_pot():
    a = _text(RIT_1) and audit(_hand(RIT_1))
    assert a.verdict == "ok"
    assert _pots(a) == [("main", D(2525), [("run 1", D(1259), ("Player4",)),
                                           ("run 2", D(1259), ("Player4",))],
                         {"Player4": D(2518)})]


def test_the_wrong_winner_of_run_two_is_named():
    text = _tamper(_text(RIT_OLD),
                   ("Player0 wins (9,225) from side pot 1", "Hero wins (9,225) from side pot 1"),
                   ("Seat 1: Player0 (10,487.50) +487.50", "Seat 1: Player0 (1,262.50) -8,737.50"),
                   ("Seat 5: Hero (10,487.50) +487.50", "Seat 5: Hero (19,712.50) +9,712.50"))
    a = audit(_read(text))
    assert a.verdict == "mismatch"
    (finding,) = a.findings
    assert finding.kind == "winner_mismatch"
    assert finding.message.startswith("line 45: run 2 of the side 1 pot should go to Player0 "
                                      "9225.00 (Player0: 9-7-6-4-3 beats K-7-4-3-2")
    assert (finding.expected, finding.recorded) == ("Player0 9225.00", "Hero 9225.00")


def _hero_makes_run_one(text: str) -> str:
    """RIT_2 with the hero's run-1 hand the better 7-5-4-3-2 (run 2 still Player1's)."""
    return _tamper(text, ("Run 1: Hero shows [5d 7h 8c Td 2h]",
                          "Run 1: Hero shows [5d 7h 4c 3c 2h]"),
                   ("Hero discards [Th] draws [8c] [Qs]", "Hero discards [Th] draws [4c] [Qs]"),
                   ("Dealt to Hero: [5d 7h Th Td 2h]", "Dealt to Hero: [5d 7h Th 3c 2h]"),
                   ("Run 2: Hero shows [5d 7h Qs Td 2h]", "Run 2: Hero shows [5d 7h Qs 3c 2h]"))


def test_the_odd_chip_between_the_runs():
    # A 7.01 rake leaves 2,452.99: run 1 takes the odd cent; a history giving it to run 2 is
    # accepted too (no real hand shows which).
    text = _tamper(_hero_makes_run_one(_text(RIT_2)), ("Rake 7", "Rake 7.01"),
                   ("Seat 2: Hero (0) -1,200", "Seat 2: Hero (1,226.50) +26.50"),
                   ("Seat 3: Player1 (2,453) +1,253", "Seat 3: Player1 (1,226.49) +26.49"),
                   ("Player1 wins pot (2,453)",
                    "Hero wins (1,226.50) from pot\nPlayer1 wins (1,226.49) from pot"))
    a = audit(_read(text))
    assert a.verdict == "ok"
    assert [(h.component, h.amount, h.winners) for h in a.pots[0].halves] == [
        ("run 1", D("1226.50"), ("Hero",)), ("run 2", D("1226.49"), ("Player1",))]
    other = _tamper(text, ("Hero (1,226.50) +26.50", "Hero (1,226.49) +26.49"),
                    ("Player1 (1,226.49) +26.49", "Player1 (1,226.50) +26.50"),
                    ("Hero wins (1,226.50)", "Hero wins (1,226.49)"),
                    ("Player1 wins (1,226.49)", "Player1 wins (1,226.50)"))
    assert audit(_read(other)).verdict == "ok"


def test_the_wrong_winner_of_run_one_is_named():
    # Hero's run-1 hand made the better 7-5-4-3-2: run 1 is his, yet Player1 takes it all.
    text = _hero_makes_run_one(_text(RIT_2))
    a = audit(_read(text))
    assert a.verdict == "mismatch"
    assert [(f.kind, f.message.split(" (")[0]) for f in a.findings] == [
        ("winner_mismatch", "line 42: run 1 of the main pot should go to Hero 1226.50")]
