"""Files as they come: encodings, line ends, hand separation, site detection, skipped games."""

from __future__ import annotations

import codecs
import random
from decimal import Decimal
from pathlib import Path

import pytest

from hhtools.core.money import AmountError, parse_amount
from hhtools.core.records import HandError
from hhtools.errors import HHToolsError, UnknownNameError
from hhtools.reading.parsing import (
    HandParseError,
    decode,
    format_report,
    parse_file,
    parse_paths,
    parse_text,
    split_lines,
)
from hhtools.sites import get_site

INVALID = Path(__file__).parents[1] / "invalid"
HAND = (INVALID / "pokerstars" / "bad-card.txt").read_text().replace("8h 1x]", "8h 6s]")
KC_HAND = (INVALID / "kingsclub" / "call-below-blind.txt").read_text().replace(
    "Bob calls 10", "Bob calls 60")


def test_a_clean_hand_parses():
    result = parse_text(HAND)
    assert (result.site, len(result.hands), result.errors) == ("pokerstars", 1, ())
    assert parse_text(KC_HAND).hands[0].hand_id == "2001"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "cp1252"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_encodings_and_line_ends(tmp_path, encoding, newline):
    text = HAND.replace("Alice", "Alicé").replace("\n", newline)
    if encoding == "utf-16-le":
        data = text.encode(encoding)  # no BOM: recognised by its zero bytes
    else:
        data = text.encode(encoding)
    path = tmp_path / "h.txt"
    path.write_bytes(data)
    result = parse_file(path)
    assert result.errors == ()
    assert [s.name for s in result.hands[0].seats][0] == "Alicé"


def test_decode_reports_what_it_found():
    assert decode(codecs.BOM_UTF8 + b"x") == ("x", "utf-8-sig")
    assert decode(codecs.BOM_UTF16_LE + "x".encode("utf-16-le") + b"\n") == ("x", "utf-16")
    assert decode(b"\xe9") == ("é", "cp1252")


def test_lines_split_only_on_line_ends():
    assert split_lines("a\r\nb\rc\x0cd\n") == ["a", "b", "c\x0cd", ""]


def test_many_hands_blank_runs_and_stray_lines():
    second = HAND.replace("#1001", "#1002")
    text = f"\n\n{HAND}\n\n\n\n\nsome stray words\n\n{second}\n\n"
    result = parse_text(text)
    assert [h.hand_id for h in result.hands] == ["1001", "1002"]
    assert result.stray_lines == 1
    assert result.hands[1].source.first_line == HAND.count("\n") + 10
    # Words between hands belong to no hand: said, with their line, never dropped silently.
    [error] = result.errors
    assert error.line == HAND.count("\n") + 8 and "1 line in no hand" in error.reason


def test_a_hand_whose_header_is_damaged_is_rejected_not_lost():
    """The lines of a hand whose header line no longer reads as one are a rejection naming
    their first line and what a hand starts with; the hands around it are kept."""
    second = HAND.replace("#1001", "#1002")
    third = HAND.replace("#1001", "#1003")
    text = f"{HAND}\n\nX{second}\n\n{third}\n"
    result = parse_text(text, path="h.txt")
    assert [h.hand_id for h in result.hands] == ["1001", "1003"]
    [error] = result.errors
    assert error.line == HAND.count("\n") + 3 and error.got.startswith("XPokerStars")
    assert f"{len(second.strip().splitlines())} lines in no hand: expected" in error.message
    assert not result.ok


def test_hands_without_blank_lines_between_them():
    result = parse_text(HAND + "\n" + HAND.replace("#1001", "#1002"))
    assert [h.hand_id for h in result.hands] == ["1001", "1002"]


def test_unsupported_games_are_skipped_and_counted():
    holdem = HAND.replace("Badugi Limit", "Hold'em No Limit").replace("#1001", "#7")
    mixed = HAND.replace("Badugi Limit", "8-Game (Razz Limit)").replace("#1001", "#8")
    result = parse_text("\n\n\n".join([holdem, HAND, mixed, holdem]))
    assert [h.hand_id for h in result.hands] == ["1001"]
    assert result.skipped_by_game() == {"Hold'em": 2, "Razz": 1}
    assert result.errors == ()


def test_mixed_game_header_is_read():
    text = HAND.replace("Badugi Limit ($0.25/$0.50 USD)",
                        "8-Game (Triple Draw 2-7 Lowball Limit) ($0.25/$0.50 USD)")
    text = text.replace("[As 3h 8h 6s]", "[As 3h 8h 6s 9c]").replace("[As 3h] [5h Ks]",
                                                                      "[As 3h 9c] [5h Ks]")
    (hand,) = parse_text(text).hands
    assert (hand.game, hand.mix) == ("2-7", "8-Game")


def test_home_game_tournament_header():
    header = ("PokerStars Home Game Hand #1001: {Dazzle's Room} Tournament #743144019, 100+9 "
              "8-Game (Triple Draw 2-7 Lowball Limit) - Match Round I, Level I (20/40) - "
              "2013/06/06 0:00:10 ET")
    text = "\n".join([header] + HAND.split("\n")[1:])
    text = text.replace("$0.25", "20").replace("$0.15", "10").replace("$0.10", "10")
    text = text.replace("$", "").replace("[As 3h 8h 6s]", "[As 3h 8h 6s 9c]")
    text = text.replace("[As 3h] [5h Ks]", "[As 3h 9c] [5h Ks]")
    result = parse_text(text)
    (hand,) = result.hands
    assert (hand.tournament.id, hand.tournament.buy_in, hand.tournament.fee) == (
        "743144019", Decimal(100), Decimal(9))
    assert (hand.small_bet, hand.big_bet, hand.started_at.hour) == (20, 40, 0)


def test_not_a_history_is_skipped_not_rejected():
    result = parse_text("hello\nworld\n", path="x.txt", errors="raise")
    assert (result.site, result.hands, result.errors) == (None, (), ())
    assert result.ok
    assert result.not_history.startswith("no hand header of PokerStars, KingsClub, Merge, ")
    assert result.not_history.endswith("found; first line 'hello'")
    lines = list(format_report([result, parse_text(HAND, path="h.txt")]))
    assert lines[0].startswith("x.txt: not a hand history: no hand header of PokerStars")
    assert lines[-1].endswith("0 rejected, not a hand history: 1 file")


def test_empty_text_has_nothing():
    result = parse_text("")
    assert (result.hands, result.errors) == ((), ())


def test_forced_site_with_no_hand():
    result = parse_text("hello\n", "kingsclub")
    assert result.errors[0].reason.startswith("no KingsClub hand found")


def test_errors_raise_mode():
    with pytest.raises(HandParseError, match=r"<text>:10:1: hand 1001: cannot read this line"):
        parse_text(HAND.replace("Alice: calls", "Alice: cals"), errors="raise")
    with pytest.raises(HHToolsError, match="errors must be"):
        parse_text(HAND, errors="ignore")


def test_unknown_site_name():
    with pytest.raises(UnknownNameError, match="Did you mean pokerstars"):
        get_site("pokerstar")
    with pytest.raises(UnknownNameError):
        list(parse_paths([INVALID], site="fultilt"))


def test_paths_and_directories(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.txt").write_text(HAND)
    (tmp_path / "notes.md").write_text("not a history")
    results = list(parse_paths([tmp_path]))
    assert [Path(r.path).name for r in results] == ["a.txt"]
    with pytest.raises(HHToolsError, match="no such file or directory"):
        list(parse_paths([tmp_path / "missing"]))


def test_unreadable_file(tmp_path):
    with pytest.raises(HHToolsError, match="cannot read"):
        parse_file(tmp_path)


def test_error_record_fields():
    (error,) = parse_text(HAND.replace("[As 3h 8h 6s]", "[As 3h 8h 1x]"), path="p").errors
    assert isinstance(error, HandError)
    assert (error.path, error.line, error.column, error.hand_id, error.site) == (
        "p", 9, 16, "1001", "pokerstars")
    assert error.got == "Dealt to Hero [As 3h 8h 1x]"
    assert str(error) == error.message


def test_amounts_are_exact():
    assert parse_amount("$1,895.42") == Decimal("1895.42")
    assert parse_amount("25€") == Decimal(25)
    assert parse_amount("+192.75") == Decimal("192.75")
    with pytest.raises(AmountError):
        parse_amount("12abc")


@pytest.mark.parametrize("text", ["7", "007", "1.50", "$1.50", "$0.05", "1234567.8901",
                                  "1.", ".5", "$", "", "$$1", "1.2.3", "٣", "1.٣", "$٣.50",
                                  " 1.50", "1.50 ", "1e5", "1_000", "NaN", "$-1", "1,000",
                                  "3,780.34", "-$1,234,567.89", "+252.53", "-181.31", "-0",
                                  "+$5", "1,00", "1,0000", ",100", "1,", "1000,000",
                                  "1234,567", "-", "+", "+-5", "--5", "-$", "1,٣٣٣",
                                  "-1,234.", "+ 5", "12.50€", "25€", "5$", "$5$", "1,500£",
                                  "-3.25€", "€", "5€€", "5.€", "€5", "5 €", "5¥", "5€ ",
                                  "1,00€", "٣€", ".", "..", "1..5", "$.5", "$1.", "0.",
                                  "12.34.", ".12.", "1.2.", "9" * 40, "$" + "9" * 40 + ".5",
                                  "1. 5", "1.5\n", "\t1", "1,000,000", "12,345,678.90",
                                  "1234,567,890", "1,23,456", "1,234,56", ",1,234", "1,234,",
                                  "1,,234", "-1,234,567.89€", "€1,000", "$12.50€", "12.50$",
                                  "1,000.5£", "+$1,000$"])
@pytest.mark.parametrize("reader", ["parse_amount", "read_amount"])
def test_plain_amounts_read_as_the_pattern_reads_them(text, reader):
    # parse_amount (and read_amount, which the builder calls) reads plain digits without its
    # pattern: the same value, or the same refusal.
    from hhtools.core import money

    read = getattr(money, reader)
    m = money._AMOUNT.fullmatch(text.strip())
    if m is None:
        with pytest.raises(AmountError):
            read(text)
        return
    sign, whole, cents = m.groups()
    expected = Decimal(sign + whole.replace(",", "") + (cents or ""))
    got = read(text)
    assert got == expected and str(got) == str(expected)


def test_random_amounts_read_as_the_pattern_reads_them():
    # Texts of the characters amounts are written with, and a few they are not: read_amount
    # gives the pattern's value (its exponent too) or refuses what the pattern refuses.
    from hhtools.core import money

    rng = random.Random(28)
    alphabet = "0123456789" * 3 + ",,,..+-$€£ ٣"
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12)))
        m = money._AMOUNT.fullmatch(text.strip())
        try:
            got = str(money.read_amount(text))
        except AmountError:
            got = "refused"
        if m is None:
            assert got == "refused", text
        else:
            sign, whole, cents = m.groups()
            assert got == str(Decimal(sign + whole.replace(",", "") + (cents or ""))), text


def test_grammars_compile_once():
    from hhtools.sites.base import compiled_grammar

    assert compiled_grammar("pokerstars") is compiled_grammar("pokerstars")
