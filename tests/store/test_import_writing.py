"""Importing files the poker client is still writing: a cut last hand is never stored."""

import os
import time
from pathlib import Path

import polars as pl
import pytest
from storecases import snapshot

from hhtools.reading.decoding import decode_bytes
from hhtools.reading.parsing import parse_text
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

# (site, the files whose text, one after the other, makes the file, and how many hands of it
# to keep: the complete hands before the last are enough to show they are stored at once).
GROWING = {
    "kingsclub": ["kingsclub/A5-1-Draw-Limit-USD-50-100-202102.txt",
                  "kingsclub/NL-2-7-SD-USD-125-250-202103.RIT.txt"],
    "pokerstars": ["pokerstars/5-Carddraw-USD-0.10-0.20-200911.txt"],
    "fulltilt": ["fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"],
    "winamax": ["winamax/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt",
                "winamax/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"],
    "merge": ["merge/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"],
}


def _write(path: Path, text: str, encoding: str) -> None:
    codec = {"utf-16": "utf-16", "utf-8-sig": "utf-8-sig"}.get(encoding, "utf-8")
    path.write_bytes(text.encode(codec))


def _growing_text(corpus: Path, files: list[str]) -> tuple[str, str, int]:
    """The finished file's text, its encoding, and where its last hand starts (a position)."""
    texts = []
    encoding = "utf-8"
    for name in files:
        decoded = decode_bytes((corpus / name).read_bytes())
        texts.append(decoded.text.replace("\r\n", "\n").rstrip("\n") + "\n")
        encoding = decoded.encoding
    text = "\n\n".join(texts) + "\n"
    read = parse_text(text)
    last = max(h.source.first_line for h in read.hands)
    lines = text.split("\n")
    after = [s.source.first_line for s in read.skipped if s.source.first_line > last]
    if after:  # hands of games not supported follow: the file ends before them
        lines = lines[:min(after) - 1]
        text = "\n".join(lines)
    if text.startswith("<") or "<game" in text:  # Merge: the last game starts at its <game
        last = max(i for i, line in enumerate(lines, 1) if line.lstrip().startswith("<game"))
    return text, encoding, sum(len(line) + 1 for line in lines[:last - 1])


def _cuts(text: str, start: int) -> list[int]:
    """Every line end of the text from ``start`` on, and the middle of every line there."""
    cuts = []
    pos = start
    while (end := text.find("\n", pos)) >= 0:
        if end > pos + 1:
            cuts.append((pos + end) // 2)
        cuts.append(end + 1)
        pos = end + 1
    return [c for c in cuts if text[c:].strip()]  # the finished file is imported last


@pytest.mark.parametrize("site", sorted(GROWING))
def test_a_file_growing_line_by_line_stores_what_the_finished_file_stores(corpus, tmp_path, site):
    text, encoding, start = _growing_text(corpus, GROWING[site])
    path = tmp_path / "in" / "table.txt"
    path.parent.mkdir()
    store = Store(tmp_path / "db")
    finished = parse_text(text).hands
    last_id = max(finished, key=lambda h: h.source.first_line).hand_id
    for cut in _cuts(text, start):
        _write(path, text[:cut], encoding)
        done = import_paths([path], store, jobs=1)
        where = f"cut at {text[max(0, cut - 40):cut]!r}"
        assert done.rejected == 0, (where, done.rejected_examples)
        assert done.writing == 1, where
        assert f"hand {last_id}: still being written" in done.writing_examples[0], where
        assert "still being written: 1 hand" in done.render()
        stored = set(store.read_columns("hands", ["hand_id"])["hand_id"].to_list())
        assert last_id not in stored, where
    _write(path, text, encoding)
    done = import_paths([path], store, jobs=1)
    assert (done.rejected, done.writing, done.hands_new) == (0, 0, 1)
    reference = Store(tmp_path / "reference")
    alone = tmp_path / "alone" / "table.txt"
    alone.parent.mkdir()
    _write(alone, text, encoding)
    once = import_paths([alone], reference, jobs=1)
    assert once.hands_new == len(finished) and once.writing == 0
    for got, want in zip(snapshot(store), snapshot(reference)):
        assert got.equals(want)
    # Marked as imported once its last hand was stored: the next import does not read it.
    assert import_paths([path], store).files_unchanged == 1


def kingsclub_hand(corpus: Path, hand_id: int) -> str:
    """A real KingsClub hand, numbered ``hand_id``."""
    text = (corpus / "kingsclub" / "A5-1-Draw-Limit-USD-50-100-202102.txt").read_text()
    return text.replace("#41388325:", f"#{hand_id}:").rstrip("\n") + "\n"


def test_a_cut_hand_in_a_file_left_alone_is_rejected_naming_what_it_lacks(corpus, tmp_path):
    path = tmp_path / "table.txt"
    first = kingsclub_hand(corpus, 1)
    cut = kingsclub_hand(corpus, 2).split("Seat 2: Hero (774)")[0]
    path.write_text(first + "\n" + cut)
    store = Store(tmp_path / "db")
    recent = import_paths([path], store)
    assert (recent.hands_new, recent.rejected, recent.writing) == (1, 0, 1)
    assert "summary has no line for seat 2 (Hero)" in recent.writing_examples[0]
    # The client crashed: an hour later nobody will finish the hand.
    hour_ago = time.time() - 3600
    os.utime(path, (hour_ago, hour_ago))
    later = import_paths([path], store)
    assert (later.hands_new, later.duplicates, later.rejected, later.writing) == (0, 1, 1, 0)
    assert ":24:1: hand 2: the hand is not finished: its summary has no line for seat 2 (Hero)" \
        in later.rejected_examples[0]
    assert store.read_columns("hands", ["hand_id"])["hand_id"].to_list() == ["1"]


def test_a_broken_hand_followed_by_another_is_rejected_not_held(corpus, tmp_path):
    path = tmp_path / "table.txt"
    broken = kingsclub_hand(corpus, 1).replace("Player0 wins pot (199)\n", "")
    path.write_text(broken + "\n" + kingsclub_hand(corpus, 2))
    done = import_paths([path], Store(tmp_path / "db"))
    # Hand 1 is followed by hand 2: the client finished it, so it is read as it stands.
    assert done.writing == 0 and done.hands_new == 2


def test_import_command_prints_still_being_written_and_exits_0(corpus, tmp_path):
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    path = tmp_path / "table.txt"
    cut = kingsclub_hand(corpus, 2).split("Player0 stands pat")[0]
    path.write_text(kingsclub_hand(corpus, 1) + "\n" + cut)
    result = CliRunner().invoke(app, ["import", str(path), "--db", str(tmp_path / "db")])
    assert result.exit_code == 0, result.output
    assert "rejected: 0" in result.output
    assert "still being written: 1 hand (read again by the next import)" in result.output
    # Named at the line where it stops reading, as a rejection would be.
    assert f"{path}:35: hand 2: still being written (it does not read yet: " in result.output
    assert "verdicts: ok 1" in result.output


def test_a_file_with_a_skipped_and_a_rejected_hand_adds_no_row_when_read_again(corpus, tmp_path):
    # Drawmaha is a game hhtools skips; the broken hand keeps the file from being marked
    # imported, so every import reads it again.
    skipped = (corpus / "kingsclub" / "2-7 Drawmaha-FL-USD-60-120-202108.txt").read_text()
    broken = kingsclub_hand(corpus, 2).replace("Player0 stands pat", "Player0 stands on one leg")
    path = tmp_path / "table.txt"
    path.write_text(kingsclub_hand(corpus, 1) + "\n" + skipped.rstrip("\n") + "\n\n" + broken
                    + "\n" + kingsclub_hand(corpus, 3))
    store = Store(tmp_path / "db")
    for _ in range(3):
        done = import_paths([path], store)
        assert done.rejected == 1 and sum(done.skipped_games.values()) == 1
        assert store.read("skipped").height == 1
        assert store.read("rejected").height == 1
        assert store.read("hands").height == 2


def test_files_hands_counts_the_hands_stored_before_an_import_stopped_in_the_file(
        corpus, tmp_path, monkeypatch):
    import hhtools.store.importer as importer

    text = (corpus / "pokerstars" / "5-Carddraw-USD-0.10-0.20-200911.txt").read_bytes()
    path = tmp_path / "table.txt"
    path.write_bytes(text)
    monkeypatch.setattr(importer, "BATCH_HANDS", 10)
    monkeypatch.setenv("HHTOOLS_SLICE_BYTES", "2000")
    monkeypatch.setattr("hhtools.reading.slicing.SLICE_BYTES", 2000)
    written = []
    real_write = importer._Batch.write

    def stopped_after_one(self, store):
        if written:
            raise KeyboardInterrupt  # Ctrl-C while the second batch is written
        written.append(real_write(self, store))
        return written[-1]

    monkeypatch.setattr(importer._Batch, "write", stopped_after_one)
    store = Store(tmp_path / "db")
    with pytest.raises(KeyboardInterrupt):
        import_paths([path], store, jobs=1)
    first = store.read("hands").height
    assert 0 < first < 30 and store.read("files").height == 0
    monkeypatch.setattr(importer._Batch, "write", real_write)
    again = import_paths([path], store, jobs=1)
    assert (again.duplicates, again.hands_new) == (first, 30 - first)
    assert store.read("files")["hands"].to_list() == [30]


def test_nul_padding_after_a_complete_hand_keeps_the_hand_with_a_warning(corpus, tmp_path):
    path = tmp_path / "table.txt"
    # What a crash leaves in a file the client wrote ahead: zeros after the last hand, with or
    # without the last line's line feed before them.
    for tail in (b"\n" + b"\0" * 4096, b"\0" * 10):
        path.write_bytes(kingsclub_hand(corpus, 1).encode() + tail)
        store = Store(tmp_path / f"db{len(tail)}")
        done = import_paths([path], store)
        assert (done.hands_new, done.rejected, done.writing) == (1, 0, 0)
        assert done.verdicts == {"ok": 1}
        nuls = len(tail.strip(b"\n"))
        assert any(f"{nuls:,} NUL bytes end the file: padding" in w
                   for w in done.warning_examples), done.warning_examples


def test_nul_padding_of_a_utf16_file_keeps_its_last_line_feed():
    import io

    from hhtools.reading.decoding import read_history

    data = "Seat 1: A\n".encode("utf-16")
    kept, problems = read_history(io.BytesIO(data + b"\0" * 7))
    assert kept == data and [p.reason[:20] for p in problems] == ["7 NUL bytes end the "]


def _peak_rss_mb(*args: str) -> tuple[float, str]:
    """Run ``python -m hhtools args`` in a child (its own process, so its peak is its own)."""
    import subprocess
    import sys

    code = ("import resource, subprocess, sys; "
            "p = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); "
            "print(p.returncode); print(p.stdout)")
    # Batches are counted as the import writes them: no merge of small batches at its end.
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]),
           "HHTOOLS_COMPACT_AFTER": "0"}
    out = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "hhtools", *args],
                         capture_output=True, text=True, env=env, check=True).stdout
    peak, code, output = out.split("\n", 2)
    assert code == "0", output
    return int(peak) / 1024, output


def test_a_100_mb_nul_tail_is_skipped_in_bounded_memory(corpus, tmp_path):
    path = tmp_path / "table.txt"
    with open(path, "wb") as f:
        f.write(kingsclub_hand(corpus, 1).encode() + b"\n")
        f.write(b"\0" * 100_000_000)
    peak, output = _peak_rss_mb("import", str(path), "--db", str(tmp_path / "db"))
    assert "hands new: 1" in output and "rejected: 0" in output
    assert "100,000,000 NUL bytes end the file: padding" in output
    assert peak < 400, f"peak {peak:.0f} MB"


def test_a_100_mb_line_is_read_past_in_bounded_memory(corpus, tmp_path):
    path = tmp_path / "table.txt"
    with open(path, "wb") as f:
        f.write(kingsclub_hand(corpus, 1).encode() + b"\n")
        f.write(b"x" * 100_000_000 + b"\n\n")
        f.write(kingsclub_hand(corpus, 2).encode())
    peak, output = _peak_rss_mb("import", str(path), "--db", str(tmp_path / "db"))
    assert "hands new: 2" in output
    assert ":24:1: warning: a line of 100,000,000 bytes, longer than any history line" in output
    assert peak < 400, f"peak {peak:.0f} MB"


def test_20000_summary_files_are_imported_in_bounded_memory(tmp_path):
    """Files with no hand never fill a batch counted in hands: batches are bounded by rows,
    bytes and parts too, so their rows are written as the import goes."""
    from summarycases import FINISHED

    folder = tmp_path / "summaries"
    folder.mkdir()
    for n in range(20_000):
        (folder / f"{n:05}.txt").write_text(
            FINISHED.replace("#2900000021", f"#{2900000021 + n}"))
    db = tmp_path / "db"
    peak, output = _peak_rss_mb("import", str(folder), "--db", str(db))
    assert "tournament summaries: 20000 new, 0 already stored" in output
    assert peak < 300, f"peak {peak:.0f} MB"
    assert len(list((db / "batches").iterdir())) > 1
    assert Store(db).read("files").height == 20_000


def test_a_utf16_file_ending_in_a_stray_odd_byte_has_no_padding():
    import io

    from hhtools.reading.decoding import read_history

    data = "Seat 1: A\n".encode("utf-16") + b"\n"  # Full Tilt's stray last line feed
    assert read_history(io.BytesIO(data)) == (data, [])
