"""Rule profiles: names, defaults per site, chip units."""

from __future__ import annotations

from decimal import Decimal

import pytest

from hhtools.auditing.rules import PROFILES, default_profile, get_profile
from hhtools.errors import UnknownNameError

D = Decimal


def test_profiles_and_site_defaults():
    assert set(PROFILES) == {"pokerstars", "kingsclub", "wsop"}
    assert default_profile("PokerStars") is PROFILES["pokerstars"]
    assert default_profile("kingsclub") is PROFILES["kingsclub"]
    assert get_profile(" WSOP ") is PROFILES["wsop"]
    other = default_profile("winamax")
    assert (other.name, other.cap_bets, other.chip_unit) == ("winamax", 4, "cent")


def test_unknown_profile_suggests_the_closest():
    with pytest.raises(UnknownNameError, match="Did you mean pokerstars"):
        get_profile("pokerstar")


def test_chip_units():
    stars, wsop = get_profile("pokerstars"), get_profile("wsop")
    assert stars.unit(D("0.10"), D("0.25"), None, False) == D("0.01")
    assert stars.unit(D(10), D(20), None, True) == 1
    assert wsop.unit(D("0.10"), D("0.25"), None, False) == D("0.05")
    assert wsop.unit(D(25), D(50), D(5), False) == 5
    assert wsop.unit(None, None, None, False) == D("0.01")


def test_every_profile_is_described():
    for p in PROFILES.values():
        assert p.description and p.cap_bets in (4, 5)
        assert p.cap_heads_up in ("lifted", "kept", "dealt-heads-up")
        assert p.split_odd_chip in ("position", "first_component")
        assert p.remainder_mode in ("one_each", "first")
