"""Merge XML kinds no corpus file shows (FORMATS-LINES.md, "not in corpus"): each one in a real
corpus hand edited here, read into the record with the audit ok, or the hand skipped with its
reason. One case per row; docs/line-kinds.md lists them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from line_kinds import Case, edit, run
from site_contract import CORPUS

from hhtools.core.cards import parse_cards
from hhtools.core.records import Hand
from hhtools.reading.parsing import parse_text

SHOWDOWN = (CORPUS / "merge" / "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt").read_text()
FOLDED = (CORPUS / "merge" / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt").read_text()
FOLDED = FOLDED[:FOLDED.index("</game>") + len("</game>")] + "\n"  # its first game

ALL_IN = (CORPUS / "merge" / "3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt").read_text()
DESC = '<description type="2-7 Lowball" stakes="Limit $1/$2"/>'
HERO_SEAT = '\t\t<player seat="3" nickname="Hero" balance="$46.80" dealtin="true" />\n'
BIG_BLIND = 'player="3" amount="1.00"/>\n'
RAISE = '\t\t<event sequence="3" type="RAISE"'
WINNER = ('<winner amount="13.50" uncalled="false" potnumber="1" player="1" hand="8-7-6-4-2" '
          'pottype="n"/>')


def _described(description: str, chips: bool = False) -> str:
    text = SHOWDOWN.replace("$", "") if chips else SHOWDOWN
    return edit(text, (DESC.replace("$", "") if chips else DESC, description))


def _event(kind: str, player: str = "3", amount: str | None = None) -> str:
    money = f' amount="{amount}"' if amount else ""
    return (f'\t\t<event sequence="2" type="{kind}" timestamp="1303222300000" '
            f'player="{player}"{money}/>\n')


def _third(post: str, predraw: str, won: str) -> str:
    """SHOWDOWN with a third player in seat 5 who posts ``post`` and then does ``predraw``
    before anyone acts; the winner's amount becomes ``won``."""
    return edit(SHOWDOWN, (HERO_SEAT, HERO_SEAT + '\t\t<player seat="5" nickname="Third" '
                           'balance="$20" dealtin="true" />\n'),
                (BIG_BLIND, BIG_BLIND + post), (RAISE, predraw + RAISE),
                ('<winner amount="13.50"', f'<winner amount="{won}"'))


def _side_pot() -> str:
    """ALL_IN with a third player, all in for $10 before the draw, who stands pat and loses:
    Hero wins the $30 main pot and the $94 side pot ($0.50 rake taken from both by size)."""
    def third(kind: str, extra: str = "") -> str:
        return (f'\t\t<event sequence="2" type="{kind}" timestamp="1296531745000" '
                f'player="1"{extra}/>\n')
    pat = third("DRAW", ' text="0"')
    won = '<winner amount="{}" uncalled="false" potnumber="{}" player="3" hand="7-5-4-3-2" ' \
          'pottype="n"/>'
    return edit(ALL_IN, ('\t\t<player seat="3"', '\t\t<player seat="1" nickname="Third" '
                         'balance="$10.00" dealtin="true" />\n\t\t<player seat="3"'),
                ('\t\t<event sequence="4" type="CALL"',
                 third("ALL_IN", ' amount="10.00"') + '\t\t<event sequence="4" type="CALL"'),
                *[(f'\t\t<event sequence="{n}" type="DRAW"',
                   pat + f'\t\t<event sequence="{n}" type="DRAW"') for n in (5, 15, 20)],
                ('\t\t<cards type="SHOWN" cards="8h,2s,4d,5s,3s" player="4"/>\n',
                 '\t\t<cards type="SHOWN" cards="8h,2s,4d,5s,3s" player="4"/>\n'
                 + third("SHOW") + '\t\t<cards type="SHOWN" cards="Kd,Qd,Jh,9c,6s" player="1"/>\n'),
                (won.format("113.50", 1), won.format("29.87", 1) + "\n\t\t"
                 + won.format("93.63", 2)))


def _is(attr: str, value: object):
    def check(hand: Hand) -> None:
        assert getattr(hand, attr) == value, getattr(hand, attr)
    return check


def _stakes(structure: str, small: str, big: str):
    def check(hand: Hand) -> None:
        assert (hand.structure, hand.small_bet, hand.big_bet) == (
            structure, Decimal(small), Decimal(big))
    return check


def _third_post(kind: str, amount: str, to: str):
    def check(hand: Hand) -> None:
        post = next(a for a in hand.actions if a.player == "Third")
        assert (post.kind, post.amount, post.to) == (kind, Decimal(amount), Decimal(to)), post
    return check


def _first_action(player: str, kind: str):
    def check(hand: Hand) -> None:
        first = next(a for a in hand.actions if a.player == player and a.street == "predraw"
                     and not a.kind.startswith("post"))
        assert first.kind == kind, first
    return check


def _collections(*pairs: tuple[str, str]):
    def check(hand: Hand) -> None:
        assert [(c.player, c.amount) for c in hand.collections] == [
            (p, Decimal(a)) for p, a in pairs], hand.collections
    return check


def _events(kinds: list[str]):
    def check(hand: Hand) -> None:
        assert [e.kind for e in hand.events if e.kind != "chat"] == kinds, hand.events
    return check


def _tournament(hand: Hand) -> None:
    assert (hand.tournament.id, hand.table, hand.currency) == ("4455667", "3", "chips")


CASES = [
    Case("description-a-5", _described('<description type="A-5 Lowball" stakes="Limit $1/$2"/>'),
         _is("game", "a-5")),
    Case("description-joker", _described('<description type="5-Draw w/Joker" '
                                         'stakes="Limit $1/$2"/>'), skipped="5-Draw w/Joker"),
    Case("tournament-description", _described('<description type="2-7 Lowball Tournament" '
                                              'stakes="Limit 1/2"/>', chips=True),
         _is("currency", "chips")),
    Case("half-pot-limit-stakes", _described('<description type="2-7 Lowball" '
                                             'stakes="Half Pot Limit ($0.50/$1)"/>'),
         _stakes("half-pot-limit", "0.50", "1")),
    Case("no-limit-stakes", _described('<description type="2-7 Lowball" '
                                       'stakes="No Limit ($0.50/$1)"/>'),
         _stakes("no-limit", "0.50", "1")),
    Case("tournament-stakes", _described('<description type="2-7 Lowball Tournament" '
                                         'stakes="Limit Level 3 Blinds (1/2)"/>', chips=True),
         _stakes("fixed-limit", "1", "2")),
    Case("extra-stakes-text", _described('<description type="2-7 Lowball" stakes="Limit $1/$2 '
                                         '$0.50/$1" version="2"/>'),
         _stakes("fixed-limit", "1", "2")),
    Case("optional-game-attributes", edit(SHOWDOWN, ('realmoney="true"', 'seats="6" '
                                                     'stakes="Limit $1/$2" multigametype="3" '
                                                     'realmoney="true"')),
         _is("max_seats", 6)),
    Case("play-money", edit(SHOWDOWN, ('realmoney="true"', 'realmoney="false"')),
         _is("currency", None)),
    Case("tournament-data", edit(_described('<description type="2-7 Lowball Tournament" '
                                            'stakes="Limit 1/2"/>', chips=True),
                                 ("data=\"20110419|Minnehaha (33423082)|33423082|",
                                  "data=\"20110419|Sunday Lowball|4455667-3|")), _tournament),
    Case("return-blind-big", _third(_event("RETURN_BLIND", "5", "1.00"), _event("FOLD", "5"),
                                    "14.50"), _third_post("post_bb", "1.00", "1.00")),
    Case("return-blind-small", _third(_event("RETURN_BLIND", "5", "0.50"), _event("FOLD", "5"),
                                      "14.00"), _third_post("post_dead", "0.50", "0")),
    Case("return-blind-both", _third(_event("RETURN_BLIND", "5", "1.50"), _event("FOLD", "5"),
                                     "15.00"), _third_post("post_dead", "1.50", "1.00")),
    Case("ante", edit(SHOWDOWN, (BIG_BLIND, BIG_BLIND + _event("ANTE", "3", "0.25")
                                 + _event("ANTE", "1", "0.25")),
                      ('<winner amount="13.50"', '<winner amount="14.00"')),
         lambda h: [a.amount for a in h.actions if a.kind == "post_ante"] ==
         [Decimal("0.25")] * 2 or pytest.fail(str(h.actions))),
    Case("sit-out", _third("", _event("SIT_OUT", "5"), "13.50"), _first_action("Third", "fold")),
    Case("complete", edit(SHOWDOWN, ('type="RAISE" timestamp="1303222308046" player="1"',
                                     'type="COMPLETE" timestamp="1303222308046" player="1"')),
         lambda h: (h.actions[2].kind, h.actions[2].to) == ("raise", Decimal("2")) or
         pytest.fail(str(h.actions[2]))),
    Case("disconnected-reconnected", edit(SHOWDOWN, (RAISE, _event("DISCONNECTED")
                                                     + _event("RECONNECTED") + RAISE)),
         _events(["disconnected", "reconnected"])),
    Case("leave-after-folding", _third("", _event("FOLD", "5") + _event("LEAVE", "5"), "13.50"),
         _events(["leave"])),
    Case("leave-in-the-hand", _third("", _event("LEAVE", "5"), "13.50"),
         skipped="2-7 Triple Draw with a player leaving mid-hand"),
    Case("player-out", edit(SHOWDOWN, (RAISE, _event("PLAYER_OUT") + RAISE)),
         _events(["player_out"])),
    Case("mucked-cards", edit(SHOWDOWN, ('\t\t<event sequence="20" type="SHOW" '
                                         'timestamp="1303222390218" player="3"/>',
                                         '\t\t<event sequence="20" type="MUCK" '
                                         'timestamp="1303222390218" player="3"/>'),
                              ('type="SHOWN" cards="3c,9c,4s,6h,7h"',
                               'type="MUCKED" cards="3c,9c,4s,6h,7h"')),
         lambda h: [(s.player, s.kind, s.cards) for s in h.shows if s.player == "Hero"] ==
         [("Hero", "muck", parse_cards("3c 9c 4s 6h 7h"))] or pytest.fail(str(h.shows))),
    Case("uncalled-award", edit(FOLDED, ('<winner amount="1.50" uncalled="false" potnumber="1" '
                                         'player="1" pottype="n"/>',
                                         '<winner amount="1.00" uncalled="false" potnumber="1" '
                                         'player="1" pottype="n"/>\n\t\t<winner amount="0.50" '
                                         'uncalled="true" potnumber="1" player="1" '
                                         'pottype="n"/>')),
         lambda h: sum(c.amount for c in h.collections) + sum(u.amount for u in h.uncalled)
         == Decimal("1.50") or pytest.fail(str(h.collections))),
    Case("side-pots-chops-chop", edit(SHOWDOWN, (WINNER, WINNER.replace("13.50", "6.75") + "\n\t\t"
                                                 + WINNER.replace("13.50", "6.75")
                                                 .replace('player="1"', 'player="3"')),
                                      ('cards="3c,9c,4s,6h,7h" player="3"/>',
                                       'cards="2c,6d,4s,8h,7h" player="3"/>')),
         _collections(("Villain", "6.75"), ("Hero", "6.75"))),
    Case("side-pots-chops-side-pot", _side_pot(),
         lambda h: [(c.player, c.amount, c.pot) for c in h.collections] ==
         [("Hero", Decimal("29.87"), "main"), ("Hero", Decimal("93.63"), "side 1")]
         or pytest.fail(str(h.collections))),
]


@pytest.mark.parametrize("case", CASES, ids=[c.row for c in CASES])
def test_line_kind(case: Case) -> None:
    run(case, "merge")


def test_an_unknown_event_with_money_is_rejected_not_ignored() -> None:
    text = edit(SHOWDOWN, (RAISE, _event("BOUNTY_PAID", "3", "5.00") + RAISE))
    result = parse_text(text, "merge", path="bounty.xml")
    (error,) = result.errors
    assert not result.hands and (error.line, error.hand_id) == (12, "33423082-14")
    assert "unknown event type 'BOUNTY_PAID' with an amount" in error.message
