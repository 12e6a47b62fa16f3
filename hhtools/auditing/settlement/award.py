"""Who wins one pot: its contenders' hands compared component by component, each half (each
run's share, in a hand run twice) awarded by the profile's odd-chip rules; and, when the
history pays otherwise, why the rules' winner wins, in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from hhtools.auditing.results import Half
from hhtools.auditing.rules import RuleProfile
from hhtools.auditing.settlement.ledger import Ledger
from hhtools.auditing.settlement.showdown import Showdown
from hhtools.core.evaluate import Evaluation
from hhtools.core.games import Game
from hhtools.core.pots import PotLayer, award, pot_halves

#: A pot awarded: its halves, what each winner gets (None when it cannot be checked), and the
#: note that says why not.
Awarded = tuple[tuple[Half, ...], dict[str, Decimal] | None, str | None]


class PotAward:
    """Awards pots by the hands the showdown scored (or those of one run)."""

    __slots__ = ("from_button", "game", "index", "last_line", "ledger", "rules", "showdown",
                 "unit")

    def __init__(self, game: Game, rules: RuleProfile, unit: Decimal, from_button: Sequence[str],
                 index: dict[str, int], last_line: int, showdown: Showdown,
                 ledger: Ledger) -> None:
        self.game = game
        self.rules = rules
        self.unit = unit
        #: The odd chips' order, clockwise from the button.
        self.from_button = from_button
        #: Each player's place in the seat order, for naming tied hands in a fixed order.
        self.index = index
        #: The history's last line, cited when no line of its own says who won.
        self.last_line = last_line
        self.showdown = showdown
        self.ledger = ledger

    def award(self, name: str, layer: PotLayer, amount: Decimal,
              evals: dict[str, tuple[Evaluation, ...]]) -> Awarded:
        """The ``name`` pot of ``amount`` (after rake) awarded among ``layer``'s players by
        ``evals``."""
        components = self.game.components
        mucked = self.showdown.mucked
        contenders = [p for p in layer.eligible if p not in mucked]
        if not contenders:
            contenders = list(layer.eligible)
        if not contenders:
            # Nobody seated is left in the hand (the replay has said why): no owner to check.
            note = f"nobody seated is left in the hand to win the {name} pot"
            self.ledger.notes.append(note)
            if not self.ledger.rule_broken():
                self.ledger.find("out_of_turn", self.last_line,
                                 f"nobody seated is left in the hand to win the {name} pot of "
                                 f"{layer.amount}")
            return (), None, note
        if len(contenders) > 1:
            unknown = [p for p in contenders if p not in evals]
            if unknown:
                note = (f"the {name} pot is contested by {', '.join(contenders)} but "
                        f"{', '.join(unknown)} never showed cards, so its winner cannot be "
                        "checked")
                self.ledger.notes.append(note)
                return (), None, note
        winners: list[list[str]]
        if len(contenders) == 1:
            # The last live hand wins without showing [LA 139].
            winners = [contenders] * len(components)
        else:
            winners = []
            for i in range(len(components)):
                # The contenders holding the lowest rank, in the contenders' order.
                best: int | None = None
                top: list[str] = []
                for p in contenders:
                    rank = evals[p][i].rank
                    if best is None or rank < best:
                        best, top = rank, [p]
                    elif rank == best:
                        top.append(p)
                winners.append(top)
        rules, unit = self.rules, self.unit
        shares = award(amount, winners, self.from_button, unit, rules.split_odd_chip,
                       rules.remainder_mode)
        if len(components) == 1:
            return (Half(components[0].name, amount, tuple(winners[0])),), shares, None
        parts = pot_halves(amount, winners, self.from_button, unit, rules.split_odd_chip)
        halves = tuple(Half(c.name, part, tuple(w))
                       for c, w, part in zip(components, winners, parts))
        return halves, shares, None

    def why(self, players: Iterable[str],
            evals: dict[str, tuple[Evaluation, ...]] | None = None) -> str:
        """`` (A: A's X beats B's Y)`` for each component, between the two best shown hands
        (by ``evals``, else the showdown's); tied hands are named in seat order (never in a
        set's order, which changes from run to run)."""
        index = self.index
        if evals is None:
            evals = self.showdown.evals
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
