"""Sites' own words for a hand, read back into hhtools' descriptions so they can be checked.

A style turns what a site prints into the description hhtools gives the same hand (``exact``)
or the start of it (when the site names only part of the hand, e.g. a flush's top card);
None when the wording is not one the style knows, which the auditor then leaves unchecked.
Each site's wording is its module's (``Site.hand_words``: patterns built from the pieces here,
each with the kind of hand it names); this module reads any of them.

>>> read_pokerstars("Badugi: 8,4,3,A"), read_pokerstars("a 3-card: 9,2,A")
(('4-card Badugi 8-4-3-A', True), ('3-card 9-2-A', True))
>>> read_pokerstars("Lo: a pair of Fives"), read_pokerstars("Lo: a straight, Four to Eight")
(('pair of fives', True), ('straight, eight high', True))
>>> read_pokerstars("Lo: 9,7,6,4,2"), read_pokerstars("Lo: a flush, King high")
(('9-7-6-4-2', True), ('flush, K-', False))
>>> read_pokerstars("two pair, Jacks and Sixes"), read_pokerstars("high card Queen")
(('two pair, jacks and sixes', True), ('Q-', False))
>>> matches(read_pokerstars("Badugi: 8,4,3,A"), ["4-card Badugi 8-4-3-A"])
True
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence

from hhtools.sites import SITE_NAMES, get_site
from hhtools.sites.base import DescriptionKind

_WORDS = {"two": "2", "deuce": "2", "three": "3", "four": "4", "five": "5", "six": "6",
          "seven": "7", "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q",
          "king": "K", "ace": "A"}
_PLURAL = {"2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
           "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings",
           "A": "aces"}
_HIGH = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
         "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_RANKS = r"[2-9TJQKA]"
#: Ranks written as digits or letters (Winamax: "High card : 8", "Two pairs : Jacks and 8").
_LETTERS = {**{str(n): str(n) for n in range(2, 10)}, "10": "T",
            **{c.lower(): c for c in "TJQKA"}}


def _rank(word: str) -> str:
    """``Fives``/``Five``/``Sixes``, ``8``, ``10``, ``K`` -> the rank letter; KeyError for
    other words."""
    w = word.lower()
    if w in _LETTERS:
        return _LETTERS[w]
    for candidate in (w, w[:-2] if w.endswith("es") else w, w[:-1] if w.endswith("s") else w):
        if candidate in _WORDS:
            return _WORDS[candidate]
    raise KeyError(word)


# What a description says, by kind: the regex groups in, hhtools' description (or the start of
# it, exact False) out. The sites differ only in their wording, so each site's style is a table
# of (pattern, kind) in its module (Site.hand_words) and one reader serves them all.
_KINDS: dict[DescriptionKind, Callable[..., tuple[str, bool]]] = {
    # Five ranks, high to low, as a no-pair low hand: "7,6,4,3,2" -> "7-6-4-3-2".
    "ranks": lambda r: ("-".join(_ranks(r)), True),
    # A Badugi's ranks, 4-card or smaller: "Q, 4, 3, 2" -> "4-card Badugi Q-4-3-2".
    "badugi": lambda r: (f"4-card Badugi {'-'.join(_ranks(r))}", True),
    "smaller_badugi": lambda size, r: (f"{size}-card {'-'.join(_ranks(r))}", True),
    # Only the top card is named: the rest of the no-pair hand is unchecked.
    "high_card": lambda top: (f"{_rank(top)}-", False),
    "pair": lambda r: (f"pair of {_PLURAL[_rank(r)]}", True),
    "two_pair": lambda hi, lo: (f"two pair, {_PLURAL[_rank(hi)]} and {_PLURAL[_rank(lo)]}", True),
    "trips": lambda r: (f"three {_PLURAL[_rank(r)]}", True),
    "straight": lambda top: (f"straight, {_HIGH[_rank(top)]} high", True),
    "flush": lambda top: (f"flush, {_rank(top)}-", False),
    "full_house": lambda three, two: (
        f"full house, {_PLURAL[_rank(three)]} full of {_PLURAL[_rank(two)]}", True),
    "quads": lambda r: (f"four {_PLURAL[_rank(r)]}", True),
    "straight_flush": lambda top: (f"straight flush, {_HIGH[_rank(top)]} high", True),
}

#: Pieces of the sites' patterns: up to four ranks ("Q, 4, 3, 2", "8,4,3,A"), five ranks.
LIST4 = rf"{_RANKS}(?:, ?{_RANKS}){{0,3}}"
LIST5 = rf"{_RANKS}(?:,{_RANKS}){{4}}"


class _Styles(Mapping[str, Callable[[str], "tuple[str, bool] | None"]]):
    """The description readers by style name: one per site whose module words its hands,
    named after the site. The site modules (which build their patterns from the pieces above)
    are loaded on first use."""

    def __init__(self) -> None:
        # Set on first use (a plain attribute: functools.cached_property needs an instance
        # __dict__, which a compiled class has not).
        self._made: dict[str, Callable[[str], tuple[str, bool] | None]] | None = None

    @property
    def _readers(self) -> dict[str, Callable[[str], tuple[str, bool] | None]]:
        made = self._made
        if made is None:
            made = self._made = {n: functools.partial(read, n) for n in SITE_NAMES
                                 if get_site(n).hand_words}
        return made

    def __getitem__(self, name: str) -> Callable[[str], tuple[str, bool] | None]:
        return self._readers[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._readers)

    def __len__(self) -> int:
        return len(self._readers)


@functools.cache
def _style(name: str) -> list[tuple[re.Pattern[str], Callable[..., tuple[str, bool]]]]:
    return [(re.compile(pattern), _KINDS[kind]) for pattern, kind in get_site(name).hand_words]


def _ranks(text: str) -> list[str]:
    """``Q, 4, 3, 2`` or ``9,7,6,4,2`` -> the rank letters."""
    return [r.strip() for r in text.split(",")]


@functools.lru_cache(maxsize=4096)  # sites repeat the same few hundred wordings
def read(style: str, text: str) -> tuple[str, bool] | None:
    """What ``text``, in the site's ``style``, says of the hand; None when unreadable."""
    text = text.strip()
    for pattern, build in _style(style):
        m = pattern.fullmatch(text)
        if m:
            try:
                return build(*m.groups())
            except KeyError:  # a word that is not a rank
                return None
    return None


def read_pokerstars(text: str) -> tuple[str, bool] | None:
    """PokerStars: ``Badugi: 8,4,3,A``, ``3-card: 9,2,A``, ``Lo: 9,7,6,4,2``, ``Lo: a pair of Fives``."""
    return read("pokerstars", text)


def read_fulltilt(text: str) -> tuple[str, bool] | None:
    """Full Tilt: ``a Badugi: Q, 4, 3, 2``, ``a 3-Card: 5, 4, A``, ``7,6,4,3,2``, ``a pair of Sevens``.

    >>> read_fulltilt("a Badugi: Q, 4, 3, 2"), read_fulltilt("a straight, Seven high")
    (('4-card Badugi Q-4-3-2', True), ('straight, seven high', True))
    """
    return read("fulltilt", text)


def read_winamax(text: str) -> tuple[str, bool] | None:
    """Winamax: ``High card : King``, ``One pair : Sevens``, ``Two pairs : Jacks and 8``.

    >>> read_winamax("High card : King"), read_winamax("Two pairs : Jacks and 8")
    (('K-', False), ('two pair, jacks and eights', True))
    """
    return read("winamax", text)


#: Description readers by style name (RuleProfile.description_style): one per site that
#: prints descriptions, named after the site.
STYLES: Mapping[str, Callable[[str], tuple[str, bool] | None]] = _Styles()


def matches(claim: tuple[str, bool], descriptions: Sequence[str]) -> bool:
    """Whether a read claim agrees with one of the hand's descriptions (one per component)."""
    text, exact = claim
    if exact:
        return text in descriptions
    return any(d.startswith(text) for d in descriptions)
