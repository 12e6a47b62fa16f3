"""A store that cannot be written or has been damaged: one clear line, exit 2, nothing lost.

A read-only store and a full disk are real file systems (a small tmpfs, remounted read-only
or grown) where the machine allows mounting; damage is made by hand in a real store.
"""

import os
import subprocess
import time
from pathlib import Path

import polars as pl
import pytest
from storecases import assert_same, clean, corpus_paths, hhtools, run, tmpfs
from typer.testing import CliRunner

from hhtools.cli.main import app
from hhtools.store.check import find_damage, repair
from hhtools.store.importer import import_paths
from hhtools.store.lock import WriterLock
from hhtools.store.store import Store, StoreError


def one_line(stderr: str) -> str:
    """The only line of ``stderr``: one sentence, never a traceback."""
    lines = stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


def cli(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def test_a_read_only_store_refuses_writes_in_one_sentence_and_still_answers_reads(
        corpus, tmp_path):
    where = tmp_path / "disk"
    as_root = os.geteuid() == 0
    # Root writes through chmod, so there the store is on a tmpfs remounted read-only.
    context = tmpfs(where, "4m") if as_root else _nothing(where)
    with context:
        db = where / "db"
        first = run("import", corpus / "kingsclub", "--db", db)
        assert first.returncode == 0, first.stderr
        if as_root:
            subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)
        else:
            for folder in (db, *db.rglob("*")):
                if folder.is_dir():
                    folder.chmod(0o555)
        refused = cli("import", corpus / "pokerstars", "--db", db)
        assert refused.exit_code == 2
        reason = "it is on a read-only file system" if as_root else "permission denied"
        assert one_line(refused.stderr) == f"hhtools: cannot write to the store {db}: {reason}"
        cleared = cli("rejected", "--clear", "--db", db)
        assert cleared.exit_code == 2 and reason in one_line(cleared.stderr)
        # Reading needs no write: stats, rejected and check work as before.
        stats = cli("stats", "--db", db, "--format", "csv", "--report", "players")
        assert stats.exit_code == 0 and stats.stdout.count("\n") > 2
        assert cli("rejected", "--db", db).exit_code == 0
        assert cli("check", "--db", db).exit_code == 0
        assert Store(db).read("hands").height == 10
        if not as_root:
            for folder in (db, *db.rglob("*")):
                if folder.is_dir():
                    folder.chmod(0o755)


class _nothing:
    def __init__(self, where):
        where.mkdir()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@pytest.mark.skipif(os.geteuid() != 0, reason="a full disk is a tmpfs, which only root mounts")
def test_a_full_disk_keeps_what_was_stored_and_the_same_command_completes_it(
        corpus, clean, tmp_path):
    where = tmp_path / "disk"
    with tmpfs(where, "256k"):  # room for a few of its batches, not for all
        db = where / "db"
        args = ("import", *corpus_paths(corpus), "--db", db)
        full = run(*args, batch_hands=3)
        assert full.returncode == 2
        line = one_line(full.stderr)
        assert line.startswith(f"hhtools: cannot write to the store {db}: the disk is full; the ")
        assert line.endswith(" new hands stored before that are kept, and running the same "
                             "command again completes the import")
        kept = int(line.split("; the ")[1].split()[0])
        store = Store(db)
        hands = store.read("hands")
        assert 0 < kept == hands.height < 175
        assert store.read("players")["hand_id"].n_unique() == kept  # whole hands only
        assert not list((db / "tmp").iterdir())  # the batch that did not fit is gone
        assert run("check", "--db", db).returncode == 0
        # Space is freed (the tmpfs grows): the same command completes the import.
        subprocess.run(["mount", "-o", "remount,size=16m", str(where)], check=True)
        again = run(*args, batch_hands=3)
        assert again.returncode == 0, again.stderr
        assert f"hands new: {175 - kept}" in again.stdout
        assert_same(Store(db), clean)


def damage_a_batch(db: Path) -> Path:
    """Overwrite one batch's players table with bytes that are not Parquet; that batch."""
    batch = sorted((db / "batches").iterdir())[1]
    (batch / "players.parquet").write_bytes(b"PAR1\x00\xff\xfe garbage \x1b[31m" * 20)
    return batch


def test_a_corrupt_parquet_file_is_named_refused_and_moved_aside_by_check_repair(
        corpus, clean, tmp_path):
    db = tmp_path / "db"
    args = ("import", *corpus_paths(corpus), "--db", db)
    assert run(*args, batch_hands=20).returncode == 0
    batch = damage_a_batch(db)
    (db / "batches" / "notes.txt").write_text("mine\n")
    bad = batch / "players.parquet"
    garbage = bad.read_bytes()

    checked = cli("check", "--db", db)
    assert checked.exit_code == 1
    assert checked.stdout.splitlines() == [
        f"{bad}: not a readable Parquet file",
        f"{db / 'batches' / 'notes.txt'}: a foreign file: only batch folders belong here"]
    assert "garbage" not in checked.output and "\\x" not in checked.output

    refused = cli(*args)
    assert refused.exit_code == 2
    assert one_line(refused.stderr) == (
        f"hhtools: the store {db} is damaged: {bad}: not a readable Parquet file (and 1 more: "
        "`hhtools check` lists them); nothing was written; `hhtools check --repair` moves it aside")
    stats = cli("stats", "--db", db)
    assert stats.exit_code == 2 and str(bad) in one_line(stats.stderr)
    assert "garbage" not in stats.stderr

    repaired = cli("check", "--repair", "--db", db)
    assert repaired.exit_code == 0
    lines = repaired.stdout.splitlines()
    assert lines[0] == (f"moved {batch} to {db / 'damaged' / batch.name}: players.parquet: "
                        "not a readable Parquet file")
    assert lines[1].startswith(f"moved {db / 'batches' / 'notes.txt'} to ")
    # What it cost: the moved batch's hands are stored nowhere else until read again.
    held = pl.read_parquet(db / "damaged" / batch.name / "hands.parquet").height
    assert lines[2] == f"the batches moved aside held {held} hands, {held} of them stored nowhere else"
    assert lines[3].startswith("the next import reads again the ")
    assert (db / "damaged" / batch.name / "players.parquet").read_bytes() == garbage
    assert cli("check", "--db", db).exit_code == 0

    again = cli(*args)
    assert again.exit_code == 0, again.stderr
    assert_same(Store(db), clean)


def test_a_batch_published_without_its_hands_is_repaired_by_reading_every_file_again(
        corpus, clean, tmp_path):
    # What overlapping imports of hhtools before the writer lock could leave: files.parquet
    # published, hands.parquet not, so those files were marked as imported without their hands.
    db = tmp_path / "db"
    import_paths(corpus_paths(corpus), Store(db))
    batch = next((db / "batches").iterdir())
    (batch / "hands.parquet").unlink()
    store = Store(db)
    [damage] = find_damage(store)
    assert str(damage) == (f"{batch / 'hands.parquet'}: missing: a batch holds every table, "
                           "and this one lacks its hands table")
    with pytest.raises(StoreError, match="lacks its hands table; `hhtools check --repair`"):
        store.read("hands")
    done = repair(store)
    assert done.every_file and [to for _, to in done.moved] == [db / "damaged" / batch.name]
    assert find_damage(store) == []
    summary = import_paths(corpus_paths(corpus), store)
    assert summary.hands_new == 175 and summary.files_unchanged == 0
    assert_same(store, clean)


def test_a_foreign_file_inside_a_batch_is_moved_alone(corpus, clean, tmp_path):
    db = tmp_path / "db"
    import_paths(corpus_paths(corpus), Store(db))
    batch = next((db / "batches").iterdir())
    (batch / "hands.csv").write_text("copied by hand\n")
    store = Store(db)
    assert [str(d) for d in find_damage(store)] == [
        f"{batch / 'hands.csv'}: a foreign file in a batch folder"]
    done = repair(store)
    assert [to for _, to in done.moved] == [db / "damaged" / f"{batch.name}-hands.csv"]
    assert done.reread == 0 and not done.every_file
    assert_same(store, clean)


def test_readers_of_a_snapshot_see_the_same_batches_in_every_table(corpus, tmp_path):
    store = Store(tmp_path / "db")
    import_paths([corpus / "kingsclub"], store)
    view = store.snapshot()
    import_paths([corpus / "pokerstars"], store)
    assert view.read("hands").height == view.read("players")["hand_id"].n_unique() == 10
    assert store.read("hands").height == 175


def test_recovery_leaves_a_live_writers_unfinished_batch_alone(corpus, tmp_path):
    db = tmp_path / "db"
    working = db / "tmp" / "20261201T000000-000000000-1"
    working.mkdir(parents=True)
    (working / "hands.parquet").write_bytes(b"being written")
    said = tmp_path / "stderr"
    with WriterLock(db, "import"), said.open("w") as stderr:
        later = hhtools("import", corpus / "kingsclub", "--db", db, stderr=stderr)
        deadline = time.monotonic() + 60
        while "waiting" not in said.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.3)
        assert later.poll() is None
        assert (working / "hands.parquet").exists()  # the holder's batch is untouched
    later.communicate(timeout=60)
    assert later.returncode == 0, said.read_text()
    # Once the holder has ended, what it left in tmp/ is a leftover and is removed.
    assert not working.exists()


def test_rejections_are_replaced_when_a_file_is_read_again_and_dropped_once_stored(tmp_path):
    text = (Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt").read_text()
    broken = tmp_path / "in" / "broken.txt"
    broken.parent.mkdir()
    broken.write_text(text)
    db = tmp_path / "db"
    store = Store(db)
    for _ in range(3):  # a file with rejected hands is read by every import
        assert import_paths([broken], store).rejected == 1
    assert store.read("rejected").height == 1
    listed = cli("rejected", "--db", db)
    assert listed.exit_code == 0 and listed.stdout.count("hand 1001:") == 1
    # The same hand, readable, in another file: stored, so no longer listed as rejected.
    fixed = tmp_path / "fixed.txt"
    fixed.write_text(text.replace("calls $0.15 and more", "calls $0.15"))
    assert import_paths([fixed], store).hands_new == 1
    assert store.rejections().height == 0
    assert cli("rejected", "--db", db).stdout == ""
    # The file itself repaired: read again, its old rejection is gone from the store.
    broken.write_text(text.replace("calls $0.15 and more", "calls $0.15"))
    import_paths([broken], store)
    assert store.read("rejected").height == 0


def test_rejected_clear_forgets_one_file_or_all(tmp_path):
    text = (Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt").read_text()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for name, hand_id in (("a/one.txt", 2001), ("a/two.txt", 2002), ("b/three.txt", 2003)):
        (tmp_path / name).write_text(text.replace("#1001", f"#{hand_id}"))
    db = tmp_path / "db"
    import_paths([tmp_path / "a", tmp_path / "b"], Store(db))
    assert Store(db).read("rejected").height == 3
    only = cli("rejected", tmp_path / "a" / "two.txt", "--db", db)
    assert only.exit_code == 0 and only.stdout.startswith(f"{tmp_path / 'a' / 'two.txt'}:")
    assert len(only.stdout.splitlines()) == 1
    cleared = cli("rejected", "--clear", tmp_path / "a", "--db", db)
    assert cleared.exit_code == 0 and cleared.stdout == "2 rejections cleared\n"
    left = cli("rejected", "--db", db).stdout.splitlines()
    assert len(left) == 1 and left[0].startswith(str(tmp_path / "b" / "three.txt"))
    assert cli("rejected", "--clear", "--db", db).stdout == "1 rejection cleared\n"
    assert Store(db).read("rejected").height == 0
