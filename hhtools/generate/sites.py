"""What each site's history format can express, and how the generator sets its tables, as data.

``SUPPORT`` is the site x game x structure table the README prints and ``hhtools generate``
checks: a combination outside it is refused with the reason (FORMATS.md: KingsClub only
records Limit games, Winamax only 2-7 Triple Draw...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from hhtools.errors import UnsupportedCombination, unknown_name

GAMES = ("badugi", "badeucy", "badacey", "2-7", "a-5", "2-7-single-draw", "a-5-single-draw",
         "5-card-draw")
#: The games PHH is written for (hhtools.generate.writers.phh).
PHH_GAMES = ("badugi", "badeucy", "badacey", "2-7")
STRUCTURES = ("fixed-limit", "pot-limit", "half-pot-limit", "no-limit")
D = Decimal


@dataclass(frozen=True)
class SiteTable:
    """How the generator seats a table of one site: what it can write and its usual stakes.

    ``stakes`` are (small bet, big bet, small blind, big blind, ante) for fixed limit and
    (small blind, big blind, small blind, big blind, ante) otherwise, as the sites print them.
    ``rake`` is (share of the pot, cap in big blinds); none is taken when nobody reached the
    first draw. ``first_seat`` is 0 where the site numbers seats from 0 (Merge).
    """

    name: str
    title: str
    games: tuple[str, ...]
    structures: tuple[str, ...]
    max_seats: dict[str, int]
    limit_stakes: tuple[tuple[Decimal, ...], ...]
    pot_stakes: tuple[tuple[Decimal, ...], ...]
    rake: tuple[Decimal, Decimal]
    zone: str
    currency: str | None
    first_seat: int = 1
    why: str = ""
    #: False while hhtools has no writer for the site's format (the table is kept for it).
    written: bool = True
    #: Whether the format can list a seated player who is not dealt in (Winamax's cannot).
    sitting_out: bool = True
    #: Whether a loser may muck at the showdown (Winamax shows every hand still in).
    mucks: bool = True
    #: The structures of a game whose real files show other ones than ``structures`` (No
    #: Limit 2-7 Single Draw at a site of Limit Badugi).
    game_structures: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: The stakes of a game whose real files show other ones (antes in No Limit 2-7 Single
    #: Draw), as ``limit_stakes`` or ``pot_stakes``.
    game_stakes: dict[str, tuple[tuple[Decimal, ...], ...]] = field(default_factory=dict)

    def structures_of(self, game: str) -> tuple[str, ...]:
        """The structures the site deals ``game`` in."""
        return self.game_structures.get(game, self.structures)

    def stakes_of(self, game: str, structure: str) -> tuple[tuple[Decimal, ...], ...]:
        """The stakes a table of ``game`` and ``structure`` may have."""
        if game in self.game_stakes:
            return self.game_stakes[game]
        return self.limit_stakes if structure == "fixed-limit" else self.pot_stakes


SITES: dict[str, SiteTable] = {t.name: t for t in (
    SiteTable("pokerstars", "PokerStars", ("badugi", "2-7", "2-7-single-draw", "5-card-draw"),
              ("fixed-limit",),
              {"badugi": 8, "2-7": 6, "2-7-single-draw": 7, "5-card-draw": 6},
              ((D("0.10"), D("0.20"), D("0.05"), D("0.10"), None),
               (D("0.25"), D("0.50"), D("0.10"), D("0.25"), None),
               (D(1), D(2), D("0.50"), D(1), None), (D(5), D(10), D(2), D(5), None)),
              ((D("0.25"), D("0.50"), D("0.25"), D("0.50"), None),
               (D("0.50"), D(1), D("0.50"), D(1), None)),
              (D("0.05"), D(3)), "America/New_York", "USD",
              why="PokerStars histories of these games are Limit Badugi and Triple Draw 2-7 "
                  "Lowball, No Limit Single Draw 2-7 Lowball and 5 Card Draw in Limit, Pot "
                  "Limit and No Limit",
              game_structures={"2-7-single-draw": ("no-limit",),
                               "5-card-draw": ("fixed-limit", "pot-limit", "no-limit")}),
    SiteTable("kingsclub", "KingsClub", ("badugi", "badeucy", "badacey", "2-7", "a-5",
                                         "a-5-single-draw", "2-7-single-draw"),
              ("fixed-limit",), {"badugi": 8, "badeucy": 7, "badacey": 7, "2-7": 7, "a-5": 7,
                                 "a-5-single-draw": 2, "2-7-single-draw": 7},
              ((D(22), D(44), D(11), D(22), D("5.50")), (D(30), D(60), D(15), D(30), None),
               (D(40), D(80), D(20), D(40), None), (D(44), D(88), D(22), D(44), D(11))),
              (), (D("0.01"), D("0.25")), "America/New_York", None,
              why="KingsClub histories record Limit games, and No Limit 2-7 Single Draw",
              game_structures={"2-7-single-draw": ("no-limit",)},
              # The real tables: heads-up A-5 Single Draw at 50/100, No Limit 2-7 Single
              # Draw with antes.
              game_stakes={"a-5-single-draw": ((D(50), D(100), D(25), D(50), None),),
                           "2-7-single-draw": ((D(25), D(50), D(25), D(50), D(20)),
                                               (D(125), D(250), D(125), D(250), D(100)))}),
    SiteTable("fulltilt", "Full Tilt", ("badugi", "2-7", "a-5", "2-7-single-draw",
                                         "5-card-draw"), ("fixed-limit",),
              {"badugi": 6, "2-7": 6, "a-5": 6, "2-7-single-draw": 6, "5-card-draw": 6},
              ((D("0.05"), D("0.10"), D("0.02"), D("0.05"), None),
               (D("0.10"), D("0.20"), D("0.05"), D("0.10"), None),
               (D(150), D(300), D(50), D(100), None)),
              ((D("0.25"), D("0.50"), D("0.25"), D("0.50"), None),),
              (D("0.05"), D(3)), "America/New_York", "USD",
              why="Full Tilt histories of these games are Limit Badugi, 2-7 and A-5 Triple "
                  "Draw, No Limit 2-7 Single Draw and 5 Card Draw Limit and No Limit",
              game_structures={"2-7-single-draw": ("no-limit",),
                               "5-card-draw": ("fixed-limit", "no-limit")},
              # The real No Limit 2-7 Single Draw tables have antes.
              game_stakes={"2-7-single-draw": ((D("0.10"), D("0.20"), D("0.10"), D("0.20"),
                                                D("0.05")),)}),
    SiteTable("merge", "Merge", ("badugi", "2-7", "5-card-draw"),
              ("fixed-limit", "pot-limit", "half-pot-limit"),
              {"badugi": 6, "2-7": 6, "5-card-draw": 6},
              ((D(1), D(2), D("0.50"), D(1), None), (D(5), D(10), D(2), D(5), None)),
              ((D("0.05"), D("0.10"), D("0.05"), D("0.10"), None),
               (D("0.50"), D(1), D("0.50"), D(1), None)),
              (D("0.03"), D(3)), "Etc/GMT+5", "USD", first_seat=0,
              why="Merge histories know Badugi and 2-7 (gametype 71 and 67) in Limit, Pot "
                  "Limit and Half Pot Limit, and Pot Limit 5 Card Draw (gametype 55); no No "
                  "Limit",
              game_structures={"5-card-draw": ("pot-limit",)}),
    SiteTable("winamax", "Winamax", ("2-7",), ("fixed-limit",), {"2-7": 6},
              ((D("0.50"), D(1), D("0.25"), D("0.50"), None),
               (D(25), D(50), D("12.50"), D(25), None)),
              (), (D("0.01"), D(2)), "UTC", "EUR",
              why="Winamax's only draw game is 2-7 Triple Draw fixed limit",
              sitting_out=False, mucks=False),
    SiteTable("phh", "PHH", PHH_GAMES, STRUCTURES, {"badugi": 8, "badeucy": 6, "badacey": 6,
                                                 "2-7": 6},
              ((D(2), D(4), D(1), D(2), None), (D(10), D(20), D(5), D(10), D(1))),
              ((D(1), D(2), D(1), D(2), None), (D(5), D(10), D(5), D(10), D(1))),
              (D(0), D(0)), "UTC", None,
              why="PHH is written for Badugi, Badeucy, Badacey and 2-7 Triple Draw in every "
                  "structure (extension codes for the non-standard ones)"),
)}


def site_table(site: str) -> SiteTable:
    """The table settings of ``site`` (``UnknownNameError`` with a suggestion otherwise)."""
    try:
        return SITES[site.lower()]
    except KeyError:
        raise unknown_name("site", site, SITES) from None


def check_supported(site: str, game: str, structure: str) -> SiteTable:
    """The site's table, or UnsupportedCombination saying what its format cannot express (or
    that hhtools does not deal the game at all)."""
    table = site_table(site)
    if not table.written:
        raise UnsupportedCombination(
            f"hhtools cannot write {table.title} histories yet (it writes: "
            f"{', '.join(t.name for t in SITES.values() if t.written)})")
    if game not in GAMES:
        # A game hhtools knows (hhtools.core.games) but cannot deal yet: the format is not to blame.
        raise UnsupportedCombination(
            f"{game} hands are not generated yet (the generator deals: {', '.join(GAMES)})")
    if game not in table.games:
        raise UnsupportedCombination(
            f"{table.why}; {table.name} cannot express {game} (it can: "
            f"{', '.join(table.games)})")
    if structure not in table.structures_of(game):
        raise UnsupportedCombination(
            f"{table.why}; {table.name} cannot express {game} {structure} (it can: "
            f"{', '.join(table.structures_of(game))})")
    return table
