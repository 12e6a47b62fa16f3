"""A file with no hand of any known site (a readme, the showdowns of ``hhtools eval``) is not
a hand history: skipped and counted, never a rejected hand."""

from __future__ import annotations

import shutil
from pathlib import Path

from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.reading.parsing import parse_paths
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
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


# ---- audit and convert are never silent: what a file gave instead of hands -----------------

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
DRAWMAHA = CORPUS / "kingsclub" / "2-7 Drawmaha-FL-USD-60-120-202108.txt"


def _nothing(tmp_path) -> dict[str, Path]:
    """A file of each kind that holds no hand to audit, as users drop them among histories."""
    import zipfile

    files = {"zip": tmp_path / "histories.zip", "pdf": tmp_path / "statement.pdf",
             "readme": tmp_path / "readme.txt", "drawmaha": tmp_path / "drawmaha.txt"}
    with zipfile.ZipFile(files["zip"], "w") as z:
        z.writestr("session.txt", GOOD.read_text(encoding="utf-8"))
    files["pdf"].write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n")
    files["readme"].write_text("How I keep my hand histories\n\nOne folder per site.\n")
    shutil.copy(DRAWMAHA, files["drawmaha"])
    return files


def _run(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def test_audit_says_why_a_file_gave_no_hand(tmp_path):
    files = _nothing(tmp_path)
    said = {"zip": f"no hand history in {files['zip']}: a ZIP archive, not the text of a hand "
                   "history",
            "pdf": f"no hand history in {files['pdf']}: a PDF document, not the text of a hand "
                   "history",
            "readme": f"no hand history in {files['readme']}: no hand header of PokerStars, "
                      "KingsClub, Merge, Full Tilt or Winamax found; first line 'How I keep my "
                      "hand histories'",
            "drawmaha": f"{files['drawmaha']}: 1 hand skipped: 2-7 Drawmaha is not a supported "
                        "game"}
    totals = {"drawmaha": "total: 0 hands audited, 1 skipped, 0 rejected"}
    for kind, path in files.items():
        code, out, _ = _run("audit", path)
        # Nothing was rejected and no finding made (README, exit-status contract): 0, said.
        assert code == 0, (kind, out)
        assert out.splitlines() == [said[kind], totals.get(
            kind, "total: 0 hands audited, 0 skipped, 0 rejected, no hand history in 1 file")]


def test_audit_of_a_folder_of_such_files_totals_them(tmp_path):
    _nothing(tmp_path)
    code, out, _ = _run("audit", tmp_path)
    assert code == 0
    lines = out.splitlines()
    # The zip and the PDF are not *.txt files, so a folder search does not read them.
    assert len(lines) == 3 and lines[-1] == ("total: 0 hands audited, 1 skipped, 0 rejected, "
                                             "no hand history in 1 file")


def test_json_audit_stays_one_hand_object_a_line(tmp_path):
    import json

    files = _nothing(tmp_path)
    shutil.copy(GOOD, tmp_path / "session.txt")
    code, out, err = _run("audit", "--json", tmp_path / "session.txt", files["readme"],
                          files["drawmaha"])
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert objects and all(o["verdict"] == "ok" for o in objects)
    assert "no hand history in" in err and "2-7 Drawmaha is not a supported game" in err
    assert "total:" not in out + err


def test_a_multi_hand_audit_ends_with_its_totals(tmp_path):
    files = _nothing(tmp_path)
    broken = Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt"
    code, out, _ = _run("audit", GOOD, broken, files["drawmaha"], files["readme"])
    assert code == 1  # the broken file's first hand was rejected
    hands = len(parse_paths_count(GOOD))
    assert out.splitlines()[-1] == (f"total: {hands + 1} hands audited ({hands + 1} ok), "
                                    "1 skipped, 1 rejected, no hand history in 1 file")


def parse_paths_count(path: Path) -> list:
    return [h for r in parse_paths([path]) for h in r.hands]


def test_one_hand_has_no_totals_line(tmp_path):
    first = parse_paths_count(GOOD)[0].source
    lines = GOOD.read_text(encoding="utf-8").splitlines(keepends=True)
    one = tmp_path / "one.txt"
    one.write_text("".join(lines[first.first_line - 1:first.last_line]), encoding="utf-8")
    code, out, _ = _run("audit", one)
    assert code == 0 and len(out.splitlines()) == 1 and out.endswith(" ok\n")


def test_convert_says_why_a_file_gave_no_hand(tmp_path):
    files = _nothing(tmp_path)
    for kind, path in files.items():
        code, out, err = _run("convert", path, "--to", "json")
        assert code == 0 and out == "", kind
        expected = ("2-7 Drawmaha is not a supported game" if kind == "drawmaha"
                    else f"no hand history in {path}: ")
        assert expected in err, (kind, err)
        assert err.splitlines()[-1] == "no hand converted"
    code, out, err = _run("convert", tmp_path, "--to", "phh", "--out", tmp_path / "phh")
    assert code == 0 and "no hand converted" in err and "readme.txt" in err
    assert list((tmp_path / "phh").iterdir()) == []
