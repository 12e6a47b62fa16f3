"""The rules engine: replay a recorded hand action by action under its game, structure and profile.

One engine serves every game: the game (hand size, draw limit, components) and the rule profile
are data. Each kind of action has ``verify_*`` (raises RuleViolation naming the history's line),
``can_*`` (the same as a yes/no) and ``apply_*`` (changes the state). ``Replay.run`` folds over
the actions, turning violations into findings and applying the action anyway, so one bad line
never hides the rest of the hand; it never raises on a bad hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from operator import attrgetter

from hhtools.betting import (BIG_BET_STREETS, half_pot_limit_max_to, is_full_raise,
                             min_raise_to, pot_limit_max_to)
from hhtools.errors import HHToolsError
from hhtools.games import Game, get_game
from hhtools.records import Action, Hand
from hhtools.rules import RuleProfile, default_profile, get_profile
from hhtools.words import plural

ZERO = Decimal(0)
POSTS = frozenset(("post_sb", "post_bb", "post_ante", "post_dead", "post_blind"))
WAGERS = frozenset(("fold", "check", "call", "bet", "raise"))
DRAWS = frozenset(("discard", "stand_pat"))
#: Finding kinds that mean the hand broke a rule (verdict ``invalid``); the others mean the
#: recorded result differs from the re-evaluation (verdict ``mismatch``).
RULE_KINDS = ("illegal_bet", "out_of_turn", "illegal_draw", "duplicate_card", "stack_exceeded")
RESULT_KINDS = ("winner_mismatch", "amount_mismatch", "description_mismatch")
KINDS = RESULT_KINDS + RULE_KINDS


class RuleViolation(HHToolsError):
    """An action the rules do not allow: ``kind`` is one of KINDS, ``line`` the history's line."""

    def __init__(self, kind: str, message: str, line: int):
        super().__init__(f"line {line}: {message}")
        self.kind = kind
        self.line = line
        self.text = message


@dataclass(frozen=True, slots=True)
class Finding:
    """Something wrong with a hand: its kind, a sentence citing the line, and for showdown
    findings what the rules give (``expected``) against what the history says (``recorded``)."""

    kind: str
    message: str
    line: int
    expected: str | None = None
    recorded: str | None = None

    def as_dict(self) -> dict:
        """A JSON-ready view; ``expected``/``recorded`` only when known."""
        out = {"kind": self.kind, "message": self.message, "line": self.line}
        if self.expected is not None:
            out["expected"] = self.expected
        if self.recorded is not None:
            out["recorded"] = self.recorded
        return out


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


@dataclass(slots=True)
class Round:
    """The state of one betting round (and the draw before it)."""

    street: str
    bets: dict[str, Decimal] = field(default_factory=dict)
    current: Decimal = ZERO
    #: The level of the last full bet or raise, and the size of the last full raise.
    full_level: Decimal = ZERO
    full_raise: Decimal = ZERO
    #: Full bets so far (fixed-limit cap), and a counter of full raises for reopening.
    bets_made: int = 0
    full_count: int = 0
    #: Per player who acted: the round's bet when they acted, and full_count then.
    acted_at: dict[str, Decimal] = field(default_factory=dict)
    acted_full: dict[str, int] = field(default_factory=dict)
    #: Where the search for the next player to act starts (index into the seat order).
    turn_from: int | None = None
    capped: bool = True
    drawn: set[str] = field(default_factory=set)
    #: Live players who have not drawn yet this round (kept by the Replay as players draw or
    #: fold, so that asking whose turn it is does not scan the table); 0 before the first
    #: draw, where nobody draws (and so no count can hold the betting back).
    undrawn: int = 0
    #: Where the search for the next player to draw starts (index into ``from_button``):
    #: players before it have drawn or folded, which they stay for the rest of the round.
    draw_from: int = 0


class Replay:
    """A hand being replayed: stacks, contributions, rounds, who is next; findings as data."""

    # Keep the attributes set in __init__ under 30: CPython 3.11 shares an instance dict's keys
    # among a class's instances only up to 30 keys, and past that every attribute read of the
    # replay and the audit is slower (a 30th attribute cost about 3 % of the audit's time).

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
        dealt = set(hand.dealt_to) if hand.dealt_to else None
        seats = sorted(hand.seats, key=_SEAT_NUMBER)
        # One loop for the seat numbers, stacks and players dealt in (three comprehensions
        # cost about a third more); a name seated twice keeps its last seat and stack here.
        self.seat_of = seat_of = {}
        self.stacks = stacks = {}
        order = []
        index = {}
        for s in seats:
            name = s.name
            seat_of[name] = s.seat
            stacks[name] = s.stack
            if not s.sitting_out and (dealt is None or name in dealt):
                index[name] = len(order)
                order.append(name)
        changed = False  # whether the order changes below (its index is then made again)
        if len(seat_of) < len(seats):
            # Two seats under one name: the player is in the hand once (the first seat).
            seat_of = self.seat_of = {}
            for s in seats:
                seat_of.setdefault(s.name, s.seat)
            order = list(dict.fromkeys(order))
            changed = True
        # Players who act though the seat list marks them out are in the hand after all.
        if len(order) < len(seats):
            members = set(order)
            for a in hand.actions:
                if a.player not in members and a.player in seat_of:
                    order.append(a.player)
                    members.add(a.player)
                    changed = True
            order.sort(key=seat_of.__getitem__)
        self.order = order
        # The seat order twice: any rotation of it is one slice, ``_order_len`` long.
        self._ring = order + order
        self._order_len = len(order)
        self.index = {p: i for i, p in enumerate(order)} if changed else index
        button = hand.button_seat if hand.button_seat is not None else 0
        # Clockwise from the first seat after the button: the draw and post-draw betting order.
        # ``order`` is in seat order, so that is one rotation of it.
        first = 0
        for i, p in enumerate(order):
            if seat_of[p] > button:
                first = i
                break
        self.from_button = order[first:] + order[:first]
        self.paid: dict[str, Decimal] = dict.fromkeys(order, ZERO)
        #: Dead money each player put in (antes, dead blinds): in the pot whatever happens,
        #: so never part of an uncalled bet.
        self.dead: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        # Folded or all in, kept with the two: those never act again.
        self._out: set[str] = set()
        # How many players of ``order`` are still in the hand, and how many of those can
        # still act (not all in): kept as they fold or go all in, for next_to_act.
        self._live_count = self._able_count = len(order)
        # Who acts first before the draw, found once: the blinds do not move during the hand.
        self._predraw_first: int | None = None
        self.findings: list[Finding] = []
        self._start_street("predraw")  # run() starts from this round, not a new one
        # The hero's hand before each street's draw, to check discards against it.
        self.hero_before: dict[str, tuple] = {}
        held = None
        for hc in hand.hero_cards:
            if held is not None:
                self.hero_before[hc.street] = held
            held = hc.cards
        self.trace = trace
        self.steps: list[Step] = []
        self.ran = False

    # ---- who acts ---------------------------------------------------------------------------

    @property
    def live(self) -> list[str]:
        """Players still in the hand (all-in included), in seat order."""
        return [p for p in self.order if p not in self.folded]

    def next_to_act(self) -> str | None:
        """The player whose turn it is to bet, or None when the round is closed."""
        r = self.round
        if r.undrawn > 0:
            return None
        out = self._out
        if self._able_count < 2:  # (at least two able players means at least two live)
            if self._live_count < 2 or not self._able_count:
                return None
            # Everyone else is all in: the last player acts only if they have not matched.
            for p in self.order:
                if p not in out:
                    return p if r.bets.get(p, ZERO) < r.current else None
        start = r.turn_from
        if start is None:
            start = r.turn_from = self._first_to_act()
        acted = r.acted_at
        # The player in the seat after the last actor is usually the one: asked first, without
        # the slice of the loop below (which asks them again when they are not).
        p = self._ring[start]
        if p not in out and (p not in acted or r.bets.get(p, ZERO) < r.current):
            return p
        # Clockwise from ``start``: the seats after it, then round the table.
        for p in self._ring[start:start + self._order_len] if start else self.order:
            if p not in out and (p not in acted or r.bets.get(p, ZERO) < r.current):
                return p
        return None

    def _first_to_act(self) -> int:
        if self.round.street == "predraw":
            if self._predraw_first is None:
                self._predraw_first = self._left_of_big_blind()
            return self._predraw_first
        return self.index[self.from_button[0]] if self.from_button else 0

    def _left_of_big_blind(self) -> int:
        """The seat after the big blind's; heads-up that is the button, who posted the small
        blind."""
        for kind in ("post_bb", "post_blind", "post_dead", "post_sb"):
            for a in self.hand.actions:
                if a.kind == kind and a.player in self.index:
                    return self.index[a.player] + 1
        return self.index[self.from_button[0]] if self.from_button else 0

    def _draws_pending(self) -> bool:
        return self.round.undrawn > 0

    def next_to_draw(self) -> str | None:
        """The player whose turn it is to draw (clockwise from the button), or None."""
        if self.round.street == "predraw" or self._live_count < 2:
            return None
        for p in self.from_button:
            if p not in self.folded and p not in self.round.drawn:
                return p
        return None

    # ---- verify / can / apply: wagers -------------------------------------------------------

    def verify_wager(self, a: Action) -> None:
        """Raise RuleViolation if ``a`` (fold, check, call, bet, raise) breaks a rule."""
        self._verify_wager(a, self.next_to_act())

    def _verify_wager(self, a: Action, expected: str | None) -> None:
        # ``expected`` is next_to_act(), which run() asks once for both verify and apply.
        p = a.player
        if p != expected:
            self._verify_turn(a, expected)
            return
        kind = a.kind
        if kind == "fold":
            return
        r = self.round
        added = a.amount or ZERO
        stack = self.stacks.get(p, ZERO)
        if added > stack:
            raise RuleViolation("stack_exceeded", f"{p} puts in {added} with {_behind(stack)} "
                                "behind", a.line)
        mine = r.bets.get(p, ZERO)
        if kind == "check":
            if mine < r.current:
                raise RuleViolation("illegal_bet", f"{p} checks facing a bet of {r.current}",
                                    a.line)
            return
        if kind == "call":
            owed = r.current - mine
            if stack < owed:
                owed = stack
            if owed <= ZERO:
                raise RuleViolation("illegal_bet", f"{p} calls with nothing to call", a.line)
            if added != owed:
                raise RuleViolation("illegal_bet", f"{p} calls {added} but the call is {owed}",
                                    a.line)
            return
        to = mine + added
        all_in = a.all_in or added == stack
        if kind == "bet" and r.current > ZERO:
            raise RuleViolation("illegal_bet", f"{p} bets but there is already a bet of "
                                f"{r.current}", a.line)
        if kind == "raise" and r.current == ZERO:
            raise RuleViolation("illegal_bet", f"{p} raises but nobody has bet", a.line)
        if to <= r.current:
            raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to}, not above the "
                                f"{r.current} already bet", a.line)
        if r.current > ZERO and not self._may_raise(p):
            raise RuleViolation("illegal_bet", f"{p} raises to {to}, but the betting was not "
                                "reopened: the all-in since their last action was not a full "
                                "raise", a.line)
        low, high = self.raise_range(p)
        if self.fixed_limit and r.capped and r.bets_made >= self.rules.cap_bets:
            raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to} after the betting was "
                                f"capped at {self.rules.cap_bets} bets", a.line)
        if to > high or (to < low and not all_in):
            size = str(low) if low == high else f"{low} to {high}"
            raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to}; "
                                f"{self._structure_name()} allows {size} here", a.line)

    def _verify_turn(self, a: Action, expected: str | None) -> None:
        """Raise for a wager by anyone but ``expected`` (only an all-in player may fold)."""
        p = a.player
        if p not in self.index:
            raise RuleViolation("out_of_turn", f"{p} acts but has no seat in this hand", a.line)
        if p in self.folded:
            raise RuleViolation("out_of_turn", f"{p} acts after folding", a.line)
        if p in self.all_in:
            if a.kind == "fold":
                return  # pointless but harmless: sites fold all-in players who sit out
            raise RuleViolation("out_of_turn", f"{p} acts after going all in", a.line)
        if self._live_count < 2:
            # Everyone else has folded: the hand is over and the pot is this player's.
            raise RuleViolation("out_of_turn", f"{p} {a.kind}s after everyone else has "
                                "folded: the hand is already over", a.line)
        if expected is None:
            if self._draws_pending():
                raise RuleViolation("out_of_turn", f"{p} bets before {self.next_to_draw()} "
                                    "has drawn", a.line)
            raise RuleViolation("out_of_turn", f"{p} acts but the betting round is closed",
                                a.line)
        raise RuleViolation("out_of_turn", f"{p} acts out of turn: it is {expected}'s turn",
                            a.line)

    def can_wager(self, a: Action) -> bool:
        """Whether the fold, check, call, bet or raise ``a`` is allowed now."""
        return _allowed(self.verify_wager, a)

    def _may_raise(self, p: str) -> bool:
        r = self.round
        # Limit raises are one unit, whatever the blinds; elsewhere the last full raise.
        full_raise = self._round_unit if self.fixed_limit else (r.full_raise or self.big_blind)
        # may_reraise(acted_at, full raise since, current, full_raise), without its call.
        acted_at = r.acted_at.get(p)
        if acted_at is None or r.full_count > r.acted_full.get(p, -1):
            return True
        return r.current - acted_at >= full_raise

    def _structure_name(self) -> str:
        return self.hand.structure.replace("-", " ")

    def raise_range(self, p: str) -> tuple[Decimal, Decimal]:
        """The smallest and largest full bet or raise ``p`` may make now (round totals)."""
        r = self.round
        if self.fixed_limit:
            to = (r.full_level if r.current else ZERO) + self._round_unit
            return to, to
        mine = r.bets.get(p, ZERO)
        low = min_raise_to(r.current, r.full_raise, self.big_blind)
        pot = sum(self.paid.values(), ZERO)
        if self.rules.pl_round_sb and r.street == "predraw":
            pot += self._dead_small_blind_gap()
        if self.hand.structure == "pot-limit":
            high = pot_limit_max_to(r.current, mine, pot)
        elif self.hand.structure == "half-pot-limit":
            high = half_pot_limit_max_to(r.current, mine, pot, self.unit, self.rules.hpl_rounding)
        else:
            high = mine + self.stacks.get(p, ZERO)
        high = max(high, low)
        return low, min(high, mine + self.stacks.get(p, ZERO))

    def _dead_small_blind_gap(self) -> Decimal:
        """[LA 187]: the small blind counts as a big blind when sizing the pot before the draw."""
        sb = self.hand.small_blind
        return (self.big_blind - sb) if sb and sb < self.big_blind else ZERO

    def apply_wager(self, a: Action) -> None:
        """Change the state for a fold, check, call, bet or raise (legal or not)."""
        self._apply_wager(a, self.next_to_act())

    def _apply_wager(self, a: Action, turn: str | None) -> None:
        p, r = a.player, self.round
        if a.kind == "fold":
            folded = self.folded
            if p not in folded:
                if self._live_count == 1 and p in self.index:
                    # The last player in the hand cannot fold it away: the pot is theirs
                    # (_verify_turn has said so); the fold is not applied.
                    return
                folded.add(p)
                self._out.add(p)
                if p in self.index:
                    self._live_count -= 1
                    if p not in self.all_in:
                        self._able_count -= 1
                    if p not in r.drawn:
                        r.undrawn -= 1
            r.acted_at[p] = r.bets.get(p, ZERO)
        else:
            added = a.amount or ZERO
            # The chips move from the stack to the pot (as in apply_post).
            stacks, paid = self.stacks, self.paid
            left = stacks[p] = stacks.get(p, ZERO) - added
            paid[p] = paid.get(p, ZERO) + added
            if (a.all_in or left <= ZERO) and p not in self.all_in:
                self._goes_all_in(p)
            bets = r.bets
            mine = bets[p] = bets.get(p, ZERO) + added
            if mine > r.current:
                self._raise_to(mine, p)
            r.acted_at[p] = mine
        r.acted_full[p] = r.full_count
        # An out-of-turn action does not move the turn: the skipped player is still next.
        if turn == p:
            r.turn_from = self.index[p] + 1

    def _plain_wager(self, a: Action, p: str) -> bool:
        """A check or call (or a fixed-limit bet or raise) by ``p``, whose turn it is,
        checked and applied in one step when it is legal, as _verify_wager then _apply_wager
        would (most actions of a hand are these); False, with nothing changed, when it is not
        legal or not one of these. (An in-turn fold is applied by ``run`` itself.)

        Being next to act, ``p`` is seated, still in the hand and not all in, and at least
        two players are live: the cases _apply_wager tests for do not arise.
        """
        r = self.round
        kind = a.kind
        if kind == "fold":
            return False
        added = a.amount or ZERO
        stacks, bets = self.stacks, r.bets
        stack = stacks.get(p, ZERO)
        mine = bets.get(p, ZERO)
        if added > stack:
            return False
        current = r.current
        if kind == "check":
            if mine < current:
                return False
        elif kind == "call":
            owed = current - mine
            if stack < owed:
                owed = stack
            if owed <= ZERO or added != owed:
                return False
        elif self.fixed_limit:
            # _verify_wager's checks of a bet or raise, in its order, with raise_range's
            # one size of fixed limit.
            to = mine + added
            if ((current > ZERO) if kind == "bet" else (current == ZERO)) or to <= current:
                return False
            if current > ZERO and not self._may_raise(p):
                return False
            if r.capped and r.bets_made >= self.rules.cap_bets:
                return False
            size = (r.full_level if current else ZERO) + self._round_unit
            if to > size or (to < size and not (a.all_in or added == stack)):
                return False
        else:
            return False
        left = stacks[p] = stack - added
        self.paid[p] += added  # every player of the order has an entry from the start
        if a.all_in or left <= ZERO:
            self._goes_all_in(p)
        mine = bets[p] = mine + added
        if mine > current:
            self._raise_to(mine, p)
        r.acted_at[p] = mine
        r.acted_full[p] = r.full_count
        r.turn_from = self.index[p] + 1
        return True

    def _raise_to(self, to: Decimal, p: str) -> None:
        r = self.round
        if self.fixed_limit:
            base = r.full_level if r.current else ZERO
            size = self._round_unit
            increment = to - base
            # is_full_raise(increment, size, True, half-bet rule), without its call: limit
            # hands raise about twice a hand.
            full = (2 * increment >= size if self.rules.limit_half_bet_rule else
                    increment >= size)
        else:
            size = max(r.full_raise, self.big_blind)
            full = is_full_raise(to - r.current, size, False, False)
            size = max(size, to - r.current)
        if full:
            r.full_level, r.full_raise = to, size
            r.bets_made += 1
            r.full_count += 1
        r.current = to

    def _goes_all_in(self, p: str) -> None:
        self.all_in.add(p)
        self._out.add(p)
        if p in self.index and p not in self.folded:
            self._able_count -= 1

    # ---- posts --------------------------------------------------------------------------------

    def verify_post(self, a: Action) -> None:
        """A blind or ante may not cost more than the poster's stack."""
        stack = self.stacks.get(a.player, ZERO)
        amount = a.amount or ZERO
        if amount > stack and amount:
            if a.player not in self.seat_of:
                raise RuleViolation("out_of_turn", f"{a.player} posts {amount} but has no "
                                    "seat in this hand", a.line)
            raise RuleViolation("stack_exceeded", f"{a.player} posts {amount} with "
                                f"{_behind(stack)} behind", a.line)

    def can_post(self, a: Action) -> bool:
        """Whether the blind or ante ``a`` is allowed now."""
        return _allowed(self.verify_post, a)

    def apply_post(self, a: Action) -> None:
        """Blinds count toward the round's bet (the big blind as its first bet); antes do not."""
        r, p, to = self.round, a.player, a.to
        amount = a.amount or ZERO
        # The chips move from the stack to the pot (as in _apply_wager).
        stacks, paid = self.stacks, self.paid
        left = stacks[p] = stacks.get(p, ZERO) - amount
        paid[p] = paid.get(p, ZERO) + amount
        if (a.all_in or left <= ZERO) and p not in self.all_in:
            self._goes_all_in(p)
        ante = a.kind == "post_ante" or to is None
        live = ZERO if ante else to - r.bets.get(p, ZERO)
        if amount > live:
            self.dead[p] = self.dead.get(p, ZERO) + amount - live
        if ante:
            return
        r.bets[p] = to
        if to > r.current:
            r.current = to
            if a.kind != "post_sb":
                r.full_level = to
                r.full_raise = to
                if r.bets_made < 1:  # max(bets_made, 1)
                    r.bets_made = 1

    # ---- draws --------------------------------------------------------------------------------

    def verify_draw(self, a: Action) -> None:
        """A draw in turn, once per round, within the game's limit, with matching replacements."""
        p, r = a.player, self.round
        if r.street == "predraw":
            raise RuleViolation("illegal_draw", f"{p} draws before the first betting round "
                                "is over", a.line)
        if p in self.folded:
            raise RuleViolation("out_of_turn", f"{p} draws after folding", a.line)
        drawn = r.drawn
        if p in drawn:
            raise RuleViolation("illegal_draw", f"{p} draws twice in the same round", a.line)
        if self._live_count >= 2:
            # next_to_draw(), inline and from where the last search stopped: drawing is
            # frequent, and the players passed have drawn or folded for good.
            folded, button_order = self.folded, self.from_button
            i, n = r.draw_from, self._order_len  # from_button is a rotation of order
            while i < n and (button_order[i] in folded or button_order[i] in drawn):
                i += 1
            r.draw_from = i
            if i < n and button_order[i] != p:
                if p not in self.index:
                    raise RuleViolation("out_of_turn", f"{p} draws but has no seat "
                                        "in this hand", a.line)
                raise RuleViolation("out_of_turn", f"{p} draws out of turn: it is "
                                    f"{button_order[i]}'s turn to draw", a.line)
        count = a.count or 0
        if count > self.max_draw:
            raise RuleViolation("illegal_draw", f"{p} changes {plural(count, 'card')}; {self.game.title} "
                                f"allows at most {self.max_draw} per draw", a.line)
        held = self.hero_before.get(r.street) if p == self.hand.hero else None
        if held is not None and a.discarded:
            missing = []  # (a loop costs less than a comprehension's frame)
            for c in a.discarded:
                if c not in held:
                    missing.append(str(c))
            if missing:
                raise RuleViolation("illegal_draw", f"{p} discards {', '.join(missing)}, "
                                    "which the hand does not hold", a.line)
        if a.new_cards is not None and len(a.new_cards) != count:
            raise RuleViolation("illegal_draw", f"{p} discards {plural(count, 'card')} but receives "
                                f"{len(a.new_cards)}", a.line)

    def can_draw(self, a: Action) -> bool:
        """Whether the draw ``a`` is allowed now."""
        return _allowed(self.verify_draw, a)

    def apply_draw(self, a: Action) -> None:
        """Mark the player as having drawn this round."""
        p, r = a.player, self.round
        if p not in r.drawn:
            r.drawn.add(p)
            if p in self.index and p not in self.folded:
                r.undrawn -= 1

    # ---- the fold over the actions ------------------------------------------------------------

    def _start_street(self, street: str, _new=object.__new__) -> None:
        # [LA 127]: a round that begins heads-up has no cap; one that becomes heads-up keeps it.
        # Round(street, capped=..., undrawn=...) without the dataclass __init__, a third
        # faster (it checks every default): a round starts for every street of every hand.
        self.round = r = _new(Round)
        r.street = street
        r.bets = {}
        r.current = r.full_level = r.full_raise = ZERO
        r.bets_made = r.full_count = 0
        r.acted_at = {}
        r.acted_full = {}
        r.capped = not (self.rules.cap_heads_up == "lifted" and self._able_count == 2)
        r.drawn = set()
        if street == "predraw":
            r.undrawn = 0
            r.turn_from = None  # found from the blinds when first asked (_first_to_act)
        else:
            r.undrawn = self._live_count
            # _first_to_act's answer after a draw: the first player from the button.
            r.turn_from = self.index[self.from_button[0]] if self.from_button else 0
        r.draw_from = 0
        # limit_unit(street, small_bet, big_bet), without the call: read for every raise.
        hand = self.hand
        self._round_unit = hand.big_bet if street in BIG_BET_STREETS else hand.small_bet

    def run(self) -> Replay:
        """Replay every action once; findings collect in ``self.findings``."""
        if self.ran:
            return self
        self.ran = True
        actions = self.hand.actions
        street = "predraw"
        findings = self.findings
        trace = self.trace
        # Bound once: the loop runs for every action of every audited hand.
        next_to_act, verify_wager, apply_wager = (self.next_to_act, self._verify_wager,
                                                  self._apply_wager)
        plain_wager = self._plain_wager
        verify_draw, apply_draw = self.verify_draw, self.apply_draw
        verify_post, apply_post = self.verify_post, self.apply_post
        index, from_button = self.index, self.from_button
        ring, out, folded = self._ring, self._out, self.folded
        r = self.round
        for a in actions:
            if a.street != street:
                street = a.street
                self._start_street(street)
                r = self.round
            kind = a.kind
            if kind in WAGERS:
                p = a.player
                # next_to_act()'s first look, inline (a call per wager saved): the player after
                # the last actor, while nobody is to draw and two players can act, is the
                # one when they are the actor. Asked once: verifying does not change whose
                # turn it is.
                start = r.turn_from
                turn = None
                if start is not None and r.undrawn <= 0 and self._able_count > 1:
                    # Players out of the hand never act again: the first other seat from
                    # start is the one to ask (two able players mean one is found).
                    q = ring[start]
                    while q in out:
                        start += 1
                        q = ring[start]
                    if q == p and (p not in r.acted_at or r.bets.get(p, ZERO) < r.current):
                        turn = p
                if turn is None:
                    turn = next_to_act()
                if p == turn and kind == "fold":
                    # An in-turn fold is applied here, not in _plain_wager: the most frequent
                    # action, and a call less.
                    folded.add(p)
                    out.add(p)
                    self._live_count -= 1
                    self._able_count -= 1
                    if p not in r.drawn:
                        r.undrawn -= 1
                    r.acted_at[p] = r.bets.get(p, ZERO)
                    r.acted_full[p] = r.full_count
                    r.turn_from = index[p] + 1
                # In turn, most wagers are checked and applied in one step (_plain_wager).
                elif p != turn or not plain_wager(a, turn):
                    try:
                        verify_wager(a, turn)
                    except RuleViolation as v:
                        findings.append(Finding(v.kind, v.args[0], v.line))
                    apply_wager(a, turn)
            elif kind in DRAWS:
                try:
                    verify_draw(a)
                except RuleViolation as v:
                    findings.append(Finding(v.kind, v.args[0], v.line))
                    apply_draw(a)
                else:
                    # apply_draw, knowing what verify_draw has checked: the player has
                    # neither folded nor drawn this round (and, if the search for the drawer
                    # stopped at them, it may start after them next time).
                    p = a.player
                    r.drawn.add(p)
                    if p in index:
                        r.undrawn -= 1
                        i = r.draw_from
                        if i < self._order_len and from_button[i] == p:
                            r.draw_from = i + 1
            elif kind in POSTS:
                try:
                    verify_post(a)
                except RuleViolation as v:
                    findings.append(Finding(v.kind, v.args[0], v.line))
                apply_post(a)
            else:
                raise KeyError(kind)
            if trace:
                i = len(self.steps)  # one step per action so far: this action's index
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

    def options(self, p: str) -> str:
        """What ``p`` may legally do now, in words."""
        r = self.round
        mine = r.bets.get(p, ZERO)
        stack = self.stacks.get(p, ZERO)
        out = []
        if mine < r.current:
            out += ["fold", f"call {min(r.current - mine, stack)}"]
        else:
            out.append("check")
        if stack > r.current - mine and (r.current == 0 or self._may_raise(p)):
            if not (self.fixed_limit and r.capped and r.bets_made >= self.rules.cap_bets):
                low, high = self.raise_range(p)
                verb = "bet" if r.current == 0 else "raise to"
                out.append(f"{verb} {low}" if low == high else f"{verb} {low} to {high}")
        return ", ".join(out)


_SEAT_NUMBER = attrgetter("seat")


def _behind(stack: Decimal) -> str:
    """``only 0.25`` or, when earlier lines have overdrawn the stack, ``nothing``."""
    return f"only {stack}" if stack > ZERO else "nothing"


def _allowed(verify: Callable[[Action], None], a: Action) -> bool:
    try:
        verify(a)
    except RuleViolation:
        return False
    return True


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
