"""The evaluators against the rules (RULES.md 1-4), an independent brute force, and pokerkit."""

import hashlib
import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, permutations

import pytest

from hhtools import (
    ACE_TO_FIVE,
    BADUGI,
    BADUGI_ACE_HIGH,
    DECK,
    DEUCE_TO_SEVEN,
    CardError,
    get_component,
    parse_cards,
)
from hhtools.core.evaluate import ACE_HIGH, ACE_LOW

ALL_FOUR = list(combinations(DECK, 4))


def ev(component, text):
    return component.evaluate(parse_cards(text))


# --- Badugi -------------------------------------------------------------------------------------

def test_swedish_top_ten_and_beyond_in_order():
    # [SE] top 10, then the continuation RULES.md gives; suits rainbow.
    order = ["A234", "A235", "A245", "A345", "2345", "A236", "A246", "A346", "2346", "A256",
             "A356", "2356", "A456", "2456", "3456"]
    ranks = [ev(BADUGI, " ".join(r + s for r, s in zip(hand, "shdc"))).rank for hand in order]
    assert ranks == list(range(1, 16))


@pytest.mark.parametrize("a, b, winner", [
    ("As2d3hTc", "4h6d7c9s", "b"),
    ("Ad2c3h6h", "Ac3d4h5h", "a"),
    ("3c3s7d9c", "3d8d8s9h", "a"),
    ("4c4d6c6d", "5s8s8h5h", "a"),
    ("4c4d4h4s", "5c5d5h5s", "a"),
    ("KhJhKcJc", "KsJsKdJd", "split"),
])
def test_badugi_comparisons_of_the_rules(a, b, winner):
    ra, rb = ev(BADUGI, a).rank, ev(BADUGI, b).rank
    assert {"a": ra < rb, "b": rb < ra, "split": ra == rb}[winner]


@pytest.mark.parametrize("cards, description, best", [
    ("2c2d3c4h", "3-card 4-3-2", {"2d", "3c", "4h"}),  # greedy "keep 2c" is wrong
    ("As2s3d4cKh", "4-card Badugi K-4-3-A", {"As", "3d", "4c", "Kh"}),  # three lowest is wrong
    ("8c4d3hAs", "4-card Badugi 8-4-3-A", {"8c", "4d", "3h", "As"}),
    ("9c2c2hAd", "3-card 9-2-A", {"9c", "2h", "Ad"}),
])
def test_badugi_best_subset_is_found_by_trying_every_subset(cards, description, best):
    e = ev(BADUGI, cards)
    assert e.description == description
    assert {str(c) for c in e.best} == best


def test_badeucy_badugi_half_has_the_ace_high():
    assert ev(BADUGI_ACE_HIGH, "Kc2d3h4s").rank < ev(BADUGI_ACE_HIGH, "Ac2d3h4s").rank
    assert ev(BADUGI_ACE_HIGH, "2s3d4h5c").rank == 1
    assert ev(BADUGI_ACE_HIGH, "2s3d4h5c").description == "4-card Badugi 5-4-3-2"


def reference_badugi_key(cards, order):
    """A deliberately naive Badugi value: every subset, (more cards, then lower from the top)."""
    best = None
    for size in range(1, len(cards) + 1):
        for subset in combinations(cards, size):
            if len({c.suit for c in subset}) == size and len({c.rank for c in subset}) == size:
                key = (-size, sorted((order.index(c.rank) for c in subset), reverse=True))
                best = key if best is None or key < best else best
    return best


@pytest.mark.parametrize("component, order", [(BADUGI, ACE_LOW), (BADUGI_ACE_HIGH, ACE_HIGH)])
def test_every_four_card_hand_agrees_with_brute_force(component, order):
    # Equal ranks <=> equal reference values, and rank order == reference order, over all
    # 270,725 hands: the order is total and matches the rules' definition exactly.
    by_key: dict = {}
    for hand in ALL_FOUR:
        rank = component.evaluate(hand).rank
        key = reference_badugi_key(hand, order)
        assert by_key.setdefault(rank, key) == key, hand
    assert len(by_key) == 1092
    keys = [by_key[r] for r in range(1, 1093)]
    assert keys == sorted(keys)
    sizes = Counter(-k[0] for k in keys)
    assert sizes == {4: 715, 3: 286, 2: 78, 1: 13}


@pytest.mark.parametrize("component", [BADUGI, BADUGI_ACE_HIGH])
def test_made_agrees_with_the_evaluation_on_every_four_card_hand(component):
    # `made` answers four-card hands without the subset search: it must say what the
    # evaluation says, for all 270,725 hands, and refuse a repeated card as evaluate does.
    for hand in ALL_FOUR:
        assert component.made(hand) == (len(component.evaluate(hand).best) == 4), hand
    with pytest.raises(CardError):
        component.made(parse_cards("As As 2d 3h"))


@pytest.mark.parametrize("name", ["badugi", "badugi-ace-high", "2-7", "a-5", "high"])
def test_made_of_five_cards_agrees_with_is_made_of_the_evaluation(name):
    # Five-card hands are answered from the rank (and Badugi's from the best subset's
    # positions), without an Evaluation: the same answer, and the same refusals.
    component = get_component(name)
    rng = random.Random(f"made-{name}")
    hands = [tuple(rng.sample(DECK, 5)) for _ in range(20_000)]
    # Every category at least once: pairs to quads, straights, flushes, made lows.
    hands += [parse_cards(t) for t in ("2c 3d 4h 5s 7c", "2c 3c 4c 5c 7c", "3d 4h 5s 6c 7d",
                                       "Ac 2d 3h 4s 5c", "Ac Ad Ah Kc Kd", "9c 9d 9h 9s 2c",
                                       "Ts Js Qs Ks As", "Kc Kd 2h 3s 4c")]
    made = 0
    for hand in hands:
        expected = component.is_made(component.evaluate(hand))
        assert component.made(hand) is expected, hand
        made += expected
    assert 0 < made < len(hands)
    for bad in ("As As 2d 3h 4c", "As 2d 3h 4c"):
        if name.startswith("badugi") and bad.count(" ") == 3:
            continue  # (four cards are a Badugi hand)
        with pytest.raises(CardError):
            component.made(parse_cards(bad))


@pytest.mark.parametrize("component", [BADUGI, BADUGI_ACE_HIGH])
def test_four_card_badugis_beat_three_card_hands_and_suits_never_matter(component):
    perms = [p for p in permutations(range(4)) if p != (0, 1, 2, 3)]
    worst_four = best_three = None
    for i, hand in enumerate(ALL_FOUR):
        e = component.evaluate(hand)
        if len(e.best) == 4:
            worst_four = max(worst_four or 0, e.rank)
        elif len(e.best) == 3:
            best_three = min(best_three or 10**6, e.rank)
        # Each hand under one of the 23 other suit permutations, cycling through all of them.
        perm = perms[i % 23]
        swapped = tuple(DECK[(c >> 2) * 4 + perm[c & 3]] for c in hand)
        assert component.evaluate(swapped).rank == e.rank, hand
    assert worst_four < best_three


def test_five_card_badugi_uses_the_best_four():
    # Every 5-card hand is at least as good as each of its 4-card sub-hands, and equal to the best.
    rng = random.Random(5)
    for _ in range(3000):
        hand = tuple(rng.sample(DECK, 5))
        for component in (BADUGI, BADUGI_ACE_HIGH):
            rank = component.evaluate(hand).rank
            assert rank == min(component.evaluate(sub).rank for sub in combinations(hand, 4))


# --- 2-7 and A-5 ---------------------------------------------------------------------------------

def reference_low_key(ranks, order, straights_and_flushes, flush):
    """Naive lowball value: category (lowest wins) then the rank groups, high to low."""
    idx = [order.index(r) for r in ranks]
    counts = Counter(idx)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = tuple(n for _, n in groups)
    flat = [r for r, n in groups for _ in range(n)]
    straight = straights_and_flushes and shape == (1,) * 5 and flat[0] - flat[4] == 4
    flush = straights_and_flushes and flush
    if straights_and_flushes:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                    (3, 2): 6, (4, 1): 7}[shape]
        if straight and flush:
            category = 8
        elif flush:
            category = 5
        elif straight:
            category = 4
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3,
                    (3, 2): 4, (4, 1): 5}[shape]
    return category, flat


def rank_classes(flushes):
    """One representative hand per rank class: every rank multiset, plus suited ones."""
    suits = "shdc"
    reps = []
    for ranks in combinations_with_replacement("23456789TJQKA", 5):
        if max(Counter(ranks).values()) > 4:
            continue
        used = Counter()
        cards = []
        for r in ranks:
            cards.append(r + suits[used[r]])
            used[r] += 1
        if len(set(ranks)) == 5:
            cards[0] = ranks[0] + "h"  # not all one suit
            reps.append((ranks, False, parse_cards(" ".join(cards))))
            if flushes:
                reps.append((ranks, True, parse_cards(" ".join(r + "c" for r in ranks))))
        else:
            reps.append((ranks, False, parse_cards(" ".join(cards))))
    return reps


@pytest.mark.parametrize("component, order, sf, classes", [
    (DEUCE_TO_SEVEN, ACE_HIGH, True, 7462), (ACE_TO_FIVE, ACE_LOW, False, 6175)])
def test_every_rank_class_of_the_five_card_lows(component, order, sf, classes):
    reps = rank_classes(sf)
    assert len(reps) == classes
    ranked = sorted(reps, key=lambda rep: component.evaluate(rep[2]).rank)
    assert [component.evaluate(rep[2]).rank for rep in ranked] == list(range(1, classes + 1))
    keys = [reference_low_key(ranks, order, sf, flush) for ranks, flush, _ in ranked]
    assert keys == sorted(keys)
    assert len({(k[0], tuple(k[1])) for k in keys}) == classes


@pytest.mark.parametrize("a, b", [
    ("7s5d4h3c2s", "8s5d4h3c2s"),      # the nuts beats 8-5
    ("KsQdJhTc8s", "7c5c4c3c2c"),      # a flush counts against the hand
    ("Kd6s4h3c2s", "As2d3h4c5s"),      # the wheel is ace-high...
    ("As2d3h4c5s", "2s2d3h4c5s"),      # ...and beats any pair
    ("As2d3h4c5s", "2c3s4d5h6c"),      # ...and any straight
    ("8s6d4h3c2s", "8h6c4s3d2d"),      # suits never break a tie: not a win
])
def test_deuce_to_seven_examples_of_the_rules(a, b):
    ra, rb = ev(DEUCE_TO_SEVEN, a).rank, ev(DEUCE_TO_SEVEN, b).rank
    if a == "8s6d4h3c2s":
        assert ra == rb
    else:
        assert ra < rb


def test_ace_to_five_examples_of_the_rules():
    assert ev(ACE_TO_FIVE, "As2d3h4c5s").rank == ev(ACE_TO_FIVE, "As2s3s4s5s").rank == 1
    assert ev(ACE_TO_FIVE, "6s4d3h2cAs").rank < ev(ACE_TO_FIVE, "6s5d3h2cAs").rank
    assert ev(ACE_TO_FIVE, "KsQdJhTc9s").rank < ev(ACE_TO_FIVE, "AsAd2h3c4s").rank


@pytest.mark.parametrize("component, cards, description", [
    (DEUCE_TO_SEVEN, "7c 5d 4h 3s 2c", "7-5-4-3-2"),
    (DEUCE_TO_SEVEN, "7c 7d 4h 3s 2c", "pair of sevens"),
    (DEUCE_TO_SEVEN, "8c 7d 6h 5s 4c", "straight, eight high"),
    (DEUCE_TO_SEVEN, "9c 9d 4h 4s 2c", "two pair, nines and fours"),
    (DEUCE_TO_SEVEN, "Kc Jc 9c 6c 3c", "flush, K-J-9-6-3"),
    (DEUCE_TO_SEVEN, "7c 7d 7h 2s 2c", "full house, sevens full of twos"),
    (DEUCE_TO_SEVEN, "9c 8c 7c 6c 5c", "straight flush, nine high"),
    (ACE_TO_FIVE, "5c 4d 3h 2s Ac", "5-4-3-2-A"),
    (ACE_TO_FIVE, "Ac Ad 2h 3s 4c", "pair of aces"),
    (ACE_TO_FIVE, "6c 6d 6h 2s 3c", "three sixes"),
    (ACE_TO_FIVE, "Qc Qd Qh Qs 3c", "four queens"),
])
def test_descriptions_use_players_words(component, cards, description):
    assert ev(component, cards).description == description


# --- Pinned orders -----------------------------------------------------------------------------

def digest(ranks):
    return hashlib.md5(",".join(map(str, ranks)).encode()).hexdigest()


@pytest.mark.parametrize("component, expected", [
    (BADUGI, "2c07cac9b3c0ed877ae6ebf618a9b0ca"),
    (BADUGI_ACE_HIGH, "937c4f0c4c7e60f2a80634c90ec686fe"),
])
def test_pinned_digest_of_every_four_card_badugi(component, expected):
    # Any silent change to the order of the 270,725 hands changes this digest.
    assert digest(component.rank_many(ALL_FOUR)) == expected


@pytest.mark.parametrize("component, expected", [
    (DEUCE_TO_SEVEN, "f2a380935da9a62352f460f77ced6f03"),
    (ACE_TO_FIVE, "b11e77375274fbeeccc9720aa9440855"),
])
def test_pinned_digest_of_every_five_card_low(component, expected):
    assert digest(component.rank_many(combinations(DECK, 5))) == expected


# --- pokerkit agrees -----------------------------------------------------------------------------

@pytest.mark.parametrize("component, size, pk_name, from_game", [
    (BADUGI, 4, "BadugiHand", True),
    (BADUGI, 5, "BadugiHand", True),
    (BADUGI_ACE_HIGH, 5, "StandardBadugiHand", True),
    (DEUCE_TO_SEVEN, 5, "StandardLowHand", False),
    (ACE_TO_FIVE, 5, "RegularLowHand", False),
])
def test_pokerkit_agrees_on_a_large_random_sample(component, size, pk_name, from_game):
    pokerkit = pytest.importorskip("pokerkit")
    hand_type = getattr(pokerkit, pk_name)
    make = hand_type.from_game if from_game else hand_type
    rng = random.Random(f"{component.name}-{size}")
    for _ in range(4000):
        a, b = (tuple(rng.sample(DECK, size)) for _ in range(2))
        ours = component.evaluate(a).rank, component.evaluate(b).rank
        pa, pb = make("".join(map(str, a))), make("".join(map(str, b)))
        # pokerkit orders by strength (stronger is greater); we rank 1 as best.
        assert (pa > pb, pa == pb) == (ours[0] < ours[1], ours[0] == ours[1]), (a, b)


# --- Bad input -----------------------------------------------------------------------------------

def test_bad_hands_are_refused_with_the_documented_errors():
    with pytest.raises(CardError, match="'As' appears twice"):
        DEUCE_TO_SEVEN.evaluate((DECK[48], DECK[48], DECK[0], DECK[4], DECK[8]))
    with pytest.raises(CardError, match="holds 4 cards: this hand needs 5"):
        DEUCE_TO_SEVEN.evaluate(parse_cards("2c 3d 4h 5s"))
    with pytest.raises(CardError, match="holds 6 cards: this hand needs 1 to 5"):
        BADUGI.evaluate(parse_cards("2c 3d 4h 5s 6c 7c"))
    with pytest.raises(CardError, match="appears twice"):
        BADUGI.evaluate((DECK[0], DECK[0]))
    with pytest.raises(CardError, match="appears twice"):
        DEUCE_TO_SEVEN.rank_many([parse_cards("2c 3d 4h 5s 7c"), parse_cards("2c 3d 4h 5s") + parse_cards("2c")])


def test_unknown_component_suggests():
    with pytest.raises(Exception, match=r"Did you mean badugi\?"):
        get_component("badgi")
