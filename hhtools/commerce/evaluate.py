"""Score one hand of Whisky Poker or La Viuda: ``evaluate(game, cards, wild=None)``.

Whisky Poker ranks hands as 5-Card Draw does (hhtools.core.evaluate.STANDARD_HIGH, no wild card).
La Viuda adds wild cards: both jokers, and every card of the deal's wild rank (``wild``, a rank
letter, from ``hhtools.commerce.cards.wild_rank(pool_chips)``). A wild card stands for any
card, even one already in the hand, so four aces and a joker make five aces (Quintilla, above
every other hand); a flush still needs five different ranks. A card of the wild rank may also
stand for itself.

The result, a ``HandValue``, compares with ``<``, ``==``, ``>``: higher is better, and equal
means tied after every step the hands alone can settle. In La Viuda those steps follow the
poker rank (hands equal as poker hands, ``same_poker_hand``): fewer wild cards; the best
suited sequence of adjacent cards, longer then higher; more cards of one colour. The two steps
left (a card drawn from the deck, Manotazo) need the table's cards: see hhtools.commerce.compare.

Choices where the text is silent (also in the README):
- Sequences and colours are read from the cards as held: a joker has no suit and no colour, so
  it is in no sequence and counts for neither colour; a card of the wild rank counts as the
  card it is. An ace is next to the king and to the two (A-2 is the lowest sequence, K-A the
  highest); only each hand's best sequence is compared.
- Every joker and every card of the wild rank counts as a wild card for the first step, even
  one standing for itself.

>>> v = evaluate("la-viuda", parse_cards("As Ad Ah Ac Jk"), wild="7")
>>> v.category.spanish, v.description, v.substitutions
('Quintilla', 'Quintilla: five aces (Jk as A)', (('Jk', 'A'),))
>>> evaluate("whisky", parse_cards("Ah Kh Qh Jh Th")).description
'royal flush'
>>> evaluate("la-viuda", parse_cards("2s 3s Jk 5s 6s"), wild="K").description
'Flor Corrida: straight flush, six high (Jk as 4s)'
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

from hhtools.commerce.cards import (
    JOKER,
    check_cards,
    colour_of,
    format_cards,
    is_wild,
    parse_cards,
    parse_rank,
)
from hhtools.commerce.games import CATEGORIES, Category, CommerceGame, get_commerce_game
from hhtools.core.cards import RANKS, SUITS, Card
from hhtools.core.evaluate import STANDARD_HIGH, Evaluation
from hhtools.errors import WildRankError

__all__ = ["HandValue", "evaluate", "parse_cards"]

_QUINTILLA = CATEGORIES[-1]
_ROYAL = CATEGORIES[9]
# STANDARD_HIGH's ranks run from 1 (a royal flush) to 7462; a score is higher for better hands
# and five of a kind comes above them all.
_STANDARD_COUNT = STANDARD_HIGH.ranks
PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "tens", "9": "nines",
           "8": "eights", "7": "sevens", "6": "sixes", "5": "fives", "4": "fours",
           "3": "threes", "2": "twos"}


@dataclass(frozen=True, eq=False)
class HandValue:
    """One hand scored in one game. Compare values with ``<``, ``==``, ``>`` (higher is
    better; ``key`` is what is compared); ``same_poker_hand`` says whether two values are equal
    as poker hands, before any tie-break step."""

    game: CommerceGame
    cards: tuple[Card, ...]
    wild: str | None
    category: Category
    #: The poker strength alone: higher is better, equal is equal as poker hands.
    score: int
    #: The five ranks as played, grouped as poker reads them (``('K','K','K','9','2')``).
    ranks: tuple[str, ...]
    #: Each wild card held that stands for another card, in hand order, with what it stands
    #: for: a rank (``A``), or a card (``4s``) when the suit matters (flushes and straight
    #: flushes). A card of the wild rank playing as itself is not listed.
    substitutions: tuple[tuple[str, str], ...]
    #: The five cards the hand plays as, in hand order, each wild card replaced (by a card of
    #: a suit still free where the suit does not matter; five of a kind repeats one card).
    played: tuple[Card, ...]
    #: How many cards held are wild (jokers and cards of the wild rank).
    wild_cards: int
    #: The best sequence of two or more adjacent cards of one suit, highest first; () for none.
    sequence: tuple[Card, ...]
    red: int
    black: int
    #: The tie-break key after the score: the game's deterministic steps, higher is better.
    tiebreak: tuple[int, ...]

    @property
    def key(self) -> tuple[int, ...]:
        """What comparisons compare: the score, then the tie-break steps."""
        return (self.score, *self.tiebreak)

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandValue) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def same_poker_hand(self, other: HandValue) -> bool:
        """True when the two hands are equal as poker hands (same kind, same ranks)."""
        return self.score == other.score

    @property
    def standard(self) -> Evaluation | None:
        """The hand as 5-Card Draw's evaluator scores it (None for five of a kind)."""
        if self.category is _QUINTILLA:
            return None
        return Evaluation(STANDARD_HIGH, _STANDARD_COUNT + 1 - self.score, self.played)

    @property
    def hand_words(self) -> str:
        """The hand in English: ``three kings``, ``five aces``, ``royal flush``."""
        if self.category is _QUINTILLA:
            return f"five {PLURAL[self.ranks[0]]}"
        return STANDARD_HIGH.describe(_STANDARD_COUNT + 1 - self.score)

    @property
    def description(self) -> str:
        """``Tercia: three kings (Jk as K)`` in La Viuda, ``three kings`` in Whisky Poker."""
        text = self.hand_words
        if self.game.spanish_names:
            text = f"{self.category.spanish}: {text}"
        if self.substitutions:
            text += " (" + ", ".join(f"{w} as {s}" for w, s in self.substitutions) + ")"
        return text

    @property
    def sequence_words(self) -> str:
        """``9h-8h`` or ``no suited sequence``."""
        return "-".join(map(str, self.sequence)) if self.sequence else "no suited sequence"

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        return {"cards": format_cards(self.cards).split(), "category": self.category.english,
                "category_es": self.category.spanish, "description": self.description,
                "score": self.score, "ranks": list(self.ranks),
                "wild": self.wild, "substitutions": [list(s) for s in self.substitutions],
                "wild_cards": self.wild_cards, "suited_sequence": [str(c) for c in self.sequence],
                "red": self.red, "black": self.black}


def evaluate(game: CommerceGame | str, cards: Sequence[Card] | str, wild: str | None = None) -> HandValue:
    """Score five cards of ``game`` (``whisky`` or ``la-viuda``).

    ``wild`` is the deal's wild rank (``A``, ``2`` ... ``K``, or ``10``): La Viuda needs it and
    Whisky Poker refuses it. Raises CardError for cards that are not a hand of the game (a
    joker in Whisky Poker, a card twice, not five cards) and WildRankError for a bad ``wild``.
    """
    game = get_commerce_game(game)
    wild = check_wild(game, wild)
    if isinstance(cards, str):
        cards = parse_cards(cards, size=5, deck=game.deck)
    else:
        cards = tuple(cards)
        check_cards(cards, size=5, deck=game.deck)
    naturals = tuple(sorted(c for c in cards if not is_wild(c, wild)))
    score, combo, flush_suit = _best(naturals, 5 - len(naturals))
    played = _stand_ins(cards, wild, combo, flush_suit)
    substitutions = tuple((str(c), RANKS[p >> 2] + (SUITS[p & 3] if flush_suit is not None else ""))
                          for c, p in zip(cards, played) if c != p)
    wilds = [c for c in cards if is_wild(c, wild)]
    ranks: tuple[str, ...]
    if score > _STANDARD_COUNT:
        category, ranks = _QUINTILLA, (RANKS[score - _STANDARD_COUNT - 1],) * 5
    else:
        level, ranks = STANDARD_HIGH.key(_STANDARD_COUNT + 1 - score)
        category = _ROYAL if level == 8 and ranks[0] == "A" else CATEGORIES[level]
    sequence = best_sequence(cards)
    red = sum(colour_of(c) == "red" for c in cards)
    black = sum(colour_of(c) == "black" for c in cards)
    steps = {"fewer-wild-cards": (-len(wilds),),
             "suited-sequence": sequence_key(sequence),
             "one-colour": (max(red, black),)}
    tiebreak = tuple(v for step in game.tiebreaks for v in steps.get(step, ()))
    return HandValue(game, cards, wild, category, score, tuple(ranks), substitutions, played,
                     len(wilds), sequence, red, black, tiebreak)


def check_wild(game: CommerceGame, wild: str | None) -> str | None:
    """The wild rank's letter, checked against the game: required in La Viuda, refused in
    Whisky Poker."""
    if not game.wild_rank:
        if wild is not None:
            raise WildRankError(f"{game.title} has no wild cards: leave out the wild rank")
        return None
    if wild is None:
        raise WildRankError(f"{game.title} needs the deal's wild rank (A, 2 ... K: one chip in "
                            "the pool makes aces wild, two chips twos, and so on)")
    return parse_rank(wild)


def best_sequence(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The best run of two or more adjacent cards of one suit among ``cards`` (jokers left
    out): the longest, then the highest; highest card first. An ace is next to the king and to
    the two. () when there is none.

    >>> from hhtools.core.cards import parse_cards as plain
    >>> best_sequence(plain("8h 8s 9h 5c 4c")), best_sequence(plain("Ac 2c Kd Qd 7s"))
    ((Card('9h'), Card('8h')), (Card('Kd'), Card('Qd')))
    """
    best: tuple[Card, ...] = ()
    for suit in range(4):
        # Positions 0..12 are the ranks 2..A; an ace also sits at -1, below the two.
        by_position = {c >> 2: c for c in cards if c != JOKER and c & 3 == suit}
        if 12 in by_position:
            by_position[-1] = by_position[12]
        for top in by_position:
            run = [by_position[top]]
            while top - len(run) in by_position:
                run.append(by_position[top - len(run)])
            if len(run) >= 2 and (len(run), top) > sequence_key(best):
                best = tuple(run)
    return best


def sequence_key(sequence: tuple[Card, ...]) -> tuple[int, int]:
    """(length, place of the top card) of a suited sequence: higher is better. Places run
    from 0 (the two) to 12 (the ace); the first card is the top one, since an ace playing low
    comes last (A-2 is topped by the two). (0, -1) for no sequence."""
    return (len(sequence), sequence[0] >> 2) if sequence else (0, -1)


@functools.lru_cache(maxsize=8192)
def _best(naturals: tuple[Card, ...], wilds: int) -> tuple[int, tuple[int, ...], int | None]:
    """(score, rank places the wild cards stand for, highest first, the suit they take when it
    matters) of the best hand the natural cards make with ``wilds`` wild cards.

    Only the ranks the wild cards take matter, and their suits only for a flush: so every
    multiset of ranks is tried, with the natural cards' suit when all of them share one (a
    flush needs five different ranks) and otherwise suits that repeat no card.
    """
    if wilds == 0:
        return _STANDARD_COUNT + 1 - STANDARD_HIGH.evaluate(naturals).rank, (), None
    places = [c >> 2 for c in naturals]
    if len(set(places)) <= 1:
        place = places[0] if places else 12
        return _STANDARD_COUNT + 1 + place, (place,) * wilds, None
    suits = {c & 3 for c in naturals}
    one_suit = suits.pop() if len(suits) == 1 else None
    best: tuple[int, tuple[int, ...], int | None] = (0, (), None)
    for combo in combinations_with_replacement(range(12, -1, -1), wilds):
        # Natural cards of two ranks or more: no rank reaches five, so the suits are free.
        counts = Counter(places)
        counts.update(combo)
        if one_suit is not None and max(counts.values()) == 1:
            hand = (*naturals, *(Card(p * 4 + one_suit) for p in combo))
            suit = one_suit
        else:
            hand = (*naturals, *_free_cards(naturals, combo))
            suit = None
        score = _STANDARD_COUNT + 1 - STANDARD_HIGH.evaluate(hand).rank
        if score > best[0]:
            best = (score, combo, suit if _is_flush(hand) else None)
    return best


def _is_flush(hand: Sequence[Card]) -> bool:
    return len({c & 3 for c in hand}) == 1


def _free_cards(naturals: Sequence[Card], places: Sequence[int]) -> list[Card]:
    """Cards of the given rank places that repeat no card held: a suit still free each time."""
    used = set(naturals)
    out = []
    for p in places:
        card = next(Card(p * 4 + s) for s in range(4) if Card(p * 4 + s) not in used)
        used.add(card)
        out.append(card)
    return out


def _stand_ins(cards: Sequence[Card], wild: str | None, combo: tuple[int, ...],
               flush_suit: int | None) -> tuple[Card, ...]:
    """The cards as played: each wild card given one of the rank places in ``combo``. A card of
    the wild rank keeps its own place when the hand uses it (and its suit, for a flush), so it
    is not said to stand for itself."""
    places = list(combo)
    out = list(cards)
    wild_at = [i for i, c in enumerate(cards) if is_wild(c, wild)]
    keeps = set()
    for i in wild_at:
        c = cards[i]
        if c != JOKER and c >> 2 in places and flush_suit in (None, c & 3):
            places.remove(c >> 2)
            keeps.add(i)
    used = {c for i, c in enumerate(cards) if i not in wild_at or i in keeps}
    for i in wild_at:
        if i in keeps:
            continue
        place = places.pop(0)
        if flush_suit is not None:
            card = Card(place * 4 + flush_suit)
        else:
            free = [Card(place * 4 + s) for s in range(4) if Card(place * 4 + s) not in used]
            card = free[0] if free else Card(place * 4)
        used.add(card)
        out[i] = card
    return tuple(out)
