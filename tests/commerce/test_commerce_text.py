"""Whisky Poker and La Viuda against every example of their rule text
(../shared/reference/000_8c3969b7889ddbd7.txt).

The text writes its tie-break examples without suits ("8-8-9-5-4 is better than 8-8-9-5-4");
the suits below are written in so that each hand shows what the example says it shows, and no
other step decides first. The wild rank is chosen so no card of the examples is wild (twos:
the second deal's, two chips in the pool), unless the example is about wild cards.
"""

import pytest

from hhtools.commerce.cards import JOKER, parse_cards, wild_rank
from hhtools.commerce.compare import TieBreakError, compare, explain, worst
from hhtools.commerce.evaluate import evaluate
from hhtools.commerce.games import CATEGORIES
from hhtools.errors import CardError

# Deal: the wild rank follows the chips in the pool ----------------------------------------

@pytest.mark.parametrize("chips, rank", [
    (1, "A"),    # "In the first deal, the Aces are always wild, because there is one chip"
    (2, "2"),    # "Since the pool now contains two chips, twos will be wild in the next deal"
    (10, "T"),
    (11, "J"), (12, "Q"), (13, "K"),  # "11, 12 or 13 chips ... Jack, Queens and Kings"
    (14, "A"),   # "14 chips would correspond to wild Aces again"
    (15, "2"),   # "15 would indicate wild twos, and so on"
    (27, "A"), (28, "2"),  # "and so on": the cycle goes on
])
def test_wild_rank_follows_the_pool(chips, rank):
    assert wild_rank(chips) == rank


@pytest.mark.parametrize("chips", [0, -1, 2.0, True, "3"])
def test_a_pool_count_that_is_not_a_count_is_refused(chips):
    with pytest.raises(ValueError, match="chips in the pool"):
        wild_rank(chips)


def test_la_viuda_has_two_jokers_and_whisky_none():
    assert evaluate("la-viuda", "Jk X2 As Kd 7c", wild="2").wild_cards == 2
    with pytest.raises(CardError, match="'Jk' is held again by hand 2: the pack holds two jokers"):
        compare("la-viuda", ["Jk Jk As Kd 7c", "Jk 2c 3c 4c 5c"], wild="Q")
    with pytest.raises(CardError, match="the pack holds no joker"):
        evaluate("whisky", "Jk As Kd 7c 6c")


def test_whisky_poker_has_no_wild_rank_and_la_viuda_needs_one():
    with pytest.raises(ValueError, match="Whisky Poker has no wild cards"):
        evaluate("whisky", "As Kd 7c 6c 2d", wild="A")
    with pytest.raises(ValueError, match="La Viuda needs the deal's wild rank"):
        evaluate("la-viuda", "As Kd 7c 6c 2d")


# The hand types, high to low, with the text's Spanish names --------------------------------

# One hand of each type, from the text's list top to bottom (wild twos).
LADDER = [
    ("Quintilla", "five of a kind", "Kd Kh Kc Ks Jk"),
    ("Flor Imperial", "royal flush", "Ah Kh Qh Jh Th"),
    ("Flor Corrida", "straight flush", "9c 8c 7c 6c 5c"),
    ("Poquer", "four of a kind", "Qs Qh Qd Qc 3s"),
    ("Full", "full house", "Ts Th Td 4s 4d"),
    ("Color", "flush", "As Js 9s 7s 3s"),
    ("Corrida", "straight", "9d 8s 7h 6d 5h"),
    ("Tercia", "three of a kind", "6s 6h 6c Kd 3h"),
    ("Dos Pares", "two pair", "As Ad 8c 8h 5s"),
    ("Par", "pair", "Ac Ah Kh Jd 9c"),
    ("Carta más alta", "high card", "Ad Qc Th 8d 6h"),
]


def test_the_hand_types_rank_in_the_texts_order():
    values = [evaluate("la-viuda", cards, wild="2") for _, _, cards in LADDER]
    assert [(v.category.spanish, v.category.english) for v in values] == [(s, e) for s, e, _ in LADDER]
    assert all(a > b for a, b in zip(values, values[1:]))
    assert [c.spanish for c in reversed(CATEGORIES)] == [s for s, _, _ in LADDER]


def test_quintilla_beats_flor_imperial_and_descriptions_name_both_languages():
    c = compare("la-viuda", {"Ana": "9d 9h 9c 9s Jk", "Beto": "Ah Kh Qh Jh Th"}, wild="2")
    assert c.order == (("Ana",), ("Beto",))
    assert c.values["Ana"].description == "Quintilla: five nines (Jk as 9)"
    assert c.values["Beto"].description == "Flor Imperial: royal flush"
    assert "five nines beat royal flush: five of a kind beats every other hand" in c.verdict_lines()[0]


def test_wild_aces_in_the_first_deal_make_five_of_a_kind():
    # One chip in the pool: aces wild, so an ace is a wild card too.
    v = evaluate("la-viuda", "9s 9h 9d As Jk", wild=wild_rank(1))
    assert (v.category.spanish, v.wild_cards) == ("Quintilla", 2)
    assert v.substitutions == (("As", "9"), ("Jk", "9"))


def test_flushes_compare_by_ranks_from_the_top_not_by_suit():
    # The text: Mexican players compare flushes "in the normal way": spades rank no higher.
    c = compare("la-viuda", {"hearts": "Kh Jh 9h 7h 3h", "spades": "Ks Js 9s 7s 4s"}, wild="2")
    assert c.order == (("spades",), ("hearts",))


# Scoring -------------------------------------------------------------------------------------

def test_whisky_best_hand_takes_the_pool_and_lowest_pays_under_the_alternative():
    c = compare("whisky", {"A": "As Ks Qs Js Ts", "B": "2c 2d 3h 4h 5h", "C": "9d 9c 8s 8d Kc"})
    assert c.best == ("A",) and c.worst == ("B",)
    lines = c.verdict_lines()
    assert lines[0].startswith("Best hand (takes the pool): A with royal flush")
    assert lines[1].startswith("Lowest hand (pays a chip under the alternative scoring): B with "
                               "pair of twos; against C: two pair, nines and eights beats pair of twos")


def test_whisky_suits_never_break_a_tie():
    c = compare("whisky", {"A": "As Ks Qs Js 9h", "B": "Ad Kd Qd Jd 9c", "C": "7c 5d 4h 3s 2s"})
    assert c.worst == ("C",)
    assert c.best == ("A", "B") and c.pending is None


def test_la_viuda_worst_hand_pays():
    c = compare("la-viuda", {"A": "Ks Kh Qd 9c 4h", "B": "Jk 3c 8h Td Qs", "C": "5c 5d 6h 9s Jc"},
                wild="2")
    assert worst("la-viuda", {"A": "Ks Kh Qd 9c 4h", "C": "5c 5d 6h 9s Jc"}, wild="2") == ("C",)
    assert c.worst == ("C",)  # B's joker pairs his queen
    assert c.verdict_lines()[-1].startswith("Worst hand (pays a chip): C with Par: pair of fives")


# The tie-break chain, step by step, with the text's examples ---------------------------------

def test_step_1_fewer_wild_cards_beat_more():
    natural, wild = "Ks Kh Kd 9c 4h", "Kc Jk 2s 9d 4s"  # both three kings, nine and four
    c = compare("la-viuda", {"natural": natural, "wild": wild}, wild="2")
    assert c.values["natural"].same_poker_hand(c.values["wild"])
    assert c.order == (("natural",), ("wild",))
    assert explain(c.values["natural"], c.values["wild"]) == (
        "equal as poker hands (three kings); 0 wild cards beat 2")


def test_step_2_the_higher_suited_sequence():
    # "8-8-9-5-4 is better than 8-8-9-5-4 because the 8-9 sequence is higher than the 5-4".
    c = compare("la-viuda", {"first": "8h 8s 9h 5c 4d", "second": "8d 8c 9s 5h 4h"}, wild="2")
    assert c.order == (("first",), ("second",))
    assert explain(c.values["first"], c.values["second"]).endswith(
        "the suited sequence 9h-8h beats 5h-4h: it is higher")


def test_step_2_a_longer_suited_sequence_beats_a_higher_one():
    # "8-7-6-5-4 is better than 8-7-6-5-4 because the sequence 6-5-4 is better than 9-8": the
    # hands are 8-high straights, so the text's "9-8" cannot be in them; it is read as 8-7.
    c = compare("la-viuda", {"first": "8c 7h 6s 5s 4s", "second": "8d 7d 6h 5c 4h"}, wild="2")
    assert c.values["first"].sequence_words == "6s-5s-4s"
    assert c.values["second"].sequence_words == "8d-7d"
    assert c.order == (("first",), ("second",))
    assert explain(c.values["first"], c.values["second"]).endswith("it is longer")


def test_step_2_any_sequence_beats_none():
    # "Q-Q-7-4-3 is better than Q-Q-7-4-3 because 4-3 is better than nothing."
    c = compare("la-viuda", {"first": "Qs Qh 7d 4c 3c", "second": "Qd Qc 7h 4s 3d"}, wild="2")
    assert c.order == (("first",), ("second",))
    assert explain(c.values["first"], c.values["second"]).endswith(
        "the suited sequence 4c-3c beats none")


def test_step_3_more_cards_of_one_colour():
    # "J-J-7-7-5 is better than J-J-7-7-5 because four red cards are better than three black."
    c = compare("la-viuda", {"first": "Jh Jd 7h 7c 5d", "second": "Js Jc 7s 7d 5h"}, wild="2")
    assert (c.values["first"].red, c.values["second"].black) == (4, 3)
    assert c.order == (("first",), ("second",))
    assert explain(c.values["first"], c.values["second"]).endswith(
        "4 cards of one colour (red) beat 3 (black)")


EXAMPLE_4 = {"first": "Ks Kh 8c 6d 5s", "second": "Kd Kc 8h 6c 5h"}


def test_step_4_a_card_drawn_from_the_deck_decides_by_colour():
    # "K-K-8-6-5 versus K-K-8-6-5. The first hand has three black cards and the second has
    # three red, so a card is drawn from the deck. If it is black (for example 9) the first
    # hand wins; if it is red (for example 3) the second hand wins."
    undecided = compare("la-viuda", EXAMPLE_4, wild="2")
    assert undecided.pending == "drawn-card" and undecided.worst == ("first", "second")
    assert "a card drawn from the deck decides" in undecided.verdict_lines()[-1]
    black = compare("la-viuda", EXAMPLE_4, wild="2", drawn="9c")
    assert (black.order, black.pending) == ((("first",), ("second",)), None)
    assert "9c is drawn from the deck: black, so first (more black cards) ranks above second." in black.verdict_lines()
    red = compare("la-viuda", EXAMPLE_4, wild="2", drawn="3d")
    assert red.worst == ("first",)


def test_step_4_a_drawn_joker_has_no_colour():
    c = compare("la-viuda", EXAMPLE_4, wild="2", drawn="Jk")
    assert c.pending == "drawn-card" and len(c.worst) == 2


def test_step_4_the_drawn_card_cannot_be_in_a_hand_shown():
    with pytest.raises(TieBreakError, match="8c cannot be drawn from the deck"):
        compare("la-viuda", EXAMPLE_4, wild="2", drawn="8c")


EXAMPLE_5 = {"first": "7h 7c Td 9s 4h", "second": "7d 7s Th 9c 4d"}


def test_step_5_manotazo_the_higher_card_wins():
    # "7-7-10-9-4 versus 7-7-10-9-4 ... no sequences in suit, and each player has three red
    # cards and two black. So these ten cards are shuffled and whoever draws the higher card
    # will win."
    undecided = compare("la-viuda", EXAMPLE_5, wild="2")
    assert undecided.pending == "manotazo"
    assert "3 red and 2 black cards each: Manotazo decides" in undecided.verdict_lines()[0]
    # A table reading step 4 word for word draws a card for this tie too (three red each is
    # "a tie for most cards of one colour"): it favours neither hand, and Manotazo follows.
    drawn = compare("la-viuda", EXAMPLE_5, wild="2", drawn="Ac")
    assert (drawn.worst, drawn.pending) == (("first", "second"), "manotazo")
    assert "settles nothing among them" in drawn.settled[0]
    both = compare("la-viuda", EXAMPLE_5, wild="2", drawn="Ac",
                   manotazo={"first": "4d", "second": "9s"})
    assert (both.worst, both.pending) == (("first",), None)
    c = compare("la-viuda", EXAMPLE_5, wild="2", manotazo={"first": "4d", "second": "9s"})
    assert (c.worst, c.pending) == (("first",), None)


def test_step_5_equal_cards_in_manotazo_draw_again():
    once = compare("la-viuda", EXAMPLE_5, wild="2", manotazo={"first": "7h", "second": "7s"})
    assert once.pending == "manotazo"
    twice = compare("la-viuda", EXAMPLE_5, wild="2",
                    manotazo=[{"first": "7h", "second": "7s"}, {"first": "Th", "second": "4h"}])
    assert twice.worst == ("second",)
    assert twice.settled[-1] == ("Manotazo (round 2): first draws Th, second draws 4h; "
                                 "second drew the lowest card.")


def test_manotazo_cards_come_from_the_tied_hands():
    with pytest.raises(TieBreakError, match="As is drawn 1 times but the shuffled cards"):
        compare("la-viuda", EXAMPLE_5, wild="2", manotazo={"first": "As", "second": "9s"})
    with pytest.raises(TieBreakError, match="the players who draw are first and second"):
        compare("la-viuda", EXAMPLE_5, wild="2", manotazo={"first": "7h"})


def test_table_cards_are_refused_where_nothing_ties():
    hands = {"a": "As Ad 8c 8h 5s", "b": "Ac Ah Kh Jd 9c"}
    with pytest.raises(TieBreakError, match="no two hands tie for the worst"):
        compare("la-viuda", hands, wild="2", drawn="3c")
    with pytest.raises(TieBreakError, match="the worst hand is already known"):
        compare("la-viuda", hands, wild="2", manotazo={"a": "As", "b": "Ac"})


THREE_WAY = {"a": "As Kh Qs 9d 7c",   # ace-king high, 3 black
             "b": "Ah Ks Qd 9c 7h",   # the same, 3 red
             "c": "Ac Kd Qc 9s 7d",   # the same, 3 black
             "d": "8s 8h 5c 4d 3h"}   # a pair: better than the three


def test_three_way_tie_drawn_colour_then_manotazo():
    assert compare("la-viuda", THREE_WAY, wild="2").worst == ("a", "b", "c")
    black = compare("la-viuda", THREE_WAY, wild="2", drawn="Jc")
    assert black.order == (("d",), ("a", "c"), ("b",)) and black.pending is None
    red = compare("la-viuda", THREE_WAY, wild="2", drawn="Jd")
    assert red.order == (("d",), ("b",), ("a", "c")) and red.pending == "manotazo"
    settled = compare("la-viuda", THREE_WAY, wild="2", drawn="Jd", manotazo={"a": "As", "c": "7d"})
    assert settled.worst == ("c",)
    assert settled.settled == ("Jd is drawn from the deck: red, so b (more red cards) ranks above a and c.",
                               "Manotazo: a draws As, c draws 7d; c drew the lowest card.")


def test_a_joker_has_no_colour_so_the_same_larger_colour_goes_to_manotazo():
    # Both pairs of kings with one wild card; the joker hand has 3 red and 1 black, the other
    # 3 red and 2 black: the same larger colour, so no drawn card can separate them.
    hands = {"joker": "Jk Kh Qs 9d 7h", "deuce": "2d Kd Qc 9s 7d"}
    c = compare("la-viuda", hands, wild="2")
    assert c.values["joker"].same_poker_hand(c.values["deuce"])
    assert (c.values["joker"].red, c.values["joker"].black) == (3, 1)
    assert c.pending == "manotazo"
    assert explain(c.values["joker"], c.values["deuce"]).endswith("3 red cards each: Manotazo decides")


def test_whisky_ties_say_suits_never_break_them():
    c = compare("whisky", ["As Ks Qs Js 9h", "Ad Kd Qd Jd 9c", "7c 5d 4h 3s 2s"])
    assert c.verdict_lines()[0].startswith(
        "Best hand (takes the pool): hand 1 and hand 2 tie with A-K-Q-J-9; suits never break a tie;")
