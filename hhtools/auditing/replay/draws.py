"""The draw rules of the replay: who draws next, how many cards, and what the hero throws.

``DrawRules`` is one part of ``hhtools.auditing.replay.engine.Replay`` (which holds the state it reads). A draw
is checked by ``verify_draw`` (raising RuleViolation with the history's line) and applied by
``apply_draw``.
"""

from __future__ import annotations

from hhtools.auditing.findings import RuleViolation
from hhtools.core.records import STREETS, Action
from hhtools.core.words import plural


class DrawRules:
    """Draws in turn, once per round, within the game's limit (mixed into Replay)."""

    def next_to_draw(self) -> str | None:
        """The player whose turn it is to draw (clockwise from the button), or None."""
        r = self.round
        if r.street == "predraw" or self._live_count < 2:
            return None
        # Players before ``draw_from`` have drawn or folded, which they stay for the round.
        order, folded, drawn = self.from_button, self.folded, r.drawn
        i = r.draw_from
        while i < len(order) and (order[i] in folded or order[i] in drawn):
            i += 1
        r.draw_from = i
        return order[i] if i < len(order) else None

    def verify_draw(self, a: Action) -> None:
        """A draw in turn, once per round, within the game's limit, with matching replacements."""
        p, r = a.player, self.round
        if r.street == "predraw":
            raise RuleViolation("illegal_draw", f"{p} draws before the first betting round "
                                "is over", a.line, "draw order")
        if r.street not in STREETS[1:self.game.draws + 1]:
            raise RuleViolation("illegal_draw", f"{p} draws after the last draw of "
                                f"{self.game.title}, which has {plural(self.game.draws, 'draw')}",
                                a.line, "draws per hand")
        if p in self.folded:
            raise RuleViolation("out_of_turn", f"{p} draws after folding", a.line)
        if p in r.drawn:
            raise RuleViolation("illegal_draw", f"{p} draws twice in the same round", a.line,
                                "one draw a round")
        expected = self.next_to_draw()
        if expected is not None and expected != p:
            if p not in self.index:
                raise RuleViolation("out_of_turn", f"{p} draws but has no seat in this hand",
                                    a.line)
            raise RuleViolation("out_of_turn", f"{p} draws out of turn: it is {expected}'s "
                                "turn to draw", a.line)
        count = a.count or 0
        if count > self.max_draw:
            raise RuleViolation("illegal_draw", f"{p} changes {plural(count, 'card')}; {self.game.title} "
                                f"allows at most {self.max_draw} per draw", a.line, "draw size")
        held = self.hero_before.get(r.street) if p == self.hand.hero else None
        if held is not None and a.discarded:
            missing = [str(c) for c in a.discarded if c not in held]
            if missing:
                raise RuleViolation("illegal_draw", f"{p} discards {', '.join(missing)}, "
                                    "which the hand does not hold", a.line, "cards held")
        if a.new_cards is not None and len(a.new_cards) != count:
            raise RuleViolation("illegal_draw", f"{p} discards {plural(count, 'card')} but receives "
                                f"{len(a.new_cards)}", a.line, "replacements")

    def apply_draw(self, a: Action) -> None:
        """Mark the player as having drawn this round."""
        p, r = a.player, self.round
        if p not in r.drawn:
            r.drawn.add(p)
            if p in self.index and p not in self.folded:
                r.undrawn -= 1
