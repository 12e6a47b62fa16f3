"""Importing on a Dask cluster (two worker processes started here): the same store as a local
import, a worker killed mid-import, one big file spread over the workers."""

from __future__ import annotations

import os

import polars as pl
import pytest
from storecases import corpus_paths, snapshot

from hhtools.generate import write_history
from hhtools.reading.slicing import plan
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

distributed = pytest.importorskip("distributed")

import daskcases  # noqa: E402

SLICE = 60_000  # bytes a slice: the generated files are cut in several


@pytest.fixture(scope="module")
def marks(tmp_path_factory):
    where = tmp_path_factory.mktemp("marks")
    os.environ[daskcases.MARKS] = str(where)  # before the workers start: they inherit it
    yield where
    del os.environ[daskcases.MARKS]


@pytest.fixture(scope="module")
def cluster(marks):
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster


@pytest.fixture(scope="module")
def histories(corpus, tmp_path_factory):
    """The corpus and generated hands of three sites, the generated files large enough to be
    read in slices."""
    where = tmp_path_factory.mktemp("generated")
    for site, game in (("pokerstars", "2-7"), ("fulltilt", "badugi"), ("merge", "badugi")):
        write_history(where / f"{site}.txt", site, game, "fixed-limit", 150, seed=21)
    return [*corpus_paths(corpus), corpus / "merge", where]


@pytest.fixture
def small_slices(monkeypatch):
    import hhtools.reading.slicing as slicing

    monkeypatch.setattr(slicing, "SLICE_BYTES", SLICE)


def store_contents(store):
    """Every table an import writes, in an order that does not depend on the batches."""
    files = store.read("files").select("path", "size", "mtime_ns", "hands").sort("path")
    rejected = store.read("rejected").sort("path", "line")
    skipped = store.read("skipped").sort("path", "hand_id")
    return (*snapshot(store), store.read("hands").select("path", "line").sort("path", "line"),
            files, rejected, skipped)


def assert_same_store(got, want):
    for a, b in zip(store_contents(got), store_contents(want), strict=True):
        assert a.equals(b)


@pytest.fixture(scope="module")
def local(histories, tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("local") / "db")
    import_paths(histories, store, jobs=1)
    return store


def test_an_import_on_the_cluster_stores_what_a_local_import_stores(
        cluster, histories, local, small_slices, tmp_path):
    store = Store(tmp_path / "db")
    summary = import_paths(histories, store, scheduler=cluster.scheduler_address)
    assert summary.hands_new == local.read("hands").height > 450
    assert summary.rejected == 0
    assert_same_store(store, local)
    # Run again: every file is known, nothing read.
    again = import_paths(histories, store, scheduler=cluster.scheduler_address)
    assert (again.files_read, again.hands_new) == (0, 0)


def test_a_worker_killed_mid_import_costs_a_retry_and_no_hand(
        cluster, histories, local, small_slices, marks, monkeypatch, tmp_path):
    import hhtools.store.cluster as dask_import

    monkeypatch.setattr(dask_import, "read_on_worker", daskcases.dying_read)
    store = Store(tmp_path / "db")
    summary = import_paths(histories, store, scheduler=cluster.scheduler_address)
    assert (marks / "killed").exists()  # a worker did die reading
    assert summary.rejected == 0
    assert_same_store(store, local)
    # The cluster has its two workers again (the nanny restarted the one killed).
    with distributed.Client(cluster.scheduler_address, set_as_default=False) as client:
        client.wait_for_workers(2, timeout=30)


def test_one_big_file_is_spread_over_the_workers(cluster, marks, monkeypatch, tmp_path):
    import hhtools.store.cluster as dask_import

    big = tmp_path / "one.txt"
    write_history(big, "kingsclub", "badugi", "fixed-limit", 400, seed=31)
    parts = plan(str(big), SLICE)
    assert len(parts) >= 6
    local = Store(tmp_path / "local")
    import_paths([big], local, jobs=1)
    monkeypatch.setattr(dask_import, "read_on_worker", daskcases.recording_read)
    import hhtools.reading.slicing as slicing

    monkeypatch.setattr(slicing, "SLICE_BYTES", SLICE)
    for old in marks.glob("*-*"):
        old.unlink()
    store = Store(tmp_path / "db")
    summary = import_paths([big], store, scheduler=cluster.scheduler_address)
    assert (summary.files_read, summary.hands_new) == (1, 400)
    read = {m.name.split("-")[0]: m.read_text() for m in marks.glob("*-*")}
    assert sorted(map(int, read)) == list(range(len(parts)))  # each slice a task
    assert len(set(read.values())) == 2  # read by both workers
    assert_same_store(store, local)
    assert store.read("files")["hands"].to_list() == [400]


def test_without_the_dask_extra_the_import_says_what_to_install(monkeypatch, tmp_path, corpus):
    import sys

    from typer.testing import CliRunner

    from hhtools.cli.main import app

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    result = CliRunner().invoke(app, ["import", str(corpus / "kingsclub"), "--db",
                                      str(tmp_path / "db"), "--scheduler", "tcp://127.0.0.1:1"])
    assert result.exit_code == 2
    assert "pip install 'hhtools[dask]'" in result.output
    assert not (tmp_path / "db" / "batches").exists()


def test_a_scheduler_that_does_not_answer_is_named(monkeypatch, tmp_path, corpus):
    from typer.testing import CliRunner

    import hhtools.store.cluster as dask_import
    from hhtools.cli.main import app

    monkeypatch.setattr(dask_import, "CONNECT_TIMEOUT", 2)
    monkeypatch.setenv("HHTOOLS_SCHEDULER", "tcp://127.0.0.1:9")
    result = CliRunner().invoke(app, ["import", str(corpus / "kingsclub"), "--db",
                                      str(tmp_path / "db")])
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.output


def test_the_command_line_imports_on_the_cluster_named_by_hhtools_scheduler(
        cluster, corpus, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from hhtools.cli.main import app

    monkeypatch.setenv("HHTOOLS_SCHEDULER", cluster.scheduler_address)
    result = CliRunner().invoke(app, ["import", str(corpus / "kingsclub"), "--db",
                                      str(tmp_path / "db")])
    assert result.exit_code == 0, result.output
    local = Store(tmp_path / "local")
    want = import_paths([corpus / "kingsclub"], local)
    assert f"hands new: {want.hands_new}\n" in result.output
    assert_same_store(Store(tmp_path / "db"), local)



@pytest.mark.slow
def test_an_import_whose_only_worker_dies_stops_within_the_bound_and_keeps_its_batches(
        marks, tmp_path, monkeypatch, capfd):
    import time

    from typer.testing import CliRunner

    import hhtools.store.cluster as dask_import
    import hhtools.store.importer as importer
    from hhtools.cli.main import app

    where = tmp_path / "in"
    where.mkdir()
    write_history(where / "a.txt", "pokerstars", "badugi", "fixed-limit", 60, seed=5)
    write_history(where / "KILL.txt", "pokerstars", "badugi", "fixed-limit", 20, seed=6)
    db = marks / "db"  # where the dying task looks for a published batch
    monkeypatch.setattr(dask_import, "read_on_worker", daskcases.last_worker_dies)
    monkeypatch.setattr(importer, "BATCH_HANDS", 20)
    monkeypatch.setenv("HHTOOLS_DASK_NO_WORKER_TIMEOUT", "4")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as one:
        began = time.monotonic()
        result = CliRunner().invoke(app, ["import", str(where / "a.txt"), str(where / "KILL.txt"),
                                          "--db", str(db), "--scheduler", one.scheduler_address])
        took = time.monotonic() - began
    assert result.exit_code == 2, result.output
    assert took < 4 + 20
    assert result.stderr.startswith("hhtools: no Dask worker has been on the cluster for 4 "
                                    "seconds while reading "), result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in capfd.readouterr().err
    # The lock is released, the batches published before are kept: a local import completes.
    store = Store(db)
    kept = store.read("hands").height
    assert kept >= 20
    done = import_paths([where], store, jobs=1)
    assert done.hands_new == 80 - kept and store.read("hands").height == 80


@pytest.mark.slow
def test_a_scheduler_lost_mid_import_is_one_line_and_no_traceback(marks, tmp_path):
    import subprocess
    import sys
    import threading
    import time
    from pathlib import Path

    where = tmp_path / "in"
    where.mkdir()
    write_history(where / "STALL.txt", "pokerstars", "badugi", "fixed-limit", 5, seed=7)
    (marks / "stalling").unlink(missing_ok=True)
    one = distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                   dashboard_address=None)

    def lose_the_scheduler():
        for _ in range(300):
            if (marks / "stalling").exists():
                break
            time.sleep(0.1)
        one.close()

    # The command in a process of its own, as a user runs it (Dask's loggers write to its
    # standard error), its task replaced by one that waits on the worker.
    command = ("import sys, daskcases, hhtools.store.cluster as d; "
               "d.read_on_worker = daskcases.stalling_read; "
               "from hhtools.cli.main import app; app(prog_name='hhtools')")
    tests = str(Path(__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([tests, os.environ.get("PYTHONPATH", "")])}
    losing = threading.Thread(target=lose_the_scheduler)
    losing.start()
    try:
        done = subprocess.run([sys.executable, "-c", command, "import", str(where), "--db",
                               str(tmp_path / "db"), "--scheduler", one.scheduler_address],
                              capture_output=True, text=True, env=env, timeout=120)
    finally:
        losing.join(60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("hhtools: ") and len(done.stderr.splitlines()) == 1, \
        done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("poison", "saturation"), [
    ("z-POISON.txt", 1.0),  # the sound file read and done before the poison is sent
    ("a-POISON.txt", float("inf")),  # the sound file queued on the worker the poison kills
])
def test_a_file_that_kills_workers_is_rejected_and_the_rest_imported(
        marks, tmp_path, monkeypatch, poison, saturation):
    import dask

    import hhtools.store.cluster as dask_import

    where = tmp_path / "in"
    where.mkdir()
    write_history(where / poison, "pokerstars", "badugi", "fixed-limit", 5, seed=8)
    write_history(where / "good.txt", "pokerstars", "badugi", "fixed-limit", 30, seed=9)
    for old in marks.glob("poisoned-*"):
        old.unlink()
    monkeypatch.setattr(dask_import, "read_on_worker", daskcases.poisoned_read)
    # The scheduler gives a task up when the workers holding it died more often than
    # allowed-failures (here at once), a task queued there as well as the one that killed
    # them. With the saturation at 1.0 one worker thread holds one task at a time; at inf,
    # every task. Each restart of the worker is a chance for a loaded machine to be slow, so
    # the deaths are kept few.
    with dask.config.set({"distributed.scheduler.allowed-failures": 0,
                          "distributed.scheduler.worker-saturation": saturation}), \
            distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as one:
        store = Store(tmp_path / "db")
        summary = import_paths([where], store, scheduler=one.scheduler_address)
    # Given up twice: at its first try, then at its second, under a key of its own.
    assert len(list(marks.glob("poisoned-*"))) == 2
    assert summary.hands_new == 30 and summary.rejected == 1
    (reason,) = store.read("rejected")["reason"].to_list()
    assert f"Dask workers died each time they read {where / poison} from line 1" in reason
