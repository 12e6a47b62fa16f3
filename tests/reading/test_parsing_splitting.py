"""Where hands start and end: split_hands gives what the plain rule gives, line by line, and
parse_text reads the hands (and rejects the stray lines) it finds."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from hhtools.reading.parsing import decode, parse_text, split_lines
from hhtools.reading.splitting import HandBounds, header_lines, header_positions, split_hands
from hhtools.sites import SITES, Site, get_site

INVALID = Path(__file__).parents[1] / "invalid"
BLANKS = [c for c in map(chr, range(0x110000)) if c.isspace() and c != "\n"]


def plain_split(lines: list[str], site: HandBounds) -> tuple[list[tuple[int, int]], int]:
    """The rule as the docs state it, one line at a time: a hand runs from its header to the
    next header or to ``hand_gap`` blank lines in a row, trailing blank lines left out."""
    start, gap = site.hand_start.match, site.hand_gap
    banner = site.banner.match if site.banner is not None else None
    spans, stray, i, n = [], 0, 0, len(lines)
    while i < n:
        if start(lines[i]):
            j, blank = i + 1, 0
            while j < n and blank < gap and not start(lines[j]):
                blank = 0 if lines[j].strip() else blank + 1
                j += 1
            while j > i + 1 and not lines[j - 1].strip():
                j -= 1
            spans.append((i, j))
            i = j
        else:
            if lines[i].strip() and not (banner and banner(lines[i])):
                stray += 1
            i += 1
    return spans, stray


def _texts(site: Site, corpus: Path) -> list[str]:
    texts = [decode(f.read_bytes())[0] for root in (corpus / site.name, INVALID / site.name)
             for f in sorted(root.glob("*.txt"))]
    texts = ["\n".join(split_lines(t)) for t in texts]
    header = next((line for t in texts for line in t.split("\n") if site.hand_start.match(line)),
                  None)
    if header is None:
        return texts
    texts += [f"stray\n\n{header}\nx\n \n\t\n{header}\n{header}\ny\n\n\nstray\n{header}",
              f"{header}\n* # 12 *\n\n\n{header}\n\n \n", "", "\n", "\n\n", header,
              f"{header}\n", f"\n{header}\nx\n\n", f" {header}\n{header}",
              f"{header}\nx\n\u3000\n{header}", f"{header}\n\x1c\n{header}\n",
              f"{header}\na\n\n{header}\nb\n\n\n{header}\n", f"stray\n{header}\n\n{header}",
              f"{header}\n\n{header}\n\n\x85x\n{header}", f"{header}\n\x01\n",
              f"{header[:3]}x\ny\n\n{header}\nz", f"x\n{header}\n{header[:4]}\n\n{header}"]
    # Texts made of pieces at random: headers, blank lines of every kind, text lines.
    pieces = [header, header, "", "", " ", "\t", "\u3000", "x", "*** 1 ***", header[:4]]
    rng = random.Random(site.name)
    texts += ["\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
              for _ in range(400)]
    return texts


@pytest.mark.parametrize("name", list(SITES))
def test_hands_are_split_as_the_plain_rule_splits_them(name, corpus):
    site = get_site(name)
    texts = _texts(site, corpus)
    assert len(texts) > 400 or name == "merge"
    for text in texts:
        lines = text.split("\n")
        assert split_hands(text, site) == plain_split(lines, site), text[:300]
        assert header_lines(text, site) == [k for k, line in enumerate(lines)
                                            if site.hand_start.match(line)]


@dataclass(frozen=True)
class _Bounds:
    """A made-up site's hand bounds (the splitter's HandBounds): the site classes are
    compiled, and an interpreted class cannot derive from a compiled one."""

    name: str
    hand_start: re.Pattern[str]
    hand_gap: int = 1
    banner: re.Pattern[str] | None = None


#: A site whose header has no plain text to look for first.
_UNPREFIXED = _Bounds("unprefixed", re.compile(r"(?:Game|Hand) ([0-9]+)"))
_CASELESS = _Bounds("caseless", re.compile(r"hand ([0-9]+)", re.IGNORECASE))
#: Full Tilt's kind of header: two spellings, whose shared start is looked for first.
_SPELLED = _Bounds("spelled", re.compile(r"(?:Full Hand|FullHand) ([0-9]+)"))
#: Merge's kind of header: it may be indented, so its pattern starts with \s*.
_SPACED = _Bounds("spaced", re.compile(r"\s*<game id=\"([0-9]+)\""), hand_gap=2)


@pytest.mark.parametrize("site", [_UNPREFIXED, _CASELESS, _SPACED, _SPELLED])
def test_headers_without_a_plain_prefix_are_found(site):
    rng = random.Random(site.name)
    pieces = ["Game 1", "Hand 22", "HAND 3", "hand 4", '<game id="5">', '   <game id="6">',
              "", "", " ", "\t", "x", "Gam", "<game", "Full Hand 7", "FullHand 8", "Full",
              "Fullx 9"]
    for _ in range(500):
        text = "\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        lines = text.split("\n")
        assert split_hands(text, site) == plain_split(lines, site), text


def test_a_header_after_blank_lines_is_found_where_its_line_starts():
    site = _SPACED
    text = 'x\n\n  \n  <game id="7">\n<game\nid="8">'
    assert list(header_positions(text, site)) == [text.index("  <game")]
    assert list(header_positions(text, site, at=text.index("<game\n"))) == []
    assert list(header_positions('<game id="1">\n<game id="2">', site, at=1)) == [14]


@pytest.mark.parametrize("blank", BLANKS)
def test_a_line_of_any_blank_ends_a_hand(blank):
    site = get_site("kingsclub")
    for tail in ("", "é", "€"):  # ASCII texts and others
        text = f"#1: a\nb{tail}\n{blank}\n#2: c\n{blank}{blank}\n{blank}"
        assert split_hands(text, site) == ([(0, 2), (3, 4)], 0), repr(blank)
        text = f"{blank}\n#1: a\n{blank}x{tail}"  # led by a blank, not one
        assert split_hands(text, site) == ([(1, 3)], 0), repr(blank)


HAND = (INVALID / "pokerstars" / "bad-card.txt").read_text().replace("8h 1x]", "8h 6s]")


def _numbered(text: str) -> list[tuple[str, int, int]]:
    return [(h.hand_id, h.source.first_line, h.source.last_line)
            for h in parse_text(text).hands]


def test_parse_text_reads_each_hand_between_blank_lines_and_headers():
    one = HAND.strip("\n")
    two = one.replace("#", "#9", 1)
    n = len(one.split("\n"))
    assert _numbered(f"{one}\n\n\n{two}\n") == [(h.hand_id, 1, n) for h in parse_text(one).hands] \
        + [(parse_text(two).hands[0].hand_id, n + 3, 2 * n + 2)]
    # Without a blank line between them, the second header still starts a hand.
    assert [first for _, first, _ in _numbered(f"{one}\n{two}")] == [1, n + 1]
    # A line of blanks (here an ideographic space) ends a hand as an empty one does.
    assert [first for _, first, _ in _numbered(f"{one}\n\u3000\n{two}")] == [1, n + 2]


def test_lines_outside_hands_are_rejected_by_name():
    one = HAND.strip("\n")
    result = parse_text(f"{one}\n\nnot a hand\nneither\n\n{one.replace('#', '#9', 1)}")
    assert len(result.hands) == 2 and result.stray_lines == 2
    [error] = result.errors
    n = len(one.split("\n"))
    assert error.line == n + 2
    assert error.reason.startswith("2 lines in no hand: expected ")


def test_full_tilt_hands_hold_one_blank_line_and_end_at_two():
    site = get_site("fulltilt")
    header = "Full Tilt Poker Game #1: Table T - $1/$2 - Limit Badugi - 12:00:00 ET - 2021/01/02"
    text = f"{header}\na\n\nb\n\n\nstray\n{header}\nc\n\n\n"
    assert split_hands(text, site) == ([(0, 4), (7, 9)], 1)
