"""Full Tilt: every hand of the real files, cross-checked with FPDB's expected figures."""

from __future__ import annotations

import ast
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from site_contract import CORPUS, SiteContract

from hhtools.auditing.auditor import audit
from hhtools.core.cards import parse_cards
from hhtools.reading.parsing import parse_file

TEN_GAME = "10Game-6max-USD-2.50-5.201104.Sample.txt"


class TestFullTilt(SiteContract):
    site = "fulltilt"
    hands = {
        "1-Draw-NL-USD-0.10-0.20-201103.txt": {"2-7-single-draw": 1},
        TEN_GAME: {"2-7": 10, "2-7-single-draw": 10, "badugi": 10},
        "3-Draw-Limit-USD-0.10-0.20-201011.txt": {"2-7": 1},
        "3-Draw-Limit-USD-10-20-201101.Dead.hand.txt": {"2-7": 1},
        "3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt": {"2-7": 1},
        "3-Draw-Limit-USD-150-300-201012.txt": {"2-7": 1},
        "3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt": {"2-7": 1},
        "3-Draw-Limit-USD-20-40-201101.Partial.txt": {"2-7": 1},
        "3-Draw-Limit-USD-250-500-201011.Hero.sitting.out.but.not.listed.txt": {"2-7": 1},
        "3-Draw-Limit-USD-5-10-201211.txt": {"2-7": 1},
        "5-Carddraw-Limit-USD-0.10-0.20-201011.Sample.Not.UTF16.txt": {"5-card-draw": 1},
        "5-Carddraw-NL-USD-0.10-0.20-201011.Saw.Showdown.Not.UTF16.txt": {"5-card-draw": 1},
        "A5-3-Draw-Limit-USD-0.05-0.10-201104.Sample.txt": {"a-5": 1},
        "Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt": {"badugi": 1},
    }
    # The seven games of the 10-Game mix that are not draw games are skipped and counted.
    skipped = {TEN_GAME: {"Hold'em": 13, "Omaha H/L": 1, "Omaha Hi": 10, "Razz": 10,
                          "Stud H/L": 10, "Stud Hi": 10}}


def _hand(name: str, index: int = 0):
    return parse_file(CORPUS / "fulltilt" / name).hands[index]


@pytest.fixture(scope="module")
def every_hand():
    folder = CORPUS / "fulltilt"
    if not folder.is_dir():
        pytest.skip("the shared corpus is not beside the project")
    return [(f.name, h) for f in sorted(folder.glob("*.txt")) for h in parse_file(f).hands]


def test_every_hand_audits_ok_or_is_partial(every_hand):
    verdicts = {(name, h.hand_id): audit(h).verdict for name, h in every_hand}
    partial = {k for k, v in verdicts.items() if v != "ok"}
    assert partial == {("3-Draw-Limit-USD-20-40-201101.Partial.txt", "27020940000")}
    assert len(verdicts) == 43


@pytest.mark.parametrize("name", ["Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt",
                                  "3-Draw-Limit-USD-150-300-201012.txt"])
def test_nets_match_fpdb(name):
    """The .hp beside a history holds FPDB's per-player figures; totalProfit is in cents."""
    expected = ast.literal_eval((CORPUS / "fulltilt" / f"{name}.hp").read_text())
    hand = _hand(name)
    nets = {p.name: p.net for p in audit(hand).players}
    assert {p: Decimal(v["totalProfit"]) / 100 for p, v in expected.items()} == {
        p: nets[p] for p in expected}


def test_double_spaced_utf16_keeps_the_file_line_numbers():
    hand = _hand("Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt")
    assert (hand.source.first_line, hand.source.last_line) == (1, 167)
    assert hand.actions[0].line == 19  # Player7 posts the small blind, line 19 in the file
    assert [(h.street, h.cards) for h in hand.hero_cards] == [
        ("predraw", parse_cards("Ah Qs 3s Jc")), ("draw1", parse_cards("Ah 3s Jh 8c")),
        ("draw2", parse_cards("Ah 3s 8c 8s"))]
    assert hand.summary.seats[4].description == "a 3-Card: 5, 4, A"


def test_local_time_with_et_and_the_mix_from_the_file_name():
    hand = _hand(TEN_GAME)
    assert (hand.mix, hand.game, hand.max_seats) == ("10-Game", "2-7-single-draw", 6)
    assert hand.started_at == datetime(2011, 4, 7, 13, 44, 24, tzinfo=ZoneInfo("America/New_York"))


def test_archive_banner_commas_and_raise_totals():
    hand = _hand("3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt")
    assert (hand.small_bet, hand.big_bet) == (Decimal(1500), Decimal(3000))
    raise_ = next(a for a in hand.actions if a.kind == "raise")
    assert (raise_.player, raise_.amount, raise_.to) == ("Hero", Decimal(3000), Decimal(3000))
    assert hand.collections[0].amount == Decimal(42748)


def test_dead_and_partial_hands_are_flagged():
    dead = _hand("3-Draw-Limit-USD-10-20-201101.Dead.hand.txt")
    assert (dead.dead, dead.cancelled, dead.partial, dead.button_seat) == (True, True, False, 1)
    assert audit(dead).verdict == "ok"
    partial = _hand("3-Draw-Limit-USD-20-40-201101.Partial.txt")
    assert (partial.partial, partial.dead, partial.seats, partial.actions) == (True, False, (), ())
    assert partial.summary.total_pot == Decimal(100)
    assert audit(partial).verdict == "unverifiable"


def test_sitting_out_players_are_not_dealt():
    hand = _hand("3-Draw-Limit-USD-250-500-201011.Hero.sitting.out.but.not.listed.txt")
    assert [s.name for s in hand.seats if s.sitting_out] == ["Hero"]
    hand = _hand("3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt")
    assert [s.name for s in hand.seats if s.sitting_out] == ["Hero", "Player1"]


def test_dead_small_blind_is_dead_money():
    hand = _hand("3-Draw-Limit-USD-5-10-201211.txt")
    posts = [(a.player, a.kind, a.amount, a.to) for a in hand.actions if a.kind.startswith("post")]
    assert posts[2:] == [("Player2", "post_dead", Decimal("2.50"), Decimal(0)),
                         ("Player2", "post_bb", Decimal(5), Decimal(5))]
    assert hand.uncalled[0].amount == Decimal(5)
