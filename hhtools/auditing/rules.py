"""Rule profiles: the points where sites and rulebooks disagree (RULES.md section 8), as data.

Everything the auditor does is the same for every site and game except the choices below, so
a profile is a frozen record of those choices, one default per site plus ``wsop``:

>>> get_profile("wsop").cap_bets, get_profile("pokerstars").cap_bets
(5, 4)
>>> default_profile("kingsclub").name
'kingsclub'
>>> get_profile("wsopp")
Traceback (most recent call last):
...
hhtools.errors.UnknownNameError: Unknown rule profile 'wsopp'. Did you mean wsop? Known: kingsclub, pokerstars, wsop.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from typing import Final, Literal

from hhtools.errors import unknown_name
from hhtools.sites import rule_profile
from hhtools.sites.describe import STYLES

CENT = Decimal("0.01")
ONE = Decimal(1)

#: The answers a profile may give to each open question (RuleProfile says what each means).
CapHeadsUp = Literal["lifted", "kept", "dealt-heads-up"]
ShortAllIn = Literal["half-bet", "previous-level", "full-raise", "either"]
Rounding = Literal["floor", "ceiling"]
SplitOddChip = Literal["position", "first_component"]
RemainderMode = Literal["one_each", "first"]
ChipUnit = Literal["cent", "blinds"]
Burns = Literal["none", "possible"]
ReshufflePolicy = Literal["earlier-rounds", "others-this-round", "either"]
DrawProcedure = Literal["serve", "batch", "either"]


@dataclass(frozen=True)
class RuleProfile:
    """One consistent set of answers to the questions the rulebooks leave open."""

    name: str
    description: str
    #: Fixed limit: bets allowed in a round (the big blind counts as the first before the draw).
    cap_bets: int
    #: ``lifted``: no cap in a round that begins with two players not all-in [LA 127];
    #: ``kept``: the cap holds even heads-up [T 100b];
    #: ``dealt-heads-up``: no cap only in a hand dealt to two players; a round that begins
    #: heads-up in a hand dealt to more is capped (PokerStars prints "Betting is capped" there).
    cap_heads_up: CapHeadsUp
    #: Fixed limit, an all-in raise short of a full bet (RULES.md 5, "Short all-in"):
    #: ``half-bet``: half a bet or more counts as a full raise, the next raise goes to the
    #: all-in plus a bet and it counts toward the cap [LA 129];
    #: ``previous-level``: half a bet or more reopens the betting, but the next raise goes to the
    #: previous full level plus a bet and the all-in is no bet of the cap (PokerStars' hands);
    #: ``full-raise``: only a full raise reopens the betting [PK];
    #: ``either``: the site's practice is unknown, so what ``half-bet`` or ``previous-level``
    #: allows is accepted (half a bet reopens; the next raise goes to either level; the all-in
    #: is no bet of the cap).
    limit_short_all_in: ShortAllIn
    #: Pot limit: count the small blind as a big blind when sizing the pot [LA 187].
    pl_round_sb: bool
    #: Half pot limit: how the maximum is rounded to the chip unit (``floor`` or ``ceiling``).
    hpl_rounding: Rounding
    #: Odd chip between the halves of a split game: ``position`` (the first winner of either
    #: half clockwise from the button [LA 149]) or ``first_component`` (the Badugi half [PK]).
    split_odd_chip: SplitOddChip
    #: Odd chips among tied winners: ``one_each`` clockwise from the button, or ``first``
    #: (the whole remainder to the first tied winner [PK]).
    remainder_mode: RemainderMode
    #: The smallest chip: ``cent`` (0.01 for cash, 1 for tournament chips, as sites deal) or
    #: ``blinds`` (the largest unit dividing the blinds and ante [LA 148]).
    chip_unit: ChipUnit
    #: Whether a card is burned before each draw's replacements: ``none`` (the site burns none,
    #: seen in its hands) or ``possible`` (one per draw round; sites print no burns).
    burns: Burns = "possible"
    #: Which discards a reshuffle may deal again (RULES.md 6, "When the stub runs out"):
    #: ``earlier-rounds`` (this round's discards stay out [LA, T]), ``others-this-round``
    #: (PokerStars' published rule: this round's discards too, never the player's own), or
    #: ``either`` (practice unknown: whatever either rule allows).
    reshuffle_policy: ReshufflePolicy = "either"
    #: How a draw round is served (RULES.md 6, "Draw procedure"), which decides whether this
    #: round's later discards exist when the stub runs out: ``serve`` (each player is served
    #: before the next declares [EN-A, SE]; PokerStars prints its reshuffle between two
    #: players' draws), ``batch`` (everyone discards in turn, then the replacements are dealt
    #: [T, PK]) or ``either`` (practice unknown: whatever either allows).
    draw_procedure: DrawProcedure = "either"
    #: Draws: the most cards a player may change per draw, by game; games not listed use
    #: the game's own limit.
    max_draw: dict[str, int] = field(default_factory=dict)
    #: How the site words its hand descriptions (a key of hhtools.sites.describe.STYLES), or None
    #: when the site prints none.
    description_style: str | None = None

    def __reduce__(self) -> tuple[type[RuleProfile], tuple[object, ...]]:
        # Compiled (mypyc), a frozen dataclass cannot be unpickled or copied field by field
        # (FrozenInstanceError): it is made again from its fields, as its constructor takes them.
        return type(self), tuple(getattr(self, f.name) for f in fields(self))

    def unit(self, small_blind: Decimal | None, big_blind: Decimal | None,
             ante: Decimal | None, tournament: bool) -> Decimal:
        """The chip unit of a hand: the rounding step of splits and of pot-limit sizes."""
        if self.chip_unit == "blinds":
            amounts = [a for a in (small_blind, big_blind, ante) if a]
            if amounts:
                return _common_unit(amounts)
        return ONE if tournament else CENT


def _common_unit(amounts: list[Decimal]) -> Decimal:
    """The largest amount dividing every one of ``amounts``: 25/50 -> 25, 0.10/0.25 -> 0.05."""
    scale = max(0, *map(_places, amounts))
    ints = [int(a.scaleb(scale)) for a in amounts]
    return Decimal(math.gcd(*ints)).scaleb(-scale)


def _places(amount: Decimal) -> int:
    """The decimal places of a finite amount (0 for one that is not: read values are)."""
    exponent = amount.as_tuple().exponent
    return -exponent if isinstance(exponent, int) else 0


PROFILES: dict[str, RuleProfile] = {p.name: p for p in (
    RuleProfile(
        "pokerstars", "PokerStars online: 4-bet cap, kept in a round that begins heads-up "
        "unless the hand was dealt heads-up, a short all-in of half a bet reopens the betting "
        "at the previous level plus a bet, no burns, cent chips (tournament chips: 1), odd "
        "chips by position", cap_bets=4,
        cap_heads_up="dealt-heads-up", limit_short_all_in="previous-level", pl_round_sb=False,
        hpl_rounding="floor", split_odd_chip="position", remainder_mode="one_each",
        chip_unit="cent", description_style="pokerstars", burns="none",
        reshuffle_policy="others-this-round", draw_procedure="serve"),
    RuleProfile(
        "kingsclub", "KingsClub online: 4-bet cap lifted heads-up, short all-ins and "
        "reshuffles as any known practice allows (no evidence seen), cent chips, odd chips "
        "by position", cap_bets=4, cap_heads_up="lifted",
        limit_short_all_in="either", pl_round_sb=False, hpl_rounding="floor",
        split_odd_chip="position", remainder_mode="one_each", chip_unit="cent"),
    RuleProfile(
        "wsop", "2024 WSOP live action: bet and 4 raises, no cap in a round that begins "
        "heads-up, half-bet rule, this round's discards kept out of a reshuffle, small blind "
        "counted as a big blind in pot limit, odd chips by position from the smallest chip "
        "in the blinds", cap_bets=5,
        cap_heads_up="lifted", limit_short_all_in="half-bet", pl_round_sb=True,
        hpl_rounding="floor", split_odd_chip="position", remainder_mode="one_each",
        chip_unit="blinds", reshuffle_policy="earlier-rounds", draw_procedure="batch"),
)}

#: The profiles whose every disputed point is a known practice, a site's (seen in its hands)
#: or a rulebook's: a finding names those of them under which its line is legal. (KingsClub's
#: profile accepts what either practice allows where its own is unknown, so naming it would
#: say nothing.)
PRACTICES = ("pokerstars", "wsop")


def get_profile(name: str | RuleProfile) -> RuleProfile:
    """The profile called ``name`` (a RuleProfile is returned as is)."""
    if isinstance(name, RuleProfile):
        return name
    try:
        return PROFILES[re.sub(r"\s+", "", name.lower())]
    except KeyError:
        raise unknown_name("rule profile", name, PROFILES) from None


#: Each site's default profile, made once: a replay asks at every hand, and a compiled
#: lookup in a dict costs a fraction of a call through ``functools.cache``'s wrapper.
_DEFAULTS: Final[dict[str, RuleProfile]] = {}


def default_profile(site: str) -> RuleProfile:
    """The profile a site's hands are audited with unless ``--rules`` says otherwise: the one
    the site names (``hhtools.sites.rule_profile``); the same object at every call.

    Sites without a profile of their own get ``wsop``'s betting rules with cent chips,
    the common online practice, and the site's wording of hands when it can be read
    (``hhtools.sites.describe.STYLES``).
    """
    profile = _DEFAULTS.get(site)
    if profile is None:
        profile = _DEFAULTS[site] = _default_profile(site)
    return profile


def _default_profile(site: str) -> RuleProfile:
    name = rule_profile(site)
    if name is not None:
        return PROFILES[name]
    return replace(PROFILES["wsop"], name=f"{site.lower()}", chip_unit="cent", cap_bets=4,
                   pl_round_sb=False, limit_short_all_in="either", reshuffle_policy="either",
                   draw_procedure="either",
                   description=f"{site} (no profile of its own: online defaults, 4-bet cap "
                   "lifted heads-up, short all-ins and reshuffles as any known practice "
                   "allows, cent chips)",
                   description_style=site.lower() if site.lower() in STYLES else None)
