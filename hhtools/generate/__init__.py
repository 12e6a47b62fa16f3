"""Generate legal, varied hands of any supported site, game and structure, from a seed.

``generate_deals(site, game, structure, hands, seed=..., players=(2, 8))`` yields ``Deal``s (a
Hand record and the dealer's knowledge); ``generate_text(...)`` the same hands written as the
site writes them (``hhtools.generate.writers``), ready for a file. Combinations a site's format cannot
express raise ``UnsupportedCombination`` (see ``hhtools.generate.sites.SUPPORT``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hhtools.core.collector import collector_paused
from hhtools.core.games import get_game
from hhtools.core.outputs import replacing
from hhtools.core.vocabulary import STRUCTURES
from hhtools.errors import UnsupportedCombination
from hhtools.generate.dealer import Deal, Dealer
from hhtools.generate.sites import GAMES, SITES, check_supported
from hhtools.generate.writers import FILE_ENCODING, stream


def generate_deals(site: str, game: str, structure: str = "fixed-limit", hands: int = 1, *,
                   seed: int = 0, players: tuple[int, int] = (2, 8),
                   draw_procedure: str = "serve") -> Iterator[Deal]:
    """``hands`` hands of one site, game and structure; the same seed gives the same hands.
    ``draw_procedure`` is how the draws are served (``hhtools.generate.dealer.DRAW_PROCEDURES``)."""
    table = check_supported(site, get_game(game).name, structure)
    dealer = Dealer(table, get_game(game).name, structure, seed, players, draw_procedure)
    for _ in range(hands):
        with collector_paused():
            deal = dealer.deal()
        yield deal


def write_history(path: str | Path, site: str, game: str, structure: str = "fixed-limit",
                  hands: int = 1, *, seed: int = 0, players: tuple[int, int] = (2, 8),
                  draw_procedure: str = "serve") -> int:
    """Generate ``hands`` hands into ``path`` as the site writes its files (its encoding too),
    streaming, so a million hands never sit in memory; returns the number written."""

    deals = generate_deals(site, game, structure, hands, seed=seed, players=players,
                           draw_procedure=draw_procedure)
    site = site.lower()

    # Written under a temporary name, renamed once whole: a full disk leaves no cut file.
    with replacing(path, encoding=FILE_ENCODING[site], newline="\n") as f, \
            collector_paused():
        buffer: list[str] = []
        for piece in stream(deals, site):
            buffer.append(piece)
            if len(buffer) >= 2000:
                f.write("".join(buffer))
                buffer.clear()
        f.write("".join(buffer))
    return hands


__all__ = ["write_history", "Deal", "Dealer", "GAMES", "SITES", "STRUCTURES", "UnsupportedCombination",
           "check_supported", "collector_paused", "generate_deals"]
