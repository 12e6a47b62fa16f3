"""What a settlement has to say about a hand so far: findings, notes and remarks.

Every part of the settlement (showdown, pot award, runs, pots) writes into the one ``Ledger``
of its settlement, so that the verdict reads all of them in the order they were found.
"""

from __future__ import annotations

from typing import Final

from hhtools.auditing.findings import RULE_KINDS, Finding, FindingKind

_RULE_KINDS: Final = frozenset(RULE_KINDS)


class Ledger:
    """Findings (the replay's first), notes (why something cannot be checked) and remarks
    (what the rules explain without a finding)."""

    __slots__ = ("findings", "notes", "remarks")

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        self.notes: list[str] = []
        self.remarks: list[str] = []

    def find(self, kind: FindingKind, line: int, message: str, expected: str | None = None,
             recorded: str | None = None) -> None:
        """A finding citing the history's ``line``."""
        self.findings.append(Finding(kind, f"line {line}: {message}", line, expected, recorded))

    def rule_broken(self) -> bool:
        """Whether a finding so far says the hand broke a rule."""
        return any(f.kind in _RULE_KINDS for f in self.findings)
