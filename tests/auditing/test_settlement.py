"""The settlement of generated hands against the rules it stands for: every pot paid as award
and pot_halves say, a card shown twice found wherever it repeats, and every net what the
chips put in and taken say, down to the Decimal's digits."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

from replay_cases import exact, generated_hands

from hhtools.auditing.auditor import audit
from hhtools.auditing.replay.engine import Replay
from hhtools.core.pots import award, pot_halves

D = Decimal
COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("kingsclub", "badeucy", "fixed-limit"),
          ("phh", "2-7", "no-limit"), ("merge", "2-7", "pot-limit"),
          ("phh", "badacey", "half-pot-limit")]


def hands():
    return generated_hands(COMBOS, 40, seed=20)


def test_pots_of_generated_hands_match_the_general_award():
    seen = 0
    for hand in hands():
        result = audit(hand)
        replay = Replay(hand)
        rules = result.rules
        for pot in result.pots:
            if pot.expected is None:
                continue
            winners = [list(h.winners) for h in pot.halves]
            shares = award(pot.amount - pot.rake, winners, replay.from_button, replay.unit,
                           rules.split_odd_chip, rules.remainder_mode)
            parts = pot_halves(pot.amount - pot.rake, winners, replay.from_button,
                               replay.unit, rules.split_odd_chip)
            assert exact(pot.expected) == exact(shares)
            assert exact([h.amount for h in pot.halves]) == exact(parts)
            assert sum(parts) == pot.amount - pot.rake  # the halves make the pot
            seen += len(pot.halves) == 1 and len(winners[0]) == 1
    assert seen > 50  # pots of one winner, the usual ones, among them


def test_cards_shown_twice_are_found_wherever_they_repeat():
    rng = random.Random(3)
    found = 0
    for hand in hands():
        shown = [s for s in hand.shows if s.cards]
        if len(shown) < 2:
            continue
        # Give one shower a card of another (the copy is a card they do not hold already).
        giver, taker = rng.sample(shown, 2)
        card = rng.choice([c for c in giver.cards if c not in taker.cards] or [None])
        if card is None:
            continue
        cards = list(taker.cards)
        cards[rng.randrange(len(cards))] = card
        shows = tuple(dataclasses.replace(s, cards=tuple(cards)) if s is taker else s
                      for s in hand.shows)
        result = audit(dataclasses.replace(hand, shows=shows))
        assert "duplicate_card" in [f.kind for f in result.findings]
        found += 1
    assert found > 20


def test_nets_match_the_chips_each_player_put_in_and_took():
    # Players who put nothing in are settled without arithmetic (ZERO - ZERO is ZERO); every
    # net must still be what the chips say, by the history and (for a hand found ok) by the
    # rules.
    from hhtools.core.records import chip_totals

    quiet = 0
    for hand in hands():
        for h in (hand, dataclasses.replace(hand, collections=hand.collections[:-1]),
                  dataclasses.replace(hand, uncalled=())):
            result = audit(h)
            put, won, back = chip_totals(h)
            for player in result.players:
                p = player.name
                expected = won.get(p, D(0)) + back.get(p, D(0)) - put.get(p, D(0))
                assert player.recorded_net == expected
                if result.verdict == "ok":
                    assert player.net == expected
                quiet += p not in put and p not in won and p not in back
    assert quiet > 100


def test_the_audit_carries_the_chips_as_chip_totals_adds_them_up(corpus):
    # The store's rows read the audit's chip totals instead of adding them up again: they
    # must be chip_totals' own, for real histories (partial and cancelled hands among them)
    # and for generated hands with their collections or uncalled bets taken away.
    from hhtools.core.records import chip_totals
    from hhtools.reading.parsing import parse_file

    real = [h for path in sorted(corpus.rglob("*.txt")) for h in parse_file(path).hands]
    made = [v for hand in hands() for v in (
        hand, dataclasses.replace(hand, collections=hand.collections[:-1]),
        dataclasses.replace(hand, uncalled=()))]
    carried = 0
    for h in real + made:
        result = audit(h)
        if h.partial:
            assert result.paid is None
        elif not h.cancelled:
            assert (result.paid, result.collected, result.returned) == chip_totals(h), h.hand_id
            carried += 1
    assert carried > 300


def test_nets_of_players_who_neither_win_nor_get_chips_back_keep_their_digits():
    # Those players skip the settlement's reckoning (their nets are ZERO - put, or ZERO): both
    # nets must be what the general reckoning gives, down to the Decimal's digits, also in
    # hands whose collections or uncalled bets were taken away (the players then differ).
    from hhtools.core.records import chip_totals

    skipped = 0
    for hand in hands():
        # The history paying another seated player than the rules do, too.
        names = [s.name for s in hand.seats]
        paid_other = tuple(dataclasses.replace(c, player=names[(names.index(c.player) + 1)
                                                               % len(names)])
                           if c.player in names else c for c in hand.collections)
        for h in (hand, dataclasses.replace(hand, collections=hand.collections[:-1]),
                  dataclasses.replace(hand, uncalled=()),
                  dataclasses.replace(hand, collections=paid_other)):
            result = audit(h)
            put, won, back = chip_totals(h)
            for player in result.players:
                p = player.name
                reckoned = won.get(p, D(0)) + back.get(p, D(0)) - put.get(p, D(0))
                assert exact(player.recorded_net) == exact(reckoned), (h.hand_id, p)
                if result.verdict == "ok":
                    assert exact(player.net) == exact(reckoned), (h.hand_id, p)
                skipped += p not in won and p not in back
    assert skipped > 500


def test_a_card_shown_twice_names_the_show_that_had_it_first():
    # The showdown makes its dict of who showed which card only once a card repeats (bits
    # until then): the finding must still name the earlier show's player and line.
    rng = random.Random(5)
    checked = 0
    for hand in hands():
        shown = [s for s in hand.shows if s.cards and s.run is None]
        if len(shown) < 2:
            continue
        i, j = sorted(rng.sample(range(len(shown)), 2))
        giver, taker = shown[i], shown[j]
        others = {c for s in hand.shows if s is not giver for c in s.cards or ()}
        cards = [c for c in giver.cards if c not in others]
        if giver.player == taker.player or not cards:
            continue
        card = cards[0]
        held = list(taker.cards)
        held[rng.randrange(len(held))] = card
        shows = tuple(dataclasses.replace(s, cards=tuple(held)) if s is taker else s
                      for s in hand.shows)
        result = audit(dataclasses.replace(hand, shows=shows))
        said = (f"{card} is shown by {taker.player} and also by {giver.player} "
                f"(line {giver.line}): one deck holds each card once")
        assert any(f.kind == "duplicate_card" and f.line == taker.line
                   and said in f.message for f in result.findings), result.findings
        checked += 1
    assert checked > 20
