"""Sites' own words for a hand, read back into hhtools' descriptions so they can be checked.

A style turns what a site prints into the description hhtools gives the same hand (``exact``)
or the start of it (when the site names only part of the hand, e.g. a flush's top card);
None when the wording is not one the style knows, which the auditor then leaves unchecked.

>>> read_pokerstars("Badugi: 8,4,3,A"), read_pokerstars("a 3-card: 9,2,A")
(('4-card Badugi 8-4-3-A', True), ('3-card 9-2-A', True))
>>> read_pokerstars("Lo: a pair of Fives"), read_pokerstars("Lo: a straight, Four to Eight")
(('pair of fives', True), ('straight, eight high', True))
>>> read_pokerstars("Lo: 9,7,6,4,2"), read_pokerstars("Lo: a flush, King high")
(('9-7-6-4-2', True), ('flush, K-', False))
>>> matches(read_pokerstars("Badugi: 8,4,3,A"), ["4-card Badugi 8-4-3-A"])
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_WORDS = {"two": "2", "deuce": "2", "three": "3", "four": "4", "five": "5", "six": "6",
          "seven": "7", "eight": "8", "nine": "9", "ten": "T", "jack": "J", "queen": "Q",
          "king": "K", "ace": "A"}
_PLURAL = {"2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes", "7": "sevens",
           "8": "eights", "9": "nines", "T": "tens", "J": "jacks", "Q": "queens", "K": "kings",
           "A": "aces"}
_HIGH = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
         "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_RANKS = r"[2-9TJQKA]"


def _rank(word: str) -> str:
    """``Fives``/``Five``/``Sixes`` -> the rank letter; KeyError for other words."""
    w = word.lower()
    for candidate in (w, w[:-2] if w.endswith("es") else w, w[:-1] if w.endswith("s") else w):
        if candidate in _WORDS:
            return _WORDS[candidate]
    raise KeyError(word)


_STARS_LOW = [
    (re.compile(rf"({_RANKS}(?:,{_RANKS}){{4}})"), lambda m: ("-".join(m[1].split(",")), True)),
    (re.compile(r"a pair of (\w+)"), lambda m: (f"pair of {_PLURAL[_rank(m[1])]}", True)),
    (re.compile(r"two pair, (\w+) and (\w+)"),
     lambda m: (f"two pair, {_PLURAL[_rank(m[1])]} and {_PLURAL[_rank(m[2])]}", True)),
    (re.compile(r"three of a kind, (\w+)"), lambda m: (f"three {_PLURAL[_rank(m[1])]}", True)),
    (re.compile(r"a straight, \w+ to (\w+)"), lambda m: (f"straight, {_HIGH[_rank(m[1])]} high", True)),
    (re.compile(r"a flush, (\w+) high"), lambda m: (f"flush, {_rank(m[1])}-", False)),
    (re.compile(r"a full house, (\w+) full of (\w+)"),
     lambda m: (f"full house, {_PLURAL[_rank(m[1])]} full of {_PLURAL[_rank(m[2])]}", True)),
    (re.compile(r"four of a kind, (\w+)"), lambda m: (f"four {_PLURAL[_rank(m[1])]}", True)),
    (re.compile(r"a straight flush, \w+ to (\w+)"),
     lambda m: (f"straight flush, {_HIGH[_rank(m[1])]} high", True)),
]
_STARS_BADUGI = re.compile(rf"(?:a )?(?:Badugi|([123])-card): ({_RANKS}(?:,{_RANKS}){{0,3}})")


def read_pokerstars(text: str) -> tuple[str, bool] | None:
    """PokerStars: ``Badugi: 8,4,3,A``, ``3-card: 9,2,A``, ``Lo: 9,7,6,4,2``, ``Lo: a pair of Fives``."""
    text = text.strip()
    m = _STARS_BADUGI.fullmatch(text)
    if m:
        size = m[1] or "4"
        ranks = "-".join(m[2].split(","))
        return (f"4-card Badugi {ranks}" if size == "4" else f"{size}-card {ranks}"), True
    if text.startswith("Lo: "):
        body = text[4:]
        for pattern, build in _STARS_LOW:
            m = pattern.fullmatch(body)
            if m:
                try:
                    return build(m)
                except KeyError:
                    return None
    return None


#: Description readers by style name (RuleProfile.description_style).
STYLES: dict[str, Callable[[str], tuple[str, bool] | None]] = {"pokerstars": read_pokerstars}


def matches(claim: tuple[str, bool], descriptions: Sequence[str]) -> bool:
    """Whether a read claim agrees with one of the hand's descriptions (one per component)."""
    text, exact = claim
    return any(d == text if exact else d.startswith(text) for d in descriptions)
