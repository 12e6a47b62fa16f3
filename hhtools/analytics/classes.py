"""Strength classes of draw hands, in the words draw players use: "a 9-low", "a J-Badugi",
"a three-card 5", and what counts as *made* in each game (docs/stats.md gives the reasons).

A class is read from the component's own evaluation (hhtools.core.evaluate), so it never disagrees
with the showdown: only the grouping of ranks into classes is decided here.

>>> from hhtools.core.cards import parse_cards
>>> from hhtools.core.games import Game, get_game
>>> [c.label for c in hand_classes(get_game("2-7"), parse_cards("Kc 8d 5h 4s 2c"))]
['J-low or worse']
>>> made(get_game("2-7"), parse_cards("Kc 8d 5h 4s 2c")), made(get_game("2-7"), parse_cards("9c 8d 5h 4s 2c"))
(False, True)
>>> [c.label for c in hand_classes(get_game("badeucy"), parse_cards("8c 6c 4d 3d 2h"))]
['three-card 6', '8-low']
>>> made(get_game("badeucy"), parse_cards("8c 6c 4d 3d 2h"))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

import polars as pl

from hhtools.core.cards import Card, parse_cards
from hhtools.core.evaluate import BadugiComponent, Component, Evaluation, FiveCardHigh, FiveCardLow
from hhtools.core.games import Game, get_game
from hhtools.core.written import class_rows
from hhtools.errors import HHToolsError

#: The worst top card of a made low (2-7 and A-5): a ten-low or better. A jack-low or worse
#: is a hand players keep drawing to, or stand pat on only as a snow (docs/stats.md).
MADE_LOW_TOP = "T"
#: What "made" means, per component, as the report and ``hhtools stats`` print it.
MADE_MEANS = {
    "badugi": "a four-card Badugi",
    "badugi-ace-high": "a four-card Badugi (aces high)",
    "2-7": "an unpaired T-low or better (no straight, no flush)",
    "a-5": "an unpaired T-low or better",
    "high": "a straight or better",
}
#: The top cards a class of its own is given in each low, down to ``MADE_LOW_TOP`` at least;
#: a worse top card joins the last class.
_LOW_TOPS = {"2-7": "789T", "a-5": "56789T"}
#: Badugi: four-card hands have a class per top card from these on; three-card hands from 5.
_BADUGI_BEST_TOP = "7"
_THREE_CARD_TOPS = "567"
_HIGH_NAMES = ("high card", "one pair", "two pair", "three of a kind", "straight or better")


class HandClass(NamedTuple):
    """One component's class of a hand: ``order`` sorts classes best first."""

    component: str
    order: int
    label: str
    made: bool


def component_class(component: Component, ev: Evaluation) -> HandClass:
    """The class of ``ev``, a hand scored by ``component``."""
    name = component.name
    if isinstance(component, BadugiComponent):
        order = component.order
        minus_size, letters = component.key(ev.rank)
        size, top = -minus_size, order.index(letters[0])
        if size == 4:
            best = order.index(_BADUGI_BEST_TOP)
            if top <= best:
                return HandClass(name, 0, f"{_BADUGI_BEST_TOP}-Badugi or better", True)
            return HandClass(name, top - best, f"{letters[0]}-Badugi", True)
        if size == 3:
            first, last = order.index(_THREE_CARD_TOPS[0]), order.index(_THREE_CARD_TOPS[-1])
            if top <= first:
                return HandClass(name, 20, f"three-card {order[first]} or better", False)
            if top <= last:
                return HandClass(name, 20 + top - first, f"three-card {letters[0]}", False)
            return HandClass(name, 29, f"three-card {order[last + 1]} or worse", False)
        return HandClass(name, 30, "two cards or fewer", False)
    if isinstance(component, FiveCardLow):
        category, letters = component.key(ev.rank)
        tops = _LOW_TOPS.get(name, "")
        if category != 0:
            return HandClass(name, 20, "paired or worse", False)
        high, ranks = letters[0], component.order
        made = ranks.index(high) <= ranks.index(MADE_LOW_TOP)
        if high in tops:
            return HandClass(name, tops.index(high), f"{high}-low", made)
        # The best unpaired hand of each low is in ``tops``: only worse tops are left here.
        worse = ranks[ranks.index(tops[-1]) + 1]
        return HandClass(name, 10, f"{worse}-low or worse", made)
    if isinstance(component, FiveCardHigh):
        category = component.key(ev.rank)[0]
        at = min(category, len(_HIGH_NAMES) - 1)
        return HandClass(name, len(_HIGH_NAMES) - at, _HIGH_NAMES[at], component.is_made(ev))
    raise HHToolsError(f"no strength classes for component {name}")


def hand_classes(game: Game, cards: Sequence[Card]) -> tuple[HandClass, ...]:
    """The class of ``cards`` in each component of ``game`` (raises as ``game.evaluate``)."""
    return tuple(component_class(ev.component, ev) for ev in game.evaluate(cards))


def made(game: Game, cards: Sequence[Card]) -> bool:
    """A made hand as draw players say it: made in any component, so a Badeucy pat on a
    strong 2-7 low with a three-card Badugi is made (no snow)."""
    return any(c.made for c in hand_classes(game, cards))


@lru_cache(maxsize=50_000)
def classes_of_text(game_name: str, cards: str | None) -> tuple[HandClass, ...] | None:
    """``hand_classes`` of cards written as text (the store's), None when unknown or not a
    whole hand of the game."""

    if not cards:
        return None
    try:
        game = get_game(game_name)
        parsed = parse_cards(cards)
        if len(parsed) != game.hand_size:
            return None
        return hand_classes(game, parsed)
    except HHToolsError:
        return None


#: Every class met, numbered in the order met, and each component's class numbers by rank (-1
#: for a rank not met yet): a class depends on the rank alone, and a component has at most
#: 7,462 ranks, so these stay small however many hands are read.
_CLASSES: list[HandClass] = []
_CLASS_OF_RANK: dict[str, list[int]] = {}


def _classified(component: Component, hand: Sequence[Card]) -> int:
    """The number of the class of ``hand`` in ``component`` (the first hand of its rank)."""
    return _number(component_class(component, component.evaluate(hand)))


def _other_numbers(game_name: str, key: str) -> list[int]:
    """The numbers of ``classes_of_text(game_name, key)``: another spelling than the store's,
    or a game no longer known, read as any text is."""
    return [_number(found) for found in classes_of_text(game_name, key) or ()]


def _number(found: HandClass) -> int:
    if found not in _CLASSES:
        _CLASSES.append(found)
    return _CLASSES.index(found)


def card_key(cards: str) -> pl.Expr:
    """The cards of the text column ``cards`` in one order: the same hand written in any
    order has one key, which ``parse_cards`` reads as that hand. Cards are separated by
    spaces (hhtools.core.cards.format_cards) and parse_cards reads each token alone, so
    sorting the tokens changes the order of the cards, never the hand."""
    return pl.col(cards).str.split(" ").list.sort().list.join(" ")


#: The columns of ``class_table``.
CLASS_TABLE = {"game": pl.String, "cards": pl.String, "component": pl.String, "order": pl.Int64,
               "class": pl.String, "made": pl.Boolean}


def class_table(frame: pl.DataFrame, cards: str) -> pl.DataFrame:
    """``classes_of_text`` of every distinct (``game``, ``cards`` column) of ``frame``: one row
    per component of each hand that has a class (``CLASS_TABLE``; ``cards`` as written in
    ``frame``), to be joined back on (game, cards).

    A store holds millions of known hands, and a hand's class is a function of its game and
    its cards: each distinct hand as written is classified once, in compiled code
    (``class_rows``, a fraction of a microsecond a hand), so the work grows with the distinct
    hands, not the rows. (Its cards are not sorted into one order first: the same cards
    written in another order are rare in a store, and sorting every hand's text cost more
    than ranking the few repeats again.) Rows come game by game in the order first met, every
    hand's first component's class, then every second's."""
    written = frame.select("game", pl.col(cards).alias("cards")).drop_nulls().unique()
    rows, numbers = class_rows(written["game"].to_list(), written["cards"].to_list(),
                               _CLASS_OF_RANK, _classified, _other_numbers)
    # Each class met as a row, at its number: the rows' classes are gathered, not joined.
    classes = pl.DataFrame([tuple(c) for c in _CLASSES], orient="row", schema={
        k: v for k, v in CLASS_TABLE.items() if k not in ("game", "cards")})
    return pl.concat([written[rows], classes[numbers]], how="horizontal")
