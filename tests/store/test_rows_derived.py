"""The players and draws rows the store derives from a hand's records and its audit, checked
against what the history says and what the audit computes on its own: a hand read line by
line, every corpus hand against the audit's nets, and hands no site writes."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal

import polars as pl
from replay_cases import generated_hands, tampered

from hhtools.auditing.auditor import audit
from hhtools.core.cards import format_cards
from hhtools.core.records import Seat, Show, Uncalled
from hhtools.reading.parsing import history_files, parse_file
from hhtools.store.frames import frames, new_rows
from hhtools.store.rows import add_hand

COMBOS = [("pokerstars", "badugi", "fixed-limit"), ("kingsclub", "badeucy", "fixed-limit"),
          ("phh", "2-7", "no-limit"), ("merge", "2-7", "pot-limit"),
          ("phh", "badacey", "half-pot-limit")]
BADUGI = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"


def stored(hands, audited: bool = True) -> dict[str, pl.DataFrame]:
    rows = new_rows()
    for hand in hands:
        add_hand(rows, hand, audit(hand) if audited else None)
    return frames(rows)


def by_player(frame: pl.DataFrame) -> dict[str, dict]:
    return {row["player"]: row for row in frame.iter_rows(named=True)}


def test_a_hand_read_line_by_line_gives_these_rows(corpus):
    # Seven players; Kula91 on the button, Lino19 and Hero post the blinds; three limpers,
    # buddyboy3399 raises the first draw and wins two pots at showdown against Scorpio2000
    # (shows) and jodarin (mucks); Lino19 folds the last bet, Hero folds on the first draw.
    hand = parse_file(corpus / BADUGI).hands[0]
    tables = stored([hand])
    players = by_player(tables["players"])
    assert {p: r["position"] for p, r in players.items()} == {
        "Lino19": "small blind", "Hero": "big blind", "jodarin": "utg",
        "Scorpio2000": "lojack", "buddyboy3399": "hijack", "JDANIELDC": "cutoff",
        "Kula91": "button"}
    money = {p: (r["put_in"], r["collected"], r["returned"], r["net"]) for p, r in players.items()}
    d = Decimal
    assert money["Lino19"] == (d("1.25"), 0, 0, d("-1.25"))
    assert money["Hero"] == (d("0.25"), 0, 0, d("-0.25"))
    assert money["buddyboy3399"] == (d("1.75"), d("5.45"), 0, d("3.70"))
    assert money["Kula91"] == (0, 0, 0, 0)
    assert sum(r["net"] for r in players.values()) == -hand.summary.rake
    facts = {p: (r["vpip"], r["raised_predraw"], r["three_bet_chance"], r["fold_street"],
                 r["showdown"]) for p, r in players.items()}
    assert facts == {
        "Lino19": (True, False, False, "draw3", False), "Hero": (False, False, False, "draw1", False),
        "jodarin": (True, False, False, None, True), "Scorpio2000": (True, False, False, None, True),
        "buddyboy3399": (True, False, False, None, True),
        "JDANIELDC": (False, False, False, "predraw", False),
        "Kula91": (False, False, False, "predraw", False)}
    rounds = [f"{what}_{s}" for what in ("agg", "calls") for s in ("predraw", "draw1", "draw2", "draw3")]
    assert [players["buddyboy3399"][c] for c in rounds] == [0, 1, 0, 0, 1, 0, 1, 1]
    assert [players["Scorpio2000"][c] for c in rounds] == [0, 0, 1, 1, 1, 2, 0, 0]
    assert [players["Lino19"][c] for c in rounds] == [0, 1, 0, 0, 1, 1, 1, 0]
    # Only a hand shown is stored: jodarin's muck is not.
    assert {p: r["cards"] for p, r in players.items() if r["showed"]} == {
        "Scorpio2000": "8c 5d 7s Th", "buddyboy3399": "8s 3d Ac 4h"}
    assert tables["hands"]["players"].to_list() == [7]
    draws = tables["draws"]
    assert draws["line"].to_list() == [a.line for a in hand.actions
                                       if a.kind in ("discard", "stand_pat")]
    hero = draws.filter(pl.col("player") == "Hero").row(0, named=True)
    assert (hero["count"], hero["before"], hero["after"], hero["made_before"],
            hero["made_after"]) == (2, "As 3h 8h 6s", "As 3h 5h Ks", False, False)
    # Another player's hand is known after the last draw only, and only when shown.
    known = draws.filter(pl.col("after").is_not_null() & (pl.col("player") != "Hero"))
    assert known.select("player", "street", "after", "made_after").rows() == [
        ("Scorpio2000", "draw3", "8c 5d 7s Th", True),
        ("buddyboy3399", "draw3", "8s 3d Ac 4h", True)]


def test_every_stored_net_is_the_net_the_audit_reads_from_the_history(corpus):
    # The audit tallies what each player put in as its replay plays the actions, on its own:
    # the store's nets (collected + returned - put in) must agree for every real hand.
    hands = [h for f in history_files([corpus]) for h in parse_file(f).hands]
    rows = new_rows()
    want = {}
    for hand in hands:
        result = audit(hand)
        add_hand(rows, hand, result)
        if not hand.partial:
            for p in result.players:
                want[(hand.site, hand.hand_id, p.name)] = p.recorded_net
    players = frames(rows)["players"]
    got = {(r[0], r[1], r[2]): r[3] for r in players.select(
        "site", "hand_id", "player", "net").iter_rows()}
    assert len(want) > 1000
    assert {k: got[k] for k in want} == want


def test_draw_rows_follow_the_draw_lines_of_generated_and_tampered_hands():
    hands = generated_hands(COMBOS, 20, seed=40)
    rng = random.Random(7)
    hands += [tampered(h, rng) for h in hands for _ in range(2)]
    for hand in hands:
        tables = stored([hand])
        drawn = [a for a in hand.actions if a.kind in ("discard", "stand_pat")]
        draws = tables.get("draws")
        got = [] if draws is None else draws.select("player", "street", "count", "line").rows()
        assert got == [(a.player, a.street, a.count or 0, a.line) for a in drawn], hand.hand_id
        if draws is not None and hand.hero is not None:
            hero_after = {h.street: format_cards(h.cards) for h in hand.hero_cards}
            for row in draws.filter(pl.col("player") == hand.hero).iter_rows(named=True):
                assert row["after"] == hero_after.get(row["street"])


def test_hands_no_site_writes_are_stored_without_error(corpus):
    hand = parse_file(corpus / BADUGI).hands[0]
    seats = hand.seats
    a, b = seats[0].name, seats[1].name
    plain = by_player(stored([hand], audited=False)["players"])

    cancelled = by_player(stored([dataclasses.replace(hand, cancelled=True)], False)["players"])
    assert all(r["net"] == 0 and r["put_in"] == r["returned"] and not r["showdown"]
               for r in cancelled.values())
    assert cancelled["Lino19"]["put_in"] == Decimal("1.25")

    unknown = stored([dataclasses.replace(hand, game="no such game")], False)
    assert "draws" not in unknown and unknown["players"].height == len(seats)

    # Two seats of one name share what is kept by name; a stranger's action, show and
    # returned bet belong to nobody's row.
    twice = stored([dataclasses.replace(hand, seats=seats + (Seat(9, a, Decimal(3)),))], False)
    rows = twice["players"].filter(pl.col("player") == a).drop("seat", "starting_stack").rows()
    assert len(rows) == 2 and rows[0] == rows[1]
    stranger = dataclasses.replace(hand.actions[-1], player="nobody", amount=Decimal("0.25"))
    odd = dataclasses.replace(
        hand, actions=hand.actions + (stranger,),
        shows=hand.shows + (Show("nobody", "show", hand.shows[0].cards, None, 1),
                            Show(a, "muck", None, None, 2), Show(b, "show", (), None, 3)),
        uncalled=hand.uncalled + (Uncalled("nobody", Decimal(1), "draw1", 9),
                                  Uncalled(a, Decimal("0.5"), "draw1", 9)))
    got = by_player(stored([odd], False)["players"])
    assert set(got) == set(plain)
    assert got[a]["returned"] == Decimal("0.5") and not got[b]["showed"]
    assert {p: r for p, r in got.items() if p != a} == {p: r for p, r in plain.items() if p != a}

    # A player marked sitting out who posts is dealt in (a tournament posts for an absent
    # player): a position, and counted among the hand's players.
    absent = dataclasses.replace(seats[0], sitting_out=True)
    posted = stored([dataclasses.replace(hand, seats=(absent,) + seats[1:])], False)
    assert by_player(posted["players"])[absent.name]["position"] == "small blind"
    assert posted["hands"]["players"].to_list() == [len(seats)]

    empty = stored([dataclasses.replace(hand, seats=(), hero=None, hero_cards=())], False)
    assert "players" not in empty and empty["hands"]["players"].to_list() == [0]
