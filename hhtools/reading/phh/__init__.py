"""The PHH format (poker hand history, TOML): write any parsed hand, read ``.phh``/``.phhs``.

PHH is the notation of pokerkit (https://phh.readthedocs.io): ``variant``, ``antes``,
``blinds_or_straddles``, ``small_bet``/``big_bet``, ``starting_stacks`` and ``actions`` such as
``d dh p1 ????????`` (deal), ``p1 cbr 20`` (bet or raise to), ``p1 cc`` (check or call),
``p1 f``, ``p1 sd 7s8h`` (discard; ``p1 sd`` stands pat) and ``p1 sm 2s3h4d5c`` (show) or
``p1 sm`` (muck). Players are listed from the first seat after the button, the button last.

Variant codes: ``FB`` (fixed-limit Badugi), ``F2L3D`` (fixed-limit 2-7 triple draw) and
``N2L1D`` (no-limit 2-7 single draw) are PHH's own. hhtools adds ``FBDY`` (Badeucy), ``FBDA``
(Badacey), ``FA5L3D`` (A-5 triple draw), ``FA5L1D`` (A-5 single draw) and ``F5CD`` (5-card
draw), and puts any structure letter before any game: ``F`` (fixed limit), ``P`` (pot limit),
``H`` (half pot limit) or ``N`` (no limit) (``PB``, ``F2L1D``, ``N5CD``...); all but fixed
limit carry ``min_bet`` (the big blind) instead of the small and big bet. pokerkit reads only
FB, F2L3D and N2L1D.

A hand run twice (KingsClub) has no PHH: pokerkit deals a draw once, and PHH has no field for
a second run, so ``to_phh`` refuses it rather than write a history whose nets are not the
site's.

The writer is ``write.py``, the reader ``read.py``, the variant codes both use ``codes.py``;
the bounds of an input, checked before anything reads it, are hhtools.reading.phh_bounds.
"""

from __future__ import annotations

from hhtools.errors import PHHError
from hhtools.reading.phh.codes import GAME_CODES, STRUCTURE_CODES, variant_code
from hhtools.reading.phh.read import PHHResult, read_phh
from hhtools.reading.phh.write import player_order, to_phh, toml_number, toml_value

__all__ = ["GAME_CODES", "STRUCTURE_CODES", "PHHError", "PHHResult", "player_order", "read_phh",
           "to_phh", "toml_number", "toml_value", "variant_code"]
