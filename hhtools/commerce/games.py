"""Whisky Poker and La Viuda declared as data: the pack, what is wild, the tie-break chain,
the names of the hands and the way play goes round.

>>> get_commerce_game("Whiskey Poker").name, get_commerce_game("la viuda").tiebreaks[:2]
('whisky', ('fewer-wild-cards', 'suited-sequence'))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hhtools.commerce.cards import DECK_WITH_JOKERS, PLAIN_DECK
from hhtools.core.cards import Card
from hhtools.errors import unknown_name

#: The steps that order hands equal as poker hands, in the order La Viuda's text gives them.
#: The first three need only the hands; the last two need cards only the table knows.
TIEBREAK_STEPS = ("fewer-wild-cards", "suited-sequence", "one-colour", "drawn-card", "manotazo")


@dataclass(frozen=True)
class Category:
    """A kind of hand, with its place (higher is better) and its Spanish and English names."""

    level: int
    spanish: str
    english: str


#: From the lowest to the highest; the Spanish names and their order are the text's.
CATEGORIES: tuple[Category, ...] = tuple(Category(level, es, en) for level, (es, en) in enumerate((
    ("Carta más alta", "high card"),
    ("Par", "pair"),
    ("Dos Pares", "two pair"),
    ("Tercia", "three of a kind"),
    ("Corrida", "straight"),
    ("Color", "flush"),
    ("Full", "full house"),
    ("Poquer", "four of a kind"),
    ("Flor Corrida", "straight flush"),
    ("Flor Imperial", "royal flush"),
    ("Quintilla", "five of a kind"),
)))
CATEGORY_BY_NAME = {name.lower(): c for c in CATEGORIES for name in (c.spanish, c.english)}


@dataclass(frozen=True)
class CommerceGame:
    """One commerce game. ``tiebreaks`` lists the steps of TIEBREAK_STEPS this game applies to
    hands equal as poker hands (none in Whisky Poker); ``wild_rank`` says whether a rank is wild
    each deal (set by the chips in the pool); jokers are wild whenever the deck holds them."""

    name: str
    title: str
    deck: tuple[Card, ...]
    wild_rank: bool
    tiebreaks: tuple[str, ...]
    #: Whether descriptions give the Spanish name of the hand first.
    spanish_names: bool
    #: The direction of the deal and of play; the first player is the dealer's next one that way.
    clockwise: bool
    #: What the verdicts say of the best and of the worst hand.
    best_label: str
    worst_label: str
    aliases: tuple[str, ...] = field(default=())


COMMERCE_GAMES: dict[str, CommerceGame] = {g.name: g for g in (
    CommerceGame("whisky", "Whisky Poker", PLAIN_DECK, wild_rank=False, tiebreaks=(),
                 spanish_names=False, clockwise=True,
                 best_label="Best hand (takes the pool)",
                 worst_label="Lowest hand (pays a chip under the alternative scoring)",
                 aliases=("whiskey", "whisky poker", "whiskey poker", "whisky-poker")),
    CommerceGame("la-viuda", "La Viuda", DECK_WITH_JOKERS, wild_rank=True,
                 tiebreaks=TIEBREAK_STEPS, spanish_names=True, clockwise=False,
                 best_label="Best hand",
                 worst_label="Worst hand (pays a chip)",
                 aliases=("la viuda", "viuda", "la vida", "la-vida")),
)}
_BY_ALIAS = {alias: g for g in COMMERCE_GAMES.values() for alias in (g.name, *g.aliases)}


def get_commerce_game(name: str | CommerceGame) -> CommerceGame:
    """The game called ``name`` (``whisky``, ``la-viuda`` or another spelling)."""
    if isinstance(name, CommerceGame):
        return name
    game = _BY_ALIAS.get(" ".join(name.lower().split()))
    if game is None:
        raise unknown_name("game", name, COMMERCE_GAMES)
    return game


def is_commerce_game(name: str) -> bool:
    """True when ``name`` names Whisky Poker or La Viuda."""
    return " ".join(name.lower().split()) in _BY_ALIAS
