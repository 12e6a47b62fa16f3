"""Hand evaluators for the components of the draw games: the lows, and the standard high hand.

Each component ranks hands with an integer ``rank`` where 1 is the best possible hand and equal
ranks are exact ties, so comparing two hands is comparing two ints:

>>> BADUGI.evaluate(parse_cards("As 2d 3h 4c")).rank
1
>>> e = DEUCE_TO_SEVEN.evaluate(parse_cards("7c 5d 4h 3s 2c"))
>>> e.rank, e.description
(1, '7-5-4-3-2')
>>> ACE_TO_FIVE.evaluate(parse_cards("As 2s 3s 4s 5s")).description
'5-4-3-2-A'
>>> STANDARD_HIGH.evaluate(parse_cards("Ah Kh Qh Jh Th")).description
'royal flush'

The components differ only by data: the order of ranks (ace low or ace high), for the
five-card hands whether straights and flushes count, and which way the categories run (low or
high). Tables are built on first use, so importing hhtools stays instant.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from hhtools.core.cards import DECK, RANKS, Card, check_hand, format_cards, parse_cards  # noqa: F401 (doctests)
from hhtools.core.collector import collector_paused
from hhtools.errors import unknown_name

ACE_LOW = "A23456789TJQK"
ACE_HIGH = "23456789TJQKA"

_PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "tens", "9": "nines",
           "8": "eights", "7": "sevens", "6": "sixes", "5": "fives", "4": "fours",
           "3": "threes", "2": "twos"}
_HIGH = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
         "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
         "2": "two"}
_ORDINAL = ("highest", "second-highest", "third-highest", "fourth-highest", "fifth-highest")


class Component:
    """What every component offers; subclasses differ only in the tables they build."""

    name: str
    size: tuple[int, int]  # how many cards a hand may hold, inclusive
    ranks: int  # how many distinct ranks (equivalence classes) exist
    #: How explanations say that the winner's card is the better one.
    better = "lower"

    def __init__(self, name: str, order: str):
        self.name = name
        self.order = order
        # Per card (indexed by the card's int): the position of its rank in this component's order.
        self._ord = tuple(order.index(RANKS[c >> 2]) for c in range(52))
        self._tables: object = None
        self._described: dict[int, str] = {}

    def __repr__(self) -> str:
        return f"<component {self.name}>"

    def evaluate(self, cards: Sequence[Card]) -> Evaluation:
        """Score ``cards``; raises CardError if they are not a hand of this component's size."""
        raise NotImplementedError

    def rank_many(self, hands: Iterable[Sequence[Card]]) -> list[int]:
        """The ranks of many hands, with the same checks as ``evaluate``."""
        evaluate = self.evaluate
        return [evaluate(h)[1] for h in hands]

    def checked(self, cards: Sequence[Card]) -> Sequence[Card]:
        """``cards`` after refusing repeated cards and wrong sizes."""
        check_hand(cards, size=self.size)
        return cards

    def describe(self, rank: int) -> str:
        """The description of a rank."""
        raise NotImplementedError

    def is_made(self, evaluation: Evaluation) -> bool:
        """True for what players call a made hand: a 4-card Badugi, or a low with no pair."""
        raise NotImplementedError

    def made(self, cards: Sequence[Card]) -> bool:
        """``is_made`` of the cards' evaluation; raises as ``evaluate`` does."""
        return self.is_made(self.evaluate(cards))

    def key(self, rank: int) -> tuple[int, tuple[str, ...]]:
        """(category, rank letters high to low) of a rank, the basis of explanations."""
        raise NotImplementedError

    def explain(self, winner: Evaluation, loser: Evaluation) -> str:
        """Why ``winner`` beats (or ties) ``loser``, in one sentence."""
        if winner.rank == loser.rank:
            return f"{winner.description} ties {loser.description}: same ranks, suits never break a tie"
        (cat_w, ranks_w), (cat_l, ranks_l) = self.key(winner.rank), self.key(loser.rank)
        if cat_w != cat_l:
            return f"{winner.description} beats {loser.description}: {self._category_reason(cat_w, cat_l)}"
        for i, (a, b) in enumerate(zip(ranks_w, ranks_l)):
            if a != b:
                what = self._position_name(cat_w, i)
                return (f"{winner.description} beats {loser.description}: "
                        f"{what} {a} is {self.better} than {b}{self._note(cat_w, a, b)}")
        raise AssertionError("different ranks with the same key")  # pragma: no cover

    def _position_name(self, category: int, index: int) -> str:
        return f"the {_ORDINAL[index]} card"

    def _category_reason(self, better: int, worse: int) -> str:
        raise NotImplementedError

    def _note(self, category: int, a: str, b: str) -> str:
        if "A" in (a, b):
            return " (aces are low here)" if self.order[0] == "A" else " (aces are high here)"
        return ""


class Evaluation(NamedTuple):
    """One hand scored by one component: its rank (1 is best), the cards used, and a description."""

    component: Component
    rank: int
    best: tuple[Card, ...]

    @property
    def description(self) -> str:
        """The hand in the words players use, e.g. ``4-card Badugi 8-4-3-A``."""
        return description_of(self)

    def beats(self, other: Evaluation) -> bool:
        """True if this hand wins against ``other`` (same component)."""
        return self.rank < other.rank

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view."""
        return {"name": self.component.name, "rank": self.rank,
                "best": [str(c) for c in self.best], "description": self.description}


def description_of(evaluation: Evaluation) -> str:
    """``evaluation.description``, read by compiled callers as a native call rather than
    through the property of a named tuple (the audit reads one for every hand shown)."""
    component = evaluation[0]
    rank = evaluation[1]
    text = component._described.get(rank)
    if text is None:
        # Remembered per rank: the audit reads descriptions of every hand shown.
        text = component._described[rank] = component.describe(rank)
    return text


def _evaluation(component: Component, rank: int, best: tuple[Card, ...]) -> Evaluation:
    """``Evaluation(component, rank, best)``: the tuple its generated ``__new__`` makes, made
    without calling that interpreted function through the type (a showdown makes one for every
    hand shown, at a third of the instructions)."""
    return tuple.__new__(Evaluation, (component, rank, best))


class BadugiComponent(Component):
    """Badugi: the best subset of cards differing in both suit and rank, more cards first.

    The best subset is chosen by trying every subset (greedy rules are wrong, see RULES.md 1).
    Because the answer depends only on the suits and on which cards share a rank once the cards
    are sorted, the subset search runs once per such pattern and is then remembered: there are
    at most 8**5 patterns, so the memory stays bounded.
    """

    size = (1, 5)
    ranks = 1092

    def __init__(self, name: str, order: str):
        super().__init__(name, order)
        # Sorting by this key orders cards by rank in this component's order, then by suit.
        self._sort = tuple(self._ord[c] * 4 + (c & 3) for c in range(52))
        # The card of each sort key: the key is the rank's position in the order, then the suit.
        self._card_at = tuple(sorted(DECK, key=self._sort.__getitem__))
        self._patterns: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def _table(self) -> tuple[list[int], list[int]]:
        if self._tables is None:
            masks = [m for m in range(1 << 13) if 1 <= m.bit_count() <= 4]
            # More cards first; at equal size the smaller bitmask is the lower hand, because
            # comparing bitmasks compares the highest differing rank first.
            masks.sort(key=lambda m: (-m.bit_count(), m))
            rank_of = [0] * (1 << 13)
            for r, m in enumerate(masks, 1):
                rank_of[m] = r
            self._tables = (rank_of, masks)
        return self._tables  # type: ignore[return-value]

    def _best(self, cards: Sequence[Card]) -> tuple[list[int], tuple[int, ...], int]:
        """The sort keys of ``cards`` in order, the positions (among them, best first) of the
        cards of the best Badugi, and its rank; raises as ``evaluate``. The sort keys are
        sorted here, not the cards by a key function: ``rank_many`` ranks a store's millions
        of hands by this alone."""
        if not 1 <= len(cards) <= 5:
            self.checked(cards)
        sort = self._sort
        keys: list[int] = []
        for c in cards:
            k = sort[c]
            at = len(keys)
            keys.append(k)
            while at and keys[at - 1] > k:
                keys[at] = keys[at - 1]
                at -= 1
            keys[at] = k
        pattern = len(keys)
        prev = -1
        for k in keys:
            if k == prev:
                self.checked(cards)  # a card twice (one sort key a card): raises, naming it
            o = k >> 2
            pattern = (pattern << 3) | ((k & 3) << 1) | (o == prev >> 2)
            prev = k
        found = self._patterns.get(pattern)
        if found is None:
            positions = _best_badugi_positions([k & 3 for k in keys], [k >> 2 for k in keys])
            found = self._patterns[pattern] = (positions, positions[::-1])
        mask = 0
        for i in found[0]:
            mask |= 1 << (keys[i] >> 2)
        return keys, found[1], self._table()[0][mask]

    def evaluate(self, cards: Sequence[Card]) -> Evaluation:
        keys, backwards, rank = self._best(cards)
        card_at = self._card_at
        return _evaluation(self, rank, tuple([card_at[keys[i]] for i in backwards]))

    def rank_many(self, hands: Iterable[Sequence[Card]]) -> list[int]:
        """The ranks of many hands: ``evaluate`` without the cards of the best Badugi."""
        return [self._best(cards)[2] for cards in hands]

    def describe(self, rank: int) -> str:
        size, letters = self._decode(rank)
        if size == 4:
            return "4-card Badugi " + "-".join(letters)
        return f"{size}-card " + "-".join(letters)

    def key(self, rank: int) -> tuple[int, tuple[str, ...]]:
        size, letters = self._decode(rank)
        return -size, letters

    def is_made(self, evaluation: Evaluation) -> bool:
        return len(evaluation.best) == 4

    def made(self, cards: Sequence[Card]) -> bool:
        # Four cards are a 4-card Badugi exactly when no two share a rank or a suit (which
        # also makes them four different cards): no subset search is needed (the import asks
        # this of every hero hand). Suits are checked first, as one mask of four bits.
        if len(cards) == 4:
            a, b, c, d = cards
            if ((1 << (a & 3)) | (1 << (b & 3)) | (1 << (c & 3)) | (1 << (d & 3)) == 15
                    and len({a >> 2, b >> 2, c >> 2, d >> 2}) == 4):
                return True
            if len(set(cards)) == 4:
                return False
        # (The best Badugi's positions are those of its cards: no Evaluation made for them.)
        return len(self._best(cards)[1]) == 4

    def _decode(self, rank: int) -> tuple[int, tuple[str, ...]]:
        mask = self._table()[1][rank - 1]
        letters = tuple(self.order[i] for i in range(12, -1, -1) if mask >> i & 1)
        return len(letters), letters

    def _category_reason(self, better: int, worse: int) -> str:
        return "a hand of more cards always beats one of fewer"


def _best_badugi_positions(suits: list[int], ords: list[int]) -> tuple[int, ...]:
    """Positions (into cards sorted low to high) of the best Badugi, by trying every subset."""
    n = len(suits)
    for size in range(min(n, 4), 0, -1):
        best = None
        best_mask = 0
        for subset in combinations(range(n), size):
            if len({suits[i] for i in subset}) != size or len({ords[i] for i in subset}) != size:
                continue
            mask = sum(1 << ords[i] for i in subset)
            if best is None or mask < best_mask:
                best, best_mask = subset, mask
        if best is not None:
            return best
    raise AssertionError("every non-empty hand makes a 1-card Badugi")  # pragma: no cover


# Five-card hands: the lows and the high hand --------------------------------------------------

_NO_PAIR, _PAIR, _TWO_PAIR, _TRIPS, _STRAIGHT, _FLUSH, _FULL_HOUSE, _QUADS, _STRAIGHT_FLUSH = range(9)
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
#: A-5-4-3-2 as positions in the ace-high order, and as the wheel it makes when the ace may
#: play low: a straight five high, the ace last.
_ACE_FIVE = (12, 3, 2, 1, 0)
_WHEEL = (3, 2, 1, 0, 12)
# The categories run from the weakest to the strongest in high poker; lowball ranks them the
# other way round.
_CATEGORY_NAMES = {_NO_PAIR: "no pair", _PAIR: "a pair", _TWO_PAIR: "two pair",
                   _TRIPS: "three of a kind", _STRAIGHT: "a straight", _FLUSH: "a flush",
                   _FULL_HOUSE: "a full house", _QUADS: "four of a kind",
                   _STRAIGHT_FLUSH: "a straight flush"}


class _LazyTable(dict[int, int]):
    """A lookup table that builds itself on a miss: ``build`` adds a part (the five-card
    tables are built a shape at a time) and says whether there was one left to add.

    A lock, shared by the tables one build fills, makes other threads (polars calls back from
    several) wait for the build rather than take a key missing mid-build for a hand that does
    not exist."""

    def __init__(self, build: Callable[[], bool], lock: threading.Lock):
        super().__init__()
        self._build = build
        self._lock = lock

    def __missing__(self, key: int) -> int:
        with self._lock:
            while not dict.__contains__(self, key) and self._build():
                pass
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        raise KeyError(key)


#: The shapes of five ranks, in the order the five-card tables are built: no pair first, which
#: holds every made low and most hands shown down, then the likelier shapes before the rarer.
_SHAPES = (_NO_PAIR, _PAIR, _TWO_PAIR, _TRIPS, _FULL_HOUSE, _QUADS)


def _rank_classes(shape: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of five ranks (positions in a component's order, 0-12) of one shape (a
    category of _SHAPES): the larger group first, and within groups of one size the higher
    rank first (a pair of 9s with K, 7, 2 is 9 9 K 7 2). Made by shape rather than by counting
    every multiset, so a table builds in a few milliseconds on a command's first showdown."""
    high = range(12, -1, -1)
    if shape == _NO_PAIR:
        yield from combinations(high, 5)
    elif shape == _TWO_PAIR:
        for a, b in combinations(high, 2):
            for kicker in high:
                if kicker != a and kicker != b:
                    yield a, a, b, b, kicker
    else:
        for a in high:
            others = [r for r in high if r != a]
            if shape == _PAIR:
                for c, d, e in combinations(others, 3):
                    yield a, a, c, d, e
            elif shape == _TRIPS:
                for d, e in combinations(others, 2):
                    yield a, a, a, d, e
            else:
                for b in others:
                    yield (a, a, a, b, b) if shape == _FULL_HOUSE else (a, a, a, a, b)


class FiveCardHand(Component):
    """Five cards ranked by category, then by their rank groups: the lows and the high hand.

    The hand's rank multiset is keyed by a product of primes, one prime per rank, so the lookup
    needs neither sorting nor counting; flushes use a second table. Subclasses say which way
    the categories and ranks run (``_strength``) and whether the ace also plays low in a
    straight (``wheel``).

    A category's classes are consecutive ranks (a strength is first its category's), so the
    tables are built a shape at a time, as hands need them: a shape's classes are ranked among
    themselves and placed after the classes of the categories that beat theirs, whose counts
    are known before those are built. One command's showdown of lows builds the no-pair
    shape alone, a sixth of the table.
    """

    size = (5, 5)
    #: Whether A-5-4-3-2 is a straight (five high): in high poker only.
    wheel = False

    def __init__(self, name: str, order: str, *, straights_and_flushes: bool):
        super().__init__(name, order)
        self.straights_and_flushes = straights_and_flushes
        self.ranks = 7462 if straights_and_flushes else 6175
        self._prime = tuple(_PRIMES[o] for o in self._ord)
        # Filled a shape at a time, on the first miss of a hand of that shape (_add_shape).
        self._lock = threading.Lock()
        self._plain = _LazyTable(self._add_shape, self._lock)
        self._flush = _LazyTable(self._add_shape, self._lock)
        self._paired: set[int] = set()
        self._keys: list[tuple[int, tuple[str, ...]] | None] = [None] * self.ranks
        self._shapes_left = list(_SHAPES)
        self._first_rank: dict[int, int] = {}  # category -> its best class's rank

    def _strength(self, category: int, ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """The sort key of a class (category, rank positions high to low): lower is better."""
        raise NotImplementedError

    def _classes(self, shape: int) -> Iterator[tuple[int, int, tuple[int, ...], bool]]:
        """The classes of a shape: (category, prime product, rank positions, is a flush)."""
        primes = _PRIMES
        for ranks in _rank_classes(shape):
            a, b, c, d, e = ranks
            product = primes[a] * primes[b] * primes[c] * primes[d] * primes[e]
            if not self.straights_and_flushes or shape != _NO_PAIR:
                yield shape, product, ranks, False
                continue
            straight = ranks[0] - ranks[4] == 4
            if self.wheel and ranks == _ACE_FIVE:
                straight, ranks = True, _WHEEL
            yield _STRAIGHT if straight else _NO_PAIR, product, ranks, False
            yield _STRAIGHT_FLUSH if straight else _FLUSH, product, ranks, True

    def _add_shape(self) -> bool:
        """Rank the next shape of _SHAPES into the tables; False when all are there. Called
        with the tables' lock held."""
        if not self._shapes_left:
            return False
        shape = self._shapes_left[0]
        # Some 3,000 tuples a shape and no reference cycle: the cyclic collector would scan
        # them (and every object of the process) several times over for nothing.
        with collector_paused():
            entries = sorted((self._strength(category, ranks), is_flush, product, category, ranks)
                             for category, product, ranks, is_flush in self._classes(shape))
            if not self._first_rank:
                self._place_categories(entries)
            plain: dict[int, int] = {}
            flush: dict[int, int] = {}
            letter = self.order.__getitem__
            keys = self._keys
            at: dict[int, int] = {}  # category -> the rank its next class takes
            for _, is_flush, product, category, ranks in entries:
                r = at.get(category) or self._first_rank[category]
                at[category] = r + 1
                (flush if is_flush else plain)[product] = r
                keys[r - 1] = (category, tuple(map(letter, ranks)))
            if shape != _NO_PAIR:
                self._paired.update(plain)  # before the ranks: a rank found is checked
            dict.update(self._plain, plain)
            dict.update(self._flush, flush)
        del self._shapes_left[0]
        return True

    def _place_categories(self, no_pair: list[tuple[tuple[int, tuple[int, ...]], bool, int, int,
                                                    tuple[int, ...]]]) -> None:
        """Each category's first rank, from the classes of the no-pair shape (which hold the
        straights and flushes) and the sizes of the other shapes."""
        sizes: dict[int, int] = {}
        for entry in no_pair:
            sizes[entry[3]] = sizes.get(entry[3], 0) + 1
        for shape in _SHAPES[1:]:
            sizes[shape] = sum(1 for _ in _rank_classes(shape))
        rank = 1
        for category in sorted(sizes, key=lambda c: self._strength(c, ())[0]):
            self._first_rank[category] = rank
            rank += sizes[category]
        if rank != self.ranks + 1:
            raise AssertionError(f"{self.name}: {rank - 1} classes, not {self.ranks}")

    def _table(self) -> tuple[dict[int, int], dict[int, int], list[tuple[int, tuple[str, ...]]], set[int]]:
        """The whole tables: (plain ranks, flush ranks, each rank's class, paired products)."""
        with self._lock:
            while self._add_shape():
                pass
        return self._plain, self._flush, self._keys, self._paired  # type: ignore[return-value]

    def evaluate(self, cards: Sequence[Card]) -> Evaluation:
        return _evaluation(self, self._rank(cards), tuple(cards))

    def _rank(self, cards: Sequence[Card]) -> int:
        """The rank of ``cards``; raises as ``evaluate``."""
        # The hot path: one multiplication chain and one dict lookup. Validation costs extra
        # only where a bad hand is possible: a repeated card always repeats a rank.
        try:
            a, b, c, d, e = cards
            p = self._prime
            product = p[a] * p[b] * p[c] * p[d] * p[e]
            if self.straights_and_flushes and (a | b | c | d | e) & 3 == a & b & c & d & e & 3:
                rank = self._flush[product]
            else:
                rank = self._plain[product]
                if product in self._paired and len({a, b, c, d, e}) != 5:
                    self.checked(cards)
        except (ValueError, TypeError, KeyError, IndexError):
            self.checked(cards)
            raise
        return rank

    def made(self, cards: Sequence[Card]) -> bool:
        # From the rank alone: the import asks this of every hand in its draws table, and an
        # Evaluation (the tuple, its cards' tuple, its rank read back) costs more than the
        # lookup.
        return self._made_rank(self._rank(cards))

    def is_made(self, evaluation: Evaluation) -> bool:
        return self._made_rank(evaluation.rank)

    def _made_rank(self, rank: int) -> bool:
        """``is_made`` of a hand of this rank."""
        raise NotImplementedError

    def rank_many(self, hands: Iterable[Sequence[Card]]) -> list[int]:
        """The ranks of many hands: ``evaluate`` without a call and a result object per hand."""
        self._table()
        p, plain, flush, paired = self._prime, self._plain, self._flush, self._paired
        flushes = self.straights_and_flushes
        out: list[int] = []
        append = out.append
        cards: Sequence[Card] = ()
        try:
            for cards in hands:
                a, b, c, d, e = cards
                product = p[a] * p[b] * p[c] * p[d] * p[e]
                if flushes and (a | b | c | d | e) & 3 == a & b & c & d & e & 3:
                    append(flush[product])
                else:
                    append(plain[product])
                    if product in paired and len({a, b, c, d, e}) != 5:
                        self.checked(cards)
        except (ValueError, TypeError, KeyError, IndexError):
            self.checked(cards)
            raise
        return out

    def key(self, rank: int) -> tuple[int, tuple[str, ...]]:
        if not 1 <= rank <= self.ranks:
            raise IndexError(f"{self.name} has no rank {rank}")
        keys = self._keys
        if keys[rank - 1] is None:
            with self._lock:
                while keys[rank - 1] is None and self._add_shape():
                    pass
        found = keys[rank - 1]
        assert found is not None  # every shape is in the table now
        return found

    def describe(self, rank: int) -> str:
        category, letters = self.key(rank)
        if category == _NO_PAIR:
            return "-".join(letters)
        if category == _PAIR:
            return f"pair of {_PLURAL[letters[0]]}"
        if category == _TWO_PAIR:
            return f"two pair, {_PLURAL[letters[0]]} and {_PLURAL[letters[2]]}"
        if category == _TRIPS:
            return f"three {_PLURAL[letters[0]]}"
        if category == _STRAIGHT:
            return f"straight, {_HIGH[letters[0]]} high"
        if category == _FLUSH:
            return "flush, " + "-".join(letters)
        if category == _FULL_HOUSE:
            return f"full house, {_PLURAL[letters[0]]} full of {_PLURAL[letters[3]]}"
        if category == _QUADS:
            return f"four {_PLURAL[letters[0]]}"
        return f"straight flush, {_HIGH[letters[0]]} high"

    def _position_name(self, category: int, index: int) -> str:
        if category in (_PAIR, _TWO_PAIR, _TRIPS, _FULL_HOUSE, _QUADS):
            groups = {_PAIR: ["the pair", None, "the highest kicker", "the second kicker",
                              "the lowest kicker"],
                      _TWO_PAIR: ["the higher pair", None, "the lower pair", None, "the kicker"],
                      _TRIPS: ["the three of a kind", None, None, "the higher kicker",
                               "the lower kicker"],
                      _FULL_HOUSE: ["the three of a kind", None, None, "the pair", None],
                      _QUADS: ["the four of a kind", None, None, None, "the kicker"]}[category]
            return groups[index] or f"the {_ORDINAL[index]} card"
        return f"the {_ORDINAL[index]} card"


class FiveCardLow(FiveCardHand):
    """A five-card low: 2-7 (aces high, straights and flushes count) or A-5 (neither)."""

    def _strength(self, category: int, ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        # The weakest category wins, then the lowest ranks from the top down.
        return category, ranks

    def _made_rank(self, rank: int) -> bool:
        # Pairs, straights and flushes all count against a low: only a plain no-pair is made.
        return self.key(rank)[0] == _NO_PAIR

    def _category_reason(self, better: int, worse: int) -> str:
        return (f"in lowball {_CATEGORY_NAMES[better]} beats {_CATEGORY_NAMES[worse]}"
                + (" (straights and flushes count against a hand here)"
                   if _STRAIGHT in (better, worse) or _FLUSH in (better, worse) else ""))


class FiveCardHigh(FiveCardHand):
    """The standard high hand (5-Card Draw): straight flush down to high card, aces high.

    A-2-3-4-5 (the wheel) is the lowest straight, five high; an ace-high straight flush is
    called a royal flush. A made hand, in draw-poker terms, is a pat hand: a straight or better.
    """

    better = "higher"
    wheel = True

    def __init__(self, name: str):
        super().__init__(name, ACE_HIGH, straights_and_flushes=True)

    def _strength(self, category: int, ranks: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        # The strongest category wins, then the highest ranks from the top down.
        return -category, tuple(-r for r in ranks)

    def describe(self, rank: int) -> str:
        category, letters = self.key(rank)
        if category == _STRAIGHT_FLUSH and letters[0] == "A":
            return "royal flush"
        return super().describe(rank)

    def _made_rank(self, rank: int) -> bool:
        return self.key(rank)[0] >= _STRAIGHT

    def _category_reason(self, better: int, worse: int) -> str:
        return f"{_CATEGORY_NAMES[better]} beats {_CATEGORY_NAMES[worse]}"

    def _note(self, category: int, a: str, b: str) -> str:
        if category in (_STRAIGHT, _STRAIGHT_FLUSH) and "5" in (a, b):
            return " (A-2-3-4-5 is the lowest straight: its ace plays low)"
        return ""


BADUGI = BadugiComponent("badugi", ACE_LOW)
BADUGI_ACE_HIGH = BadugiComponent("badugi-ace-high", ACE_HIGH)
DEUCE_TO_SEVEN = FiveCardLow("2-7", ACE_HIGH, straights_and_flushes=True)
ACE_TO_FIVE = FiveCardLow("a-5", ACE_LOW, straights_and_flushes=False)
STANDARD_HIGH = FiveCardHigh("high")

COMPONENTS: dict[str, Component] = {c.name: c for c in (BADUGI, BADUGI_ACE_HIGH, DEUCE_TO_SEVEN,
                                                         ACE_TO_FIVE, STANDARD_HIGH)}


def get_component(name: str) -> Component:
    """The component called ``name`` (``badugi``, ``badugi-ace-high``, ``2-7``, ``a-5``,
    ``high``)."""
    try:
        return COMPONENTS[name.lower()]
    except KeyError:
        raise unknown_name("component", name, COMPONENTS) from None


def winners(evaluations: Sequence[Evaluation]) -> list[int]:
    """Indices of the best hands among ``evaluations`` (several on a tie)."""
    best = min(e.rank for e in evaluations)
    return [i for i, e in enumerate(evaluations) if e.rank == best]


