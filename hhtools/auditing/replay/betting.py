"""The betting rules of the replay: whose turn it is, what a player may bet, blinds and antes.

``Betting`` is the betting part of ``hhtools.auditing.replay.engine.Replay``: it holds the
round's state (``Round``) and the hand's betting terms, and reads the table
(``hhtools.auditing.replay.table``: stacks, what each player has paid, who has folded or is all
in, the seat order) and, for whether a draw holds the betting back, the draw part. Each action
kind is checked by one ``verify_*`` (raising RuleViolation with the history's line and the rule
broken) and applied by one ``apply_*``; the fixed-limit raise rule is ``limit_sizes`` and
``_raise_to``, the pot and no limit sizes are ``raise_range``.
"""

from __future__ import annotations

from decimal import Decimal

from hhtools.auditing.replay.draws import Draws
from hhtools.auditing.replay.table import ZERO, Table
from hhtools.auditing.rules import RuleProfile
from hhtools.auditing.sizes import (
    half_pot_limit_max_to,
    is_full_raise,
    limit_unit,
    may_reraise,
    min_raise_to,
    pot_limit_max_to,
)
from hhtools.core.games import Game
from hhtools.core.records import Action, Hand
from hhtools.errors import RuleViolation


class Round:
    """The state of one betting round (the draw before it is the draw part's).

    A plain class with its ``__init__`` written out, not a dataclass: mypyc compiles what is
    written, and a dataclass's generated ``__init__`` stays interpreted. One is made a hand
    replayed and made each next street's in place (``begin``)."""

    __slots__ = ("acted_at", "acted_full", "after_short_all_in", "bets", "bets_made", "capped",
                 "current", "full_count", "full_level", "full_raise", "short_level", "street",
                 "turn_from", "unit")

    def __init__(self, street: str, capped: bool = True, unit: Decimal = ZERO,
                 slots: int = 0) -> None:
        #: Per slot (``Table``): what that player has bet this round.
        self.bets: list[Decimal] = [ZERO] * slots
        #: Per slot: the round's bet when that player acted (None: not yet), and full_count
        #: then (-1: not yet).
        self.acted_at: list[Decimal | None] = [None] * slots
        self.acted_full: list[int] = [-1] * slots
        self._begin(street, capped, unit)

    def begin(self, street: str, capped: bool, unit: Decimal) -> None:
        """This round's object and lists made a new round's, in place: a hand plays three or
        four rounds, and making each anew (four objects and their freeing) cost more than
        setting its few slots back."""
        bets, acted_at, acted_full = self.bets, self.acted_at, self.acted_full
        for s in range(len(bets)):
            bets[s] = ZERO
            acted_at[s] = None
            acted_full[s] = -1
        self._begin(street, capped, unit)

    def _begin(self, street: str, capped: bool, unit: Decimal) -> None:
        self.street = street
        #: Whether the fixed-limit cap applies ([LA 127]: not in a round that begins heads-up).
        self.capped = capped
        self.current = ZERO
        #: The level of the last full bet or raise, and the size of the last full raise.
        self.full_level = ZERO
        self.full_raise = ZERO
        #: Full bets so far (fixed-limit cap), and a counter of full raises for reopening.
        self.bets_made = 0
        self.full_count = 0
        #: Where the search for the next player to act starts (index into the seat order).
        self.turn_from: int | None = None
        #: Fixed limit under the ``either`` short all-in practice: the level of a short all-in
        #: of half a bet or more, from which the next raise may also be counted (0: none
        #: pending).
        self.short_level = ZERO
        #: Whether an all-in short of a full bet has raised the bet since the last full raise:
        #: the next raise's size then depends on the profile's short all-in practice.
        self.after_short_all_in = False
        #: Fixed limit: the size of every bet and raise of this round.
        self.unit = unit

    def add_slot(self) -> None:
        """A slot added to the table (``Table.add_slot``): nothing bet, not acted."""
        self.bets.append(ZERO)
        self.acted_at.append(None)
        self.acted_full.append(-1)


class Betting:
    """Turns, wagers, blinds and antes."""

    __slots__ = ("actions", "big_bet", "big_bet_from", "big_blind", "draws", "fixed_limit",
                 "round", "rules", "small_bet", "small_blind", "structure", "table", "unit")

    def __init__(self, table: Table, draws: Draws, hand: Hand, game: Game, rules: RuleProfile,
                 unit: Decimal) -> None:
        self.table = table
        self.draws = draws
        self.rules = rules
        #: The chip unit (the rounding step of half pot limit sizes).
        self.unit = unit
        self.structure = hand.structure
        self.fixed_limit = hand.structure == "fixed-limit"
        self.big_blind = hand.big_blind or hand.small_bet
        self.small_blind = hand.small_blind
        self.small_bet, self.big_bet = hand.small_bet, hand.big_bet
        self.big_bet_from = game.big_bet_from
        #: The posts, where the first betting round's first player is found.
        self.actions = hand.actions
        self.round = self.start_round("predraw")

    # ---- who acts ---------------------------------------------------------------------------

    def next_to_act(self) -> str | None:
        """The player whose turn it is to bet, or None when the round is closed."""
        s = self.next_slot()
        return None if s < 0 else self.table.order[s]

    def next_slot(self) -> int:
        """The slot of the player whose turn it is to bet, or -1 when the round is closed."""
        if self.draws.undrawn > 0:
            return -1
        r, t = self.round, self.table
        out = t.out_at
        n = t.order_len
        if t.able_count < 2:  # (at least two able players means at least two live)
            if t.live_count < 2 or not t.able_count:
                return -1
            # Everyone else is all in: the last player acts only if they have not matched.
            for s in range(n):
                if not out[s]:
                    return s if r.bets[s] < r.current else -1
        if r.turn_from is None:
            r.turn_from = self.first_to_act(r.street)
        # Clockwise from the seat after the last actor (or the first to act), round the ring
        # of the ``n`` players in the hand (their slots are their places in the seat order).
        acted, bets, current = r.acted_at, r.bets, r.current
        start = r.turn_from
        for i in range(start, start + n):
            s = i if i < n else i - n
            if not out[s] and (acted[s] is None or bets[s] < current):
                return s
        return -1

    def first_to_act(self, street: str) -> int:
        if street == "predraw":
            return self._left_of_big_blind()
        return self.table.button_at

    def _left_of_big_blind(self) -> int:
        """The seat after the big blind's; heads-up that is the button, who posted the small
        blind."""
        index = self.table.index
        for kind in ("post_bb", "post_blind", "post_dead", "post_sb"):
            for a in self.actions:
                if a.kind == kind and a.player in index:
                    return index[a.player] + 1
        return self.table.button_at

    # ---- wagers -------------------------------------------------------------------------------

    def verify_wager(self, a: Action, s: int, expected: int) -> None:
        """Raise RuleViolation if ``a`` (fold, check, call, bet, raise) by slot ``s`` breaks a
        rule; ``expected`` is next_slot()."""
        p = a.player
        if s != expected:
            self._verify_turn(a, s, expected)
            return
        kind = a.kind
        if kind == "fold":
            return
        r = self.round
        added = a.amount or ZERO
        stack = self.table.stack[s]
        if added > stack:
            raise RuleViolation("stack_exceeded", f"{p} puts in {added} with {_behind(stack)} "
                                "behind", a.line, "stack")
        mine = r.bets[s]
        if kind == "check":
            if mine < r.current:
                raise RuleViolation("illegal_bet", f"{p} checks facing a bet of {r.current}",
                                    a.line, "check")
            return
        if kind == "call":
            owed = min(r.current - mine, stack)
            if owed <= ZERO:
                raise RuleViolation("illegal_bet", f"{p} calls with nothing to call", a.line,
                                    "call")
            if added != owed:
                raise RuleViolation("illegal_bet", f"{p} calls {added} but the call is {owed}",
                                    a.line, "call")
            return
        to = mine + added
        all_in = a.all_in or added == stack
        # (The round's bet is never below 0, so it is above 0 when it is not 0: asked of the
        # Decimal alone, without a comparison.)
        if kind == "bet" and r.current:
            raise RuleViolation("illegal_bet", f"{p} bets but there is already a bet of "
                                f"{r.current}", a.line, "bet size")
        if kind == "raise" and not r.current:
            raise RuleViolation("illegal_bet", f"{p} raises but nobody has bet", a.line,
                                "bet size")
        if to <= r.current:
            raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to}, not above the "
                                f"{r.current} already bet", a.line, "bet size")
        if r.current and not self.may_raise_slot(s):
            raise RuleViolation("illegal_bet", f"{p} raises to {to}, but the betting was not "
                                "reopened: the all-in since their last action was not a full "
                                "raise", a.line, "short all-in")
        if self.fixed_limit:
            if r.capped and r.bets_made >= self.rules.cap_bets:
                raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to} after the betting "
                                    f"was capped at {self.rules.cap_bets} bets", a.line, "cap")
            sizes = self.limit_sizes()
            if to not in sizes and not (all_in and to < sizes[-1]):
                # A short all-in in this round left the bet above the last full level: the
                # size then depends on the site's short all-in practice.
                rule = "short all-in" if r.after_short_all_in else "bet size"
                raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to}; fixed limit "
                                    f"allows {' or '.join(map(str, sizes))} here", a.line, rule)
            return
        low, high = self.raise_range_slot(s)
        if to > high or (to < low and not all_in):
            size = str(low) if low == high else f"{low} to {high}"
            raise RuleViolation("illegal_bet", f"{p} {a.kind}s to {to}; "
                                f"{self.structure.replace('-', ' ')} allows {size} here",
                                a.line, "bet size")

    def _verify_turn(self, a: Action, s: int, expected: int) -> None:
        """Raise for a wager by slot ``s``, not ``expected`` (only an all-in player may fold)."""
        p, t = a.player, self.table
        if s >= t.order_len:
            raise RuleViolation("out_of_turn", f"{p} acts but has no seat in this hand", a.line)
        if t.folded_at[s]:
            raise RuleViolation("out_of_turn", f"{p} acts after folding", a.line)
        if t.all_in_at[s]:
            if a.kind == "fold":
                return  # pointless but harmless: sites fold all-in players who sit out
            raise RuleViolation("out_of_turn", f"{p} acts after going all in", a.line)
        if t.live_count < 2:
            # Everyone else has folded: the hand is over and the pot is this player's.
            raise RuleViolation("out_of_turn", f"{p} {a.kind}s after everyone else has "
                                "folded: the hand is already over", a.line)
        if expected < 0:
            if self.draws.undrawn > 0:
                raise RuleViolation("out_of_turn", f"{p} bets before "
                                    f"{self.draws.next_to_draw()} has drawn", a.line)
            raise RuleViolation("out_of_turn", f"{p} acts but the betting round is closed",
                                a.line)
        raise RuleViolation("out_of_turn", f"{p} acts out of turn: it is "
                            f"{t.order[expected]}'s turn", a.line)

    def may_raise(self, p: str) -> bool:
        """Whether the betting is open to ``p`` for a raise (RULES.md 5, "Short all-in")."""
        return self.may_raise_slot(self.table.slot[p])

    def may_raise_slot(self, s: int) -> bool:
        """``may_raise`` of slot ``s``."""
        r = self.round
        # Limit raises are one unit, whatever the blinds; elsewhere the last full raise.
        full_raise = r.unit if self.fixed_limit else (r.full_raise or self.big_blind)
        return may_reraise(r.acted_at[s], r.full_count > r.acted_full[s], r.current,
                           full_raise)

    def limit_sizes(self) -> tuple[Decimal, ...]:
        """Fixed limit: the round totals a full bet or raise may make now, smallest first.

        One size (the last full level plus a bet), and under the ``either`` short all-in
        practice also the pending short all-in plus a bet.
        """
        r = self.round
        to = (r.full_level if r.current else ZERO) + r.unit
        if r.short_level:
            return to, r.short_level + r.unit
        return (to,)

    def raise_range(self, p: str) -> tuple[Decimal, Decimal]:
        """The smallest and largest full bet or raise ``p`` may make now (round totals)."""
        return self.raise_range_slot(self.table.slot[p])

    def raise_range_slot(self, s: int) -> tuple[Decimal, Decimal]:
        """``raise_range`` of slot ``s``."""
        r = self.round
        if self.fixed_limit:
            sizes = self.limit_sizes()
            return sizes[0], sizes[-1]
        mine = r.bets[s]
        stack = self.table.stack[s]
        low = min_raise_to(r.current, r.full_raise, self.big_blind)
        # (Every slot's total, those not in ``paid`` being 0: adding 0 changes neither the
        # value nor the digits of the sum, which starts at 0.)
        pot = sum(self.table.put, ZERO)
        if self.rules.pl_round_sb and r.street == "predraw":
            pot += self._dead_small_blind_gap()
        if self.structure == "pot-limit":
            high = pot_limit_max_to(r.current, mine, pot)
        elif self.structure == "half-pot-limit":
            high = half_pot_limit_max_to(r.current, mine, pot, self.unit, self.rules.hpl_rounding)
        else:
            high = mine + stack
        high = max(high, low)
        return low, min(high, mine + stack)

    def _dead_small_blind_gap(self) -> Decimal:
        """[LA 187]: the small blind counts as a big blind when sizing the pot before the draw."""
        sb = self.small_blind
        return (self.big_blind - sb) if sb and sb < self.big_blind else ZERO

    def apply_wager(self, a: Action, s: int, turn: int) -> None:
        """Change the state for a fold, check, call, bet or raise (legal or not) by slot ``s``;
        ``turn`` is next_slot() before the action."""
        r, t = self.round, self.table
        bets = r.bets
        if a.kind == "fold":
            if not t.folded_at[s]:
                if t.live_count == 1 and s < t.order_len:
                    # The last player in the hand cannot fold it away: the pot is theirs
                    # (_verify_turn has said so); the fold is not applied.
                    return
                if t.fold(s):
                    self.draws.fold(s)
            r.acted_at[s] = bets[s]
        else:
            added = a.amount
            if added:
                t.put_in(s, added, a.all_in)
                mine = bets[s] = bets[s] + added
                if mine > r.current:
                    self._raise_to(mine)
            else:
                # A check (about a quarter of the wagers replayed) puts nothing in: what the sums
                # above come to, without their Decimal arithmetic (adding 0 changes neither
                # the value nor the digits of an amount read from a history). Nor does it
                # raise the bet: ``current`` is the most anyone has in, raised with each bet.
                t.put_in_nothing(s, a.all_in)
                mine = bets[s]
            r.acted_at[s] = mine
        r.acted_full[s] = r.full_count
        # An out-of-turn action does not move the turn: the skipped player is still next
        # (a turn is always one of the players in the hand, whose slot is their place).
        if turn == s:
            r.turn_from = s + 1

    def _raise_to(self, to: Decimal) -> None:
        """The round's bet goes up to ``to``: a full raise, or a short all-in (RULES.md 5)."""
        r = self.round
        if self.fixed_limit:
            size = r.unit
            increment = to - (r.full_level if r.current else ZERO)
            full = increment >= size
            r.after_short_all_in = not full
            if not full and 2 * increment >= size:
                # A short all-in of half a bet or more: the profile's practice.
                practice = self.rules.limit_short_all_in
                if practice == "half-bet":
                    full = True
                elif practice != "full-raise":
                    # Reopened, the level kept: players who acted may raise again.
                    r.full_count += 1
                    if practice == "either":
                        r.short_level = to
        else:
            size = max(r.full_raise, self.big_blind)
            full = is_full_raise(to - r.current, size, False, False)
            size = max(size, to - r.current)
        if full:
            r.full_level, r.full_raise = to, size
            r.bets_made += 1
            r.full_count += 1
            r.short_level = ZERO
        r.current = to

    def start_round(self, street: str, reuse: Round | None = None) -> Round:
        """A new betting round (``reuse`` made the new one in place, when given);
        [LA 127]: one that begins heads-up may have no cap."""
        t = self.table
        heads_up = self.rules.cap_heads_up
        uncapped = t.able_count == 2 and (
            heads_up == "lifted" or (heads_up == "dealt-heads-up" and t.order_len == 2))
        unit = limit_unit(street, self.small_bet, self.big_bet, self.big_bet_from)
        if reuse is None:
            r = Round(street, capped=not uncapped, unit=unit, slots=len(t.names))
        else:
            r = reuse
            r.begin(street, not uncapped, unit)
        if street != "predraw":
            r.turn_from = self.first_to_act(street)
        return r

    # ---- posts --------------------------------------------------------------------------------

    def verify_post(self, a: Action, s: int) -> None:
        """A blind or ante (by slot ``s``) may not cost more than the poster's stack."""
        stack = self.table.stack[s]
        amount = a.amount or ZERO
        if amount > stack and amount:
            if a.player not in self.table.seat_of:
                raise RuleViolation("out_of_turn", f"{a.player} posts {amount} but has no "
                                    "seat in this hand", a.line)
            raise RuleViolation("stack_exceeded", f"{a.player} posts {amount} with "
                                f"{_behind(stack)} behind", a.line, "stack")

    def apply_post(self, a: Action, s: int) -> None:
        """Blinds count toward the round's bet (the big blind as its first bet); antes do not."""
        r, p, to, t = self.round, a.player, a.to, self.table
        amount = a.amount or ZERO
        t.put_in(s, amount, a.all_in)
        if a.kind == "post_ante":
            # An ante is no bet of the round, but it is no dead money either: it is layered
            # with the player's other chips, so a player all in for less than the ante can
            # win only what each other player's ante matches (RULES.md, side pots).
            return
        live = ZERO if to is None else to - r.bets[s]
        if amount > live:
            # The dead part of a blind (a dead small blind): in the main pot, never returned.
            t.dead[p] = t.dead.get(p, ZERO) + amount - live
        if to is None:
            return
        r.bets[s] = to
        if to > r.current:
            r.current = to
            if a.kind != "post_sb":
                r.full_level = to
                r.full_raise = to
                r.bets_made = max(r.bets_made, 1)

    # ---- what a player may do, in words ----------------------------------------------------

    def options(self, p: str) -> str:
        """What ``p`` may legally do now, in words."""
        r = self.round
        s = self.table.slot[p]
        mine = r.bets[s]
        stack = self.table.stack[s]
        out = []
        if mine < r.current:
            out += ["fold", f"call {min(r.current - mine, stack)}"]
        else:
            out.append("check")
        if stack > r.current - mine and (r.current == 0 or self.may_raise_slot(s)):
            verb = "bet" if r.current == 0 else "raise to"
            if self.fixed_limit:
                if not (r.capped and r.bets_made >= self.rules.cap_bets):
                    out.append(f"{verb} {' or '.join(map(str, self.limit_sizes()))}")
            else:
                low, high = self.raise_range_slot(s)
                out.append(f"{verb} {low}" if low == high else f"{verb} {low} to {high}")
        return ", ".join(out)


def _behind(stack: Decimal) -> str:
    """``only 0.25`` or, when earlier lines have overdrawn the stack, ``nothing``."""
    return f"only {stack}" if stack > ZERO else "nothing"


