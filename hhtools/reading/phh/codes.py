"""PHH's variant codes, read and written from these tables alone: the structure letter, then the
game's part (``F`` + ``B``: fixed-limit Badugi; the list is in hhtools.reading.phh)."""

from __future__ import annotations

from hhtools.core.records import Hand
from hhtools.core.vocabulary import BettingStructure
from hhtools.errors import PHHError

#: Game -> the variant code's game part; the structure letter comes first.
GAME_CODES = {"badugi": "B", "2-7": "2L3D", "badeucy": "BDY", "badacey": "BDA", "a-5": "A5L3D",
              "2-7-single-draw": "2L1D", "a-5-single-draw": "A5L1D", "5-card-draw": "5CD"}
STRUCTURE_CODES: dict[BettingStructure, str] = {"fixed-limit": "F", "pot-limit": "P",
                                                "half-pot-limit": "H", "no-limit": "N"}
_GAMES = {v: k for k, v in GAME_CODES.items()}
_STRUCTURES = {v: k for k, v in STRUCTURE_CODES.items()}
#: Every code hhtools reads, as an unknown variant's message lists them.
VARIANT_CODES = tuple(sorted(s + g for s in _STRUCTURES for g in _GAMES))


def variant_code(hand: Hand) -> str:
    """``FB``, ``F2L3D``, or an hhtools extension code (hhtools.reading.phh)."""
    try:
        return STRUCTURE_CODES[hand.structure] + GAME_CODES[hand.game]
    except KeyError:
        raise PHHError(f"no PHH variant code for {hand.structure} {hand.game}") from None


def variant(code: str) -> tuple[BettingStructure, str] | None:
    """The structure and game a variant code names, or None for a code hhtools does not read."""
    structure = _STRUCTURES.get(code[:1])
    game = _GAMES.get(code[1:])
    return None if structure is None or game is None else (structure, game)
