"""Encodings per file, honestly: UTF-8 and UTF-16 are read strictly, an invalid byte is
replaced and reported on its line and in its hand, and cp1252 is used only for a file that
is not UTF-8 anywhere, with a warning saying so."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from hhtools.reading.decoding import decode_bytes
from hhtools.reading.parsing import decode, parse_file, split_lines
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / ".." / "shared" / "corpus"
STARS = (ROOT / "sample_histories" / "generated" / "pokerstars" / "badugi-fixed-limit.txt"
         ).read_text(encoding="utf-8-sig")
HANDS = STARS.split("\n\n\n\n")[:3]
# Hand 2's seat lines are lines 3 to 7 of the hand, 17 lines after the file's start.
SECOND_FIRST_LINE = HANDS[0].count("\n") + 5


def _write(tmp_path, data: bytes, name: str = "h.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_an_invalid_byte_is_a_warning_on_its_line_and_in_its_hand(tmp_path):
    # A UTF-8 file (René is written in UTF-8) with one byte that is not UTF-8, in a name.
    text = "\n\n\n\n".join(HANDS).replace("oooDestroyoo", "Ren\u00e9")
    data = text.encode().replace("Ren\u00e9 ($1.79".encode(), b"Ren\xe9 ($1.79")
    line = text.split("\n").index("Seat 3: Ren\u00e9 ($1.79 in chips)") + 1
    result = parse_file(_write(tmp_path, data))
    assert result.encoding == "utf-8"
    # The name no longer matches the hand's other lines: that hand alone is rejected, and
    # the warning says why, on the same line.
    assert [h.hand_id for h in result.hands] == ["13805352000001", "13805352000003"]
    (error,) = result.errors
    (warning,) = result.warnings
    assert warning.message == (f"{tmp_path / 'h.txt'}:{line}:12: warning: invalid UTF-8 byte "
                               "0xE9 replaced by U+FFFD")
    assert error.hand_id == "13805352000002"


def test_an_invalid_byte_in_a_kept_hand_is_in_that_hand(tmp_path):
    # René in UTF-8 makes it a UTF-8 file: the invalid bytes are replaced, not a reason
    # to read it all as cp1252.
    text = "\n\n\n\n".join(HANDS).replace("oooDestroyoo", "Ren\u00e9")
    data = text.encode().replace(b"Laurelvale", b"Laurel\xffvale")
    result = parse_file(_write(tmp_path, data))
    assert len(result.hands) == 3 and result.errors == ()
    for hand in result.hands:
        (warning,) = hand.warnings
        assert warning.line == hand.source.first_line + 1
        assert (warning.column, warning.hand_id) == (14, hand.hand_id)
        assert warning.reason == "invalid UTF-8 byte 0xFF replaced by U+FFFD"
    assert result.hands[0].table == "Laurel\ufffdvale"
    assert result.notes == ()


def test_an_import_reports_the_warnings(tmp_path):
    text = "\n\n\n\n".join(HANDS).replace("oooDestroyoo", "Ren\u00e9")
    data = text.encode().replace(b"Laurelvale", b"Laurel\xffvale", 1) + b"\n"
    # Ended by a line feed, as clients end their files: a file just written whose last line
    # has none may be cut inside it, and its last hand is left for the next import.
    summary = import_paths([_write(tmp_path, data)], Store(tmp_path / "db"))
    assert (summary.hands_new, summary.rejected, summary.warnings) == (3, 0, 1)
    assert "warnings: 1" in summary.render().split("\n")
    assert "invalid UTF-8 byte 0xFF replaced by U+FFFD" in summary.render()


def test_cp1252_only_for_a_file_not_utf8_anywhere_and_said(tmp_path):
    text = "\n\n\n\n".join(HANDS).replace("oooDestroyoo", "Ren\u00e9")
    result = parse_file(_write(tmp_path, text.encode("cp1252")))
    assert result.encoding == "cp1252" and result.errors == ()
    assert "Ren\u00e9" in [s.name for s in result.hands[1].seats]
    (note,) = result.notes
    assert note.hand_id is None
    assert note.reason == "the file is not UTF-8 (byte 0xE9): read as Windows-1252 (cp1252)"
    assert note.line == text.split("\n").index("Seat 3: Ren\u00e9 ($1.79 in chips)") + 1


def test_utf8_with_bom_is_read_strictly(tmp_path):
    text = "\n\n\n\n".join(HANDS).replace("oooDestroyoo", "Ren\u00e9")
    data = codecs.BOM_UTF8 + text.encode().replace(b"Laurelvale", b"Laurel\x80vale", 1)
    result = parse_file(_write(tmp_path, data))
    assert result.encoding == "utf-8-sig"
    assert "Ren\u00e9" in [s.name for s in result.hands[1].seats]
    assert [w.reason for w in result.warnings] == ["invalid UTF-8 byte 0x80 replaced by U+FFFD"]


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le"])
def test_utf16_lone_surrogate_is_replaced_and_reported(tmp_path, codec):
    text = "\n\n\n\n".join(HANDS)
    data = text.encode(codec)
    bad = "Laurelvale".encode("utf-16-le")
    data = data.replace(bad, "Laurel".encode("utf-16-le") + b"\x00\xd8"
                        + "vale".encode("utf-16-le"), 1)
    result = parse_file(_write(tmp_path, data))
    assert result.errors == ()
    (warning,) = result.warnings
    assert (warning.line, warning.column) == (2, 14)
    assert warning.reason == "a lone UTF-16 surrogate U+D800 replaced by U+FFFD"
    assert result.hands[0].table == "Laurel\ufffdvale"


def test_utf16_odd_last_byte():
    # A stray line feed after the last whole unit (as Full Tilt writes) carries no text.
    assert decode(codecs.BOM_UTF16_LE + "ab\n".encode("utf-16-le") + b"\n") == ("ab\n", "utf-16")
    decoded = decode_bytes(codecs.BOM_UTF16_LE + "ab\ncd".encode("utf-16-le") + b"Z")
    assert decoded.text == "ab\ncd\ufffd"
    (problem,) = decoded.problems
    assert (problem.line, problem.column) == (2, 3)
    assert problem.reason == "the UTF-16 file ends with a lone byte 0x5A, replaced by U+FFFD"


def test_winamax_euro_hands_read():
    path = CORPUS / "winamax" / "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
    if not path.exists():
        pytest.skip("the shared corpus is not beside the project")
    result = parse_file(path)
    assert result.encoding == "utf-8" and result.errors == () and result.warnings == ()
    assert result.hands[0].currency == "EUR"


def test_every_corpus_file_decodes_without_a_problem():
    # The real files, including Full Tilt's UTF-16 files ending with an odd byte, read as
    # before: no byte replaced, nothing to say.
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus is not beside the project")
    for path in sorted(p for p in CORPUS.rglob("*") if p.is_file()):
        decoded = decode_bytes(path.read_bytes())
        assert (decoded.problems, decoded.notes) == ((), ()), path
        assert "\ufffd" not in decoded.text, path


def test_many_bad_lines_outside_hands_are_counted_not_listed(tmp_path):
    stray = "".join(f"junk {n} \u00e9\n" for n in range(30)).encode()
    data = "\n\n\n\n".join(HANDS).encode() + b"\n\n\n" + stray.replace(b"\xc3\xa9", b"\xe9")
    data = data.replace(b"Laurelvale", "Laur\u00e9lvale".encode(), 1)  # valid UTF-8 too
    result = parse_file(_write(tmp_path, data))
    assert len(result.hands) == 3
    assert len(result.notes) == 11
    assert result.notes[-1].reason == ("20 more lines with bytes that could not be read, "
                                       "replaced by U+FFFD")


def test_winamax_euro_hands_read_beside_an_invalid_byte(tmp_path):
    # One bad byte used to make the whole file cp1252: every "€" became "â‚¬" and every hand
    # was rejected. Now only the line holding it says so.
    path = CORPUS / "winamax" / "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
    if not path.exists():
        pytest.skip("the shared corpus is not beside the project")
    data = path.read_bytes()
    bad = _write(tmp_path, data.replace(b"Table: '", b"Table: '\xff", 1), path.name)
    result = parse_file(bad)
    assert result.encoding == "utf-8" and result.errors == ()
    (hand,) = result.hands
    assert hand.currency == "EUR" and hand.table.startswith("\ufffd")
    assert [w.reason for w in result.warnings] == ["invalid UTF-8 byte 0xFF replaced by U+FFFD"]


@pytest.mark.parametrize("damage", ["added", "lost"])
def test_a_byte_added_or_lost_in_utf16_costs_one_character(tmp_path, damage):
    # Every unit after it would be read one byte off, as other characters: the hands after
    # it were lost without a word. The text is read again from the next whole unit.
    path = ROOT / "sample_histories" / "generated" / "fulltilt" / "2-7-fixed-limit.txt"
    data = path.read_bytes()
    assert data.startswith(codecs.BOM_UTF16_LE)
    whole = parse_file(path)
    second = whole.hands[1]
    text = decode(data)[0]
    # A byte in the middle of the second hand's third line.
    line = split_lines(text)[second.source.first_line + 1]
    at = text.index(line) + len(line) // 2
    cut = 2 + 2 * at + 1
    damaged = data[:cut] + b"X" + data[cut:] if damage == "added" else data[:cut] + data[cut + 1:]
    result = parse_file(_write(tmp_path, damaged))
    ids = [h.hand_id for h in whole.hands]
    assert [h.hand_id for h in result.hands if h.hand_id != second.hand_id] == \
        [i for i in ids if i != second.hand_id]
    problems = [w for w in result.warnings if "shifted the UTF-16 text" in w.reason]
    assert problems and problems[0].line == second.source.first_line + 2
