"""A tournament hand's rows for the store's ``tournaments`` and ``tournament_finishes`` tables
(see hhtools.store.tables.SCHEMAS): the header's buy-in, bounty, fee and level, and each finish the
hand prints (``P finished the tournament in 3rd place and received $1.60.``, ``P wins the
tournament and receives $7.20 - congratulations!``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, Protocol, cast

from hhtools.core.money import parse_amount
from hhtools.core.records import Hand
from hhtools.errors import HHToolsError
from hhtools.sites import get_site

#: Event kinds that are a finish, and the grammar terminal each comes from.
FINISH_EVENTS = {"finished": "EV_FINISHED", "wins_tournament": "EV_WINS_TOURNAMENT"}


class Table(Protocol):
    """A table of ``hhtools.store.rows`` (which imports this module), as far as it is used here."""

    def add(self, site: str, hand_id: str, rows: Sequence[Any]) -> None: ...


class _Token(Protocol):
    """What a site's classifier says of a line: its kind and the fields it captured."""

    type: str
    value: Any


def add_tournament(rows: Mapping[str, Table], hand: Hand) -> None:
    """Append the tournament rows of ``hand`` (which has a tournament) to ``rows``
    (``hhtools.store.rows.new_rows()``)."""
    t = hand.tournament
    if t is None:
        return
    rows["tournaments"].add(hand.site, hand.hand_id, [
        (t.id, t.buy_in, t.bounty, t.fee, t.currency, t.level)])
    if any(e.kind in FINISH_EVENTS for e in hand.events):
        rows["tournament_finishes"].add(hand.site, hand.hand_id, finishes(hand))


def finishes(hand: Hand) -> list[tuple[str, int, Decimal | None, int]]:
    """(player, place, prize or None, line) of each finish ``hand`` prints, in order.

    The events keep a line's text; its fields are read back with the site's own grammar, the
    one place where the wording is written down (its builder already checked the numbers).
    """

    out = []
    for e in hand.events:
        terminal = FINISH_EVENTS.get(e.kind)
        if terminal is None:
            continue
        try:
            tok = cast(_Token, get_site(hand.site).classifier.token(e.text, e.line))
        except HHToolsError:
            continue  # a site without a grammar (PHH) prints no finish line
        if tok.type != terminal:
            continue
        if terminal == "EV_FINISHED":
            player, place, prize = tok.value
        else:
            (player, prize), place = tok.value, "1"
        out.append((player, int(place), parse_amount(prize) if prize else None, e.line))
    return out
