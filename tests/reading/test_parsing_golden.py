"""Golden records of chosen real hands, and the exact messages of broken histories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from regen_golden import CORPUS, GOLDEN, HANDS, INVALID, dumps, expected_errors, golden

from hhtools.reading.parsing import parse_file

INVALID_FILES = sorted(INVALID.glob("*/*.txt"))


@pytest.mark.parametrize(("name", "file", "hand_id"), HANDS, ids=[h[0] for h in HANDS])
def test_golden_hand(name, file, hand_id):
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus is not beside the project")
    path, record = golden(name, file, hand_id)
    assert path.exists(), "run tests/regen_golden.py and review the new file"
    assert dumps(record) == path.read_text(encoding="utf-8")


def test_every_golden_file_is_listed():
    listed = {f"{file.split('/')[0]}/{name}.json" for name, file, _ in HANDS}
    assert {str(p.relative_to(GOLDEN)) for p in GOLDEN.glob("*/*.json")} == listed


@pytest.mark.parametrize("history", INVALID_FILES, ids=[f"{p.parent.name}/{p.stem}"
                                                        for p in INVALID_FILES])
def test_broken_history_message(history: Path):
    expected = history.with_suffix(".expected").read_text(encoding="utf-8")
    assert expected, "every broken history must produce at least one error"
    assert expected_errors(history) == expected


def test_broken_hand_costs_only_itself():
    result = parse_file(INVALID / "pokerstars" / "first-of-two-broken.txt")
    assert [h.hand_id for h in result.hands] == ["1002"]
    assert [e.hand_id for e in result.errors] == ["1001"]


def test_golden_records_are_json():
    for path in GOLDEN.glob("*/*.json"):
        record = json.loads(path.read_text(encoding="utf-8"))
        assert {"site", "hand_id", "game", "structure", "table", "button_seat", "started_at",
                "players", "actions", "source"} <= set(record)
