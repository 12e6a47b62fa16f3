"""What an audit returns: the Audit of a hand, its pots and halves, and each player's result.

Plain records with a JSON view (``as_dict``) and, for the Audit, the explanation a referee reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, get_args

from hhtools.auditing.findings import Finding
from hhtools.auditing.rules import RuleProfile
from hhtools.core.cards import Card, format_cards
from hhtools.core.evaluate import Evaluation
from hhtools.core.games import Game, get_game
from hhtools.core.records import Hand

#: What the audit says of a hand: ``ok``; ``mismatch`` (the history's result differs from the
#: rules'); ``invalid`` (a rule is broken); ``unverifiable`` (something cannot be checked).
Verdict = Literal["ok", "mismatch", "invalid", "unverifiable"]
VERDICTS: tuple[Verdict, ...] = get_args(Verdict)
#: An ``as_dict`` view, ready for ``json.dumps``.
JSONObject = dict[str, object]
_HALF_NAMES = {"badugi": "Badugi half", "badugi-ace-high": "Badugi half (ace high)",
               "2-7": "2-7 half", "a-5": "A-5 half"}


@dataclass(slots=True)
class Half:
    """One component's share of a pot (the whole pot in a single-component game)."""

    component: str
    amount: Decimal
    winners: tuple[str, ...]

    def __init__(self, component: str, amount: Decimal, winners: tuple[str, ...]) -> None:
        self.component = component
        self.amount = amount
        self.winners = winners


@dataclass(slots=True)
class PotAudit:
    """A pot as the rules build and award it, next to what the history says it paid."""

    name: str
    amount: Decimal
    rake: Decimal
    eligible: tuple[str, ...]
    halves: tuple[Half, ...]
    expected: dict[str, Decimal] | None
    recorded: dict[str, Decimal]
    note: str | None = None

    def __init__(self, name: str, amount: Decimal, rake: Decimal, eligible: tuple[str, ...],
                 halves: tuple[Half, ...], expected: dict[str, Decimal] | None,
                 recorded: dict[str, Decimal], note: str | None = None) -> None:
        self.name = name
        self.amount = amount
        self.rake = rake
        self.eligible = eligible
        self.halves = halves
        self.expected = expected
        self.recorded = recorded
        self.note = note

    def as_dict(self) -> JSONObject:
        """A JSON-ready view; amounts as exact decimal strings."""
        return {"name": self.name, "amount": str(self.amount), "rake": str(self.rake),
                "eligible": list(self.eligible),
                "halves": [{"component": h.component, "amount": str(h.amount),
                            "winners": list(h.winners)} for h in self.halves],
                "expected": None if self.expected is None else
                {p: str(v) for p, v in self.expected.items()},
                "recorded": {p: str(v) for p, v in self.recorded.items()},
                **({"note": self.note} if self.note else {})}


@dataclass(slots=True)
class PlayerAudit:
    """A player's result: ``net`` by the rules (None when it cannot be known), ``recorded_net``
    as the history implies it, and the cards and hands seen at showdown."""

    name: str
    seat: int
    net: Decimal | None
    recorded_net: Decimal
    cards: tuple[Card, ...] | None
    hands: tuple[Evaluation, ...]

    def __init__(self, name: str, seat: int, net: Decimal | None, recorded_net: Decimal,
                 cards: tuple[Card, ...] | None, hands: tuple[Evaluation, ...]) -> None:
        self.name = name
        self.seat = seat
        self.net = net
        self.recorded_net = recorded_net
        self.cards = cards
        self.hands = hands

    def as_dict(self) -> JSONObject:
        """A JSON-ready view."""
        return {"name": self.name, "seat": self.seat,
                "net": None if self.net is None else str(self.net),
                "recorded_net": str(self.recorded_net)}


@dataclass(slots=True)
class Audit:
    """The audit of one hand."""

    hand: Hand
    rules: RuleProfile
    verdict: Verdict
    findings: tuple[Finding, ...]
    pots: tuple[PotAudit, ...]
    players: tuple[PlayerAudit, ...]
    notes: tuple[str, ...]
    #: What the rules explain without a finding and without making the hand unverifiable:
    #: a card seen with two players that a reshuffle could have dealt again.
    remarks: tuple[str, ...] = ()
    #: The chips as the history records them, per player, as the settlement read them: put
    #: in (those who put some in), collected and returned uncalled (those who have any);
    #: ``records.chip_totals`` of a hand neither partial nor cancelled. None for a partial hand,
    #: which has nothing to replay. The store's rows read them rather than adding them up again.
    paid: dict[str, Decimal] | None = None
    collected: dict[str, Decimal] | None = None
    returned: dict[str, Decimal] | None = None

    def __init__(self, hand: Hand, rules: RuleProfile, verdict: Verdict,
                 findings: tuple[Finding, ...], pots: tuple[PotAudit, ...],
                 players: tuple[PlayerAudit, ...], notes: tuple[str, ...],
                 remarks: tuple[str, ...] = (), paid: dict[str, Decimal] | None = None,
                 collected: dict[str, Decimal] | None = None,
                 returned: dict[str, Decimal] | None = None) -> None:
        self.hand = hand
        self.rules = rules
        self.verdict = verdict
        self.findings = findings
        self.pots = pots
        self.players = players
        self.notes = notes
        self.remarks = remarks
        self.paid = paid
        self.collected = collected
        self.returned = returned

    def as_dict(self) -> JSONObject:
        """The object ``hhtools audit --json`` prints."""
        h = self.hand
        return {"site": h.site, "hand_id": h.hand_id, "game": h.game, "verdict": self.verdict,
                "rules": self.rules.name, "findings": [f.as_dict() for f in self.findings],
                "notes": list(self.notes), "remarks": list(self.remarks), "pots": [p.as_dict() for p in self.pots],
                "players": [p.as_dict() for p in self.players]}

    def line(self) -> str:
        """``pokerstars 49164202872 badugi ok``."""
        h = self.hand
        return f"{h.site} {h.hand_id} {h.game} {self.verdict}"

    def explanation(self) -> str:
        """What a referee reads: findings, hands, their order, pots and who gets what."""
        h = self.hand
        game = _game(h)
        out = [f"Hand {h.hand_id} ({h.site}, {game.title}, {h.structure.replace('-', ' ')}, "
               f"rules {self.rules.name}): {self.verdict}"]
        for f in self.findings:
            extra = (f" (rules: {f.expected}; history: {f.recorded})"
                     if f.expected is not None or f.recorded is not None else "")
            out.append(f"  - {f.kind}: {f.message}{extra}")
        for n in self.notes:
            out.append(f"  - note: {n}")
        for n in self.remarks:
            out.append(f"  - explained: {n}")
        shown = [p for p in self.players if p.hands]
        if shown:
            out.append("  Hands at showdown:")
            width = max(len(p.name) for p in shown)
            for p in shown:
                parts = "; ".join(f"{e.component.name}: {e.description}" for e in p.hands)
                out.append(f"    {p.name:<{width}}  {format_cards(p.cards or ())}  {parts}")
            for i, comp in enumerate(game.components):
                ranked = sorted(shown, key=lambda p: p.hands[i].rank)
                label = _HALF_NAMES.get(comp.name, comp.name) if game.split else "Order"
                order = " > ".join(f"{p.name} ({p.hands[i].description})" for p in ranked)
                out.append(f"  {label}: {order}")
                if len(ranked) > 1:
                    out.append(f"    {comp.explain(ranked[0].hands[i], ranked[1].hands[i])}")
        for pot in self.pots:
            rake = f", rake {pot.rake}" if pot.rake else ""
            out.append(f"  {pot.name} pot {pot.amount}{rake}; eligible: {', '.join(pot.eligible)}")
            for half in pot.halves:
                label = (_HALF_NAMES.get(half.component, half.component) if game.split
                         else "pot")
                if half.component.startswith("run "):
                    label = half.component  # a hand run twice: each run's half
                out.append(f"    {label} {half.amount}: {', '.join(half.winners) or 'nobody'}")
            if pot.note:
                out.append(f"    {pot.note}")
            if pot.expected is not None:
                out.append("    rules give: " + amounts_text(pot.expected))
            out.append("    history says: " + (amounts_text(pot.recorded) or "nothing"))
        return "\n".join(out)


def _game(hand: Hand) -> Game:
    return get_game(hand.game)


def amounts_text(values: dict[str, Decimal]) -> str:
    """``Alice 1.50, Bob 0.75``."""
    return ", ".join(f"{p} {v}" for p, v in values.items())

