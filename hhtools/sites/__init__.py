"""The hand-history sites hhtools reads, by name.

Adding a site takes three steps:

1. ``grammars/<site>.lark``: one terminal per kind of line, built from the pieces in
   ``grammars/common.lark`` (PLAYER, AMOUNT, CARDS, INT: each captures one field), a ``hand``
   rule giving the order of the lines, and ``%ignore`` for table events (chat, joins...).
2. ``hhtools/sites/<site>.py``: a ``HandBuilder`` subclass with one ``on_<TERMINAL>`` handler
   per terminal, taking the token and the captured fields in order (checked when the grammar is
   first compiled), and a ``Site`` subclass naming the grammar, the builder, the regex that
   recognises a hand's first line, and words for each terminal in error messages.
3. An entry in ``SITE_CLASSES`` below, and tests in ``tests/sites/``.

>>> get_site("pokerstar")
Traceback (most recent call last):
...
hhtools.errors.UnknownNameError: Unknown site 'pokerstar'. Did you mean pokerstars? Known: fulltilt, kingsclub, merge, pokerstars, winamax.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING

from hhtools.errors import unknown_name

if TYPE_CHECKING:  # pragma: no cover - for annotations: importing base loads lark
    from hhtools.sites.base import HandBuilder, Site

#: Each site and the class that reads it. The classes are imported on first use, so that the
#: command line can name the sites without loading lark and every grammar.
SITE_CLASSES = {
    "pokerstars": "hhtools.sites.pokerstars:PokerStars",
    "kingsclub": "hhtools.sites.kingsclub:KingsClub",
    "merge": "hhtools.sites.merge:Merge",
    "fulltilt": "hhtools.sites.fulltilt:FullTilt",
    "winamax": "hhtools.sites.winamax:Winamax",
}
SITE_NAMES = tuple(SITE_CLASSES)
#: Every site, by name (built on first use, by ``__getattr__`` below; declared here for the
#: type checker).
SITES: dict[str, Site]


def _load(path: str) -> Site:
    module, cls = path.split(":")
    site: Site = getattr(importlib.import_module(module), cls)()
    return site


@functools.cache
def _sites() -> dict[str, Site]:
    return {n: _load(path) for n, path in SITE_CLASSES.items()}


def get_site(name: str) -> Site:
    """The site called ``name``: pokerstars, kingsclub, merge, fulltilt or winamax."""
    try:
        return _sites()[name.lower().strip()]
    except KeyError:
        raise unknown_name("site", name, SITE_NAMES) from None


def rule_profile(site: str) -> str | None:
    """The rule profile a site's hands are audited with by default (``Site.rule_profile``);
    None for a site without one, or for a source that is none of these sites (PHH, hands
    built through the API), whose hands get the online defaults."""
    path = SITE_CLASSES.get(site.lower().strip())
    if path is None:
        return None
    # The one site's class, not every site's reader (_sites): auditing a hand that was built
    # rather than read (the generator's) then loads one site module, not five.
    module, cls = path.split(":")
    profile: str | None = getattr(importlib.import_module(module), cls).rule_profile
    return profile


def __getattr__(name: str) -> object:
    # SITES, Site and HandBuilder are built on first use (PEP 562), then cached here.
    if name == "SITES":
        value = _sites()
    elif name in ("Site", "HandBuilder"):
        value = getattr(importlib.import_module("hhtools.sites.base"), name)
    else:
        raise AttributeError(f"module 'hhtools.sites' has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = ["HandBuilder", "SITES", "SITE_NAMES", "Site", "get_site", "rule_profile"]
