"""Game nights (Whisky Poker, La Viuda): the replay and audit.

A hand-written night (tests/data/nights/la_viuda.txt, the README's example) audits ok; each
tamper of it breaks one thing and yields exactly that finding; simulated nights of both games
round-trip (generate, parse, audit ok) and cover the rules' branches.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hhtools.commerce.audit import audit_night
from hhtools.commerce.generate import night_text
from hhtools.commerce.nightaudit import KINDS
from hhtools.commerce.record import read_night

NIGHT = (Path(__file__).parents[1] / "data" / "nights" / "la_viuda.txt").read_text(encoding="utf-8")
# The first three deals: a night the record leaves before the game ends.
FIRST_THREE = NIGHT.split("\nDeal 4,")[0] + "\n"


def audited(text: str):
    return audit_night(read_night(text, "night.txt"))


def tamper(text: str, *changes: tuple[str, str]) -> str:
    """Replace each (old, new) block of lines, which must occur exactly once."""
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def kinds(text: str) -> Counter:
    return Counter(f.kind for f in audited(text).all_findings)


def test_the_written_night_is_ok_and_settled():
    result = audited(NIGHT)
    assert result.verdict == "ok", result.report()
    assert [d.wild for d in result.deals] == ["A", "2", "3", "3", "4"]
    assert [d.pool for d in result.deals] == [1, 2, 3, 3, 4]
    assert [d.comparison.worst for d in result.deals] == [("Carla",), ("Ana",), ("Carla",),
                                                         ("Carla",), ("Ana",)]
    assert result.chips == {"Ana": 0, "Ben": 2, "Carla": 0}
    assert str(result.money) == "8"  # 6 chips at $1, and La Viuda's $2


def test_the_record_ending_before_the_game_is_noted_not_faulted():
    result = audited(FIRST_THREE)
    assert result.verdict == "ok"
    assert result.notes == ("the record ends before the game does; chips: Ana 1 chip, "
                            "Ben 2 chips, Carla 1 chip",)


# Each tamper: (the finding kind, the night, the changes, the line the finding names).
TAMPERS = [
    ("out_of_turn", NIGHT, [("Carla knocks\nBen passes\nAna passes\n",
                             "Ben passes\nCarla knocks\nAna passes\n")], 72),
    ("illegal_action", FIRST_THREE, [("Seat 2: Ben buys 2 chips", "Seat 2: Ben buys 3 chips")], 4),
    ("widow_phase", NIGHT, [("Ana passes\nCarla passes\nBen passes\n",
                             "Ana passes\nWidow turned up: Jc Td 4c 2h 8c\nCarla passes\nBen passes\n")], 52),
    ("card_mismatch", NIGHT, [("Ben shows Ks Kh 5d 5c Jh", "Ben shows Ks Kh 5d 5c Qh")], 78),
    ("duplicate_card", NIGHT, [("Carla: Qs Qc 8h 8s Jd", "Carla: Qs Qc 8h 8s Kh")], 31),
    ("wrong_dealer", NIGHT, [("Deal 5, dealer Ben", "Deal 5, dealer Ana"),
                             ("Ana exchanges all\nBen knocks\nAna exchanges 2d for Kd\n",
                              "Ben knocks\nAna exchanges all\n"),
                             ("Ana shows Qs Th 8c Kd 4s", "Ana shows Qs Th 8c 2d 4s")], 83),
    ("out_of_game", NIGHT, [("Wild: 4\n", "Wild: 4\nCarla: 2h 3h 5c 7c 9d\n")], 86),
    ("viuda_purchase", FIRST_THREE, [("Carla buys La Viuda for $2", "Carla declines La Viuda\n"
                                      "Carla is out\nBen buys La Viuda for $2")], 65),
    ("pool_mismatch", NIGHT, [("Pool: 4 chips", "Pool: 5 chips")], 84),
    ("wild_mismatch", NIGHT, [("Wild: 2", "Wild: 3")], 28),
    ("winner_mismatch", NIGHT, [("Ben wins the game and collects $8", "Ana wins the game and collects $8")], 97),
    ("payer_mismatch", FIRST_THREE, [("Ana pays 1 chip\n\nDeal 3", "Ben pays 1 chip\n\nDeal 3")], 42),
    ("amount_mismatch", NIGHT, [("Carla buys La Viuda for $2", "Carla buys La Viuda for $1")], 63),
    ("elimination_mismatch", NIGHT, [("Carla is out\n", "")], 76),
]


def test_every_finding_kind_has_its_tamper():
    assert sorted(k for k, *_ in TAMPERS) == sorted(KINDS)


@pytest.mark.parametrize("kind,night,changes,line", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_each_tamper_yields_exactly_its_finding(kind, night, changes, line):
    result = audited(tamper(night, *changes))
    found = result.all_findings
    assert {f.kind for f in found} == {kind}, result.report()
    assert found[0].line == line, found[0]
    assert found[0].rule, "every finding quotes the rule text it rests on"
    assert result.verdict == ("invalid" if kind in
                              ("out_of_turn", "illegal_action", "widow_phase", "card_mismatch",
                               "duplicate_card", "wrong_dealer", "out_of_game", "viuda_purchase")
                              else "mismatch")


def test_a_payer_mismatch_says_who_the_rules_make_pay():
    result = audited(tamper(FIRST_THREE, ("Ana pays 1 chip\n\nDeal 3", "Ben pays 1 chip\n\nDeal 3")))
    (f,) = result.all_findings
    assert (f.expected, f.recorded) == ("Ana 1", "Ben 1")
    assert "The player who has the worst poker hand must pay one chip" in f.rule


def test_a_second_purchase_of_la_viuda_is_refused():
    text = tamper(NIGHT, ("Carla is out\n", "Carla buys La Viuda for $2\n"))
    found = [f for f in audited(text).all_findings if f.kind == "viuda_purchase"]
    assert [f.message for f in found] == ["line 81: La Viuda was bought already, by Carla"]


def test_a_knock_ends_play_before_the_knockers_next_turn():
    text = tamper(NIGHT, ("Widow turned up: Ac 2c 6s 8s 7s\n",
                          "Widow turned up: Ac 2c 6s 8s 7s\nCarla passes\n"))
    (f,) = audited(text).all_findings
    assert f.kind == "out_of_turn" and "play ended when the turn came back to Carla" in f.message


def test_one_card_exchanges_wait_for_the_widow_face_up():
    text = tamper(NIGHT, ("Ben exchanges all, gives 9c 8c 5h 3s Qd\nAna exchanges Tc for 9c",
                          "Ben passes\nAna exchanges Tc for 9c"))
    found = {f.kind for f in audited(text).all_findings}
    assert "illegal_action" in found


def test_unknown_cards_leave_the_result_unverifiable():
    text = tamper(NIGHT, ("Ben shows Ah 9s 4d 2h Kd", "Ben shows ?? ?? ?? ?? ??"))
    result = audited(text)
    assert result.deals[0].verdict == "unverifiable"
    assert result.verdict == "unverifiable"


def test_a_missing_drawn_card_leaves_the_tie_unverifiable_but_checks_the_payer():
    no_draw = tamper(NIGHT, ("Drawn card: 8d\n", ""))
    assert audited(no_draw).deals[1].verdict == "unverifiable"
    wrong = tamper(no_draw, ("Ana pays 1 chip\n\nDeal 3", "Carla pays 1 chip\n\nDeal 3"))
    assert "payer_mismatch" in {f.kind for f in audited(wrong).deals[1].findings}


# -- simulated nights ----------------------------------------------------------------------

SEEDS = range(12)


@pytest.fixture(scope="module")
def simulated():
    nights = {}
    for game in ("whisky", "la-viuda"):
        for seed in SEEDS:
            players = 2 + seed % 8
            nights[game, seed] = night_text(game, players, seed)
    return nights


def test_simulated_nights_round_trip(simulated):
    for (game, seed), text in simulated.items():
        result = audited(text)
        assert result.verdict == "ok", (game, seed, result.report())
        assert night_text(game, 2 + seed % 8, seed) == text  # the same seed, the same night


def test_simulated_nights_are_varied(simulated):
    viuda = "".join(t for (g, _), t in simulated.items() if g == "la-viuda")
    whisky = "".join(t for (g, _), t in simulated.items() if g == "whisky")
    for needed in ("Drawn card:", "Manotazo:", "buys La Viuda", "declines La Viuda", " is out",
                   "wins the game", "?? ?? ?? ?? ??", "Widow turned up", "exchanges all"):
        assert needed in viuda, needed
    for needed in ("Scoring: pool", "Scoring: lowest pays", "loses the game", " takes "):
        assert needed in whisky, needed
    # Knocks early (the first turn of a deal) and late (after exchanges in the second phase).
    firsts = late = 0
    for text in simulated.values():
        for deal in text.split("\nDeal ")[1:]:
            turns = deal.split("Widow: ")[1].split("Showdown")[0].splitlines()[1:]
            knocks = [i for i, t in enumerate(turns) if t.endswith(" knocks")]
            firsts += bool(knocks) and knocks[0] == 0
            late += bool(knocks) and knocks[0] >= 6
    assert firsts > 10 and late > 10, (firsts, late)


def test_tied_worst_hands_go_down_the_chain(simulated):
    steps = Counter()
    for (game, _), text in simulated.items():
        if game != "la-viuda":
            continue
        for deal in audited(text).deals:
            for line in deal.steps:
                if "a card drawn from the deck decides" in line:
                    steps["drawn"] += 1
                if "Manotazo decides" in line:
                    steps["manotazo"] += 1
                if "cards of one colour" in line and "beat" in line:
                    steps["colour"] += 1
    assert steps["drawn"] and steps["manotazo"] and steps["colour"], steps


def test_la_viuda_passes_to_the_next_player_who_runs_out():
    # Seed 9, three players: the first to run out declines La Viuda, a later one buys it.
    text = night_text("la-viuda", 3, 9)
    declined = text.index("declines La Viuda")
    assert declined < text.index("buys La Viuda")
    result = audited(text)
    assert result.verdict == "ok"
    buy = next(s for d in result.deals for s in d.steps if "buys La Viuda" in s)
    assert "by the rules" in buy


def test_la_viuda_is_bought_only_right_after_losing_ones_chips():
    text = night_text("la-viuda", 3, 9)
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.endswith(" declines La Viuda\n"))
    player = lines[at].split()[0]
    # The player who declined buys it in the next deal, right after its chip is paid.
    paid = next(i for i in range(at + 2, len(lines)) if lines[i].endswith(" pays 1 chip\n"))
    late = "".join(lines[:paid + 1] + [f"{player} buys La Viuda for $1\n"] + lines[paid + 1:])
    found = [f for f in audited(late).all_findings if f.kind == "viuda_purchase"]
    assert found and "did not lose their chips in this deal" in found[0].message


def test_damaged_nights_never_raise():
    """Lines deleted, repeated, swapped or with a word replaced: a RecordError or an audit."""
    import random

    from hhtools.commerce.record import RecordError

    rng = random.Random(5)
    bases = [NIGHT, night_text("whisky", 4, 2), night_text("whisky", 3, 1)]
    for _ in range(400):
        lines = rng.choice(bases).split("\n")
        for _ in range(rng.randint(1, 3)):
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            op = rng.randrange(4)
            if op == 0:
                del lines[i]
            elif op == 1:
                lines.insert(j, lines[i])
            elif op == 2:
                lines[i], lines[j] = lines[j], lines[i]
            else:
                words = lines[i].split(" ")
                words[rng.randrange(len(words))] = rng.choice(lines[j].split(" "))
                lines[i] = " ".join(words)
        try:
            result = audited("\n".join(lines))
        except RecordError:
            continue
        result.report(), result.explain(), result.as_dict()


def test_a_drawn_card_held_by_a_player_is_one_finding():
    text = tamper(NIGHT, ("Drawn card: 8d", "Drawn card: 8h"))  # Carla holds 8h
    result = audited(text)
    (f,) = result.all_findings
    assert f.kind == "duplicate_card" and "8h is already held by Carla" in f.message
    assert result.deals[1].notes  # the tie then waits for a card that could be drawn
