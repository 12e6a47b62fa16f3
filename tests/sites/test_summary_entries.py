"""Summary seat lines that name nobody at the table (P15): a real Full Tilt hand prints two
seats' entries run together; the entry that names a seated player is read, the rest is a
warning on its line, and the money decides the verdict. Positions come from the blinds posted
and the site's words, not from seat numbers alone."""

from __future__ import annotations

from pathlib import Path

from hhtools.auditing.auditor import audit
from hhtools.reading.parsing import parse_file, parse_text
from hhtools.store.importer import import_paths
from hhtools.store.rows import positions
from hhtools.store.store import Store

DATA = Path(__file__).resolve().parents[1] / "data"
GARBLED = DATA / "fulltilt-lines" / "garbled-summary.txt"
STARS = (DATA / "illegal-draws" / "pokerstars-discard-not-in-hand.txt").read_text()
STARS = STARS.replace("[8h 7s]", "[8h 6s]")  # the legal version of that hand


def test_run_together_entries_read_the_seated_player() -> None:
    result = parse_file(GARBLED)
    assert result.errors == ()
    (hand,) = result.hands
    assert [(r.seat, r.player) for r in hand.summary.seats] == [
        (2, "Player2"), (4, "Player1"), (5, "Player5")]
    (warning,) = hand.warnings
    assert warning.line == 22
    assert "seat 3's entry names 'Player4', who is not at this table" in warning.message
    assert audit(hand).verdict == "ok"


def test_positions_follow_the_blind_posted() -> None:
    (hand,) = parse_file(GARBLED).hands
    # Seat 3 is empty and no small blind is posted: Player1, next after the button, posts
    # the big blind (and the summary says so); the seat after him posted nothing.
    assert positions(hand) == {"Player1": "big blind", "Player5": "cutoff", "Player2": "button"}


def test_the_store_keeps_those_positions(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    summary = import_paths([GARBLED], store)
    assert (summary.hands_new, summary.rejected) == (1, 0)
    players = store.read("players")
    assert dict(zip(players["player"], players["position"])) == {
        "Player1": "big blind", "Player5": "cutoff", "Player2": "button"}
    assert set(store.read("hands")["verdict"]) == {"ok"}


def test_an_entry_naming_nobody_is_left_out_with_a_warning() -> None:
    text = STARS.replace("Seat 2: Bob (small blind) folded after the 1st Draw\n",
                         "Seat 2: Bob (small blind) folded after the 1st Draw\n"
                         "Seat 4: Nobody folded before the Draw\n")
    result = parse_text(text, path="stars.txt")
    (hand,) = result.hands
    assert [r.player for r in hand.summary.seats] == ["Alice", "Bob", "Hero"]
    (warning,) = hand.warnings
    assert "the summary names 'Nobody', who is not at this table" in warning.message
    assert audit(hand).verdict == "ok"


def test_heads_up_and_full_rings_keep_their_seat_positions() -> None:
    (hand,) = parse_text(STARS, path="stars.txt").hands
    assert positions(hand) == {"Alice": "button", "Bob": "small blind", "Hero": "big blind"}
