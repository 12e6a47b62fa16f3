"""A rule profile goes to worker processes and into copies: pickled and copied, compiled or
pure, it comes back equal."""

from __future__ import annotations

import copy
import pickle

import pytest

from hhtools.auditing.rules import PROFILES, get_profile


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_profile_pickles_and_copies(name: str) -> None:
    profile = get_profile(name)
    assert pickle.loads(pickle.dumps(profile)) == profile
    assert copy.copy(profile) == profile
    assert copy.deepcopy(profile) == profile
