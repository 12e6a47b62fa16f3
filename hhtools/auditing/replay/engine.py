"""The rules engine: replay a recorded hand action by action under its game, structure and profile.

One engine serves every game: the game (hand size, draw limit, components) and the rule profile
are data. Each kind of action has one ``verify_*`` (raises RuleViolation naming the history's
line and the rule broken) and one ``apply_*`` (changes the state). A replay is made of three
parts, each with its own state: the table (``hhtools.auditing.replay.table``: seats, chips, who
is still in), the betting (``hhtools.auditing.replay.betting``: turns, bet sizes, blinds; the
fixed-limit raise rule is ``Betting._raise_to`` and ``limit_sizes``) and the draws
(``hhtools.auditing.replay.draws``).
``Replay.run`` folds over the actions, turning violations into findings and applying the action
anyway, so one bad line never hides the rest of the hand; it never raises on a bad hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from hhtools.auditing.findings import (
    KINDS,
    RESULT_KINDS,
    RULE_KINDS,
    Finding,
    violation_finding,
)
from hhtools.auditing.replay.betting import Betting, Round
from hhtools.auditing.replay.draws import Draws
from hhtools.auditing.replay.table import ZERO, Table
from hhtools.auditing.rules import RuleProfile, default_profile, get_profile
from hhtools.core.games import Game, get_game
from hhtools.core.records import Action, Hand
from hhtools.errors import RuleViolation

POSTS: Final = frozenset(("post_sb", "post_bb", "post_ante", "post_dead", "post_blind"))
WAGERS: Final = frozenset(("fold", "check", "call", "bet", "raise"))
DRAWS: Final = frozenset(("discard", "stand_pat"))
# Which part of the replay checks and applies each kind of action: one lookup an action,
# where asking the three sets took four.
_WAGER: Final = 1
_DRAW: Final = 2
_POST: Final = 3
_PART_OF: Final[dict[str, int]] = {**dict.fromkeys(WAGERS, _WAGER),
                                   **dict.fromkeys(DRAWS, _DRAW), **dict.fromkeys(POSTS, _POST)}


@dataclass(slots=True)
class Step:
    """The state after one action, for ``audit --explain``."""

    line: int
    text: str
    stacks: dict[str, Decimal]
    pot: Decimal
    street_bets: dict[str, Decimal]  # (those who have bet in the round so far)
    next_player: str | None
    options: str


class Replay:
    """A hand being replayed: its table, its betting and its draws (each a part with its own
    state), and the findings, as data."""

    __slots__ = ("betting", "draws", "findings", "game", "hand", "ran", "rules", "steps",
                 "table", "trace", "turn", "turn_known", "unit")

    def __init__(self, hand: Hand, rules: RuleProfile | str | None = None, *,
                 trace: bool = False) -> None:
        self.hand = hand
        self.rules = profile = default_profile(hand.site) if rules is None else get_profile(rules)
        self.game: Game = (game := get_game(hand.game))
        #: The chip unit: the rounding step of splits and of pot-limit sizes.
        self.unit = profile.unit(hand.small_blind, hand.big_blind, hand.ante,
                                 hand.tournament is not None)
        self.table = table = Table(hand)
        self.draws = draws = Draws(table, hand, game,
                                   profile.max_draw.get(game.name, game.max_discard))
        self.betting = Betting(table, draws, hand, game, profile, self.unit)
        self.findings: list[Finding] = []
        self.trace = trace
        self.steps: list[Step] = []
        self.ran = False
        #: next_to_act()'s answer (its slot, -1 for None) while ``turn_known``: kept until a
        #: wager, post, draw or new street changes the state (the dealer asks before each
        #: action, apply_wager again).
        self.turn = -1
        self.turn_known = False

    # ---- the parts' state, as the dealer and the tests read it --------------------------------

    @property
    def round(self) -> Round:
        """The betting round being played."""
        return self.betting.round

    @property
    def live(self) -> list[str]:
        """Players still in the hand (all-in included), in seat order."""
        return self.table.live()

    @property
    def order(self) -> list[str]:
        """The players in the hand, in seat order."""
        return self.table.order

    @property
    def index(self) -> dict[str, int]:
        """Each player's place in ``order``."""
        return self.table.index

    @property
    def seat_of(self) -> dict[str, int]:
        """Each seated player's seat number."""
        return self.table.seat_of

    @property
    def from_button(self) -> list[str]:
        """The players in the hand from the button: the draw and post-draw betting order."""
        return self.table.from_button

    @property
    def stacks(self) -> dict[str, Decimal]:
        """What each player has behind."""
        return self.table.stacks

    @property
    def paid(self) -> dict[str, Decimal]:
        """What each player has put in."""
        return self.table.paid

    @property
    def dead(self) -> dict[str, Decimal]:
        """The dead money each player put in."""
        return self.table.dead

    @property
    def folded(self) -> set[str]:
        """The players who have folded."""
        return self.table.folded

    def stack_of(self, p: str) -> Decimal:
        """What ``p`` has behind."""
        return self.table.stack[self.slot(p)]

    def bet_of(self, p: str) -> Decimal:
        """What ``p`` has bet in the round being played."""
        return self.betting.round.bets[self.slot(p)]

    def has_acted(self, p: str) -> bool:
        """Whether ``p`` has acted in the round being played."""
        return self.betting.round.acted_at[self.slot(p)] is not None

    def slot(self, p: str) -> int:
        """``p``'s slot in the table's lists (hhtools.auditing.replay.table), a new one for a
        name without a seat: every part's lists by slot then have it."""
        s = self.table.slot.get(p)
        if s is None:
            s = self.table.add_slot(p)
            self.betting.round.add_slot()
            self.draws.add_slot()
        return s

    @property
    def big_blind(self) -> Decimal:
        """The big blind (the small bet when the hand has none): the least bet."""
        return self.betting.big_blind

    # ---- one action at a time (the dealer plays a hand through these) ------------------------

    def next_to_act(self) -> str | None:
        """The player whose turn it is to bet, or None when the round is closed."""
        turn = self._turn()
        return None if turn < 0 else self.table.order[turn]

    def _turn(self) -> int:
        if not self.turn_known:
            self.turn = self.betting.next_slot()
            self.turn_known = True
        return self.turn

    def next_to_draw(self) -> str | None:
        """The player whose turn it is to draw, or None."""
        return self.draws.next_to_draw()

    def raise_range(self, p: str) -> tuple[Decimal, Decimal]:
        """The smallest and largest full bet or raise ``p`` may make now (round totals)."""
        return self.betting.raise_range(p)

    def may_raise(self, p: str) -> bool:
        """Whether the betting is open to ``p`` for a raise."""
        return self.betting.may_raise(p)

    def start_street(self, street: str) -> None:
        """A new street: its draw and its betting round."""
        self.draws.start(street)
        # (The round played so far becomes the new one in place: whoever asks for ``round``
        # after this gets the new street's.)
        betting = self.betting
        betting.round = betting.start_round(street, betting.round)
        self.turn_known = False

    def verify_wager(self, a: Action, turn: str | None = None) -> None:
        """Raise RuleViolation if ``a`` (fold, check, call, bet, raise) breaks a rule;
        ``turn`` is next_to_act(), when the caller already knows it."""
        self.betting.verify_wager(a, self.slot(a.player),
                                  self._turn() if turn is None else self.slot(turn))

    def verify_post(self, a: Action) -> None:
        """A blind or ante may not cost more than the poster's stack."""
        self.betting.verify_post(a, self.slot(a.player))

    def verify_draw(self, a: Action) -> None:
        """A draw in turn, once per round, within the game's limit, with matching replacements."""
        self.draws.verify_draw(a, self.slot(a.player))

    def apply_wager(self, a: Action, turn: str | None = None) -> None:
        """Change the state for a fold, check, call, bet or raise (legal or not); ``turn`` is
        next_to_act() before the action, when the caller already knows it."""
        s = self.slot(a.player)
        self.betting.apply_wager(a, s, self._turn() if turn is None else self.slot(turn))
        self.turn_known = False

    def apply_post(self, a: Action) -> None:
        """A blind or ante goes in."""
        self.betting.apply_post(a, self.slot(a.player))
        self.turn_known = False

    def apply_draw(self, a: Action) -> None:
        """Mark the player as having drawn this round."""
        self.draws.apply_draw(self.slot(a.player))
        self.turn_known = False

    # ---- the fold over the actions ------------------------------------------------------------

    def run(self) -> Replay:
        """Replay every action once; findings collect in ``self.findings``."""
        if self.ran:
            return self
        self.ran = True
        betting, draws = self.betting, self.draws
        actions = self.hand.actions
        slots = self.table.slot
        turn = -1
        for i, a in enumerate(actions):
            if a.street != betting.round.street:
                self.start_street(a.street)
            kind = a.kind
            part = _PART_OF.get(kind, 0)
            s = slots.get(a.player)
            if s is None:
                s = self.slot(a.player)
                slots = self.table.slot  # (a new dict once a name without a seat has acted)
            # Each action is checked (a broken rule becomes a finding) and then applied
            # whatever the check said, so that one bad line never hides the rest.
            try:
                if part == _WAGER:
                    # Whose turn it is, asked once: verifying does not change it.
                    turn = betting.next_slot()
                    betting.verify_wager(a, s, turn)
                elif part == _DRAW:
                    draws.verify_draw(a, s)
                elif part == _POST:
                    betting.verify_post(a, s)
                else:
                    raise KeyError(kind)
            except RuleViolation as v:
                self.findings.append(violation_finding(v))
            if part == _WAGER:
                betting.apply_wager(a, s, turn)
            elif part == _DRAW:
                draws.apply_draw(s)
            else:
                betting.apply_post(a, s)
            if self.trace:
                self.steps.append(self._step(a, actions[i + 1] if i + 1 < len(actions) else None))
        self.turn_known = False  # (the parts were driven directly, not through the methods)
        return self

    # ---- --explain --------------------------------------------------------------------------

    def _step(self, a: Action, following: Action | None) -> Step:
        nxt: str | None
        if a.kind in POSTS and following is not None and following.kind in POSTS:
            nxt, options = None, "blinds and antes being posted"
        elif (nxt := self.betting.next_to_act()) is not None:
            options = self.betting.options(nxt)
        else:
            nxt = self.draws.next_to_draw()
            options = (f"stand pat or change 1 to {self.draws.max_draw} cards" if nxt else
                       "round closed")
        t = self.table
        bets = self.betting.round.bets
        return Step(a.line, describe_action(a), t.stacks, sum(t.put, ZERO),
                    {p: bets[s] for p, s in t.slot.items() if bets[s]}, nxt, options)


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
