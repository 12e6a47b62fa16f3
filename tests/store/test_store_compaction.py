"""Small batches merged: a watch writing a hand at a time leaves a store of about one import's
batches and bytes, and a merge killed at any moment leaves a store that passes ``check`` with
every hand stored exactly once."""

from __future__ import annotations

import random
import shutil
import signal
import time
from pathlib import Path

import polars as pl
import pytest
from storecases import hhtools_ready
from test_store_repair import assert_holds, content
from test_watch import append, generated_hands
from typer.testing import CliRunner

import hhtools.store.store
from hhtools.cli.main import app
from hhtools.generate import write_history
from hhtools.store.check import find_damage
from hhtools.store.importer import import_paths
from hhtools.store.store import Store
from hhtools.store.tables import KEY
from hhtools.store.watch import Watcher


def cli(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


def on_disk(db: Path) -> tuple[int, int]:
    """(batches, bytes) under ``batches/``."""
    folders = list((db / "batches").iterdir())
    return len(folders), sum(f.stat().st_size for f in (db / "batches").rglob("*") if f.is_file())


def test_a_thousand_watched_hands_leave_a_store_of_one_imports_size(tmp_path):
    hands = generated_hands(tmp_path, 1000, seed=11)
    live = tmp_path / "in" / "live.txt"
    live.parent.mkdir()
    db = tmp_path / "db"
    watcher = Watcher([live], Store(db), quiet=0.0)
    most = 0
    for _, text in hands:
        append(live, text)
        watcher.look()  # the last hand reads whole and the file counts as quiet: imported
        most = max(most, on_disk(db)[0])
    assert watcher.summary.imports >= 1000  # one write (one batch) per hand
    # Merged as they came: never more small batches than a write leaves before merging.
    assert most <= hhtools.store.store.COMPACT_AFTER
    watcher.look(final=True)  # the end of a watch merges what is left
    fresh = tmp_path / "fresh"
    import_paths([live], Store(fresh))
    batches, size = on_disk(db)
    assert batches == on_disk(fresh)[0] == 1
    assert size <= 1.2 * on_disk(fresh)[1]
    store = Store(db)
    keys = store.read_columns("hands", KEY)
    assert keys.height == keys.n_unique() == 1000
    assert find_damage(store) == []
    assert_holds(store, content(Store(fresh)))


def test_every_write_merges_the_small_batches_once_there_are_enough(tmp_path):
    source = tmp_path / "in"
    source.mkdir()
    db = tmp_path / "db"
    for n in range(20):
        write_history(source / f"day-{n:02}.txt", "pokerstars", "badugi", hands=3, seed=n)
        import_paths([source / f"day-{n:02}.txt"], Store(db))
        assert on_disk(db)[0] < hhtools.store.store.COMPACT_AFTER
    fresh = tmp_path / "fresh"
    import_paths([source], Store(fresh))
    assert_holds(Store(db), content(Store(fresh)))
    merged = cli("check", "--compact", "--db", db)
    assert merged.exit_code == 0, merged.output
    assert merged.stdout.splitlines()[0].startswith("merged ")
    assert on_disk(db)[0] == 1
    assert_holds(Store(db), content(Store(fresh)))
    again = cli("check", "--compact", "--db", db)
    assert again.stdout.splitlines()[0] == f"store {db}: no small batches to merge"


def test_a_snapshot_read_during_a_merge_reads_the_merged_batch_and_nothing_newer(
        tmp_path, monkeypatch):
    monkeypatch.setattr(hhtools.store.store, "COMPACT_AFTER", 0)
    source = tmp_path / "in"
    source.mkdir()
    db = tmp_path / "db"
    for n in range(4):
        write_history(source / f"{n}.txt", "pokerstars", "badugi", hands=2, seed=n)
        import_paths([source / f"{n}.txt"], Store(db))
    view = Store(db).snapshot()
    hands = view.read("hands")
    Store(db).compact()
    write_history(source / "later.txt", "pokerstars", "badugi", hands=2, seed=9)
    import_paths([source / "later.txt"], Store(db))  # published after the snapshot
    players = view.read("players")
    assert sorted(players["hand_id"].unique()) == sorted(hands["hand_id"])
    assert Store(db).read("hands").height == 10


@pytest.fixture(scope="module")
def many_batches(tmp_path_factory):
    """A store of 40 one-hand batches (as a watch writes them, unmerged), its content."""
    where = tmp_path_factory.mktemp("many")
    source = where / "in"
    source.mkdir()
    db = where / "db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hhtools.store.store, "COMPACT_AFTER", 0)
        for n in range(40):
            write_history(source / f"{n:02}.txt", "pokerstars", "2-7", hands=1, seed=100 + n)
            import_paths([source / f"{n:02}.txt"], Store(db))
    assert on_disk(db)[0] == 40
    return db, content(Store(db))


def test_a_merge_killed_at_random_moments_leaves_every_hand_stored_once(many_batches, tmp_path):
    template, want = many_batches
    # How long a whole merge takes, from a loaded process told to start.
    timing = tmp_path / "timing"
    shutil.copytree(template, timing)
    proc = hhtools_ready("check", "--compact", "--db", timing)
    began = time.monotonic()
    proc.stdin.write("go\n")
    proc.stdin.flush()
    proc.communicate(timeout=120)
    took = time.monotonic() - began
    assert proc.returncode == 0 and on_disk(timing)[0] == 1
    rng = random.Random(16)
    outcomes = set()
    for attempt in range(8):
        db = tmp_path / f"db{attempt}"
        shutil.copytree(template, db)
        proc = hhtools_ready("check", "--compact", "--db", db)
        proc.stdin.write("go\n")
        proc.stdin.flush()
        time.sleep(rng.uniform(0.0, took))
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        store = Store(db)
        batches = len(store.batch_folders())
        outcomes.add("merged" if batches == 1 else "not yet" if batches == 40 else batches)
        # Whatever the moment: check passes, and every hand is there once.
        checked = cli("check", "--db", db)
        assert checked.exit_code == 0, checked.output
        keys = store.read_columns("hands", KEY)
        assert keys.height == keys.n_unique() == 40
        assert_holds(store, want)
        # The next writer finishes the job: what a killed merge left is removed.
        done = cli("check", "--compact", "--db", db)
        assert done.exit_code == 0, done.output
        assert on_disk(db)[0] == 1 and not list((db / "tmp").iterdir())
        assert_holds(Store(db), want)
    assert outcomes <= {"merged", "not yet"}, outcomes  # never a part of the old set


def test_a_merge_killed_between_publishing_and_removing_hides_the_old_batches(
        many_batches, tmp_path, monkeypatch):
    # The moment a random kill rarely hits: the merged batch is published, the batches it
    # replaces are still there. Readers and check see the merged batch only.
    db = tmp_path / "db"
    shutil.copytree(many_batches[0], db)
    monkeypatch.setattr(Store, "_drop_replaced", lambda self: None)
    Store(db).compact()
    assert on_disk(db)[0] == 41  # the old ones left on disk
    store = Store(db)
    assert len(store.batch_folders()) == 1
    assert find_damage(store) == []
    assert_holds(store, many_batches[1])
    monkeypatch.undo()
    store.discard_unfinished()  # what every writer does first
    assert on_disk(db)[0] == 1
    assert_holds(Store(db), many_batches[1])
    replaced = (store.batch_folders()[0] / "replaces.txt").read_text().split()
    assert len(replaced) == 40
    assert pl.read_parquet(store.batch_folders()[0] / "hands.parquet").height == 40
