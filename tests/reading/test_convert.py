"""``hhtools convert``: PHH and JSON, to standard output or a directory; exit status."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.reading.parsing import parse_file
from hhtools.reading.phh import read_phh

DATA = Path(__file__).parents[1] / "data" / "merge"
runner = CliRunner()


def _run_twice(*folders):
    """The ids of the hands run twice (KingsClub), which PHH cannot hold: convert refuses
    each by name."""
    return sorted(h.hand_id for folder in folders for f in sorted(folder.glob("*.txt"))
                  for h in parse_file(f).hands if any(s.run is not None for s in h.shows))


def _refused(output):
    return sorted(line.split(": hand ")[1].split(":")[0] for line in output.splitlines()
                  if "run it twice: PHH deals each draw once" in line)


def test_phh_one_file_per_hand_reads_back(corpus, tmp_path):
    out = tmp_path / "phh"
    result = runner.invoke(app, ["convert", str(corpus / "merge"), str(corpus / "kingsclub"),
                                 "--to", "phh", "--out", str(out)])
    refused = _run_twice(corpus / "merge", corpus / "kingsclub")
    assert len(refused) == 3 and result.exit_code == 1, result.output
    assert _refused(result.output) == refused
    assert result.output.rstrip().endswith("hhtools: 3 hands rejected")
    files = sorted(out.iterdir())
    # 20 Merge hands, one of them in two files (same site and id: one file), 10 KingsClub,
    # and the Merge 5-Card Draw hand, less the three hands run twice.
    assert len(files) == 19 + 10 + 1 - 3
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
    # (the KingsClub files with no hand run twice, which PHH cannot hold)
    written = [str(f) for f in sorted((corpus / "kingsclub").iterdir())
               if not f.name.endswith("RIT.txt")]
    many = runner.invoke(app, ["convert", *written, "--to", "phh"])
    assert many.exit_code == 0, many.output
    tables = tomllib.loads(many.stdout)
    assert "1 hand skipped: 2-7 Drawmaha is not a supported game" in many.stderr
    assert sorted(tables, key=int) == [str(n) for n in range(1, 8)]
    assert {t["variant"] for t in tables.values()} == {"FB", "F2L3D", "FBDY", "FA5L3D",
                                                       "FA5L1D", "N2L1D"}


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
    assert result.exit_code == 2 and "cannot convert to 'xml'" in result.output
    result = runner.invoke(app, ["convert", str(tmp_path / "nope.txt"), "--to", "phh"])
    assert result.exit_code == 2 and "no such file" in result.output


def test_every_site_option_lists_every_site():
    """The --site help of every command is built from the site registry."""
    import typer.main

    from hhtools.sites import SITES

    commands = typer.main.get_command(app).commands
    helps = {name: p.help for name, c in commands.items() for p in c.params if p.name == "site"}
    assert set(helps) >= {"parse", "audit", "convert", "stats", "chart", "report"}
    for name, text in helps.items():
        assert all(site in text for site in SITES), (name, text)


def test_the_whole_corpus_imports_in_one_command(corpus, tmp_path):
    """All five sites from one folder: every supported hand stored, none rejected."""
    import polars as pl

    from hhtools.store.store import Store

    result = runner.invoke(app, ["import", str(corpus), "--db", str(tmp_path / "db")])
    assert result.exit_code == 0, result.output
    assert "rejected: 0" in result.output
    # The Merge hand saved in two files is stored once; the partial Full Tilt hand (its
    # summary only) is unverifiable; the 54 other hands of the 10-Game mix are skipped games.
    assert "hands new: 240" in result.output and "duplicates: 1" in result.output
    assert "verdicts: ok 239, unverifiable 1" in result.output
    hands = Store(tmp_path / "db").read("hands")
    per_site = dict(hands.group_by("site").len().sort("site").iter_rows())
    assert per_site == {"fulltilt": 43, "kingsclub": 10, "merge": 20, "pokerstars": 165,
                        "winamax": 2}
    assert hands.filter(pl.col("verdict") != "ok")["hand_id"].to_list() == ["27020940000"]


#: Files of all five sites copied into one folder: several games, structures and encodings,
#: and the hands that cannot be replayed (test_phh.SKIPPED) among them.
MIXED = {
    "pokerstars": ["Badugi-USD-0.25-0.50-201009.txt", "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt",
                   "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"],
    "fulltilt": ["10Game-6max-USD-2.50-5.201104.Sample.txt",
                 "3-Draw-Limit-USD-20-40-201101.Partial.txt",
                 "3-Draw-Limit-USD-10-20-201101.Dead.hand.txt",
                 "Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"],
    "merge": ["3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt",
              "3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt",
              "Badugi-PL-USD-0.05-0.10-201101.Sample.txt"],
    "kingsclub": ["Badeucey-Limit-USD-22-44-202101.txt",
                  "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"],
    "winamax": ["Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt",
                "Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt"],
}


def test_a_mixed_folder_imports_and_converts_to_phh_that_pokerkit_replays(corpus, tmp_path):
    import warnings
    from decimal import Decimal

    pokerkit = pytest.importorskip("pokerkit")
    from test_phh import FREE_FOLD, SKIPPED, _divmod, _rake_function, expected_stacks

    from hhtools.reading.parsing import parse_file
    from hhtools.store.store import Store

    folder = tmp_path / "mixed"
    folder.mkdir()
    originals = {}
    for site, names in MIXED.items():
        for name in names:
            # Copies in the test's own temporary folder: never kept, never committed.
            (folder / f"{site}-{name}").write_bytes((corpus / site / name).read_bytes())
            for hand in parse_file(corpus / site / name).hands:
                originals[(hand.site, hand.hand_id)] = hand
    result = runner.invoke(app, ["import", str(folder), "--db", str(tmp_path / "db")])
    assert result.exit_code == 0 and "rejected: 0" in result.output, result.output
    stored = Store(tmp_path / "db").read("hands").select("site", "hand_id").rows()
    assert sorted(stored) == sorted(originals)

    out = tmp_path / "phh"
    result = runner.invoke(app, ["convert", str(folder), "--to", "phh", "--out", str(out)])
    assert result.exit_code == 0, result.output
    files = {f.stem: f for f in out.glob("*.phh")}
    # Every hand but the partial one (nothing PHH can hold) has its file.
    assert sorted(files) == sorted(f"{s}-{i}" for s, i in originals if i != "27020940000")
    replayed = 0
    skipped = {}
    for (site, hand_id), hand in originals.items():
        if hand_id in SKIPPED:
            skipped[hand_id] = SKIPPED[hand_id]
            continue
        text = files[f"{site}-{hand_id}"].read_text()
        (back,) = read_phh(files[f"{site}-{hand_id}"]).hands
        if tomllib.loads(text)["variant"] not in pokerkit.HandHistory.game_types:
            continue  # an hhtools extension code (pot limit, Badeucy...): pokerkit has none
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            warnings.filterwarnings("ignore", message=FREE_FOLD)
            history = pokerkit.HandHistory.loads(text, rake=_rake_function(back),
                                                divmod=_divmod)
            for state in history:  # noqa: B007 - the last state is read below
                pass
        assert list(state.stacks) == expected_stacks(hand), (site, hand_id)
        assert [Decimal(str(s)) for s in history.finishing_stacks] == list(state.stacks)
        replayed += 1
    in_folder = {h for _, h in originals} & set(SKIPPED)
    assert skipped == {h: SKIPPED[h] for h in in_folder} and len(skipped) == 4
    # The 10-Game file gives 20 hands of FB and F2L3D and 10 of N2L1D (2-7 Single Draw).
    assert replayed == 4 + 20 + 10 + 1 + 15 + 1 + 2 + 1
