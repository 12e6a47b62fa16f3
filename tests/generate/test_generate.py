"""Generated hands: generate -> write -> parse -> audit, for every site, game and structure a
site's format can express, over many seeds. Every hand audits ok and the parsed record equals
what the dealer knows; a change to a parser that breaks a format fails here.

Tampered generated hands (one defect each) are flagged with the finding kind of the defect.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.auditing.auditor import audit
from hhtools.cli.main import app
from hhtools.core.games import get_game
from hhtools.generate import SITES, UnsupportedCombination, generate_deals, write_history
from hhtools.generate.writers import FILE_ENCODING, write_file
from hhtools.reading.parsing import parse_file, parse_text
from hhtools.reading.phh import read_phh

WRITTEN = [s for s, t in SITES.items() if t.written]
COMBOS = [(site, game, structure) for site in WRITTEN for game in SITES[site].games
          for structure in SITES[site].structures_of(game)]
SEEDS = range(4)
HANDS = 40


def read_back(site: str, text: str, tmp_path: Path):
    """The hands a parser reads from a generated file (through the file, for its encoding)."""
    path = tmp_path / ("hands.phhs" if site == "phh" else "hands.txt")
    path.write_bytes(text.encode(FILE_ENCODING[site]))
    result = read_phh(path) if site == "phh" else parse_file(path, site)
    assert not result.errors, result.errors[:3]
    return result.hands


def _actions(hand, site: str = ""):
    """Actions as comparable tuples; antes as a sorted list (PHH posts them from the seat
    after the button, sites in seat order).

    Merge gives the hero's new hand with the cards replaced in place, so the order of the
    discards and new cards is the hand's, not the dealer's (compared as sets), and a pat
    hero's draw says "none" where the dealer says nothing. Winamax never prints the hero's
    new cards.
    """
    antes = sorted((a.player, a.amount) for a in hand.actions if a.kind == "post_ante")

    def hero(a, cards):
        if a.player != hand.hero:
            return None
        if site == "merge":
            return frozenset(cards or ())
        if site == "winamax" and cards is a.new_cards:
            return None
        return cards

    return antes, [(a.street, a.player, a.kind, a.amount, a.to, a.all_in, a.count,
                    hero(a, a.discarded), hero(a, a.new_cards))
                   for a in hand.actions if a.kind != "post_ante"]


def _hero_hands(site: str, hand):
    """The hero's hands the site's format records, in comparable form."""
    got = [(h.street, h.cards) for h in hand.hero_cards]
    if site == "merge":
        return [(street, frozenset(cards)) for street, cards in got]
    return got


def assert_same(site: str, parsed, deal) -> None:
    """The parsed record says what the dealer did: players, actions, cards, pots, nets."""
    g = deal.hand
    assert parsed.hand_id == g.hand_id
    assert (parsed.game, parsed.structure) == (g.game, g.structure)
    # PHH lists only the players dealt in.
    seats = [s for s in g.seats if site != "phh" or not s.sitting_out]
    assert [(s.seat, s.name, s.stack, s.sitting_out) for s in parsed.seats] == \
        [(s.seat, s.name, s.stack, s.sitting_out) for s in seats]
    assert parsed.button_seat == g.button_seat
    assert (parsed.small_blind, parsed.big_blind, parsed.ante) == \
        (g.small_blind, g.big_blind, g.ante)
    assert parsed.started_at == g.started_at
    assert _actions(parsed, site) == _actions(g, site)
    assert parsed.hero == g.hero
    expected = _hero_hands(site, g)
    if site == "phh":
        # PHH deals nothing when the hero stands pat: no new hand is recorded for that draw.
        expected = [e for i, e in enumerate(expected) if i == 0 or e[1] != expected[i - 1][1]]
    if site == "winamax":
        # Winamax prints the hero's hand when dealt and when standing pat, never the new
        # cards of a draw: from the first draw taken on, the hand is known again only from
        # a pat line (which repeats it).
        drew = [a.street for a in g.actions if a.player == g.hero and a.kind == "discard"]
        expected = [e for e in expected if e[0] == "predraw" or e[0] not in drew]
    assert _hero_hands(site, parsed) == expected
    shown = [(s.player, s.kind, s.cards) for s in g.shows if s.kind == "show"]
    assert [(s.player, s.kind, s.cards) for s in parsed.shows if s.kind == "show"] == shown
    mucks = [s.player for s in g.shows if s.kind == "muck"]
    if site == "fulltilt" and not g.shows:
        # Full Tilt's uncontested winner "mucks" and is paid.
        mucks = list(dict.fromkeys(c.player for c in g.collections))
    assert sorted(s.player for s in parsed.shows if s.kind == "muck") == sorted(mucks)
    assert Counter((c.player, c.amount, c.pot) for c in parsed.collections) == \
        Counter((c.player, c.amount, c.pot) for c in g.collections)
    # PHH has no uncalled action: its reader returns the bet at the end of the hand; Merge
    # and Winamax print no uncalled line either: their parsers return it on the last street.
    street = ((lambda u: None) if site in ("phh", "merge", "winamax")
              else (lambda u: u.street))
    assert [(u.player, u.amount, street(u)) for u in parsed.uncalled] == \
        [(u.player, u.amount, street(u)) for u in g.uncalled]
    if parsed.summary.total_pot is not None:
        assert parsed.summary.total_pot == g.summary.total_pot
    assert (parsed.summary.rake or 0) == (g.summary.rake or 0)
    nets = {p.name: p.recorded_net for p in audit(parsed).players}
    assert nets == {p: v for p, v in deal.nets.items() if p in nets}


@pytest.mark.parametrize("site,game,structure", COMBOS,
                         ids=["-".join(c) for c in COMBOS])
def test_round_trip(site, game, structure, tmp_path):
    for seed in SEEDS:
        deals = list(generate_deals(site, game, structure, HANDS, seed=seed))
        hands = read_back(site, write_file(deals, site), tmp_path)
        assert len(hands) == len(deals)
        for parsed, deal in zip(hands, deals):
            a = audit(parsed)
            assert a.verdict == "ok", a.explanation()
            assert_same(site, parsed, deal)


def test_variety():
    """Over a few hundred hands the play covers what the issue asks for."""
    seen = Counter()
    for game in ("badugi", "badeucy"):
        for deal in generate_deals("kingsclub", game, "fixed-limit", 300, seed=11):
            h = deal.hand
            kinds = {a.kind for a in h.actions}
            seen.update(kinds)
            seen["showdown"] += bool(h.shows)
            seen["all-in"] += any(a.all_in for a in h.actions)
            seen["side pot"] += any(c.pot != "main" for c in h.collections)
            seen["split"] += len({c.player for c in h.collections if c.pot == "main"}) > 1
            seen["sitting out"] += any(s.sitting_out for s in h.seats)
            seen["heads-up"] += len(h.dealt_to) == 2
            seen["multiway"] += len(h.dealt_to) > 4
            seen["capped"] += sum(a.kind == "raise" for a in h.actions
                                  if a.street == "draw2") >= 3
            seen["reshuffle"] += bool(deal.reshuffles)
            seen["muck"] += any(s.kind == "muck" for s in h.shows)
            seen["walk"] += not any(a.street != "predraw" for a in h.actions)
    for what in ("fold", "check", "call", "bet", "raise", "discard", "stand_pat", "showdown",
                 "all-in", "side pot", "split", "sitting out", "heads-up", "multiway", "capped",
                 "reshuffle", "muck", "walk"):
        assert seen[what] > 0, what


@pytest.mark.parametrize("site,game,structure", [
    ("pokerstars", "5-card-draw", "no-limit"), ("fulltilt", "2-7-single-draw", "no-limit"),
    ("kingsclub", "a-5-single-draw", "fixed-limit")])
def test_single_draw_games_draw_once_as_players_would(site, game, structure):
    """One draw, then one betting round; in 5-Card Draw a pat hand is a straight or better
    and no draw throws away a pair that was kept."""
    high = get_game(game).components[0]
    seen = Counter()
    for deal in generate_deals(site, game, structure, 300, seed=5):
        h = deal.hand
        assert {a.street for a in h.actions} <= {"predraw", "draw1"}
        for a in h.actions:
            if a.kind not in ("discard", "stand_pat"):
                continue
            seen[a.kind] += 1
            seen["all-in"] += a.all_in
            before = deal.holdings[a.player]["predraw"]
            if game == "5-card-draw":
                made = high.made(before)
                assert (a.kind == "stand_pat") == made, (h.hand_id, before)
                after = deal.holdings[a.player]["draw1"]
                paired = {c.rank for c in before if sum(d.rank == c.rank for d in before) > 1}
                assert all(c in after for c in before if c.rank in paired), (h.hand_id, before)
        seen["showdown"] += bool(h.shows)
        seen["ante"] += h.ante is not None
    assert seen["discard"] and seen["stand_pat"] and seen["showdown"], seen
    assert bool(seen["ante"]) == (game == "2-7-single-draw"), seen


def test_seed_reproduces(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    write_history(a, "pokerstars", "badugi", hands=50, seed=5)
    write_history(b, "pokerstars", "badugi", hands=50, seed=5)
    assert a.read_bytes() == b.read_bytes()
    write_history(b, "pokerstars", "badugi", hands=50, seed=6)
    assert a.read_bytes() != b.read_bytes()
    assert a.read_bytes().startswith(b"\xef\xbb\xbf")  # PokerStars files carry a BOM


def test_one_seed_for_several_games_gives_distinct_hand_ids(tmp_path):
    # Files made with one seed for different games or structures import side by side.
    ids = set()
    for game, structure in (("badugi", "fixed-limit"), ("badeucy", "fixed-limit"),
                            ("badugi", "pot-limit")):
        out = tmp_path / f"{game}-{structure}.phhs"
        write_history(out, "phh", game, structure=structure, hands=5, seed=1)
        hands = read_phh(out).hands
        assert len(hands) == 5
        ids |= {h.hand_id for h in hands}
    assert len(ids) == 15


def test_cli_done_criterion(tmp_path):
    out = tmp_path / "x.txt"
    runner = CliRunner()
    r = runner.invoke(app, ["generate", "--game", "badeucy", "--site", "kingsclub", "--hands",
                            "1000", "--out", str(out)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["audit", str(out)])
    assert r.exit_code == 0
    *lines, total = r.output.splitlines()
    verdicts = Counter(line.split()[-1] for line in lines)
    assert verdicts == {"ok": 1000}
    assert total == "total: 1,000 hands audited (1,000 ok), 0 skipped, 0 rejected"


@pytest.mark.parametrize("args,words", [
    (["--game", "badeucy", "--site", "pokerstars"], "pokerstars cannot express badeucy"),
    (["--game", "badugi", "--site", "kingsclub", "--structure", "pot-limit"],
     "kingsclub cannot express badugi pot-limit (it can: fixed-limit)"),
    (["--game", "5-card-draw", "--site", "pokerstars", "--structure", "half-pot-limit"],
     "pokerstars cannot express 5-card-draw half-pot-limit (it can: fixed-limit, pot-limit, "
     "no-limit)"),
    (["--game", "2-7-single-draw", "--site", "pokerstars"],
     "pokerstars cannot express 2-7-single-draw fixed-limit (it can: no-limit)"),
    (["--game", "2-7", "--site", "phh", "--structure", "fixed"],
     "Unknown structure 'fixed'. Did you mean fixed-limit?"),
    (["--game", "badugi", "--site", "winamax"], "winamax cannot express badugi"),
    (["--game", "2-7", "--site", "merge", "--structure", "no-limit"],
     "merge cannot express 2-7 no-limit"),
    (["--game", "badeucy", "--site", "fulltilt"], "fulltilt cannot express badeucy"),
    (["--game", "badugi", "--site", "stars"], "Unknown site 'stars'"),
    (["--game", "badugi", "--site", "phh", "--players", "1-9"], "between 2 and 8"),
])
def test_cli_refuses(args, words, tmp_path):
    r = CliRunner().invoke(app, ["generate", *args, "--out", str(tmp_path / "x")])
    assert r.exit_code == 2
    assert words in r.output


def test_unsupported_in_python():
    with pytest.raises(UnsupportedCombination, match="cannot express badacey"):
        next(generate_deals("pokerstars", "badacey", "fixed-limit", 1))


# ---- tampering: one defect per hand, flagged with its kind --------------------------------

def _find(site, game, want, seed=21, count=300):
    for deal in generate_deals(site, game, "fixed-limit", count, seed=seed):
        if want(deal.hand):
            return deal
    raise AssertionError("no generated hand fits")


def _showdown(h, n=2):
    return sum(s.kind == "show" for s in h.shows) >= n


def _with_actions(h, actions):
    return dataclasses.replace(h, actions=tuple(dataclasses.replace(a, seq=i)
                                                for i, a in enumerate(actions)))


def tamper_winner(h):
    shown = [s.player for s in h.shows if s.kind == "show"]
    winner = h.collections[0].player
    loser = next(p for p in shown if p not in {c.player for c in h.collections})
    return dataclasses.replace(h, collections=tuple(
        dataclasses.replace(c, player=loser) if c.player == winner else c
        for c in h.collections))


def tamper_amount(h):
    c = h.collections[0]
    return dataclasses.replace(h, collections=(dataclasses.replace(
        c, amount=c.amount + h.big_bet),) + h.collections[1:])


def tamper_description(h):
    s = next(s for s in h.shows if s.kind == "show")
    wrong = "Badugi: 4,3,2,A" if h.game == "badugi" else "Lo: 7,5,4,3,2"
    return dataclasses.replace(h, shows=tuple(
        dataclasses.replace(x, description=wrong) if x is s else x for x in h.shows))


def tamper_bet(h):
    i = next(i for i, a in enumerate(h.actions) if a.kind == "bet")
    a = h.actions[i]
    actions = list(h.actions)
    actions[i] = dataclasses.replace(a, amount=a.amount * 2, to=a.to * 2)
    return _with_actions(h, actions)


def tamper_turn(h):
    acts = list(h.actions)
    i = next(i for i in range(len(acts) - 1)
             if acts[i].kind in ("check", "fold") and acts[i + 1].kind in ("check", "fold")
             and acts[i].street == acts[i + 1].street and acts[i].player != acts[i + 1].player)
    acts[i], acts[i + 1] = acts[i + 1], acts[i]
    return _with_actions(h, acts)


def tamper_draw(h):
    i = next(i for i, a in enumerate(h.actions) if a.kind == "discard" and a.player != h.hero)
    acts = list(h.actions)
    acts[i] = dataclasses.replace(acts[i], count=6)
    return _with_actions(h, acts)


def tamper_card(h):
    a, b = [s for s in h.shows if s.kind == "show"][:2]
    stolen = a.cards[0]
    cards = (stolen,) + tuple(c for c in b.cards[1:])
    return dataclasses.replace(h, shows=tuple(
        dataclasses.replace(x, cards=cards) if x is b else x for x in h.shows))


def tamper_stack(h):
    # The first player to bet after the blinds started with less than the bet.
    a = next(a for a in h.actions if a.kind in ("bet", "raise", "call"))
    return dataclasses.replace(h, seats=tuple(
        dataclasses.replace(s, stack=a.amount - Decimal("0.01")) if s.name == a.player else s
        for s in h.seats))


TAMPERS = [
    ("winner_mismatch", tamper_winner,
     lambda h: _showdown(h) and len({c.player for c in h.collections}) == 1
     and not h.summary.pots),
    ("amount_mismatch", tamper_amount, lambda h: bool(h.collections)),
    ("description_mismatch", tamper_description,
     lambda h: _showdown(h, 1) and not any(s.cards and s.kind == "show" and
                                           set(map(str, s.cards)) >= {"Ah", "2d", "3c", "4s"}
                                           for s in h.shows)),
    ("illegal_bet", tamper_bet, lambda h: any(a.kind == "bet" for a in h.actions)),
    ("out_of_turn", tamper_turn, lambda h: _safe(tamper_turn, h)),
    ("illegal_draw", tamper_draw,
     lambda h: any(a.kind == "discard" and a.player != h.hero for a in h.actions)),
    ("duplicate_card", tamper_card, _showdown),
    ("stack_exceeded", tamper_stack,
     lambda h: any(a.kind in ("bet", "raise", "call") for a in h.actions)),
]


def _safe(f, h):
    try:
        f(h)
    except StopIteration:
        return False
    return True


@pytest.mark.parametrize("site,game", [("pokerstars", "badugi"), ("pokerstars", "2-7"),
                                       ("kingsclub", "badeucy")])
@pytest.mark.parametrize("kind,change,fits", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_tampered(site, game, kind, change, fits):
    if kind == "description_mismatch" and site != "pokerstars":
        pytest.skip("only PokerStars prints hand descriptions")
    deal = _find(site, game, fits)
    assert audit(deal.hand).verdict == "ok"
    a = audit(change(deal.hand))
    assert kind in [f.kind for f in a.findings], a.explanation()
    assert a.verdict == ("mismatch" if kind.endswith("_mismatch") else "invalid")


def test_tampered_text_is_caught(tmp_path):
    """The same through the text: a PokerStars winner changed in the file is flagged."""
    deal = _find("pokerstars", "badugi", TAMPERS[0][2])
    text = write_file([deal], "pokerstars")
    winner = deal.hand.collections[0].player
    loser = next(s.player for s in deal.hand.shows
                 if s.kind == "show" and s.player != winner)
    text = text.replace(f"\n{winner} collected", f"\n{loser} collected")
    (hand,) = parse_text(text, "pokerstars").hands
    assert "winner_mismatch" in [f.kind for f in audit(hand).findings]


def test_samples_are_current():
    """sample_histories/generated is what scripts/regen-samples makes now, and audits ok."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "scripts" / "regen-samples"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    for path in sorted((root / "sample_histories" / "generated").rglob("*")):
        if path.is_file():
            result = read_phh(path) if path.suffix == ".phhs" else parse_file(path)
            assert not result.errors and result.hands
            assert {audit(h).verdict for h in result.hands} == {"ok"}, path


@pytest.mark.parametrize("site,game,wrong", [
    ("fulltilt", "badugi", "a Badugi: 4, 3, 2, A"), ("fulltilt", "2-7", "7,5,4,3,2"),
    ("winamax", "2-7", "One pair : Kings"),
])
def test_tampered_description_in_text(site, game, wrong):
    """Full Tilt and Winamax descriptions are checked too: one changed in the written text
    is flagged."""
    describe = importlib.import_module(f"hhtools.generate.writers.{site}").describe

    deal = _find(site, game, lambda h: _showdown(h, 1))
    s = next(s for s in deal.hand.shows if s.kind == "show")
    right = describe(get_game(game), s.cards)
    assert right != wrong
    text = write_file([deal], site)
    (hand,) = parse_text(text, site).hands
    assert audit(hand).verdict == "ok"
    shown = f"{s.player} shows " + "[" + " ".join(map(str, s.cards)) + "]"
    assert shown in text
    text = text.replace(f"{shown} {right}", f"{shown} {wrong}").replace(
        f"{shown} ({right})", f"{shown} ({wrong})")
    (hand,) = parse_text(text, site).hands
    assert "description_mismatch" in [f.kind for f in audit(hand).findings]


def test_generation_makes_no_reference_cycles():
    """Generation pauses the cyclic collector (hhtools.generate.collector_paused): that is
    free only while dealing and writing make no cycles, which reference counting cannot
    free. The collector is running again afterwards."""
    import gc

    from hhtools.generate import collector_paused
    from hhtools.generate.writers import stream

    gc.collect()
    for site, game, structure in [("pokerstars", "badugi", "fixed-limit"),
                                  ("merge", "2-7", "pot-limit"), ("phh", "badeucy", "no-limit")]:
        with collector_paused():
            "".join(stream(generate_deals(site, game, structure, 200, seed=3), site))
            assert not gc.isenabled()
        assert gc.isenabled()
        assert gc.collect() == 0, site
