"""The line handlers most sites share: draw markers, showdown and summary markers, and the
betting lines (fold, check, call, bet, raise) most sites write alike. A site's builder
overrides what its site writes otherwise."""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar, Protocol

from hhtools.core.records import Action, Event
from hhtools.core.vocabulary import ActionKind, Street
from hhtools.sites.classifier import LineToken
from hhtools.sites.memo import _AMOUNTS


class _Helpers(Protocol):
    """The HandBuilder helpers the shared handlers call (a protocol, as HandBuilder, in
    hhtools.sites.builder, mixes these handlers in)."""

    DRAW_NAMES: ClassVar[dict[str | None, Street]]
    CALLS_ARE_TOTALS: ClassVar[bool]

    def new_street(self, street: Street) -> None: ...

    def money(self, tok: LineToken, text: str) -> Decimal: ...

    def act(self, tok: LineToken, player: str, kind: ActionKind) -> Action: ...

    def wager(self, tok: LineToken, player: str, kind: ActionKind, added: Decimal | None = None,
              to: Decimal | None = None, all_in: bool = False) -> Action: ...

    def add_event(self, event: Event) -> None: ...


class SharedHandlers:
    """Handlers mixed into HandBuilder (hhtools.sites.builder), whose helpers they call."""

    # ---- section markers most sites write alike ------------------------------------------------

    #: The word a draw marker captures, and the street it opens ("*** FIRST DRAW ***").
    DRAW_NAMES: ClassVar[dict[str | None, Street]] = {
        "FIRST": "draw1", "SECOND": "draw2", "THIRD": "draw3"}

    def on_DRAW(self: _Helpers, tok: LineToken, which: str | None) -> None:
        self.new_street(self.DRAW_NAMES[which])

    def on_SHOWDOWN(self, tok: LineToken) -> None:
        pass

    def on_SUMMARY(self, tok: LineToken) -> None:
        pass

    # ---- betting lines most sites write alike; a site overrides what it writes otherwise ------

    #: True where a call or bet line gives the player's total for the street (KingsClub), not
    #: the chips it adds (PokerStars, Full Tilt, Winamax).
    CALLS_ARE_TOTALS: ClassVar[bool] = False

    def on_FOLD(self: _Helpers, tok: LineToken, player: str) -> None:
        self.act(tok, player, "fold")

    def on_CHECK(self: _Helpers, tok: LineToken, player: str) -> None:
        self.act(tok, player, "check")

    def on_CALL(self: _Helpers, tok: LineToken, player: str, amount: str,
                all_in: str | None) -> None:
        _bet_line(self, tok, player, "call", amount, all_in)

    def on_BET(self: _Helpers, tok: LineToken, player: str, amount: str,
               all_in: str | None) -> None:
        _bet_line(self, tok, player, "bet", amount, all_in)

    def on_RAISE(self: _Helpers, tok: LineToken, player: str, amount: str,
                 all_in: str | None) -> None:
        value = _AMOUNTS.get(amount) or self.money(tok, amount)
        self.wager(tok, player, "raise", None, value, bool(all_in))

    def on_event(self: _Helpers, tok: LineToken, *fields: str | None) -> None:
        """A table event (an %ignore'd terminal of the grammar), kept in order."""
        kind = tok.type[3:].lower() if tok.type.startswith("EV_") else tok.type.lower()
        self.add_event(Event(kind, fields[0] if fields else None, tok.text, tok.line))


def _bet_line(builder: _Helpers, tok: LineToken, player: str, kind: ActionKind, amount: str,
              all_in: str | None) -> None:
    value = _AMOUNTS.get(amount) or builder.money(tok, amount)
    if builder.CALLS_ARE_TOTALS:
        builder.wager(tok, player, kind, None, value, bool(all_in))
    else:
        builder.wager(tok, player, kind, value, None, bool(all_in))
