"""Bet sizes of RULES.md section 5, checked one by one."""

from __future__ import annotations

from decimal import Decimal

from hhtools.auditing.sizes import (
    half_pot_limit_max_to,
    is_full_raise,
    limit_unit,
    may_reraise,
    min_raise_to,
    pot_limit_max_to,
)
from hhtools.core.games import GAMES

D = Decimal


def test_fixed_limit_units_per_street():
    streets = ("predraw", "draw1", "draw2", "draw3")
    triple, single = GAMES["2-7"].big_bet_from, GAMES["5-card-draw"].big_bet_from
    assert [limit_unit(s, D(22), D(44), triple) for s in streets] == [D(22), D(22), D(44), D(44)]
    # One draw: the small bet before it, the big bet after it.
    assert [limit_unit(s, D(10), D(20), single) for s in streets[:2]] == [D(10), D(20)]
    assert all(GAMES[g].big_bet_from == 1
               for g in ("2-7-single-draw", "a-5-single-draw", "5-card-draw"))
    assert all(GAMES[g].big_bet_from == 2 for g in ("badugi", "badeucy", "badacey", "a-5"))


def test_pot_limit_examples():
    assert pot_limit_max_to(D(4), D(0), D(10)) == 18  # blinds 2/4 and one caller
    assert pot_limit_max_to(D(50), D(0), D(150)) == 250  # pot 100 facing 50
    assert pot_limit_max_to(D(18), D(2), D(28)) == 62  # small blind facing a raise to 18
    assert min_raise_to(D(18), D(14), D(4)) == 32
    assert pot_limit_max_to(D(0), D(0), D(37)) == 37  # no bet yet: the pot


def test_half_pot_limit_examples_and_rounding():
    assert half_pot_limit_max_to(D(4), D(0), D(10), D(1), "floor") == 11
    assert half_pot_limit_max_to(D(4), D(0), D(11), D(1), "floor") == 11  # 11.5 rounds down
    assert half_pot_limit_max_to(D(4), D(0), D(11), D(1), "ceiling") == 12


def test_no_limit_minimums():
    assert min_raise_to(D(0), D(0), D(4)) == 4
    assert min_raise_to(D(140), D(100), D(4)) == 240
    assert min_raise_to(D(6), D(2), D(4)) == 10  # a raise adds at least the big blind


def test_short_all_ins():
    assert is_full_raise(D(10), D(20), True, True)  # half a bet counts in limit [LA 129]
    assert not is_full_raise(D(9), D(20), True, True)
    assert not is_full_raise(D(10), D(20), True, False)  # [PK]: full raises only
    assert not is_full_raise(D(10), D(20), False, True)  # no half-bet rule in NL/PL
    assert may_reraise(None, False, D(100), D(50))  # has not acted yet
    assert may_reraise(D(20), True, D(25), D(20))  # a full raise came after
    assert not may_reraise(D(20), False, D(25), D(20))
