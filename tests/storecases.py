"""Helpers of the store tests: real hhtools processes, the store's content, small file systems."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from hhtools.store.importer import import_paths
from hhtools.store.store import Store

ROOT = Path(__file__).resolve().parents[1]
SITES = ("pokerstars", "kingsclub")


def corpus_paths(corpus):
    return [corpus / s for s in SITES]


@pytest.fixture(scope="module")
def clean(corpus, tmp_path_factory):
    """The corpus imported once, alone: what every test store must end up holding."""
    store = Store(tmp_path_factory.mktemp("clean") / "db")
    import_paths(corpus_paths(corpus), store)
    return store


def snapshot(store):
    """What a store holds, independent of how batches were cut."""
    hands = store.read("hands").drop("path").sort("site", "hand_id")
    players = store.read("players").sort("site", "hand_id", "seat")
    actions = store.read("actions").sort("site", "hand_id", "seq")
    return hands, players, actions


def assert_same(store, reference):
    for got, want in zip(snapshot(store), snapshot(reference)):
        assert got.equals(want)


def hhtools(*args, batch_hands: int | None = None, **popen) -> subprocess.Popen:
    """A real ``python -m hhtools`` process, its output captured as text."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if batch_hands is not None:
        env["HHTOOLS_BATCH_HANDS"] = str(batch_hands)
    popen = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **popen}
    return subprocess.Popen([sys.executable, "-m", "hhtools", *map(str, args)], env=env,
                            text=True, **popen)


def hhtools_ready(*args) -> subprocess.Popen:
    """A ``hhtools`` process started and loaded, that runs ``args`` at once when a line is
    written to its standard input: to start a command at a precise moment."""
    code = ("import sys, hhtools.cli.main, hhtools.store.importer, hhtools.analytics.stats; print('ready', "
            "file=sys.stderr, flush=True); sys.stdin.readline(); hhtools.cli.main.main()")
    proc = subprocess.Popen([sys.executable, "-c", code, *map(str, args)], text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stderr.readline() == "ready\n"
    return proc


def run(*args, batch_hands: int | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    proc = hhtools(*args, batch_hands=batch_hands)
    out, err = proc.communicate(timeout=timeout)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def living(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (a zombie has ended)."""
    alive = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            alive.add(pid)
    return alive


@contextmanager
def tmpfs(where: Path, size: str):
    """A small tmpfs mounted at ``where`` (root only); skips the test where mounting is refused."""
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                             capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip() or 'mount failed'})")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def after_aside_began(entry: Path):
    """A ``partials.Aside.claim`` that first waits (up to a minute) for the second process to
    have cached ``entry``, the last batch's: the process starts in a second or two, and
    without the wait the reader would take every batch."""
    from hhtools.analytics.partials import Aside

    real_claim = Aside.claim

    def claim(self: Aside, folder: Path) -> None:
        for _ in range(600):
            if entry.is_dir():
                break
            time.sleep(0.1)
        real_claim(self, folder)

    return claim
