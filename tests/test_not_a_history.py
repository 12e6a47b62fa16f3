"""A file with no hand of any known site (a readme, the showdowns of ``hhtools eval``) is not
a hand history: skipped and counted, never a rejected hand."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from hhtools.cli import app
from hhtools.importer import import_paths
from hhtools.parsing import parse_paths
from hhtools.store import Store

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
GOOD = SAMPLES / "generated" / "kingsclub" / "badugi-fixed-limit.txt"


def _folder(tmp_path) -> Path:
    folder = tmp_path / "histories"
    folder.mkdir()
    shutil.copy(GOOD, folder / "session.txt")
    shutil.copy(SAMPLES / "showdowns.txt", folder / "showdowns.txt")
    (folder / "readme.txt").write_text("My poker notes\n\nnothing to see here\n")
    (folder / "empty.txt").write_bytes(b"")
    return folder


def test_parse_counts_them_apart(tmp_path):
    results = list(parse_paths([_folder(tmp_path)]))
    foreign = {Path(r.path).name: r.not_history for r in results if r.not_history}
    assert sorted(foreign) == ["empty.txt", "readme.txt", "showdowns.txt"]
    assert foreign["empty.txt"] == "the file is empty"
    assert foreign["readme.txt"].endswith("found; first line 'My poker notes'")
    assert all(r.errors == () for r in results)


def test_import_skips_and_counts_them(tmp_path):
    store = Store(tmp_path / "db")
    summary = import_paths([_folder(tmp_path)], store)
    assert (summary.rejected, summary.not_histories) == (0, 3)
    assert summary.hands_new > 0
    assert "not a hand history: 3 files" in summary.render().split("\n")
    assert store.read("rejected").height == 0
    # They are remembered like any file read whole: not read again.
    again = import_paths([tmp_path / "histories"], store)
    assert (again.files_unchanged, again.not_histories) == (4, 0)


def test_cli_parse_and_import_exit_zero(tmp_path):
    folder = _folder(tmp_path)
    runner = CliRunner()
    parsed = runner.invoke(app, ["parse", str(folder)])
    assert parsed.exit_code == 0, parsed.output
    assert "readme.txt: not a hand history: no hand header of PokerStars" in parsed.output
    assert parsed.output.rstrip().endswith("not a hand history: 3 files")
    imported = runner.invoke(app, ["import", str(folder), "--db", str(tmp_path / "db")])
    assert imported.exit_code == 0, imported.output
    assert "not a hand history: 3 files" in imported.output
