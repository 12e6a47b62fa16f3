"""Records the parser fills in place rather than through a record maker (folds, checks, bets,
calls, raises, posts, draws; PokerStars summary seats) are the records the dataclass builds,
with every field as the hand history says."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError, fields
from decimal import Decimal
from pathlib import Path

import pytest

from hhtools.cards import parse_cards
from hhtools.parsing import parse_file, parse_text
from hhtools.records import (Action, Collection, Hand, HeroCards, Pot, SeatResult, Show, Source,
                             Summary, Uncalled)

ROOT = Path(__file__).parent.parent
HAND = (ROOT / "tests" / "invalid" / "pokerstars" / "bad-card.txt").read_text().replace(
    "8h 1x]", "8h 6s]")


FILLED = (Action, SeatResult, Show, Uncalled, Collection, HeroCards, Pot, Summary, Source, Hand)


def _rebuilt(record):
    """The record built by its dataclass from its fields (each must be set)."""
    cls = type(record)
    return cls(*[getattr(record, f.name) for f in fields(cls)])


def test_records_filled_in_place_are_the_dataclass_records():
    hands = [h for f in sorted((ROOT / "sample_histories").rglob("*.txt"))
             for h in parse_file(f).hands if h.site == "pokerstars"]
    kinds = set()
    for hand in hands:
        for record in (*hand.actions, *hand.summary.seats, *hand.shows, *hand.uncalled,
                       *hand.collections, *hand.hero_cards, *hand.summary.pots,
                       hand.summary, hand.source, hand):
            assert type(record) in FILLED
            same = _rebuilt(record)
            assert record == same and hash(record) == hash(same)
            assert repr(record) == repr(same)
            assert pickle.loads(pickle.dumps(record)) == record
            with pytest.raises(FrozenInstanceError):
                setattr(record, fields(record)[0].name, 0)
        kinds.update(a.kind for a in hand.actions)
    assert {"fold", "check", "call", "bet", "raise", "discard", "stand_pat", "post_sb",
            "post_bb"} <= kinds
    assert all(any(getattr(h, name) for h in hands)
               for name in ("shows", "uncalled", "collections", "hero_cards"))
    assert any(h.summary.pots for h in hands)


def test_actions_and_summary_seats_say_what_the_lines_say():
    hand = parse_text(HAND).hands[0]
    c = Decimal
    assert hand.actions == (
        Action(0, "predraw", "Bob", "post_sb", c("0.10"), c("0.10"), False, None, None, None, 6),
        Action(1, "predraw", "Hero", "post_bb", c("0.25"), c("0.25"), False, None, None, None, 7),
        Action(2, "predraw", "Alice", "call", c("0.25"), c("0.25"), False, None, None, None, 10),
        Action(3, "predraw", "Bob", "call", c("0.15"), c("0.25"), False, None, None, None, 11),
        Action(4, "predraw", "Hero", "check", None, None, False, None, None, None, 12),
        Action(5, "draw1", "Bob", "discard", None, None, False, 1, None, None, 14),
        Action(6, "draw1", "Hero", "discard", None, None, False, 2, parse_cards("8h 6s"),
               parse_cards("5h Ks"), 15),
        Action(7, "draw1", "Alice", "stand_pat", None, None, False, 0, (), None, 17),
        Action(8, "draw1", "Bob", "check", None, None, False, None, None, None, 18),
        Action(9, "draw1", "Hero", "bet", c("0.25"), c("0.25"), False, None, None, None, 19),
        Action(10, "draw1", "Alice", "fold", None, None, False, None, None, None, 20),
        Action(11, "draw1", "Bob", "fold", None, None, False, None, None, None, 21),
    )
    assert hand.hero_cards == (
        HeroCards("predraw", parse_cards("As 3h 8h 6s"), 9),
        HeroCards("draw1", parse_cards("As 3h 5h Ks"), 16))
    assert hand.uncalled == (Uncalled("Hero", c("0.25"), "draw1", 22),)
    assert hand.collections == (Collection("Hero", c("0.72"), "main", 23),)
    assert hand.shows == (Show("Hero", "no_show", None, None, 24),)
    assert hand.summary.total_pot == c("0.75") and hand.summary.rake == c("0.03")
    assert hand.source == Source(None, 1, 29)
    assert hand.summary.seats == (
        SeatResult(1, "Alice", ("button",), "folded", "folded after the 1st Draw", None, None,
                   None, None, None, 27),
        SeatResult(2, "Bob", ("small blind",), "folded", "folded after the 1st Draw", None,
                   None, None, None, None, 28),
        SeatResult(3, "Hero", ("big blind",), "collected", "collected ($0.72)", c("0.72"),
                   None, None, None, None, 29),
    )


@pytest.mark.parametrize("all_in", [False, True])
def test_put_in_is_wager_with_added_chips(all_in):
    # The positional shortcut of the commonest lines leaves what wager(added=...) leaves.
    from hhtools.sites import get_site

    site = get_site("pokerstars")
    tok = site.classifier.token("Bob: calls $0.15", 11)
    made = []
    for how in ("put_in", "wager"):
        builder = site.builder(site, None, "1")
        builder.add_seat(tok, "2", "Bob", "$5", False)
        builder.committed["Bob"] = Decimal("0.10")
        if how == "put_in":
            action = builder.put_in(tok, "Bob", "call", Decimal("0.15"), all_in)
        else:
            action = builder.wager(tok, "Bob", "call", added=Decimal("0.15"), all_in=all_in)
        made.append((action, builder.actions, builder.committed))
    assert made[0] == made[1]
    assert made[0][0] == Action(0, "predraw", "Bob", "call", Decimal("0.15"), Decimal("0.25"),
                                all_in, None, None, None, 11)


def test_all_in_calls_and_posts_are_marked():
    text = (HAND.replace("Alice: calls $0.25", "Alice: calls $0.25 and is all-in")
            .replace("Bob: posts small blind $0.10", "Bob: posts small blind $0.10 and is all-in"))
    hand = parse_text(text).hands[0]
    assert [(a.player, a.kind, a.all_in) for a in hand.actions[:4]] == [
        ("Bob", "post_sb", True), ("Hero", "post_bb", False), ("Alice", "call", True),
        ("Bob", "call", False)]


def test_a_pokerstars_builder_keeps_to_the_attributes_cpython_shares(monkeypatch):
    # CPython 3.11 shares the attribute names of at most 30 per class among its instances;
    # a builder past them has every attribute and method read the slow way (about 5,000
    # instructions a hand). Rare lists (warnings, events) are made on their first record.
    from hhtools.sites import base

    names: set[str] = set()
    finish = base.HandBuilder.finish

    def counting(self, first, last):
        names.update(vars(self))
        return finish(self, first, last)

    monkeypatch.setattr(base.HandBuilder, "finish", counting)
    for f in sorted((ROOT / "sample_histories" / "generated" / "pokerstars").glob("*.txt")):
        assert parse_file(f).hands
    assert len(names) <= 30, sorted(names)


def test_side_pots_are_filled_in_place():
    text = HAND.replace("Total pot $0.75 | Rake $0.03",
                        "Total pot $0.75 Main pot $0.50. Side pot-2 $0.25. | Rake $0.03")
    assert parse_text(text).hands[0].summary.pots == (Pot("main", Decimal("0.50")),
                                                       Pot("side 2", Decimal("0.25")))
