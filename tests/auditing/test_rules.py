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


def test_each_site_names_its_own_profile():
    # The audit asks the site (Site.rule_profile): a site's declaration is the one home of
    # which profile its hands are audited with, and each name it gives is a real profile.
    from hhtools.sites import SITE_NAMES, get_site, rule_profile

    named = {s: get_site(s).rule_profile for s in SITE_NAMES}
    assert named == {"pokerstars": "pokerstars", "kingsclub": "kingsclub", "merge": None,
                     "fulltilt": None, "winamax": None}
    for site, name in named.items():
        assert rule_profile(site.upper()) == name
        assert default_profile(site).name == site
        assert (default_profile(site) is PROFILES[name]) if name else site not in PROFILES
    # Hands of no site hhtools reads (PHH, the API) get the online defaults.
    assert rule_profile("phh") is None and default_profile("phh").limit_short_all_in == "either"


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
