"""Shared by the per-site line-kind tests: a hand-made hand is read, audited, or skipped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hhtools.auditing.auditor import audit
from hhtools.core.records import Hand
from hhtools.reading.parsing import ParseResult, parse_text


def edit(text: str, *pairs: tuple[str, str]) -> str:
    """``text`` with each (old, new) replaced once; an old part missing is the test's own bug."""
    for old, new in pairs:
        assert old in text, f"the base hand has no {old!r}"
        text = text.replace(old, new, 1)
    return text


@dataclass(frozen=True)
class Case:
    """One row of FORMATS-LINES.md: the hand holding the line, and what must come of it."""

    row: str
    text: str
    #: Checks what the line's fact became in the record; None for a hand skipped whole.
    check: Callable[[Hand], object] | None = None
    #: For a hand skipped whole: words its reason must hold.
    skipped: str | None = None
    site_args: dict = field(default_factory=dict)


def run(case: Case, site: str) -> ParseResult:
    result = parse_text(case.text, site, path=f"{case.row}.txt")
    assert not result.errors, [e.message for e in result.errors]
    if case.skipped is not None:
        assert not result.hands
        (skipped,) = result.skipped
        assert case.skipped in skipped.game, skipped.game
        return result
    assert not result.skipped, result.skipped
    (hand,) = result.hands
    assert not hand.warnings, hand.warnings
    checked = audit(hand)
    assert checked.verdict == "ok", checked.findings
    assert case.check is not None
    case.check(hand)
    return result
