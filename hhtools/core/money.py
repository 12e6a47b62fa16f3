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
from typing import Final

from hhtools.errors import AmountError

_AMOUNT = re.compile(r"([+-]?)(?:[$€£₹¥]|Rs\. )?([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(\.[0-9]+)?"
                     r"[$€£]?")
# Histories repeat the same few amounts (blinds, bets) thousands of times.
_CACHE: dict[str, Decimal] = {}


def parse_amount(text: str) -> Decimal:
    """Read ``$0.25``, ``1,500``, ``25€``, ``+192.75`` as an exact Decimal."""
    value = _CACHE.get(text)
    if value is None:
        value = read_amount(text)
        if len(_CACHE) < 10_000:
            _CACHE[text] = value
    return value


def read_amount(text: str) -> Decimal:
    """``parse_amount`` without its table of amounts read before: for a caller that keeps
    its own (the hand builder's), to which a text is new when it gets here."""
    # Most amounts are plain digits, with cents and a currency sign (a dollar before, or
    # Winamax's euro after) or not: read without the regex, which costs several times the
    # Decimal. The whole and the cents must be ASCII digits (str.isdigit alone takes other
    # scripts' digits), so what this reads the regex reads alike: ASCII text that is digits
    # once the digits at both ends are stripped, or a point between digits. A signed or
    # grouped amount is tried next (_signed_or_grouped), anything else goes to the regex.
    body = text[1:] if text.startswith("$") else text
    if body[-1:] in ("$", "€", "£"):
        body = body[:-1]
    if body.isascii():
        rest = body.strip(_DIGITS)
        if (not rest and body) or (rest == "." and body[0] != "." and body[-1] != "."):
            return Decimal(body)
    value = _signed_or_grouped(text)
    if value is None:
        m = _AMOUNT.fullmatch(text.strip())
        if m is None:
            raise AmountError(f"{text!r} is not an amount")
        sign, whole, cents = m.groups()
        value = Decimal(sign + whole.replace(",", "") + (cents or ""))
    return value


_DIGITS: Final = "0123456789"


def _signed_or_grouped(text: str) -> Decimal | None:
    """``text`` read as the regex reads it when it is ASCII digits with a sign, a dollar sign,
    thousands grouped by commas, cents or a currency sign after them (``-$1,234.50``,
    ``12.50€``); None for anything else."""
    sign = text[:1]
    body = text[1:] if sign == "+" or sign == "-" else text
    if body[:1] == "$":
        body = body[1:]
    if body[-1:] in ("$", "€", "£"):  # Winamax writes "12.50€"
        body = body[:-1]
    units, dot, decimals = body.partition(".")
    if "," in units:
        # Grouped as the regex groups: one to three digits, then a comma every fourth
        # character (told by where the commas are, not by a list of the groups).
        head = len(units) - 4 * units.count(",")
        if not 1 <= head <= 3:
            return None
        for at in range(head, len(units), 4):
            if units[at] != ",":
                return None
        units = units.replace(",", "")
    if units.isascii() and units.isdigit() and (
            not dot or (decimals.isascii() and decimals.isdigit())):
        # (the regex's Decimal is made with the sign it found, a plus or none alike)
        return Decimal(("-" if sign == "-" else "") + units + dot + decimals)
    return None
