"""The pots part of a settlement: pots built from what each player put in, raked, awarded (each
half of a split pot among that pot's own players) and compared with what the history paid."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from hhtools.auditing.findings import RULE_KINDS
from hhtools.auditing.results import Half, PotAudit
from hhtools.auditing.results import amounts_text as _amounts
from hhtools.core.evaluate import Evaluation
from hhtools.core.pots import PotLayer, allocate_rake, award, layer_pots, pot_halves

ZERO = Decimal(0)
_RULE_KINDS = frozenset(RULE_KINDS)


class PotSettlement:
    """Mixed into Settlement, whose state (replay, hand, game, findings) it reads."""

    def _pots(self, contributions: dict[str, Decimal], evals: dict[str, tuple[Evaluation, ...]],
              collected: dict[str, Decimal]) -> tuple[list[PotAudit], dict[str, Decimal] | None]:
        """Build, rake and award every pot; compare each with what the history paid."""
        h, r = self.hand, self.r
        folded = r.folded
        # r.live, without the property's call; a loop costs less than a comprehension's frame
        # for a table's few players.
        live = []
        for p in r.order:
            if p not in folded:
                live.append(p)
        layers = layer_pots(contributions, r.dead, live)
        summary = h.summary
        rake = summary.rake or ZERO
        printed = [p.amount for p in summary.pots] if summary.pots else None
        amounts = [layers[0].amount] if len(layers) == 1 else [p.amount for p in layers]
        if printed is None and not rake:
            rakes = [ZERO] * len(amounts)  # allocate_rake's answer without a rake to share
        else:
            rakes = allocate_rake(amounts, rake, r.unit, printed)
        recorded: dict[str, dict[str, Decimal]] = {}
        for c in h.collections:
            pot = recorded.get(c.pot)
            if pot is None:
                pot = recorded[c.pot] = {}
            pot[c.player] = pot.get(c.player, ZERO) + c.amount
        pots: list[PotAudit] = []
        total: dict[str, Decimal] | None = {}
        for i, (layer, taken) in enumerate(zip(layers, rakes)):
            name = "main" if i == 0 else PotLayer.name(i)
            if self.run_evals:  # run it twice (hhtools.auditing.settlement.runs)
                halves, shares, note = self._award_runs(name, layer, layer.amount - taken)
            else:
                halves, shares, note = self._award(name, layer, layer.amount - taken, evals)
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
            self._find("amount_mismatch", h.source.last_line,
                       f"the summary's total pot is {summary.total_pot}; the bets make "
                       f"{total_pot}", str(total_pot), str(summary.total_pot))
        return pots, total

    def _award(self, name: str, layer: PotLayer, amount: Decimal,
               evals: dict[str, tuple[Evaluation, ...]]
               ) -> tuple[tuple[Half, ...], dict[str, Decimal] | None, str | None]:
        components = self.game.components
        mucked = self.mucked
        contenders = []
        if mucked:  # (a loop, cheaper than a comprehension's frame for a few players)
            for p in layer.eligible:
                if p not in mucked:
                    contenders.append(p)
        if not contenders:
            contenders = list(layer.eligible)
        if not contenders:
            # Nobody seated is left in the hand (the replay has said why): no owner to check.
            note = f"nobody seated is left in the hand to win the {name} pot"
            self.notes.append(note)
            if not any(f.kind in _RULE_KINDS for f in self.findings):
                self._find("out_of_turn", self.hand.source.last_line,
                           f"nobody seated is left in the hand to win the {name} pot of "
                           f"{layer.amount}")
            return (), None, note
        if len(contenders) > 1:
            unknown = []  # (a loop costs less than a comprehension's frame)
            for p in contenders:
                if p not in evals:
                    unknown.append(p)
            if unknown:
                note = (f"the {name} pot is contested by {', '.join(contenders)} but "
                        f"{', '.join(unknown)} never showed cards, so its winner cannot be "
                        "checked")
                self.notes.append(note)
                return (), None, note
        if len(contenders) == 1:
            # The last live hand wins without showing [LA 139].
            winners = [contenders] * len(components)
        else:
            winners = []
            for i in range(len(components)):
                # The contenders holding the lowest rank, in the contenders' order.
                best, top = None, []
                for p in contenders:
                    rank = evals[p][i].rank
                    if best is None or rank < best:
                        best, top = rank, [p]
                    elif rank == best:
                        top.append(p)
                winners.append(top)
        rules, unit = self.r.rules, self.r.unit
        shares = award(amount, winners, self.r.from_button, unit, rules.split_odd_chip,
                       rules.remainder_mode)
        if len(components) == 1:
            return (Half(components[0].name, amount, tuple(winners[0])),), shares, None
        parts = pot_halves(amount, winners, self.r.from_button, unit, rules.split_odd_chip)
        halves = tuple(Half(c.name, part, tuple(w))
                       for c, w, part in zip(components, winners, parts))
        return halves, shares, None

    def _compare(self, pots: list[PotAudit], recorded: dict[str, dict[str, Decimal]],
                 collected: dict[str, Decimal]) -> dict[str, Decimal]:
        """Per pot when the history names the same pots, otherwise over the whole hand.
        Returns, per player, what the history pays beyond the rules' award where the
        difference is accepted (an odd chip either way)."""
        h = self.hand
        if recorded.keys() <= {p.name for p in pots}:
            # Pot by pot; a pot that cannot be checked does not stop the others.
            groups = [(p.name, p.expected, recorded.get(p.name, {}), len(p.expected) > 1)
                      for p in pots if p.expected is not None]
        elif all(p.expected is not None for p in pots):
            expected: dict[str, Decimal] = {}
            for p in pots:
                for k, v in (p.expected or {}).items():
                    expected[k] = expected.get(k, ZERO) + v
            groups = [(None, expected, collected, any(len(p.expected or ()) > 1 for p in pots))]
        else:
            return {}
        lines = None
        accepted: dict[str, Decimal] = {}
        for name, exp, got, split in groups:
            if exp == got:
                continue  # the history pays exactly what the rules give
            found = len(self.findings)
            label = "the pots" if name is None else f"the {name} pot"
            if lines is None:
                lines = {c.player: c.line for c in h.collections}
            exp = {p: v for p, v in exp.items() if v}
            got = {p: v for p, v in got.items() if v}
            line = min((lines[p] for p in got if p in lines), default=h.source.last_line)
            if name in self.run_shares:
                self._compare_runs(name, label, got, line)
                self._accept(accepted, label, exp, got, found)
                continue
            if set(exp) != set(got):
                self._find("winner_mismatch", line,
                           f"{label} should go to {_amounts(exp) or 'nobody'}"
                           f"{self._why(exp.keys() | got.keys())}; the history gives "
                           f"{_amounts(got) or 'nothing'}", _amounts(exp), _amounts(got))
                continue
            tolerance = self.r.unit if split else ZERO
            for p, v in exp.items():
                if got[p] != v and abs(got[p] - v) > tolerance:
                    self._find("amount_mismatch", lines.get(p, line),
                               f"{p} should receive {v} from {label}; the history gives "
                               f"{got[p]}", str(v), str(got[p]))
            self._accept(accepted, label, exp, got, found)
        return accepted

    def _accept(self, accepted: dict[str, Decimal], label: str, exp: dict[str, Decimal],
                got: dict[str, Decimal], found: int) -> None:
        """A payment that differs from the rules' without a finding (since ``found``) is the
        odd chip given otherwise: what each player got beyond the rules goes in
        ``accepted``, and a remark says so."""
        if len(self.findings) != found:
            return
        for p in [*exp, *(p for p in got if p not in exp)]:  # (in order: no set's order)
            v = got.get(p, ZERO) - exp.get(p, ZERO)
            if v:
                accepted[p] = accepted.get(p, ZERO) + v
        self.remarks.append(f"the odd chip of {label}: the rules give {_amounts(exp)}, the "
                            f"history {_amounts(got)}; one chip either way is accepted, and "
                            "the nets are the history's")

    def _why(self, players: Iterable[str],
             evals: dict[str, tuple[Evaluation, ...]] | None = None) -> str:
        """`` (A: A's X beats B's Y)`` for each component, between the two best shown hands;
        tied hands are named in seat order (never in a set's order, which changes from run to
        run)."""
        index = self.r.index
        if evals is None:
            evals = self.evals
        shown = sorted((p for p in players if p in evals),
                       key=lambda p: (index.get(p, len(index)), p))
        if len(shown) < 2:
            return ""
        parts = []
        for i, comp in enumerate(self.game.components):
            ranked = sorted(shown, key=lambda p: evals[p][i].rank)  # stable: seat order
            a, b = ranked[0], ranked[1]
            ea, eb = evals[a][i], evals[b][i]
            who = f"{a} and {b}" if ea.rank == eb.rank else a
            parts.append(f"{who}: {comp.explain(ea, eb)}")
        return " (" + "; ".join(parts) + ")"
