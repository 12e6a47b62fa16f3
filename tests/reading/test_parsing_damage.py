"""Damaged real hands (lines dropped, doubled, cut, garbled, swapped) give records or error
records, never an exception, and never hhtools' last-resort "internal error"."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hhtools.core.records import Hand, HandError, SkippedHand
from hhtools.reading.parsing import decode, parse_text

CORPUS = Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus"
SOURCES = [
    ("pokerstars", "Badugi-USD-0.25-0.50-201009.txt"),
    ("pokerstars", "Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt"),
    ("pokerstars", "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"),
    ("kingsclub", "Badeucey-Limit-USD-22-44-202101.txt"),
    ("kingsclub", "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"),
    ("fulltilt", "3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt"),
    ("fulltilt", "3-Draw-Limit-USD-5-10-201211.txt"),
    ("winamax", "Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt"),
]


def _texts() -> list[str]:
    texts = [decode((CORPUS / site / name).read_bytes())[0] for site, name in SOURCES
             if (CORPUS / site / name).exists()]
    # Without the corpus, the project's own broken histories still give hands to damage.
    texts += [p.read_text() for p in sorted((Path(__file__).parents[1] / "invalid").glob("*/*.txt"))]
    return texts


TEXTS = _texts()
GARBAGE = st.text(alphabet=st.sampled_from(list(":$[]()#*, X0123456789.-+AsKdé\t€")),
                  min_size=0, max_size=6)


@st.composite
def damaged(draw) -> str:
    lines = draw(st.sampled_from(TEXTS)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["drop", "double", "cut", "garble", "swap", "blank", "end"]))
        if op == "drop":
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif op == "cut":
            lines[i] = lines[i][: draw(st.integers(0, max(len(lines[i]) - 1, 0)))]
        elif op == "garble":
            p = draw(st.integers(0, len(lines[i])))
            width = draw(st.integers(0, 3))
            lines[i] = lines[i][:p] + draw(GARBAGE) + lines[i][p + width:]
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == "blank":
            lines.insert(i, "")
        elif op == "end":
            lines = lines[:i]
    return "\n".join(lines)


def _check(text: str) -> None:
    for site in ("auto", "pokerstars", "kingsclub", "fulltilt", "winamax"):
        result = parse_text(text, site)
        for record in result.hands + result.skipped + result.errors:
            assert isinstance(record, (Hand, HandError, SkippedHand))
        for error in result.errors:
            assert "internal error" not in error.reason, error.message
            assert error.line >= 1 and error.column >= 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_hands_never_raise(text):
    _check(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_never_raise(data):
    _check(decode(data)[0])


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_every_prefix_of_a_hand_never_raises(index):
    lines = TEXTS[index].split("\n")
    for end in range(len(lines)):
        _check("\n".join(lines[:end]))
