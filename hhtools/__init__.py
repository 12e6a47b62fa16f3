"""hhtools: hand histories, showdown audits and statistics for draw poker.

>>> from hhtools import get_game, parse_cards
>>> badeucy = get_game("badeucy")
>>> [e.description for e in badeucy.evaluate(parse_cards("2c 3s 4d 5h 7c"))]
['4-card Badugi 5-4-3-2', '7-5-4-3-2']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# Public names and the module that holds each. They are imported on first use, so that
# `hhtools --help` or `hhtools eval` do not pay for lark, the parsers or the auditor.
_EXPORTS = {
    "hhtools.auditing.auditor": ("Audit", "Finding", "audit"),
    "hhtools.core.build": ("BuildInfo", "build_info"),
    "hhtools.core.cards": ("DECK", "Card", "format_cards", "parse_card", "parse_cards"),
    "hhtools.errors": ("CardError", "HandParseError", "HHToolsError", "UnknownNameError"),
    "hhtools.core.evaluate": ("ACE_TO_FIVE", "BADUGI", "BADUGI_ACE_HIGH", "COMPONENTS",
                         "DEUCE_TO_SEVEN", "STANDARD_HIGH", "Component", "Evaluation",
                         "get_component", "winners"),
    "hhtools.core.games": ("GAMES", "Game", "get_game"),
    "hhtools.reading.parsing": ("ParseResult", "parse_file", "parse_paths", "parse_text"),
    "hhtools.core.records": ("Action", "Hand", "HandError", "SkippedHand"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'hhtools' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors only
    from hhtools.auditing.auditor import Audit, Finding, audit  # noqa: F401
    from hhtools.core.build import BuildInfo, build_info  # noqa: F401
    from hhtools.core.cards import DECK, Card, format_cards, parse_card, parse_cards  # noqa: F401
    from hhtools.core.evaluate import (  # noqa: F401
        ACE_TO_FIVE,
        BADUGI,
        BADUGI_ACE_HIGH,
        COMPONENTS,
        DEUCE_TO_SEVEN,
        STANDARD_HIGH,
        Component,
        Evaluation,
        get_component,
        winners,
    )
    from hhtools.core.games import GAMES, Game, get_game  # noqa: F401
    from hhtools.core.records import Action, Hand, HandError, SkippedHand  # noqa: F401
    from hhtools.errors import CardError, HandParseError, HHToolsError, UnknownNameError  # noqa: F401
    from hhtools.reading.parsing import (  # noqa: F401
        ParseResult,
        parse_file,
        parse_paths,
        parse_text,
    )
