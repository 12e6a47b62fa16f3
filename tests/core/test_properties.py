"""Properties of cards and evaluators over generated hands (Hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from hhtools import ACE_TO_FIVE, BADUGI, BADUGI_ACE_HIGH, DECK, DEUCE_TO_SEVEN, parse_cards
from hhtools.core.cards import SUITS

hands = lambda n: st.lists(st.sampled_from(DECK), min_size=n, max_size=n, unique=True).map(tuple)  # noqa: E731
suit_maps = st.permutations(range(4))


def respell(cards, style):
    """Write cards the way different players do: case, 10 for T, suit symbols."""
    symbols = dict(zip(SUITS, "♠♥♦♣"))
    out = []
    for c in cards:
        rank = "10" if c.rank == "T" and style % 2 else c.rank
        suit = symbols[c.suit] if style >= 2 else c.suit
        text = rank + suit
        out.append(text.lower() if style == 1 else text)
    return (" " if style != 3 else "").join(out)


@given(hands(5), st.integers(0, 3))
def test_any_spelling_reads_back_the_same_cards(cards, style):
    assert parse_cards(respell(cards, style)) == cards


@settings(max_examples=300)
@given(hands(5), suit_maps, st.randoms(use_true_random=False))
def test_ranks_ignore_suit_renaming_and_card_order(cards, perm, rng):
    renamed = tuple(DECK[(c >> 2) * 4 + perm[c & 3]] for c in cards)
    shuffled = list(renamed)
    rng.shuffle(shuffled)
    for component in (BADUGI, BADUGI_ACE_HIGH, ACE_TO_FIVE):
        assert component.evaluate(tuple(shuffled)).rank == component.evaluate(cards).rank
    # 2-7 counts flushes, and renaming suits keeps a flush a flush.
    assert DEUCE_TO_SEVEN.evaluate(tuple(shuffled)).rank == DEUCE_TO_SEVEN.evaluate(cards).rank


@settings(max_examples=300)
@given(hands(5))
def test_best_cards_are_the_hands_own_and_score_the_same(cards):
    for component in (BADUGI, BADUGI_ACE_HIGH):
        e = component.evaluate(cards)
        assert set(e.best) <= set(cards)
        assert len({c.suit for c in e.best}) == len({c.rank for c in e.best}) == len(e.best)
        assert component.evaluate(e.best).rank == e.rank
