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
from typing import Final

from hhtools.auditing.findings import ResultKind
from hhtools.auditing.results import Half
from hhtools.auditing.results import amounts_text as _amounts
from hhtools.auditing.settlement.award import Awarded, PotAward
from hhtools.auditing.settlement.ledger import Ledger
from hhtools.auditing.settlement.showdown import Showdown
from hhtools.core.cards import Card, format_cards
from hhtools.core.evaluate import Evaluation
from hhtools.core.games import Game
from hhtools.core.pots import PotLayer, half_amounts
from hhtools.core.records import Hand

ZERO: Final = Decimal(0)
#: One run's award of a pot: the run, what each winner gets, the hands it was awarded by.
RunShare = tuple[int, dict[str, Decimal], dict[str, tuple[Evaluation, ...]]]


class Runs:
    """The runs of a hand run twice: each run's hands, and each pot's award per run."""

    __slots__ = ("evals", "game", "hand", "hands", "ledger", "pot_award", "shares",
                 "showdown", "unit")

    def __init__(self, hand: Hand, game: Game, unit: Decimal, showdown: Showdown,
                 pot_award: PotAward, ledger: Ledger) -> None:
        self.hand = hand
        self.game = game
        self.unit = unit
        self.showdown = showdown
        self.pot_award = pot_award
        self.ledger = ledger
        #: Per run (1, 2): each player's hand in that run and its evaluation; empty when the
        #: hand was run once.
        self.hands: dict[int, dict[str, tuple[Card, ...]]] = {}
        self.evals: dict[int, dict[str, tuple[Evaluation, ...]]] = {}
        #: Per pot, each run's award of it.
        self.shares: dict[str, list[RunShare]] = {}

    def deal(self) -> None:
        """Each run's hands: a run's own show, else the player's one hand (stood pat)."""
        h = self.hand
        shown_runs = sorted({s.run for s in h.shows if s.run is not None})
        if not shown_runs:
            return
        runs = list(range(1, max(max(shown_runs), 2) + 1))
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
            self.hands[k] = hands
            evals = self.evals[k] = {p: self.game.evaluate(c) for p, c in hands.items()
                                     if len(set(c)) == len(c)}
            # Which run won what: each run's hands, best first (the first component's order).
            ranked = sorted(evals, key=lambda p: evals[p][0].rank)
            self.ledger.remarks.append(f"run {k} hands: " + " > ".join(
                f"{p} {format_cards(hands[p])} ({'; '.join(e.description for e in evals[p])})"
                for p in ranked))

    def award(self, name: str, layer: PotLayer, amount: Decimal) -> Awarded:
        """Each run's half of one pot, awarded by that run's hands; the shares added up."""
        unit = self.unit
        parts = [p.quantize(unit) for p in
                 half_amounts(amount, len(self.evals), unit, "first_component")]
        halves: list[Half] = []
        total: dict[str, Decimal] = {}
        per_run: list[RunShare] = []
        self.shares[name] = per_run
        shown = {p for hands in self.hands.values() for p in hands}
        mucked, remarks = self.showdown.mucked, self.ledger.remarks
        for (k, evals), part in zip(self.evals.items(), parts):
            # A player who drew and whose hand in this run was never tabled cannot win it.
            contenders = [p for p in layer.eligible
                          if p not in mucked and (p in evals or p not in shown)]
            missing = [p for p in layer.eligible if p not in contenders and p not in mucked]
            for p in missing:
                remark = (f"run {k}: {p}'s hand in this run was not shown, so it cannot win "
                          f"the {name} pot")
                if remark not in remarks:
                    remarks.append(remark)
            sub = PotLayer(part, tuple(contenders))
            run_halves, shares, note = self.pot_award.award(name, sub, part, evals)
            if shares is None:
                return tuple(halves), None, note
            for half in run_halves:
                label = f"run {k}" if len(run_halves) == 1 else f"run {k} {half.component}"
                halves.append(Half(label, half.amount, half.winners))
            per_run.append((k, shares, evals))
            for p, v in shares.items():
                total[p] = total.get(p, ZERO) + v
        return tuple(halves), total, None

    def compare(self, name: str, label: str, got: dict[str, Decimal], line: int) -> None:
        """The history paid this pot otherwise than the runs give: the runs whose winners its
        payments contain are taken out, and each other run is named with what is left."""
        left = dict(got)
        wrong: list[RunShare] = []
        # The odd chip between the runs is no rule the histories show: either run may have it.
        slack = self.unit
        for k, shares, evals in self.shares.get(name, ()):
            if all(left.get(p, ZERO) >= v - slack for p, v in shares.items()):
                for p, v in shares.items():
                    left[p] -= v
            else:
                wrong.append((k, shares, evals))
        rest = {p: v for p, v in left.items() if v}
        for k, shares, evals in wrong:
            others = [f"run {j}" for j, _, _ in self.shares[name]
                      if j != k and all(j != w[0] for w in wrong)]
            beyond = f"beyond {' and '.join(others)}'s share, " if others else ""
            why = self.pot_award.why(shares.keys() | rest.keys(), evals)
            kind: ResultKind = "amount_mismatch" if rest.keys() >= shares.keys() else "winner_mismatch"
            self.ledger.find(kind, line, f"run {k} of {label} should go to "
                             f"{_amounts(shares)}{why}; {beyond}the history gives "
                             f"{_amounts(rest) or 'nothing'}", _amounts(shares),
                             _amounts(rest) or "nothing")
