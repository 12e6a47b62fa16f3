"""The pots part of a settlement: pots built from what each player put in, raked, awarded (each
half of a split pot among that pot's own players) and compared with what the history paid."""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from hhtools.auditing.replay.table import Table
from hhtools.auditing.results import PotAudit
from hhtools.auditing.results import amounts_text as _amounts
from hhtools.auditing.settlement.award import PotAward
from hhtools.auditing.settlement.ledger import Ledger
from hhtools.auditing.settlement.runs import Runs
from hhtools.core.evaluate import Evaluation
from hhtools.core.pots import PotLayer, allocate_rake, layer_pots
from hhtools.core.records import Hand

ZERO: Final = Decimal(0)
#: Pots compared with the history one by one (a pot's name) or together (None): what the rules
#: give, what the history pays, and whether the pot was split (an odd chip either way).
_Group = tuple[str | None, dict[str, Decimal], dict[str, Decimal], bool]


class Pots:
    """Every pot of a hand: built from what each player put in, raked, awarded, compared."""

    __slots__ = ("hand", "ledger", "pot_award", "runs", "table", "unit")

    def __init__(self, hand: Hand, table: Table, unit: Decimal, pot_award: PotAward,
                 runs: Runs | None, ledger: Ledger) -> None:
        self.hand = hand
        self.table = table
        self.unit = unit
        self.pot_award = pot_award
        self.runs = runs
        self.ledger = ledger

    def settle(self, contributions: dict[str, Decimal],
               evals: dict[str, tuple[Evaluation, ...]], collected: dict[str, Decimal]
               ) -> tuple[list[PotAudit], dict[str, Decimal] | None]:
        """Build, rake and award every pot; compare each with what the history paid."""
        h, t = self.hand, self.table
        layers = layer_pots(contributions, t.dead, t.live())
        summary = h.summary
        rake = summary.rake or ZERO
        printed = [p.amount for p in summary.pots] if summary.pots else None
        amounts = [layers[0].amount] if len(layers) == 1 else [p.amount for p in layers]
        if printed is None and not rake:
            rakes = [ZERO] * len(amounts)  # allocate_rake's answer without a rake to share
        else:
            rakes = allocate_rake(amounts, rake, self.unit, printed)
        recorded: dict[str, dict[str, Decimal]] = {}
        for c in h.collections:
            pot = recorded.get(c.pot)
            if pot is None:
                pot = recorded[c.pot] = {}
            pot[c.player] = pot.get(c.player, ZERO) + c.amount
        pots: list[PotAudit] = []
        total: dict[str, Decimal] | None = {}
        runs = self.runs if self.runs is not None and self.runs.evals else None
        for i, (layer, taken) in enumerate(zip(layers, rakes)):
            name = "main" if i == 0 else PotLayer.name(i)
            if runs is not None:  # run it twice (hhtools.auditing.settlement.runs)
                halves, shares, note = runs.award(name, layer, layer.amount - taken)
            else:
                halves, shares, note = self.pot_award.award(name, layer, layer.amount - taken,
                                                            evals)
            pots.append(PotAudit(name, layer.amount, taken, layer.eligible, halves, shares,
                                 recorded.get(name, {}), note))
            if shares is None:
                total = None
            elif total is not None:
                for p, v in shares.items():
                    total[p] = total.get(p, ZERO) + v
        if not (len(pots) == 1 and len(recorded) == 1
                and pots[0].expected == recorded.get(pots[0].name)):
            # (One pot paid as ruled needs nothing.) An odd chip the history gives otherwise
            # is accepted: the nets are then the history's, as the chips went.
            accepted = self._compare(pots, recorded, collected)
            if accepted and total is not None:
                for p, v in accepted.items():
                    total[p] = total.get(p, ZERO) + v
        total_pot = sum(amounts, ZERO)
        if summary.total_pot is not None and summary.total_pot != total_pot:
            self.ledger.find("amount_mismatch", h.source.last_line,
                             f"the summary's total pot is {summary.total_pot}; the bets make "
                             f"{total_pot}", str(total_pot), str(summary.total_pot))
        return pots, total

    def _compare(self, pots: list[PotAudit], recorded: dict[str, dict[str, Decimal]],
                 collected: dict[str, Decimal]) -> dict[str, Decimal]:
        """Per pot when the history names the same pots, otherwise over the whole hand.
        Returns, per player, what the history pays beyond the rules' award where the
        difference is accepted (an odd chip either way)."""
        h = self.hand
        if recorded.keys() <= {p.name for p in pots}:
            # Pot by pot; a pot that cannot be checked does not stop the others.
            groups: list[_Group] = [
                (p.name, p.expected, recorded.get(p.name, {}), len(p.expected) > 1)
                for p in pots if p.expected is not None]
        elif all(p.expected is not None for p in pots):
            expected: dict[str, Decimal] = {}
            for pot in pots:
                for k, v in (pot.expected or {}).items():
                    expected[k] = expected.get(k, ZERO) + v
            groups = [(None, expected, collected,
                       any(len(pot.expected or ()) > 1 for pot in pots))]
        else:
            return {}
        lines: dict[str, int] | None = None
        accepted: dict[str, Decimal] = {}
        for name, exp, got, split in groups:
            if exp == got:
                continue  # the history pays exactly what the rules give
            found = len(self.ledger.findings)
            label = "the pots" if name is None else f"the {name} pot"
            if lines is None:
                lines = {c.player: c.line for c in h.collections}
            exp = {p: v for p, v in exp.items() if v}
            got = {p: v for p, v in got.items() if v}
            line = min((lines[p] for p in got if p in lines), default=h.source.last_line)
            if self.runs is not None and name in self.runs.shares:
                self.runs.compare(name, label, got, line)
                self._accept(accepted, label, exp, got, found)
                continue
            if set(exp) != set(got):
                self.ledger.find("winner_mismatch", line,
                                 f"{label} should go to {_amounts(exp) or 'nobody'}"
                                 f"{self.pot_award.why(exp.keys() | got.keys())}; the history "
                                 f"gives {_amounts(got) or 'nothing'}", _amounts(exp),
                                 _amounts(got))
                continue
            tolerance = self.unit if split else ZERO
            for p, v in exp.items():
                if got[p] != v and abs(got[p] - v) > tolerance:
                    self.ledger.find("amount_mismatch", lines.get(p, line),
                                     f"{p} should receive {v} from {label}; the history gives "
                                     f"{got[p]}", str(v), str(got[p]))
            self._accept(accepted, label, exp, got, found)
        return accepted

    def _accept(self, accepted: dict[str, Decimal], label: str, exp: dict[str, Decimal],
                got: dict[str, Decimal], found: int) -> None:
        """A payment that differs from the rules' without a finding (since ``found``) is the
        odd chip given otherwise: what each player got beyond the rules goes in
        ``accepted``, and a remark says so."""
        if len(self.ledger.findings) != found:
            return
        for p in [*exp, *(p for p in got if p not in exp)]:  # (in order: no set's order)
            v = got.get(p, ZERO) - exp.get(p, ZERO)
            if v:
                accepted[p] = accepted.get(p, ZERO) + v
        self.ledger.remarks.append(f"the odd chip of {label}: the rules give {_amounts(exp)}, the "
                            f"history {_amounts(got)}; one chip either way is accepted, and "
                            "the nets are the history's")
