"""What the audit of a game night returns: each deal's verdict and findings, the night's, and
the words ``hhtools audit --explain`` prints.

The verdicts are the poker audit's (hhtools.auditing.results.VERDICTS): ``invalid`` when a rule is
broken, ``mismatch`` when the record's result differs from the rules', ``unverifiable`` when a
card the result needs was never written, else ``ok``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from hhtools.auditing.findings import Finding
from hhtools.commerce.compare import Comparison
from hhtools.commerce.record import Night

#: Findings that mean the night broke a rule (verdict ``invalid``).
RULE_KINDS = ("out_of_turn", "illegal_action", "widow_phase", "card_mismatch", "duplicate_card",
              "wrong_dealer", "out_of_game", "viuda_purchase")
#: Findings that mean the record's result differs from the rules' (verdict ``mismatch``).
RESULT_KINDS = ("pool_mismatch", "wild_mismatch", "winner_mismatch", "payer_mismatch",
                "amount_mismatch", "elimination_mismatch")
KINDS = RULE_KINDS + RESULT_KINDS


def verdict_of(findings: Iterable[Finding], unverifiable: bool) -> str:
    kinds = {f.kind for f in findings}
    if kinds & set(RULE_KINDS):
        return "invalid"
    if kinds:
        return "mismatch"
    return "unverifiable" if unverifiable else "ok"


@dataclass(frozen=True, slots=True)
class DealAudit:
    """One deal: its dealer, the pool and wild rank by the rules, its findings, its notes
    (what could not be checked), the replay in words, and the showdown's comparison."""

    number: int
    line: int
    dealer: str
    pool: int
    wild: str | None
    findings: tuple[Finding, ...]
    notes: tuple[str, ...]
    steps: tuple[str, ...]
    comparison: Comparison | None

    @property
    def verdict(self) -> str:
        return verdict_of(self.findings, bool(self.notes))

    def as_dict(self) -> dict[str, object]:
        c = self.comparison
        return {"deal": self.number, "line": self.line, "dealer": self.dealer, "pool": self.pool,
                "wild": self.wild, "verdict": self.verdict,
                "findings": [f.as_dict() for f in self.findings], "notes": list(self.notes),
                "best": None if c is None else [str(p) for p in c.best],
                "worst": None if c is None else [str(p) for p in c.worst]}


@dataclass(frozen=True, slots=True)
class NightAudit:
    """A whole night: the night's own findings (the seats), every deal, the chips each player
    holds at the end and the money the game's winner collects (None without a chip value)."""

    night: Night
    findings: tuple[Finding, ...]
    deals: tuple[DealAudit, ...]
    notes: tuple[str, ...]
    steps: tuple[str, ...]
    chips: dict[str, int]
    money: Decimal | None

    @property
    def all_findings(self) -> tuple[Finding, ...]:
        return self.findings + tuple(f for d in self.deals for f in d.findings)

    @property
    def verdict(self) -> str:
        return verdict_of(self.all_findings, any(d.notes for d in self.deals))

    @property
    def name(self) -> str:
        return self.night.path or "<text>"

    def line(self) -> str:
        """``la-viuda night.txt mismatch (12 deals)``."""
        return f"{self.night.game} {self.name} {self.verdict} ({len(self.deals)} deals)"

    def deal_line(self, deal: DealAudit) -> str:
        return f"{self.night.game} {self.name} deal {deal.number} {deal.verdict}"

    def as_dict(self) -> dict[str, object]:
        """The object ``hhtools audit --json`` prints for a night."""
        return {"game": self.night.game, "path": self.night.path, "verdict": self.verdict,
                "scoring": self.night.scoring,
                "findings": [f.as_dict() for f in self.findings],
                "notes": list(self.notes), "deals": [d.as_dict() for d in self.deals],
                "chips": self.chips, "money": None if self.money is None else str(self.money)}

    def report(self) -> str:
        """What ``hhtools audit`` prints: a line per deal, with the findings and notes of each
        deal that is not ok, then the night's line."""
        out = [_finding_text(f) for f in self.findings]
        for deal in self.deals:
            out.append(self.deal_line(deal))
            if deal.verdict != "ok":
                out += [_finding_text(f) for f in deal.findings]
                out += [f"  - note: {n}" for n in deal.notes]
        out += [f"  - note: {n}" for n in self.notes]
        out.append(self.line())
        return "\n".join(out)

    def explain(self, deal_number: int | None = None) -> str:
        """The replay in words, turn by turn, with each finding where it arises; one deal only
        when ``deal_number`` is given."""
        out = list(self.steps) if deal_number is None else []
        out += [_finding_text(f) for f in self.findings] if deal_number is None else []
        for deal in self.deals:
            if deal_number is not None and deal.number != deal_number:
                continue
            out.append("")
            out += deal.steps
            out += [_finding_text(f) for f in deal.findings]
            out += [f"  - note: {n}" for n in deal.notes]
            out.append(f"Deal {deal.number}: {deal.verdict}")
        if deal_number is None:
            out.append("")
            out += [f"Note: {n}" for n in self.notes]
            out.append(f"Night: {self.verdict}")
        return "\n".join(out)


def _finding_text(f: Finding) -> str:
    extra = (f" (rules: {f.expected}; record: {f.recorded})"
             if f.expected is not None or f.recorded is not None else "")
    rule = f"\n      the text: \"{f.rule}\"" if f.rule else ""
    return f"  - {f.kind}: {f.message}{extra}{rule}"
