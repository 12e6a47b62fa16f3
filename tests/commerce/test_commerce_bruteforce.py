"""The commerce evaluator against a deliberately naive one written here: every wild card tried
as every one of the 52 cards, each result ranked by a hand-written poker ranking (no table,
no shortcut), the tie-break steps read off by trying every subset of cards. Hands are drawn
from small decks, where pairs, flushes, straights and ties are frequent.

hhtools' evaluator tries only the ranks wild cards stand for (suits only for flushes) and ranks
with 5-Card Draw's tables; this one shares nothing with it but the card spelling.
"""

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hhtools.commerce.cards import JOKER, parse_cards
from hhtools.commerce.compare import compare
from hhtools.commerce.evaluate import evaluate

ALL = [(rank, suit) for rank in range(2, 15) for suit in "shdc"]
LETTER = {r: "23456789TJQKA"[r - 2] for r in range(2, 15)}


def naive_poker(cards):
    """(category 0..10, ranks that break ties) for five (rank, suit) pairs; 10 is five of a
    kind, 9 a royal flush."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in by_count]
    grouped = [r for r, n in by_count for _ in range(n)]
    distinct = len(counts) == 5
    flush = distinct and len({s for _, s in cards}) == 1
    top = None
    if distinct and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    if ranks == [14, 5, 4, 3, 2]:
        top = 5
    if shape == [5]:
        return 10, grouped
    if flush and top == 14:
        return 9, [top]
    if flush and top:
        return 8, [top]
    if shape == [4, 1]:
        return 7, grouped
    if shape == [3, 2]:
        return 6, grouped
    if flush:
        return 5, ranks
    if top:
        return 4, [top]
    if shape == [3, 1, 1]:
        return 3, grouped
    if shape == [2, 2, 1]:
        return 2, grouped
    if shape == [2, 1, 1, 1]:
        return 1, grouped
    return 0, ranks


def naive_best(hand, wild):
    """The best naive_poker over every card each wild card may be (repeats allowed)."""
    wilds = [c for c in hand if c == "Jk" or c[0] == wild]
    naturals = [(RANK_OF[c[0]], c[1]) for c in hand if c not in wilds]
    return max(naive_poker(naturals + list(extra))
               for extra in combinations_with_replacement(ALL, len(wilds)))


RANK_OF = {v: k for k, v in LETTER.items()}


def naive_sequence(hand):
    """(length, top rank) of the best run of adjacent ranks in one suit, by trying every subset
    of the cards (an ace may be low: then it counts as 1)."""
    best = (0, 0)
    natural = [c for c in hand if c != "Jk"]
    for size in range(2, len(natural) + 1):
        for subset in combinations(natural, size):
            if len({c[1] for c in subset}) != 1:
                continue
            for ace in (14, 1):
                values = sorted(ace if c[0] == "A" else RANK_OF[c[0]] for c in subset)
                if values == list(range(values[0], values[0] + size)):
                    best = max(best, (size, values[-1]))
    return best


def naive_key(hand, wild):
    wilds = sum(c == "Jk" or c[0] == wild for c in hand)
    red = sum(c[1:] in ("h", "d") for c in hand)
    black = sum(c[1:] in ("s", "c") for c in hand)
    return naive_best(hand, wild), -wilds, naive_sequence(hand), max(red, black)


def sign(x):
    return (x > 0) - (x < 0)


def small_deck_hands(seed, count, ranks, suits):
    """Hands from a small deck (``ranks`` in ``suits``) and two jokers, with a wild rank each
    (sometimes one not in the deck: only the jokers are wild); about half of them forced to
    hold jokers."""
    rng = random.Random(seed)
    deck = [r + s for r in ranks for s in suits]
    out = []
    for n in range(count):
        wild = rng.choice(ranks + "8")
        jokers = rng.choice([0, 1, 2]) if n % 2 else 0
        hand = rng.sample(deck, 5 - jokers) + ["Jk"] * jokers
        if sum(c == "Jk" or c[0] == wild for c in hand) <= 3:
            out.append((hand, wild))
    return out


@pytest.mark.parametrize("seed, ranks, suits", [
    (1, "A2345TJQK", "shd"),  # straights both ways, flushes
    (2, "A2345TJQK", "shd"),
    (3, "AKQ9", "shdc"),      # few ranks: many hands equal as poker hands, for the tie-breaks
])
def test_la_viuda_orders_hands_as_the_naive_evaluator_does(seed, ranks, suits):
    hands = small_deck_hands(seed, 70, ranks, suits)
    assert any(sum(c == "Jk" or c[0] == w for c in h) == 3 for h, w in hands)
    naive = [naive_key(h, w) for h, w in hands]
    mine = [evaluate("la-viuda", " ".join(h), wild=w) for h, w in hands]
    for (hand, wild), n, m in zip(hands, naive, mine):
        assert m.category.level == n[0][0], (hand, wild, m.description)
        assert m.wild_cards == -n[1]
        # What the wild cards became makes the hand found.
        assert naive_poker([(RANK_OF[str(c)[0]], str(c)[1]) for c in m.played]) == n[0], (hand, m.played)
    for i in range(len(hands)):
        for j in range(i + 1, len(hands)):
            assert sign((mine[i] > mine[j]) - (mine[i] < mine[j])) == sign(
                (naive[i] > naive[j]) - (naive[i] < naive[j])), (hands[i], hands[j])


def test_whisky_orders_hands_as_the_naive_evaluator_does():
    rng = random.Random(7)
    deck = [r + s for r in "23456789TJQKA" for s in "shdc"]
    small = [r + s for r in "9TJQKA" for s in "sh"]  # straights, flushes, ties
    hands = [rng.sample(deck, 5) for _ in range(80)] + [rng.sample(small, 5) for _ in range(80)]
    naive = [naive_best(h, None) for h in hands]
    mine = [evaluate("whisky", " ".join(h)) for h in hands]
    for i in range(len(hands)):
        assert mine[i].category.level == naive[i][0]
        for j in range(i + 1, len(hands)):
            assert sign(mine[i].score - mine[j].score) == sign(
                (naive[i] > naive[j]) - (naive[i] < naive[j])), (hands[i], hands[j])


@pytest.mark.parametrize("hand, wild, rank", [
    ("Jk Jk 7s 7d 2c", "7", "2"),  # four wild cards and a two: five twos
    ("Jk Jk As Ad Ah", "A", "A"),  # all wild: five aces
    ("Jk Jk 9c 9d Kh", "K", "9"),  # a natural pair and three wild: five nines
])
def test_four_or_more_wild_cards_or_one_natural_rank_make_five_of_a_kind(hand, wild, rank):
    # The naive search over four or five wild cards is too slow to run; what it would find is
    # plain: a wild card may be any card, so every wild card joins the natural rank.
    v = evaluate("la-viuda", hand, wild=wild)
    assert (v.category.spanish, v.ranks) == ("Quintilla", (rank,) * 5)


CARDS = [r + s for r in "23456789TJQKA" for s in "shdc"]
hands_st = st.lists(st.sampled_from(CARDS), min_size=5, max_size=5, unique=True)
wild_st = st.sampled_from(list("A23456789TJQK"))


@settings(max_examples=150, deadline=None)
@given(hands_st, wild_st, st.randoms(use_true_random=False))
def test_the_order_of_the_cards_does_not_matter(hand, wild, rnd):
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    assert evaluate("la-viuda", " ".join(hand), wild).key == evaluate("la-viuda", " ".join(shuffled), wild).key


@settings(max_examples=150, deadline=None)
@given(hands_st, wild_st, st.integers(0, 4))
def test_a_joker_in_place_of_a_card_never_makes_a_worse_poker_hand(hand, wild, i):
    before = evaluate("la-viuda", " ".join(hand), wild)
    after = evaluate("la-viuda", " ".join(hand[:i] + ["Jk"] + hand[i + 1:]), wild)
    assert after.score >= before.score


@settings(max_examples=100, deadline=None)
@given(hands_st)
def test_whisky_and_la_viuda_agree_when_nothing_is_wild(hand):
    wild = next(r for r in "A23456789TJQK" if all(c[0] != r for c in hand))
    assert evaluate("whisky", " ".join(hand)).score == evaluate("la-viuda", " ".join(hand), wild).score


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=20, max_size=20, unique=True), wild_st)
def test_compare_orders_by_the_values_and_groups_only_ties(cards, wild):
    hands = {f"p{i}": cards[5 * i:5 * i + 5] for i in range(4)}
    c = compare("la-viuda", {p: " ".join(h) for p, h in hands.items()}, wild=wild)
    flat = [p for group in c.order for p in group]
    assert sorted(flat) == sorted(hands)
    keys = [c.values[p].key for p in flat]
    assert keys == sorted(keys, reverse=True)
    for group in c.order:
        assert len({c.values[p].key for p in group}) == 1
    assert parse_cards(" ".join(hands["p0"])) == c.values["p0"].cards
    assert JOKER not in c.values["p0"].cards


def test_suited_sequences_and_colours_match_the_naive_subset_search():
    # The tie-break steps read from the cards alone, on many hands of a small deck where
    # suited runs (ace low and high) are common.
    rng = random.Random(11)
    deck = [r + s for r in "A2345JQK" for s in "sh"] + ["Jk", "Jk"]
    for _ in range(3000):
        hand = rng.sample(deck, 5)
        wild = rng.choice("A2345JQK")
        if hand.count("Jk") > 2:
            continue
        v = evaluate("la-viuda", " ".join(hand), wild)
        length, top = naive_sequence(hand)
        assert (len(v.sequence), v.sequence[0] >> 2 if v.sequence else None) == (
            length, top - 2 if length else None), hand
        assert (v.red, v.black) == (sum(c[1:] in "hd" and c != "Jk" for c in hand),
                                     sum(c[1:] in "sc" and c != "Jk" for c in hand)), hand
