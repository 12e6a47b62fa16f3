"""The strength classes of many hands at a time (``class_table``, read by hhtools.core.written)
agree with ``hand_classes`` of each hand alone, in every game and however the hand is written."""

import random

import polars as pl
import pytest

from hhtools.analytics import classes
from hhtools.analytics.classes import CLASS_TABLE, class_table, classes_of_text, hand_classes
from hhtools.core.cards import DECK, format_cards, parse_cards
from hhtools.core.games import GAMES, get_game
from hhtools.core.written import class_rows, written_cards


def _spellings(rng: random.Random, size: int) -> list[str]:
    """Hands of ``size`` cards as the store writes them, and the same and other cards written
    otherwise: out of order, in other spellings, too few or too many, a card twice, not cards."""
    written = []
    for _ in range(300):
        cards = rng.sample(DECK, size)
        text = format_cards(cards)
        written.append(text)
        written.append(format_cards(cards[::-1]))
    for text in rng.sample(written, 40):
        tokens = text.split(" ")
        written += [
            text.lower(), text.replace("T", "10"), ",".join(tokens), "".join(tokens),
            " ".join(t[1] + t[0] for t in tokens), text.replace("s", "♠").replace("h", "♥"),
            f" {text}", f"{text} ", text.replace(" ", "  "), f"[{text}]",
            " ".join(tokens[:-1]), f"{text} {tokens[0]}", " ".join([*tokens[:-1], tokens[0]]),
            text.replace(tokens[0][0], "X"), text.replace(tokens[0][1], "z"), text[:-1],
        ]
    return written + ["", " ", "As", "As 2d 3h 4c 5s 6d", "é" * 14, "As\u00a02d 3h 4c 5s"]


@pytest.mark.parametrize("game_name", [*GAMES, "Badeucey", "27", "no such game"])
def test_many_hands_are_classified_as_each_alone(game_name):
    rng = random.Random(f"classes-{game_name}")
    size = get_game(game_name).hand_size if game_name in GAMES else 5
    keys = _spellings(rng, size)
    frame = pl.DataFrame({"game": [game_name] * len(keys), "cards": keys})
    table = class_table(frame, "cards")
    assert table.schema == pl.Schema(CLASS_TABLE)
    got: dict[str, list[tuple[str, int, str, bool]]] = {}
    for row in table.iter_rows():
        got.setdefault(row[1], []).append(row[2:])
    classified = 0
    for key in set(keys):
        try:
            expected = hand_classes(get_game(game_name), parse_cards(key, size=size))
        except Exception:
            expected = ()
        assert classes_of_text(game_name, key) == (expected or None)
        assert got.get(key, []) == [tuple(c[:1]) + tuple(c[1:]) for c in expected], key
        classified += bool(expected)
    assert classified > 600 if game_name != "no such game" else classified == 0


def test_the_rows_come_game_by_game_then_component_by_component():
    keys = ["8c 6c 4d 3d 2h", "As 2d 3h 4c", "Kc 8d 5h 4s 2c", "not cards", "2h 3d 4d 6c 8c",
            "9c 8d 5h 4s 2c", "kc 8d 5h 4s 2c"]
    games = ["badeucy", "badugi", "2-7", "badeucy", "badeucy", "nope", "2-7"]
    tables: dict[str, list[int]] = {}
    met: list[tuple[str, tuple[int, ...]]] = []

    def classify(component, hand):
        met.append((component.name, tuple(hand)))
        return len(met) * 10

    def other(game, key):
        return [1, 2] if key == "kc 8d 5h 4s 2c" else []

    rows, numbers = class_rows(games, keys, tables, classify, other)
    # Badeucy's rows 0 and 4 (the same cards, one rank) by Badugi, then by 2-7; Badugi's row
    # 1; 2-7's rows 2 and 6 (read by ``other``), the second's second class last.
    assert rows == [0, 4, 0, 4, 1, 2, 6, 6]
    assert numbers == [10, 10, 20, 20, 30, 40, 1, 2]
    assert [name for name, _ in met] == ["badugi-ace-high", "2-7", "badugi", "2-7"]
    assert set(tables) == {"badugi-ace-high", "2-7", "badugi"}
    assert len(tables["2-7"]) == get_game("2-7").components[0].ranks + 1


def test_written_cards_reads_the_store_s_spelling_alone():
    assert written_cards("As 2d 3h 4c", 4) == list(parse_cards("As 2d 3h 4c"))
    for text in ("As 2d 3h", "As 2d 3h 4c 5s", "as 2d 3h 4c", "As,2d 3h 4c", "As 2d 3h 4c ",
                 "As 2d 3h As", "Ax 2d 3h 4c", "10s 2d 3h 4c", "As 2d 3h ♣4", "Äs 2d 3h 4c"):
        assert written_cards(text, 4) is None, text


def test_each_rank_is_classified_once_and_kept(monkeypatch):
    monkeypatch.setattr(classes, "_CLASS_OF_RANK", {})
    frame = pl.DataFrame({"game": ["2-7"] * 3, "cards": ["Kc 8d 5h 4s 2c", "Kd 8c 5h 4s 2c",
                                                         "9c 8d 5h 4s 2c"]})
    first = class_table(frame, "cards")
    assert sorted(first["class"].to_list()) == ["9-low", "J-low or worse", "J-low or worse"]
    assert sum(n >= 0 for n in classes._CLASS_OF_RANK["2-7"]) == 2
