"""PokerStars line kinds that no corpus file shows (FORMATS-LINES.md), each in a hand-made
hand in the site's format: read (the fact is in the record) or skipped, and the money agrees."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from line_kinds import changed, first_hand, read_one, rejected  # noqa: E402

from hhtools.parsing import parse_text  # noqa: E402

CASH = first_hand("pokerstars", "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt")
SNG = first_hand("pokerstars", "LBad-USD-SNG8-201011.txt")
SITE = "pokerstars"


@pytest.mark.parametrize("title", ["Zoom Hand", "Rush Hand", "Home Game Hand"])
def test_fast_fold_and_home_game_titles(title: str) -> None:
    text = changed(CASH, "PokerStars Game #63845186378:  ",
                   f"PokerStars {title} #63845186378:  "
                   + ("{Club Draw} " if title.startswith("Home") else ""))
    hand, verdict, _ = read_one(text, SITE)
    assert (hand.hand_id, hand.game, verdict) == ("63845186378", "2-7", "ok")


def test_old_date_form_is_eastern_time() -> None:
    text = changed(CASH, "- 2011/06/26 18:34:02 WET [2011/06/26 13:34:02 ET]",
                   "- 2011/06/26 - 13:34:02 (ET)")
    hand, verdict, _ = read_one(text, SITE)
    assert hand.started_at.isoformat() == "2011-06-26T13:34:02-04:00"
    assert verdict == "ok"


def test_euro_table_with_regulator_id() -> None:
    text = CASH.replace("$", "€").replace("USD)", "EUR) [ADM ID: 1234567ABCD]")
    hand, verdict, _ = read_one(text, SITE)
    assert (hand.currency, hand.big_bet, verdict) == ("EUR", Decimal("0.20"), "ok")


@pytest.mark.parametrize("buy_in, fee, bounty", [("$1.00+$0.50+$0.20", "0.20", "0.50"),
                                                 ("Freeroll", None, None)])
def test_bounty_and_freeroll_buy_ins(buy_in: str, fee: str | None, bounty: str | None) -> None:
    hand, verdict, _ = read_one(changed(SNG, "$1.00+$0.20 USD", buy_in), SITE)
    assert hand.tournament is not None
    assert hand.tournament.fee == (Decimal(fee) if fee else None)
    assert hand.tournament.bounty == (Decimal(bounty) if bounty else None)
    assert verdict == "ok"


def test_mixed_game_header_names_the_mix() -> None:
    text = changed(CASH, "Triple Draw 2-7 Lowball Limit", "8-Game (Triple Draw 2-7 Lowball Limit)")
    hand, verdict, _ = read_one(text, SITE)
    assert (hand.mix, hand.game, verdict) == ("8-Game", "2-7", "ok")


def test_match_round_and_seat_bounty() -> None:
    text = changed(SNG, "- Level I (20/40)", "- Match Round I, Level I (20/40)")
    text = changed(text, "Seat 1: Player7 (1500 in chips)",
                   "Seat 1: Player7 (1500 in chips, $0.50 bounty)")
    hand, verdict, _ = read_one(text, SITE)
    assert hand.tournament is not None and hand.tournament.level == "I"
    assert hand.seats[0].stack == 1500 and verdict == "ok"


def test_real_money_tag() -> None:
    hand, verdict, _ = read_one(changed(CASH, "6-max Seat #1", "6-max (Real Money) Seat #1"), SITE)
    assert (hand.max_seats, hand.button_seat, verdict) == (6, 1, "ok")


def test_player_moved_in_is_seated_not_dealt() -> None:
    text = changed(SNG.replace("8-max", "9-max"), "Seat 8: Player2 (1500 in chips)\n",
                   "Seat 8: Player2 (1500 in chips)\nSeat 9: Mover (1500 in chips) out of hand "
                   "(moved from another table into small blind)\n")
    hand, verdict, _ = read_one(text, SITE)
    mover = [s for s in hand.seats if s.name == "Mover"]
    assert mover and not any(a.player == "Mover" for a in hand.actions)
    assert verdict == "ok"


def _with_pot(text: str, extra: str) -> str:
    """The cash hand with ``extra`` dead money more in the pot and the winner's award."""
    total = Decimal("1.35") + Decimal(extra)
    won = Decimal("1.29") + Decimal(extra)
    text = text.replace("Player1 collected $1.29 from pot", f"Player1 collected ${won} from pot")
    text = text.replace("and won ($1.29)", f"and won (${won})")
    return text.replace("Total pot $1.35", f"Total pot ${total}")


def test_second_small_blind_is_dead() -> None:
    text = changed(CASH, "Player2: posts big blind $0.10\n",
                   "Player2: posts big blind $0.10\nPlayer3: posts small blind $0.05\n")
    hand, verdict, findings = read_one(_with_pot(text, "0.05"), SITE)
    dead = [a for a in hand.actions if a.player == "Player3" and a.kind == "post_dead"]
    assert [(a.amount, a.to) for a in dead] == [(Decimal("0.05"), Decimal("0"))]
    assert verdict == "ok", findings
    # The dead money is in the pot: the award as printed without it no longer agrees.
    _, verdict, _ = read_one(text, SITE)
    assert verdict == "mismatch"


def test_small_and_big_blinds_together() -> None:
    text = changed(CASH, "Player2: posts big blind $0.10\n",
                   "Player2: posts big blind $0.10\nPlayer3: posts small & big blinds $0.15\n")
    text = changed(text, "Player3: calls $0.10\n", "Player3: checks\n")
    hand, verdict, findings = read_one(_with_pot(text, "0.05"), SITE)
    (post,) = [a for a in hand.actions if a.kind == "post_dead"]
    assert (post.amount, post.to) == (Decimal("0.15"), Decimal("0.10"))
    assert verdict == "ok", findings


def test_antes() -> None:
    text = changed(SNG, "Player3: posts small blind 10\n",
                   "Player7: posts the ante 5\nPlayer3: posts the ante 5\n"
                   "Player3: posts small blind 10\n")
    text = text.replace("collected 100", "collected 110").replace("won (100)", "won (110)")
    text = text.replace("Total pot 100", "Total pot 110")
    hand, verdict, findings = read_one(text, SITE)
    assert [a.amount for a in hand.actions if a.kind == "post_ante"] == [5, 5]
    assert verdict == "ok", findings


def test_disconnect_tail_and_cap_suffix() -> None:
    text = changed(CASH, "Player4: folds\n", "Player4: folds (disconnect)\n")
    text = changed(text, "Player1: bets $0.20\n", "Player1: bets $0.20 and has reached the $0.20 cap\n")
    hand, verdict, _ = read_one(text, SITE)
    kinds = {(a.player, a.kind, a.amount) for a in hand.actions}
    assert ("Player4", "fold", None) in kinds and ("Player1", "bet", Decimal("0.20")) in kinds
    assert verdict == "ok"


@pytest.mark.parametrize("tag, roles", [
    ("(button) (small blind)", ("button", "small blind")),
    ("(small blind) (button)", ("small blind", "button")),
    ("(button) (big blind)", ("button", "big blind")),
    ("(small blind/button)", ("small blind", "button")),
    ("(button blind)", ("button",)),
])
def test_combined_position_tags(tag: str, roles: tuple[str, ...]) -> None:
    text = changed(CASH, "Seat 1: Player1 (button) showed", f"Seat 1: Player1 {tag} showed")
    hand, verdict, _ = read_one(text, SITE)
    (entry,) = [s for s in hand.summary.seats if s.seat == 1]
    assert (entry.player, entry.positions, entry.won) == ("Player1", roles, Decimal("1.29"))
    assert verdict == "ok"


def test_showed_and_collected() -> None:
    text = changed(CASH, "and won ($1.29) with", "and collected ($1.29) with")
    hand, verdict, _ = read_one(text, SITE)
    (entry,) = [s for s in hand.summary.seats if s.seat == 1]
    assert entry.won == Decimal("1.29") and entry.cards is not None and verdict == "ok"


@pytest.mark.parametrize("line", [
    "Player6 wins the tournament and receives $5.00 - congratulations!",
    "Player6 wins the $0.50 bounty for eliminating Player5",
    "Player6, Player3 split the $0.50 bounty for eliminating Player5",
    "Player6 wins $0.25 for eliminating Player5 and their own bounty increases by $0.25 to $0.75",
    "Player6 wins $0.25 for splitting the elimination of Player5 and their own bounty "
    "increases by $0.25 to $0.75",
])
def test_tournament_prize_and_bounty_lines_leave_the_pot_alone(line: str) -> None:
    text = changed(SNG, "Player6 collected 100 from pot\n",
                   f"Player6 collected 100 from pot\n{line}\n")
    hand, verdict, _ = read_one(text, SITE)
    assert [(c.player, c.amount) for c in hand.collections] == [("Player6", 100)]
    assert verdict == "ok"


def test_archive_separators_between_hands() -> None:
    second = CASH.replace("63845186378", "63845186379")
    text = f"*********** # 1 **************\n{CASH}\n\n*********** # 2 **************\n{second}"
    result = parse_text(text, SITE, path="archive.txt")
    assert not result.errors and result.stray_lines == 0
    assert [h.hand_id for h in result.hands] == ["63845186378", "63845186379"]


@pytest.mark.parametrize("old, new, line", [
    ("Player2: posts big blind $0.10\n",
     "Player2: posts big blind $0.10\nPlayer3: posts straddle $0.20\n", 10),
    ("*** SUMMARY ***\n", "STP added: $0.05\n*** SUMMARY ***\n", 42),
    ("Player1 collected $1.29 from pot\n",
     "Player3 cashed out the hand for $0.50 | Cash Out Fee $0.01\n"
     "Player1 collected $1.29 from pot\n", 41),
])
def test_money_kinds_not_read_are_rejected_not_guessed(old: str, new: str, line: int) -> None:
    # Straddles, splash money and cash-outs move money the replay does not model: reading
    # past them would give a verdict on the wrong pot.
    (error,) = rejected(changed(CASH, old, new), SITE).errors
    assert error.message.startswith(f"made.txt:{line}:1: hand 63845186378: cannot read this line")
