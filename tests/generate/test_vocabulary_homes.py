"""The words the writers print come from one home each (hhtools.core.vocabulary, the site
modules, hhtools.core.cards), and those homes agree with what the readers read: a structure
name a writer prints is one its site's reader names the same structure by, a currency sign
reads back as the hand's currency, and the words PokerStars' summaries strip off a game are
the ones its hand headers print."""

from __future__ import annotations

import importlib
from decimal import Decimal

import pytest

from hhtools.core.vocabulary import CURRENCIES, SIGNS, STRUCTURE_NAMES, STRUCTURES
from hhtools.generate import SITES, generate_deals
from hhtools.generate.writers import PLURAL_OF, RANK_OF, RANK_WORDS, signed, write_file
from hhtools.reading.parsing import parse_text
from hhtools.reading.summaries import read_summaries
from hhtools.sites.pokerstars import PRINTED_STRUCTURES, SUMMARY_CURRENCIES

WRITTEN = [(site, game, structure) for site, table in SITES.items() if site != "phh"
           for game in table.games for structure in table.structures_of(game)]


def test_every_structure_has_one_printed_name() -> None:
    assert set(STRUCTURE_NAMES) == set(STRUCTURES)
    assert len(set(STRUCTURE_NAMES.values())) == len(STRUCTURES)
    # The readers name each structure by its printed name again.
    for name, structure in PRINTED_STRUCTURES.items():
        assert STRUCTURE_NAMES.get(structure) in PRINTED_STRUCTURES, name


def test_signs_are_the_currencies_the_other_way_round() -> None:
    assert {SIGNS[code]: code for code in SIGNS} == CURRENCIES
    assert signed("USD")(Decimal("1895.5")) == "$1895.50"
    assert signed("EUR", commas=True)(Decimal("1895.5")) == "€1,895.50"
    assert signed("chips")(Decimal(1500)) == "1500"
    with pytest.raises(KeyError):
        signed("XTS")  # a currency with no sign is refused, not printed bare


@pytest.mark.parametrize("site,game,structure", WRITTEN)
def test_a_written_hand_reads_back_in_its_structure_and_currency(site, game, structure) -> None:
    deal = next(iter(generate_deals(site, game, structure, 1, seed=5)))
    text = write_file([deal], site)
    (hand,) = parse_text(text, site).hands
    assert (hand.structure, hand.currency) == (structure, deal.hand.currency)
    module = importlib.import_module(f"hhtools.sites.{site}")
    printed = getattr(module, "PRINTED_STRUCTURES", None)
    if printed is not None:  # the site module lists the words its headers print
        assert printed[STRUCTURE_NAMES[structure]] == structure


@pytest.mark.parametrize("word", PRINTED_STRUCTURES)
def test_pokerstars_reads_each_structure_word_it_is_said_to_print(word: str) -> None:
    deal = next(iter(generate_deals("pokerstars", "badugi", "fixed-limit", 1, seed=2)))
    text = write_file([deal], "pokerstars")
    header = "Badugi Limit ("
    assert header in text
    (hand,) = parse_text(text.replace(header, f"Badugi {word} (", 1), "pokerstars").hands
    assert hand.structure == PRINTED_STRUCTURES[word]


@pytest.mark.parametrize("word", PRINTED_STRUCTURES)
@pytest.mark.parametrize("sign", SUMMARY_CURRENCIES)
def test_summaries_strip_the_structure_words_and_read_the_signs(word: str, sign: str) -> None:
    for named in (f"Badugi {word}", f"{word} Badugi"):
        found = read_summaries([
            f"PokerStars Tournament #7, {named}", f"Buy-In: {sign}1.00/{sign}0.20",
            "2 players", "Tournament started 2024/03/01 18:00:00 ET",
            f"  1: Ann (Canada), {sign}2.00 (100%)", "  2: Bob (Peru),"])
        assert found.errors == ()
        (summary,) = found.tournaments
        assert (summary.game, summary.currency) == ("badugi", SUMMARY_CURRENCIES[sign])
        assert summary.places[0].prize is not None and str(summary.places[0].prize) == "2.00"


def test_rank_words_come_from_the_cards() -> None:
    assert RANK_WORDS["T"] == "Ten" and RANK_WORDS["A"] == "Ace" and len(RANK_WORDS) == 13
    assert RANK_OF["six"] == "6" and PLURAL_OF["sixes"] == "6" and PLURAL_OF["twos"] == "2"
    assert set(PLURAL_OF.values()) == set(RANK_WORDS)
