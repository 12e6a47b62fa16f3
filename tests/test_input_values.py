"""One hand's bad value costs only that hand: every value is range-checked where it is read,
the hand is rejected naming its line and what was expected, and the hands around it, the
store, the statistics and the report are not touched by it."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from hhtools.analytics.stats import Filters, Tables, reports
from hhtools.reading.parsing import parse_file, parse_text
from hhtools.report.page import build_report
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

GENERATED = Path(__file__).resolve().parents[1] / "sample_histories" / "generated"
STARS = (GENERATED / "pokerstars" / "badugi-fixed-limit.txt").read_text(encoding="utf-8-sig")
HANDS = STARS.split("\n\n\n\n")
# The second hand: five players at an 8-max table, Hero's first seat line at line 4.
SECOND = HANDS[1]
MERGE = (GENERATED / "merge" / "badugi-fixed-limit.txt").read_text(encoding="utf-8")


def _two(first: str) -> str:
    """A damaged hand, then a good one: the good one must be kept."""
    return first + "\n\n\n\n" + HANDS[2]


def _rejected(text: str) -> str:
    result = parse_text(_two(text), path="h.txt")
    assert [h.hand_id for h in result.hands] == [HANDS[2].split("#")[1].split(":")[0]]
    (error,) = result.errors
    assert "internal error" not in error.reason
    return error.message


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("($24.32 in chips)", "($12345678901234567890123456789012 in chips)",
     r"h.txt:5:18: hand \d+: the amount '\$12345678901234567890123456789\.\.\.' is out of range: "
     "expected an amount below 1,000,000,000,000,000; in 'Seat 5: snowman "),
    ("($24.32 in chips)", "($24.32001 in chips)",
     "h.txt:5:18: .*expected an amount with at most 4 decimal places"),
    # Just past what HandBuilder.money accepts without asking amount_problem.
    ("($24.32 in chips)", "(1000000000000000 in chips)", "expected an amount below"),
    ("($24.32 in chips)", "(24.32001 in chips)", "expected an amount with at most 4 decimal"),
    ("Seat 5: snowman", "Seat 11: snowman",
     "h.txt:5:6: .*seat '11' is out of range: expected a whole number from 1 to 10"),
    ("Seat 5: snowman", "Seat 0: snowman", "seat '0' is out of range"),
    ("Seat 5: snowman", "Seat 99999999999999999999999: snowman",
     r"seat '99999999999999999999\.\.\.' is out of range"),
    ("8-max", "4-max", "h.txt:7:9: .*one player too many: a 4-seat table holds at most 4 players; "
     "in 'Seat 7: Mme Ducat"),
    ("8-max", "12-max", "table size '12' is out of range: expected a whole number from 2 to 10"),
    ("Seat #5 is", "Seat #40 is", "h.txt:2:.*seat '40' is out of range"),
    ("discards 3 cards", "discards " + "9" * 5000 + " cards", "card count '9999999999"),
    ("2024/03/20 21:25:52", "9999/12/31 23:59:59", "h.txt:1:68: .*the start time '9999/12/31 "
     "23:59:59' is out of range: expected a year from 1970 to 2100"),
    ("#13805352000002", "#1" + "3" * 80, "hand id '13333333333333333333...' is out of range: "
     "expected 1 to 64 visible characters"),
])
def test_a_value_out_of_range_rejects_its_hand_only(old, new, expected):
    assert old in SECOND
    assert re.search(expected, _rejected(SECOND.replace(old, new, 1)))


def test_never_more_than_ten_players_at_a_table():
    # No table size given: ten players are read, an eleventh has no seat to sit in.
    lines = SECOND.replace(" 8-max", "").split("\n")
    seats = [f"Seat {n}: p{n} ($5 in chips)" for n in (1, 2, 8, 9, 10)]
    (hand,) = parse_text("\n".join(lines[:2] + seats + lines[2:])).hands
    assert len(hand.seats) == 10
    text = "\n".join(lines[:2] + seats + ["Seat 11: p11 ($5 in chips)"] + lines[2:])
    assert "seat '11' is out of range: expected a whole number from 1 to 10" in _rejected(text)


def test_more_actions_than_any_hand_has_rejects_the_hand():
    lines = SECOND.split("\n")
    at = lines.index("oooDestroyoo: folds")
    text = "\n".join(lines[:at] + ["Hero: checks"] * 5001 + lines[at:])
    assert "more than 5000 actions in one hand" in _rejected(text)


def _merge_games() -> tuple[str, list[str]]:
    description, rest = MERGE.split("\n", 1)
    return description, [g for g in rest.split("\n\n") if g.strip()]


def _merge(games: list[str]) -> str:
    description, _ = _merge_games()
    return description + "\n" + "\n\n".join(games) + "\n"


@pytest.mark.parametrize(("old", "new", "expected"), [
    (' potnumber="', ' potnumber="NaN', r"pot number 'NaN1' is out of range: expected a whole "
     "number from 0 to 10; in '<winner "),
    (' amount="', ' amount="1' + "0" * 20, "the amount '1000000000000000000000.50' is out of "
     "range"),
    (' seat="', ' seat="1', r"seat '1\d' is out of range: expected a whole number from 0 to 9"),
    (' dealer="', ' dealer="x', "the dealer seat 'x.*' is not a seat of this table"),
    (' starttime="2', ' starttime="1', "the start time '1.*' is out of range: expected a year "
     "from 1970 to 2100"),
])
def test_merge_attributes_are_validated(old, new, expected):
    _, games = _merge_games()
    bad = games[0].replace(old, new, 1)
    text = _merge([bad] + games[1:3])
    result = parse_text(text, path="m.xml")
    assert len(result.hands) == 2
    (error,) = result.errors
    assert re.search(expected, error.message), error.message
    # The line and column point at the attribute or its value.
    line = text.split("\n")[error.line - 1].strip()
    start = line.find(new.strip())
    assert start >= 0 and start < error.column <= start + len(new.strip()) + 1, (line, error)


def test_a_merge_game_cut_short_is_rejected_alone():
    _, games = _merge_games()
    cut = games[0].split("\n")
    cut = "\n".join(cut[: len(cut) // 2])  # no </game>
    text = _merge([cut, games[1], games[2]])
    result = parse_text(text, path="m.xml")
    assert [h.hand_id for h in result.hands] == [_id(games[1]), _id(games[2])]
    (error,) = result.errors
    assert error.hand_id == _id(games[0])
    assert "this game is cut short: expected </game> before the next element starts at line" \
        in error.message
    # The last game of a file cut short is rejected too, the others kept.
    result = parse_text(_merge([games[0], cut]), path="m.xml")
    assert [h.hand_id for h in result.hands] == [_id(games[0])]
    assert "expected </game> before the file ends" in result.errors[0].message


def _id(game: str) -> str:
    return re.search(r'<game id="([^"]*)"', game)[1]


def test_largest_accepted_amounts_go_through_store_stats_and_report(tmp_path):
    # Every amount of a real session scaled to just below the bound: nothing may fail.
    big = re.sub(r"\$([0-9]+(?:\.[0-9]+)?)",
                 lambda m: "$" + str(Decimal(m[1]) * 4 * 10**13), STARS)
    top = max(Decimal(x) for x in re.findall(r"\$([0-9]+(?:\.[0-9]+)?)", big))
    assert Decimal("9e14") < top < Decimal("1e15")
    path = tmp_path / "big.txt"
    path.write_text(big, encoding="utf-8")
    parsed = parse_file(path)
    assert parsed.errors == () and len(parsed.hands) == len(HANDS)
    store = Store(tmp_path / "db")
    summary = import_paths([path], store)
    assert (summary.hands_new, summary.rejected) == (len(HANDS), 0)
    assert store.read("players")["starting_stack"].max() == top
    for frame in reports(Tables.load(store), Filters()).values():
        assert frame.height >= 0
    assert "Hero" in build_report(store, Filters(player="Hero"))


PHH = (GENERATED / "phh" / "badugi-fixed-limit.phhs").read_text(encoding="utf-8")


@pytest.mark.parametrize(("pattern", "new", "expected"), [
    (r"^seats = .*", "seats = [1, 2, 3, 4, 99]", "seat 99 is out of range: expected a whole "
     "number from 0 to 10"),
    (r"^seats = .*", 'seats = ["x", 2, 3, 4, 5]', "seat 'x' is out of range"),
    (r"^seat_count = .*", "seat_count = 3", "5 players at a table of 3 seats"),
    (r"^starting_stacks = \[", "starting_stacks = [1" + "0" * 40 + ", ",
     r"the amount '1(0){29}\.\.\.' is out of range"),
    (r"^starting_stacks = \[", "starting_stacks = [nan, ", "the amount 'NaN' is out of range: "
     "expected a finite amount"),
    (r"^antes = .*", "antes = 5", r"a field holds a value of the wrong kind \('int' object is "
     "not iterable\\)"),
    (r'"p2 cbr 10"', '"p2 cbr 1e400"', "the amount '1e400' is out of range"),
])
def test_phh_values_are_range_checked(tmp_path, pattern, new, expected):
    first, rest = PHH.split("\n[2]", 1)
    bad, count = re.subn(pattern, new, first, count=1, flags=re.M)
    assert count == 1
    path = tmp_path / "h.phhs"
    path.write_text(bad + "\n[2]" + rest, encoding="utf-8")
    result = parse_file(path)
    (error,) = result.errors
    assert re.search(expected, error.reason), error.reason
    assert len(result.hands) == PHH.count("\nvariant") - 1


def test_a_phh_file_not_utf8_is_rejected_not_raised(tmp_path):
    path = tmp_path / "h.phh"
    path.write_bytes(PHH.split("\n[2]")[0].split("\n", 1)[1].encode().replace(b"variant",
                                                                             b"vari\xffant"))
    (error,) = parse_file(path).errors
    assert error.message == f"{path}:1:5: not UTF-8 (byte 0xFF): PHH files are UTF-8 TOML"


@pytest.mark.parametrize(("name", "expected"), [
    ("x" * 65, "the player name 'xxxxxxxxxxxxxxxxxxxx...' is out of range: expected at most 64 "
     "characters"),
    ("bad\x07name", "the player name 'bad\\x07name' is out of range: expected no control "
     "characters"),
])
def test_player_names_are_bounded(name, expected):
    text = SECOND.replace("snowman", name)
    assert expected in _rejected(text)
    (hand,) = parse_text(SECOND.replace("snowman", "\u00e9" * 64)).hands
    assert "\u00e9" * 64 in [s.name for s in hand.seats]


def test_a_player_sitting_out_who_posts_is_charted(tmp_path):
    # A tournament's sitting-out players are dealt in and still post blinds: they have the
    # position of the blind they paid. A store imported before held no position for them,
    # and the positions chart (and the report drawing it) failed on them.
    import dataclasses

    import polars as pl

    from hhtools.report.charts import chart

    path = (Path(__file__).resolve().parents[1] / ".." / "shared" / "corpus" / "pokerstars"
            / "LBad-USD-SNG8-201011.txt")
    if not path.exists():
        pytest.skip("the shared corpus is not beside the project")
    store = Store(tmp_path / "db")
    import_paths([path], store)
    players = store.read("players")
    posting = players.filter(players["sitting_out"] & (players["put_in"] > 0))
    assert posting["player"].to_list()[:1] == ["Player0"]
    assert posting["position"].null_count() == 0
    assert {"small blind", "big blind"} <= set(posting["position"].to_list())
    t = Tables.load(store)
    before = dataclasses.replace(t, players=t.players.with_columns(
        position=pl.when(pl.col("sitting_out")).then(None).otherwise(pl.col("position"))))
    figure = chart(before, "positions", Filters(player="Player0"))
    # Each position's label carries its hands under it: "sitting out\n3 hands".
    labels = [t.get_text().split("\n")[0] for t in figure.axes[0].get_xticklabels()]
    assert "sitting out" in labels
    assert "Player0" in build_report(store, Filters(player="Player0"))


def test_a_damaged_game_name_is_counted_short():
    result = parse_text(SECOND.replace("Badugi Limit", "Badugi" + "x" * 10_000 + " Limit"))
    (skipped,) = result.skipped
    assert skipped.game == "Badugi" + "x" * 58 + "..."


def test_a_hand_the_auditor_fails_on_costs_only_itself(tmp_path, monkeypatch):
    # Defence in depth: were the auditor ever to fail on an accepted hand, the import goes on.
    # The auditor is made to fail inside audit_or_error by a hand no reader makes (a game
    # that does not exist), handed over at the store's call of it: the calls inside the
    # compiled auditor are direct, so patching hhtools.auditing.auditor.audit does nothing.
    from dataclasses import replace

    import hhtools.store.slices as slices

    real = slices.audit_or_error

    def failing(hand, rules=None):
        if hand.hand_id == "13805352000002":
            hand = replace(hand, game="a bug")
        return real(hand, rules)

    monkeypatch.setattr(slices, "audit_or_error", failing)
    path = tmp_path / "three.txt"
    # Ended by a line feed as clients end files: an unended last line of a file just written
    # may be cut, and its hand left for the next import (hhtools.reading.unfinished).
    path.write_text("\n\n\n\n".join(HANDS[:3]) + "\n", encoding="utf-8")
    store = Store(tmp_path / "db")
    summary = import_paths([path], store, jobs=1)
    assert (summary.hands_new, summary.rejected) == (2, 1)
    (rejected,) = summary.rejected_examples
    assert rejected.startswith(f"{path}:20:1: hand 13805352000002: internal error while "
                               "auditing this hand (UnknownNameError: Unknown game 'a bug'.")
    assert rejected.endswith("); please report it")
    assert sorted(store.read("hands")["hand_id"]) == ["13805352000001", "13805352000003"]
