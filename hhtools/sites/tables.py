"""What a site's histories can express and the tables they show, as data: each site module
declares its own (``Site.tables``), and ``hhtools generate`` deals tables from them
(hhtools.generate.sites), refusing a combination the site's format cannot express with the
reason (FORMATS.md: KingsClub only records Limit games, Winamax only 2-7 Triple Draw...).

Nothing here imports lark: the tables are plain values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from hhtools.core.vocabulary import BettingStructure

#: (small bet, big bet, small blind, big blind, ante) for fixed limit and (small blind, big
#: blind, small blind, big blind, ante) otherwise, as the sites print them; no ante is None.
Stakes = tuple[Decimal, Decimal, Decimal, Decimal, Decimal | None]


@dataclass(frozen=True)
class Tables:
    """The games and structures a site's histories record, and its usual tables.

    ``rake`` is (share of the pot, cap in big blinds); none is taken when nobody reached the
    first draw. ``zone`` is the IANA zone the site's times are written in.
    """

    games: tuple[str, ...]
    structures: tuple[BettingStructure, ...]
    max_seats: dict[str, int]
    limit_stakes: tuple[Stakes, ...]
    pot_stakes: tuple[Stakes, ...]
    rake: tuple[Decimal, Decimal]
    zone: str
    currency: str | None
    #: Why a game or structure is not among the site's: what its histories record.
    why: str = ""
    #: Whether the format can list a seated player who is not dealt in (Winamax's cannot).
    sitting_out: bool = True
    #: Whether a loser may muck at the showdown (Winamax shows every hand still in).
    mucks: bool = True
    #: The structures of a game whose real files show other ones than ``structures`` (No
    #: Limit 2-7 Single Draw at a site of Limit Badugi).
    game_structures: dict[str, tuple[BettingStructure, ...]] = field(default_factory=dict)
    #: The stakes of a game whose real files show other ones (antes in No Limit 2-7 Single
    #: Draw), as ``limit_stakes`` or ``pot_stakes``.
    game_stakes: dict[str, tuple[Stakes, ...]] = field(default_factory=dict)

    def structures_of(self, game: str) -> tuple[BettingStructure, ...]:
        """The structures the site deals ``game`` in."""
        return self.game_structures.get(game, self.structures)

    def stakes_of(self, game: str, structure: str) -> tuple[Stakes, ...]:
        """The stakes a table of ``game`` and ``structure`` may have."""
        if game in self.game_stakes:
            return self.game_stakes[game]
        return self.limit_stakes if structure == "fixed-limit" else self.pot_stakes
