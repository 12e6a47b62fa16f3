"""The draw rules of the replay: who draws next, how many cards, and what the hero throws.

``Draws`` is the draw part of ``hhtools.auditing.replay.engine.Replay``: it holds the draw
round's own state (who has drawn, how many have not) and reads the table
(``hhtools.auditing.replay.table``) for who is still in the hand. A draw is checked by
``verify_draw`` (raising RuleViolation with the history's line) and applied by ``apply_draw``.
"""

from __future__ import annotations

from hhtools.auditing.replay.table import Table
from hhtools.core.cards import Card
from hhtools.core.games import Game
from hhtools.core.records import STREETS, Action, Hand
from hhtools.core.words import plural
from hhtools.errors import RuleViolation


class Draws:
    """Draws in turn, once per round, within the game's limit."""

    __slots__ = ("button_slots", "draw_from", "draw_streets", "drawing", "drawn_at", "game",
                 "hero", "hand", "hero_before", "max_draw", "street", "table", "undrawn")

    def __init__(self, table: Table, hand: Hand, game: Game, max_draw: int) -> None:
        self.table = table
        self.game = game
        #: The most cards a player may change per draw (the profile's limit for the game).
        self.max_draw = max_draw
        #: The streets that begin with a draw in this game.
        self.draw_streets = STREETS[1:game.draws + 1]
        self.hand = hand
        self.hero = hand.hero
        #: The hero's hand before each street's draw, found at the hero's first draw that
        #: lists its discards (None until then: most hands never need it).
        self.hero_before: dict[str, tuple[Card, ...]] | None = None
        self.street = "predraw"
        #: Whether ``street`` begins with a draw: asked once a street, not at every draw.
        self.drawing = False
        #: Per slot (``Table``), whether that player has drawn this round.
        self.drawn_at = [False] * len(table.names)
        #: The slots of ``table.from_button``: the draw order (a player's slot is their place
        #: in the seat order, which ``from_button`` starts at ``button_at``).
        first, n = table.button_at, table.order_len
        self.button_slots: list[int] = [i if i < n else i - n for i in range(first, first + n)]
        #: Live players who have not drawn yet this round (kept as players draw or fold, so
        #: that asking whose turn it is does not scan the table); 0 before the first draw,
        #: where nobody draws (and so no count can hold the betting back).
        self.undrawn = 0
        #: Where the search for the next player to draw starts (index into ``from_button``):
        #: players before it have drawn or folded, which they stay for the rest of the round.
        self.draw_from = 0

    def start(self, street: str) -> None:
        """A new street: its draw (none before the first betting round)."""
        self.street = street
        self.drawing = street in self.draw_streets
        drawn = self.drawn_at  # (set back in place: one list a hand, not one a street)
        for s in range(len(drawn)):
            drawn[s] = False
        self.undrawn = 0 if street == "predraw" else self.table.live_count
        self.draw_from = 0

    def add_slot(self) -> None:
        """A slot added to the table (``Table.add_slot``): not drawn."""
        self.drawn_at.append(False)

    @property
    def drawn(self) -> set[str]:
        """The players who have drawn this round."""
        names = self.table.names
        return {names[s] for s, drawn in enumerate(self.drawn_at) if drawn}

    def fold(self, s: int) -> None:
        """Slot ``s``, one of the players in the hand, has folded: no draw to wait for."""
        if not self.drawn_at[s]:
            self.undrawn -= 1

    def next_to_draw(self) -> str | None:
        """The player whose turn it is to draw (clockwise from the button), or None."""
        s = self.next_slot()
        return None if s < 0 else self.table.names[s]

    def next_slot(self) -> int:
        """The slot of the player whose turn it is to draw, or -1."""
        t = self.table
        if self.street == "predraw" or t.live_count < 2:
            return -1
        # Players before ``draw_from`` have drawn or folded, which they stay for the round.
        order, folded, drawn = self.button_slots, t.folded_at, self.drawn_at
        i = self.draw_from
        while i < len(order) and (folded[order[i]] or drawn[order[i]]):
            i += 1
        self.draw_from = i
        return order[i] if i < len(order) else -1

    def verify_draw(self, a: Action, s: int) -> None:
        """A draw in turn (by slot ``s``), once per round, within the game's limit, with
        matching replacements."""
        p, street, game = a.player, self.street, self.game
        if not self.drawing:
            if street == "predraw":
                raise RuleViolation("illegal_draw", f"{p} draws before the first betting "
                                    "round is over", a.line, "draw order")
            raise RuleViolation("illegal_draw", f"{p} draws after the last draw of "
                                f"{game.title}, which has {plural(game.draws, 'draw')}",
                                a.line, "draws per hand")
        t = self.table
        if t.folded_at[s]:
            raise RuleViolation("out_of_turn", f"{p} draws after folding", a.line)
        if self.drawn_at[s]:
            raise RuleViolation("illegal_draw", f"{p} draws twice in the same round", a.line,
                                "one draw a round")
        expected = self.next_slot()
        if expected >= 0 and expected != s:
            if s >= t.order_len:
                raise RuleViolation("out_of_turn", f"{p} draws but has no seat in this hand",
                                    a.line)
            raise RuleViolation("out_of_turn", f"{p} draws out of turn: it is "
                                f"{t.names[expected]}'s turn to draw", a.line)
        count = a.count or 0
        if count > self.max_draw:
            raise RuleViolation("illegal_draw", f"{p} changes {plural(count, 'card')}; "
                                f"{game.title} allows at most {self.max_draw} per draw", a.line,
                                "draw size")
        discarded = a.discarded
        if discarded and p == self.hero:
            if self.hero_before is None:
                self.hero_before = _hero_before(self.hand)
            held = self.hero_before.get(street)
            missing = [] if held is None else [str(c) for c in discarded if c not in held]
            if missing:
                raise RuleViolation("illegal_draw", f"{p} discards {', '.join(missing)}, "
                                    "which the hand does not hold", a.line, "cards held")
        if a.new_cards is not None and len(a.new_cards) != count:
            raise RuleViolation("illegal_draw", f"{p} discards {plural(count, 'card')} but "
                                f"receives {len(a.new_cards)}", a.line, "replacements")

    def apply_draw(self, s: int) -> None:
        """Mark slot ``s`` as having drawn this round."""
        if not self.drawn_at[s]:
            self.drawn_at[s] = True
            if s < self.table.order_len and not self.table.folded_at[s]:
                self.undrawn -= 1


def _hero_before(hand: Hand) -> dict[str, tuple[Card, ...]]:
    """The hero's hand before each street's draw, to check discards against it: the last hand
    known, kept through a stand-pat, unknown after a draw whose cards are unknown."""
    out: dict[str, tuple[Card, ...]] = {}
    if not hand.hero_cards:
        return out
    known = {hc.street: hc.cards for hc in hand.hero_cards}
    drew: set[str] | None = None  # the streets where the hero drew, found only when needed
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
