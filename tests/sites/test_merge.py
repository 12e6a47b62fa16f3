"""Merge / Carbon XML: every hand of the real files, Half Pot Limit, and refused XML."""

from __future__ import annotations

import time
import tracemalloc
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest
from site_contract import CORPUS, SiteContract

from hhtools.auditing.auditor import audit
from hhtools.core.cards import parse_cards
from hhtools.reading.parsing import HandParseError, parse_file, parse_text
from hhtools.sites.merge import _XMLError, parse_element

DATA = Path(__file__).resolve().parents[1] / "data" / "merge"
FILES = {
    "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt": {"2-7": 15},
    "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt": {"2-7": 1},
    "3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt": {"2-7": 1},
    "3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt": {"2-7": 1},
    "3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt": {"2-7": 1},
    "5-Carddraw-PL-USD-0.05-0.10.201111.txt": {"5-card-draw": 1},
    "Badugi-PL-USD-0.05-0.10-201101.Sample.txt": {"badugi": 1},
}


class TestMerge(SiteContract):
    site = "merge"
    hands = FILES


def _hand(name: str, folder: Path = CORPUS / "merge", index: int = 0):
    return parse_file(folder / name).hands[index]


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_hand_audits_ok(name):
    """Each real file: every hand is ok under the site's profile, nets as the history's."""
    result = parse_file(CORPUS / "merge" / name)
    assert not result.errors
    for hand in result.hands:
        a = audit(hand)
        assert (a.verdict, a.findings, a.notes) == ("ok", (), ()), hand.hand_id
        assert {p.name: p.net for p in a.players} == {p.name: p.recorded_net
                                                     for p in a.players}


def test_pot_limit_badugi_record():
    hand = _hand("Badugi-PL-USD-0.05-0.10-201101.Sample.txt")
    assert (hand.hand_id, hand.game, hand.structure, hand.currency) == (
        "31274465-32", "badugi", "pot-limit", "USD")
    assert (hand.small_bet, hand.big_bet, hand.small_blind, hand.big_blind) == (
        Decimal("0.05"), Decimal("0.10"), Decimal("0.05"), Decimal("0.10"))
    # 0-based seats as written; the button is seat 3.
    assert [(s.seat, s.name, s.stack, s.sitting_out) for s in hand.seats] == [
        (0, "Player1", Decimal("7.43"), True), (1, "Player2", Decimal("0.00"), True),
        (3, "Player3", Decimal("5.32"), False), (4, "Hero", Decimal("10.00"), False)]
    assert (hand.button_seat, hand.table, hand.dealt_to) == (3, "Kunming (31274465)",
                                                             ("Player3", "Hero"))
    # 20110129224038 is UTC-5, all year.
    assert hand.started_at == datetime(2011, 1, 29, 22, 40, 38,
                                       tzinfo=timezone(timedelta(hours=-5)))
    raise_ = hand.actions[-2]
    assert (raise_.kind, raise_.amount, raise_.to) == ("raise", Decimal("0.60"), Decimal("0.60"))


def test_winner_amount_includes_the_unmatched_bet():
    """0.97 = 0.20 pot + 0.20 bet + 0.60 raise - 0.03 rake: 0.40 of it is returned."""
    hand = _hand("Badugi-PL-USD-0.05-0.10-201101.Sample.txt")
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Hero", Decimal("0.40"))]
    assert [(c.player, c.amount, c.pot) for c in hand.collections] == [
        ("Hero", Decimal("0.57"), "main")]
    assert hand.summary.rake == Decimal("0.03")
    assert [(s.player, s.kind) for s in hand.shows] == [("Hero", "no_show")]


def test_hero_discards_come_from_the_replaced_cards():
    hand = _hand("Badugi-PL-USD-0.05-0.10-201101.Sample.txt")
    first = next(a for a in hand.actions if a.player == "Hero" and a.kind == "discard")
    assert (first.discarded, first.new_cards) == (parse_cards("Jh 3s"), parse_cards("Ah 6s"))
    assert [h.cards for h in hand.hero_cards][-1] == parse_cards("Ah 7d 2s Kc")


def test_all_in_is_a_raise_or_a_call_by_the_street_so_far():
    hand = _hand("3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt")
    shove = next(a for a in hand.actions if a.all_in)
    assert (shove.player, shove.kind, shove.amount, shove.to) == (
        "Villain", "raise", Decimal("3.85"), Decimal("4.75"))
    assert [(s.player, s.cards) for s in hand.shows] == [
        ("Villain", parse_cards("Ac 2s 6h 7c 3d")), ("Hero", parse_cards("9c 6s 8s 7h 4s"))]


def test_chat_and_cancelled_hand():
    multi = parse_file(CORPUS / "merge" / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt")
    chats = [e for h in multi.hands for e in h.events if e.kind == "chat"]
    assert len(chats) == 10 and chats[0].player == "Villain"
    hand = _hand("3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt")
    assert hand.cancelled and not hand.collections
    assert audit(hand).verdict == "ok"


def test_half_pot_limit_with_antes():
    """A history written for hhtools (no real sample exists): antes only, HPL sizes."""
    result = parse_file(DATA / "half-pot-limit-badugi-antes.txt")
    assert result.site == "merge" and not result.errors
    first, second = result.hands
    assert (first.structure, first.ante, first.small_blind, first.big_blind) == (
        "half-pot-limit", Decimal("0.50"), None, None)
    assert [(u.player, u.amount) for u in first.uncalled] == [("Ann", Decimal("1.00"))]
    assert first.summary.rake == Decimal("0.30")
    assert [audit(h).verdict for h in result.hands] == ["ok", "ok"]


def test_half_pot_limit_over_the_maximum_is_invalid():
    text = (DATA / "half-pot-limit-badugi-antes.txt").read_text()
    # With 1.50 in antes, half the pot is 0.75: a 1.00 bet is too big.
    text = text.replace('player="1" amount="0.75"', 'player="1" amount="1.00"').replace(
        'amount="2.25" uncalled', 'amount="2.50" uncalled')
    hand = parse_text(text).hands[1]
    a = audit(hand)
    assert a.verdict == "invalid"
    assert [f.kind for f in a.findings] == ["illegal_bet"]
    assert "half pot limit allows 0.50 to 0.75" in a.findings[0].message


@pytest.mark.parametrize("name", ["xml-bomb.txt", "external-entity.txt"])
def test_entity_declarations_are_refused_quickly_in_bounded_memory(name):
    tracemalloc.start()
    began = time.perf_counter()
    try:
        result = parse_file(DATA / name)
        elapsed = time.perf_counter() - began
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.site == "merge" and not result.hands
    (error,) = result.errors
    assert "refused: the file declares a DOCTYPE" in error.message
    assert error.line == (2 if name == "xml-bomb.txt" else 1)
    assert elapsed < 1 and peak < 5_000_000
    with pytest.raises(HandParseError, match="refused"):
        parse_file(DATA / name, errors="raise")


@pytest.mark.parametrize("snippet, reason", [
    ('<!DOCTYPE g [<!ENTITY a "aaaa">]><game a="&a;"/>', "DOCTYPE declaration is refused"),
    ('<game a="&xxe;"/>', "undefined entity"),
])
def test_the_element_parser_refuses_entities_on_its_own(snippet, reason):
    """Defence in depth: even text that escaped the file check never expands an entity."""
    with pytest.raises(_XMLError, match=reason):
        parse_element(snippet, 1)


def test_broken_xml_names_file_line_column_and_hand():
    text = (CORPUS / "merge" / "Badugi-PL-USD-0.05-0.10-201101.Sample.txt").read_text()
    text = text.replace('<event sequence="4" type="CHECK"', '<event sequence="4" type="CHECK"<')
    (error,) = parse_text(text, path="x.txt").errors
    assert (error.line, error.hand_id) == (15, "31274465-32")
    assert error.message.startswith("x.txt:15:") and "not well-formed" in error.message


def test_game_without_description_and_unknown_game():
    text = (CORPUS / "merge" / "Badugi-PL-USD-0.05-0.10-201101.Sample.txt").read_text()
    body = text.split("\n", 1)[1]
    (error,) = parse_text(body, "merge").errors
    assert "no <description>" in error.reason
    omaha = text.replace('type="Badugi"', 'type="Omaha Hi"')
    assert [s.game for s in parse_text(omaha).skipped] == ["Omaha Hi"]


def test_auto_detection_reads_the_description_line():
    text = (CORPUS / "merge" / "Badugi-PL-USD-0.05-0.10-201101.Sample.txt").read_text()
    assert parse_text(text).site == "merge"


BETTOR_LOSES = """<description type="2-7 Lowball" stakes="Limit $5/$10"/>
<game id="31241825-7" starttime="20110131224531" numholecards="5" gametype="67" realmoney="true" data="20110131|Toketee (31241825)|31241825|31241825-7|false">
	<players dealer="4">
		<player seat="3" nickname="Hero" balance="$162.50" dealtin="true" />
		<player seat="4" nickname="Villain" balance="$7.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1296531741390" player="4" amount="2.00"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1296531741703" player="3" amount="5.00"/>
	</round>
	<round id="PRE_FIRST_DRAW" sequence="2">
		<event sequence="3" type="ALL_IN" timestamp="1296531744609" player="4" amount="5.00"/>
		<event sequence="4" type="RAISE" timestamp="1296531747937" player="3" amount="10.00"/>
		<cards type="HOLE" cards="Ah,5h,Ts,3c,Ad" player="3" hand="Pair of Aces"/>
	</round>
	<round id="FIRST_DRAW" sequence="3">
		<event sequence="5" type="DRAW" timestamp="1296531750859" player="3" text="0"/>
		<event sequence="6" type="DRAW" timestamp="1296531755468" player="4" text="0"/>
		<cards type="DRAW_DRAWN_CARDS" cards="Ah,5h,Ts,3c,Ad" player="3" hand="Pair of Aces"/>
	</round>
	<round id="SHOWDOWN" sequence="4">
		<event sequence="7" type="SHOW" timestamp="1296531805296" player="3"/>
		<event sequence="8" type="SHOW" timestamp="1296531805718" player="4"/>
		<cards type="SHOWN" cards="Ah,5h,Ts,3c,Ad" player="3"/>
		<cards type="SHOWN" cards="8h,2s,4d,5s,3s" player="4"/>
	</round>
	<round id="END_OF_GAME" sequence="5">
		<winner amount="14.00" uncalled="false" potnumber="1" player="4" hand="8-5-4-3-2" pottype="n"/>
		<winner amount="3.00" uncalled="true" potnumber="1" player="3" pottype="n"/>
	</round>
</game>
"""


def test_a_bettor_who_wins_no_pot_gets_the_uncalled_part_as_its_own_winner():
    """The raise to 10 is called for 7 only: 3 comes back in a winner marked
    uncalled="true", which is no win (no zero collection)."""
    (hand,) = parse_text(BETTOR_LOSES, "merge").hands
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Hero", Decimal(3))]
    assert [(c.player, c.amount) for c in hand.collections] == [("Villain", Decimal(14))]
    assert hand.summary.rake == 0
    assert audit(hand).verdict == "ok"


def test_an_event_outside_a_round_is_refused_with_its_line():
    # An <event> straight under <game> once reached the handler of text lines and crashed.
    text = (CORPUS / "merge" / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt").read_text()
    stray = '<event sequence="6" type="DRAW" timestamp="1303222323109" player="1" text="1"/>'
    text = text.replace("\t</players>\n", "\t</players>\n" + stray + "\n", 1)
    result = parse_text(text, "merge", path="multi.txt")
    assert [(e.line, e.hand_id) for e in result.errors] == [(7, "33423082-1")]
    assert "unexpected <event> in a game" in result.errors[0].message
    assert len(result.hands) == 14


def _with_comments(tmp_path: Path, comment: str) -> tuple[Path, int]:
    """The corpus's 15-game file with a comment holding ``comment`` after its description and
    another between its first two games."""
    text = (CORPUS / "merge" / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt").read_text(
        encoding="utf-8")
    head, _, games = text.partition("\n")
    first, sep, rest = games.partition("</game>\n")
    made = tmp_path / "commented.txt"
    made.write_text(f"{head}\n<!-- converted: {comment} -->\n{first}{sep}"
                    f"<!--\n  a note: {comment}\n  ends here -->\n{rest}", encoding="utf-8")
    return made, text.count("<game ")


@pytest.mark.parametrize("comment", ['<!DOCTYPE game SYSTEM "merge.dtd">',
                                     '<!ENTITY a "aaaa">'])
def test_a_declaration_inside_a_comment_declares_nothing(tmp_path, comment):
    made, games = _with_comments(tmp_path, comment)
    result = parse_file(made)
    assert not result.errors, [e.message for e in result.errors]
    assert len(result.hands) == games >= 2
    assert all(audit(hand).verdict == "ok" for hand in result.hands)


def test_a_declaration_after_a_comment_is_still_refused(tmp_path):
    made, _ = _with_comments(tmp_path, "<!DOCTYPE x>")
    lines = made.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(1, '<!-- a --> <!DOCTYPE g [<!ENTITY a "aaaa">]>\n')
    made.write_text("".join(lines), encoding="utf-8")
    result = parse_file(made)
    assert not result.hands
    (error,) = result.errors
    assert "refused: the file declares a DOCTYPE" in error.message
    assert (error.line, error.column) == (2, 12)
