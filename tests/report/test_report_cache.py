"""The report made again from what the page and its players gathered of each batch, cached
(hhtools.report.page.survey), and the winnings lines drawn from the points a pixel column
shows (hhtools.report.charts.pixel_points): the same page as one made from the batches."""

import shutil
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import pytest
from storecases import after_aside_began

from hhtools.analytics import partials, player
from hhtools.analytics.stats import Filters
from hhtools.report import page
from hhtools.report.charts import pixel_points
from hhtools.report.page import build_report
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

DATA = Path(__file__).parents[1] / "data"
NOW = datetime(2026, 1, 2, tzinfo=timezone.utc)


def _uncached(store: Store, filters: Filters, monkeypatch: pytest.MonkeyPatch) -> str:
    with monkeypatch.context() as patch:
        patch.setenv("HHTOOLS_CACHE", "off")
        return build_report(store, filters, NOW)


def _reads_no_batch(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a batch was read")

    monkeypatch.setattr(page, "batch_tables", refused)
    monkeypatch.setattr(page, "each_batch", refused)
    monkeypatch.setattr(page, "_counted_at_once", refused)


@pytest.mark.parametrize("filters", [Filters(), Filters(player="Player5")])
def test_a_page_made_again_reads_no_batch_and_is_the_same(batched_store, filters, tmp_path,
                                                           monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    made = build_report(batched_store, filters, NOW)
    assert made == _uncached(batched_store, filters, monkeypatch)
    with monkeypatch.context() as patch:
        _reads_no_batch(patch)
        assert build_report(batched_store, filters, NOW) == made
    # Without the store's own entries, from each batch's.
    for entry in (tmp_path / "cache" / "hhtools" / "report").glob("store-*"):
        shutil.rmtree(entry)
    with monkeypatch.context() as patch:
        _reads_no_batch(patch)
        assert build_report(batched_store, filters, NOW) == made


@pytest.mark.parametrize("filters", [Filters(), Filters(player="Player5")])
def test_a_big_batch_made_a_slice_at_a_time_gives_the_same_page(batched_store, filters,
                                                                 tmp_path, monkeypatch):
    # Slices of a few hands cut every batch of the corpus into many; the page, cold and
    # from the batches' entries made of the slices, is the one made of whole batches.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "whole"))
    whole = build_report(batched_store, filters, NOW)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "sliced"))
    monkeypatch.setattr(page, "SUM_SLICE", 7)
    made = []
    real = page._survey_part

    def counted(*args: object, **kwargs: object) -> dict[str, object]:
        made.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(page, "_survey_part", counted)
    assert build_report(batched_store, filters, NOW) == whole
    assert len(made) > 2 * len(batched_store.batch_folders())
    for entry in (tmp_path / "sliced" / "hhtools" / "report").glob("store-*"):
        shutil.rmtree(entry)
    with monkeypatch.context() as patch:
        _reads_no_batch(patch)
        assert build_report(batched_store, filters, NOW) == whole


def test_a_page_after_an_import_reads_the_new_batch_alone(batched_store, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    store = Store(tmp_path / "db")
    shutil.copytree(batched_store.root, store.root)
    one = Filters(player="Player5")
    before = build_report(store, Filters(), NOW)
    build_report(store, one, NOW)
    import_paths([DATA / "report"], store)
    new = sorted({f.name for f in store.batch_folders()}
                 - {f.name for f in batched_store.batch_folders()})
    read: list[list[str]] = []

    def counted(real):  # type: ignore[no-untyped-def]
        def reading(view, *args, **kwargs):  # type: ignore[no-untyped-def]
            folders = [args[0]] if args and isinstance(args[0], Path) else view.batch_folders()
            read.append([f.name for f in folders])
            return real(view, *args, **kwargs)
        return reading

    monkeypatch.setattr(page, "each_batch", counted(page.each_batch))
    monkeypatch.setattr(page, "batch_tables", counted(page.batch_tables))
    monkeypatch.setattr(page, "_counted_at_once", counted(page._counted_at_once))
    after = build_report(store, one, NOW)
    assert read == [new] and len(new) == 1
    assert after == _uncached(store, one, monkeypatch)  # (none of the new hands is theirs)
    # The players shown are counted from the new batch alone (the others' counts are
    # cached); a player newly shown has every batch read.
    read.clear()
    after = build_report(store, Filters(), NOW)
    assert read[0] == new
    assert after != before and after == _uncached(store, Filters(), monkeypatch)


def test_a_page_after_an_import_reads_the_earlier_batches_figures_at_once(
        batched_store, tmp_path, monkeypatch):
    """Not every batch's own entries: those of the store before the import, and the new
    batch's (a player newly shown has every batch's read)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    store = Store(tmp_path / "db")
    shutil.copytree(batched_store.root, store.root)
    one = Filters(player="Player5")
    build_report(store, one, NOW)
    import_paths([DATA / "report"], store)
    new = {f.name for f in store.batch_folders()} - {f.name for f in batched_store.batch_folders()}
    old_keys = {partials.batch_key(f, page.VERSION) for f in batched_store.batch_folders()}
    old_keys |= {partials.batch_key(f, partials.VERSION) for f in batched_store.batch_folders()}
    read: list[str] = []

    def counted(real):  # type: ignore[no-untyped-def]
        def reading(entry, *args, **kwargs):  # type: ignore[no-untyped-def]
            read.append(entry.name)
            return real(entry, *args, **kwargs)
        return reading

    monkeypatch.setattr(partials, "_read_parts", counted(partials._read_parts))
    # The sessions made before the import are made again only where the new hands fall.
    again: list[int] = []
    real = player.sessions_after

    def sessions_after(*args, **kwargs):  # type: ignore[no-untyped-def]
        again.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(player, "sessions_after", sessions_after)
    after = build_report(store, one, NOW)
    assert len(new) == 1 and read and again == [1]
    assert not [name for name in read if name.split("-")[0] in old_keys]
    assert after == _uncached(store, one, monkeypatch)
    # Made again, now from the store's entries of every batch.
    with monkeypatch.context() as patch:
        _reads_no_batch(patch)
        assert build_report(store, one, NOW) == after


@pytest.mark.parametrize("filters", [Filters(), Filters(player="Player5")])
def test_a_page_made_cold_reads_each_batch_for_the_partial_sums_once(
        batched_store, filters, tmp_path, monkeypatch):
    """The page's read of every batch makes the store's partial sums too."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    expected = _uncached(batched_store, filters, monkeypatch)

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("a batch was read again for its partial sums")

    with monkeypatch.context() as patch:
        patch.setattr(partials, "batch_tables", refused)
        assert build_report(batched_store, filters, NOW) == expected


def test_other_filters_are_not_cached(batched_store, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    build_report(batched_store, Filters(game="badugi"), NOW)
    assert not list((tmp_path / "cache" / "hhtools" / "report").iterdir())


def test_pixel_points_keep_each_slices_first_lowest_highest_and_last():
    rng = np.random.default_rng(7)
    x = np.arange(100_001)
    y = np.cumsum(rng.normal(size=x.size))
    columns = 300
    xs, ys = pixel_points(x, y, columns)
    assert len(xs) <= 4 * columns and np.all(np.diff(xs) > 0)
    assert ys.tolist() == y[xs].tolist()  # points of the line, x being 0, 1, 2...
    width = x[-1] / columns
    for part in (0, 1, 150, columns - 1):
        last = part == columns - 1
        inside = (x >= part * width) & ((x < (part + 1) * width) | last)
        kept = (xs >= part * width) & ((xs < (part + 1) * width) | last)
        assert xs[kept][0] == x[inside][0] and xs[kept][-1] == x[inside][-1]
        assert ys[kept].min() == y[inside].min() and ys[kept].max() == y[inside].max()
    # A line of few points is drawn whole.
    assert pixel_points(x[:1000], y[:1000], columns)[0].tolist() == x[:1000].tolist()


@pytest.mark.parametrize("filters", [Filters(), Filters(player="Player5")])
def test_batches_made_by_a_second_process_give_the_same_page(batched_store, filters, tmp_path,
                                                             monkeypatch):
    """A second process makes the batches the read ends with (``partials.Aside``), and the
    read takes what it cached: the same page, each batch read once in all."""
    expected = _uncached(batched_store, filters, monkeypatch)
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.setattr(partials, "ASIDE_FROM", 1)
    folders = batched_store.batch_folders()
    last = partials.batch_key(folders[-1], partials.VERSION)
    real_read = page.batch_tables
    read = []
    def counted(store: Store, folder: Path, *args: object) -> object:
        read.append(folder)
        return real_read(store, folder, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(partials.Aside, "claim",
                        after_aside_began(cache / "hhtools" / "partials" / str(last)))
    monkeypatch.setattr(page, "batch_tables", counted)
    assert build_report(batched_store, filters, NOW) == expected
    assert folders[-1] not in read and len(read) == len(set(read)) < len(folders)
    # What the second process cached of every batch it made serves a report made again.
    with monkeypatch.context() as patch:
        _reads_no_batch(patch)
        assert build_report(batched_store, filters, NOW) == expected
