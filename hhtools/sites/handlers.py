"""The line handlers most sites share: draw markers, showdown and summary markers, and the
betting lines (fold, check, call, bet, raise) most sites write alike. A site's builder
overrides what its site writes otherwise."""

from __future__ import annotations

from hhtools.core.records import Event
from hhtools.sites.classifier import LineToken
from hhtools.sites.memo import _AMOUNTS


class SharedHandlers:
    """Handlers mixed into HandBuilder (hhtools.sites.builder), whose helpers they call."""

    # ---- section markers most sites write alike ------------------------------------------------

    #: The word a draw marker captures, and the street it opens ("*** FIRST DRAW ***").
    DRAW_NAMES = {"FIRST": "draw1", "SECOND": "draw2", "THIRD": "draw3"}

    def on_DRAW(self, tok, which):
        self.new_street(self.DRAW_NAMES[which])

    def on_SHOWDOWN(self, tok):
        pass

    def on_SUMMARY(self, tok):
        pass

    # ---- betting lines most sites write alike; a site overrides what it writes otherwise ------

    #: True where a call or bet line gives the player's total for the street (KingsClub), not
    #: the chips it adds (PokerStars, Full Tilt, Winamax).
    CALLS_ARE_TOTALS = False

    def on_FOLD(self, tok, player):
        self.act(tok, player, "fold")

    def on_CHECK(self, tok, player):
        self.act(tok, player, "check")

    def on_CALL(self, tok, player, amount, all_in):
        self._bet_line(tok, player, "call", amount, all_in)

    def on_BET(self, tok, player, amount, all_in):
        self._bet_line(tok, player, "bet", amount, all_in)

    def _bet_line(self, tok, player, kind, amount, all_in):
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        if self.CALLS_ARE_TOTALS:
            self.wager(tok, player, kind, None, value, bool(all_in))
        else:
            self.wager(tok, player, kind, value, None, bool(all_in))

    def on_RAISE(self, tok, player, amount, all_in):
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        self.wager(tok, player, "raise", None, value, bool(all_in))

    def on_event(self, tok: LineToken, *fields) -> None:
        """A table event (an %ignore'd terminal of the grammar), kept in order."""
        kind = tok.type[3:].lower() if tok.type.startswith("EV_") else tok.type.lower()
        self.add_event(Event(kind, fields[0] if fields else None, str(tok), tok.line))
