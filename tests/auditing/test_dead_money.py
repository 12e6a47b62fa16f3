"""Antes are layered like any other chip; only the dead part of a blind is dead money.

The hands are written as PokerStars prints them. The first is the real shape of a No Limit 2-7
Single Draw sit & go hand: a player with one chip posts it as his ante and is all in; PokerStars
returns the other player's 124 uncalled (his 25 ante and 100 big blind less the 1 matched) and
the pot is 2, whoever wins it.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from hhtools.auditing.auditor import audit
from hhtools.reading.parsing import parse_text

D = Decimal

SNG = ("PokerStars Hand #{hid}: Tournament #450000001, $3.00+$0.30 USD Single Draw 2-7 "
       "Lowball No Limit - Level V (50/100) - 2011/06/26 23:34:01 ET\n")
HERO_WINS = ("7c 5d 4h 3s 2c", "Lo: 7,5,4,3,2")
HERO_LOSES = ("Kc Qd Jh 9s 8c", "Lo: K,Q,J,9,8")
OTHER = ("9h 8d 6s 4c 3d", "Lo: 9,8,6,4,3")
THIRD = ("Th 9c 7d 5s 2h", "Lo: T,9,7,5,2")


def heads_up(hero: tuple[str, str], winner: str) -> str:
    """Hero, the button, all in on a 1-chip ante; Villain antes 25 and posts the big blind."""
    loser = "Villain" if winner == "Hero" else "Hero"
    cards = {"Hero": hero, "Villain": OTHER}
    seat = {"Hero": "Seat 1: Hero (button)", "Villain": "Seat 2: Villain (big blind)"}
    return (SNG.format(hid="63900000001")
            + "Table '450000001 1' 2-max Seat #1 is the button\n"
            "Seat 1: Hero (1 in chips)\n"
            "Seat 2: Villain (2999 in chips)\n"
            "Hero: posts the ante 1 and is all-in\n"
            "Villain: posts the ante 25\n"
            "Villain: posts big blind 100\n"
            "*** DEALING HANDS ***\n"
            f"Dealt to Hero [{hero[0]}]\n"
            "Uncalled bet (124) returned to Villain\n"
            "Villain: discards 1 card\n"
            "Hero: stands pat\n"
            "*** SHOW DOWN ***\n"
            f"Villain: shows [{OTHER[0]}] ({OTHER[1]})\n"
            f"Hero: shows [{hero[0]}] ({hero[1]})\n"
            f"{winner} collected 2 from pot\n"
            "*** SUMMARY ***\n"
            "Total pot 2 | Rake 0\n"
            f"{seat[winner]} showed [{cards[winner][0]}] and won (2) with {cards[winner][1]}\n"
            f"{seat[loser]} showed [{cards[loser][0]}] and lost with {cards[loser][1]}\n")


def three_handed(hero: tuple[str, str], main_winner: str) -> str:
    """Hero, the button, all in on a 1-chip ante; the blinds ante 25 and play a side pot of
    248, which Alice wins; the main pot of 3 goes to ``main_winner``."""
    cards = {"Hero": hero, "Alice": OTHER, "Bob": THIRD}
    seat = {"Hero": "Seat 1: Hero (button)", "Alice": "Seat 2: Alice (small blind)",
            "Bob": "Seat 3: Bob (big blind)"}
    won = {"Alice": D(248)}
    won[main_winner] = won.get(main_winner, D(0)) + 3
    collect = "Alice collected 248 from side pot\n" + f"{main_winner} collected 3 from main pot\n"
    summary = "".join(
        f"{seat[p]} showed [{cards[p][0]}] and "
        + (f"won ({won[p]}) with {cards[p][1]}\n" if p in won else f"lost with {cards[p][1]}\n")
        for p in ("Hero", "Alice", "Bob"))
    return (SNG.format(hid="63900000002")
            + "Table '450000001 1' 9-max Seat #1 is the button\n"
            "Seat 1: Hero (1 in chips)\n"
            "Seat 2: Alice (2000 in chips)\n"
            "Seat 3: Bob (3000 in chips)\n"
            "Hero: posts the ante 1 and is all-in\n"
            "Alice: posts the ante 25\n"
            "Bob: posts the ante 25\n"
            "Alice: posts small blind 50\n"
            "Bob: posts big blind 100\n"
            "*** DEALING HANDS ***\n"
            f"Dealt to Hero [{hero[0]}]\n"
            "Alice: calls 50\n"
            "Bob: checks\n"
            "Alice: discards 1 card\n"
            "Bob: discards 2 cards\n"
            "Hero: stands pat\n"
            "Alice: checks\n"
            "Bob: checks\n"
            "*** SHOW DOWN ***\n"
            f"Alice: shows [{OTHER[0]}] ({OTHER[1]})\n"
            f"Bob: shows [{THIRD[0]}] ({THIRD[1]})\n"
            f"Hero: shows [{hero[0]}] ({hero[1]})\n"
            + collect +
            "*** SUMMARY ***\n"
            "Total pot 251 Main pot 3. Side pot 248. | Rake 0\n"
            + summary)


def dead_blind(short: tuple[str, str], main_winner: str) -> str:
    """Back returns and posts small & big blinds $0.75: $0.25 of it is dead and in the main
    pot, which Shorty, all in on his $0.25 small blind, can win: $1 (his, the big blind's and
    Back's $0.25 and the dead $0.25). Back wins the side pot of $3.50."""
    cards = {"Shorty": short, "Bigb": THIRD, "Back": OTHER}
    seat = {"Shorty": "Seat 2: Shorty (small blind)", "Bigb": "Seat 3: Bigb (big blind)",
            "Back": "Seat 4: Back"}
    won = {"Back": D("3.50")}
    won[main_winner] = won.get(main_winner, D(0)) + 1
    collect = ("Back collected $3.50 from side pot\n"
               + f"{main_winner} collected $1 from main pot\n")
    summary = "".join(
        f"{seat[p]} showed [{cards[p][0]}] and "
        + (f"won (${won[p]}) with {cards[p][1]}\n" if p in won else
           f"lost with {cards[p][1]}\n")
        for p in ("Shorty", "Bigb", "Back"))
    return ("PokerStars Game #63826999001:  Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD) "
            "- 2011/06/26 23:40:01 WET [2011/06/26 18:40:01 ET]\n"
            "Table 'AlstI' 7-max Seat #1 is the button\n"
            "Seat 1: Hero ($20 in chips)\n"
            "Seat 2: Shorty ($0.25 in chips)\n"
            "Seat 3: Bigb ($30 in chips)\n"
            "Seat 4: Back ($25 in chips)\n"
            "Shorty: posts small blind $0.25 and is all-in\n"
            "Bigb: posts big blind $0.50\n"
            "Back: posts small & big blinds $0.75\n"
            "*** DEALING HANDS ***\n"
            "Dealt to Hero [Kd Qs Jc 9d 8h]\n"
            "Back: raises $1.50 to $2\n"
            "Hero: folds\n"
            "Bigb: calls $1.50\n"
            "Shorty: discards 2 cards\n"
            "Bigb: discards 1 card\n"
            "Back: stands pat\n"
            "Bigb: checks\n"
            "Back: checks\n"
            "*** SHOW DOWN ***\n"
            f"Bigb: shows [{THIRD[0]}] ({THIRD[1]})\n"
            f"Back: shows [{OTHER[0]}] ({OTHER[1]})\n"
            f"Shorty: shows [{short[0]}] ({short[1]})\n"
            + collect +
            "*** SUMMARY ***\n"
            "Total pot $4.50 Main pot $1. Side pot $3.50. | Rake $0\n"
            "Seat 1: Hero (button) folded before Flop (didn't bet)\n"
            + summary)


def audited(text: str):
    result = parse_text(text, "pokerstars")
    assert not result.errors, result.errors
    (hand,) = result.hands
    return audit(hand)


def nets(result) -> dict[str, tuple[Decimal | None, Decimal]]:
    return {p.name: (p.net, p.recorded_net) for p in result.players}


@pytest.mark.parametrize("hero, winner", [(HERO_WINS, "Hero"), (HERO_LOSES, "Villain")])
def test_a_player_all_in_on_a_short_ante_wins_only_the_antes_he_matched(hero, winner):
    result = audited(heads_up(hero, winner))
    assert result.verdict == "ok", result.explanation()
    (pot,) = result.pots
    assert (pot.amount, pot.eligible, pot.expected) == (D(2), ("Hero", "Villain"),
                                                          {winner: D(2)})
    hero_net = D(1) if winner == "Hero" else D(-1)
    assert nets(result) == {"Hero": (hero_net, hero_net), "Villain": (-hero_net, -hero_net)}


def test_the_short_ante_player_is_not_paid_antes_he_could_not_match():
    # A history paying him everyone's antes (26) is wrong, as is returning only the blind.
    text = (heads_up(HERO_WINS, "Hero").replace("Uncalled bet (124)", "Uncalled bet (100)")
            .replace("collected 2", "collected 26").replace("won (2)", "won (26)")
            .replace("Total pot 2 ", "Total pot 26 "))
    result = audited(text)
    assert result.verdict == "mismatch"
    messages = " / ".join(f.message for f in result.findings)
    assert "the uncalled bet returned should be Villain 124" in messages
    assert "Hero should receive 2 from the main pot; the history gives 26" in messages


@pytest.mark.parametrize("hero, main_winner", [(HERO_WINS, "Hero"), (HERO_LOSES, "Alice")])
def test_three_handed_the_short_ante_makes_a_main_pot_of_three(hero, main_winner):
    result = audited(three_handed(hero, main_winner))
    assert result.verdict == "ok", result.explanation()
    main, side = result.pots
    assert (main.amount, main.eligible, main.expected) == (D(3), ("Hero", "Alice", "Bob"),
                                                           {main_winner: D(3)})
    assert (side.amount, side.eligible, side.expected) == (D(248), ("Alice", "Bob"),
                                                           {"Alice": D(248)})
    got = nets(result)
    assert got["Bob"] == (D(-125), D(-125))
    hero = D(2) if main_winner == "Hero" else D(-1)
    assert got["Hero"] == (hero, hero)
    assert got["Alice"] == (D(123) + 3 - hero - 1, D(123) + 3 - hero - 1)


def test_three_handed_the_short_ante_player_cannot_take_the_side_pot():
    text = (three_handed(HERO_WINS, "Hero")
            .replace("Alice collected 248 from side pot", "Hero collected 248 from side pot")
            .replace("won (248)", "lost").replace("won (3)", "won (251)"))
    result = audited(text)
    assert result.verdict == "mismatch"
    assert any("the side 1 pot should go to Alice 248" in f.message or
               "the side pot should go to Alice 248" in f.message
               for f in result.findings), result.explanation()


@pytest.mark.parametrize("short, main_winner", [(HERO_WINS, "Shorty"), (HERO_LOSES, "Back")])
def test_a_dead_blind_is_in_the_main_pot_even_a_short_all_in_wins(short, main_winner):
    result = audited(dead_blind(short, main_winner))
    assert result.verdict == "ok", result.explanation()
    main, side = result.pots
    assert (main.amount, main.eligible, main.expected) == (
        D(1), ("Shorty", "Bigb", "Back"), {main_winner: D(1)})
    assert (side.amount, side.eligible) == (D("3.50"), ("Bigb", "Back"))
    got = nets(result)
    shorty = D("0.75") if main_winner == "Shorty" else D("-0.25")
    back = D("3.50") - D("2.25") + (1 if main_winner == "Back" else 0)
    assert got["Shorty"] == (shorty, shorty) and got["Back"] == (back, back)
    assert got["Bigb"] == (D(-2), D(-2))


def test_a_dead_blind_is_never_returned_uncalled():
    # Everyone folds to Back's raise: his live $2 less the big blind's $0.50 comes back, the
    # dead $0.25 stays in the pot.
    text = ("PokerStars Game #63826999002:  Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD) "
            "- 2011/06/26 23:41:01 WET [2011/06/26 18:41:01 ET]\n"
            "Table 'AlstI' 7-max Seat #1 is the button\n"
            "Seat 1: Hero ($20 in chips)\n"
            "Seat 2: Small ($10 in chips)\n"
            "Seat 3: Bigb ($30 in chips)\n"
            "Seat 4: Back ($25 in chips)\n"
            "Small: posts small blind $0.25\n"
            "Bigb: posts big blind $0.50\n"
            "Back: posts small & big blinds $0.75\n"
            "*** DEALING HANDS ***\n"
            "Dealt to Hero [Kd Qs Jc 9d 8h]\n"
            "Back: raises $1.50 to $2\n"
            "Hero: folds\n"
            "Small: folds\n"
            "Bigb: folds\n"
            "Uncalled bet ($1.50) returned to Back\n"
            "Back collected $1.50 from pot\n"
            "Back: doesn't show hand\n"
            "*** SUMMARY ***\n"
            "Total pot $1.50 | Rake $0\n"
            "Seat 1: Hero (button) folded before Flop (didn't bet)\n"
            "Seat 2: Small (small blind) folded before Flop\n"
            "Seat 3: Bigb (big blind) folded before Flop\n"
            "Seat 4: Back collected ($1.50)\n")
    result = audited(text)
    assert result.verdict == "ok", result.explanation()
    assert nets(result)["Back"] == (D("0.75"), D("0.75"))
    wrong = audited(text.replace("($1.50) returned", "($1.75) returned")
                    .replace("collected $1.50", "collected $1.25")
                    .replace("collected ($1.50)", "collected ($1.25)")
                    .replace("Total pot $1.50", "Total pot $1.25"))
    assert wrong.verdict == "mismatch"
    assert any("the uncalled bet returned should be Back 1.50" in f.message
               for f in wrong.findings)


@pytest.mark.parametrize("text", [heads_up(HERO_WINS, "Hero"), three_handed(HERO_LOSES, "Alice"),
                                  dead_blind(HERO_WINS, "Shorty")])
def test_phh_keeps_antes_layered_and_dead_blinds_dead(text, tmp_path):
    from hhtools.reading.phh import read_phh, to_phh

    hand = audited(text).hand
    written = to_phh(hand)
    # The dead blind is in the antes (PHH has no other field) and kept apart in _dead.
    assert ("_dead = " in written) == ("small & big" in text)
    result = read_phh(tmp_path / "h.phh", text=written)
    assert result.errors == ()
    (back,) = result.hands
    assert [(u.player, u.amount) for u in back.uncalled] == [
        (u.player, u.amount) for u in hand.uncalled]
    again = audit(back)
    assert again.verdict == "ok", again.explanation()
    assert nets(again) == nets(audit(hand))


def test_phh_refuses_a_dead_part_larger_than_the_ante(tmp_path):
    from hhtools.reading.phh import read_phh, to_phh

    written = to_phh(audited(dead_blind(HERO_WINS, "Shorty")).hand)
    bad = written.replace("_dead = [0, 0, 0.25, 0]", "_dead = [0, 0, 0.50, 0]")
    assert bad != written
    result = read_phh(tmp_path / "h.phh", text=bad)
    assert result.hands == ()
    (error,) = result.errors
    assert "_dead" in str(error) and "h.phh" in str(error)


@pytest.mark.parametrize("value", ['"0.25"', "7", "[0, 0, 0.25]"])
def test_phh_refuses_a_dead_field_that_is_not_one_amount_per_player(value, tmp_path):
    from hhtools.reading.phh import read_phh, to_phh

    written = to_phh(audited(dead_blind(HERO_WINS, "Shorty")).hand)
    result = read_phh(tmp_path / "h.phh", text=written.replace("_dead = [0, 0, 0.25, 0]",
                                                                   "_dead = " + value))
    assert result.hands == () and "_dead" in str(result.errors[0])


def test_import_stores_the_sites_nets_verdict_and_pots_for_a_short_ante(tmp_path):
    import polars as pl

    from hhtools.store.importer import import_paths
    from hhtools.store.store import Store

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "hu.txt").write_text(heads_up(HERO_WINS, "Hero"))
    (folder / "three.txt").write_text(three_handed(HERO_LOSES, "Alice"))
    store = Store(tmp_path / "db")
    done = import_paths([folder], store)
    assert (done.hands_new, done.rejected, done.verdicts) == (2, 0, {"ok": 2})
    nets = {(h, p): n for h, p, n in store.read("players")
            .select("hand_id", "player", "net").iter_rows()}
    assert nets == {("63900000001", "Hero"): D(1), ("63900000001", "Villain"): D(-1),
                    ("63900000002", "Hero"): D(-1), ("63900000002", "Alice"): D(126),
                    ("63900000002", "Bob"): D(-125)}
    halves = store.read("halves").filter(pl.col("hand_id") == "63900000002")
    assert sorted(halves.select("pot", "amount", "player").iter_rows()) == [
        ("main", D(3), "Alice"), ("side 1", D(248), "Alice")]


def kingsclub_short_ante(winner: str) -> str:
    """KingsClub prints no uncalled bet: the reader derives it, antes layered like bets."""
    hero, other = (D(50), D(-50)) if winner == "Hero" else (D(-50), D(50))
    return ("#3516999: No Limit 2-7 Single Draw - 125/250\n"
            "2021-01-28 03:52:57\n"
            "Table 'Bobbys Room Mix' Seat 1 is the button\n"
            "Seat 1: Hero (50)\n"
            "Seat 2: Player1 (10,000)\n"
            "*** 1ST BETTING ROUND ***\n"
            "Hero: posts ante 50, and is all in\n"
            "Player1: posts ante 100\n"
            "Player1: posts the big blind 250\n"
            f"Dealt to Hero: [{HERO_WINS[0] if winner == 'Hero' else HERO_LOSES[0]}]\n"
            "Dealt to Player1: [X X X X X]\n"
            "*** 1ST DRAW ***\n"
            "Player1 draws 1\n"
            "Hero stands pat\n"
            f"Hero shows [{HERO_WINS[0] if winner == 'Hero' else HERO_LOSES[0]}]\n"
            f"Player1 shows [{OTHER[0]}]\n"
            "*** 2ND BETTING ROUND ***\n"
            "*** SUMMARY ***\n"
            f"Seat 1: Hero ({50 + hero}) {'+' if hero > 0 else ''}{hero}\n"
            f"Seat 2: Player1 ({10000 + other:,}) {'+' if other > 0 else ''}{other}\n"
            f"{winner} wins pot (100)\n")


@pytest.mark.parametrize("winner", ["Hero", "Player1"])
def test_kingsclub_returns_the_antes_a_short_all_in_did_not_match(winner):
    result = parse_text(kingsclub_short_ante(winner), "kingsclub")
    assert not result.errors, result.errors
    (hand,) = result.hands
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Player1", D(300))]
    audited_hand = audit(hand)
    assert audited_hand.verdict == "ok", audited_hand.explanation()
    hero = D(50) if winner == "Hero" else D(-50)
    assert nets(audited_hand) == {"Hero": (hero, hero), "Player1": (-hero, -hero)}
