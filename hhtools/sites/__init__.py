"""The hand-history sites hhtools reads, by name.

Adding a site takes three steps:

1. ``grammars/<site>.lark``: one terminal per kind of line, built from the pieces in
   ``grammars/common.lark`` (PLAYER, AMOUNT, CARDS, INT: each captures one field), a ``hand``
   rule giving the order of the lines, and ``%ignore`` for table events (chat, joins...).
2. ``hhtools/sites/<site>.py``: a ``HandBuilder`` subclass with one ``on_<TERMINAL>`` handler
   per terminal, taking the token and the captured fields in order (checked when the grammar is
   first compiled), and a ``Site`` subclass naming the grammar, the builder, the regex that
   recognises a hand's first line, and words for each terminal in error messages.
3. An entry in ``SITES`` below, and tests in ``tests/sites/``.

>>> get_site("pokerstar")
Traceback (most recent call last):
...
hhtools.errors.UnknownNameError: Unknown site 'pokerstar'. Did you mean pokerstars? Known: fulltilt, kingsclub, merge, pokerstars, winamax.
"""

from __future__ import annotations

from hhtools.errors import unknown_name
from hhtools.sites.base import HandBuilder, Site
from hhtools.sites.fulltilt import FullTilt
from hhtools.sites.kingsclub import KingsClub
from hhtools.sites.merge import Merge
from hhtools.sites.pokerstars import PokerStars
from hhtools.sites.winamax import Winamax

SITES: dict[str, Site] = {s.name: s for s in (PokerStars(), KingsClub(), Merge(), FullTilt(),
                                             Winamax())}


def get_site(name: str) -> Site:
    """The site called ``name``: pokerstars, kingsclub, merge, fulltilt or winamax."""
    try:
        return SITES[name.lower().strip()]
    except KeyError:
        raise unknown_name("site", name, SITES) from None


__all__ = ["HandBuilder", "SITES", "Site", "get_site"]
