"""A card the hero held and another player later shows: a reshuffle, or a second deck?

Six-handed Badeucey and Badacey (five cards each, three draws) run the 52-card stub out, and
sites print neither burns nor (KingsClub, Full Tilt, Winamax, Merge) reshuffles. The audit
counts the deck (hhtools.deck) and accuses only when no reshuffle can explain the card.
"""

from __future__ import annotations

import dataclasses

import pytest

from hhtools.auditor import audit
from hhtools.generate import write_history
from hhtools.parsing import parse_file
from hhtools.rules import get_profile


@pytest.fixture(scope="module")
def six_handed(tmp_path_factory):
    """400 six-handed KingsClub hands of each split game, written and read back as text."""
    folder = tmp_path_factory.mktemp("six")
    hands = []
    for seed, game in enumerate(("badeucy", "badacey")):
        path = folder / f"{game}.txt"
        write_history(path, "kingsclub", game, hands=400, seed=40 + seed, players=(6, 6))
        result = parse_file(path)
        assert result.errors == ()
        hands += result.hands
    return hands


def test_every_six_handed_hand_is_ok_and_reshuffles_are_explained(six_handed):
    audits = [audit(h) for h in six_handed]
    assert [(a.hand.hand_id, a.findings) for a in audits if a.verdict != "ok"] == []
    explained = [a for a in audits if a.remarks]
    # The stub runs out in some of them, and a card the hero threw away turns up elsewhere.
    assert len(explained) >= 3
    text = explained[0].explanation()
    assert "explained: " in text and "so a reshuffle could have dealt it again" in text
    assert explained[0].as_dict()["remarks"] == list(explained[0].remarks)


def test_a_burn_can_be_what_runs_the_stub_out(six_handed):
    """A hand whose draws take 50 cards (30 dealt and 20 replacements) by the time another
    player shows the hero's old card: with a burn before each of the draws the stub runs out
    (52), so a site that may burn is not accused; a profile that knows its site burns
    nothing (PokerStars' hands show none) finds a second deck."""
    a = next(a for a in map(audit, six_handed) if a.remarks)
    hand = a.hand
    shower = a.remarks[0].split(" shows ")[0]
    last = [x for x in hand.actions if x.player == shower and x.kind == "discard"][-1]
    assert last.street == "draw3"  # (three burns by then: one per draw round)
    excess = 30 + sum(x.count or 0 for x in hand.actions
                      if x.kind == "discard" and x.seq <= last.seq) - 50
    actions = []
    for x in hand.actions:
        if (excess > 0 and x.kind == "discard" and x.seq < last.seq
                and x.player not in (hand.hero, shower)):
            cut = min(excess, x.count - 1)
            excess -= cut
            x = dataclasses.replace(x, count=x.count - cut)
        actions.append(x)
    assert excess == 0
    tampered = dataclasses.replace(hand, actions=tuple(actions))
    kept = audit(tampered)
    assert kept.verdict == "ok" and "counting 3 possible burn cards" in kept.remarks[0]
    no_burns = dataclasses.replace(get_profile("kingsclub"), burns="none")
    again = audit(tampered, no_burns)
    assert again.verdict == "invalid"
    assert [f.kind for f in again.findings] == ["duplicate_card"]
    assert "no reshuffle can have dealt it again" in again.findings[0].message


def test_this_rounds_discards_stay_out_under_wsop(six_handed):
    """Under the WSOP rule a card discarded in the round of the reshuffle is not dealt again
    that round; the sites' unknown practice (and PokerStars' published rule) allow it."""
    for a in map(audit, six_handed):
        for remark in a.remarks:
            wsop_like = dataclasses.replace(get_profile("kingsclub"),
                                            reshuffle_policy="earlier-rounds")
            assert audit(a.hand, wsop_like).verdict == "ok"  # the dealer follows [LA, T]
    # The generator deals by the WSOP rule, so a hand breaking it is made by moving the
    # hero's discard into the round where the other player received the card.
    a = next(a for a in map(audit, six_handed) if a.remarks and "Hero discarded" in a.remarks[0])
    shower, card = a.remarks[0].split(" shows ")[0], a.remarks[0].split(" shows ")[1][:2]
    hand = a.hand
    theirs = [x for x in hand.actions if x.player == shower and x.kind == "discard"][-1]
    hero_discard = next(x for x in hand.actions if x.player == hand.hero and x.kind == "discard"
                        and x.discarded and any(str(c) == card for c in x.discarded))
    if hero_discard.street == theirs.street:
        pytest.skip("the hero's discard is already in the other player's round")
    from hhtools.deck import first_reshuffle, reshuffle_reason
    from hhtools.games import get_game

    moved = dataclasses.replace(hero_discard, street=theirs.street, seq=theirs.seq - 1)
    actions = tuple(moved if x is hero_discard else x for x in hand.actions)
    tampered = dataclasses.replace(hand, actions=actions)
    shown = next(c for c in hero_discard.discarded if str(c) == card)
    size = get_game(hand.game).hand_size
    for policy, explained in (("earlier-rounds", False), ("either", True),
                              ("others-this-round", True)):
        rules = dataclasses.replace(get_profile("kingsclub"), reshuffle_policy=policy)
        run = first_reshuffle(tampered, 6, size, rules)
        assert (reshuffle_reason(tampered, shown, shower, run, rules) is not None) == explained


def test_a_card_seen_twice_when_the_deck_never_ran_out_is_a_finding(six_handed):
    """Heads-up the deck never runs out: a shown card the hero threw away is a second deck."""
    for a in map(audit, six_handed):
        hand = a.hand
        live = [s for s in hand.shows if s.kind == "show" and s.player != hand.hero and s.cards]
        discard = next((x for x in hand.actions if x.player == hand.hero
                        and x.kind == "discard" and x.discarded), None)
        if a.remarks or not live or discard is None or discard.street != "draw1":
            continue
        show = live[0]
        card = discard.discarded[0]
        if card in show.cards:
            continue
        cards = (card,) + show.cards[1:]
        shows = tuple(dataclasses.replace(s, cards=cards) if s is show else s
                      for s in hand.shows)
        # Counted with no draw taking a card, the stub never runs out.
        actions = tuple(dataclasses.replace(x, count=0, discarded=(), new_cards=())
                        if x.kind == "discard" and x.player != hand.hero else x
                        for x in hand.actions)
        tampered = dataclasses.replace(hand, shows=shows, actions=actions)
        result = audit(tampered)
        kinds = [f.kind for f in result.findings]
        assert "duplicate_card" in kinds
        f = result.findings[kinds.index("duplicate_card")]
        assert f.line == show.line and str(card) in f.message
        return
    pytest.fail("no hand to tamper")
