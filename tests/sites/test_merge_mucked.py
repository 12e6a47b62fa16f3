"""Merge's MUCKED cards: a player who mucked at showdown, with the cards the site still writes
(seen in a real A-5 Triple Draw hand; no corpus file shows one). Hands written here in Merge's
own XML, from the real showdown hand of the corpus with the loser mucking."""

from __future__ import annotations

from decimal import Decimal

import pytest
from site_contract import CORPUS

from hhtools.auditing.auditor import audit
from hhtools.core.cards import parse_cards
from hhtools.reading.parsing import parse_text

SHOWDOWN = (CORPUS / "merge" / "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt").read_text()
SHOWN = ('\t\t<event sequence="20" type="SHOW" timestamp="1303222390218" player="3"/>\n'
         '\t\t<event sequence="21" type="SHOW" timestamp="1303222390843" player="1"/>\n'
         '\t\t<cards type="SHOWN" cards="3c,9c,4s,6h,7h" player="3"/>\n'
         '\t\t<cards type="SHOWN" cards="2d,6c,4c,8s,7c" player="1"/>\n')
assert SHOWN in SHOWDOWN


def _with(showdown: str) -> str:
    return SHOWDOWN.replace(SHOWN, showdown)


MUCK_EVENT_AND_CARDS = _with(
    '\t\t<event sequence="20" type="SHOW" timestamp="1303222390218" player="1"/>\n'
    '\t\t<cards type="SHOWN" cards="2d,6c,4c,8s,7c" player="1"/>\n'
    '\t\t<event sequence="21" type="MUCK" timestamp="1303222390843" player="3"/>\n'
    '\t\t<cards type="MUCKED" cards="3c,9c,4s,6h,7h" player="3"/>\n')
CARDS_ONLY = _with(
    '\t\t<event sequence="20" type="SHOW" timestamp="1303222390218" player="1"/>\n'
    '\t\t<cards type="SHOWN" cards="2d,6c,4c,8s,7c" player="1"/>\n'
    '\t\t<cards type="MUCKED" cards="3c,9c,4s,6h,7h" player="3"/>\n')


@pytest.mark.parametrize("text", [MUCK_EVENT_AND_CARDS, CARDS_ONLY], ids=["event", "cards-only"])
def test_mucked_cards_are_the_players_known_cards(text: str) -> None:
    result = parse_text(text, "merge", path="mucked.xml")
    assert not result.errors, result.errors
    (hand,) = result.hands
    shows = {s.player: (s.kind, s.cards) for s in hand.shows}
    assert shows["Hero"] == ("muck", parse_cards("3c 9c 4s 6h 7h"))
    assert shows["Villain"] == ("show", parse_cards("2d 6c 4c 8s 7c"))
    assert [s.player for s in hand.shows].count("Hero") == 1
    checked = audit(hand)
    assert checked.verdict == "ok", checked.findings
    assert {p.name: p.net for p in checked.players}["Villain"] == Decimal("6.50")

