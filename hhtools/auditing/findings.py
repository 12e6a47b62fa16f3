"""What an audit finds wrong with a hand: the kinds, the exception a rule check raises, and the
finding it becomes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from hhtools.errors import RuleViolation

#: Finding kinds that mean the hand broke a rule (verdict ``invalid``); the others mean the
#: recorded result differs from the re-evaluation (verdict ``mismatch``).
RuleKind = Literal["illegal_bet", "out_of_turn", "illegal_draw", "duplicate_card",
                   "stack_exceeded"]
ResultKind = Literal["winner_mismatch", "amount_mismatch", "description_mismatch"]
FindingKind = RuleKind | ResultKind
RULE_KINDS: tuple[RuleKind, ...] = get_args(RuleKind)
RESULT_KINDS: tuple[ResultKind, ...] = get_args(ResultKind)
KINDS: tuple[FindingKind, ...] = RESULT_KINDS + RULE_KINDS


@dataclass(frozen=True, slots=True)
class Finding:
    """Something wrong with a hand: its kind, a sentence citing the line, and for showdown
    findings what the rules give (``expected``) against what the history says (``recorded``).

    A broken rule names it (``rule``), and ``allowed_by`` lists the other rule profiles under
    which the same line is legal: a referee reads "illegal under wsop (short all-in), allowed
    on pokerstars", not a bare accusation.
    """

    #: One of KINDS in a hand's audit; the commerce games' audits have words of their own.
    kind: str
    message: str
    line: int
    expected: str | None = None
    recorded: str | None = None
    rule: str | None = None
    allowed_by: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, str | int | list[str]]:
        """A JSON-ready view; ``expected``/``recorded``/``rule``/``allowed_by`` only when known."""
        out: dict[str, str | int | list[str]] = {"kind": self.kind, "message": self.message,
                                                 "line": self.line}
        if self.expected is not None:
            out["expected"] = self.expected
        if self.recorded is not None:
            out["recorded"] = self.recorded
        if self.rule is not None:
            out["rule"] = self.rule
        if self.allowed_by:
            out["allowed_by"] = list(self.allowed_by)
        return out


def violation_finding(v: RuleViolation) -> Finding:
    """The finding a caught RuleViolation becomes."""
    return Finding(v.kind, v.args[0], v.line, rule=v.rule)
