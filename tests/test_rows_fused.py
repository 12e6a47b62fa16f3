"""add_hand makes the players and draws rows in one pass over a hand's actions; these tests
compare every row it makes with the same rows assembled, as before, from the general functions
(records.chip_totals, rows.positions, rows.betting_facts, rows.draw_rows)."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

from replay_cases import exact, generated_hands, tampered

from hhtools.auditing.auditor import audit
from hhtools.core.cards import format_cards
from hhtools.core.records import Seat, Show, Uncalled, chip_totals
from hhtools.reading.parsing import history_files, parse_file
from hhtools.store.rows import (
    NO_FACTS,
    ZERO,
    add_hand,
    betting_facts,
    draw_rows,
    new_rows,
    positions,
    shown_cards,
)

COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("kingsclub", "badeucy", "fixed-limit"),
          ("phh", "2-7", "no-limit"), ("merge", "2-7", "pot-limit"),
          ("phh", "badacey", "half-pot-limit")]


def general_rows(hand) -> dict[str, list]:
    """The players and draws rows as add_hand made them from the general functions."""
    put_in, collected, returned = chip_totals(hand)
    shown = shown_cards(hand)
    where = positions(hand)
    facts = betting_facts(hand, put_in)
    players = []
    for s in hand.seats:
        name = s.name
        cards = shown.get(name)
        players.append((
            name, s.seat, where.get(name), s.stack, s.sitting_out, name == hand.hero,
            put_in.get(name, ZERO), collected.get(name, ZERO), returned.get(name, ZERO),
            cards is not None, format_cards(cards) if cards is not None else None,
            *facts.get(name, NO_FACTS)))
    return {"players": players, "draws": draw_rows(hand, shown)}


def assert_same_rows(hands, audited: bool = True) -> int:
    for hand in hands:
        rows = new_rows()
        add_hand(rows, hand, audit(hand) if audited else None)
        want = general_rows(hand)
        for name in ("players", "draws"):
            got = [tuple(row) for row in rows[name].rows]
            assert exact(got) == exact(want[name]), (name, hand.hand_id)
            # The very amounts (equal Decimals written alike: the store finds their text once).
            assert [type(v) for row in got for v in row] == [
                type(v) for row in want[name] for v in row]
    return len(hands)


def test_rows_of_every_corpus_hand_match_the_general_functions(corpus):
    hands = [h for f in history_files([corpus]) for h in parse_file(f).hands]
    assert assert_same_rows(hands) > 100


def test_rows_of_generated_and_tampered_hands_match_the_general_functions():
    hands = generated_hands(COMBOS, 30, seed=40)
    rng = random.Random(7)
    assert_same_rows(hands + [tampered(h, rng) for h in hands for _ in range(3)])


def test_rows_of_unusual_hands_match_the_general_functions(corpus):
    hand = parse_file(corpus / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt").hands[0]
    seats = hand.seats
    a, b = seats[0].name, seats[1].name
    stranger = dataclasses.replace(hand.actions[-1], player="nobody at the table",
                                   amount=Decimal("0.25"))
    unusual = [
        dataclasses.replace(hand, cancelled=True),
        dataclasses.replace(hand, game="no such game"),
        # Two seats of one name share what is kept by name (positions, money, facts).
        dataclasses.replace(hand, seats=seats + (Seat(9, a, Decimal(3)),)),
        dataclasses.replace(hand, seats=(Seat(9, a, Decimal(3), sitting_out=True),) + seats),
        # A player sitting out who pays a blind; amounts, shows and returns of strangers.
        dataclasses.replace(hand, seats=(dataclasses.replace(seats[0], sitting_out=True),)
                            + seats[1:]),
        dataclasses.replace(hand, actions=hand.actions + (stranger,)),
        dataclasses.replace(hand, shows=hand.shows + (
            Show("nobody", "show", hand.shows[0].cards if hand.shows else None, None, 1),
            Show(a, "muck", None, None, 2), Show(b, "show", (), None, 3))),
        dataclasses.replace(hand, uncalled=hand.uncalled + (
            Uncalled(a, Decimal("0.5"), "draw1", 9), Uncalled(a, Decimal("1E+1"), "draw1", 9),
            Uncalled("nobody", Decimal(1), "draw1", 9))),
        dataclasses.replace(hand, hero=None, hero_cards=()),
        dataclasses.replace(hand, seats=()),
    ]
    assert assert_same_rows(unusual, audited=False) == len(unusual)
