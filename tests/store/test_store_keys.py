"""Duplicates are decided from each batch's key index (hhtools.store.keyindex), without holding
every stored key: an import reads only the batches whose range of hand ids may hold its hands,
and still stores each hand once, whether it comes twice in one import, in two files, in two
slices of one file, or again in a later import."""

from __future__ import annotations

import os
import shutil
import types
from pathlib import Path

import polars as pl
import pytest

import hhtools.reading.slicing
import hhtools.store.importer
import hhtools.store.keyindex as keyindex
from hhtools.generate import write_history
from hhtools.store.check import find_damage
from hhtools.store.importer import import_paths
from hhtools.store.keyindex import INDEX, KeyIndex, StoredKeys
from hhtools.store.store import Store, StoreError
from hhtools.store.tables import KEY, SCHEMAS


@pytest.fixture
def small(monkeypatch):
    """Batches of 20 hands and slices of some 10 hands, so files span batches and slices."""
    monkeypatch.setattr(hhtools.store.importer, "BATCH_HANDS", 20)
    monkeypatch.setattr(hhtools.reading.slicing, "SLICE_BYTES", 12_000)


def generated(where: Path, name: str, hands: int, seed: int) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    write_history(where / name, "pokerstars", "badugi", hands=hands, seed=seed)
    return where / name


def hands_of(store: Store) -> pl.DataFrame:
    return store.read_columns("hands", [*KEY, "path"])


def test_every_batch_indexes_the_hands_it_holds(corpus, tmp_path, small):
    store = Store(tmp_path / "db")
    import_paths([corpus / "kingsclub", generated(tmp_path / "in", "a.txt", 70, 3)], store)
    assert len(store.batch_folders()) > 3
    for batch in store.batch_folders():
        written = KeyIndex.parse((batch / INDEX).read_text(encoding="utf-8"))
        hands = pl.read_parquet(batch / "hands.parquet")
        assert written == KeyIndex.of(hands) and written.hands == hands.height
        for site, first, last, count in written.sites:
            ids = hands.filter(pl.col("site") == site)["hand_id"]
            assert (first, last, count) == (ids.min(), ids.max(), ids.len())
    per_file = dict(hands_of(store).group_by("path").len().iter_rows())
    stored = StoredKeys(store.batch_folders())
    assert per_file and all(stored.hands_of(p) == n for p, n in per_file.items())


def test_a_key_inside_a_batchs_range_is_looked_up_exactly(tmp_path):
    store = Store(tmp_path / "db")
    rows = [("pokerstars", "10", "/a"), ("pokerstars", "30", "/a"), ("fulltilt", "5", "/b")]
    given = pl.DataFrame(rows, schema=["site", "hand_id", "path"], orient="row")
    store.write_batch({"hands": given.with_columns(
        pl.lit(None, dtype).alias(name) for name, dtype in SCHEMAS["hands"].items()
        if name not in given.columns)})
    stored = StoredKeys(store.batch_folders())
    asked = [("pokerstars", "20"), ("pokerstars", "30"), ("pokerstars", "40"),
             ("fulltilt", "30"), ("winamax", "10"), ("fulltilt", "5")]
    assert stored.held(asked) == {("pokerstars", "30"), ("fulltilt", "5")}
    assert (stored.hands_of("/a"), stored.hands_of("/b"), stored.hands_of("/c")) == (2, 1, 0)


def test_an_import_reads_only_the_batches_that_may_hold_its_hands(tmp_path, small, monkeypatch):
    store = Store(tmp_path / "db")
    old = generated(tmp_path / "old", "old.txt", 60, 3)
    import_paths([old], store, jobs=1)
    read: list[Path] = []

    def scan_parquet(files, **kwargs):
        if isinstance(files, list):  # a batch's own row count is read from its footer
            read.extend(files)
        return pl.scan_parquet(files, **kwargs)

    monkeypatch.setattr(keyindex, "pl", types.SimpleNamespace(**{
        **{name: getattr(pl, name) for name in dir(pl) if not name.startswith("__")},
        "scan_parquet": scan_parquet}))
    # Later hands (the seed's ids are above the first file's): no stored batch is read.
    later = import_paths([generated(tmp_path / "new", "later.txt", 50, 4)], store, jobs=1)
    assert later.hands_new == 50 and read == []
    # The first file's hands in another file: only the batches holding them are read, and
    # each of them is found stored.
    copy = tmp_path / "copy" / "again.txt"
    copy.parent.mkdir()
    copy.write_text(old.read_text(encoding="utf-8-sig"), encoding="utf-8")
    again = import_paths([copy], store, jobs=1)
    assert (again.hands_new, again.duplicates) == (0, 60)
    holding = {b / "hands.parquet" for b in store.batch_folders()
               if pl.read_parquet(b / "hands.parquet")["path"].str.ends_with("old.txt").any()}
    assert read and set(read) <= holding
    assert hands_of(store).height == 110


def test_each_hand_is_stored_once_across_files_slices_and_imports(tmp_path, small):
    store = Store(tmp_path / "db")
    first = generated(tmp_path / "in", "a.txt", 45, 5)
    text = first.read_text(encoding="utf-8-sig")
    hands = text.strip().split("\n\n\n")
    # The same file twice, and a file holding its hands again in another order, in one
    # import: its slices and batches are cut differently, and each hand is stored once.
    shutil.copyfile(first, tmp_path / "in" / "b.txt")
    (tmp_path / "in" / "c.txt").write_text("\n\n\n".join(hands[::-1]) + "\n", encoding="utf-8")
    done = import_paths([tmp_path / "in"], store, jobs=1)
    assert (done.hands_new, done.duplicates) == (45, 90)
    # Later: the same hands once more beside new ones.
    later = generated(tmp_path / "later", "d.txt", 30, 6)
    (tmp_path / "later" / "e.txt").write_text(
        "\n\n\n".join(hands[10:20]) + "\n\n\n" + later.read_text(encoding="utf-8-sig"),
        encoding="utf-8")
    again = import_paths([tmp_path / "later"], store, jobs=1)
    assert (again.hands_new, again.duplicates) == (30, 40)
    keys = hands_of(store)
    assert keys.height == 75 and keys.select(KEY).is_unique().all()
    assert find_damage(store) == []


def test_a_batch_written_before_the_index_is_read_for_its_keys(tmp_path, small):
    store = Store(tmp_path / "db")
    first = generated(tmp_path / "in", "a.txt", 50, 7)
    import_paths([first], store, jobs=1)
    for batch in store.batch_folders():  # as an hhtools before the index wrote them
        (batch / INDEX).unlink()
        (batch / "digests.txt").unlink()
    assert find_damage(store) == [] and find_damage(store, full=False) == []
    os.utime(first, ns=(1, 1))  # changed: read again
    again = import_paths([first], store, jobs=1)
    assert (again.hands_new, again.duplicates) == (0, 50)
    new = import_paths([generated(tmp_path / "in2", "b.txt", 20, 8)], store, jobs=1)
    assert new.hands_new == 20 and hands_of(store).height == 70
    # Such a batch holding a hand twice is refused by the import too.
    batch = store.batch_folders()[0]
    rows = pl.read_parquet(batch / "hands.parquet")
    pl.concat([rows, rows.head(3)]).write_parquet(batch / "hands.parquet")
    with pytest.raises(StoreError, match="3 hands stored twice in this file"):
        import_paths([first], store, jobs=1)


def test_the_hands_of_a_batch_moved_aside_are_stored_again(tmp_path, small):
    # The index of a batch that is gone is not read: its hands are new again.
    store = Store(tmp_path / "db")
    first = generated(tmp_path / "in", "a.txt", 50, 9)
    import_paths([first], store, jobs=1)
    lost = store.batch_folders()[0]
    count = pl.read_parquet(lost / "hands.parquet").height
    shutil.rmtree(lost)
    os.utime(first, ns=(1, 1))
    again = import_paths([first], store, jobs=1)
    assert (again.hands_new, again.duplicates) == (count, 50 - count)
    assert hands_of(store).select(KEY).is_unique().all() and hands_of(store).height == 50
    assert find_damage(store) == []


def test_the_key_indexes_are_read_without_the_hands_tables(tmp_path, small, monkeypatch):
    # Deciding duplicates needs each batch's index only: its hands table's footer (its row
    # count, which the damage look compares with the index) is read only when asked for.
    store = Store(tmp_path / "db")
    import_paths([generated(tmp_path / "in", "a.txt", 50, 3)], store, jobs=1)
    monkeypatch.setattr(keyindex, "_HELD", {})
    monkeypatch.setattr(keyindex, "_CHECKED_AT", {})
    read: list[object] = []

    def scan_parquet(files, **kwargs):
        read.append(files)
        return pl.scan_parquet(files, **kwargs)

    monkeypatch.setattr(keyindex, "pl", types.SimpleNamespace(**{
        **{name: getattr(pl, name) for name in dir(pl) if not name.startswith("__")},
        "scan_parquet": scan_parquet}))
    stored = StoredKeys(store.batch_folders())
    assert stored.hands_of(str(tmp_path / "in" / "a.txt")) == 50 and read == []
    first = store.batch_folders()[0]
    held = keyindex.batch_index(first)
    assert held.rows == held.index.hands > 0 and read == [first / "hands.parquet"]
