"""Run it twice (KingsClub): after an all-in before the draw the draw is dealt twice and each
pot is split between the runs, each half awarded by that run's hands.

The history prints each drawing player's hand per run (``Show.run``; a player who stood pat
holds one hand for both) but pays the runs together, one ``wins`` line per winner and pot: the
settlement awards each run's half and compares the sum, and when it disagrees names the run
whose winners the history's payments cannot contain.

The odd chip: each pot is halved to the chip unit and run 1 takes an odd chip, the usual
practice of giving the first board the odd chip. No real hand settles it (every real run-twice
pot halves exactly: hand 3857875's 2,525 and 18,450), so a history that gives it to run 2 is
accepted too.
"""

from __future__ import annotations

from decimal import Decimal

from hhtools.auditing.results import Half
from hhtools.auditing.results import amounts_text as _amounts
from hhtools.core.cards import Card, format_cards
from hhtools.core.evaluate import Evaluation
from hhtools.core.pots import PotLayer, half_amounts

ZERO = Decimal(0)


class RunSettlement:
    """Mixed into Settlement, whose state (replay, hand, game, findings, remarks) it reads."""

    #: Per run (1, 2): each player's hand in that run and its evaluation; empty when the hand
    #: was run once.
    run_hands: dict[int, dict[str, tuple[Card, ...]]]
    run_evals: dict[int, dict[str, tuple[Evaluation, ...]]]

    def _runs(self) -> None:
        """Each run's hands: a run's own show, else the player's one hand (stood pat)."""
        h = self.hand
        self.run_hands, self.run_evals, self.run_shares = {}, {}, {}
        runs = sorted({s.run for s in h.shows if s.run is not None})
        if not runs:
            return
        runs = list(range(1, max(max(runs), 2) + 1))
        both: dict[str, tuple[Card, ...]] = {}
        own: dict[int, dict[str, tuple[Card, ...]]] = {k: {} for k in runs}
        for s in h.shows:
            if s.kind != "show" or not s.cards or len(s.cards) != self.game.hand_size:
                continue
            if s.run is None:
                both[s.player] = s.cards
            else:
                own[s.run][s.player] = s.cards
        for k in runs:
            hands = {**both, **own[k]}
            self.run_hands[k] = hands
            self.run_evals[k] = {p: self.game.evaluate(c) for p, c in hands.items()
                                 if len(set(c)) == len(c)}
            # Which run won what: each run's hands, best first (the first component's order).
            evals = self.run_evals[k]
            ranked = sorted(evals, key=lambda p: evals[p][0].rank)
            self.remarks.append(f"run {k} hands: " + " > ".join(
                f"{p} {format_cards(hands[p])} ({'; '.join(e.description for e in evals[p])})"
                for p in ranked))

    def _award_runs(self, name: str, layer: PotLayer, amount: Decimal
                    ) -> tuple[tuple[Half, ...], dict[str, Decimal] | None, str | None]:
        """Each run's half of one pot, awarded by that run's hands; the shares added up."""
        unit = self.r.unit
        parts = [p.quantize(unit) for p in
                 half_amounts(amount, len(self.run_evals), unit, "first_component")]
        halves: list[Half] = []
        total: dict[str, Decimal] = {}
        per_run = self.run_shares[name] = []
        shown = {p for hands in self.run_hands.values() for p in hands}
        for (k, evals), part in zip(self.run_evals.items(), parts):
            # A player who drew and whose hand in this run was never tabled cannot win it.
            contenders = [p for p in layer.eligible
                          if p not in self.mucked and (p in evals or p not in shown)]
            missing = [p for p in layer.eligible if p not in contenders and p not in self.mucked]
            for p in missing:
                note = (f"run {k}: {p}'s hand in this run was not shown, so it cannot win the "
                        f"{name} pot")
                if note not in self.remarks:
                    self.remarks.append(note)
            sub = PotLayer(part, tuple(contenders))
            run_halves, shares, note = self._award(name, sub, part, evals)
            if shares is None:
                return tuple(halves), None, note
            for half in run_halves:
                label = f"run {k}" if len(run_halves) == 1 else f"run {k} {half.component}"
                halves.append(Half(label, half.amount, half.winners))
            per_run.append((k, shares, evals))
            for p, v in shares.items():
                total[p] = total.get(p, ZERO) + v
        return tuple(halves), total, None

    def _compare_runs(self, name: str, label: str, got: dict[str, Decimal], line: int) -> None:
        """The history paid this pot otherwise than the runs give: the runs whose winners its
        payments contain are taken out, and each other run is named with what is left."""
        left = dict(got)
        wrong = []
        # The odd chip between the runs is no rule the histories show: either run may have it.
        slack = self.r.unit
        for k, shares, evals in self.run_shares.get(name, ()):
            if all(left.get(p, ZERO) >= v - slack for p, v in shares.items()):
                for p, v in shares.items():
                    left[p] -= v
            else:
                wrong.append((k, shares, evals))
        rest = {p: v for p, v in left.items() if v}
        for k, shares, evals in wrong:
            others = [f"run {j}" for j, _, _ in self.run_shares[name]
                      if j != k and all(j != w[0] for w in wrong)]
            beyond = f"beyond {' and '.join(others)}'s share, " if others else ""
            why = self._why(shares.keys() | rest.keys(), evals)
            kind = "amount_mismatch" if rest.keys() >= shares.keys() else "winner_mismatch"
            self._find(kind, line, f"run {k} of {label} should go to {_amounts(shares)}{why}; "
                       f"{beyond}the history gives {_amounts(rest) or 'nothing'}",
                       _amounts(shares), _amounts(rest) or "nothing")
