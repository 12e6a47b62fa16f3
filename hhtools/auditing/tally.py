"""What ``audit`` and ``convert`` say about what they read besides the hands themselves.

A file that holds no hand history (a zip, a PDF, a readme), hands of games hhtools does not
play (KingsClub's Drawmaha) and a tournament summary with no hand all give the commands nothing
to print, and a silent exit 0 reads as "all fine": so each such file gets one sentence, and an
audit of more than one hand (or of none) ends with its totals. These are not rejections: the
exit status stays that of the hands (README, "Exit status and everyday use").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from hhtools.auditing.results import VERDICTS, Audit, Verdict
from hhtools.core.records import HandError
from hhtools.core.words import plural
from hhtools.reading.parsing import ParseResult, besides_hands


@dataclass
class AuditTally:
    """The counts of one audit run: verdicts, hands rejected unread, hands skipped, files that
    are no hand history."""

    verdicts: Counter[Verdict] = field(default_factory=Counter)
    rejected: int = 0
    skipped: int = 0
    not_history: int = 0

    def file(self, result: ParseResult) -> list[str]:
        """Count ``result``'s skipped hands (or the file itself) and return its notes."""
        if result.not_history is not None:
            self.not_history += 1
        self.skipped += len(result.skipped)
        return besides_hands(result)

    def add(self, item: Audit | HandError) -> None:
        """Count one hand: its verdict, or a rejection."""
        if isinstance(item, HandError):
            self.rejected += 1
        else:
            self.verdicts[item.verdict] += 1

    @property
    def hands(self) -> int:
        """Hands met, audited or rejected (skipped hands are not read, so not counted)."""
        return sum(self.verdicts.values()) + self.rejected

    def wanted(self) -> bool:
        """Whether the run ends with a totals line: more than one hand, or none at all."""
        return self.hands != 1

    def line(self) -> str:
        """``total: 12 hands audited (10 ok, 1 mismatch, 1 unverifiable), 1 skipped, 0
        rejected``, and the files that are no hand history when there are any."""
        audited = sum(self.verdicts.values())
        counts = ", ".join(f"{self.verdicts[v]:,} {v}" for v in VERDICTS if self.verdicts[v])
        text = (f"total: {plural(audited, 'hand')} audited" + (f" ({counts})" if counts else "")
                + f", {self.skipped:,} skipped, {self.rejected:,} rejected")
        if self.not_history:
            text += f", no hand history in {plural(self.not_history, 'file')}"
        return text
