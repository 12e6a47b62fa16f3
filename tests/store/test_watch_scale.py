"""What a watched hand costs does not grow with the store: each hand's look at the store takes
the batches found sound a moment ago as sound (the new ones are looked at at once), the list
of sound batches kept in the store is appended to, and the merge of small batches comes after
the hand is said to be stored."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from test_watch import append, generated_hands

import hhtools.store.damage as damage
import hhtools.store.importer
import hhtools.store.store
from hhtools.errors import StoreError
from hhtools.store.damage import SEEN, find_damage
from hhtools.store.store import Store
from hhtools.store.watch import Watcher


def batches(db: Path) -> list[Path]:
    return sorted(p for p in (db / "batches").iterdir() if p.is_dir())


def watched(tmp_path: Path, count: int, seed: int = 5) -> tuple[Watcher, Path, list[str]]:
    """A watcher of one live file, and the texts of ``count`` hands to append to it."""
    hands = [text for _, text in generated_hands(tmp_path, count, seed=seed)]
    live = tmp_path / "in" / "live.txt"
    live.parent.mkdir()
    return Watcher([live], Store(tmp_path / "db"), quiet=0.0), live, hands


def test_the_merge_comes_after_the_hand_that_made_it_due_is_said_to_be_stored(tmp_path):
    watcher, live, hands = watched(tmp_path, hhtools.store.store.COMPACT_AFTER)
    db = tmp_path / "db"
    seen: list[int] = []
    watcher.on_import = lambda path, done: seen.append(len(batches(db)))
    for text in hands:
        append(live, text)
        watcher.look()
    due = hhtools.store.store.COMPACT_AFTER
    # Each hand was said to be stored in its own batch, the last one's before the merge...
    assert seen == list(range(1, due + 1))
    # ...which the same look then made: every hand stored, in one batch.
    assert len(batches(db)) == 1
    assert Store(db).read_columns("hands", ["hand_id"]).height == due


def test_a_damaged_batch_published_meanwhile_stops_the_next_hand_at_once(tmp_path):
    watcher, live, hands = watched(tmp_path, 2)
    db = tmp_path / "db"
    append(live, hands[0])
    watcher.look()
    # Another process publishes a batch whose hands table is cut short.
    copy = db / "batches" / (batches(db)[0].name + "-copy")
    shutil.copytree(batches(db)[0], copy)
    hands_file = copy / "hands.parquet"
    hands_file.write_bytes(hands_file.read_bytes()[:100])
    append(live, hands[1])
    with pytest.raises(StoreError, match=re.escape(f"{hands_file}: not a readable Parquet")):
        watcher.look()


def test_a_batch_damaged_in_place_stops_the_watch_once_its_look_is_due_again(
        tmp_path, monkeypatch):
    watcher, live, hands = watched(tmp_path, 4)
    db = tmp_path / "db"
    monkeypatch.setattr(hhtools.store.store, "COMPACT_AFTER", 0)  # keep each hand's batch
    for text in hands[:2]:  # the first hand's batch is looked at before the second hand
        append(live, text)
        watcher.look()
    first = batches(db)[0]
    (first / "actions.parquet").write_bytes(b"not parquet at all")
    append(live, hands[2])
    watcher.look()  # within WATCH_TRUSTS of its last look: not looked at again yet
    assert len(batches(db)) == 3
    monkeypatch.setattr(hhtools.store.importer, "WATCH_TRUSTS", 0.0)  # as if a minute passed
    append(live, hands[3])
    with pytest.raises(StoreError,
                       match=re.escape(f"{first / 'actions.parquet'}: not a readable")):
        watcher.look()
    assert len(batches(db)) == 3  # the hand was not stored into the damaged store


def seen_lines(db: Path) -> list[str]:
    return [line for line in (db / SEEN).read_text(encoding="utf-8").splitlines() if line]


def forget_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a new process: nothing known of any store's batches."""
    for name in ("_BATCHES_SEEN", "_SEEN_FILES", "_SOUND_AT", "_FOOTERS_READ"):
        monkeypatch.setattr(damage, name, type(getattr(damage, name))())


def test_the_sound_batches_are_appended_to_the_stores_list_and_read_by_the_next_process(
        tmp_path, monkeypatch):
    watcher, live, hands = watched(tmp_path, 4)
    db = tmp_path / "db"
    monkeypatch.setattr(hhtools.store.store, "COMPACT_AFTER", 0)
    for text in hands[:3]:
        append(live, text)
        watcher.look()
    # A line per batch, appended once the next hand's look found it sound: the first two.
    assert [line.split('"')[1] for line in seen_lines(db)] == [b.name for b in batches(db)[:2]]
    # A kill in the middle of an append leaves half a line: it is passed over.
    with open(db / SEEN, "a", encoding="utf-8") as file:
        file.write('["20991231T235959-0')
    forget_looks(monkeypatch)
    opened: list[Path] = []
    real = damage.table_damage
    monkeypatch.setattr(damage, "table_damage",
                        lambda path, table, full: opened.append(path) or real(path, table, full))
    append(live, hands[3])
    watcher.look()
    # Only the files of the batch not listed yet were opened: the others were known sound.
    assert {path.parent for path in opened} == {batches(db)[2]}
    assert len(seen_lines(db)) == 4  # the half line kept, and passed over
    forget_looks(monkeypatch)
    opened.clear()
    assert find_damage(Store(db), full=False) == []
    assert {path.parent for path in opened} == {batches(db)[3]}
    assert find_damage(Store(db)) == []
