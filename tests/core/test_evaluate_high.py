"""The standard high hand (5-Card Draw) against pokerkit on every hand, a naive reference, and
the words it uses."""

import hashlib
from collections import Counter
from itertools import combinations

import pytest
from test_evaluate import rank_classes

from hhtools import DECK, STANDARD_HIGH, CardError, get_component, parse_cards

HIGH = STANDARD_HIGH


def ev(text):
    return HIGH.evaluate(parse_cards(text))


# --- pokerkit agrees on every hand ----------------------------------------------------------------

def test_every_five_card_hand_is_ordered_as_pokerkit_orders_it():
    """Exhaustive: each of the 2,598,960 five-card hands is scored by both evaluators.

    Our ranks split the hands into classes. pokerkit's lookup (the one its StandardHighHand
    compares by) must give every hand the entry of the first hand of its class: one class
    never holds hands pokerkit tells apart. Then pokerkit's StandardHighHand of the first hand
    of each class must beat that of the next class (rank r beats rank r+1, for every r). As
    pokerkit's order is total, our rank order and pokerkit's are then the same order on all
    hands: equal ranks exactly when pokerkit says equal, a lower rank exactly when pokerkit
    says stronger. 20 to 35 s on a shared two-core machine: pokerkit looks a hand up in about
    5 us, so no pokerkit-based check of all hands can be much faster.
    """
    pokerkit = pytest.importorskip("pokerkit")
    hand_type = pokerkit.StandardHighHand
    entry_of = hand_type.lookup.get_entry
    pk_card = [next(iter(pokerkit.Card.parse(str(c)))) for c in DECK]
    evaluate = HIGH.evaluate
    first: dict[int, tuple] = {}  # our rank -> (the first hand of that rank, pokerkit's entry)
    hands = 0
    # Both enumerations walk the same deck order: the n-th hand of each is the same cards.
    for hand, pk_hand in zip(combinations(DECK, 5), combinations(pk_card, 5)):
        rank = evaluate(hand).rank
        entry = entry_of(pk_hand)
        ref = first.setdefault(rank, (hand, entry))
        if entry != ref[1]:
            pytest.fail(f"pokerkit tells apart {hand} and {ref[0]} (both rank {rank} here)")
        hands += 1
    assert hands == 2_598_960
    assert sorted(first) == list(range(1, 7463))
    theirs = [hand_type(tuple(pk_card[c] for c in first[rank][0])) for rank in range(1, 7463)]
    for rank in range(1, 7462):
        assert theirs[rank - 1] > theirs[rank], (rank, theirs[rank - 1], theirs[rank])


# --- A naive reference: every rank class ----------------------------------------------------------

ORDER = "23456789TJQKA"


def reference_high_key(ranks, flush):
    """Naive high-hand value: (category, rank groups high to low), greater is stronger."""
    counts = Counter(ORDER.index(r) for r in ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    flat = [r for r, n in groups for _ in range(n)]
    if sorted(flat) == [0, 1, 2, 3, 12]:
        flat = [3, 2, 1, 0, -1]  # the wheel: the ace plays low
    straight = shape == (1,) * 5 and flat[0] - flat[4] == 4
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                (3, 2): 6, (4, 1): 7}[shape]
    if straight and flush:
        category = 8
    elif flush:
        category = 5
    elif straight:
        category = 4
    return category, flat


def test_every_rank_class_in_order_of_a_naive_reference():
    # One hand per class (every rank multiset, plus the suited no-pair ones): works without
    # pokerkit, and pins the category sizes every poker text gives.
    reps = sorted(((reference_high_key(ranks, flush), cards)
                   for ranks, flush, cards in rank_classes(flushes=True)), reverse=True)
    assert len(reps) == 7462
    assert [HIGH.evaluate(cards).rank for _, cards in reps] == list(range(1, 7463))
    sizes = Counter(key[0] for key, _ in reps)
    assert sizes == {8: 10, 7: 156, 6: 156, 5: 1277, 4: 10, 3: 858, 2: 858, 1: 2860, 0: 1277}


def test_pinned_digest_of_every_five_card_high_hand():
    # Any silent change to the order of the 2,598,960 hands changes this digest.
    ranks = HIGH.rank_many(combinations(DECK, 5))
    assert hashlib.md5(",".join(map(str, ranks)).encode()).hexdigest() == (
        "ae120cda35205cd40009713fa570a933")


# --- Rules and words ------------------------------------------------------------------------------

@pytest.mark.parametrize("better, worse", [
    ("As Ks Qs Js Ts", "9h 9d 9c 9s Ah"),   # royal flush over four of a kind
    ("5d 4d 3d 2d Ad", "Ah Ad Ac As Kh"),   # the steel wheel is still a straight flush
    ("6c 5d 4h 3s 2c", "As 2d 3h 4c 5s"),   # the wheel is the lowest straight...
    ("As 2d 3h 4c 5s", "Ac Ad Ah Kc Qd"),   # ...but beats three aces
    ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"),   # the ace plays high at the top
    ("2c 3c 4c 5c 7c", "Ac Kd Qh Js Tc"),   # the lowest flush beats the highest straight
    ("3c 3d 3h 2s 2c", "2d 2h 2s Ac Ad"),   # full houses by the three of a kind first
    ("Kc Kd 7h 7s 3c", "Kh Ks 7c 7d 2c"),   # two pair down to the kicker
    ("Ac Kc 9c 5c 3c", "Ad Kd 8d 7d 6d"),   # flushes compare every card
    ("Ac 2d 3h 4s 6c", "Kc Qd Jh Ts 8c"),   # high card: the ace is high
])
def test_rule_examples(better, worse):
    assert ev(better).rank < ev(worse).rank


def test_suits_never_break_a_tie():
    assert ev("Kc Kd 7h 7s 3c").rank == ev("Kh Ks 7c 7d 3h").rank
    assert ev("Ac Kc 9c 5c 3c").rank == ev("Ah Kh 9h 5h 3h").rank


@pytest.mark.parametrize("cards, description, made", [
    ("Ah Kh Qh Jh Th", "royal flush", True),
    ("9c 8c 7c 6c 5c", "straight flush, nine high", True),
    ("5s 4s 3s 2s As", "straight flush, five high", True),
    ("Qc Qd Qh Qs 3c", "four queens", True),
    ("7h 7d 7s Qh Qs", "full house, sevens full of queens", True),
    ("Kc Qc 5c 4c 3c", "flush, K-Q-5-4-3", True),
    ("Ac Kd Qh Js Tc", "straight, ace high", True),
    ("As 2d 3h 4c 5s", "straight, five high", True),
    ("6c 6d 6h 2s 3c", "three sixes", False),
    ("6d Js As Jd 6c", "two pair, jacks and sixes", False),
    ("4d Ad Ks Kd 3h", "pair of kings", False),
    ("6s Qs 7d 2h 3s", "Q-7-6-3-2", False),
])
def test_descriptions_use_the_lowball_words_and_made_means_pat(cards, description, made):
    # The words are the lows' (hhtools.sites.describe reads the sites' into them); a made hand is a
    # pat hand, a straight or better.
    e = ev(cards)
    assert e.description == description
    assert HIGH.is_made(e) is made
    assert sorted(map(str, e.best)) == sorted(cards.split())


@pytest.mark.parametrize("winner, loser, why", [
    ("As Ks Qs Js Ts", "2c 2d 2h 7s 7d",
     "royal flush beats full house, twos full of sevens: a straight flush beats a full house"),
    ("Ac Kc 9c 5c 3c", "Ad Kd 8d 5d 3d",
     "flush, A-K-9-5-3 beats flush, A-K-8-5-3: the third-highest card 9 is higher than 8"),
    ("Kc Kd 7h 7s 3c", "Kh Ks 7c 7d 2c",
     "two pair, kings and sevens beats two pair, kings and sevens: the kicker 3 is higher than 2"),
    ("6c 5d 4h 3s 2c", "As 2d 3h 4c 5s",
     "straight, six high beats straight, five high: the highest card 6 is higher than 5 "
     "(A-2-3-4-5 is the lowest straight: its ace plays low)"),
    ("Ac Ad 9h 5s 3c", "Ah As 9c 5d 2c",
     "pair of aces beats pair of aces: the lowest kicker 3 is higher than 2"),
    ("Kc Kd 7h 7s 3c", "Kh Ks 7c 7d 3h",
     "two pair, kings and sevens ties two pair, kings and sevens: same ranks, suits never "
     "break a tie"),
])
def test_explain_says_why_in_high_words(winner, loser, why):
    assert HIGH.explain(ev(winner), ev(loser)) == why


def test_is_a_named_component_and_refuses_bad_hands():
    assert get_component("high") is HIGH and HIGH.ranks == 7462
    with pytest.raises(CardError, match="appears twice"):
        ev("As As Kd Qh Jc")
    with pytest.raises(CardError, match="holds 4 cards: this hand needs 5"):
        ev("As Kd Qh Jc")
    with pytest.raises(CardError, match="appears twice"):
        HIGH.rank_many([parse_cards("2c 3d 4h 5s 7c"), parse_cards("2c 3d 4h 5s 2c")])
