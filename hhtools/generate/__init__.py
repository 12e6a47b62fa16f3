"""Generate legal, varied hands of any supported site, game and structure, from a seed.

``generate_deals(site, game, structure, hands, seed=..., players=(2, 8))`` yields ``Deal``s (a
Hand record and the dealer's knowledge); ``generate_text(...)`` the same hands written as the
site writes them (``hhtools.writers``), ready for a file. Combinations a site's format cannot
express raise ``UnsupportedCombination`` (see ``hhtools.generate.sites.SUPPORT``).
"""

from __future__ import annotations

from collections.abc import Iterator

from hhtools.generate.dealer import Deal, Dealer
from hhtools.generate.sites import (GAMES, SITES, STRUCTURES, UnsupportedCombination,
                                    check_supported)
from hhtools.games import get_game


def generate_deals(site: str, game: str, structure: str = "fixed-limit", hands: int = 1, *,
                   seed: int = 0, players: tuple[int, int] = (2, 8)) -> Iterator[Deal]:
    """``hands`` hands of one site, game and structure; the same seed gives the same hands."""
    table = check_supported(site, get_game(game).name, structure)
    dealer = Dealer(table, get_game(game).name, structure, seed, players)
    for _ in range(hands):
        yield dealer.deal()


__all__ = ["Deal", "Dealer", "GAMES", "SITES", "STRUCTURES", "UnsupportedCombination",
           "check_supported", "generate_deals"]
