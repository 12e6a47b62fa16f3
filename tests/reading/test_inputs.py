"""Inputs that are not ordinary history files: PHH bombs, pipes and devices, folders that
cannot be read, names holding control characters, and outputs on a full disk.

Each costs only itself: one line naming it, the good files beside it read, exit status 1.
The commands run in a child process under a timeout, so a read that blocks fails the test
instead of hanging it.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from hhtools.core.inputs import InputError, read_input, shown
from hhtools.reading.parsing import parse_file, parse_text
from hhtools.reading.phh import read_phh, to_phh
from hhtools.reading.phh_bounds import MAX_ACTIONS, MAX_PHH_BYTES

INVALID = Path(__file__).parents[1] / "invalid"
GOOD = (INVALID / "pokerstars" / "bad-card.txt").read_text().replace("8h 1x]", "8h 6s]")
BROKEN = GOOD.replace("Alice: calls $0.25", "Alice: cals $0.25")
TIMEOUT = 60


def hhtools(*args: str | Path, cwd: Path | None = None, user: list[str] | None = None
            ) -> subprocess.CompletedProcess:
    """``hhtools ARGS`` in a child process, which must end within TIMEOUT seconds."""
    command = [*(user or []), sys.executable, "-m", "hhtools", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT, cwd=cwd,
                          stdin=subprocess.DEVNULL)


def good_phh() -> str:
    (hand,) = parse_text(GOOD).hands
    return to_phh(hand)


def write_bombs(folder: Path) -> dict[str, str]:
    """PHH files past each bound beside a good history; each bomb's name -> a word of its
    message."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.txt").write_text(GOOD)
    (folder / "deep.phh").write_text('variant = "FB"\nactions = ' + "[" * 1000 + "]" * 1000 + "\n")
    actions = "".join('  "p1 cc",\n' for _ in range(MAX_ACTIONS + 10))
    (folder / "actions.phh").write_text(good_phh().replace("actions = [\n",
                                                            "actions = [\n" + actions))
    (folder / "string.phh").write_text(good_phh().replace('table = "', 'table = "' + "x" * 50_000))
    (folder / "huge.phh").write_text(good_phh() + "# " + "y" * MAX_PHH_BYTES + "\n")
    return {"deep.phh": "nested more than", "actions.phh": "strings in one hand",
            "string.phh": "a string of", "huge.phh": "larger than"}


COMMANDS = {
    "parse": lambda paths, tmp: ("parse", *paths),
    "audit": lambda paths, tmp: ("audit", *paths),
    "convert": lambda paths, tmp: ("convert", "--to", "json", "--out", tmp / "out", *paths),
    "import": lambda paths, tmp: ("import", "--db", tmp / "db", *paths),
    "watch": lambda paths, tmp: ("watch", "--once", "--db", tmp / "db", *paths),
}


def said(output: str, *words: str) -> set[str]:
    """The lines of ``output`` holding every word; watch repeats its refusals in its summary,
    so the same line counts once."""
    return {line.strip().removeprefix("hhtools: ") for line in output.splitlines()
            if all(w in line for w in words)}


def good_read(command: str, result: subprocess.CompletedProcess, tmp: Path) -> bool:
    """True if the good hand beside the bad inputs was read (and stored, or written)."""
    if command == "parse":
        return "good.txt: pokerstars, 1 hand (badugi 1)" in result.stdout
    if command == "audit":
        return "pokerstars 1001 badugi ok" in result.stdout
    if command == "convert":
        return (tmp / "out" / "good.jsonl").read_text().count("\n") == 1
    if command == "import":
        return "hands new: 1\n" in result.stdout
    return "good.txt: 1 new hand stored" in result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_phh_bombs_cost_only_their_file(tmp_path, command):
    bombs = write_bombs(tmp_path / "in")
    result = hhtools(*COMMANDS[command]([tmp_path / "in"], tmp_path))
    output = result.stdout + result.stderr
    assert "Traceback" not in output and "RecursionError" not in output
    assert result.returncode == 1, output
    for name, reason in bombs.items():
        assert len(said(output, name, reason)) == 1, (name, output)
    assert good_read(command, result, tmp_path), output


def test_phh_bounds_name_the_place():
    (deep,) = read_phh("deep.phh", text='variant = "FB"\n\nx = [[[[[[[[[1]]]]]]]]]\n').errors
    assert (deep.line, deep.column) == (3, 13) and "nested more than 8 deep" in deep.reason
    fine = read_phh("two.phh", text=good_phh().replace("actions", '_x = [["a", [1]]]\nactions'))
    assert fine.ok and len(fine.hands) == 1
    # Brackets inside strings and comments are not nesting.
    text = good_phh().replace('table = "', 'table = "' + "[" * 20) + "# " + "[" * 20 + "\n"
    assert read_phh("s.phh", text=text).ok


def test_phhs_reads_in_linear_time():
    table = good_phh()

    def read(n: int) -> float:
        text = "".join(f"[{i}]\n" + table.replace('hand = "1001"', f'hand = "{i}"') + "\n"
                       for i in range(1, n + 1))
        start = time.perf_counter()
        result = read_phh("many.phhs", text=text)
        took = time.perf_counter() - start
        assert result.ok and len(result.hands) == n
        return took

    small = read(2_000)
    # Ten times the tables in much less than a hundred times the time (it was quadratic).
    assert read(20_000) < 30 * small


@pytest.fixture
def pipes(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD)
    os.mkfifo(folder / "pipe.txt")
    try:  # a device inside the folder; import and watch name a link by its target
        os.mknod(folder / "zero.txt", 0o644 | stat.S_IFCHR, os.makedev(1, 5))
    except PermissionError:
        pytest.skip("cannot make a device node here (not root)")
    os.mkfifo(tmp_path / "named.txt")
    return folder, tmp_path / "named.txt"


@pytest.mark.parametrize("command", COMMANDS)
def test_pipes_and_devices_are_refused_without_blocking(pipes, tmp_path, command):
    folder, named = pipes
    result = hhtools(*COMMANDS[command]([folder, named, "/dev/zero"], tmp_path))
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 1, output
    for name, kind in (("pipe.txt", "named pipe"), ("named.txt", "named pipe"),
                       ("zero.txt", "character device"), ("/dev/zero", "character device")):
        assert len(said(output, name, kind)) == 1, (name, output)
    assert good_read(command, result, tmp_path), output


def test_read_input_refuses_pipes_and_bounds_size(tmp_path):
    os.mkfifo(tmp_path / "p.txt")
    with pytest.raises(InputError, match="named pipe"):
        read_input(tmp_path / "p.txt")  # returns at once: no writer needed
    with pytest.raises(InputError, match="character device"):
        read_input("/dev/zero", limit=10)
    (tmp_path / "big.txt").write_bytes(b"x" * 11)
    with pytest.raises(InputError, match="larger than 10 bytes"):
        read_input(tmp_path / "big.txt", limit=10)
    assert read_input(tmp_path / "big.txt", limit=11) == b"x" * 11
    with pytest.raises(InputError, match="it is a folder"):
        parse_file(tmp_path)


def unprivileged() -> list[str]:
    """The prefix that runs a command as an unprivileged user, or a skip."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root, and setpriv is not there to run the command as nobody")
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@pytest.fixture
def shared_tmp():
    """A folder an unprivileged user can use (pytest's tmp_path is the owner's only)."""
    folder = Path(tempfile.mkdtemp(prefix="hhtools-inputs-"))
    folder.chmod(0o777)
    yield folder
    for path in folder.rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
    shutil.rmtree(folder)


@pytest.mark.parametrize("command", ["parse", "import", "watch"])
def test_unreadable_folders_are_named(shared_tmp, command):
    user = unprivileged()
    folder = shared_tmp / "in"
    for sub in ("closed", "listed", "fine"):
        (folder / sub).mkdir(parents=True)
    (folder / "good.txt").write_text(GOOD)
    (folder / "closed" / "a.txt").write_text(GOOD.replace("1001", "1002"))
    (folder / "listed" / "b.txt").write_text(GOOD.replace("1001", "1003"))
    (folder / "closed").chmod(0o000)
    (folder / "listed").chmod(0o555 & ~0o111)  # r--: listed, not entered
    for path in (folder, folder / "fine", folder / "good.txt"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    if os.access(folder / "closed", os.R_OK) and not user:
        pytest.skip("this user reads folders whatever their mode")
    result = hhtools(*COMMANDS[command]([folder], shared_tmp), user=user, cwd=shared_tmp)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 1, output
    assert len(said(output, "closed", "folder")) == 1, output
    assert len(said(output, "listed", "not entered")) == 1, output
    assert good_read(command, result, shared_tmp), output


NAME = "bad\x1b[31mred\nline\x07.txt"
ESCAPED = "bad\\x1b[31mred\\nline\\x07.txt"


def test_names_are_escaped_in_every_message(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / NAME).write_text(BROKEN)
    old = time.time() - 3600  # written long ago: watch takes its broken hand as final
    os.utime(folder / NAME, (old, old))
    os.mkfifo(folder / ("pipe\x1b]0;title\x07.txt"))
    for args in (("parse", folder), ("audit", folder), ("import", "--db", tmp_path / "db", folder),
                 ("rejected", "--db", tmp_path / "db"),
                 ("convert", "--to", "json", folder), ("watch", "--once", "--db",
                                                       tmp_path / "db2", folder)):
        result = hhtools(*args)
        output = result.stdout + result.stderr
        assert result.returncode == (0 if args[0] == "rejected" else 1), (args, output)
        assert "\x1b" not in output and "\x07" not in output, (args, output)
        assert ESCAPED in output, (args, output)
        if args[0] != "rejected":
            assert "pipe\\x1b]0;title\\x07.txt" in output, (args, output)


def test_shown():
    assert shown("René ok.txt") == "René ok.txt"
    assert shown("a\tb\r\u202ec") == "a\\tb\\r\\u202ec"
    assert shown(os.fsdecode(b"x\xff.txt")) == "x\\xff.txt"


@pytest.fixture
def full_disk(tmp_path):
    """A 64 KiB tmpfs, nearly full, or a skip saying why there is none."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                             capture_output=True, text=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a small tmpfs to fill: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_full_disk_leaves_no_partial_output(full_disk, tmp_path):
    (tmp_path / "good.txt").write_text(GOOD)
    assert hhtools("import", "--db", tmp_path / "db", tmp_path / "good.txt").returncode == 0
    (full_disk / "fill").write_bytes(b"\0" * 40_000)
    checks = [
        (("generate", "--site", "pokerstars", "--game", "badugi", "--hands", "200", "--out",
          full_disk / "g.txt"), full_disk / "g.txt"),
        (("report", "--db", tmp_path / "db", "--out", full_disk / "r.html"), full_disk / "r.html"),
        (("convert", "--to", "json", "--out", full_disk / "conv", tmp_path / "good.txt"),
         full_disk / "conv" / "good.jsonl"),
    ]
    # Leave less room than any of these outputs needs.
    (full_disk / "fill2").write_bytes(b"\0" * (shutil.disk_usage(full_disk).free - 2048))
    for args, out in checks:
        result = hhtools(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert f"cannot write {out}: No space left on device" in result.stderr
        assert "None" not in result.stderr
        left = sorted(p.name for p in full_disk.rglob("*") if p.is_file())
        assert left == ["fill", "fill2"], (args, left)


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    from hhtools.core.outputs import OutputError, write_text

    out = tmp_path / "report.html"
    out.write_text("the old report")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError, match=f"cannot write {out}: No space left on device"):
        write_text(out, "x" * 100_000)
    assert out.read_text() == "the old report"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]
    monkeypatch.undo()
    write_text(out, "new")
    assert out.read_text() == "new" and oct(out.stat().st_mode & 0o777) != "0o600"
