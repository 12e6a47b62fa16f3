"""Every kind of damage in a hand store is found by ``hhtools check`` and moved aside by
``check --repair`` into a store that imports again; the next import reads again the files
whose hands were lost, so the store then holds what a fresh import of the same files holds.

Damage is made by hand in real stores, as a disk error, a sync tool or a user copying and
deleting files would make it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

import hhtools.reading.slicing
import hhtools.store.importer
import hhtools.store.store
from hhtools.cli.main import app
from hhtools.generate import write_history
from hhtools.store.check import find_damage
from hhtools.store.importer import import_paths
from hhtools.store.store import Store
from hhtools.store.tables import KEY, SCHEMAS

BROKEN = Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt"
#: Small slices and batches, so that one generated file's hands span several batches.
BATCH_HANDS = 25
SLICE_BYTES = 20_000


def cli(*args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    monkeypatch.setattr(hhtools.store.importer, "BATCH_HANDS", BATCH_HANDS)
    monkeypatch.setattr(hhtools.reading.slicing, "SLICE_BYTES", SLICE_BYTES)
    monkeypatch.setattr(hhtools.store.store, "COMPACT_AFTER", 0)  # batches stay as written


@pytest.fixture(scope="module")
def sources(corpus, tmp_path_factory):
    """Real KingsClub hands, two generated PokerStars files (one of 80 hands, cut into
    several batches) and a file with a rejected hand."""
    where = tmp_path_factory.mktemp("histories")
    write_history(where / "stars-badugi.txt", "pokerstars", "badugi", hands=80, seed=3)
    write_history(where / "stars-27.txt", "pokerstars", "2-7", hands=12, seed=4)
    shutil.copyfile(BROKEN, where / "broken.txt")
    return [corpus / "kingsclub", where]


@pytest.fixture(scope="module")
def template(sources, tmp_path_factory):
    """The sources imported into a store of several batches, and a fresh import's content."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hhtools.store.importer, "BATCH_HANDS", BATCH_HANDS)
        patch.setattr(hhtools.reading.slicing, "SLICE_BYTES", SLICE_BYTES)
        patch.setattr(hhtools.store.store, "COMPACT_AFTER", 0)
        db = tmp_path_factory.mktemp("template") / "db"
        import_paths(sources, Store(db), jobs=1)
    assert len(list((db / "batches").iterdir())) >= 4
    return db, content(Store(db))


def content(store: Store) -> dict[str, pl.DataFrame]:
    """What a store holds, however its batches were cut: every table's rows, sorted, and the
    files marked as imported."""
    held = {}
    for name, _schema in SCHEMAS.items():
        if name in ("files", "rejected"):
            continue
        frame = store.read(name).drop("imported_at", strict=False)
        if name == "skipped":
            # A file read again lists its skipped hands again (hhtools.store.importer), whether
            # or not the store was repaired: only which hands were skipped is compared.
            frame = frame.unique()
        held[name] = frame.sort(frame.columns, nulls_last=True)
    held["rejected"] = store.rejections().sort("path", "line")
    marks = store.imported_files()
    held["files"] = pl.DataFrame(sorted((p, s, m) for p, (s, m) in marks.items()),
                                 schema=["path", "size", "mtime_ns"], orient="row")
    return held


def assert_holds(store: Store, want: dict[str, pl.DataFrame]) -> None:
    got = content(store)
    for name, frame in want.items():
        assert got[name].equals(frame), f"the {name} table differs from a fresh import's"


@pytest.fixture
def store(template, tmp_path):
    db = tmp_path / "db"
    shutil.copytree(template[0], db)
    return db


def batches(db: Path) -> list[Path]:
    return sorted((db / "batches").iterdir())


def holding(db: Path, table: str) -> Path:
    """A batch whose ``table`` has rows (the first batch else)."""
    for batch in batches(db):
        file = batch / f"{table}.parquet"
        if file.is_file() and pl.read_parquet(file).height:
            return batch
    return batches(db)[0]


def repaired_then_imported(db: Path, sources, want) -> list[str]:
    """``check`` finds damage, ``check --repair`` moves it, the store passes ``check`` and
    imports, and then holds what a fresh import holds; what repair printed."""
    checked = cli("check", "--db", db)
    assert checked.exit_code == 1, checked.output
    assert "Traceback" not in checked.output
    fixed = cli("check", "--repair", "--db", db)
    assert fixed.exit_code == 0, fixed.output
    again = cli("check", "--db", db)
    assert again.exit_code == 0, again.output
    imported = cli("import", *sources, "--db", db)
    assert imported.exit_code in (0, 1), imported.output  # 1: the broken file's rejection
    assert "is damaged" not in imported.output
    assert_holds(Store(db), want)
    assert cli("check", "--db", db).exit_code == 0
    return fixed.stdout.splitlines()


def truncate(file: Path) -> None:
    data = file.read_bytes()
    file.write_bytes(data[: len(data) // 2])


def corrupt_middle(file: Path) -> None:
    # Its marks intact: a few spans overwritten inside, as a bad disk sector does.
    data = bytearray(file.read_bytes())
    for at in (len(data) // 5, 2 * len(data) // 5, 3 * len(data) // 5):
        data[at: at + 16] = b"\xff" * 16
    file.write_bytes(bytes(data))


def wrong_schema(file: Path) -> None:
    # A table of other columns written where this one belongs (another table's file).
    pl.DataFrame({"site": ["x"], "hand_id": ["1"], "note": [1.5]}).write_parquet(file)


def remove(file: Path) -> None:
    file.unlink()


DAMAGE = {"missing": remove, "truncated": truncate, "corrupt in its middle": corrupt_middle,
          "of the wrong schema": wrong_schema}


@pytest.mark.parametrize("kind", DAMAGE)
@pytest.mark.parametrize("table", list(SCHEMAS))
def test_each_tables_file_damaged_is_repaired_into_a_store_that_imports(
        table, kind, store, sources, template):
    file = holding(store, table) / f"{table}.parquet"
    DAMAGE[kind](file)
    [found] = find_damage(Store(store))
    assert found.path == file
    lines = repaired_then_imported(store, sources, template[1])
    assert lines[0].startswith(f"moved {file.parent} to {store / 'damaged' / file.parent.name}")


def test_an_import_refuses_a_file_corrupt_in_its_middle_or_of_another_schema(
        store, sources):
    # The quick look before an import reads each file's footer: its columns are checked.
    file = holding(store, "players") / "players.parquet"
    wrong_schema(file)
    refused = cli("import", *sources, "--db", store)
    assert refused.exit_code == 2
    assert refused.stderr.splitlines() == [
        f"hhtools: the store {store} is damaged: {file}: its columns are not those of the "
        "players table; nothing was written; `hhtools check --repair` moves it aside"]
    hands = holding(store, "hands") / "hands.parquet"
    shutil.copyfile(hands, store / "hands.bak")
    corrupt_middle(hands)
    refused = cli("import", *sources, "--db", store)
    assert refused.exit_code == 2 and str(hands) in refused.stderr
    assert len(refused.stderr.splitlines()) == 1 and "Traceback" not in refused.stderr


def test_a_copied_hands_file_doubling_its_rows_is_found_and_repaired(store, sources, template):
    file = holding(store, "hands") / "hands.parquet"
    rows = pl.read_parquet(file)
    pl.concat([rows, rows]).write_parquet(file)
    assert [d.what for d in find_damage(Store(store))] == [
        "damaged in place: its bytes are not those it was written with, though they read"]
    # A batch of an hhtools before digests: the repeated keys tell it.
    (file.parent / "digests.txt").unlink()
    assert [str(d) for d in find_damage(Store(store))] == [
        f"{file}: {rows.height} hands stored twice in this file"]
    refused = cli("import", *sources, "--db", store)
    # The import's quick look: the file holds more rows than its batch's key index has hands.
    assert refused.exit_code == 2
    assert f"{file}: {rows.height} hands stored twice in this file" in refused.stderr
    lines = repaired_then_imported(store, sources, template[1])
    assert lines[-1].startswith("the next import reads again the ")


def test_a_table_copied_into_another_batch_is_found_in_both(store, sources, template):
    first, second = batches(store)[:2]
    shutil.copyfile(first / "hands.parquet", second / "hands.parquet")
    (second / "digests.txt").unlink()  # as if written before digests; else they tell it
    damage = [str(d) for d in find_damage(Store(store))]
    held = pl.read_parquet(first / "hands.parquet").height
    assert f"{second / 'hands.parquet'}: {held} hands also stored in {first}" in damage
    # The copy's own players, actions... now belong to hands it does not hold.
    assert any(d.startswith(f"{second / 'players.parquet'}: ") and "does not hold" in d
               for d in damage)
    repaired_then_imported(store, sources, template[1])


def test_a_whole_batch_copied_is_moved_aside_and_its_hands_kept(store, sources, template):
    original = batches(store)[1]
    copy = store / "batches" / f"{original.name} copy"
    shutil.copytree(original, copy)
    lines = repaired_then_imported(store, sources, template[1])
    held = pl.read_parquet(original / "hands.parquet").height
    assert lines[0].startswith(f"moved {copy} to ")
    assert f"the batches moved aside held {held} hands, 0 of them stored nowhere else" in lines


def test_an_empty_batch_folder_and_stray_temporary_folders_do_not_stop_imports(
        store, sources, template):
    (store / "batches" / "20990101T000000-000000000-1").mkdir()
    (store / "batches" / ".sync-tmp-3f2a").mkdir()
    (store / "tmp" / "20990101T000000-000000001-2").mkdir(parents=True)
    (store / "tmp" / "20990101T000000-000000001-2" / "hands.parquet").write_bytes(b"PAR1")
    assert [d.what for d in find_damage(Store(store))] == ["an empty batch folder"] * 2
    lines = repaired_then_imported(store, sources, template[1])
    assert not list((store / "tmp").iterdir())
    assert not any("read again" in line for line in lines)  # nothing was lost


def test_tmp_as_a_file_is_moved_aside(store, sources, template):
    shutil.rmtree(store / "tmp", ignore_errors=True)
    (store / "tmp").write_text("not a folder\n")
    fixed = cli("check", "--repair", "--db", store)
    assert fixed.exit_code == 0, fixed.output
    assert fixed.stdout.startswith(f"moved {store / 'tmp'} to {store / 'damaged' / 'tmp'}")
    imported = cli("import", *sources, "--db", store)
    assert imported.exit_code == 1 and "is damaged" not in imported.output  # the rejection
    assert_holds(Store(store), template[1])


def marked_elsewhere(db: Path) -> tuple[Path, str]:
    """A batch holding hands of a file whose imported mark is in a later batch; the file."""
    marks = {}
    for batch in batches(db):
        for path in pl.read_parquet(batch / "files.parquet")["path"]:
            marks[path] = batch
    for batch in batches(db):
        for path in pl.read_parquet(batch / "hands.parquet")["path"].unique():
            if marks.get(path) not in (None, batch):
                return batch, path
    raise AssertionError("no file's hands span two batches")


def test_a_deleted_batch_leaves_marks_that_are_found_and_its_files_read_again(
        store, sources, template):
    batch, path = marked_elsewhere(store)
    shutil.rmtree(batch)  # by hand: its hands are gone, the mark of their file is not
    damage = find_damage(Store(store))
    assert len(damage) == 1 and damage[0].aside is None and path in damage[0].reread
    assert "as imported whose hands are not all stored" in damage[0].what
    lines = repaired_then_imported(store, sources, template[1])
    assert lines[-1] == ("the next import reads again the 1 file whose hands were moved aside, "
                         "and stores those hands once more: run `hhtools import` on your "
                         "history folders")


@pytest.mark.parametrize("how", ["missing", "corrupt"])
def test_a_damaged_rejected_table_of_a_batch_whose_file_is_marked_elsewhere_is_repaired(
        how, store, sources, template):
    # The dead end once met: repair wrote its marks through the rejected tables it was to
    # move aside, failed on them, and told to run itself again.
    batch, _ = marked_elsewhere(store)
    file = batch / "rejected.parquet"
    remove(file) if how == "missing" else file.write_bytes(b"PAR1 not parquet PAR1")
    repaired_then_imported(store, sources, template[1])


def test_repair_on_a_fine_store_says_so_and_writes_nothing(store):
    before = sorted(p.name for p in (store / "batches").iterdir())
    fixed = cli("check", "--repair", "--db", store)
    assert fixed.exit_code == 0 and fixed.stdout == f"store {store}: fine\n"
    assert sorted(p.name for p in (store / "batches").iterdir()) == before
    keys = Store(store).read_columns("hands", KEY)
    assert keys.height and not keys.is_duplicated().any()


def edit_index(file: Path) -> None:
    # Still an index, and still JSON, but it no longer says what the batch holds.
    data = json.loads(file.read_text(encoding="utf-8"))
    data["sites"][0][2] = data["sites"][0][1]
    file.write_text(json.dumps(data), encoding="utf-8")


def another_batchs_index(file: Path) -> None:
    other = next(b for b in batches(file.parents[2]) if b != file.parent)
    shutil.copyfile(other / "keys.json", file)
    (file.parent / "digests.txt").unlink()  # else its digest tells it


INDEX_DAMAGE = {"missing": remove, "truncated": truncate, "edited in place": edit_index,
                "another batch's": another_batchs_index}


@pytest.mark.parametrize("kind", INDEX_DAMAGE)
def test_a_damaged_key_index_is_refused_by_the_import_and_repaired(kind, store, sources,
                                                                   template):
    # The import trusts a batch's key index to tell which hands the batch holds.
    file = holding(store, "hands") / "keys.json"
    INDEX_DAMAGE[kind](file)
    [found] = find_damage(Store(store))
    assert found.path == file and found.aside == file.parent
    if kind != "another batch's":  # the quick look reads no hands when the counts agree
        refused = cli("import", *sources, "--db", store)
        assert refused.exit_code == 2 and str(file) in refused.stderr
        assert len(refused.stderr.splitlines()) == 1 and "Traceback" not in refused.stderr
    lines = repaired_then_imported(store, sources, template[1])
    assert lines[0].startswith(f"moved {file.parent} to ")
