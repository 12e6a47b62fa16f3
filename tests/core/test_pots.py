"""Pots, halves, odd chips and rake: RULES.md section 7's examples and the edge cases."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

import pytest

from hhtools.core.pots import (
    PotLayer,
    allocate_rake,
    award,
    build_pots,
    half_amounts,
    split,
    uncalled_bet,
)

D = Decimal


def test_side_pot_example():
    paid = {"A": D(20), "B": D(50), "C": D(100), "D": D(10)}
    assert uncalled_bet(paid) == ("C", D(50))
    paid["C"] = D(50)
    pots = build_pots(paid, ["A", "B", "C"])
    assert pots == [PotLayer(D(70), ("A", "B", "C")), PotLayer(D(60), ("B", "C"))]
    assert sum(p.amount for p in pots) == sum(paid.values())


def test_badeucy_side_pot_half_goes_to_its_own_eligible_players():
    # A holds the best Badugi but is only in the main pot: B wins the side pot's Badugi half.
    main = award(D(70), [["A"], ["C"]], ["A", "B", "C"], D(1), "position", "one_each")
    side = award(D(60), [["B"], ["C"]], ["A", "B", "C"], D(1), "position", "one_each")
    assert main == {"A": D(35), "C": D(35)} and side == {"B": D(30), "C": D(30)}


def test_badeucy_three_way_example():
    # Pot 100: P1 and P3 tie the Badugi half, P3 wins the 2-7 half: P3 75, P1 25.
    assert award(D(100), [["P1", "P3"], ["P3"]], ["P1", "P2", "P3"], D(1), "position",
                 "one_each") == {"P1": D(25), "P3": D(75)}


@pytest.mark.parametrize("mode, expected", [
    ("position", {"s3": D(50), "s1": D(26), "s4": D(25)}),
    ("first_component", {"s3": D(51), "s1": D(25), "s4": D(25)}),
])
def test_odd_chip_between_halves(mode, expected):
    assert award(D(101), [["s3"], ["s1", "s4"]], ["s1", "s3", "s4"], D(1), mode,
                 "one_each") == expected


def test_odd_units_among_tied_winners():
    assert split(D(8), ["a", "b", "c"], D(1), "one_each") == {"a": D(3), "b": D(3), "c": D(2)}
    assert split(D(8), ["a", "b", "c"], D(1), "first") == {"a": D(4), "b": D(2), "c": D(2)}
    # Clockwise from the button, whatever order the winners are given in.
    assert award(D(5), [["c", "a"]], ["a", "b", "c"], D(1), "position", "one_each") == {
        "a": D(3), "c": D(2)}


def test_chips_are_conserved_by_every_split():
    for amount in (D("0.01"), D("0.07"), D("1.03"), D("101"), D("550.25")):
        for mode in ("position", "first_component"):
            got = award(amount, [["a", "b"], ["b", "c", "d"]], ["a", "b", "c", "d"],
                        D("0.01"), mode, "one_each")
            assert sum(got.values()) == amount
        assert sum(half_amounts(amount, 2, D("0.01"), "first_component")) == amount


def test_dead_money_of_a_folded_player_above_the_live_levels():
    # D raised to 40 and folded to a 30 all-in: D's last 10 are dead money in the last pot.
    pots = build_pots({"A": D(30), "D": D(40)}, ["A"])
    assert pots == [PotLayer(D(70), ("A",))]


def test_rake_from_printed_pots_or_shared_in_proportion():
    assert allocate_rake([D("3.05"), D("2.65")], D("0.25"), D("0.01"),
                         [D("2.90"), D("2.55")]) == [D("0.15"), D("0.10")]
    # Printed pots that do not add up are ignored: proportional shares, rest to the main pot.
    assert allocate_rake([D(300), D(100)], D(6), D(1), [D(1), D(1)]) == [D(5), D(1)]
    assert allocate_rake([D(10)], D(0), D(1)) == [D(0)]


def _floor_plain(value, unit):
    """The chip unit's floor as Decimal words it: the digits every share printed has had."""
    return (value / unit).to_integral_value(rounding=ROUND_FLOOR) * unit


def test_shares_have_the_digits_of_the_plain_floor():
    # The pots' floor is called through a floor context's method (hhtools.core.pots._FLOOR):
    # each share keeps the digits of the plain form, whose texts the audit prints (65 with a
    # unit of 0.25 is 65.0, not 65).
    units = [D("0.01"), D("0.05"), D("0.25"), D("0.5"), D(1), D(5), D(25)]
    amounts = [D("0.01"), D("0.07"), D("1.03"), D("2.01"), D(65), D("65.0"), D(101),
               D("550.25"), D(3000)]
    for amount in amounts:
        for unit in units:
            half = _floor_plain(amount / 2, unit)
            assert str(half_amounts(amount, 2, unit, "position")[0]) == str(half)
            share = _floor_plain(amount, unit)
            assert str(split(amount, ["a"], unit, "first")["a"]) == str(share + (amount - share))
            rake = allocate_rake([amount, amount], D("0.75"), unit)
            assert str(rake[1]) == str(_floor_plain(D("0.75") * amount / (amount + amount), unit))
