"""Several real hhtools processes on one store: every hand stored once, nothing lost.

Imports run as ``python -m hhtools`` subprocesses, started together, one during another, or
killed with SIGKILL at random moments and run again; the store must then hold exactly what one
clean import stores.
"""

import os
import random
import re
import signal
import sys
import time
from pathlib import Path

import pytest
from storecases import (
    assert_same,
    clean,
    corpus_paths,
    descendants,
    hhtools,
    hhtools_ready,
    living,
    run,
)

from hhtools.store.importer import import_paths
from hhtools.store.lock import WriterLock
from hhtools.store.store import Store

BROKEN = Path(__file__).parents[1] / "invalid" / "pokerstars" / "first-of-two-broken.txt"



def hands_new(output: str) -> int:
    return int(re.search(r"hands new: (\d+)", output)[1])


def test_two_imports_of_the_same_folders_at_once_store_each_hand_once(corpus, clean, tmp_path):
    db = tmp_path / "db"
    both = [hhtools("import", *corpus_paths(corpus), "--db", db, batch_hands=5) for _ in range(2)]
    outputs = [p.communicate(timeout=120) for p in both]
    assert [p.returncode for p in both] == [0, 0], "\n".join(err for _, err in outputs)
    # One stored every hand, the other found them stored: no hand twice, none lost.
    assert sorted(hands_new(out) for out, _ in outputs) == [0, 175]
    assert_same(Store(db), clean)


def test_two_imports_of_different_folders_at_once_store_both(corpus, clean, tmp_path):
    db = tmp_path / "db"
    stars, kings = corpus_paths(corpus)
    both = [hhtools("import", folder, "--db", db, batch_hands=5) for folder in (stars, kings)]
    outputs = [p.communicate(timeout=120) for p in both]
    assert [p.returncode for p in both] == [0, 0], "\n".join(err for _, err in outputs)
    assert [hands_new(out) for out, _ in outputs] == [165, 10]
    assert_same(Store(db), clean)


def test_an_import_waits_for_the_writer_and_says_whom_it_waits_for(corpus, clean, tmp_path):
    db = tmp_path / "db"
    db.mkdir()
    said = tmp_path / "stderr"
    with WriterLock(db, "import"), said.open("w") as stderr:
        waiting = hhtools("import", *corpus_paths(corpus), "--db", db, stderr=stderr)
        deadline = time.monotonic() + 60
        while "waiting" not in said.read_text() and time.monotonic() < deadline:
            assert waiting.poll() is None, "the import ended while another held the lock"
            time.sleep(0.05)
        time.sleep(0.5)
        assert waiting.poll() is None, "the import did not wait for the lock"
        assert not list(db.glob("batches/*")), "it wrote while another held the lock"
    out, _ = waiting.communicate(timeout=120)
    assert waiting.returncode == 0, said.read_text()
    assert said.read_text().startswith(
        f"hhtools: waiting for another import (pid {os.getpid()}) into {db} to finish...\n")
    assert hands_new(out) == 175
    assert_same(Store(db), clean)


def test_an_import_started_during_another_waits_then_finds_its_hands_stored(
        corpus, clean, tmp_path):
    db = tmp_path / "db"
    paths = corpus_paths(corpus)
    second = hhtools_ready("import", *paths, "--db", db)  # loaded, so it starts at once
    first = hhtools("import", *paths, "--db", db, batch_hands=1)
    deadline = time.monotonic() + 60
    while not list(db.glob("batches/*")) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert first.poll() is None, "the first import ended before the second could start"
    second_out, second_err = second.communicate("go\n", timeout=120)
    out, err = first.communicate(timeout=120)
    assert first.returncode == 0 and second.returncode == 0, (err, second_err)
    assert f"waiting for another import (pid {first.pid})" in second_err
    assert hands_new(out) == 175
    assert hands_new(second_out) == 0 and "files read: 0" in second_out
    assert_same(Store(db), clean)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes in /proc")
def test_imports_killed_at_random_moments_then_run_again_lose_and_double_nothing(
        corpus, tmp_path):
    paths = [*corpus_paths(corpus), BROKEN]
    reference = Store(tmp_path / "reference")
    started = time.monotonic()
    import_paths(paths, reference)
    alone = time.monotonic() - started + 0.5  # plus starting Python and loading polars
    seed = random.randrange(10**6)
    rng = random.Random(seed)
    db = tmp_path / "db"
    kills = 0
    for round_ in range(4):
        jobs = ["--jobs", "2"] if round_ % 2 else []
        proc = hhtools("import", *paths, "--db", db, *jobs, batch_hands=rng.choice([1, 3, 10]))
        deadline = time.monotonic() + rng.uniform(0.3, alone * 1.5)
        below: set[int] = set()
        while proc.poll() is None and time.monotonic() < deadline:
            below |= descendants(proc.pid)
            time.sleep(0.01)
        below |= descendants(proc.pid)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.communicate(timeout=60)
        # Nothing it started outlives it: reading workers, fork server, resource tracker.
        until = time.monotonic() + 15
        while living(below) and time.monotonic() < until:
            time.sleep(0.05)
        assert not living(below), f"seed {seed}: processes left behind by a killed import"
        store = Store(db)
        # Whole hands only, each once, whatever moment the kill came.
        hands = store.read("hands")
        assert hands.select("site", "hand_id").is_unique().all(), f"seed {seed}"
        assert store.read("players")["hand_id"].n_unique() == hands.height, f"seed {seed}"
    assert kills, f"seed {seed}: every import ended before its kill"
    finished = run("import", *paths, "--db", db)
    assert finished.returncode == 1, finished.stderr  # the broken hand is rejected
    store = Store(db)
    assert_same(store, reference)
    assert store.read("rejected").height == 1, f"seed {seed}: rejections stored twice"
    assert run("check", "--db", db).returncode == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds processes in /proc")
def test_a_killed_import_leaves_no_reading_worker_behind(corpus, tmp_path):
    generated = Path(__file__).parents[2] / "sample_histories" / "generated"
    proc = hhtools("import", *corpus_paths(corpus), generated, "--db", tmp_path / "db",
                   "--jobs", "2")
    deadline = time.monotonic() + 60
    # The fork server, its two workers and the resource tracker.
    while len(below := descendants(proc.pid)) < 4 and time.monotonic() < deadline:
        assert proc.poll() is None, "the import ended before its workers were seen"
        time.sleep(0.01)
    assert len(below) >= 4, below
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    until = time.monotonic() + 10
    while living(below) and time.monotonic() < until:
        time.sleep(0.05)
    assert not living(below), "workers outlived the import they read for"
