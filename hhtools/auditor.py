"""Audit a hand: replay it, rebuild the pots, re-evaluate the showdown, compare with the history.

``audit(hand)`` returns an Audit: a verdict (``ok``, ``mismatch``, ``invalid``,
``unverifiable``), findings whose kind is one of ``hhtools.replay.KINDS``, every pot and half
with its eligible players and who should receive what, and each player's net by the rules
against the net the history implies. It never raises on a bad hand; everything is data.

The module is not called ``audit`` on purpose: importing a submodule sets it as an attribute
of the package, which would replace the function ``hhtools.audit`` by the module.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from operator import itemgetter

from hhtools.cards import Card, format_cards
from hhtools.describe import STYLES, matches
from hhtools.evaluate import Evaluation
from hhtools.pots import (PotLayer, allocate_rake, award, build_pots, half_amounts,
                          sole_winner, uncalled_bet)
from hhtools.errors import HHToolsError
from hhtools.records import Hand, HandError, record_maker
from hhtools.replay import RULE_KINDS, Finding, Replay
from hhtools.rules import RuleProfile, get_profile

ZERO = Decimal(0)
_RULE_KINDS = frozenset(RULE_KINDS)
#: The amount of a (player, amount) item: true for the players who put chips in.
_AMOUNT = itemgetter(1)
VERDICTS = ("ok", "mismatch", "invalid", "unverifiable")
_HALF_NAMES = {"badugi": "Badugi half", "badugi-ace-high": "Badugi half (ace high)",
               "2-7": "2-7 half", "a-5": "A-5 half"}


@dataclass(frozen=True, slots=True)
class Half:
    """One component's share of a pot (the whole pot in a single-component game)."""

    component: str
    amount: Decimal
    winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
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

    def as_dict(self) -> dict:
        """A JSON-ready view; amounts as exact decimal strings."""
        return {"name": self.name, "amount": str(self.amount), "rake": str(self.rake),
                "eligible": list(self.eligible),
                "halves": [{"component": h.component, "amount": str(h.amount),
                            "winners": list(h.winners)} for h in self.halves],
                "expected": None if self.expected is None else
                {p: str(v) for p, v in self.expected.items()},
                "recorded": {p: str(v) for p, v in self.recorded.items()},
                **({"note": self.note} if self.note else {})}


@dataclass(frozen=True, slots=True)
class PlayerAudit:
    """A player's result: ``net`` by the rules (None when it cannot be known), ``recorded_net``
    as the history implies it, and the cards and hands seen at showdown."""

    name: str
    seat: int
    net: Decimal | None
    recorded_net: Decimal
    cards: tuple[Card, ...] | None
    hands: tuple[Evaluation, ...]

    def as_dict(self) -> dict:
        """A JSON-ready view."""
        return {"name": self.name, "seat": self.seat,
                "net": None if self.net is None else str(self.net),
                "recorded_net": str(self.recorded_net)}


_player_audit = record_maker(PlayerAudit)
#: The plain class _player_audit fills before the object becomes a PlayerAudit (records.
#: record_maker): the settlement fills one per seat itself.
_PlainPlayerAudit = _player_audit.plain
_pot_audit = record_maker(PotAudit)
_half = record_maker(Half)


@dataclass(frozen=True, slots=True)
class Audit:
    """The audit of one hand."""

    hand: Hand
    rules: RuleProfile
    verdict: str
    findings: tuple[Finding, ...]
    pots: tuple[PotAudit, ...]
    players: tuple[PlayerAudit, ...]
    notes: tuple[str, ...]

    def as_dict(self) -> dict:
        """The object ``hhtools audit --json`` prints."""
        h = self.hand
        return {"site": h.site, "hand_id": h.hand_id, "game": h.game, "verdict": self.verdict,
                "rules": self.rules.name, "findings": [f.as_dict() for f in self.findings],
                "notes": list(self.notes), "pots": [p.as_dict() for p in self.pots],
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
                label = _HALF_NAMES.get(half.component, half.component) if game.split else "pot"
                out.append(f"    {label} {half.amount}: {', '.join(half.winners) or 'nobody'}")
            if pot.note:
                out.append(f"    {pot.note}")
            if pot.expected is not None:
                out.append("    rules give: " + _amounts(pot.expected))
            out.append("    history says: " + (_amounts(pot.recorded) or "nothing"))
        return "\n".join(out)


_audit = record_maker(Audit)


def audit(hand: Hand, rules: RuleProfile | str | None = None) -> Audit:
    """Audit one hand under ``rules`` (a profile or its name; default: the site's profile)."""
    replay = Replay(hand, rules).run()
    return _Settlement(replay).audit()


def audit_or_error(hand: Hand, rules: RuleProfile | None = None) -> Audit | HandError:
    """``audit(hand, rules)``, or the HandError of a hand the auditor failed on: a bug in
    hhtools then costs that hand only, never the rest of an import or an audit."""
    try:
        return audit(hand, rules)
    except Exception as e:  # noqa: BLE001 - see the docstring; tests assert it never happens
        return HandError(hand.source.path, hand.source.first_line, 1, hand.hand_id, hand.site,
                         (), None, f"internal error while auditing this hand "
                         f"({type(e).__name__}: {e}); please report it")


def explain(hand: Hand, rules: RuleProfile | str | None = None) -> str:
    """The replay step by step: after each action the stacks, the pot, who is next and what
    they may do; then the audit's explanation."""
    replay = Replay(hand, rules, trace=True).run()
    result = _Settlement(replay).audit()
    players = replay.order
    out = [f"Hand {hand.hand_id} ({hand.site}, {_game(hand).title}), rules {replay.rules.name}",
           "Seats: " + ", ".join(f"{p} (seat {replay.seat_of[p]}, {s.stack})"
                                 for s in hand.seats for p in [s.name] if p in replay.index),
           f"Button: seat {hand.button_seat}"]
    street = None
    for a, step in zip(hand.actions, replay.steps):
        if a.street != street:
            street = a.street
            out.append(f"*** {street} ***")
        stacks = ", ".join(f"{p} {step.stacks.get(p, ZERO)}" for p in players)
        nxt = f"next: {step.next_player} ({step.options})" if step.next_player else step.options
        out.append(f"line {step.line}: {step.text}. Pot {step.pot}. Stacks: {stacks}. {nxt}")
    out.append(result.explanation())
    return "\n".join(out)


def audit_paths(paths: Iterable[str], rules: RuleProfile | str | None = None,
                site: str = "auto") -> Iterator[Audit | HandError]:
    """Audit every hand in history files or directories, in order; hands that could not be
    read come through as their HandError."""
    from hhtools.parsing import parse_paths

    if rules is not None:
        rules = get_profile(rules)  # an unknown profile fails before any file is read
    for result in parse_paths(paths, site):
        for hand in result.hands:
            yield audit_or_error(hand, rules)
        yield from result.errors


def find_hand(paths: Iterable[str], hand_id: str, site: str = "auto") -> Hand:
    """The hand called ``hand_id`` in history files or directories."""
    from hhtools.parsing import parse_paths

    for result in parse_paths(paths, site):
        for hand in result.hands:
            if hand.hand_id == hand_id.lstrip("#"):
                return hand
        for error in result.errors:
            if error.hand_id == hand_id.lstrip("#"):
                raise HHToolsError(f"hand {hand_id} could not be read: {error.message}")
    raise HHToolsError(f"hand {hand_id} is not in {', '.join(map(str, paths))}")


def unparsed_json(error: HandError) -> dict:
    """The ``--json`` object of a hand that could not be read."""
    return {"site": error.site, "hand_id": error.hand_id, "game": None,
            "verdict": "unparsed", "error": error.message, "path": error.path,
            "line": error.line}


def _game(hand: Hand):
    from hhtools.games import get_game
    return get_game(hand.game)


def _amounts(values: dict[str, Decimal]) -> str:
    return ", ".join(f"{p} {v}" for p, v in values.items())


class _Settlement:
    """Pots, showdown and the comparison with the history, after the replay."""

    def __init__(self, replay: Replay):
        self.r = replay
        self.hand = replay.hand
        self.game = replay.game
        self.findings = list(replay.findings)
        self.notes: list[str] = []
        self.cards: dict[str, tuple[Card, ...]] = {}
        self.evals: dict[str, tuple[Evaluation, ...]] = {}
        self.mucked: set[str] = set()

    def audit(self) -> Audit:
        h = self.hand
        if h.partial:
            # Only the summary was saved: no stacks, no actions, nothing the rules can check.
            self.notes.append("only the summary of this hand was saved (partial history): "
                              "nothing to replay")
            return _audit(h, self.r.rules, "unverifiable", (), (), (), tuple(self.notes))
        paid = dict(filter(_AMOUNT, self.r.paid.items()))  # those who put chips in
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
            evals = self._showdown()
            self._descriptions(evals)
            pots, won = self._pots(contributions, evals, collected)
        summary_nets = self._summary(paid, collected, recorded_returned)
        players: list[PlayerAudit] = []
        add = players.append
        cards, evals, cancelled = self.cards, self.evals, h.cancelled
        # Most players neither win nor get chips back, and then both nets below come to
        # ZERO - put (or ZERO): the players who may differ are found once, so that every
        # other seat skips the reckoning (about 25 bytecodes a seat).
        special = (None if won is None or cancelled or summary_nets else
                   {*won, *returned, *collected, *recorded_returned})
        for s in h.seats:
            p = s.name
            put = paid.get(p)
            if special is not None and p not in special:
                net = recorded_net = ZERO if put is None else ZERO - put
            else:
                # ZERO + ZERO - put is ZERO - put: most players neither win nor get chips back;
                # and ZERO - ZERO is ZERO for those who put nothing in.
                if put is None:
                    put = lost = ZERO
                else:
                    lost = ZERO - put
                if won is None:
                    net = None
                elif p in won or p in returned:
                    net = won.get(p, ZERO) + returned.get(p, ZERO) - put
                else:
                    net = lost
                recorded_net = summary_nets.get(p) if summary_nets else None
                if recorded_net is None:
                    if cancelled:
                        recorded_net = ZERO
                    elif p in collected or p in recorded_returned:
                        recorded_net = (collected.get(p, ZERO) + recorded_returned.get(p, ZERO)
                                        - put)
                    else:
                        recorded_net = lost
            # _player_audit(...) filled in place, without the call: a record per seat.
            record = _PlainPlayerAudit()
            record.name = p
            record.seat = s.seat
            record.net = net
            record.recorded_net = recorded_net
            record.cards = cards.get(p)
            record.hands = evals.get(p, ())
            record.__class__ = PlayerAudit
            add(record)
        findings = self.findings
        if not findings:
            verdict = "unverifiable" if self.notes else "ok"
        else:
            verdict = ("invalid" if any(f.kind in _RULE_KINDS for f in findings)
                       else "mismatch")
            findings.sort(key=_line)
        return _audit(h, self.r.rules, verdict, tuple(findings), tuple(pots), tuple(players),
                     tuple(self.notes))

    def _find(self, kind: str, line: int, message: str, expected: str | None = None,
              recorded: str | None = None) -> None:
        self.findings.append(Finding(kind, f"line {line}: {message}", line, expected, recorded))

    def _uncalled(self, paid: dict[str, Decimal], recorded: dict[str, Decimal]
                  ) -> dict[str, Decimal]:
        """The bet returned by the rules, checked against the history's uncalled-bet lines."""
        h = self.hand
        if h.cancelled:
            return {}
        dead = self.r.dead
        expected = uncalled_bet({p: v - dead.get(p, ZERO) for p, v in paid.items()}
                                if dead else paid)
        rules = {expected[0]: expected[1]} if expected else {}
        if rules != recorded:
            line = (h.uncalled[0].line if h.uncalled else
                    max((a.line for a in h.actions if a.amount), default=h.source.first_line))
            self._find("amount_mismatch", line,
                       f"the uncalled bet returned should be {_amounts(rules) or 'nothing'}, "
                       f"the history returns {_amounts(recorded) or 'nothing'}",
                       _amounts(rules) or "nothing", _amounts(recorded) or "nothing")
        return rules

    def _showdown(self) -> dict[str, tuple[Evaluation, ...]]:
        """Score every hand tabled at showdown; refuse wrong sizes and cards seen twice."""
        h, game = self.hand, self.game
        owner: dict[Card, tuple[str, int]] = {}
        for s in h.shows:
            if s.kind == "muck":
                self.mucked.add(s.player)
            if not s.cards:
                continue
            if len(s.cards) != game.hand_size:
                self._find("illegal_draw", s.line, f"{s.player} shows {len(s.cards)} cards; a "
                           f"{game.title} hand holds {game.hand_size}")
                continue
            if len(set(s.cards)) != len(s.cards):
                # Site texts with a card twice are refused when read; other sources (PHH, the
                # API) reach here, and such a hand cannot be scored.
                twice = next(c for i, c in enumerate(s.cards) if c in s.cards[:i])
                self._find("duplicate_card", s.line, f"{s.player} shows {twice} twice: one deck "
                           "holds each card once")
                continue
            shown_by = (s.player, s.line)
            if owner.keys().isdisjoint(s.cards):
                # The usual case, no card seen before: the loop below would find nothing.
                owner.update(dict.fromkeys(s.cards, shown_by))
            else:
                for c in s.cards:
                    if c in owner and owner[c][0] != s.player:
                        self._find("duplicate_card", s.line, f"{c} is shown by {s.player} "
                                   f"and also by {owner[c][0]} (line {owner[c][1]}): one deck "
                                   "holds each card once")
                    owner[c] = shown_by
            if s.kind == "show":
                self.cards[s.player] = s.cards
        if h.hero and owner and not (h.events and any(e.kind == "reshuffle"
                                                      for e in h.events)):
            # Without a reshuffle nobody else can ever hold a card the hero held.
            for hc in h.hero_cards:
                if owner.keys().isdisjoint(hc.cards):
                    continue  # none of these cards was shown
                for c in hc.cards:
                    if c in owner and owner[c][0] != h.hero:
                        self._find("duplicate_card", owner[c][1], f"{owner[c][0]} shows {c}, "
                                   f"which {h.hero} was dealt (line {hc.line}) and the deck "
                                   "was never reshuffled")
                        owner[c] = (h.hero, hc.line)
        # Game.evaluate without its size check, done above; one component is the common case.
        components = game.components
        evals = self.evals = {}
        if len(components) == 1:
            evaluate = components[0].evaluate
            for p, c in self.cards.items():
                evals[p] = (evaluate(c),)
        else:
            for p, c in self.cards.items():
                evals[p] = tuple([comp.evaluate(c) for comp in components])
        return evals

    def _descriptions(self, evals: dict[str, tuple[Evaluation, ...]]) -> None:
        """Check the site's own words for each shown hand against the cards."""
        style = self.r.rules.description_style
        if style is None:
            return
        read = STYLES[style]
        h = self.hand
        size = self.game.hand_size
        for lines in (h.shows, h.summary.seats):
            for x in lines:
                text, cards = x.description, x.cards
                if not (text and cards and len(cards) == size and len(set(cards)) == size):
                    continue  # (cards shown twice are a finding of the showdown's)
                # One line's words for a hand against its cards.
                claim = read(text)
                if claim is None:
                    continue
                player = x.player
                scored = evals.get(player) or self.game.evaluate(cards)
                names = ([scored[0].description] if len(scored) == 1 else
                         [e.description for e in scored])
                if not matches(claim, names):
                    self._find("description_mismatch", x.line,
                               f"the history calls {player}'s {format_cards(cards)} "
                               f"\"{text}\" but the cards make {' / '.join(names)}",
                               " / ".join(names), text)

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
        if not r.dead and (not contributions or min(contributions.values()) > ZERO):
            # No dead money: every chip is a live bet (the general case below gives the same).
            layers = build_pots(contributions, live)
            total_dead = ZERO
        else:
            # Dead money (antes, dead blinds) belongs to the main pot, whoever paid it; only
            # the live bets are layered into side pots.
            dead = {p: min(r.dead.get(p, ZERO), v) for p, v in contributions.items()}
            layers = build_pots({p: v - dead[p] for p, v in contributions.items()}, live)
            total_dead = sum(dead.values(), ZERO)
        if layers and total_dead:
            layers[0] = PotLayer(layers[0].amount + total_dead, layers[0].eligible)
        elif total_dead:
            layers = [PotLayer(total_dead, tuple(live))]  # antes only, every bet returned
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
            halves, shares, note = self._award(name, layer, layer.amount - taken, evals)
            pots.append(_pot_audit(name, layer.amount, taken, layer.eligible, halves, shares,
                                 recorded.get(name, {}), note))
            if shares is None:
                total = None
            elif total is not None:
                for p, v in shares.items():
                    total[p] = total.get(p, ZERO) + v
        if not (len(pots) == 1 and len(recorded) == 1
                and pots[0].expected == recorded.get(pots[0].name)):
            self._compare(pots, recorded, collected)  # (one pot paid as ruled needs nothing)
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
        if len(components) == 1 and len(winners[0]) == 1:
            # The usual pot: one component, one winner (always a player of the replay's order,
            # so award() would not need the order either).
            share, part = sole_winner(amount, unit, rules.split_odd_chip)
            winner = winners[0][0]
            return (_half(components[0].name, part, (winner,)),), {winner: share}, None
        shares = award(amount, winners, self.r.from_button, unit, rules.split_odd_chip,
                       rules.remainder_mode)
        parts = half_amounts(amount, len(components), unit, rules.split_odd_chip)
        if len(components) == 1:
            return (_half(components[0].name, parts[0], tuple(winners[0])),), shares, None
        halves = tuple(_half(c.name, part, tuple(w))
                       for c, w, part in zip(components, winners, parts))
        return halves, shares, None

    def _compare(self, pots: list[PotAudit], recorded: dict[str, dict[str, Decimal]],
                 collected: dict[str, Decimal]) -> None:
        """Per pot when the history names the same pots, otherwise over the whole hand."""
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
            return
        lines = None
        for name, exp, got, split in groups:
            if exp == got:
                continue  # the history pays exactly what the rules give
            label = "the pots" if name is None else f"the {name} pot"
            if lines is None:
                lines = {c.player: c.line for c in h.collections}
            exp = {p: v for p, v in exp.items() if v}
            got = {p: v for p, v in got.items() if v}
            line = min((lines[p] for p in got if p in lines), default=h.source.last_line)
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

    def _why(self, players: Iterable[str]) -> str:
        """`` (A: A's X beats B's Y)`` for each component, between the two best shown hands;
        tied hands are named in seat order (never in a set's order, which changes from run to
        run)."""
        index = self.r.index
        shown = sorted((p for p in players if p in self.evals),
                       key=lambda p: (index.get(p, len(index)), p))
        if len(shown) < 2:
            return ""
        parts = []
        for i, comp in enumerate(self.game.components):
            ranked = sorted(shown, key=lambda p: self.evals[p][i].rank)  # stable: seat order
            a, b = ranked[0], ranked[1]
            ea, eb = self.evals[a][i], self.evals[b][i]
            who = f"{a} and {b}" if ea.rank == eb.rank else a
            parts.append(f"{who}: {comp.explain(ea, eb)}")
        return " (" + "; ".join(parts) + ")"

    def _summary(self, paid: dict[str, Decimal], collected: dict[str, Decimal],
                 returned: dict[str, Decimal]) -> dict[str, Decimal]:
        """The summary must agree with the collection lines: winnings, nets, final stacks.
        Returns the nets the summary prints (KingsClub's), the first for each player."""
        h = self.hand
        start: dict[str, Decimal] | None = None
        nets: dict[str, Decimal] = {}
        for s in h.summary.seats:
            if s.won is None and s.net is None:
                continue  # nothing to check: PokerStars' folded and mucked lines
            p = s.player
            got = collected.get(p, ZERO)
            if s.won is not None and s.won != got:
                self._find("amount_mismatch", s.line, f"the summary says {p} won {s.won}; the "
                           f"collection lines give {got}", str(got), str(s.won))
            if s.net is None:
                continue
            if p not in nets:
                nets[p] = s.net
            implied = got + returned.get(p, ZERO) - paid.get(p, ZERO)
            if s.net != implied and not h.cancelled:
                self._find("amount_mismatch", s.line, f"the summary gives {p} a net of "
                           f"{s.net}; bets and winnings make {implied}", str(implied),
                           str(s.net))
                continue
            if s.stack_after is None:
                continue
            if start is None:
                start = {seat.name: seat.stack for seat in h.seats}
            if start.get(p, ZERO) + s.net != s.stack_after:
                self._find("amount_mismatch", s.line, f"{p} ends with {s.stack_after}, but "
                           f"{start.get(p, ZERO)} and a net of {s.net} make "
                           f"{start.get(p, ZERO) + s.net}", str(start.get(p, ZERO) + s.net),
                           str(s.stack_after))
        return nets


def _line(f: Finding) -> int:
    return f.line


__all__ = ["Audit", "Finding", "Half", "PlayerAudit", "PotAudit", "VERDICTS", "audit",
           "audit_paths", "explain", "find_hand", "unparsed_json"]
