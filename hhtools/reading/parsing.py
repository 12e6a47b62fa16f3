"""Reading hand-history files into records: decoding, splitting into hands, site detection.

>>> result = parse_text('''#1: Limit Badugi - 2/4
... 2021-01-02 15:42:06
... Table 'T' Seat 1 is the button
... Seat 1: A (100)
... Seat 2: B (100)
... *** 1ST BETTING ROUND ***
... A: posts the small blind 1
... B: posts the big blind 2
... Dealt to A: [X X X X]
... Dealt to B: [X X X X]
... A folds
... *** SUMMARY ***
... Seat 1: A (99) -1
... Seat 2: B (101) +1
... B wins pot (3)''')
>>> [(h.site, h.hand_id, h.game, [a.kind for a in h.actions]) for h in result.hands]
[('kingsclub', '1', 'badugi', ['post_sb', 'post_bb', 'fold'])]

A hand that cannot be read costs only itself: it becomes a HandError naming its line, and
parsing goes on with the next hand. Lark's exceptions never leave this layer.
"""

from __future__ import annotations

import bisect
import dataclasses
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from hhtools.core.collector import collector_paused
from hhtools.core.inputs import InputError, find_histories, open_input, shown
from hhtools.core.records import Hand, HandError, HandWarning, SkippedHand
from hhtools.core.words import plural
from hhtools.errors import HandParseError, HHToolsError, UsageError
from hhtools.reading.decoding import decode as decode  # also this module's public name
from hhtools.reading.decoding import decode_bytes, read_history
from hhtools.reading.phh_bounds import is_phh
from hhtools.reading.splitting import split_hands
from hhtools.reading.summaries import SITE as SUMMARY_SITE
from hhtools.reading.summaries import Summary, is_summary, read_summaries
from hhtools.sites import SITES, Site, get_site

#: File suffixes searched for in directories.
# What a folder scan picks up: site exports (.txt; Merge also writes .xml) and PHH files.
HISTORY_SUFFIXES = (".txt", ".xml", ".phh", ".phhs")
# Site detection looks at this many non-blank lines before giving up.
_DETECT_LINES = 200


@dataclass(frozen=True, slots=True)
class ParseResult:
    """What one file (or text) held: hands, skipped hands, errors, and lines between hands.

    ``notes`` are warnings about the file outside the hands kept (how it was decoded, invalid
    bytes outside them); ``not_history`` says why a file holding no hand of any known site
    is not a hand history (it is then skipped, not rejected).
    """

    path: str | None
    site: str | None
    encoding: str | None
    hands: tuple[Hand, ...]
    skipped: tuple[SkippedHand, ...]
    errors: tuple[HandError, ...]
    stray_lines: int
    notes: tuple[HandWarning, ...] = ()
    not_history: str | None = None
    #: A tournament summary file's tournaments (hhtools.reading.summaries.Summary); it holds no hand.
    summaries: tuple[Summary, ...] = ()

    @property
    def ok(self) -> bool:
        """True when no hand was rejected."""
        return not self.errors

    @property
    def warnings(self) -> tuple[HandWarning, ...]:
        """The file's notes, then what was wrong in hands kept anyway, in order (each hand
        also holds its own)."""
        return self.notes + tuple(w for h in self.hands for w in h.warnings)

    def skipped_by_game(self) -> dict[str, int]:
        """How many hands of each unsupported game were skipped."""
        return dict(Counter(s.game for s in self.skipped))

    def hands_by_game(self) -> dict[str, int]:
        """How many hands of each supported game were read."""
        return dict(Counter(h.game for h in self.hands))


def besides_hands(result: ParseResult) -> list[str]:
    """One sentence per thing in ``result`` that gives no hand: the file is no hand history,
    it holds only tournament summaries, or hands of an unsupported game were skipped."""
    path = result.path or "<text>"
    if result.not_history is not None:
        return [f"no hand history in {path}: {result.not_history}"]
    notes = []
    games = sorted(result.skipped_by_game().items())
    if len(games) == 1:
        notes.append(f"{path}: {plural(games[0][1], 'hand')} skipped: {games[0][0]} is not a "
                     "supported game")
    elif games:
        notes.append(f"{path}: {plural(len(result.skipped), 'hand')} skipped, of games hhtools "
                     f"does not support: {', '.join(f'{g} {n:,}' for g, n in games)}")
    if result.summaries and not result.hands and not result.errors:
        notes.append(f"{path}: {plural(len(result.summaries), 'tournament summary', 'tournament summaries')}"
                     ", no hand to audit")
    return notes



def split_lines(text: str) -> list[str]:
    """Lines of a text whatever its line ends; BOMs of concatenated files are dropped."""
    # str.splitlines would also split on form feeds and other rare separators inside chat
    # lines, and the line numbers would no longer match what editors show.
    return _plain_text(text).split("\n")


def _plain_text(text: str) -> str:
    """The text without BOMs, every line ending written ``\\n``."""
    text = text.replace("\ufeff", "")
    if "\r" in text:  # looking for the pair is slow even where there is none
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def detect_site(lines: list[str]) -> Site | None:
    """The site whose hand header appears first in ``lines``, or None."""
    seen = 0
    sites: dict[str, Site] = SITES
    for line in lines:
        if not line.strip():
            continue
        for site in sites.values():
            if site.hand_start.match(line):
                return site
        seen += 1
        if seen >= _DETECT_LINES:
            break
    return None


def parse_text(text: str, site: str = "auto", *, path: str | None = None,
               errors: str = "collect", encoding: str | None = None,
               first_line: int = 1) -> ParseResult:
    """Parse the hands of a history text; ``site`` is ``auto`` or a site name.

    With ``errors="raise"`` the first bad hand raises HandParseError instead of being collected.
    ``first_line`` is the line number of the text's first line (a part of a file read in
    slices, hhtools.reading.slicing).
    """
    if errors not in ("collect", "raise"):
        raise HHToolsError(f"errors must be 'collect' or 'raise', not {errors!r}")
    text = _plain_text(text)
    lines = text.split("\n")
    if first_line == 1 and text.startswith(tuple(magic for magic, _ in _BINARY_KINDS)):
        # An archive or a PDF is never read as text, even when a stored (uncompressed) zip
        # shows a history's lines among its own.
        return _not_a_history(lines, path, encoding)
    chosen = detect_site(lines) if site == "auto" else get_site(site)
    if chosen is None:
        if site == "auto" and is_summary(lines):
            found = read_summaries(lines, path, first_line)
            return ParseResult(path, SUMMARY_SITE, encoding, (), (), found.errors, 0,
                               summaries=found.tournaments)
        return _not_a_history(lines, path, encoding)
    read_document = getattr(chosen, "read_document", None)
    if read_document is not None:
        # A site whose file is one document rather than a run of text hands (Merge's XML:
        # every game depends on the description heading the file) reads it whole.
        read: tuple[list[Hand], list[SkippedHand], list[HandError], int]
        read = read_document(lines, path)
        if errors == "raise" and read[2]:
            raise HandParseError(read[2][0])
        return ParseResult(path, chosen.name, encoding, tuple(read[0]), tuple(read[1]),
                           tuple(read[2]), read[3])
    _ = chosen.classifier  # compile the grammar here: a broken grammar is a bug, not a bad hand
    offset, step = line_spacing(lines)
    if step != 1:
        # Double-spaced (Full Tilt's single-hand UTF-16 files): read every other line and
        # number the lines as the file does.
        lines = lines[offset::step]
        text = "\n".join(lines)
    spans, stray = split_hands(text, chosen, lines)
    hands: list[Hand] = []
    skipped: list[SkippedHand] = []
    bad: list[HandError] = []
    if not spans and stray:
        bad.append(_no_hand(lines, path, chosen, first_line))
    elif stray:
        # Lines between hands are most often a hand whose header line is damaged: a hand
        # rejected by name, never one that vanishes without a word.
        bad.extend(_outside_hands(lines, spans, chosen, path, first_line + offset, step))
    # Reading hands allocates many small containers and makes no reference cycle.
    with collector_paused():
        for i, j in spans:
            record = _read_hand(chosen, lines[i:j], first_line + offset + i * step, path, step)
            if isinstance(record, Hand):
                hands.append(record)
            elif isinstance(record, SkippedHand):
                skipped.append(record)
            else:
                if errors == "raise":
                    raise HandParseError(record)
                bad.append(record)
    return ParseResult(path, chosen.name, encoding, tuple(hands), tuple(skipped), tuple(bad),
                       stray)


def parse_file(path: str | Path, site: str = "auto", *, errors: str = "collect") -> ParseResult:
    """Parse the hands of one history file, in any of the encodings sites write, or a PHH file."""
    if is_phh(path) and site in ("auto", "phh"):
        # PHH is TOML, read by its own module; its hands come back like any site's. Imported
        # here: a history of a site's text needs neither it nor tomllib.
        from hhtools.reading.phh import read_phh

        phh = read_phh(path)
        if errors == "raise" and phh.errors:
            raise HandParseError(phh.errors[0])
        return ParseResult(str(path), "phh", "utf-8", phh.hands, (), phh.errors, 0)
    with open_input(path) as f:
        try:
            data, cut = read_history(f)
        except OSError as e:
            raise InputError(f"cannot read {shown(path)}: {e.strerror or e}") from None
    decoded = decode_bytes(data)
    del data
    result = parse_text(decoded.text, site, path=str(path), errors=errors,
                        encoding=decoded.encoding)
    problems = sorted((*decoded.problems, *cut), key=lambda p: (p.line, p.column))
    if result.not_history is None and (problems or decoded.notes):
        result = with_problems(result, problems, decoded.notes)
    return result


#: The warnings of a file outside its hands shown one by one; the rest are counted.
_MAX_NOTES = 10


def with_problems(result: ParseResult, problems: Sequence[HandWarning],
                  file_notes: Sequence[HandWarning]) -> ParseResult:
    """The result with each problem of decoding (by line) in the hand holding its line, the
    others and ``file_notes`` as the file's notes."""
    hands = list(result.hands)
    firsts = [h.source.first_line for h in hands]
    found: dict[int, list[HandWarning]] = {}
    notes = []
    for p in problems:
        i = bisect.bisect_right(firsts, p.line) - 1
        if i >= 0 and p.line <= hands[i].source.last_line:
            found.setdefault(i, []).append(
                HandWarning(p.line, p.column, p.reason, result.path, hands[i].hand_id))
        else:
            notes.append(HandWarning(p.line, p.column, p.reason, result.path))
    for i, warnings in found.items():
        hand = hands[i]
        hands[i] = dataclasses.replace(
            hand, warnings=tuple(sorted(hand.warnings + tuple(warnings),
                                        key=lambda w: (w.line, w.column))))
    if len(notes) > _MAX_NOTES:
        more = len(notes) - _MAX_NOTES
        notes[_MAX_NOTES:] = [HandWarning(
            notes[_MAX_NOTES].line, 1, f"{more} more line{'s' * (more != 1)} with bytes "
            "that could not be read, replaced by U+FFFD", result.path)]
    file_notes = [HandWarning(n.line, n.column, n.reason, result.path) for n in file_notes]
    return dataclasses.replace(result, hands=tuple(hands),
                               notes=result.notes + tuple(file_notes + notes))


def history_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, and the history files found (recursively) in the directories named;
    a folder that cannot be listed or entered is listed itself, for reading to refuse it
    (hhtools.core.inputs)."""
    for p in find_histories(paths, HISTORY_SUFFIXES):
        if not os.path.lexists(p):
            raise UsageError(f"no such file or directory: {shown(p)}")
        yield p


def parse_paths(paths: Iterable[str | Path], site: str = "auto", *, errors: str = "collect"
                ) -> Iterator[ParseResult]:
    """Parse every history file among ``paths`` (files or directories), one result per file;
    an input that cannot be read (a pipe, a device, a folder not entered) is one rejection."""
    if site != "auto":
        get_site(site)  # an unknown site name fails before any file is read
    for f in history_files(paths):
        try:
            yield parse_file(f, site, errors=errors)
        except InputError as exc:
            if errors == "raise":
                raise
            yield refused(f, exc)


def refused(path: str | Path, exc: InputError) -> ParseResult:
    """The result of an input not read: one rejection saying why."""
    return ParseResult(str(path), None, None, (), (), (HandError(
        str(path), 1, 1, None, None, (), None, str(exc)),), 0)


def line_spacing(lines: list[str]) -> tuple[int, int]:
    """(offset, 2) when every other line is blank (a double-spaced file), else (0, 1)."""
    if len(lines) < 4:
        return 0, 1
    for offset in (0, 1):
        if (not any(line.strip() for line in lines[1 - offset::2])
                and any(line.strip() for line in lines[offset::2])):
            return offset, 2
    return 0, 1


def _read_hand(site: Site, lines: list[str], first: int, path: str | None, step: int = 1
               ) -> Hand | SkippedHand | HandError:
    try:
        if step != 1:
            return site.read_hand(lines, first, path, step)
        return site.read_hand(lines, first, path)
    except Exception as e:  # noqa: BLE001 - a bad hand must never stop the file
        # Every known failure is reported by the site itself; this keeps a bug in hhtools
        # from costing more than the hand that revealed it. Tests assert it never happens.
        m = site.hand_start.match(lines[0])
        return HandError(path, first, 1, m.group(1) if m else None, site.name, (), lines[0],
                         f"internal error while reading this hand ({type(e).__name__}: {e}); "
                         "please report it")


#: The openings of files often put where histories are, named when such a file is skipped.
_BINARY_KINDS = (("PK\x03\x04", "a ZIP archive"), ("%PDF-", "a PDF document"),
                 ("\x1f\x8b", "a gzip archive"), ("7z\xbc\xaf", "a 7-Zip archive"),
                 ("Rar!", "a RAR archive"))


def _not_a_history(lines: list[str], path: str | None, encoding: str | None) -> ParseResult:
    """A text with no hand header of any site: skipped and counted, not a rejected hand."""
    first = next((line.strip() for line in lines if line.strip()), None)
    kind = next((k for magic, k in _BINARY_KINDS if first and first.startswith(magic)), None)
    if first is None:
        reason = "the file is empty"
    elif kind is not None or "\x00" in first:
        # Its first line as text would be a screenful of control characters.
        reason = f"{kind or 'binary data'}, not the text of a hand history"
    else:
        titles = [s.title for s in SITES.values()]
        reason = (f"no hand header of {', '.join(titles[:-1])} or {titles[-1]} found; "
                  f"first line {first[:80]!r}")
    return ParseResult(path, None, encoding, (), (), (), 0, not_history=reason)


def _outside_hands(lines: list[str], spans: list[tuple[int, int]], site: Site, path: str | None,
                   first_line: int, step: int) -> list[HandError]:
    """One rejection per run of lines that lie in no hand (runs end at a blank line or a
    hand), naming its first line and what a hand starts with."""

    banner = site.banner.match if site.banner is not None else None
    inside = [False] * len(lines)
    for i, j in spans:
        inside[i:j] = [True] * (j - i)
    runs: list[list[int]] = []
    previous = None
    for k, line in enumerate(lines):
        if inside[k] or not line.strip():
            previous = None
            continue
        if banner and banner(line):
            continue
        if previous is None:
            runs.append([k, 0])
        runs[-1][1] += 1
        previous = k
    header = site.describe("HEADER")
    return [HandError(path, first_line + k * step, 1, None, site.name, (header,),
                      lines[k].strip(), f"{plural(count, 'line')} in no hand: expected "
                      f"{header} to start a hand; got {lines[k].strip()[:80]!r}")
            for k, count in runs]


def _no_hand(lines: list[str], path: str | None, site: Site, first_line: int = 1) -> HandError:
    n, line = next((n, line) for n, line in enumerate(lines, first_line) if line.strip())
    return HandError(path, n, 1, None, site.name, (site.describe("HEADER"),), line.strip(),
                     f"no {site.title} hand found: expected {site.describe('HEADER')}; "
                     f"got {line.strip()[:80]!r}")


def format_report(results: Iterable[ParseResult]) -> Iterator[str]:
    """Lines of the ``hhtools parse`` summary: each file, its rejected hands, then the totals."""
    hands: Counter[tuple[str, str]] = Counter()
    skipped: Counter[str] = Counter()
    files = errors = warned = foreign = 0
    for r in results:
        files += 1
        if r.not_history is not None:
            foreign += 1
            yield f"{shown(r.path or '<text>')}: not a hand history: {r.not_history}"
            continue
        games = Counter((r.site or "", h.game) for h in r.hands)  # a result with hands has a site
        hands.update(games)
        skipped.update(r.skipped_by_game())
        errors += len(r.errors)
        parts = [f"{len(r.hands)} hand{'s' * (len(r.hands) != 1)}"
                 + (f" ({_counts({g: n for (_, g), n in games.items()})})" if games else "")]
        if r.summaries:
            parts.append(plural(len(r.summaries), "tournament summary", "tournament summaries"))
        if r.skipped:
            parts.append(f"skipped {_counts(r.skipped_by_game())}")
        if r.errors:
            parts.append(f"{len(r.errors)} rejected")
        warnings = r.warnings
        warned += len(warnings)
        if warnings:
            parts.append(f"{len(warnings)} warning{'s' * (len(warnings) != 1)}")
        yield f"{shown(r.path or '<text>')}: {r.site or 'unknown site'}, {', '.join(parts)}"
        for e in r.errors:
            yield f"  {e.message}"
        for w in warnings:
            yield f"  {w.message}"
    sites: dict[str, dict[str, int]] = {}
    for (site, game), n in sorted(hands.items()):
        sites.setdefault(site, {})[game] = n
    per_site = "; ".join(f"{s}: {_counts(g)}" for s, g in sites.items()) or "none"
    total = sum(hands.values())
    yield (f"total: {files} file{'s' * (files != 1)}, {total} hand{'s' * (total != 1)} ({per_site}), "
           f"skipped {_counts(skipped) if skipped else 'none'}, {errors} rejected"
           + (f", {warned} warning{'s' * (warned != 1)}" if warned else "")
           + (f", {not_history_count(foreign)}" if foreign else ""))


def not_history_count(files: int) -> str:
    """``not a hand history: 2 files``, as summaries count the files skipped so."""
    return f"not a hand history: {files} file{'s' * (files != 1)}"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in sorted(counts.items()))
