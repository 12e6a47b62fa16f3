"""What each site's history format can express, and how the generator sets its tables.

Each site's games, structures, stakes and rake are its module's (``Site.tables``, in
hhtools.sites); ``SITES`` adds their names, the first seat's number and PHH, which is written
but is no site. ``hhtools generate`` checks a site x game x structure against them: a
combination outside them is refused with the reason (FORMATS.md: KingsClub only records Limit
games, Winamax only 2-7 Triple Draw...).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from decimal import Decimal

from hhtools.core.vocabulary import STRUCTURES, BettingStructure
from hhtools.errors import UnsupportedCombination, unknown_name
from hhtools.sites import SITE_NAMES, get_site
from hhtools.sites.tables import Tables

GAMES = ("badugi", "badeucy", "badacey", "2-7", "a-5", "2-7-single-draw", "a-5-single-draw",
         "5-card-draw")
#: The games PHH is written for (hhtools.generate.writers.phh).
PHH_GAMES = ("badugi", "badeucy", "badacey", "2-7")
D = Decimal


@dataclass(frozen=True, kw_only=True)
class SiteTable(Tables):
    """How the generator seats a table of one site: what the site can write and its usual
    tables (hhtools.sites.tables.Tables), its name and title. ``first_seat`` is 0 where the
    site numbers seats from 0 (Merge)."""

    name: str
    title: str
    first_seat: int = 1
    #: False while hhtools has no writer for the site's format (the table is kept for it).
    written: bool = True


def _of_site(name: str) -> SiteTable:
    site = get_site(name)
    tables = {f.name: getattr(site.tables, f.name) for f in fields(Tables)}
    return SiteTable(name=site.name, title=site.title, first_seat=site.builder.FIRST_SEAT,
                     **tables)


SITES: dict[str, SiteTable] = {t.name: t for t in (
    *map(_of_site, SITE_NAMES),
    SiteTable(name="phh", title="PHH", games=PHH_GAMES, structures=STRUCTURES,
              max_seats={"badugi": 8, "badeucy": 6, "badacey": 6, "2-7": 6},
              limit_stakes=((D(2), D(4), D(1), D(2), None),
                            (D(10), D(20), D(5), D(10), D(1))),
              pot_stakes=((D(1), D(2), D(1), D(2), None), (D(5), D(10), D(5), D(10), D(1))),
              rake=(D(0), D(0)), zone="UTC", currency=None,
              why="PHH is written for Badugi, Badeucy, Badacey and 2-7 Triple Draw in every "
                  "structure (extension codes for the non-standard ones)"),
)}


def site_table(site: str) -> SiteTable:
    """The table settings of ``site`` (``UnknownNameError`` with a suggestion otherwise)."""
    try:
        return SITES[site.lower()]
    except KeyError:
        raise unknown_name("site", site, SITES) from None


def structure_named(name: str) -> BettingStructure:
    """The betting structure ``name`` names (``UnknownNameError`` with a suggestion otherwise)."""
    for structure in STRUCTURES:
        if structure == name:
            return structure
    raise unknown_name("structure", name, STRUCTURES)


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
