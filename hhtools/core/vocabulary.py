"""The poker words every layer shares, each defined once: streets, action kinds, betting
structures and the currency signs histories print.

The types are ``Literal`` aliases, so a record keeps the plain strings it always held (its
JSON, PHH and printed words are those strings) while the type checker refuses a misspelt one;
each tuple is read from its type, so the two cannot disagree.

>>> STREETS
('predraw', 'draw1', 'draw2', 'draw3')
>>> STRUCTURE_WORDS["pot limit"], structure_words("Limit", "NL")
('pot-limit', {'Limit': 'fixed-limit', 'NL': 'no-limit'})
>>> currencies("$€"), SIGNS["EUR"], STRUCTURE_NAMES["half-pot-limit"]
({'$': 'USD', '€': 'EUR'}, '€', 'Half Pot Limit')
"""

from __future__ import annotations

from typing import Literal, get_args

#: ``predraw`` holds blinds, antes and the betting before the first draw; ``draw1`` to
#: ``draw3`` each hold a draw and the betting after it.
Street = Literal["predraw", "draw1", "draw2", "draw3"]
STREETS: tuple[Street, ...] = get_args(Street)

#: Posts: ``post_sb``, ``post_bb``, ``post_ante``; ``post_dead`` is a small and big blind
#: posted together (the small one dead); ``post_blind`` is a KingsClub out-of-turn blind, whose
#: unprinted dead part is in ``amount`` but not in ``to``.
ActionKind = Literal["post_sb", "post_bb", "post_ante", "post_dead", "post_blind", "fold",
                     "check", "call", "bet", "raise", "discard", "stand_pat"]
ACTION_KINDS: tuple[ActionKind, ...] = get_args(ActionKind)
#: A showdown line: cards shown, mucked, or a winner not showing.
ShowKind = Literal["show", "muck", "no_show"]

#: A betting structure, as the records name it.
BettingStructure = Literal["fixed-limit", "pot-limit", "half-pot-limit", "no-limit"]
STRUCTURES: tuple[BettingStructure, ...] = get_args(BettingStructure)

#: Each structure's name as a history spells it out ("Pot Limit"): what hhtools' writers print.
STRUCTURE_NAMES: dict[BettingStructure, str] = {
    "fixed-limit": "Limit", "pot-limit": "Pot Limit", "half-pot-limit": "Half Pot Limit",
    "no-limit": "No Limit"}
#: Every way a history names a betting structure, as printed (headers, Merge's stakes): the
#: names and the other spellings.
_PRINTED: dict[str, BettingStructure] = {
    **{name: structure for structure, name in STRUCTURE_NAMES.items()},
    "Fixed Limit": "fixed-limit", "FL": "fixed-limit", "PL": "pot-limit",
    "HPL": "half-pot-limit", "NL": "no-limit"}
#: The same words in lower case, as a header's words are looked up (in any case).
STRUCTURE_WORDS: dict[str, BettingStructure] = {w.lower(): s for w, s in _PRINTED.items()}


def structure_words(*printed: str) -> dict[str, BettingStructure]:
    """The words a site prints for its structures, as printed, and the structure each names
    (a KeyError for a word no history prints): a site whose pattern lists the words names
    only those it prints."""
    return {w: _PRINTED[w] for w in printed}


#: The currency each sign before an amount names ("$0.25").
CURRENCIES: dict[str, str] = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}


#: The sign each currency's amounts are printed with: CURRENCIES the other way round.
SIGNS: dict[str, str] = {code: sign for sign, code in CURRENCIES.items()}


def currencies(signs: str) -> dict[str, str]:
    """The part of CURRENCIES whose signs a site prints (a KeyError for an unknown sign)."""
    return {s: CURRENCIES[s] for s in signs}
