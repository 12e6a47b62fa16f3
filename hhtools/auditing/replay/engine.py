"""The rules engine: replay a recorded hand action by action under its game, structure and profile.

One engine serves every game: the game (hand size, draw limit, components) and the rule profile
are data. Each kind of action has one ``verify_*`` (raises RuleViolation naming the history's
line and the rule broken) and one ``apply_*`` (changes the state). The betting rules are in ``hhtools.auditing.replay.betting`` (the fixed-limit raise rule is
``BettingRules._raise_to`` and ``limit_sizes``), the draw rules in ``hhtools.auditing.replay.draws``.
``Replay.run`` folds over the actions, turning violations into findings and applying the action
anyway, so one bad line never hides the rest of the hand; it never raises on a bad hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from operator import attrgetter

from hhtools.auditing.findings import (
    KINDS,
    RESULT_KINDS,
    RULE_KINDS,
    Finding,
    RuleViolation,
    violation_finding,
)
from hhtools.auditing.replay.betting import ZERO, BettingRules, Round
from hhtools.auditing.replay.draws import DrawRules
from hhtools.auditing.rules import RuleProfile, default_profile, get_profile
from hhtools.core.games import Game, get_game
from hhtools.core.records import STREETS, Action, Hand

POSTS = frozenset(("post_sb", "post_bb", "post_ante", "post_dead", "post_blind"))
WAGERS = frozenset(("fold", "check", "call", "bet", "raise"))
DRAWS = frozenset(("discard", "stand_pat"))


@dataclass(slots=True)
class Step:
    """The state after one action, for ``audit --explain``."""

    line: int
    text: str
    stacks: dict[str, Decimal]
    pot: Decimal
    street_bets: dict[str, Decimal]
    next_player: str | None
    options: str


class Replay(BettingRules, DrawRules):
    """A hand being replayed: stacks, contributions, rounds, who is next; findings as data."""

    def __init__(self, hand: Hand, rules: RuleProfile | str | None = None, *,
                 trace: bool = False):
        self.hand = hand
        self.rules = rules = default_profile(hand.site) if rules is None else get_profile(rules)
        self.game: Game = (game := get_game(hand.game))
        self.max_draw = rules.max_draw.get(game.name, game.max_discard)
        self.unit = rules.unit(hand.small_blind, hand.big_blind, hand.ante,
                               hand.tournament is not None)
        self.fixed_limit = hand.structure == "fixed-limit"
        self.big_blind = hand.big_blind or hand.small_bet
        self._seat(hand)
        self.paid: dict[str, Decimal] = dict.fromkeys(self.order, ZERO)
        #: Dead money each player put in (the dead part of a blind; antes are layered like
        #: any other chip): in the main pot whatever happens, so never part of an uncalled bet.
        self.dead: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        # Folded or all in, kept with the two: those never act again.
        self._out: set[str] = set()
        # How many players of ``order`` are still in the hand, and how many of those can
        # still act (not all in): kept as they fold or go all in, for next_to_act.
        self._live_count = self._able_count = len(self.order)
        self.findings: list[Finding] = []
        self.round = self._start_round("predraw")
        self.hero_before = _hero_before(hand)
        self.trace = trace
        self.steps: list[Step] = []
        self.ran = False

    def _seat(self, hand: Hand) -> None:
        """Seat numbers, stacks, the players in the hand in seat order, and the order from the
        button (the draw and post-draw betting order)."""
        dealt = set(hand.dealt_to) if hand.dealt_to else None
        seats = sorted(hand.seats, key=_SEAT_NUMBER)
        self.seat_of: dict[str, int] = {}
        for s in seats:
            # A name seated twice is in the hand once, at its first seat.
            self.seat_of.setdefault(s.name, s.seat)
        # A name seated twice keeps its last stack (as the history's last word on it).
        self.stacks: dict[str, Decimal] = {s.name: s.stack for s in seats}
        order = []
        for s in seats:
            if not s.sitting_out and (dealt is None or s.name in dealt) and s.name not in order:
                order.append(s.name)
        if len(order) < len(self.seat_of):
            # Players who act though the seat list marks them out are in the hand after all.
            members = set(order)
            for a in hand.actions:
                if a.player not in members and a.player in self.seat_of:
                    order.append(a.player)
                    members.add(a.player)
            order.sort(key=self.seat_of.__getitem__)
        self.order = order
        self.index = {p: i for i, p in enumerate(order)}
        # The seat order twice: any rotation of it is one slice, ``_order_len`` long.
        self._ring = order + order
        self._order_len = len(order)
        button = hand.button_seat if hand.button_seat is not None else 0
        first = next((i for i, p in enumerate(order) if self.seat_of[p] > button), 0)
        self.from_button = order[first:] + order[:first]

    @property
    def live(self) -> list[str]:
        """Players still in the hand (all-in included), in seat order."""
        return [p for p in self.order if p not in self.folded]

    def _start_street(self, street: str) -> None:
        self.round = self._start_round(street)

    # ---- the fold over the actions ------------------------------------------------------------

    def run(self) -> Replay:
        """Replay every action once; findings collect in ``self.findings``."""
        if self.ran:
            return self
        self.ran = True
        actions = self.hand.actions
        for i, a in enumerate(actions):
            if a.street != self.round.street:
                self._start_street(a.street)
            kind = a.kind
            # Each action is checked (a broken rule becomes a finding) and then applied
            # whatever the check said, so that one bad line never hides the rest.
            try:
                if kind in WAGERS:
                    # Whose turn it is, asked once: verifying does not change it.
                    turn = self.next_to_act()
                    self.verify_wager(a, turn)
                elif kind in DRAWS:
                    self.verify_draw(a)
                elif kind in POSTS:
                    self.verify_post(a)
                else:
                    raise KeyError(kind)
            except RuleViolation as v:
                self.findings.append(violation_finding(v))
            if kind in WAGERS:
                self.apply_wager(a, turn)
            elif kind in DRAWS:
                self.apply_draw(a)
            else:
                self.apply_post(a)
            if self.trace:
                self.steps.append(self._step(a, actions[i + 1] if i + 1 < len(actions) else None))
        return self

    # ---- --explain --------------------------------------------------------------------------

    def _step(self, a: Action, following: Action | None) -> Step:
        if a.kind in POSTS and following is not None and following.kind in POSTS:
            nxt, options = None, "blinds and antes being posted"
        elif (nxt := self.next_to_act()) is not None:
            options = self.options(nxt)
        else:
            nxt = self.next_to_draw()
            options = (f"stand pat or change 1 to {self.max_draw} cards" if nxt else
                       "round closed")
        return Step(a.line, describe_action(a), dict(self.stacks), sum(self.paid.values(), ZERO),
                    dict(self.round.bets), nxt, options)


_SEAT_NUMBER = attrgetter("seat")


def _hero_before(hand: Hand) -> dict[str, tuple]:
    """The hero's hand before each street's draw, to check discards against it: the last hand
    known, kept through a stand-pat, unknown after a draw whose cards are unknown."""
    out: dict[str, tuple] = {}
    if not hand.hero_cards:
        return out
    known = {hc.street: hc.cards for hc in hand.hero_cards}
    drew = None  # the streets where the hero drew cards, found only when a hand is missing
    held = known.get("predraw")
    for street in STREETS[1:]:
        if held is not None:
            out[street] = held
        if street in known:
            held = known[street]
        else:
            if drew is None:
                drew = {a.street for a in hand.actions if a.player == hand.hero
                        and a.kind == "discard" and a.count}
            if street in drew:
                held = None
    return out


def describe_action(a: Action) -> str:
    """An action in a few words: ``Hero raises to 44``, ``Player4 draws 2``."""
    p = a.player
    if a.kind in ("discard", "stand_pat"):
        return f"{p} stands pat" if not a.count else f"{p} draws {a.count}"
    if a.kind == "post_ante":
        return f"{p} posts an ante of {a.amount}"
    if a.kind in POSTS:
        return f"{p} posts {a.amount}" + (f" (live {a.to})" if a.to != a.amount else "")
    if a.kind in ("fold", "check"):
        return f"{p} {a.kind}s"
    if a.kind == "call":
        return f"{p} calls {a.amount}" + (" all in" if a.all_in else "")
    verb = f"bets {a.to}" if a.kind == "bet" else f"raises to {a.to}"
    return f"{p} {verb}" + (" all in" if a.all_in else "")


__all__ = ["DRAWS", "KINDS", "POSTS", "RESULT_KINDS", "RULE_KINDS", "WAGERS", "Finding",
           "Replay", "Round", "RuleViolation", "Step", "ZERO", "describe_action",
           "violation_finding"]
