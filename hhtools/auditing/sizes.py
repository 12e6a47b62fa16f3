"""Bet sizes each betting structure allows (RULES.md section 5), as pure functions on Decimals.

``B`` is the highest bet of the round, ``b`` the acting player's own bet in it, ``P`` every
chip in the middle including this round's bets.

Pot limit, blinds 2/4 and one caller: the next player may raise to 18; with a pot of 100 facing
a bet of 50, to 250; the small blind facing a raise to 18 (P = 28) to between 32 and 62:

>>> D = Decimal
>>> pot_limit_max_to(D(4), D(0), D(10)), pot_limit_max_to(D(50), D(0), D(150))
(Decimal('18'), Decimal('250'))
>>> pot_limit_max_to(D(18), D(2), D(28)), min_raise_to(D(18), D(14), D(4))
(Decimal('62'), Decimal('32'))

Half pot limit, blinds 2/4 and one caller: call 4 and raise 7, to 11:

>>> half_pot_limit_max_to(D(4), D(0), D(10), D("0.01"), "floor")
Decimal('11')
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from typing import Final

from hhtools.core.records import STREETS

ZERO = Decimal(0)
# Each street's place in STREETS, looked up rather than searched for (a round starts each
# street of every hand audited).
_STREET_AT: Final[dict[str, int]] = {street: i for i, street in enumerate(STREETS)}


def limit_unit(street: str, small_bet: Decimal, big_bet: Decimal, big_bet_from: int) -> Decimal:
    """The size of every bet and raise of a fixed-limit round: the big bet from the round
    ``big_bet_from`` on, an index of records.STREETS (RULES.md 5: after draws 2 and 3 of a
    triple draw game; after the draw of a single draw game).

    >>> limit_unit("draw1", Decimal("0.25"), Decimal("0.50"), 2)
    Decimal('0.25')
    >>> limit_unit("draw2", Decimal("0.25"), Decimal("0.50"), 2)
    Decimal('0.50')
    >>> limit_unit("draw1", Decimal("0.10"), Decimal("0.20"), 1)
    Decimal('0.20')
    """
    at = _STREET_AT.get(street)
    if at is None:
        at = STREETS.index(street)  # (a name that is no street fails as it always did)
    return big_bet if at >= big_bet_from else small_bet


def pot_limit_max_to(B: Decimal, b: Decimal, P: Decimal) -> Decimal:
    """Pot limit: the most a player may make the round's bet, ``2B - b + P`` (P with no bet)."""
    return 2 * B - b + P


def half_pot_limit_max_to(B: Decimal, b: Decimal, P: Decimal, unit: Decimal,
                          rounding: str) -> Decimal:
    """Half pot limit: the call plus half the pot after calling, ``B + (P + B - b) / 2``.

    No source says how to round a half; ``rounding`` (``floor`` or ``ceiling``) to ``unit``
    is the profile's choice.
    """
    raw = B + (P + B - b) / 2
    mode = ROUND_FLOOR if rounding == "floor" else ROUND_CEILING
    return (raw / unit).to_integral_value(rounding=mode) * unit


def min_raise_to(B: Decimal, last_full_raise: Decimal, big_blind: Decimal) -> Decimal:
    """Pot and no limit: the least a (full) bet or raise may make the round's bet.

    A bet is at least the big blind; a raise adds at least the last full raise of the round
    (RULES.md 5: a bet of 100 then an all-in to 140 makes the next minimum 240).

    >>> min_raise_to(Decimal(0), Decimal(0), Decimal(4)), min_raise_to(Decimal(140), Decimal(100), Decimal(4))
    (Decimal('4'), Decimal('240'))
    """
    return B + max(last_full_raise, big_blind)


def is_full_raise(increment: Decimal, full_raise: Decimal, fixed_limit: bool,
                  half_bet_rule: bool) -> bool:
    """Whether a bet or raise that adds ``increment`` to the round's bet counts as a full one.

    In fixed limit with the half-bet rule [LA 129] half a bet is enough; otherwise (pot and no
    limit, or fixed limit under [PK]) only a full raise counts.

    >>> is_full_raise(Decimal(15), Decimal(20), True, True), is_full_raise(Decimal(5), Decimal(20), True, True)
    (True, False)
    >>> is_full_raise(Decimal(15), Decimal(20), False, True)
    False
    """
    if fixed_limit and half_bet_rule:
        return 2 * increment >= full_raise
    return increment >= full_raise


def may_reraise(acted_at: Decimal | None, full_level_since: bool, current: Decimal,
                full_raise: Decimal) -> bool:
    """Whether a player who already acted at ``acted_at`` may raise again.

    Yes if they have not acted, if a full raise came after them, or if several short all-ins
    since their action add up to a full raise [T 96a]: A bets 500, B raises to 1000, C calls,
    D and E go all in to 1300 and 1700: B and C may raise again.

    >>> may_reraise(Decimal(1000), False, Decimal(1700), Decimal(500))
    True
    >>> may_reraise(Decimal(1000), False, Decimal(1300), Decimal(500))
    False
    """
    if acted_at is None or full_level_since:
        return True
    return current - acted_at >= full_raise
