"""Every site's builder has a handler for each line kind of its grammar, taking exactly the
fields the kind captures (Merge reads XML, without a grammar). Checked here rather than at every start of the command
(``HandBuilder.check_handlers``: reading compiled handlers' signatures is slow)."""

from __future__ import annotations

import pytest
from lark import Lark

from hhtools.sites import SITES, get_site
from hhtools.sites.classifier import Classifier


@pytest.mark.parametrize("name", sorted(n for n, s in SITES.items() if s.grammar))  # Merge: XML
def test_every_line_kind_has_a_handler_taking_its_fields(name):
    site = get_site(name)
    site.builder.check_handlers(site.classifier)


def test_a_handler_taking_other_fields_than_its_kind_captures_is_refused():
    site = get_site("pokerstars")
    captured = len(site.classifier.groups["SEAT"])
    # A grammar whose SEAT line captures one field more than PokerStars' on_SEAT takes.
    grammar = "start: SEAT\nSEAT: /Seat " + " ".join(["([0-9]+)"] * (captured + 1)) + "/\n"
    other = Classifier(Lark(grammar, parser="lalr"), frozenset())
    assert len(other.groups["SEAT"]) == captured + 1
    with pytest.raises(TypeError, match=f"on_SEAT takes {captured} fields, the grammar "
                                        f"captures {captured + 1}"):
        site.builder.check_handlers(other)


def test_a_line_kind_without_a_handler_is_refused_at_once():
    site = get_site("pokerstars")
    other = Classifier(Lark("start: NO_SUCH_LINE\nNO_SUCH_LINE: /nothing/\n", parser="lalr"),
                       frozenset())
    with pytest.raises(TypeError, match="has no on_NO_SUCH_LINE"):
        site.builder.bind_handlers(other)
