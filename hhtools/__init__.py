"""hhtools: hand histories, showdown audits and statistics for draw-lowball poker.

>>> from hhtools import get_game, parse_cards
>>> badeucy = get_game("badeucy")
>>> [e.description for e in badeucy.evaluate(parse_cards("2c 3s 4d 5h 7c"))]
['4-card Badugi 5-4-3-2', '7-5-4-3-2']
"""

from hhtools.audit import Audit, Finding, audit
from hhtools.cards import DECK, Card, format_cards, parse_card, parse_cards
from hhtools.errors import CardError, HHToolsError, UnknownNameError
from hhtools.evaluate import (ACE_TO_FIVE, BADUGI, BADUGI_ACE_HIGH, COMPONENTS, DEUCE_TO_SEVEN,
                              Component, Evaluation, get_component, winners)
from hhtools.games import GAMES, Game, get_game
from hhtools.parsing import HandParseError, ParseResult, parse_file, parse_paths, parse_text
from hhtools.records import Action, Hand, HandError, SkippedHand

__version__ = "0.1.0"

__all__ = [
    "ACE_TO_FIVE", "BADUGI", "BADUGI_ACE_HIGH", "COMPONENTS", "DECK", "DEUCE_TO_SEVEN",
    "Action", "Audit", "Card", "CardError", "Component", "Evaluation", "Finding", "GAMES", "Game",
    "HHToolsError", "audit",
    "Hand", "HandError", "HandParseError", "ParseResult", "SkippedHand", "UnknownNameError",
    "format_cards", "get_component", "get_game", "parse_card", "parse_cards", "parse_file",
    "parse_paths", "parse_text", "winners",
]
