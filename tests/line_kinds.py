"""Hand-made hands for the line kinds of ../shared/FORMATS-LINES.md that no corpus file shows:
a real corpus hand with one line added or changed, read through parse and audit."""

from __future__ import annotations

from pathlib import Path

from hhtools.auditor import audit
from hhtools.findings import Finding
from hhtools.parsing import ParseResult, parse_text
from hhtools.records import Hand

CORPUS = Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus"


def first_hand(site: str, name: str, sep: str = "\n\n") -> str:
    """The first hand of a corpus file, as text ending in one newline."""
    text = (CORPUS / site / name).read_text(encoding="utf-8-sig")
    return text.strip().split(sep)[0].strip() + "\n"


def changed(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` (which must occur) replaced once by ``new``."""
    assert old in text, old
    return text.replace(old, new, 1)


def read_one(text: str, site: str) -> tuple[Hand, str, tuple[Finding, ...]]:
    """The one hand of ``text``, read without error, and its audit verdict and findings."""
    result = parse_text(text, site, path="made.txt")
    assert not result.errors, [e.message for e in result.errors]
    (hand,) = result.hands
    checked = audit(hand)
    return hand, checked.verdict, checked.findings


def rejected(text: str, site: str) -> ParseResult:
    """A hand with a kind hhtools does not read: rejected with the line named, nothing kept."""
    result = parse_text(text, site, path="made.txt")
    assert not result.hands
    (error,) = result.errors
    assert error.message.startswith("made.txt:"), error.message
    return result
