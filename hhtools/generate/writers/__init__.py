"""Writers: a generated hand (``hhtools.generate.Deal``) as the text its site writes.

One small module per site mirrors that site's parser (``hhtools/sites/<site>.py``): the same
line wording, money format, call convention and summary. ``write(deal)`` picks the module by
the hand's site; ``FILE_ENCODING`` says how each site's files are encoded and ``SEPARATOR``
what goes between hands.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable, Iterator
from decimal import Decimal

from hhtools.generate.dealer import Deal

#: How each site's files are stored (FORMATS.md): PokerStars UTF-8 with a BOM, Full Tilt
#: UTF-16LE with a BOM, the others plain.
FILE_ENCODING = {"pokerstars": "utf-8-sig", "kingsclub": "utf-8", "fulltilt": "utf-16",
                 "merge": "utf-8", "winamax": "utf-8", "phh": "utf-8"}
MODULES = ("pokerstars", "kingsclub", "fulltilt", "merge", "winamax", "phh")


def writer(site: str):
    """The writer module of ``site``."""
    return importlib.import_module(f"hhtools.generate.writers.{site}")


def write(deal: Deal) -> str:
    """One hand as its site writes it (no separator)."""
    return writer(deal.hand.site).write(deal)


def stream(deals: Iterable[Deal], site: str) -> Iterator[str]:
    """Hands as one file of the site, piece by piece: the file's head (Merge's
    description), each hand, the site's separator between hands."""
    module = writer(site)
    for i, deal in enumerate(deals, 1):
        if i == 1:
            yield getattr(module, "head", _no_head)(deal)
        else:
            yield module.SEPARATOR
        yield module.item(i, deal) if hasattr(module, "item") else module.write(deal)


def write_file(deals: Iterable[Deal], site: str) -> str:
    """Hands as the whole text of one file of the site."""
    return "".join(stream(deals, site))


def _no_head(deal: Deal) -> str:
    return ""


def description(game, cards) -> str:
    """hhtools' description of a generated hand in the game's first component (the one the
    sites word). The dealer's hands are valid by construction, so ``Game.evaluate``'s input
    check (which formats the cards for its error message on every call) is skipped; a shown
    hand is described twice (show and summary), so descriptions are kept."""
    key = (game.name, tuple(cards))
    text = _DESCRIPTIONS.get(key)
    if text is None:
        # Only the hand being written repeats a description: a few entries are enough.
        if len(_DESCRIPTIONS) > 64:
            _DESCRIPTIONS.clear()
        text = _DESCRIPTIONS[key] = game.components[0].evaluate(key[1]).description
    return text


_DESCRIPTIONS: dict[tuple, str] = {}


# Amounts repeat (stakes, blinds, the same bets hand after hand): each is formatted once.
# Equal Decimals (1, 1.00) print the same here, so keying by value is safe.
@functools.lru_cache(maxsize=4096)
def number(value: Decimal, commas: bool = False) -> str:
    """``5``, ``0.10``, ``6.80``; with ``commas``, ``1,895.42``: whole amounts without cents,
    others with two decimals, as the sites print them."""
    if value == value.to_integral_value():
        text = f"{int(value):,}" if commas else str(int(value))
    else:
        text = f"{value:,.2f}" if commas else f"{value:.2f}"
    return text
