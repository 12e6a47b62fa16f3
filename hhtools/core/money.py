"""Amounts of money as sites write them, read exactly into ``Decimal``.

>>> parse_amount("$1,895.42")
Decimal('1895.42')
>>> parse_amount("25€")
Decimal('25')
>>> parse_amount("-357.50")
Decimal('-357.50')
"""

from __future__ import annotations

import re
from decimal import Decimal

from hhtools.errors import AmountError

_AMOUNT = re.compile(r"([+-]?)(?:[$€£₹¥]|Rs\. )?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(\.[0-9]+)?"
                     r"[$€£]?")
# Histories repeat the same few amounts (blinds, bets) thousands of times.
_CACHE: dict[str, Decimal] = {}


def parse_amount(text: str) -> Decimal:
    """Read ``$0.25``, ``1,500``, ``25€``, ``+192.75`` as an exact Decimal."""
    value = _CACHE.get(text)
    if value is None:
        # Most amounts are plain digits, with cents and a dollar sign or not: read without the
        # regex, which costs several times the Decimal. The whole and the cents must be ASCII
        # digits (str.isdigit alone takes other scripts' digits), so what this reads the regex
        # reads alike; anything else goes to the regex.
        body = text[1:] if text[:1] == "$" else text
        units, dot, decimals = body.partition(".")
        if units.isascii() and units.isdigit() and (
                not dot or (decimals.isascii() and decimals.isdigit())):
            value = Decimal(body)
        else:
            m = _AMOUNT.fullmatch(text.strip())
            if m is None:
                raise AmountError(f"{text!r} is not an amount")
            sign, whole, cents = m.groups()
            value = Decimal(sign + whole.replace(",", "") + (cents or ""))
        if len(_CACHE) < 10_000:
            _CACHE[text] = value
    return value
