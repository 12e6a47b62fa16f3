"""Hands as the store writes them (``format_cards``: ``As 2d 3h 4c``), read and classified many
at a time for the strength classes (hhtools.analytics.classes).

A cold report meets millions of distinct hands, each classified once: a hand must cost well
under a microsecond, which reading the text here, compiled, gives (``parse_cards`` reads every
spelling a player may type, at several times the cost). Any other text is left to the caller,
who reads it as any text is.

>>> written_cards("Kc 8d 5h 4s 2c", 5)
[Card('Kc'), Card('8d'), Card('5h'), Card('4s'), Card('2c')]
>>> written_cards("Kc 8d 5h 4s", 5), written_cards("Kc Kc 5h 4s 2c", 5), written_cards("kc 8d 5h 4s 2c", 5)
(None, None, None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from hhtools.core.cards import DECK, RANKS, SUITS, Card
from hhtools.core.collector import collector_paused
from hhtools.core.evaluate import Component
from hhtools.core.games import Game, get_game
from hhtools.errors import HHToolsError


def _positions(letters: str) -> list[int]:
    """Per character code below 128: the position of the character in ``letters``, -1 for none."""
    at = [-1] * 128
    for i, letter in enumerate(letters):
        at[ord(letter)] = i
    return at


# Final, so that the compiled module reads them directly, not from its globals a card at a time.
_RANK_AT: Final = _positions(RANKS)
_SUIT_AT: Final = _positions(SUITS)
_DECK: Final = DECK


def written_cards(key: str, size: int) -> list[Card] | None:
    """The ``size`` different cards of ``key`` written as the store writes them (``str`` of
    each card, one space between), None for any other text."""
    end = len(key)
    if end != 3 * size - 1:
        return None
    cards: list[Card] = []
    seen = 0
    at = 0
    while at < end:
        r, s = ord(key[at]), ord(key[at + 1])
        if r >= 128 or s >= 128 or (at + 2 < end and ord(key[at + 2]) != 32):
            return None
        rank, suit = _RANK_AT[r], _SUIT_AT[s]
        if rank < 0 or suit < 0:
            return None
        code = rank * 4 + suit
        if seen >> code & 1:
            return None
        seen |= 1 << code
        cards.append(_DECK[code])
        at += 3
    return cards


def class_rows(games: Sequence[str], keys: Sequence[str], tables: dict[str, list[int]],
               classify: Callable[[Component, Sequence[Card]], int],
               other: Callable[[str, str], Sequence[int]]) -> tuple[list[int], list[int]]:
    """The class numbers of the hands ``keys[i]`` of the games ``games[i]``, as two columns
    (row ``i``, number): game by game in the order first met, every first component's class of
    that game's hands in the order of the rows, then every second's; a hand of no class has
    none.

    ``tables`` holds each component's class numbers by rank (-1 for a rank not met yet), as
    data kept by the caller: a class depends on the rank alone, and ``classify`` gives the class
    number of the first hand of each rank met. A hand written otherwise, or of a game no longer
    known, is classified by ``other(game, key)`` alone."""
    # A few small lists a hand and no reference cycle: the cyclic collector would scan them
    # over and over for nothing (a tenth of the time).
    with collector_paused():
        return _class_rows(games, keys, tables, classify, other)


def _class_rows(games: Sequence[str], keys: Sequence[str], tables: dict[str, list[int]],
                classify: Callable[[Component, Sequence[Card]], int],
                other: Callable[[str, str], Sequence[int]]) -> tuple[list[int], list[int]]:
    by_game: dict[str, list[int]] = {}
    for i, name in enumerate(games):
        rows = by_game.get(name)
        if rows is None:
            by_game[name] = [i]
        else:
            rows.append(i)
    out_rows: list[int] = []
    out_numbers: list[int] = []
    for name, rows in by_game.items():
        game: Game | None
        try:
            game = get_game(name)
        except HHToolsError:
            game = None
        size = game.hand_size if game is not None else 0
        # Each component's class number of each of the rows (-1: none), the hands written
        # as the store writes them ranked a component at a time (``rank_many``).
        columns: list[list[int]] = []
        hands: list[list[Card]] = []
        ranked: list[int] = []
        others: list[tuple[int, Sequence[int]]] = []
        for j, i in enumerate(rows):
            cards = written_cards(keys[i], size) if game is not None else None
            if cards is None:
                others.append((j, other(name, keys[i])))
            else:
                hands.append(cards)
                ranked.append(j)
        if game is not None and hands:
            for component in game.components:
                column = [-1] * len(rows)
                table = tables.get(component.name)
                if table is None:
                    table = tables[component.name] = [-1] * (component.ranks + 1)
                for hand, j, rank in zip(hands, ranked, component.rank_many(hands)):
                    number = table[rank]
                    if number < 0:
                        number = table[rank] = classify(component, hand)
                    column[j] = number
                columns.append(column)
        for j, numbers in others:
            for c, number in enumerate(numbers):
                while len(columns) <= c:
                    columns.append([-1] * len(rows))
                columns[c][j] = number
        for column in columns:
            for j, number in enumerate(column):
                if number >= 0:
                    out_rows.append(rows[j])
                    out_numbers.append(number)
    return out_rows, out_numbers
