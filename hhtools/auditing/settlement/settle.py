"""The settlement of a replayed hand: uncalled bets, each player's net by the rules against the
net the history implies, and the verdict. Its parts, each a class with its own state, all
writing into one ledger (hhtools.auditing.settlement.ledger): the showdown
(hhtools.auditing.settlement.showdown), the award of one pot (award), the runs of a hand run
twice (runs) and the pots (pots)."""

from __future__ import annotations

from decimal import Decimal
from operator import attrgetter
from typing import Final

from hhtools.auditing.replay.engine import Replay
from hhtools.auditing.results import Audit, PlayerAudit, PotAudit, Verdict
from hhtools.auditing.results import amounts_text as _amounts
from hhtools.auditing.settlement.award import PotAward
from hhtools.auditing.settlement.ledger import Ledger
from hhtools.auditing.settlement.pots import Pots
from hhtools.auditing.settlement.runs import Runs
from hhtools.auditing.settlement.showdown import Showdown
from hhtools.core.pots import uncalled_bet

ZERO: Final = Decimal(0)
_LINE: Final = attrgetter("line")


class Settlement:
    """Pots, showdown and the comparison with the history, after the replay."""

    __slots__ = ("hand", "ledger", "rules", "showdown", "table", "unit")

    def __init__(self, replay: Replay) -> None:
        h = self.hand = replay.hand
        self.rules = replay.rules
        self.unit = replay.unit
        table = self.table = replay.table
        self.ledger = Ledger(list(replay.findings))
        self.showdown = Showdown(h, replay.game, replay.rules, len(table.order), self.ledger)

    def audit(self) -> Audit:
        """The audit of the replayed hand."""
        h, ledger, t = self.hand, self.ledger, self.table
        if h.partial:
            # Only the summary was saved: no stacks, no actions, nothing the rules can check.
            ledger.notes.append("only the summary of this hand was saved (partial history): "
                                "nothing to replay")
            return Audit(h, self.rules, "unverifiable", (), (), (), tuple(ledger.notes), ())
        paid = t.paid_in()  # those who put chips in
        # Each player's total of the history's uncalled bets, and below of its collections.
        recorded_returned: dict[str, Decimal] = {}
        for u in h.uncalled:
            recorded_returned[u.player] = recorded_returned.get(u.player, ZERO) + u.amount
        returned = self._uncalled(paid, recorded_returned)
        contributions = paid
        if returned:
            contributions = dict(paid)
            for p, v in returned.items():
                contributions[p] = paid[p] - v
        collected: dict[str, Decimal] = {}
        for c in h.collections:
            collected[c.player] = collected.get(c.player, ZERO) + c.amount
        if h.cancelled:
            pots: list[PotAudit] = []
            won: dict[str, Decimal] | None = dict(contributions)
        else:
            showdown = self.showdown
            evals = showdown.score()
            game = showdown.game
            award = PotAward(game, self.rules, self.unit, t.from_button, t.index,
                             h.source.last_line, showdown, ledger)
            # The runs' part only for a hand run twice, told by its shows (most hands have
            # none, and a hand run once has no run on any show).
            runs: Runs | None = None
            for show in h.shows:
                if show.run is not None:
                    runs = Runs(h, game, self.unit, showdown, award, ledger)
                    runs.deal()
                    break
            showdown.descriptions()
            pots, won = Pots(h, t, self.unit, award, runs, ledger).settle(contributions, evals,
                                                                         collected)
        summary_nets = self._summary(paid, collected, recorded_returned)
        players: list[PlayerAudit] = []
        shown, scored = self.showdown.cards, self.showdown.evals
        # Each term looked up once, and not at all in an empty dict (most hands return
        # nothing, and most players show nothing): none of these dicts holds None.
        for s in h.seats:
            p = s.name
            put = paid.get(p)
            # By the rules: what the pots give (None when one cannot be checked) and the
            # uncalled bet back, less what went in.
            # (Where a term is 0 it is left out: adding 0 changes neither the value nor the
            # digits of an amount read from a history, and costs a Decimal operation.)
            # (And 0 - 0 is the 0 of one who put nothing in: ``put`` is then ZERO itself.)
            # (A player who gets nothing back by either count loses what went in: that loss is
            # worked out once and is both nets, the same value and digits.)
            loss: Decimal | None = None
            if won is None:
                net = None
            else:
                got = won.get(p)
                back = returned.get(p) if returned else None
                if got is not None or back is not None:
                    net = _plus(got, back) - (ZERO if put is None else put)
                else:
                    net = loss = ZERO if put is None else ZERO - put
            # By the history: its printed net (KingsClub), else its collections and uncalled
            # bets less what went in (every chip back in a cancelled hand).
            recorded_net = summary_nets.get(p) if summary_nets else None
            if recorded_net is None:
                if h.cancelled:
                    recorded_net = ZERO
                else:
                    got = collected.get(p) if collected else None
                    back = recorded_returned.get(p) if recorded_returned else None
                    if got is not None or back is not None:
                        recorded_net = _plus(got, back) - (ZERO if put is None else put)
                    elif loss is not None:
                        recorded_net = loss
                    else:
                        recorded_net = ZERO if put is None else ZERO - put
            players.append(PlayerAudit(p, s.seat, net, recorded_net,
                                       shown.get(p) if shown else None,
                                       (scored.get(p) or ()) if scored else ()))
        findings = ledger.findings
        verdict: Verdict
        if not findings:
            verdict = "unverifiable" if ledger.notes else "ok"
        else:
            verdict = "invalid" if ledger.rule_broken() else "mismatch"
            findings.sort(key=_LINE)
        return Audit(h, self.rules, verdict, tuple(findings), tuple(pots), tuple(players),
                     tuple(ledger.notes), tuple(ledger.remarks), paid, collected,
                     recorded_returned)

    def _uncalled(self, paid: dict[str, Decimal], recorded: dict[str, Decimal]
                  ) -> dict[str, Decimal]:
        """The bet returned by the rules, checked against the history's uncalled-bet lines."""
        h = self.hand
        if h.cancelled:
            return {}
        dead = self.table.dead
        expected = uncalled_bet({p: v - dead.get(p, ZERO) for p, v in paid.items()}
                                if dead else paid)
        rules = {expected[0]: expected[1]} if expected else {}
        if rules != recorded:
            line = (h.uncalled[0].line if h.uncalled else
                    max((a.line for a in h.actions if a.amount), default=h.source.first_line))
            self.ledger.find("amount_mismatch", line,
                             f"the uncalled bet returned should be "
                             f"{_amounts(rules) or 'nothing'}, the history returns "
                             f"{_amounts(recorded) or 'nothing'}", _amounts(rules) or "nothing",
                             _amounts(recorded) or "nothing")
        return rules

    def _summary(self, paid: dict[str, Decimal], collected: dict[str, Decimal],
                 returned: dict[str, Decimal]) -> dict[str, Decimal]:
        """The summary must agree with the collection lines: winnings, nets, final stacks.
        Returns the nets the summary prints (KingsClub's), the first for each player."""
        h, find = self.hand, self.ledger.find
        start: dict[str, Decimal] | None = None
        nets: dict[str, Decimal] = {}
        for s in h.summary.seats:
            if s.won is None and s.net is None:
                continue  # nothing to check: PokerStars' folded and mucked lines
            p = s.player
            got = collected.get(p, ZERO)
            if s.won is not None and s.won != got:
                find("amount_mismatch", s.line, f"the summary says {p} won {s.won}; the "
                     f"collection lines give {got}", str(got), str(s.won))
            if s.net is None:
                continue
            if p not in nets:
                nets[p] = s.net
            implied = got + returned.get(p, ZERO) - paid.get(p, ZERO)
            if s.net != implied and not h.cancelled:
                find("amount_mismatch", s.line, f"the summary gives {p} a net of "
                     f"{s.net}; bets and winnings make {implied}", str(implied), str(s.net))
                continue
            if s.stack_after is None:
                continue
            if start is None:
                start = {seat.name: seat.stack for seat in h.seats}
            if start.get(p, ZERO) + s.net != s.stack_after:
                find("amount_mismatch", s.line, f"{p} ends with {s.stack_after}, but "
                     f"{start.get(p, ZERO)} and a net of {s.net} make "
                     f"{start.get(p, ZERO) + s.net}", str(start.get(p, ZERO) + s.net),
                     str(s.stack_after))
        return nets


def _plus(a: Decimal | None, b: Decimal | None) -> Decimal:
    """``a + b``, a missing term 0: with one of them missing, the other as it is."""
    if a is None:
        return ZERO if b is None else b
    return a if b is None else a + b
