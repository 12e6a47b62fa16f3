"""The parser reads, the replay judges: a well-formed draw line that describes an illegal act is
kept as written, flagged by the audit (verdict ``invalid``), and stored by ``import`` with its
money like any other hand; only text that cannot be read is rejected."""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.auditing.auditor import audit
from hhtools.reading.parsing import parse_text
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

DATA = Path(__file__).parents[1] / "data" / "illegal-draws"
STARS = (DATA / "pokerstars-discard-not-in-hand.txt").read_text()
KINGS = (DATA / "kingsclub-discard-not-in-hand.txt").read_text()
#: The PokerStars hand with a legal discard, the base of the cases below.
STARS_OK = STARS.replace("[8h 7s]", "[8h 6s]")
KINGS_OK = KINGS.replace("[8d Kd]", "[8d 8h]")

#: name -> (history, the finding's kind, words of its message, its line's text).
CASES = {
    "the hero discards a card not held": (
        STARS, "illegal_draw", "Hero discards 7s, which the hand does not hold",
        "Hero: discards 2 cards [8h 7s]"),
    "the hero discards a card not held (KingsClub)": (
        KINGS, "illegal_draw", "Hero discards Kd, which the hand does not hold",
        "Hero discards [8d Kd] draws [2c 3c]"),
    "more cards than the hand holds": (
        STARS_OK.replace("Bob: discards 1 card", "Bob: discards 5 cards"), "illegal_draw",
        "Bob changes 5 cards; Badugi allows at most 4 per draw", "Bob: discards 5 cards"),
    "more cards than any hand holds": (
        STARS_OK.replace("Bob: discards 1 card", "Bob: discards 6 cards"), "illegal_draw",
        "Bob changes 6 cards; Badugi allows at most 4 per draw", "Bob: discards 6 cards"),
    "more cards than any hand holds (KingsClub)": (
        KINGS_OK.replace("Bob draws 2\n", "Bob draws 6\n"), "illegal_draw",
        "Bob changes 6 cards; Badugi allows at most 4 per draw", "Bob draws 6"),
    "two draws in one round": (
        STARS_OK.replace("Dealt to Hero [As 3h] [5h Ks]\n",
                         "Dealt to Hero [As 3h] [5h Ks]\nBob: discards 1 card\n"),
        "illegal_draw", "Bob draws twice in the same round", None),
    "a draw after folding": (
        KINGS_OK.replace("*** 2ND DRAW ***\n", "*** 2ND DRAW ***\nHero draws 1\n"),
        "out_of_turn", "Hero draws after folding", "Hero draws 1"),
}


def _line(text: str, words: str | None) -> int | None:
    if words is None:
        return None
    (n,) = [i for i, line in enumerate(text.splitlines(), 1) if line == words]
    return n


@pytest.mark.parametrize("name", sorted(CASES))
def test_kept_as_written_and_flagged(name):
    text, kind, message, line = CASES[name]
    result = parse_text(text)
    assert result.errors == ()
    (hand,) = result.hands
    a = audit(hand)
    assert a.verdict == "invalid"
    assert [(f.kind, f.message.split(": ", 1)[1]) for f in a.findings] == [(kind, message)]
    if line is not None:
        assert a.findings[0].line == _line(text, line)


def test_the_legal_versions_are_ok():
    for text in (STARS_OK, KINGS_OK):
        (hand,) = parse_text(text).hands
        assert audit(hand).verdict == "ok"


def test_import_stores_them_with_their_money(tmp_path):
    folder = tmp_path / "histories"
    folder.mkdir()
    for i, name in enumerate(sorted(CASES)):
        # One hand id per file, so that each case is its own hand in the store.
        text = CASES[name][0].replace("#1001", f"#{1001 + i}").replace("#2001", f"#{2001 + i}")
        (folder / f"case{i}.txt").write_text(text)
    store = Store(tmp_path / "db")
    summary = import_paths([folder], store)
    assert (summary.rejected, summary.hands_new) == (0, len(CASES))
    assert summary.verdicts == {"invalid": len(CASES)}
    hands = store.read("hands")
    assert set(hands["verdict"]) == {"invalid"}
    players = store.read("players")
    # Each hand's money is stored and adds up to its rake (nobody is left out).
    for hand_id, group in players.group_by("hand_id"):
        rake = hands.filter(hands["hand_id"] == hand_id[0])["rake"][0]
        assert -sum(group["net"].to_list()) == rake, hand_id
    findings = store.read("findings")
    assert sorted(set(findings["kind"])) == ["illegal_draw", "out_of_turn"]


def test_a_count_no_deck_can_mean_is_unreadable():
    # The parser bounds a count by what the text can mean (a deck's 52 cards); the replay
    # judges what the game allows.
    result = parse_text(KINGS_OK.replace("Bob draws 2\n", "Bob draws 53\n"))
    assert result.hands == ()
    (error,) = result.errors
    assert "card count" in error.message and "0 to 52" in error.message
