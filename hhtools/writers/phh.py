"""PHH: any generated hand through ``hhtools.phh.to_phh``, one ``.phhs`` document per file."""

from __future__ import annotations

from hhtools.generate.dealer import Deal
from hhtools.phh import to_phh


def write(deal: Deal) -> str:
    return to_phh(deal.hand)


def write_file(deals) -> str:
    # A .phhs document: one TOML table per hand, [1], [2]...
    return "\n".join(f"[{i}]\n{write(d)}" for i, d in enumerate(deals, 1))
