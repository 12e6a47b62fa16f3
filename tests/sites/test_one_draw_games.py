"""2-7 Single Draw and 5-Card Draw as PokerStars, Full Tilt and Merge write them: the records of
their real files, and the fixed-limit big bet after the only draw."""

from __future__ import annotations

from decimal import Decimal

import pytest
from site_contract import CORPUS

from hhtools.auditing.auditor import audit
from hhtools.core.cards import parse_cards
from hhtools.core.games import get_game
from hhtools.reading.parsing import decode, parse_file, parse_text

D = Decimal


def _hand(site: str, name: str, index: int = 0):
    return parse_file(CORPUS / site / name).hands[index]


def _shown(hand, player: str) -> str:
    """The game's own description of what ``player`` showed."""
    (show,) = [s for s in hand.shows if s.player == player and s.cards]
    return get_game(hand.game).evaluate(show.cards)[0].description


def _draws(hand) -> list[tuple]:
    return [(a.street, a.player, a.count) for a in hand.actions
            if a.kind in ("discard", "stand_pat")]


# ---- PokerStars: no draw marker, the draws follow the pre-draw betting ------------------------

def test_pokerstars_no_limit_single_draw_2_7():
    hand = _hand("pokerstars", "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt")
    assert (hand.game, hand.structure, hand.small_blind, hand.big_blind, hand.ante) == (
        "2-7-single-draw", "no-limit", D("0.25"), D("0.50"), None)
    assert _draws(hand) == [("draw1", "Player2", 1), ("draw1", "Player6", 0)]
    # The betting after the draw is its own round.
    assert [(a.street, a.kind) for a in hand.actions[-2:]] == [("draw1", "check")] * 2
    assert _shown(hand, "Player6") == "T-6-5-3-2"
    assert _shown(hand, "Player2") == "pair of eights"
    # Its summary says "folded before Flop".
    assert hand.summary.seats[0].outcome == "folded"
    assert audit(hand).verdict == "ok"


def test_pokerstars_five_card_draw_fixed_limit_big_bet_after_the_draw():
    hand = _hand("pokerstars", "5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt")
    assert (hand.game, hand.structure, hand.small_bet, hand.big_bet) == (
        "5-card-draw", "fixed-limit", D("0.25"), D("0.50"))
    assert (hand.small_blind, hand.big_blind) == (D("0.10"), D("0.25"))
    assert _draws(hand) == [("draw1", "Player1", 1), ("draw1", "Player2", 1),
                            ("draw1", "Hero", 1), ("draw1", "Player4", 3)]
    assert [(h.street, h.cards) for h in hand.hero_cards] == [
        ("predraw", parse_cards("Jd Qd Td Kd 2s")), ("draw1", parse_cards("Jd Qd Td Kd 9h"))]
    bet = next(a for a in hand.actions if a.kind == "bet")
    assert (bet.street, bet.to) == ("draw1", hand.big_bet)
    assert audit(hand).verdict == "ok"


def test_pokerstars_a_small_bet_after_the_draw_is_flagged():
    text, _ = decode((CORPUS / "pokerstars" /
                      "5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt").read_bytes())
    text = text.replace("Hero: bets $0.50", "Hero: bets $0.25").replace(
        "Uncalled bet ($0.50)", "Uncalled bet ($0.25)")
    (hand,) = parse_text(text, "pokerstars").hands
    a = audit(hand)
    assert a.verdict == "invalid"
    assert [f.message for f in a.findings] == [
        "line 26: Hero bets to 0.25; fixed limit allows 0.50 here"]


@pytest.mark.parametrize("name, structure", [
    ("5-Carddraw-NL-USD-0.25-0.50.Sample.txt", "no-limit"),
    ("5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt", "pot-limit")])
def test_pokerstars_five_card_draw_no_and_pot_limit(name, structure):
    hand = _hand("pokerstars", name)
    assert (hand.game, hand.structure) == ("5-card-draw", structure)
    assert audit(hand).verdict == "ok"


def test_pokerstars_five_card_draw_shows_are_high_hands():
    hand = _hand("pokerstars", "5-Carddraw-NL-USD-0.25-0.50.Sample.txt")
    assert _shown(hand, "Player4") == "two pair, jacks and sixes"
    hand = _hand("pokerstars", "5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt")
    assert (_shown(hand, "Player2"), _shown(hand, "Hero")) == ("pair of kings", "Q-7-6-3-2")
    assert [c.player for c in hand.collections] == ["Player2"]


def test_pokerstars_five_card_draw_session():
    hands = parse_file(CORPUS / "pokerstars" / "5-Carddraw-USD-0.10-0.20-200911.txt").hands
    assert len(hands) == 30 and {h.game for h in hands} == {"5-card-draw"}
    # Cards drawn: 0 (stands pat) to 4 (keeping an ace), and every draw on the one draw street.
    assert sorted({a.count for h in hands for a in h.actions
                   if a.kind in ("discard", "stand_pat")}) == [0, 1, 2, 3, 4]
    assert {a.street for h in hands for a in h.actions
            if a.kind in ("discard", "stand_pat")} == {"draw1"}


# ---- Full Tilt: "*** DRAW ***", antes with the blinds ------------------------------------------

def test_fulltilt_no_limit_single_draw_with_antes():
    hand = _hand("fulltilt", "1-Draw-NL-USD-0.10-0.20-201103.txt")
    assert (hand.game, hand.structure, hand.small_blind, hand.big_blind, hand.ante) == (
        "2-7-single-draw", "no-limit", D("0.10"), D("0.20"), D("0.05"))
    antes = [a.player for a in hand.actions if a.kind == "post_ante"]
    assert antes == ["Thanks4Coming", "mrsjoanmac", "Wayren", "Sonny090", "Hero"]
    assert _draws(hand) == [("draw1", "Wayren", 1), ("draw1", "Sonny090", 1),
                            ("draw1", "Hero", 2)]
    hero_draw = next(a for a in hand.actions if a.player == "Hero" and a.kind == "discard")
    assert (hero_draw.discarded, hero_draw.new_cards) == (parse_cards("Ah Ts"),
                                                          parse_cards("Qc 5s"))
    assert _shown(hand, "Wayren") == "9-8-6-4-3"
    assert audit(hand).verdict == "ok"


def test_fulltilt_ten_game_single_draw_hands():
    hands = [h for h in parse_file(CORPUS / "fulltilt" /
                                   "10Game-6max-USD-2.50-5.201104.Sample.txt").hands
             if h.game == "2-7-single-draw"]
    assert len(hands) == 10
    assert {(h.structure, h.big_blind, h.ante, h.mix) for h in hands} == {
        ("no-limit", D(1), D("0.25"), "10-Game")}
    assert all(audit(h).verdict == "ok" for h in hands)


def test_fulltilt_five_card_draw_limit_and_no_limit():
    limit = _hand("fulltilt", "5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt")
    assert (limit.game, limit.structure, limit.small_bet, limit.big_bet) == (
        "5-card-draw", "fixed-limit", D("0.10"), D("0.20"))
    # The big bet after the draw: a bet of 0.20 and a raise to 0.40.
    assert [(a.kind, a.to) for a in limit.actions
            if a.street == "draw1" and a.kind in ("bet", "raise")] == [
        ("bet", D("0.20")), ("raise", D("0.40"))]
    assert _shown(limit, "Player1") == "full house, sevens full of queens"
    no_limit = _hand("fulltilt", "5-Carddraw-NL-USD-0.10-0.20-201011.Saw.Showdown.Not.UTF16.txt")
    assert (no_limit.game, no_limit.structure, no_limit.big_blind) == (
        "5-card-draw", "no-limit", D("0.50"))
    assert [c for _, _, c in _draws(no_limit)] == [1, 2, 2, 1]
    assert _shown(no_limit, "Player1") == "flush, K-Q-5-4-3"
    assert audit(limit).verdict == audit(no_limit).verdict == "ok"


# ---- Merge: "5-Draw", a newcomer's INITIAL_BLIND -----------------------------------------------

def test_merge_pot_limit_five_card_draw():
    hand = _hand("merge", "5-Carddraw-PL-USD-0.05-0.10.201111.txt")
    assert (hand.game, hand.structure, hand.small_blind, hand.big_blind) == (
        "5-card-draw", "pot-limit", D("0.05"), D("0.10"))
    # The newcomer's INITIAL_BLIND is a live big blind: Hero checks when the action comes back.
    posts = [(a.player, a.kind, a.amount) for a in hand.actions if a.kind.startswith("post_")]
    assert posts == [("Player0", "post_sb", D("0.05")), ("Player4", "post_bb", D("0.10")),
                     ("Hero", "post_bb", D("0.10"))]
    assert [c for _, _, c in _draws(hand)] == [3, 3, 3, 3, 2]
    hero_draw = next(a for a in hand.actions if a.player == "Hero" and a.kind == "discard")
    assert (hero_draw.discarded, hero_draw.new_cards) == (parse_cards("4h Ac 6s"),
                                                          parse_cards("8d 9c 2s"))
    final = hand.hero_cards[-1].cards
    assert get_game(hand.game).evaluate(final)[0].description == "pair of sevens"
    # Everyone folds to Player3's bet: 0.50 back, 0.48 won, 0.02 rake.
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player3", D("0.50"))]
    assert [(c.player, c.amount) for c in hand.collections] == [("Player3", D("0.48"))]
    assert hand.summary.rake == D("0.02")
    assert audit(hand).verdict == "ok"


def test_a_second_draw_in_a_single_draw_game_is_flagged():
    # PokerStars' triple draw markers read in a 5 Card Draw hand: the replay knows it has one.
    path = CORPUS / "pokerstars" / "5-Carddraw-NL-USD-0.25-0.50.Sample.txt"
    text, _ = decode(path.read_bytes())
    text = text.replace("Hero: checks\nPlayer4: discards",
                        "Hero: checks\n*** FIRST DRAW ***\nPlayer4: discards")
    text = text.replace("Player4: checks\nHero: checks\n*** SHOW DOWN",
                        "Player4: checks\nHero: checks\n*** SECOND DRAW ***\n"
                        "Player4: stands pat\nHero: stands pat\n*** SHOW DOWN")
    (hand,) = parse_text(text, "pokerstars").hands
    a = audit(hand)
    assert a.verdict == "invalid"
    assert [f.message for f in a.findings] == [
        "line 25: Player4 draws after the last draw of 5-Card Draw, which has 1 draw",
        "line 26: Hero draws after the last draw of 5-Card Draw, which has 1 draw"]


def test_an_all_in_before_the_draw_draws_and_shows():
    # No real PokerStars single draw hand here goes all in before the draw: the 2-7 hand with
    # the big blind's stack cut to its call, so no betting follows the draw.
    path = CORPUS / "pokerstars" / "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt"
    text, _ = decode(path.read_bytes())
    text = text.replace("Player2 ($31.60 in chips)", "Player2 ($2.50 in chips)").replace(
        "Player2: calls $2\n", "Player2: calls $2 and is all-in\n").replace(
        "Player2: checks\nPlayer6: checks\n", "")
    (hand,) = parse_text(text, "pokerstars").hands
    assert [(a.street, a.player, a.kind, a.all_in) for a in hand.actions[-4:]] == [
        ("predraw", "Player2", "call", True), ("predraw", "Player3", "fold", False),
        ("draw1", "Player2", "discard", False),
        ("draw1", "Player6", "stand_pat", False)]
    a = audit(hand)
    assert (a.verdict, a.findings) == ("ok", ())
    assert {p.name: p.net for p in a.players}["Player6"] == D("3.00")  # 5.50 won, 2.50 in
