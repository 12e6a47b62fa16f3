"""PokerStars line kinds no corpus file shows (FORMATS-LINES.md, "not in corpus"): each one in a
real corpus hand edited here, read into the record with the audit ok, or the hand skipped with
its reason. One case per row; docs/line-kinds.md lists them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from line_kinds import Case, edit, run
from site_contract import CORPUS

from hhtools.core.cards import parse_cards
from hhtools.core.records import Hand


def _first(name: str) -> str:
    text = (CORPUS / "pokerstars" / name).read_text(encoding="utf-8-sig")
    return text.split("\n\n")[0].strip("\n") + "\n"


BADUGI = _first("Badugi-USD-0.25-0.50-201009.txt")  # side pot, showdown
SNG = _first("LBad-USD-SNG8-201011.txt")  # tournament
DRAW5 = _first("5-Carddraw-NL-USD-0.25-0.50.Sample.txt")  # one pot, $1 total


def _cash(currency: str, sign: str) -> str:
    return BADUGI.replace("$", sign).replace("USD", currency)


def _is(attr: str, value: object):
    def check(hand: Hand) -> None:
        assert getattr(hand, attr) == value, getattr(hand, attr)
    return check


def _buy_in(buy_in, fee, currency, bounty=None):
    def check(hand: Hand) -> None:
        t = hand.tournament
        assert (t.buy_in, t.fee, t.currency, t.bounty) == (buy_in, fee, currency, bounty), t
    return check


def _stakes(currency: str):
    def check(hand: Hand) -> None:
        assert (hand.currency, hand.small_bet, hand.big_bet) == (
            currency, Decimal("0.25"), Decimal("0.50"))
        assert [(c.amount, c.pot) for c in hand.collections] == [
            (Decimal("2.55"), "side 1"), (Decimal("2.90"), "main")]
        assert [(p.name, p.amount) for p in hand.summary.pots] == [
            ("main", Decimal("2.90")), ("side 1", Decimal("2.55"))]
    return check


def _dead(player: str, amount: str):
    def check(hand: Hand) -> None:
        post = next(a for a in hand.actions if a.player == player)
        assert (post.kind, post.amount, post.to) == ("post_dead", Decimal(amount), post.to)
        assert hand.summary.total_pot == Decimal("1") + Decimal(amount)
    return check


def _positions(player: str, roles: tuple[str, ...]):
    def check(hand: Hand) -> None:
        (seat,) = [s for s in hand.summary.seats if s.player == player]
        assert seat.positions == roles
    return check


def _seat(player: str, status: str | None):
    def check(hand: Hand) -> None:
        (seat,) = [s for s in hand.seats if s.name == player]
        assert seat.sitting_out and seat.note == status, seat
    return check


def _action(player: str, kind: str, amount: str):
    def check(hand: Hand) -> None:
        assert any(a.player == player and a.kind == kind and a.amount == Decimal(amount)
                   for a in hand.actions)
    return check


def _event(words: str):
    def check(hand: Hand) -> None:
        assert any(words in e.text for e in hand.events), hand.events
    return check


def _sng_event(line: str) -> str:
    return edit(SNG, ("*** SUMMARY ***", f"{line}\n*** SUMMARY ***"))


_D5_BLIND = ("Hero: posts big blind $0.50\n", "Hero: posts big blind $0.50\n{}\n")


def _draw5_post(line: str, amount: str) -> str:
    total = Decimal("1") + Decimal(amount)
    won = total - Decimal("0.05")
    return edit(DRAW5, (_D5_BLIND[0], _D5_BLIND[1].format(line)),
                ("Player4 collected $0.95", f"Player4 collected ${won}"),
                ("Total pot $1 |", f"Total pot ${total} |"),
                ("and won ($0.95)", f"and won (${won})"))


CASES = [
    Case("fast-fold-title-zoom", edit(BADUGI, ("PokerStars Game", "PokerStars Zoom Hand")),
         _is("hand_id", "49164202872")),
    Case("fast-fold-title-rush", edit(BADUGI, ("PokerStars Game", "PokerStars Rush Hand")),
         _is("hand_id", "49164202872")),
    Case("home-game-title", edit(BADUGI, ("PokerStars Game #49164202872:  ",
                                           "PokerStars Home Game Hand #49164202872:  {Club 7} ")),
         _is("table", "Benkoela V")),
    Case("old-date-form", edit(BADUGI, ("2010/09/05 10:32:15 ET", "2010/09/05 - 10:32:15 (ET)")),
         lambda h: h.started_at.isoformat() == "2010-09-05T10:32:15-04:00" or
         pytest.fail(h.started_at.isoformat())),
    Case("bounty-buy-in", edit(SNG, ("$1.00+$0.20", "$1.00+$0.50+$0.20")),
         _buy_in(Decimal("1.00"), Decimal("0.20"), "USD", Decimal("0.50"))),
    Case("other-buy-ins-freeroll", edit(SNG, ("$1.00+$0.20 USD", "Freeroll")),
         _buy_in(Decimal("0"), None, None)),
    Case("other-buy-ins-empty", edit(SNG, ("$1.00+$0.20 USD ", "")),
         _buy_in(None, None, None)),
    Case("other-buy-ins-play-chips", edit(SNG, ("$1.00+$0.20 USD", "100+9")),
         _buy_in(Decimal("100"), Decimal("9"), None)),
    Case("other-buy-ins-fpp", edit(SNG, ("$1.00+$0.20 USD", "150 FPP")),
         _buy_in(Decimal("150"), None, "FPP")),
    Case("other-buy-ins-sc", edit(SNG, ("$1.00+$0.20 USD", "150 SC")),
         _buy_in(Decimal("150"), None, "SC")),
    Case("mixed-game-header", edit(SNG, ("Badugi Limit", "8-Game (Badugi Limit)")),
         _is("mix", "8-Game")),
    Case("shootout-match", edit(SNG, ("Level I (20/40)", "Match Round I, Level I (20/40)")),
         _is("big_bet", Decimal("40"))),
    Case("other-currencies-eur", _cash("EUR", "€"), _stakes("EUR")),
    Case("other-currencies-gbp", _cash("GBP", "£"), _stakes("GBP")),
    Case("other-currencies-inr", _cash("INR", "₹"), _stakes("INR")),
    Case("other-currencies-rs", _cash("INR", "Rs. "), _stakes("INR")),
    Case("other-currencies-cny", _cash("CNY", "¥"), _stakes("CNY")),
    Case("other-currencies-cad", _cash("CAD", "$"), _stakes("CAD")),
    Case("other-currencies-play", _cash("", "").replace(" )", ")"), _stakes(None)),
    Case("regulator-id-adm", edit(_cash("EUR", "€"), ("EUR) -", "EUR) [ADM ID: 1A2B3C] -")),
         _stakes("EUR")),
    Case("regulator-id-aams", edit(_cash("EUR", "€"), ("EUR) -", "EUR) [AAMS ID: 1A2B3C] -")),
         _stakes("EUR")),
    Case("money-tag-play", edit(_cash("", "").replace(" )", ")"),
                                ("8-max", "8-max (Play Money)")), _stakes(None)),
    Case("money-tag-real", edit(BADUGI, ("8-max", "8-max (Real Money)")), _is("max_seats", 8)),
    Case("seat-with-bounty", edit(SNG, ("Seat 1: Player7 (1500 in chips)",
                                        "Seat 1: Player7 (1500 in chips, $0.50 bounty)")),
         lambda h: h.seats[0].stack == Decimal("1500") or pytest.fail(str(h.seats[0]))),
    Case("seat-moved-in", edit(SNG, ("Seat 8: Player2 (1500 in chips)\n",
                                     "Seat 8: Player2 (1500 in chips)\nSeat 9: Mover (1500 in "
                                     "chips) out of hand (moved from another table into small "
                                     "blind)\n"), ("8-max", "9-max")),
         _seat("Mover", "out of hand (moved from another table into small blind)")),
    Case("dead-small-blind", _draw5_post("Player2: posts small blind $0.25", "0.25"),
         _dead("Player2", "0.25")),
    Case("small-and-big-blinds", _draw5_post("Player2: posts small & big blinds $0.75", "0.75"),
         _dead("Player2", "0.75")),
    Case("ante", _draw5_post("Player2: posts the ante $0.05", "0.05"),
         _action("Player2", "post_ante", "0.05")),
    Case("straddle", edit(DRAW5, _D5_BLIND[:1] + (_D5_BLIND[1].format(
        "Player1: posts straddle $1"),)), skipped="5-Card Draw with a straddle"),
    Case("hero-full-redraw", edit(DRAW5, ("Hero: discards 1 card [4c]\nDealt to Hero "
                                          "[4d 7d 5c Tc] [Ad]", "Hero: discards 5 cards "
                                          "[4d 7d 4c 5c Tc]\nDealt to Hero [Ah 2d 3c 8s 9h]"),
                                  ("mucked [4d 7d Ad 5c Tc]", "mucked [Ah 2d 3c 8s 9h]")),
         lambda h: h.hero_cards[-1].cards == parse_cards("Ah 2d 3c 8s 9h") or
         pytest.fail(str(h.hero_cards))),
    Case("cap-suffix", edit(BADUGI, ("buddyboy3399: raises $0.25 to $0.50",
                                     "buddyboy3399: raises $0.25 to $0.50 and has reached the "
                                     "$0.50 cap")),
         lambda h: any(a.kind == "raise" and a.to == Decimal("0.50") for a in h.actions)
         or pytest.fail("raise lost")),
    Case("disconnect-tail", edit(BADUGI, ("jodarin: calls $0.25\n",
                                          "jodarin: calls $0.25 (disconnect)\n"),
                                 ("JDANIELDC: folds", "JDANIELDC: folds (disconnect)")),
         _action("jodarin", "call", "0.25")),
    Case("numbered-side-pot", edit(BADUGI, ("$2.55 from side pot", "$2.55 from side pot-1")),
         _stakes("USD")),
    Case("numbered-side-pot-totals",
         edit(BADUGI, ("Side pot $2.55.", "Side pot-1 $2.55."),
              ("$2.55 from side pot", "$2.55 from side pot-1")), _stakes("USD")),
    Case("cash-out", edit(BADUGI, ("buddyboy3399 collected $2.90 from main pot",
                                   "buddyboy3399 collected $2.90 from main pot\njodarin cashed "
                                   "out the hand for $0.50 | Cash Out Fee $0.01")),
         skipped="Badugi with an all-in cash-out"),
    Case("splash", edit(BADUGI, ("*** DEALING HANDS ***", "STP added: $1\n*** DEALING HANDS ***")),
         skipped="Badugi with site money added to the pot (STP)"),
    Case("seat-showed-collected", edit(BADUGI, ("showed [8s 3d Ac 4h] and won ($5.45)",
                                                "showed [8s 3d Ac 4h] and collected ($5.45)")),
         lambda h: [(s.outcome, s.won) for s in h.summary.seats if s.player == "buddyboy3399"]
         == [("showed", Decimal("5.45"))] or pytest.fail(str(h.summary.seats))),
    Case("combined-tags-button-sb",
         edit(BADUGI, ("Kula91 (button)", "Kula91 (button) (small blind)")),
         _positions("Kula91", ("button", "small blind"))),
    Case("combined-tags-sb-slash-button",
         edit(BADUGI, ("Kula91 (button)", "Kula91 (small blind/button)")),
         _positions("Kula91", ("small blind", "button"))),
    Case("combined-tags-button-blind", edit(BADUGI, ("Kula91 (button)", "Kula91 (button blind)")),
         _positions("Kula91", ("button blind",))),
    Case("tournament-winner", _sng_event(
        "Player3 wins the tournament and receives $5.00 - congratulations!"),
        _event("wins the tournament")),
    Case("bounty", _sng_event("Player3 wins the $0.50 bounty for eliminating Player5"),
         _event("bounty for eliminating Player5")),
    Case("split-bounty", _sng_event("Player3, Player6 split the $0.50 bounty for eliminating "
                                    "Player5"), _event("split the $0.50 bounty")),
    Case("progressive-bounty", _sng_event(
        "Player3 wins $0.25 for eliminating Player5 and their own bounty increases by $0.25 to "
        "$0.75"), _event("their own bounty increases")),
    Case("progressive-bounty-split", _sng_event(
        "Player3 wins $0.12 for splitting the elimination of Player5 and their own bounty "
        "increases by $0.13 to $0.63"), _event("splitting the elimination")),
    Case("archive-separators", "*" * 20 + "\n" + BADUGI + "\n" + " " + "*" * 20 + "\n",
         _stakes("USD")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_line_kind(case: Case) -> None:
    run(case, "pokerstars")
