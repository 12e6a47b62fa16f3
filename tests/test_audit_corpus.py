"""Every real PokerStars and KingsClub hand was settled by its site: each must audit ``ok``."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hhtools.auditor import audit
from hhtools.parsing import parse_file

SITES = ("pokerstars", "kingsclub")


def corpus_hands(corpus):
    for site in SITES:
        for path in sorted((corpus / site).iterdir()):
            for hand in parse_file(path).hands:
                yield path.name, hand


@pytest.fixture(scope="module")
def audits(corpus):
    return [(name, hand, audit(hand)) for name, hand in corpus_hands(corpus)]


def test_every_real_hand_is_ok(audits):
    bad = [(name, a.hand.hand_id, a.verdict, [f.message for f in a.findings], a.notes)
           for name, _, a in audits if a.verdict != "ok"]
    assert bad == []
    # 128 PokerStars hands (4 + 104 Badugi, 17 + 1 2-7, 1 cancelled, 1 with corrupt hero
    # lines kept with its hero cards unknown) and 4 KingsClub.
    assert len(audits) == 128 + 4


def test_nets_equal_the_history(audits):
    for _, hand, a in audits:
        nets = {p.name: p.net for p in a.players}
        assert {p.name: p.recorded_net for p in a.players} == nets, hand.hand_id
        # Chips are conserved: what the players lose is the rake.
        assert -sum(nets.values()) == (hand.summary.rake or 0), hand.hand_id
        for seat in hand.summary.seats:
            if seat.net is not None:  # KingsClub prints each player's signed net
                assert nets[seat.player] == seat.net, (hand.hand_id, seat.player)


def test_pokerstars_side_pots_rebuilt(audits):
    (a,) = [a for _, h, a in audits if h.hand_id == "49164202872"]
    assert [(p.name, p.amount, p.rake, p.eligible) for p in a.pots] == [
        ("main", Decimal("3.05"), Decimal("0.15"), ("jodarin", "Scorpio2000", "buddyboy3399")),
        ("side 1", Decimal("2.65"), Decimal("0.10"), ("Scorpio2000", "buddyboy3399"))]
    assert [p.expected for p in a.pots] == [{"buddyboy3399": Decimal("2.90")},
                                            {"buddyboy3399": Decimal("2.55")}]


def test_badeucey_halves_are_worked_out(audits):
    (a,) = [a for _, h, a in audits if h.hand_id == "40200897"]
    (pot,) = a.pots
    badugi, low = pot.halves
    assert (badugi.component, badugi.winners, badugi.amount) == (
        "badugi-ace-high", ("Player4",), Decimal("550.25"))
    assert (low.component, low.winners, low.amount) == ("2-7", ("Player2",), Decimal("550.25"))
    hands = {p.name: [e.description for e in p.hands] for p in a.players if p.hands}
    assert hands["Player4"][0] == "4-card Badugi 6-5-4-3"
    assert hands["Player2"][1] == "8-7-5-3-2"
    text = a.explanation()
    assert "Badugi half (ace high) 550.25: Player4" in text
    assert "2-7 half 550.25: Player2" in text


def test_other_profiles_agree_on_the_corpus(audits):
    # The corpus never reaches a point where the profiles differ, except the WSOP chip unit
    # (which only matters for odd chips): every hand stays ok under wsop.
    for _, hand, _ in audits[:40]:
        assert audit(hand, "wsop").verdict == "ok", hand.hand_id


def test_every_pokerstars_description_is_read_and_checked(audits):
    # A description the style cannot read is left unchecked; none may be in the real files.
    from hhtools.describe import read_pokerstars

    texts = [s.description for _, h, _ in audits if h.site == "pokerstars"
             for s in (*h.shows, *h.summary.seats) if s.description]
    assert len(texts) == 178
    assert [t for t in texts if read_pokerstars(t) is None] == []
