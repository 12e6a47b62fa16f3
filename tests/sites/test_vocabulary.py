"""The vocabulary every site speaks (hhtools.core.vocabulary) and the site knowledge each site
module holds: the records of every real hand use only the vocabulary's streets, action kinds,
show kinds and structures (the Literal types are the annotations, so the corpus is the check
at run time); the generator's tables and the description readers come from the site modules,
so a site is added in one place."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import get_args

import pytest

from hhtools.core.games import get_game
from hhtools.core.records import Hand
from hhtools.core.vocabulary import (
    ACTION_KINDS,
    CURRENCIES,
    STREETS,
    STRUCTURE_WORDS,
    STRUCTURES,
    ShowKind,
    currencies,
    structure_words,
)
from hhtools.generate import SITES, check_supported
from hhtools.reading.parsing import parse_file
from hhtools.sites import SITE_NAMES, get_site
from hhtools.sites.describe import STYLES, read
from hhtools.sites.tables import Tables


def _corpus_hands(corpus: Path) -> list[Hand]:
    hands: list[Hand] = []
    for path in sorted(p for p in corpus.rglob("*") if p.is_file() and p.suffix != ".md"):
        hands.extend(parse_file(path).hands)
    return hands


def test_real_hands_speak_the_vocabulary(corpus: Path) -> None:
    hands = _corpus_hands(corpus)
    assert {h.site for h in hands} == set(SITE_NAMES)
    assert {h.structure for h in hands} <= set(STRUCTURES)
    assert {a.kind for h in hands for a in h.actions} <= set(ACTION_KINDS)
    assert {a.street for h in hands for a in h.actions} <= set(STREETS)
    assert {c.street for h in hands for c in h.hero_cards} <= set(STREETS)
    assert {u.street for h in hands for u in h.uncalled} <= set(STREETS)
    assert {s.kind for h in hands for s in h.shows} <= set(get_args(ShowKind))
    # The corpus uses most of it: the check is not vacuous.
    assert {a.kind for h in hands for a in h.actions} >= {
        "post_sb", "post_bb", "fold", "check", "call", "bet", "raise", "discard", "stand_pat"}


def test_the_vocabulary_tuples_are_its_types() -> None:
    assert STREETS == ("predraw", "draw1", "draw2", "draw3")
    assert STRUCTURES == ("fixed-limit", "pot-limit", "half-pot-limit", "no-limit")
    assert set(STRUCTURE_WORDS.values()) == set(STRUCTURES)
    assert structure_words("Half Pot Limit", "NL") == {"Half Pot Limit": "half-pot-limit",
                                                        "NL": "no-limit"}
    assert currencies("$£") == {"$": "USD", "£": "GBP"}
    assert set(CURRENCIES) == set("$€£₹¥")
    with pytest.raises(KeyError):
        structure_words("Spread Limit")  # a word no history prints is refused, not guessed
    with pytest.raises(KeyError):
        currencies("¤")


@pytest.mark.parametrize("name", SITE_NAMES)
def test_the_generator_tables_are_the_sites(name: str) -> None:
    site, table = get_site(name), SITES[name]
    assert (table.name, table.title, table.first_seat) == (
        site.name, site.title, site.builder.FIRST_SEAT)
    for field in dataclasses.fields(Tables):
        assert getattr(table, field.name) == getattr(site.tables, field.name)
    for game in site.tables.games:
        assert get_game(game).name == game
        for structure in site.tables.structures_of(game):
            assert structure in STRUCTURES
            assert check_supported(name, game, structure) is table


def test_the_description_styles_are_the_sites_with_hand_words() -> None:
    assert set(STYLES) == {n for n in SITE_NAMES if get_site(n).hand_words}
    assert "merge" not in STYLES and "kingsclub" not in STYLES
    for name in STYLES:
        for pattern, _ in get_site(name).hand_words:
            re.compile(pattern)
    assert read("fulltilt", "a Badugi: Q, 4, 3, 2") == ("4-card Badugi Q-4-3-2", True)
    assert STYLES["winamax"]("Two pairs : Jacks and 8") == ("two pair, jacks and eights", True)
    with pytest.raises(KeyError):
        STYLES["merge"]
