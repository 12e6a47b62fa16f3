"""Merge (Carbon) XML kinds that no corpus file shows (FORMATS-LINES.md), each in a hand-made
hand in the site's XML: read (the fact is in the record) or skipped, and the money agrees.
MUCKED cards have their own module (test_merge_mucked.py)."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from line_kinds import CORPUS, changed, read_one, rejected  # noqa: E402

from hhtools.parsing import parse_text  # noqa: E402

SITE = "merge"
HAND = (CORPUS / SITE / "3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt").read_text()
CHECK = '\t\t<event sequence="7" type="CHECK" timestamp="1303222327281" player="3"/>\n'


@pytest.mark.parametrize("description, game", [("A-5 Lowball", "a-5"),
                                               ("2-7 Lowball Tournament", "2-7")])
def test_other_descriptions(description: str, game: str) -> None:
    hand, verdict, _ = read_one(changed(HAND, 'type="2-7 Lowball"', f'type="{description}"'), SITE)
    assert hand.game == game and verdict == "ok"


def test_joker_draw_is_skipped_as_another_game() -> None:
    result = parse_text(changed(HAND, 'type="2-7 Lowball"', 'type="5-Draw w/Joker"'), SITE,
                        path="made.xml")
    assert not result.hands and not result.errors
    assert [s.game for s in result.skipped] == ["5-Draw w/Joker"]


@pytest.mark.parametrize("stakes, structure", [("Half Pot Limit ($1/$2)", "half-pot-limit"),
                                               ("No Limit ($0.50/$1)", "no-limit")])
def test_other_stakes(stakes: str, structure: str) -> None:
    hand, _, _ = read_one(changed(HAND, 'stakes="Limit $1/$2"', f'stakes="{stakes}"'), SITE)
    assert hand.structure == structure


@pytest.mark.parametrize("old, new", [
    ('stakes="Limit $1/$2"/>', 'stakes="Limit $1/$2" version="2"/>'),
    ('gametype="67" realmoney="true"', 'gametype="67" seats="6" realmoney="true" multigametype="3"'),
])
def test_optional_attributes(old: str, new: str) -> None:
    hand, verdict, _ = read_one(changed(HAND, old, new), SITE)
    assert verdict == "ok" and hand.big_bet == Decimal("2")


def test_play_money() -> None:
    hand, verdict, _ = read_one(changed(HAND, 'realmoney="true"', 'realmoney="false"'), SITE)
    assert (hand.currency, verdict) == ("play", "ok")


@pytest.mark.parametrize("kinds", [["SIT_OUT"], ["PLAYER_OUT"], ["DISCONNECTED", "RECONNECTED"],
                                   ["LEAVE"]])
def test_seat_events_are_kept_and_leave_the_money(kinds: list[str]) -> None:
    extra = "".join(f'\t\t<event sequence="7" type="{k}" timestamp="1303222327281" player="1"/>\n'
                    for k in kinds)
    hand, verdict, _ = read_one(changed(HAND, CHECK, CHECK + extra), SITE)
    kept = [e.kind for e in hand.events if e.player == "Villain" and e.kind != "chat"]
    assert kept == [k.lower() for k in kinds]
    assert verdict == "ok"


def test_ante() -> None:
    text = changed(HAND, '\t\t<event sequence="1" type="SMALL_BLIND"',
                   '\t\t<event sequence="0" type="ANTE" timestamp="1303222295812" player="1" '
                   'amount="0.10"/>\n\t\t<event sequence="0" type="ANTE" timestamp="1303222295812" '
                   'player="3" amount="0.10"/>\n\t\t<event sequence="1" type="SMALL_BLIND"')
    text = changed(text, '<winner amount="13.50"', '<winner amount="13.70"')
    hand, verdict, findings = read_one(text, SITE)
    assert [a.amount for a in hand.actions if a.kind == "post_ante"] == [Decimal("0.10")] * 2
    assert verdict == "ok", findings


def test_uncalled_flag_still_counts_as_won() -> None:
    text = changed(HAND, '<winner amount="13.50" uncalled="false"', '<winner amount="13.50" uncalled="true"')
    hand, verdict, _ = read_one(text, SITE)
    assert verdict == "ok"


def _with_returning_player(post: str, amount: str, won: str) -> str:
    """The hand with a third player, back at the table, posting ``amount`` and folding."""
    text = changed(HAND, '\t\t<player seat="3" nickname="Hero" balance="$46.80" dealtin="true" />\n',
                   '\t\t<player seat="3" nickname="Hero" balance="$46.80" dealtin="true" />\n'
                   '\t\t<player seat="5" nickname="Back" balance="$20" dealtin="true" />\n')
    text = changed(text, 'player="3" amount="1.00"/>\n\t</round>',
                   f'player="3" amount="1.00"/>\n\t\t<event sequence="2" type="{post}" '
                   f'timestamp="1303222296234" player="5" amount="{amount}"/>\n\t</round>')
    text = changed(text, '<round id="PRE_FIRST_DRAW" sequence="2">\n',
                   '<round id="PRE_FIRST_DRAW" sequence="2">\n\t\t<event sequence="3" type="FOLD" '
                   'timestamp="1303222308046" player="5"/>\n')
    return changed(text, '<winner amount="13.50"', f'<winner amount="{won}"')


@pytest.mark.parametrize("amount, won, kind, live", [
    ("1.00", "14.50", "post_bb", "1.00"),   # equal to the big blind: a live big blind
    ("0.50", "14.00", "post_dead", "0"),    # below it, the small blind already posted: dead
    ("1.50", "15.00", "post_dead", "1.00"),  # above it: dead small and live big blind
])
def test_return_blind(amount: str, won: str, kind: str, live: str) -> None:
    hand, verdict, findings = read_one(_with_returning_player("RETURN_BLIND", amount, won), SITE)
    (post,) = [a for a in hand.actions if a.player == "Back" and a.kind.startswith("post")]
    assert (post.kind, post.amount, post.to) == (kind, Decimal(amount), Decimal(live))
    assert verdict == "ok", findings


def test_unknown_event_with_money_is_rejected_not_passed_over() -> None:
    (error,) = rejected(_with_returning_player("MYSTERY", "1.00", "14.50"), SITE).errors
    assert error.message.startswith("made.txt:11:27: hand 33423082-14: unknown event type "
                                    "'MYSTERY' with an amount")


def test_complete_is_a_raise_to_its_amount() -> None:
    text = changed(HAND, 'type="RAISE" timestamp="1303222308046" player="1" amount="2.00"',
                   'type="COMPLETE" timestamp="1303222308046" player="1" amount="2.00"')
    hand, verdict, _ = read_one(text, SITE)
    (first,) = [a for a in hand.actions if a.street == "predraw" and a.player == "Villain"
                and not a.kind.startswith("post")]
    assert (first.kind, first.to) == ("raise", Decimal("2.00")) and verdict == "ok"
