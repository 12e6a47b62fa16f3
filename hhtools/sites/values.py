"""The bounds every value read from a hand history must keep, checked where the value is read.

A history is text anyone can edit, and a value the store cannot hold (an amount of 36 digits
for its ``decimal(38,4)`` columns, a seat number past ``Int32``), or that no table can have
(11 players, seat 0 of a text site), must cost its own hand only: it becomes a LineError
naming the line, the column and what was expected, never a failure of the whole import, nor
of a report drawn later from the store.

>>> amount_problem(Decimal("999999999999999.9999")) is None
True
>>> amount_problem(Decimal("1000000000000000"))
'expected an amount below 1,000,000,000,000,000'
>>> amount_problem(Decimal("0.12345"))
'expected an amount with at most 4 decimal places'
"""

from __future__ import annotations

import re
from decimal import Decimal

from hhtools.errors import LineError
from hhtools.sites.classifier import LineToken

#: Amounts are below this in absolute value: 15 digits before the point, 4 after it, fit
#: the store's decimal(38,4) with room for any sum of them.
WHOLE_DIGITS = 15
MAX_AMOUNT = Decimal(10) ** WHOLE_DIGITS
#: The decimal places the store keeps: an amount with more would be silently cut.
AMOUNT_PLACES = 4
_QUANTUM = Decimal(1).scaleb(-AMOUNT_PLACES)
#: No poker table seats more players.
MAX_SEATS = 10
#: The most cards one deck can give a draw: a count above it means nothing; below it, what the
#: game allows (at most 4 or 5) is the replay's to judge (illegal_draw).
MAX_CARDS = 52
#: A hand id is at most this long (sites' ids are 8 to 25 characters).
MAX_ID_LENGTH = 64
#: A player's name is at most this long (sites allow 12 to 20 characters).
MAX_NAME_LENGTH = 64
#: Hands were played in these years (a time outside them cannot be charted or compared).
YEARS = (1970, 2100)
#: A hand records at most this many actions (real hands have a few dozen): counts per
#: player and street are stored as 16-bit integers.
MAX_ACTIONS = 5000
_ID = re.compile(r"[^\x00-\x20\x7f]{1,%d}" % MAX_ID_LENGTH)
# Control characters, which no site allows in a name (and a terminal or CSV reader would act on).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_DIGITS = re.compile(r"[0-9]{1,9}")
_SMALL = {str(n): n for n in range(100)}


def column_of(tok: LineToken, text: str, last: bool = False) -> int:
    """1-based column of ``text`` in the line, or 1 when it cannot be found."""
    line = tok.text
    pos = line.rfind(text) if last else line.find(text)
    return pos + 1 if pos >= 0 else 1


def amount_problem(value: Decimal) -> str | None:
    """Why an amount cannot be kept (what was expected instead), or None."""
    if not value.is_finite():
        return "expected a finite amount"
    if abs(value) >= MAX_AMOUNT:
        return f"expected an amount below {MAX_AMOUNT:,}"
    if value != value.quantize(_QUANTUM):
        return f"expected an amount with at most {AMOUNT_PLACES} decimal places"
    return None


def whole_number(tok: LineToken, text: str, what: str, lowest: int, highest: int,
                 where: str | None = None) -> int:
    """``text`` (ASCII digits) as an int from ``lowest`` to ``highest``, or a LineError naming
    ``what`` it is; ``where`` is the text to point at when it is not ``text`` itself."""
    # Seats and counts are small: looked up, as every seat and draw line reads one. A bounded
    # pattern otherwise: int() of thousands of digits is slow, then refused.
    value = _SMALL.get(text)
    if value is None and text is not None and _DIGITS.fullmatch(text):
        value = int(text)
    if value is not None and lowest <= value <= highest:
        return value
    shown = text if text is None or len(text) <= 20 else text[:20] + "..."
    raise LineError(tok, f"{what} {shown!r} is out of range: expected a whole number from "
                    f"{lowest} to {highest}", column_of(tok, where or text or ""))


def seat_number(tok: LineToken, text: str, first: int = 1, where: str | None = None) -> int:
    """A seat number: ``first`` (1, or 0 where a site counts from 0) to the tenth seat."""
    return whole_number(tok, text, "seat", first, first + MAX_SEATS - 1, where)


def table_size(tok: LineToken, text: str) -> int:
    """The seats of a table ("6-max"): 2 to 10."""
    return whole_number(tok, text, "table size", 2, MAX_SEATS)


def card_count(tok: LineToken, text: str, where: str | None = None) -> int:
    """How many cards a player discards or is dealt in a draw: 0 to a deck's 52 (what the
    game allows is the replay's to judge)."""
    return whole_number(tok, text, "card count", 0, MAX_CARDS, where)


def year_problem(year: int) -> str | None:
    """Why a start time in ``year`` cannot be kept, or None."""
    if YEARS[0] <= year <= YEARS[1]:
        return None
    return f"expected a year from {YEARS[0]} to {YEARS[1]}"


def check_year(tok: LineToken, year: int, text: str) -> None:
    """A start time's year is one hands were played in."""
    problem = year_problem(year)
    if problem is not None:
        raise LineError(tok, f"the start time {text!r} is out of range: {problem}",
                        column_of(tok, text))


def check_hand_id(tok: LineToken, hand_id: str | None) -> None:
    """A hand id is 1 to 64 visible characters."""
    # Most ids are ASCII digits, which the pattern takes: told without the regex.
    if hand_id is not None and len(hand_id) <= MAX_ID_LENGTH and hand_id.isascii() \
            and hand_id.isdigit():
        return
    if hand_id is None or not _ID.fullmatch(hand_id):
        shown = hand_id if hand_id is None or len(hand_id) <= 20 else hand_id[:20] + "..."
        raise LineError(tok, f"hand id {shown!r} is out of range: expected 1 to "
                        f"{MAX_ID_LENGTH} visible characters", column_of(tok, hand_id or ""))


def name_problem(name: str) -> str | None:
    """Why a player's name cannot be kept, or None."""
    if len(name) > MAX_NAME_LENGTH:
        return f"expected at most {MAX_NAME_LENGTH} characters"
    if _CONTROL.search(name):
        return "expected no control characters"
    return None


def check_name(tok: LineToken, name: str) -> None:
    """A player's name is at most 64 characters, none of them a control character."""
    problem = name_problem(name)
    if problem is not None:
        shown = name if len(name) <= 20 else name[:20] + "..."
        raise LineError(tok, f"the player name {shown!r} is out of range: {problem}",
                        column_of(tok, name))


def check_room(tok: LineToken, seated: int, max_seats: int | None, where: str) -> None:
    """Refuse one more seat at a table already holding ``seated`` players."""
    room = max_seats or MAX_SEATS
    if seated >= room:
        raise LineError(tok, f"one player too many: a {room}-seat table holds at most "
                        f"{room} players", column_of(tok, where))


def shortened(name: str) -> str:
    """A name as stored and counted: a damaged header's game name stays short."""
    return name if len(name) <= MAX_NAME_LENGTH else name[:MAX_NAME_LENGTH] + "..."
