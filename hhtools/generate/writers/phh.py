"""PHH: any generated hand through ``hhtools.reading.phh.to_phh``, one ``.phhs`` document per file."""

from __future__ import annotations

from hhtools.generate.dealer import Deal
from hhtools.generate.writers import SiteWriter
from hhtools.reading.phh import to_phh


def write(deal: Deal) -> str:
    return to_phh(deal.hand)


#: A .phhs document: one TOML table per hand, [1], [2]...
SEPARATOR = "\n"


def item(number: int, deal: Deal) -> str:
    return f"[{number}]\n{write(deal)}"


WRITER = SiteWriter(write, SEPARATOR, numbered=item)
