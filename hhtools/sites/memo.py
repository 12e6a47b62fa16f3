"""What the parser remembers from one hand to the next: amounts, dates, time zones and cards as
sites write them. Each table is bounded (emptied when full), so memory stays flat."""

from __future__ import annotations

from decimal import Decimal
from zoneinfo import ZoneInfo

from hhtools.core.cards import parse_card

# Amounts as written -> Decimal (immutable, so shared): stacks, bets and pots recur within a
# session. Emptied when full, so memory stays flat. The commonest lines look their amounts up
# here first (``_AMOUNTS.get(text) or self.money(tok, text)``: a zero is simply read again)
# and call HandBuilder.money, which checks and remembers them, for one not known.
_AMOUNTS: dict[str, Decimal] = {}
_MAX_AMOUNTS = 20_000
# Dates as written -> (year, month, day), and zone names -> ZoneInfo (which ZoneInfo itself
# caches, though asking it costs more than a dict).
_DAYS: dict[str, tuple[int, int, int]] = {}
_TIME_ZONES: dict[str, ZoneInfo] = {}

# Cards exactly as sites write them ("As", "Td"); anything else goes to hhtools.core.cards.
_CARD_TEXT = {str(c): c for c in (parse_card(r + s) for r in "23456789TJQKA" for s in "shdc")}
_CARD_OF = _CARD_TEXT.__getitem__
