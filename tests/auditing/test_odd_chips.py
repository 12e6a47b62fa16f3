"""The odd chip between the halves of a split pot, as the history gives it.

A KingsClub Limit Badeucey hand written as KingsClub prints it: a pot of 82.50, raked 1.01,
leaves 81.49 to halve. Hero wins the Badugi half, Bob the 2-7 half. By position the odd cent
goes to Hero (the first winner clockwise from the button); a history that gives it to Bob is
accepted, one chip either way, and then the nets are the history's.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from hhtools.auditing.auditor import audit
from hhtools.core.pots import award, pot_halves
from hhtools.reading.parsing import parse_text

D = Decimal
SHOWN = {"Hero": "2c 3d 4h 5s Kc", "Bob": "7s 5h 4c 3c 2d", "Carol": "Qd Jd 9h 8s 6c"}
ORDER = ("Hero", "Bob", "Carol")


def badeucey(hero_gets: str, bob_gets: str) -> str:
    won = {"Hero": D(hero_gets), "Bob": D(bob_gets)}
    rounds = []
    for n, ordinal in ((1, "1ST"), (2, "2ND"), (3, "3RD")):
        rounds.append(f"*** {ordinal} DRAW ***\n"
                      + "".join(f"{p} stands pat\n" for p in ORDER)
                      + f"*** {('2ND', '3RD', '4TH')[n - 1]} BETTING ROUND ***\n"
                      + "".join(f"{p} checks\n" for p in ORDER))
    seats = "".join(
        f"Seat {i}: {p} ({500 + won.get(p, D(0)) - D('27.50'):,}) "
        f"{'+' if won.get(p, D(0)) > D('27.50') else ''}{won.get(p, D(0)) - D('27.50')}\n"
        for i, p in enumerate(ORDER, 1))
    return ("#40299999: Limit Badeucey - 22/44\n"
            "2021-01-09 18:23:18\n"
            "Table 'Real Deal Mix' Seat 3 is the button\n"
            "Seat 1: Hero (500)\n"
            "Seat 2: Bob (500)\n"
            "Seat 3: Carol (500)\n"
            "*** 1ST BETTING ROUND ***\n"
            "Hero: posts ante 5.50\n"
            "Bob: posts ante 5.50\n"
            "Carol: posts ante 5.50\n"
            "Hero: posts the small blind 11\n"
            "Bob: posts the big blind 22\n"
            "Dealt to Hero: [2c 3d 4h 5s Kc]\n"
            "Dealt to Bob: [X X X X X]\n"
            "Dealt to Carol: [X X X X X]\n"
            "Carol calls 22\n"
            "Hero calls 22\n"
            "Bob checks\n"
            + "".join(rounds)
            + "".join(f"{p} shows [{SHOWN[p]}]\n" for p in ORDER)
            + "*** SUMMARY ***\n"
            + seats
            + "Rake 1.01\n"
            + "".join(f"{p} wins ({won[p]}) from pot\n" for p in ("Hero", "Bob")))


def audited(text: str):
    result = parse_text(text, "kingsclub")
    assert not result.errors, result.errors
    (hand,) = result.hands
    return audit(hand)


def nets(result) -> dict[str, tuple[Decimal | None, Decimal]]:
    return {p.name: (p.net, p.recorded_net) for p in result.players}


def test_the_halves_of_a_split_pot_add_up_to_the_pot():
    result = audited(badeucey("40.75", "40.74"))
    assert result.verdict == "ok", result.explanation()
    (pot,) = result.pots
    assert (pot.amount, pot.rake) == (D("82.50"), D("1.01"))
    assert [(h.amount, h.winners) for h in pot.halves] == [(D("40.75"), ("Hero",)),
                                                           (D("40.74"), ("Bob",))]
    assert sum(h.amount for h in pot.halves) == pot.amount - pot.rake
    assert nets(result) == {"Hero": (D("13.25"), D("13.25")), "Bob": (D("13.24"), D("13.24")),
                            "Carol": (D("-27.50"), D("-27.50"))}
    text = result.explanation()
    assert "Badugi half (ace high) 40.75: Hero" in text and "2-7 half 40.74: Bob" in text
    assert not result.remarks


def test_an_odd_chip_given_the_other_way_is_accepted_and_the_nets_are_the_historys():
    result = audited(badeucey("40.74", "40.75"))
    assert result.verdict == "ok", result.explanation()
    assert nets(result) == {"Hero": (D("13.24"), D("13.24")), "Bob": (D("13.25"), D("13.25")),
                            "Carol": (D("-27.50"), D("-27.50"))}
    (remark,) = result.remarks
    assert "odd chip of the main pot" in remark and "Bob 40.75" in remark
    # The rules' own award is still shown next to what the history paid.
    (pot,) = result.pots
    assert pot.expected == {"Hero": D("40.75"), "Bob": D("40.74")}
    assert pot.recorded == {"Hero": D("40.74"), "Bob": D("40.75")}


def test_more_than_one_chip_off_is_a_mismatch():
    result = audited(badeucey("40.73", "40.76"))
    assert result.verdict == "mismatch"
    assert {p: n for p, (n, _) in nets(result).items()} == {
        "Hero": D("13.25"), "Bob": D("13.24"), "Carol": D("-27.50")}
    assert not result.remarks


@pytest.mark.parametrize("amount", [D("1573.11"), D("0.01"), D("101"), D("786.55")])
@pytest.mark.parametrize("mode", ["position", "first_component"])
def test_pot_halves_add_up_and_match_the_award(amount, mode):
    winners = [["b"], ["a", "c"]]
    order = ["a", "b", "c"]
    halves = pot_halves(amount, winners, order, D("0.01"), mode)
    assert sum(halves) == amount
    shares = award(amount, winners, order, D("0.01"), mode, "one_each")
    # Each half is what its winners take from it: b alone holds the first half.
    assert halves[0] == shares["b"]


def test_the_side_pot_of_1573_11_halves_as_786_56_and_786_55():
    # The odd cent goes with its winner's half: here the 2-7 winner's, first from the button.
    assert pot_halves(D("1573.11"), [["s3"], ["s1"]], ["s1", "s3"], D("0.01"),
                      "position") == [D("786.55"), D("786.56")]
