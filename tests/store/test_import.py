"""Importing the real corpus into the store: once per hand, atomic, audited."""

import os
import signal
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

import polars as pl
import pytest
from storecases import corpus_paths, snapshot

from hhtools.store.importer import import_paths
from hhtools.store.store import Store


def test_importing_twice_stores_each_hand_once(corpus, tmp_path):
    store = Store(tmp_path / "db")
    first = import_paths(corpus_paths(corpus), store)
    assert first.hands_new == 175 and first.duplicates == 0
    assert first.verdicts == {"ok": 175}
    assert first.rejected == 0
    second = import_paths(corpus_paths(corpus), store)
    assert second.hands_new == 0 and second.duplicates == 0
    assert (second.files_unchanged, second.files_read) == (25, 0)
    hands = store.read("hands")
    assert hands.height == 175
    assert hands.select("site", "hand_id").is_unique().all()


def test_changed_file_is_read_again_and_its_known_hands_skipped(corpus, tmp_path):
    src = corpus / "kingsclub" / "Badugi-Limit-USD-30-60-202010.txt"
    copy = tmp_path / "in" / "a.txt"
    copy.parent.mkdir()
    copy.write_bytes(src.read_bytes())
    store = Store(tmp_path / "db")
    assert import_paths([copy], store).hands_new == 1
    copy.write_bytes(src.read_bytes() + b"\n\n")
    again = import_paths([copy], store)
    assert (again.files_read, again.duplicates, again.hands_new) == (1, 1, 0)


def test_nets_per_player_equal_the_sites_own_results(corpus, tmp_path):
    store = Store(tmp_path / "db")
    import_paths([corpus / "kingsclub"], store)
    players = store.read("players").filter(~pl.col("sitting_out"))
    # KingsClub prints each seat's signed net in the summary; the store must agree exactly.
    from hhtools.reading.parsing import parse_paths
    printed = {}
    for result in parse_paths([corpus / "kingsclub"]):
        for hand in result.hands:
            for seat in hand.summary.seats:
                if seat.net is not None:
                    printed[(hand.hand_id, seat.player)] = seat.net
    stored = {(h, p): n for h, p, n in players.select("hand_id", "player", "net").iter_rows()}
    assert printed and all(stored[k] == v for k, v in printed.items())
    assert sum(stored.values()) + store.read("hands")["rake"].sum() == Decimal(0)


def test_a_killed_import_completes_on_the_next_run(corpus, tmp_path):
    clean = Store(tmp_path / "clean")
    import_paths(corpus_paths(corpus), clean)

    db = tmp_path / "killed"
    env = {**os.environ, "HHTOOLS_BATCH_HANDS": "3"}
    code = ("import sys; from hhtools.store.importer import import_paths; from hhtools.store.store import Store; "
            "import_paths(sys.argv[2:], Store(sys.argv[1]))")
    proc = subprocess.Popen([sys.executable, "-c", code, str(db), *map(str, corpus_paths(corpus))],
                            env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if len(list((db / "batches").glob("*"))) >= 2:
            proc.send_signal(signal.SIGKILL)
            break
        time.sleep(0.002)
    assert proc.wait() == -signal.SIGKILL, "the import ended before it could be killed"
    killed = Store(db)
    stored_before = killed.read("hands").height
    assert 0 < stored_before < 175
    # Whole hands only: every stored hand has its players, and nothing else is there.
    assert killed.read("players")["hand_id"].n_unique() == stored_before
    import_paths(corpus_paths(corpus), killed)
    for got, want in zip(snapshot(killed), snapshot(clean)):
        assert got.equals(want)


def test_import_and_rejected_commands(corpus, tmp_path):
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    runner = CliRunner()
    db = str(tmp_path / "db")
    result = runner.invoke(app, ["import", str(corpus / "pokerstars"), "--db", db])
    assert result.exit_code == 0
    assert "hands new: 165" in result.stdout and "rejected: 0" in result.stdout
    # A file whose first hand is broken: that hand is rejected, the second one kept.
    broken = Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt"
    result = runner.invoke(app, ["import", str(broken), "--db", db])
    assert result.exit_code == 1
    assert "hands new: 1" in result.stdout and "rejected: 1" in result.stdout
    listed = runner.invoke(app, ["rejected", "--db", db])
    assert listed.exit_code == 0
    [line] = listed.stdout.splitlines()
    assert line.startswith(f"{broken}:")
    again = runner.invoke(app, ["import", str(corpus / "kingsclub"), "--db", db])
    assert again.exit_code == 0 and "hands new: 10" in again.stdout
    missing = runner.invoke(app, ["import", str(tmp_path / "nowhere"), "--db", db])
    # A path that is not there is a usage error (2), named, without a traceback.
    assert missing.exit_code == 2 and "Traceback" not in missing.output
    assert f"no such file or directory: {tmp_path / 'nowhere'}" in missing.output


def test_two_jobs_store_what_one_job_stores(corpus, tmp_path):
    one, two = Store(tmp_path / "one"), Store(tmp_path / "two")
    import_paths(corpus_paths(corpus), one, jobs=1)
    summary = import_paths(corpus_paths(corpus), two, jobs=2)
    assert summary.hands_new == 175
    for got, want in zip(snapshot(two), snapshot(one)):
        assert got.equals(want)


def test_a_hand_repeated_in_one_file_is_stored_once(corpus, tmp_path):
    text = (corpus / "kingsclub" / "Badugi-Limit-USD-30-60-202010.txt").read_text()
    twice = tmp_path / "twice.txt"
    twice.write_text(text + "\n\n\n" + text)
    store = Store(tmp_path / "db")
    summary = import_paths([twice], store)
    assert (summary.hands_new, summary.duplicates) == (1, 1)
    assert store.read("hands").height == 1 and store.read("players")["seat"].is_unique().all()


def test_phh_and_every_generated_sample_import_and_audit_ok(tmp_path):
    # sample_histories/generated holds every site the generator writes, PHH (.phhs) included:
    # a folder import picks them all up, and every hand audits ok.
    generated = Path(__file__).parents[2] / "sample_histories" / "generated"
    store = Store(tmp_path / "db")
    summary = import_paths([generated], store)
    files = [f for f in generated.rglob("*") if f.is_file()]
    assert summary.files_read == len(files) and summary.rejected == 0
    assert set(summary.verdicts) == {"ok"}
    paths = store.read("hands")["path"].to_list()
    assert sum(p.endswith(".phhs") for p in paths) >= 100


def test_the_automatic_job_count_reads_in_parallel_past_the_threshold(corpus, tmp_path, monkeypatch):
    import hhtools.store.importer as importer

    one = Store(tmp_path / "one")
    import_paths(corpus_paths(corpus), one, jobs=1)
    started = []
    real = importer._read_all
    monkeypatch.setattr(importer, "_read_all", lambda paths, jobs: started.append(jobs) or real(paths, jobs))
    monkeypatch.setattr(importer, "PARALLEL_BYTES", 0)
    auto = Store(tmp_path / "auto")
    import_paths(corpus_paths(corpus), auto)
    assert started == [importer.default_jobs()]
    for got, want in zip(snapshot(auto), snapshot(one)):
        assert got.equals(want)
    # A small import stays in this process.
    monkeypatch.setattr(importer, "PARALLEL_BYTES", 10**12)
    import_paths(corpus_paths(corpus), Store(tmp_path / "small"))
    assert started[-1] == 1


def test_batches_written_while_reading_equal_one_batch_and_report_a_failed_write(
        corpus, tmp_path, monkeypatch):
    import hhtools.store.importer as importer
    from hhtools.store.store import StoreError

    whole = Store(tmp_path / "whole")
    import_paths(corpus_paths(corpus), whole)
    # Batches of a few hands: most are written by the store thread while files are read.
    monkeypatch.setattr(importer, "BATCH_HANDS", 5)
    cut = Store(tmp_path / "cut")
    import_paths(corpus_paths(corpus), cut)
    assert len(list(cut.batches.iterdir())) > 2
    for a, b in zip(snapshot(whole), snapshot(cut)):
        assert a.equals(b)
    # A store that cannot be written stops the import with the store's own message (a
    # batch the thread cannot write: tests/store/test_store_faults.py, on a full disk).
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(StoreError, match="cannot use .* as a hand store"):
        import_paths(corpus_paths(corpus), Store(tmp_path / "file"))


def test_an_unreadable_file_costs_only_itself(corpus, tmp_path, monkeypatch):
    """A file that cannot be read (here: permission denied; tests run as root, where chmod does
    not stop reads, so the read is made to fail) is one rejection named with its reason; the
    other files are imported, and the next import reads it again."""
    # The store's own call of the reader, the seam a compiled reader leaves (the reader's
    # calls inside hhtools.reading are direct once it is compiled, so not patchable there).
    import hhtools.store.slices as slices
    from hhtools.errors import UsageError

    folder = tmp_path / "histories"
    folder.mkdir()
    names = ["Badugi-Limit-USD-30-60-202010.txt", "Badeucey-Limit-USD-22-44-202101.txt"]
    for name in names:
        (folder / name).write_bytes((corpus / "kingsclub" / name).read_bytes())
    bad = str((folder / names[0]).resolve())
    real = slices.parse_slice

    def refusing(part, *args, **kw):
        if str(part.path) == bad:
            raise UsageError(f"cannot read {part.path}: Permission denied")
        return real(part, *args, **kw)

    monkeypatch.setattr(slices, "parse_slice", refusing)
    store = Store(tmp_path / "db")
    summary = import_paths([folder], store, jobs=1)
    assert (summary.hands_new, summary.rejected) == (1, 1)
    assert summary.rejected_examples == [f"{bad}:1:1: cannot read {bad}: Permission denied"]
    assert store.read("rejected")["path"].to_list() == [bad]
    monkeypatch.setattr(slices, "parse_slice", real)
    again = import_paths([folder], store, jobs=1)
    assert (again.hands_new, again.rejected, again.files_unchanged) == (1, 0, 1)
    assert store.rejections().height == 0


def test_workers_run_the_commands_hhtools_not_one_in_the_working_folder(tmp_path):
    """Run from a folder holding another ``hhtools`` (a checkout of it), a two-job import's
    workers run the hhtools the command runs: the fork server is started by ``python -c``,
    whose path begins with the working folder."""
    from hhtools.generate import write_history

    command = Path(sys.executable).with_name("hhtools")  # the console script, as a user runs it
    if not command.exists():
        pytest.skip("no hhtools console script beside this Python")
    histories = tmp_path / "in"
    histories.mkdir()
    for seed, site in enumerate(("pokerstars", "fulltilt")):  # two files: read in parallel
        write_history(histories / f"{site}.txt", site, "badugi", "fixed-limit", 20, seed=seed)
    folder = tmp_path / "checkout"
    (folder / "hhtools").mkdir(parents=True)
    marker = tmp_path / "imported"
    (folder / "hhtools" / "__init__.py").write_text(
        f"open({str(marker)!r}, 'w').close()\nraise ImportError('the working folder hhtools')\n")
    done = subprocess.run([str(command), "import", str(histories), "--db", str(tmp_path / "db"),
                           "--jobs", "2"], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not marker.exists(), "a worker imported the working folder's hhtools"
    assert Store(tmp_path / "db").read("hands").height == 40
