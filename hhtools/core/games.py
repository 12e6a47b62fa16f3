"""The games hhtools knows, declared as data: cards dealt, draws, and the components that score.

A split-pot game is simply a game with two components; nothing else in hhtools asks which game
it is looking at. A game is found by its id or by the name a site prints for it.

>>> get_game("Badeucey").components
(<component badugi-ace-high>, <component 2-7>)
>>> get_game("Single Draw 2-7 Lowball").name, get_game("5 Card Draw").components
('2-7-single-draw', (<component high>,))
>>> get_game("badgui")
Traceback (most recent call last):
...
hhtools.errors.UnknownNameError: Unknown game 'badgui'. Did you mean badugi? Known: 2-7, 2-7-single-draw, 5-card-draw, a-5, a-5-single-draw, badacey, badeucy, badugi.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hhtools.core.cards import Card, check_hand, parse_cards  # noqa: F401 (doctests)
from hhtools.core.evaluate import (
    ACE_TO_FIVE,
    BADUGI,
    BADUGI_ACE_HIGH,
    DEUCE_TO_SEVEN,
    STANDARD_HIGH,
    Component,
    Evaluation,
    winners,
)
from hhtools.errors import HHToolsError, unknown_name


@dataclass(frozen=True)
class Game:
    """A draw game: how many cards, how many draws, and how hands are scored."""

    name: str
    title: str
    hand_size: int
    draws: int
    max_discard: int
    components: tuple[Component, ...]
    aliases: tuple[str, ...] = field(default=())
    #: Fixed limit: the first street (0 the pre-draw round, 1 after the first draw...) whose
    #: bets are the big bet: after the second draw in a triple draw game, after the only
    #: draw in a single draw game (PokerStars and Full Tilt 5 Card Draw Limit bet the small
    #: bet before the draw and the big bet after it).
    big_bet_from: int = 2

    @property
    def split(self) -> bool:
        """True when the pot is split between components (Badeucy, Badacey)."""
        return len(self.components) > 1

    def evaluate(self, cards: Sequence[Card]) -> tuple[Evaluation, ...]:
        """Score a hand with every component of the game."""
        if len(cards) != self.hand_size:
            check_hand(cards, size=self.hand_size)  # raises, naming what is wrong
        # A repeated card: every component refuses it with check_hand's own message.
        return tuple(c.evaluate(cards) for c in self.components)

    def made(self, cards: Sequence[Card]) -> bool:
        """True when the hand is made in the game's first component (the Badugi half of a split game).

        >>> get_game("badeucy").made(parse_cards("Kc 2d 3h 4s 4c"))
        True
        """
        return self.components[0].made(cards)

    def showdown(self, hands: Sequence[Sequence[Card]]) -> dict[str, list[int]]:
        """For each component, the indices of the hands that win it (several on a tie)."""
        scored = [self.evaluate(h) for h in hands]
        return {c.name: winners([s[i] for s in scored]) for i, c in enumerate(self.components)}


GAMES: dict[str, Game] = {g.name: g for g in (
    Game("badugi", "Badugi", 4, 3, 4, (BADUGI,)),
    Game("badeucy", "Badeucy", 5, 3, 5, (BADUGI_ACE_HIGH, DEUCE_TO_SEVEN),
         aliases=("badeucey", "baduci")),
    Game("badacey", "Badacey", 5, 3, 5, (BADUGI, ACE_TO_FIVE), aliases=("badaci",)),
    Game("2-7", "2-7 Triple Draw", 5, 3, 5, (DEUCE_TO_SEVEN,),
         aliases=("27", "2-7 triple draw", "deuce-to-seven", "triple draw 2-7 lowball",
                  "27_3draw")),
    Game("a-5", "A-5 Triple Draw", 5, 3, 5, (ACE_TO_FIVE,),
         aliases=("a5", "a-5 triple draw", "ace-to-five")),
    # Aliases are the names the sites print, lowercased: PokerStars "Single Draw 2-7 Lowball"
    # and "5 Card Draw", Full Tilt and KingsClub "2-7 Single Draw", KingsClub "A-5 Single
    # Draw", Merge "5-Draw".
    Game("2-7-single-draw", "2-7 Single Draw", 5, 1, 5, (DEUCE_TO_SEVEN,),
         aliases=("2-7 single draw", "single draw 2-7 lowball", "27 single draw",
                  "deuce-to-seven single draw"), big_bet_from=1),
    Game("a-5-single-draw", "A-5 Single Draw", 5, 1, 5, (ACE_TO_FIVE,),
         aliases=("a-5 single draw", "a5 single draw", "ace-to-five single draw"),
         big_bet_from=1),
    Game("5-card-draw", "5-Card Draw", 5, 1, 5, (STANDARD_HIGH,),
         aliases=("5 card draw", "5-draw", "five card draw", "5cd"), big_bet_from=1),
)}
_BY_ALIAS = {alias: g for g in GAMES.values() for alias in (g.name, *g.aliases)}


def get_game(name: str) -> Game:
    """The game called ``name`` or one of its spellings (``Badeucey``, ``27``...)."""
    game = _BY_ALIAS.get(name)  # records name games as hhtools does
    if game is not None:
        return game
    try:
        return _BY_ALIAS[" ".join(name.lower().split())]
    except KeyError:
        raise unknown_name("game", name, GAMES) from None


def game_title(name: str | None) -> str:
    """The game as players name it (``2-7`` is ``2-7 Triple Draw``); a game hhtools does not
    know (a summary's ``No Limit Hold'em``) as written.

    >>> game_title("2-7"), game_title("No Limit Hold'em")
    ('2-7 Triple Draw', "No Limit Hold'em")
    """
    try:
        return get_game(name or "").title
    except HHToolsError:
        return name or "?"


def game_titles(names: str | None) -> str | None:
    """``game_title`` of each game of a comma-separated list (a tournament of several games).

    >>> game_titles("badugi, 2-7")
    'Badugi, 2-7 Triple Draw'
    """
    return None if names is None else ", ".join(game_title(n) for n in names.split(", "))
