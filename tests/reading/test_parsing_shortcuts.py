"""The parser's shortcuts give exactly what the plain way gives: remembered lines, the regex
chosen by a line's first character, remembered summary endings and amounts (how hands are
split: test_parsing_splitting.py)."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from hhtools.core import records
from hhtools.core.cards import parse_card, parse_cards
from hhtools.errors import CardError
from hhtools.reading.parsing import decode, parse_text, split_lines
from hhtools.reading.splitting import split_hands
from hhtools.sites import SITES, base, get_site, memo, pokerstars, values
from hhtools.sites import classifier as classifier_module
from hhtools.sites.structure import compiled_grammar, ignored_kinds

INVALID = Path(__file__).parents[1] / "invalid"
HAND = (INVALID / "pokerstars" / "bad-card.txt").read_text().replace("8h 1x]", "8h 6s]")
TEXT_SITES = [name for name, site in SITES.items() if site.grammar]

# Lines that look like one kind and are another, or nothing: names that read like fixed text.
TRICKY = [
    "Seat 1: folds", "Seat 1: Seat 2 ($5 in chips)", "Table 'x': calls $1", "*** SUMMARY ***",
    "*** SUMMARY *** ", "*** FIRST DRAW ***: checks", "Dealt to Dealt to [As Kd 2c 3h]",
    "PokerStars: folds", "Hand cancelled", "Hand cancelled: checks", "Total pot: bets $2",
    "Uncalled bet ($1) returned to Uncalled bet", "Betting is capped", "The deck: folds",
    "#12: folds", "Rake 5", "Rake: checks", "Duration 12s", "12 seconds left to act",
    "Seat 3: Hero (big blind) folded before the Draw", "", "   ", "é: folds", "♠K: checks",
    "Winamax Poker - x", "The button is in seat #2", "2021-01-02 15:42:06",
]

# Names inside lines of other kinds, which read like what follows them.
NAMES_INSIDE = [
    "Dealt to Big Fish [2c 3d 4h 5s]", "Dealt to a [b] [c] [d]", "Dealt to  [2c]",
    "Dealt to x: [2c 3d] [4h]", "Dealt to Big Fish: [2c 3d 4h 5s]", "Dealt to \n [2c]",
    "Seat 1: a (b) ($5 in chips)", "Seat 1: a b ($5) (6 in chips) is sitting out",
    "Seat 2: x y (button) showed [2c] and won ($5) with a pair",
    "Seat 3: showed (big blind) folded before the Draw", "Seat 3: a (button) (small blind)",
    "Seat 4: x (5)", "Seat 4: x y (5) 5.5", "Seat 4: x (5) (6) -1,000.50",
    "Uncalled bet ($1) returned to a b c", "Uncalled bet (1) returned to ",
    "Run 1: a b shows [2c]", "Run 2: shows shows [2c] shows [3d]",
    "Alice wins the $5 bounty for eliminating Bob the Builder",
]


def _site_lines(corpus: Path | None) -> list[str]:
    lines = TRICKY + NAMES_INSIDE
    roots = [INVALID] + ([corpus] if corpus is not None else [])
    for root in roots:
        for f in sorted(root.rglob("*.txt")):
            lines += split_lines(decode(f.read_bytes())[0])
    return lines


def _plain_classify(classifier: classifier_module.Classifier, line: str):
    """What the classifier said before any shortcut: the whole regex on the stripped line."""
    text = line.rstrip()
    m = classifier.regex.fullmatch(text) if text else None
    if m is None:
        return text, "UNKNOWN", ()
    idx = classifier.groups[m.lastgroup]
    return text, m.lastgroup, tuple(m.group(i) for i in idx)


@pytest.mark.parametrize("name", TEXT_SITES)
def test_the_regex_chosen_by_first_character_answers_as_the_whole_regex(name, corpus):
    classifier = get_site(name).classifier
    for line in _site_lines(corpus):
        assert classifier.classify(line) == _plain_classify(classifier, line), line


@pytest.mark.parametrize("name", TEXT_SITES)
def test_kinds_grouped_by_their_first_characters_answer_as_the_kinds_joined(name, corpus):
    # The classifier's regexes share the literal characters leading several kinds, and try
    # a line led by a name only where a kind may start after it: a classifier without either
    # shortcut (the kinds joined as they come, the name found by the lazy group) must say the
    # same of every line, the regexes by first character included (asked twice).
    site = get_site(name)
    joined = classifier_module.Classifier(compiled_grammar(site.grammar),
                                          ignored_kinds(site.grammar), grouped=False)
    grouped = site.classifier
    assert grouped.regex.pattern != joined.regex.pattern
    assert grouped.reads_by_name
    # Every name is read by its end in the lines led by a name, in seat lines, dealt cards
    # and summary lines; only Full Tilt's header keeps lazy names (inside optional groups).
    assert {"SEAT", "SEAT_SUMMARY", "DEALT", "FOLD", "CALL"} <= grouped.names_by_end
    assert grouped.regex.pattern.count("(.+?)") == (3 if name == "fulltilt" else 0)
    lines = _site_lines(corpus) + [
        "Pat\nRider: folds", "a: folds\n: folds", ": folds", " : folds", "x:  folds"]
    for line in lines + lines:
        assert grouped.classify(line, False) == joined.classify(line, False), line


def test_kinds_are_grouped_by_their_leading_literal_characters_in_their_order():
    branches = classifier_module.branches
    assert branches([("A", "xa"), ("B", "xb"), ("C", "yc")], 1) == (
        "x(?:(?P<A>a)|(?P<B>b))|y(?:(?P<C>c))")
    assert branches([("A", "xab"), ("B", "xac")], 3) == "x(?:a(?:b(?:(?P<A>))|c(?:(?P<B>))))"
    # A kind led by no literal character stays between the others; "a|b" leads by no one.
    assert branches([("A", "xa"), ("B", ".b"), ("C", "xc"), ("D", "a|b")], 3) == (
        "x(?:(?P<A>a))|(?P<B>.b)|x(?:(?P<C>c))|(?P<D>a|b)")
    assert branches([("A", "a?b"), ("B", "ac")], 3) == "(?P<A>a?b)|a(?:(?P<B>c))"
    assert branches([("A", "xa"), ("B", "xb")], 0) == "(?P<A>xa)|(?P<B>xb)"

def test_the_characters_a_pattern_starts_with_are_read_from_its_text():
    starts = classifier_module._starts
    assert starts(":? is sitting out") == ({":", " "}, False)
    assert starts("(?:: posts|: straddles) x") == ({":"}, False)
    assert starts("(?: discards?) ([0-9]+)") == ({" "}, False)
    assert starts(r"\ folds|: checks") == ({" ", ":"}, False)
    assert starts("(?:x)? y") == ({"x", " "}, False)
    assert starts(r"((?: \((?:button|big blind)\))*)(?: ((?:folded|won).*))?") == ({" "}, True)
    assert starts(r"(?<! pot)(?<! pot [0-9])\ \(") == ({" "}, False)
    assert starts("[+-]?[0-9]x") == ({"+", "-", *"0123456789"}, False)
    assert starts("(?P<A>a)|(b)*|x{0,2}y|c{2}") == ({"a", "b", "x", "y", "c"}, True)
    assert starts("") == (set(), True)
    for unread in (".x", r"\d", "[^a]", "(?i:a)", "a|^b", "(?:a|.)"):
        assert starts(unread) is None, unread


def test_a_name_ends_only_where_the_rest_can_start():
    name_pattern = classifier_module.name_pattern
    assert name_pattern(r"\ \[([^\]]*)\]") == r".[^\ \n]*+(?:\ [^\ \n]*+)*?"
    assert name_pattern(r":\ folds|\ collected") == r".[^\ :\n]*+(?:[\ :][^\ :\n]*+)*?"
    assert name_pattern("") == r".[^\n]*+"
    # Unknown starts, or digits (the regex would then tell digits apart), keep the lazy group.
    assert name_pattern(".x") is None and name_pattern("[0-9]") is None
    names_by_end = classifier_module.names_by_end
    assert names_by_end("Seat (.+?) x (.+?)") == (
        r"Seat (.[^\ \n]*+(?:\ [^\ \n]*+)*?) x (.[^\n]*+)")
    for kept in ("a(.+?)b|c", "(?:(.+?) x)?y", "(.+?).z"):
        assert names_by_end(kept) == kept


# Pieces of the rest of a pattern after a name, and of texts, for
# test_names_ended_where_the_rest_starts_match_as_the_lazy_group.
_RESTS = [r"\ ", ":", r"\ \[([^\]]*)\]", "(?: x)?", "(?:a|b)", "[ :]", "(.+?)", r"\(",
          "(?<! b)", "x*", r"(?:: |\ )", "(a)?", "b+", r"\]", "(?:x|)", ".*", r"\n?"]
_TEXT = ["a", "b", " ", ":", "[", "]", "(", ")", "x", " x", " [a]", ": ", " (", "\n", "bb"]


def test_names_ended_where_the_rest_starts_match_as_the_lazy_group():
    # The rewritten name group must give the lazy group's match, groups included, whatever
    # follows it: random rests made of _RESTS, over random texts made of _TEXT.
    rng = random.Random(19)
    rewritten = matched = 0
    for _ in range(1500):
        rest = "".join(rng.choice(_RESTS) for _ in range(rng.randint(0, 4)))
        pattern = "(?:[ab]|x )(.+?)" + rest
        written = classifier_module.names_by_end(pattern)
        rewritten += written != pattern
        plain, fast = re.compile(pattern), re.compile(written)
        for _ in range(40):
            text = "".join(rng.choice(_TEXT) for _ in range(rng.randint(0, 8)))
            a, b = plain.fullmatch(text), fast.fullmatch(text)
            assert (a and (a.groups(), a.regs)) == (b and (b.groups(), b.regs)), (pattern, text)
            matched += a is not None
    assert rewritten > 1000 and matched > 2000


def test_remembered_lines_give_the_same_tokens_with_their_own_line_numbers():
    classifier = get_site("pokerstars").classifier
    lines = ["Alice: folds", "Bob: checks", "Alice: folds", "  ", "Bob: checks  "]
    first = classifier.tokens(lines, 10)
    again = classifier.tokens(lines, 20)
    assert [(t.line, t.type, t.value, t.text) for t in first] == [
        (10, "FOLD", ("Alice",), "Alice: folds"), (11, "CHECK", ("Bob",), "Bob: checks"),
        (12, "FOLD", ("Alice",), "Alice: folds"), (14, "CHECK", ("Bob",), "Bob: checks")]
    assert [t.line for t in again] == [20, 21, 22, 24]
    kinds: list[str] = []
    classifier.tokens(["Alice: folds", "Alice said, \"hi\"", "Bob: checks"], 1, kinds=kinds)
    assert kinds == ["FOLD", "CHECK"]  # chat is a table event, not part of the structure


def test_remembered_lines_stay_bounded():
    classifier = get_site("pokerstars").classifier
    with memo.limited(lines=50):
        for n in range(10):
            lines = [f"Player{n}_{i}: folds" for i in range(40)]
            assert [t.value for t in classifier.tokens(lines, 1)] == [
                (f"Player{n}_{i}",) for i in range(40)]
            assert len(classifier.remembered()) <= 50 + 40
        assert classifier.token("Zed: folds", 3).line == 3
    assert memo.LIMITS == memo.Limits()  # as they were
    with pytest.raises(TypeError, match="no such limit: line"):
        with memo.limited(line=5):
            pass


def test_headers_are_not_remembered():
    classifier = get_site("pokerstars").classifier
    line = HAND.splitlines()[0]
    assert classifier.token(line, 1).type == "HEADER"
    assert line not in classifier.remembered()


def test_parsed_hands_hold_real_records():
    hand = parse_text(HAND).hands[0]
    assert type(hand) is records.Hand
    assert {type(a) for a in hand.actions} == {records.Action}
    assert {type(s) for s in hand.seats} == {records.Seat}
    assert {type(s) for s in hand.summary.seats} == {records.SeatResult}


def test_summary_endings_are_read_once_and_forgotten_when_too_many():
    with memo.limited(readings=3):
        said = [pokerstars.summary_outcome(f"collected (${n})") for n in range(10)]
        assert said[4] == ("collected", None, "$4", None)
        assert memo.sizes()["pokerstars summary endings"] <= 4
    assert pokerstars.summary_outcome("showed [As 2c] and won ($3) with a pair") == (
        "showed", "As 2c", "$3", "a pair")
    assert pokerstars.summary_outcome("showed [As 2c] and won () with x")[2] is None
    assert pokerstars.seat_roles(" (button) (small blind)") == ("button", "small blind")
    assert pokerstars.seat_roles(None) == ()


def test_amounts_are_remembered_and_bad_ones_still_refused():
    builder = get_site("pokerstars").builder(get_site("pokerstars"), None, None)
    tok = get_site("pokerstars").classifier.token("Alice: calls $1,000.50", 7)
    with memo.limited(amounts=2):
        for n in range(5):
            assert builder.money(tok, f"${n}.5") == Decimal(f"{n}.5")
        assert memo.sizes()["amounts"] <= 3
    assert builder.money(tok, "$1,000.50") == Decimal("1000.50")
    with pytest.raises(base.LineError, match="'1x' is not an amount"):
        builder.money(tok, "1x")


def test_a_line_repeated_in_a_hand_keeps_its_own_line_number():
    # Remembered tokens are shared by every line with the same text: each use is numbered.
    hand = parse_text(HAND).hands[0]
    checks = [a.line for a in hand.actions if a.kind in ("check", "fold")]
    assert checks == [12, 18, 20, 21]
    lines = HAND.splitlines()
    # The same line again, now out of place (after the summary) and then unreadable.
    twice = "\n".join(lines + ["Bob: checks"])
    error = parse_text(twice).errors[0]
    assert (error.line, error.got) == (len(lines) + 1, "Bob: checks")
    # The same line again, now by a player who is not seated.
    bad = "\n".join(lines[:18] + ["Zed: folds"] + lines[18:19] + ["Zed: folds"] + lines[19:])
    error = parse_text(bad).errors[0]
    assert (error.line, error.column, error.got) == (19, 1, "Zed: folds")
    assert "'Zed' is not seated" in error.reason


def test_hands_read_in_threads_at_once_are_read_as_alone():
    from concurrent.futures import ThreadPoolExecutor

    texts = [HAND.replace("Bob", name).replace("#1001", f"#{n}")
             for n, name in enumerate(["Bob", "Carl", "Bob", "Dora"] * 10, 2000)]
    text = "\n\n".join(texts)
    alone = parse_text(text).hands
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns within hands
    try:
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: parse_text(text), range(16)))
    finally:
        sys.setswitchinterval(interval)
    assert all(result.hands == alone for result in results)


@pytest.mark.parametrize("name", TEXT_SITES)
def test_lines_read_by_their_shape_answer_as_the_whole_regex(name, corpus):
    # A line whose digits alone differ from a line seen before is read by that line's shape.
    classifier = get_site(name).classifier
    rotate = str.maketrans("0123456789", "3456789012")
    for line in _site_lines(corpus):
        classifier.classify(line)
        other = line.translate(rotate)
        assert classifier.classify(other) == _plain_classify(classifier, other), other


@pytest.mark.parametrize("pattern, alike", [
    (r"[0-9]+", True), (r"\d+x", True), (r"[^0-9]", True), (r"[a-z]", True),
    (r"\w\s\S", True), (r"[^\]]*", True), (r"x{1,2}", True), (r"(?i:x)", True),
    (r"(.+?) (?:a|b)", True), (r"a1", False), (r"[1-5]", False), (r"[^5]", False),
    (r"[a-z5]", False), (r"(a)\1", False), (r"(.+?) (?:a|b1)", False),
    (r"(?P<x>a)(?(x)b|c)", False), (r"(?<!2)x", False)])
def test_regexes_telling_digits_apart_are_never_read_by_shape(pattern, alike):
    assert classifier_module.digits_alike(pattern) is alike


def test_a_site_whose_lines_name_digits_reads_no_line_by_shape():
    # KingsClub writes "*** 1ST BETTING ROUND ***": its regex tells digits apart.
    assert not get_site("kingsclub").classifier.reads_by_shape
    assert get_site("pokerstars").classifier.reads_by_shape


def test_seats_headers_and_times_read_once_answer_as_read_afresh():
    # Seat records, a header's game and stakes, days and zones are remembered from hand to
    # hand; each hand must still read as it does alone, and a repeated seat line (known by
    # now) is still refused with its own line and column.
    lines = HAND.splitlines()
    second = [lines[0].replace("#1001", "#1002").replace("10:32:15", "23:59:59")] + lines[1:]
    text = "\n".join(lines) + "\n\n" + "\n".join(second)
    memo.forget()
    assert not any(memo.sizes().values())
    first_time = parse_text(text)
    again = parse_text(text)
    assert first_time.hands == again.hands
    alone = parse_text("\n".join(second)).hands[0]
    keep = ["seats", "started_at", "game", "structure", "currency", "small_bet",
            "big_bet", "tournament", "mix", "hand_id"]
    assert [getattr(again.hands[1], k) for k in keep] == [getattr(alone, k) for k in keep]
    assert again.hands[1].seats[0] is again.hands[0].seats[0]
    assert str(alone.started_at) == "2010-09-05 23:59:59-04:00"
    assert alone.small_bet == Decimal("0.25") and alone.currency == "USD"
    for dup, message, column in ((lines[2], "'Alice' is seated twice", 9),
                                 ("Seat 2: Zed ($5 in chips)", "seat 2 is listed twice", 6)):
        bad = "\n".join(lines[:4] + [dup] + lines[4:])
        for _ in range(2):  # the line is new, then remembered
            error = parse_text(bad).errors[0]
            assert (error.line, error.column) == (5, column)
            assert error.reason.startswith(message + "; in ")
    # A header whose game is not supported is skipped every time, not remembered as read.
    skipped = "\n".join([lines[0].replace("Badugi", "Razz")] + lines[1:])
    for _ in range(2):
        assert [s.game for s in parse_text(skipped).skipped] == ["Razz"]
    with memo.limited(readings=0):
        assert parse_text(text).hands == again.hands


def _read_hand_plainly(site, lines, first, path, step=1):
    """Site.read_hand as it was before the structure was checked line by line: the whole
    check first, then the handlers, each called with its fields starred."""
    classifier = site.classifier
    m = site.hand_start.match(lines[0])
    hand_id = m.group(1) if m else None
    last = first + (len(lines) - 1) * step
    header = classifier.token(lines[0], first)
    if header.type != "HEADER":
        return records.HandError(path, first, 1, hand_id, site.name,
                                 (site.describe("HEADER"),), header.text,
                                 f"cannot read the header line: expected "
                                 f"{site.describe('HEADER')}; got {header.text!r}")
    builder = site.builder(site, path, hand_id)
    try:
        builder.on_HEADER(header, *header.value)
    except base.SkipHand as skip:
        return records.SkippedHand(site.name, hand_id, skip.game,
                                   records.Source(path, first, last))
    except base.LineError as e:
        return site.line_error(e, path, hand_id)
    tokens = classifier.tokens(lines[1:], first + step, step)
    failure = site.structure.check(["HEADER"] + [tok.type for tok in tokens])
    if failure is not None:
        at, expected = failure
        tokens = [header, *tokens]
        return site.structure_error(tokens[at] if at < len(tokens) else None, expected,
                                    tokens, path, hand_id, last)
    try:
        for tok in tokens:
            builder.handlers[tok.type](builder, tok, *tok.value)
        return builder.finish(first, last)
    except base.LineError as e:
        return site.line_error(e, path, hand_id)


def _damaged(lines: list[str]) -> Iterator[list[str]]:
    """A hand's lines with one line dropped, repeated, or swapped with the next."""
    for i in range(1, len(lines)):
        yield lines[:i] + lines[i + 1:]
        yield lines[:i + 1] + lines[i:]
        if i + 1 < len(lines):
            yield lines[:i] + [lines[i + 1], lines[i]] + lines[i + 2:]


def _answer(record):
    return repr(record) if not isinstance(record, Exception) else f"raises {record!r}"


def _read(read, *args):
    try:
        return read(*args)
    except Exception as e:  # noqa: BLE001 - compared, not hidden
        return e


@pytest.mark.parametrize("name", TEXT_SITES)
def test_hands_checked_as_read_answer_as_checked_first(name, corpus):
    # read_hand checks the structure line by line as the handlers run; the answer (hand,
    # skipped hand, or the error of the structure first, else of the line) is the same as
    # with the whole check first, for good hands and for each hand damaged every which way.
    site = get_site(name)
    files = sorted((corpus / name).glob("*.txt")) + sorted((INVALID / name).glob("*.txt"))
    seen = 0
    for f in files:
        text = decode(f.read_bytes())[0]
        lines = split_lines(text)
        spans, _ = split_hands("\n".join(lines), site, lines)
        for n, (i, j) in enumerate(spans):
            hand = lines[i:j]
            variants = [hand] + (list(_damaged(hand)) if n < 3 else [])
            for v in variants:
                fast = _read(site.read_hand, v, i + 1, str(f))
                plain = _read(_read_hand_plainly, site, v, i + 1, str(f))
                assert _answer(fast) == _answer(plain), "\n".join(v)
                seen += 1
    assert seen > 100


def test_summary_seat_lines_read_once_answer_as_read_afresh():
    # A summary seat line's reading (seat, positions, outcome, cards, amount won) is remembered
    # by its text; the records must be those read afresh, each with its own line number, and
    # a bad line must be refused each time with its own line and column.
    lines = HAND.splitlines()
    shown = lines[:-1] + ["Seat 3: Hero (big blind) showed [8s 7d 6h 2c] and won ($0.72) "
                          "with 8-7-6-2"]
    texts = ["\n".join(lines), "\n".join(shown)]
    memo.forget()
    first_time = [parse_text(t).hands[0] for t in texts]
    again = [parse_text(t).hands[0] for t in texts]
    assert first_time == again
    shifted = parse_text("\n\n" + texts[1]).hands[0]
    assert [r.line for r in shifted.summary.seats] == [r.line + 2 for r in again[1].summary.seats]
    assert again[1].summary.seats[-1].cards == tuple(parse_card(c) for c in "8s 7d 6h 2c".split())
    assert again[1].summary.seats[-1].won == Decimal("0.72")
    for bad, column in (("[8s 7d 6h 2x] and won ($0.72)", 34),
                        ("[8s 7d 6h 2c] and won ($0.7.2)", 56)):
        text = texts[1].replace("[8s 7d 6h 2c] and won ($0.72)", bad)
        for _ in range(2):
            error = parse_text(text).errors[0]
            assert (error.line, error.column) == (len(lines), column), error.message
    memo.forget()
    with memo.limited(readings=0):
        assert [parse_text(t).hands[0] for t in texts] == again
        assert memo.sizes()["pokerstars summary seats"] <= 1


def _start_time_read_whole(text: str, zone: str) -> tuple[object, ...]:
    """A start time read field by field, without what the builder remembers."""
    try:
        date, time = text.split(" ")
        y, mo, d = date.replace("-", "/").split("/")
        h, mi, s = time.split(":")
        when = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s), tzinfo=ZoneInfo(zone))
    except ValueError:
        return ("refused",)
    if not values.YEARS[0] <= when.year <= values.YEARS[1]:
        return ("refused",)
    return when, when.fold, when.utcoffset(), when.tzinfo


def test_start_times_read_by_their_hour_answer_as_read_whole():
    # An hour's start is read once and a time's minutes and seconds added to it
    # (HandBuilder.set_time): the datetime, its zone, offset and fold, and every refusal must
    # be those of the time read whole, the first time and once the hour is remembered, in
    # zones whose clocks go back (an hour read twice) and forward (an hour that never was).
    texts = ["2024/11/03 01:30:00", "2024/11/03 01:30:59", "2024/03/10 02:30:15",
             "2024-03-25 01:57:07", "2024/10/27 02:59:30", "2008/09/01 20:15:3",
             "2008/09/01 20:15:60", "2008/09/01 20:60:00", "2008/09/01 24:00:00",
             "2008/02/30 10:00:00", "2008/09/01  20:15:03", "1899/01/01 10:00:00",
             "2008/09/01 20:15:+3", "2008/09/01 20:15:03:07", "2008/09/01 x:15:03",
             "2008/09/01 9:05:01", "2008/09/01 ٢:05:01", "2008/09/01 20:6:00",
             "2008/09/01 20:+5:00", "2008/09/01 20:٥5:00", "2008/09/01 20:59:59",
             "2008/09/01 20:00:00", "2024/11/03 01:59:59", "2008/09/01 20:15:03 ",
             "2008/09/01 20:00:60", "2008/09/01 2015:03", ":15:03", "15:03"]
    site = get_site("pokerstars")
    for zone in ("America/New_York", "Europe/Paris", "UTC"):
        for text in texts:
            expected = _start_time_read_whole(text, zone)
            for _ in range(2):  # the hour is new, then remembered
                builder = site.builder(site, None, "1")
                tok = classifier_module.LineToken(f"started {text}", "HEADER", (), 1)
                try:
                    builder.set_time(tok, text, zone)
                except base.LineError as e:
                    assert expected == ("refused",), (text, zone, e.reason)
                    assert text in e.reason and e.column == 9, (text, e.reason, e.column)
                    continue
                got = builder.started_at
                assert (got, got.fold, got.utcoffset(), got.tzinfo) == expected, (text, zone)


@pytest.mark.parametrize("hand_id", ["1", "0123", "9" * 64, "9" * 65, "", "１２３", "12 3",
                                     "12\x7f", "abc-12", "²"])
def test_hand_ids_told_without_the_regex_answer_as_the_regex(hand_id):
    tok = classifier_module.LineToken(f"#{hand_id}", "HEADER", (), 1)
    try:
        values.check_hand_id(tok, hand_id)
        accepted = True
    except base.LineError:
        accepted = False
    assert accepted == bool(re.fullmatch(r"[^\x00-\x20\x7f]{1,64}", hand_id))


@pytest.mark.parametrize("text", ["As 3h 8h Kd", "As As", "As 3h As", "2c 2d 2h 2s", "Kd",
                                  "", "As 3h 8h Kd 8h", "Ac 2c Ac 2c", "As x", "as 3h",
                                  "Ts Js Qs Ks As", "As,3h", "As  3h\t8h", "Xx Xx"])
@pytest.mark.parametrize("size", [None, 2, 4])
def test_cards_read_by_the_builder_answer_as_the_general_reader(text, size):
    # HandBuilder.cards reads the sites' own writing in a loop of its own, a repeat told by a
    # bit a card: the same cards, or the general reader's refusal, pointed at the cards.
    site = get_site("pokerstars")
    builder = site.builder(site, None, "1")
    tok = classifier_module.LineToken(f"Dealt to Hero [{text}]", "DEALT", (), 1)
    try:
        expected: object = parse_cards(text, size=size)
    except CardError as e:
        expected = str(e)
    try:
        got: object = builder.cards(tok, text, size)
    except base.LineError as e:
        assert e.column == tok.text.find(text) + 1
        got = e.reason
    assert got == expected


def test_showed_endings_read_by_their_words_answer_as_the_regex():
    # pokerstars.showed reads a summary line's "showed [...] and won (...) with ..." by its
    # fixed words: the regex's groups, or None where the regex does not match.
    pieces = ["showed ", "showed [", "[", "]", "] and ", " and ", "won (", "collected (",
              "lost", " with ", ") with ", "(", ")", "As 2c", "$3", "\n", "x", " ", "won",
              "] and lost with ", "Lo: 8,5,4,3,2"]
    rng = random.Random(28)
    texts = ["showed [As 2c] and won ($3) with a pair", "showed [] and lost with ",
             "showed [As] and collected () with x\ny", "showed [As]] and won ($1) with x",
             "showed [A\ns] and won ($1)) with x", "showed [As] and won ($1) with x)"]
    texts += ["showed [" + "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
              for _ in range(20_000)]
    matched = 0
    for text in texts:
        m = pokerstars.SHOWED.fullmatch(text)
        assert pokerstars.showed(text) == (m.groups() if m else None), text
        matched += m is not None
    assert matched > 500
