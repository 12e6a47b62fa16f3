"""``hhtools convert``: PHH and JSON, to standard output or a directory; exit status."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

from typer.testing import CliRunner

from hhtools.cli import app
from hhtools.phh import read_phh

DATA = Path(__file__).parent / "data" / "merge"
runner = CliRunner()


def test_phh_one_file_per_hand_reads_back(corpus, tmp_path):
    out = tmp_path / "phh"
    result = runner.invoke(app, ["convert", str(corpus / "merge"), str(corpus / "kingsclub"),
                                 "--to", "phh", "--out", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(out.iterdir())
    # 20 Merge hands, one of them in two files (same site and id: one file), 4 KingsClub.
    assert len(files) == 19 + 4
    assert "merge-31274465-32.phh" in {f.name for f in files}
    for f in files:
        assert read_phh(f).errors == ()
    # PHH files convert onwards, here to JSON.
    back = runner.invoke(app, ["convert", str(out), "--to", "json"])
    assert back.exit_code == 0 and len(back.output.splitlines()) == len(files)


def test_stdout_is_a_phh_or_a_phhs_document(corpus):
    one = runner.invoke(app, ["convert", str(corpus / "merge" /
                                             "Badugi-PL-USD-0.05-0.10-201101.Sample.txt"),
                              "--to", "phh"])
    assert one.exit_code == 0 and tomllib.loads(one.output)["variant"] == "PB"
    many = runner.invoke(app, ["convert", str(corpus / "kingsclub"), "--to", "phh"])
    tables = tomllib.loads(many.output)
    assert sorted(tables) == ["1", "2", "3", "4"]
    assert {t["variant"] for t in tables.values()} == {"FB", "F2L3D", "FBDY"}


def test_json_per_input_file(corpus, tmp_path):
    result = runner.invoke(app, ["convert", str(corpus / "merge"), "--to", "json", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 0, result.output
    multi = tmp_path / "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.jsonl"
    hands = [json.loads(line) for line in multi.read_text().splitlines()]
    assert len(hands) == 15 and hands[0]["site"] == "merge"


def test_rejected_hands_give_one_line_each_and_exit_1():
    result = runner.invoke(app, ["convert", str(DATA / "xml-bomb.txt"), "--to", "json"])
    assert result.exit_code == 1
    assert "xml-bomb.txt:2:1: refused: the file declares a DOCTYPE" in result.output
    assert result.output.rstrip().endswith("hhtools: 1 hand rejected")


def test_unknown_format_and_missing_file(tmp_path):
    result = runner.invoke(app, ["convert", str(tmp_path), "--to", "xml"])
    assert result.exit_code == 1 and "cannot convert to 'xml'" in result.output
    result = runner.invoke(app, ["convert", str(tmp_path / "nope.txt"), "--to", "phh"])
    assert result.exit_code == 1 and "no such file" in result.output
