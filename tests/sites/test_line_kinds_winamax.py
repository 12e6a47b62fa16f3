"""Winamax line kinds no corpus file shows (FORMATS-LINES.md, "not in corpus"): each one in a
real corpus hand edited here, read into the record with the audit ok, or the hand skipped with
its reason. One case per row; docs/line-kinds.md lists them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from line_kinds import Case, edit, run
from site_contract import CORPUS

from hhtools.core.cards import parse_cards
from hhtools.core.records import Hand

_FILE = CORPUS / "winamax" / "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
CASH = _FILE.read_text().split("\n\n")[0].strip("\n") + "\n"  # heads-up, uncontested
CHIPS = CASH.replace("€", "")
TABLE = "Table: 'Pampelune' 6-max (real money)"
BIG_BLIND = "Hero posts big blind 25€\n"


def _pot(added: str) -> tuple[tuple[str, str], ...]:
    """The edits that put ``added`` more in the pot Player0 collects (2€ rake as printed)."""
    won = f"{Decimal('298') + Decimal(added)}€"
    return (("Player0 collected 298€", f"Player0 collected {won}"),
            ("Total pot 298€", f"Total pot {won}"), ("won 298€", f"won {won}"))


def _pat_after(street: str, cards: str) -> tuple[str, str]:
    return (f"Hero stands pat [2h Td 8c 7c 8s]\nPlayer0 stands pat [X X X X X]\n*** {street}",
            f"Hero stands pat [{cards}]\nPlayer0 stands pat [X X X X X]\n*** {street}")


def _is(attr: str, value: object):
    def check(hand: Hand) -> None:
        assert getattr(hand, attr) == value, getattr(hand, attr)
    return check


def _tournament(buy_in, fee, bounty=None):
    def check(hand: Hand) -> None:
        t = hand.tournament
        assert (t.id, t.buy_in, t.fee, t.bounty, t.level, hand.currency) == (
            "123456789", buy_in, fee, bounty, "3", "chips"), t
    return check


def _hero_post(kind: str, amount: str, to: str):
    def check(hand: Hand) -> None:
        posts = [(a.kind, a.amount, a.to) for a in hand.actions
                 if a.player == "Hero" and a.kind.startswith("post")]
        assert (kind, Decimal(amount), Decimal(to)) in posts, posts
    return check


def _tourney_header(buy_in: str, name: str = "Sunday Draw") -> str:
    return edit(CHIPS, ("CashGame", f'Tournament "{name}" buyIn: {buy_in} level: 3'),
                (TABLE, f"Table: '{name}(123456789)#004' 6-max (real money)"))


CASES = [
    Case("other-limits-pot-limit",
         edit(CASH, ("fixed limit (25€/50€)", "pot limit (12.50€/25€)")),
         _is("structure", "pot-limit")),
    Case("other-limits-no-limit",
         edit(CASH, ("fixed limit (25€/50€)", "no limit (12.50€/25€)")),
         _is("structure", "no-limit")),
    Case("fast-fold-header-go-fast", edit(CASH, ("CashGame", 'Go Fast "Kiwi"')),
         _is("currency", "EUR")),
    Case("fast-fold-header-hold-up", edit(CASH, ("CashGame", 'HOLD-UP "Colorado"')),
         _is("currency", "EUR")),
    Case("fast-fold-header-escape", edit(CASH, ("CashGame", 'ESCAPE "Tahiti"')),
         _is("currency", "EUR")),
    Case("tournament-header", _tourney_header("4.50€ + 0.50€"),
         _tournament(Decimal("4.50"), Decimal("0.50"))),
    Case("tournament-header-bounty", _tourney_header("2€ + 2€ + 0.50€", "KO Draw"),
         _tournament(Decimal("2"), Decimal("0.50"), Decimal("2"))),
    Case("tournament-header-ticket", _tourney_header("Ticket only"), _tournament(None, None)),
    Case("stakes-with-ante", edit(CASH, ("(25€/50€)", "(1€/25€/50€)"),
                                  (BIG_BLIND, BIG_BLIND + "Hero posts ante 1€\n"
                                   "Player0 posts ante 1€\n"), *_pot("2")),
         lambda h: [a.amount for a in h.actions if a.kind == "post_ante"] == [Decimal(1)] * 2
         or pytest.fail(str(h.actions))),
    Case("tournament-table", _tourney_header("4.50€ + 0.50€"), _is("table",
                                                                   "Sunday Draw(123456789)#004")),
    Case("seat-with-bounty", edit(_tourney_header("2€ + 2€ + 0.50€", "KO Draw"),
                                  ("Seat 1: Hero (2047.50)",
                                   "Seat 1: Hero (2047.50, 2€ bounty)")),
         lambda h: h.seats[0].stack == Decimal("2047.50") or pytest.fail(str(h.seats))),
    Case("small-blind-out-of-position", edit(CASH, (BIG_BLIND, BIG_BLIND + "Hero posts small "
                                                    "blind 12.50€ out of position\n"),
                                             *_pot("12.50")),
         _hero_post("post_dead", "12.50", "25")),
    Case("small-blind-out-of-position-both", edit(CASH, (BIG_BLIND, "Hero posts small blind "
                                                         "37.50€ out of position\n"),
                                                  *_pot("12.50")),
         _hero_post("post_dead", "37.50", "25")),
    Case("dead-blind", edit(CASH, (BIG_BLIND, BIG_BLIND + "Hero posts dead blind (12.50€)\n"),
                            *_pot("12.50")), _hero_post("post_dead", "12.50", "25")),
    Case("ante", edit(CASH, (BIG_BLIND, BIG_BLIND + "Hero posts ante 1€\n"
                                                "Player0 posts ante 1€\n"), *_pot("2")),
         lambda h: any(a.kind == "post_ante" for a in h.actions) or pytest.fail("no ante")),
    Case("deal-after-a-draw", edit(CASH, ("Hero stands pat [2h Td 8c 7c 8s]\nPlayer0 stands pat "
                                          "[X X X X X]\n*** SECOND-BET",
                                          "Hero discard 1 card [Td]\nDealt to Hero [2h 8c 7c 8s] "
                                          "[3d]\nPlayer0 stands pat [X X X X X]\n*** SECOND-BET"),
                                   _pat_after("THIRD-BET", "2h 8c 7c 8s 3d"),
                                   _pat_after("FOURTH-BET", "2h 8c 7c 8s 3d")),
         lambda h: (h.hero_cards[1].street, h.hero_cards[1].cards) ==
         ("draw1", parse_cards("2h 8c 7c 8s 3d")) or pytest.fail(str(h.hero_cards))),
    Case("all-in-suffix", edit(CASH, ("Seat 4: Player0 (217.78€)", "Seat 4: Player0 (175€)"),
                               ("Player0 bets 50€\nHero folds",
                                "Player0 bets 50€ and is all-in\nHero folds")),
         lambda h: [a.all_in for a in h.actions if a.kind == "bet"][-1] or
         pytest.fail("not all in")),
    Case("no-rake", edit(CASH, ("Player0 collected 298€", "Player0 collected 300€"),
                         ("Total pot 298€ | Rake 2€", "Total pot 300€ | No rake"),
                         ("won 298€", "won 300€")),
         lambda h: h.summary.rake == 0 or pytest.fail(str(h.summary))),
    Case("extra-pot-money-splash", edit(CASH, ("*** SUMMARY ***", "Splash pot: 5€\n"
                                               "*** SUMMARY ***")),
         skipped="2-7 Triple Draw with Splash money added to the pot"),
    Case("extra-pot-money-hold-up", edit(CASH, ("*** SUMMARY ***", "Hold-up jackpot: [total] 5€\n"
                                                "*** SUMMARY ***")),
         skipped="2-7 Triple Draw with Hold-up money added to the pot"),
    Case("unused-shapes-deny-sb", edit(CASH, (BIG_BLIND, BIG_BLIND + "Player0 deny SB\n")),
         lambda h: [e.kind for e in h.events] == ["deny_sb"] or pytest.fail(str(h.events))),
    Case("unused-shapes-small-and-big", edit(CASH, (BIG_BLIND, "Hero: posts small & big blind "
                                                    "( 37.50€)\n"), *_pot("12.50")),
         _hero_post("post_dead", "37.50", "25")),
]


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_line_kind(case: Case) -> None:
    run(case, "winamax")
