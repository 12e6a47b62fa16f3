"""PokerStars: every hand of the real files, and what the records say about some of them."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from site_contract import CORPUS, SiteContract

from hhtools.core.cards import parse_cards
from hhtools.reading.parsing import parse_file


class TestPokerStars(SiteContract):
    site = "pokerstars"
    hands = {
        "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt": {"2-7-single-draw": 1},
        "2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt": {"2-7-single-draw": 1},
        "5-Carddraw-FL-USD-0.10-0.20-201106.FoldedNodraw.txt": {"5-card-draw": 1},
        "5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt": {"5-card-draw": 1},
        "5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt": {"5-card-draw": 1},
        "5-Carddraw-NL-USD-0.25-0.50.Sample.txt": {"5-card-draw": 1},
        "5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt": {"5-card-draw": 1},
        "5-Carddraw-USD-0.10-0.20-200911.txt": {"5-card-draw": 30},
        "3-Draw-Limit-USD-0.10-0.20-200911.txt": {"2-7": 17},
        "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": {"2-7": 1},
        "Badugi-USD-0.25-0.50-201009.txt": {"badugi": 4},
        "LBad-USD-SNG8-201011.txt": {"badugi": 104},
        "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": {"2-7": 1},
        # Its one hand has corrupt hero lines: kept, with warnings and the hero's cards unknown.
        "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": {"2-7": 1},
    }
    warnings = {
        "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": [
            f"{line}:32: hand 81631597149: warning: Hero would hold {n} cards after the draw "
            f"(5 kept, {n - 5} new); a 2-7 Triple Draw hand holds 5: Hero's cards after the "
            f"{which} draw are unknown; in 'Dealt to Hero [2s 7s 5h 3c Qh] {new}'"
            for line, n, which, new in [(22, 10, "first", "[2s 7s 5h 3c Qh]"),
                                        (32, 10, "second", "[2s 7s 5h 3c Qh]"),
                                        (44, 6, "third", "[Qh]")]],
    }


def _hand(name: str, index: int = 0):
    return parse_file(CORPUS / "pokerstars" / name).hands[index]


def test_side_pots_and_all_in_call():
    hand = _hand("Badugi-USD-0.25-0.50-201009.txt")
    assert [(c.player, c.amount, c.pot) for c in hand.collections] == [
        ("buddyboy3399", Decimal("2.55"), "side 1"), ("buddyboy3399", Decimal("2.90"), "main")]
    call = next(a for a in hand.actions if a.all_in)
    assert (call.player, call.kind, call.amount, call.to) == (
        "jodarin", "call", Decimal("0.20"), Decimal("0.45"))
    assert [(p.name, p.amount) for p in hand.summary.pots] == [
        ("main", Decimal("2.90")), ("side 1", Decimal("2.55"))]


def test_calls_are_increments_and_raises_totals():
    hand = _hand("Badugi-USD-0.25-0.50-201009.txt")
    sb_call = next(a for a in hand.actions if a.player == "Lino19" and a.kind == "call")
    assert (sb_call.amount, sb_call.to) == (Decimal("0.15"), Decimal("0.25"))
    hand = _hand("Badugi-USD-0.25-0.50-201009.txt", 3)
    raise_ = next(a for a in hand.actions if a.kind == "raise")
    assert (raise_.street, raise_.amount, raise_.to) == ("draw3", Decimal("1"), Decimal("1"))


def test_hero_cards_after_each_draw():
    hand = _hand("Badugi-USD-0.25-0.50-201009.txt")
    assert hand.hero == "Hero"
    assert [(h.street, h.cards) for h in hand.hero_cards] == [
        ("predraw", parse_cards("As 3h 8h 6s")), ("draw1", parse_cards("As 3h 5h Ks"))]
    draw = next(a for a in hand.actions if a.player == "Hero" and a.kind == "discard")
    assert (draw.count, draw.discarded, draw.new_cards) == (
        2, parse_cards("8h 6s"), parse_cards("5h Ks"))


def test_mucked_cards_come_from_the_summary():
    hand = _hand("Badugi-USD-0.25-0.50-201009.txt")
    muck = next(s for s in hand.shows if s.kind == "muck")
    assert (muck.player, muck.cards) == ("jodarin", parse_cards("Ad Td Qc 2s"))


def test_tournament_header_and_local_time():
    hand = _hand("LBad-USD-SNG8-201011.txt")
    assert (hand.tournament.id, hand.tournament.buy_in, hand.tournament.fee,
            hand.tournament.currency, hand.tournament.level) == (
        "330855877", Decimal("1.00"), Decimal("0.20"), "USD", "I")
    assert (hand.small_bet, hand.big_bet, hand.currency) == (Decimal(20), Decimal(40), "chips")
    # CET in November is UTC+1, and the ET time in brackets is the same instant.
    assert hand.started_at == datetime(2010, 11, 12, 14, 42, 34,
                                       tzinfo=ZoneInfo("America/New_York"))


def test_wet_summer_time():
    hand = _hand("Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt")
    assert hand.started_at == datetime(2011, 6, 26, 13, 34, 2,
                                       tzinfo=ZoneInfo("America/New_York"))
    assert hand.started_at.utcoffset().total_seconds() == 3600  # Lisbon, summer


def test_cancelled_hand():
    hand = _hand("3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt")
    assert hand.cancelled
    assert [e.kind for e in hand.events] == ["sitting_out", "sitting_out"]
    assert [(a.player, a.kind, a.amount) for a in hand.actions] == [
        ("Hero", "post_sb", Decimal("0.50"))]


def test_events_are_kept_in_order():
    hand = _hand("Badugi-USD-0.25-0.50-201009.txt", 1)
    assert [(e.kind, e.player) for e in hand.events] == [
        ("sits_out", "cuchiku"), ("joins", "oooDestroyoo"), ("joins", "kallexx1")]
    assert hand.uncalled[0].player == "Scorpio2000"
    assert hand.uncalled[0].amount == Decimal("0.15")


def test_corrupt_hero_lines_keep_the_hand_with_the_hero_cards_unknown():
    from hhtools.auditing.auditor import audit

    hand = _hand("Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt")
    assert [w.line for w in hand.warnings] == [22, 32, 44]
    assert hand.warnings[0].path.endswith("duplicate.holecards.txt")
    assert hand.warnings[0].hand_id == "81631597149"
    # Only the deal is known; no draw's cards are made up from the corrupt lines.
    assert [(h.street, h.cards) for h in hand.hero_cards] == [
        ("predraw", parse_cards("2s 7s 5h 3c Qh"))]
    hero_draws = [a for a in hand.actions if a.player == "Hero" and a.kind == "discard"]
    assert [(a.count, a.new_cards) for a in hero_draws] == [(2, None), (1, None), (1, None)]
    # The betting, pot and result are intact and settle.
    assert [(c.player, c.amount) for c in hand.collections] == [("Player2", Decimal("19.20"))]
    assert audit(hand).verdict == "ok"
