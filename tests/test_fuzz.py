"""A fuzz test of everything a history goes through, bounded in time: real and generated
hands of all five sites, some of them mutated (lines deleted, duplicated, swapped or cut;
invalid bytes; odd Unicode; huge, negative and NaN numbers; bogus cards; 10,000-character
lines), read by ``parse``, ``audit``, ``import``, ``stats`` and ``report``.

It asserts that nothing raises but hhtools' documented errors (HHToolsError), that no hand
meets the parser's last-resort "internal error", and that every hand left unmutated in a file
is kept exactly as it reads without the mutations. One case in four is mutated anywhere
(between hands, a Merge description, the file cut short or given a stray byte): then only
the first two hold. The cases come from a fixed seed, in a
fixed order, until the time budget is spent: ``HHTOOLS_FUZZ_SECONDS`` (35 by default; the
import, stats, report and command-line part after it takes a few seconds more). A failure
names the case; ``HHTOOLS_FUZZ_SEED`` replays another sequence.
"""

from __future__ import annotations

import codecs
import os
import random
import re
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.analytics.stats import Filters, Tables, reports
from hhtools.auditing.auditor import audit
from hhtools.cli.main import app
from hhtools.errors import HHToolsError
from hhtools.generate import write_history
from hhtools.reading.parsing import decode, parse_file, split_lines
from hhtools.report.page import build_report
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / ".." / "shared" / "corpus"
GENERATED = ROOT / "sample_histories" / "generated"
SECONDS = float(os.environ.get("HHTOOLS_FUZZ_SECONDS", "35"))
SEED = int(os.environ.get("HHTOOLS_FUZZ_SEED", "20261201"))
SITES = ("pokerstars", "kingsclub", "merge", "fulltilt", "winamax")
# Stands for invalid bytes until the text is encoded (a private-use character no history has).
BAD_BYTES = "\ue000"
ODD_CHARACTERS = ["\u202e", "\u200b", "\ufeff", "\x00", "\u2028", "\x0c", "\x85", "\u00e9",
                  "\u20ac", "\U0001f600", "\u0301", "\u01c5", "\t", "\r", "\u00a0", "\ufffd",
                  "\u0663", "\uff11", "]", "[", "(", ")", ":", "#", "<", ">", '"', "&"]
ODD_NUMBERS = ["NaN", "nan", "Infinity", "1e999", "-0", "0x10", "\u0661\u0662", "\uff11\uff12",
               "", "00000000000000000000001", "1,000,000,000,000,000,000", "0.00001", "1.2.3",
               "9999", "0001", "0", "11"]
BOGUS_CARDS = ["Zz", "1x", "Ah Ah", "10s", "X", "", "A\u3164", "As As As As As As", "??"]
UTF8_GARBAGE = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80", b"\xe9", b"\xf0\x9f", b"\x81"]


@dataclass
class Source:
    """A history file's text as its lines, how it is written, and where its hands are."""

    name: str
    lines: list[str]
    encoding: str
    hands: list[tuple[int, int, str]]  # (first line, last line, hand id), 1-based
    baseline: dict[str, tuple]


def _fingerprint(hand) -> tuple:
    """What a hand says, without where it sits in its file."""
    return (hand.site, hand.hand_id, hand.game, hand.structure, hand.small_bet, hand.big_bet,
            hand.button_seat, tuple((s.seat, s.name, s.stack, s.sitting_out) for s in hand.seats),
            tuple((a.street, a.player, a.kind, a.amount, a.to, a.count, a.discarded)
                  for a in hand.actions),
            tuple((c.player, c.amount, c.pot) for c in hand.collections),
            hand.summary.total_pot, hand.summary.rake,
            hand.hero_cards and hand.hero_cards[-1].cards)


def _source(name: str, path: Path, probe: Path, extra: Path | None = None) -> Source | None:
    data = path.read_bytes()
    text, encoding = decode(data)
    if extra is not None:
        # A real hand among generated ones of its site: unmutated neighbours for it.
        more = decode(extra.read_bytes())[0]
        if path.suffix != ".xml" and "<description" not in text:
            text = text.rstrip("\n") + "\n\n\n\n" + more
        else:
            text = text.rstrip("\n") + "\n\n" + more
    lines = split_lines(text)
    probe.write_text("\n".join(lines), encoding="utf-8")  # read as the cases will be
    result = parse_file(probe)
    if not result.hands:
        return None
    hands = [(h.source.first_line, h.source.last_line, h.hand_id) for h in result.hands]
    baseline = {h.hand_id: _fingerprint(h) for h in result.hands}
    if len(baseline) != len(result.hands):
        return None  # a file repeating a hand id cannot say which copy was kept
    return Source(name, lines, "utf-16" if encoding.startswith("utf-16") else "utf-8", hands,
                  baseline)


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> list[Source]:
    return load_sources(tmp_path_factory.mktemp("generated"))


def load_sources(fresh: Path) -> list[Source]:
    """The files the cases are made from: fresh generated sessions of each site, the sample
    sessions, and each real corpus file followed by a generated session of its site."""
    probe = fresh / "probe.txt"
    found: list[Source] = []
    for site, game, structure in (("pokerstars", "2-7", "fixed-limit"),
                                  ("kingsclub", "badacey", "fixed-limit"),
                                  ("merge", "2-7", "pot-limit"),
                                  ("fulltilt", "2-7", "fixed-limit"),
                                  ("winamax", "2-7", "fixed-limit")):
        path = fresh / f"{site}.txt"
        write_history(path, site, game, structure, hands=12, seed=SEED)
        found.append(_source(f"generated {site} {game}", path, probe))
    for path in sorted(GENERATED.glob("*/*.txt")):
        found.append(_source(f"sample {path.parent.name}/{path.name}", path, probe))
    if CORPUS.is_dir():
        for site in SITES:
            neighbours = sorted((GENERATED / site).glob("*.txt"))[0]
            for path in sorted((CORPUS / site).glob("*.txt")):
                found.append(_source(f"corpus {site}/{path.name}", path, probe, neighbours))
    found = [s for s in found if s is not None]
    assert {s.name.split()[1].split("/")[0] for s in found} >= set(SITES)
    return found


def _digit_runs(line: str) -> list[re.Match]:
    return list(re.finditer(r"[0-9]+(?:[.,][0-9]+)*", line))


def _mutate_line(rng: random.Random, lines: list[str], i: int, last: int) -> tuple[str, int]:
    """Mutate line index ``i`` (the hand ends at index ``last``); returns what was done and
    how many lines the hand gained."""
    line = lines[i]
    op = rng.choice(["delete", "duplicate", "swap", "cut", "bytes", "unicode", "huge",
                     "negative", "nan", "cards", "long"])
    if op == "delete":
        del lines[i]
        return op, -1
    if op == "duplicate":
        lines.insert(i, line)
        return op, 1
    if op == "swap" and i < last:
        lines[i], lines[i + 1] = lines[i + 1], line
        return op, 0
    if op == "cut":
        lines[i] = line[:rng.randrange(len(line) + 1)]
        return op, 0
    at = rng.randrange(len(line) + 1)
    if op == "bytes":
        lines[i] = line[:at] + BAD_BYTES + line[at:]
    elif op == "unicode":
        lines[i] = line[:at] + rng.choice(ODD_CHARACTERS) + line[at:]
    elif op in ("huge", "negative", "nan") and (runs := _digit_runs(line)):
        m = rng.choice(runs)
        new = {"huge": "9" * rng.randrange(16, 80), "negative": "-" + m.group(),
               "nan": rng.choice(ODD_NUMBERS)}[op]
        lines[i] = line[:m.start()] + new + line[m.end():]
    elif op == "cards" and (cards := list(re.finditer(r"\b[2-9TJQKA][shdc]\b", line))):
        m = rng.choice(cards)
        lines[i] = line[:m.start()] + rng.choice(BOGUS_CARDS) + line[m.end():]
    elif op == "long":
        lines[i] = line[:at] + rng.choice("x9 [$<") * 10_000 + line[at:]
    else:  # no number or card on the line to change
        op = "unicode"
        lines[i] = line[:at] + rng.choice(ODD_CHARACTERS) + line[at:]
    return op, 0


def _case(rng: random.Random, source: Source, anywhere: bool = False
          ) -> tuple[bytes, set[str], list[str]]:
    """A mutated copy of the source file: its bytes, the ids of the hands that may have been
    touched, and what was done. ``anywhere`` mutates any line (between hands, a Merge
    description...) and may cut the file or put a stray byte in it (a UTF-16 file is then
    misaligned): no hand is then sure to be kept, but nothing may fail."""
    lines = list(source.lines)
    done = []
    if anywhere:
        touched = set(source.baseline)
        for _ in range(rng.randint(1, 8)):
            if not lines:
                break
            i = rng.randrange(len(lines))
            op, _ = _mutate_line(rng, lines, i, len(lines) - 1)
            done.append(f"{op} line {i + 1}")
    else:
        # Only a hand that follows a blank line (or starts the file) is mutated: were its
        # header lost, its lines would otherwise join the hand before it.
        candidates = [h for h in source.hands if h[0] == 1 or not lines[h[0] - 2].strip()]
        chosen = rng.sample(candidates, min(len(candidates), rng.choice([1, 1, 2])))
        touched = {h[2] for h in chosen}
        # From the last hand to the first, so the line numbers of those before stay right.
        for first, last, hand_id in sorted(chosen, reverse=True):
            end = last - 1
            for _ in range(rng.randint(1, 4)):
                i = rng.randint(first - 1, end)
                op, grown = _mutate_line(rng, lines, i, end)
                end += grown
                done.append(f"{op} line {i + 1} of hand {hand_id}")
                if end < first - 1:
                    break
    text = "\n".join(lines)
    if source.encoding == "utf-16":
        # A lone surrogate, or a byte too many or too few (the units after it shifted).
        parts = text.split(BAD_BYTES)
        data = codecs.BOM_UTF16_LE + parts[0].encode("utf-16-le")
        for part in parts[1:]:
            piece = part.encode("utf-16-le")
            data += rng.choice([b"\x00\xd8" + piece, bytes([rng.randrange(256)]) + piece,
                                piece[1:]])
    else:
        parts = text.encode("utf-8").split(BAD_BYTES.encode("utf-8"))
        data = parts[0] + b"".join(rng.choice(UTF8_GARBAGE) + p for p in parts[1:])
    if anywhere and rng.random() < 0.4:
        at = rng.randrange(len(data) + 1)
        if rng.random() < 0.5:
            data = data[:at]
            done.append(f"cut the file at byte {at}")
        else:
            data = data[:at] + bytes([rng.randrange(256)]) + data[at:]
            done.append(f"a stray byte at byte {at}")
    return data, touched, done


def _check_parse(path: Path, source: Source, mutated: set[str], done: list[str]) -> None:
    where = f"{source.name} ({'; '.join(done)}), written to {path}"
    result = parse_file(path)
    for error in result.errors:
        assert "internal error" not in error.reason, f"{where}: {error.message}"
        assert error.line >= 1 and error.column >= 1, where
    kept = {h.hand_id: h for h in result.hands if h.hand_id not in mutated}
    for hand_id, fingerprint in source.baseline.items():
        if hand_id in mutated:
            continue
        assert hand_id in kept, f"{where}: the unmutated hand {hand_id} was lost"
        assert _fingerprint(kept[hand_id]) == fingerprint, \
            f"{where}: the unmutated hand {hand_id} reads otherwise"
    for hand in result.hands:
        try:
            audit(hand)
        except HHToolsError:
            pass


@pytest.mark.slow
def test_fuzz_parse_audit_import_stats_report(sources, tmp_path):
    rng = random.Random(SEED)
    folder = tmp_path / "cases"
    folder.mkdir()
    deadline = time.monotonic() + SECONDS
    cases = 0
    while time.monotonic() < deadline:
        source = sources[cases % len(sources)]
        # One case in four is mutated anywhere, the others inside chosen hands.
        data, mutated, done = _case(rng, source, anywhere=cases % 4 == 3)
        path = folder / f"case-{cases:05d}.txt"
        path.write_bytes(data)
        _check_parse(path, source, mutated, done)
        if cases >= 120:
            path.unlink()  # the store part below reads the first 120 cases
        cases += 1
    assert cases >= len(sources), "the time budget did not cover every source once"
    store = Store(tmp_path / "db")
    summary = import_paths([folder], store, jobs=1)
    assert summary.hands_new > 0
    tables = Tables.load(store)
    for frame in reports(tables, Filters()).values():
        assert frame.columns
    heroes = store.read_columns("players", ["player", "is_hero"]).filter("is_hero")
    assert build_report(store, Filters()).startswith("<!DOCTYPE html>")
    if heroes.height:
        build_report(store, Filters(player=heroes["player"][0]))


@pytest.mark.parametrize("command", ["parse", "audit", "import", "stats", "report"])
def test_fuzz_cli_runs(sources, tmp_path, command):
    """A few mutated files through each command: an exit status, never a traceback."""
    rng = random.Random(SEED + 1)
    folder = tmp_path / "cases"
    folder.mkdir()
    for n, source in enumerate(rng.sample(sources, min(8, len(sources)))):
        (folder / f"case-{n}.txt").write_bytes(_case(rng, source)[0])
    db = str(tmp_path / "db")
    runner = CliRunner()
    if command in ("stats", "report"):
        assert runner.invoke(app, ["import", str(folder), "--db", db]).exit_code in (0, 1)
    args = {"parse": ["parse", str(folder)], "audit": ["audit", str(folder)],
            "import": ["import", str(folder), "--db", db], "stats": ["stats", "--db", db],
            "report": ["report", "--db", db, "--out", str(tmp_path / "r.html")]}[command]
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
