"""`hhtools watch`: hands stored as a writer appends them, a hand at a time, as a poker client
does; half-written hands waited for, folders created later, rotated files, Ctrl-C."""

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hhtools.generate import write_history
from hhtools.store.store import Store
from hhtools.store.watch import Watcher

HEADER = re.compile(r"^PokerStars Hand #(\d+)", re.M)


def generated_hands(tmp_path: Path, count: int, seed: int) -> list[tuple[str, str]]:
    """(hand id, text) of ``count`` generated PokerStars Badugi hands, in file order."""
    source = tmp_path / f"generated-{seed}.txt"
    write_history(source, "pokerstars", "badugi", hands=count, seed=seed)
    text = source.read_text(encoding="utf-8-sig")
    starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
    return [(HEADER.match(text, a)[1], text[a:b]) for a, b in zip(starts, starts[1:])]


def append(path: Path, text: str, encoding: str = "utf-8") -> None:
    with open(path, "a", encoding=encoding, newline="\n") as f:
        f.write(text)


def stored(db: Path) -> list[str]:
    if not (db / "batches").is_dir():
        return []
    return Store(db).read_columns("hands", ["hand_id"])["hand_id"].to_list()


def wait_for(db: Path, hand_id: str, limit: float = 2.0) -> float:
    """Seconds until ``hand_id`` is stored; fails after ``limit``."""
    began = time.monotonic()
    while hand_id not in stored(db):
        took = time.monotonic() - began
        assert took < limit, f"hand {hand_id} not stored after {took:.1f} s"
        time.sleep(0.05)
    return time.monotonic() - began


@pytest.fixture
def watching(tmp_path):
    """Start a watcher on paths in a thread; stopped (and checked to stop) at the end."""
    stop = threading.Event()
    threads = []

    def start(*paths, **timing) -> Watcher:
        watcher = Watcher(paths, Store(tmp_path / "db"), **timing)
        thread = threading.Thread(target=watcher.run, args=(stop,), daemon=True)
        thread.start()
        threads.append(thread)
        return watcher

    yield start
    stop.set()
    for thread in threads:
        thread.join(5)
        assert not thread.is_alive()


def test_each_appended_hand_is_stored_within_two_seconds_and_half_a_hand_is_waited_for(
        tmp_path, watching):
    hands = generated_hands(tmp_path, 5, seed=11)
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watcher = watching(folder)
    session = folder / "HH20240307 Table.txt"
    for k, (hand_id, text) in enumerate(hands):
        if k == 2:
            # The client has written half of a hand and is still writing: it is not rejected
            # and the hands before it are kept; once finished it is stored like the others.
            half = len(text) // 2
            append(session, text[:half])
            time.sleep(1.5)
            assert hand_id not in stored(db)
            assert Store(db).rejections().height == 0
            append(session, text[half:])
        else:
            append(session, text)
        wait_for(db, hand_id)
        time.sleep(0.3)  # a few hands a minute in real play; the gap lets each be seen alone
    ids = stored(db)
    assert sorted(ids) == sorted(h for h, _ in hands)  # each hand once
    assert watcher.summary.hands_new == 5 and watcher.summary.rejected == 0


def test_a_folder_created_later_and_a_rotated_file_are_followed(tmp_path, watching):
    hands = generated_hands(tmp_path, 4, seed=12)
    folder = tmp_path / "not-yet" / "PokerStars"
    db = tmp_path / "db"
    events = []
    watching(folder, on_event=events.append)
    time.sleep(0.5)
    assert any("waiting for" in e and str(folder) in e for e in events)
    folder.mkdir(parents=True)
    current = folder / "session.txt"
    append(current, hands[0][1] + hands[1][1])
    wait_for(db, hands[1][0])
    # Rotation: the client renames the file it wrote and starts a new one under the old name.
    current.rename(folder / "session.1.txt")
    append(current, hands[2][1])
    wait_for(db, hands[2][0])
    append(current, hands[3][1])
    wait_for(db, hands[3][0])
    time.sleep(0.8)  # the renamed file, read again, adds nothing
    assert sorted(stored(db)) == sorted(h for h, _ in hands)


def test_a_broken_hand_is_rejected_once_the_next_one_starts(tmp_path, watching):
    hands = generated_hands(tmp_path, 2, seed=13)
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watching(folder)
    broken = hands[0][1].replace("*** SUMMARY ***", "*** SUMMRY ***")
    append(folder / "s.txt", broken + hands[1][1])
    wait_for(db, hands[1][0])
    rejected = Store(db).rejections()
    assert rejected.height == 1 and hands[0][0] not in stored(db)


def test_another_import_runs_while_the_watch_is_idle(tmp_path, watching):
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watching(folder)
    time.sleep(0.5)
    taken = threading.Event()

    def write() -> None:
        with Store(db).writing("import"):
            taken.set()

    threading.Thread(target=write, daemon=True).start()
    assert taken.wait(2), "the idle watch holds the store's writer lock"


def test_ctrl_c_stops_the_watch_with_a_summary_and_status_130(tmp_path):
    hands = generated_hands(tmp_path, 3, seed=14)
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watching = subprocess.Popen([sys.executable, "-m", "hhtools", "watch", str(folder), "--db", str(db)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _hand_id, text in hands:
            append(folder / "s.txt", text)
        wait_for(db, hands[-1][0], limit=10)  # the first look includes starting Python
        watching.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = watching.communicate(timeout=10)
    finally:
        if watching.poll() is None:
            watching.kill()
    assert watching.returncode == 130, (out, err)
    assert time.monotonic() - sent < 3
    assert "Traceback" not in err and "stopped watching" in err
    assert "hands new: 3\n" in out and "rejected: 0" in out


def test_ctrl_c_just_after_the_store_is_written_still_counts_the_hands(tmp_path, monkeypatch):
    """Ctrl-C landing between the store's write and the watch's count: the summary says the
    hands stored, and the watch stops with status 130 right after that import."""
    from typer.testing import CliRunner

    from hhtools.cli.main import app
    from hhtools.store import watch

    folder = tmp_path / "histories"
    folder.mkdir()
    for name, seed in (("a.txt", 16), ("b.txt", 17)):
        write_history(folder / name, "pokerstars", "badugi", hands=3, seed=seed)
    written = watch.import_parsed

    def then_ctrl_c(*args, **kwargs):
        done = written(*args, **kwargs)
        signal.raise_signal(signal.SIGINT)
        return done

    monkeypatch.setattr(watch, "import_parsed", then_ctrl_c)
    db = tmp_path / "db"
    result = CliRunner().invoke(app, ["watch", str(folder), "--db", str(db), "--once"])
    assert result.exit_code == 130, result.output
    assert len(stored(db)) == 3, "the import under way ends; the next file is not read"
    assert "hands new: 3\n" in result.output and "Traceback" not in result.output
    assert "stopping once the hands being imported are stored" in result.output


@pytest.mark.parametrize("site, game", [("pokerstars", "badugi"), ("fulltilt", "badugi"),
                                        ("kingsclub", "badeucy"), ("winamax", "2-7")])
def test_every_text_site_is_read_a_hand_at_a_time_and_half_a_hand_is_left_for_later(
        tmp_path, site, game):
    """One look after each write (quiet taken as reached): each hand is stored as it is
    written, whatever the site's layout between hands, and half a hand never rejected."""
    from hhtools.sites import get_site

    source = tmp_path / "generated.txt"
    write_history(source, site, game, hands=4, seed=15)
    data = source.read_bytes()
    encoding = "utf-16" if data.startswith(b"\xff\xfe") else "utf-8-sig"  # as the site writes it
    lines = data.decode(encoding).split("\n")
    heads = [k for k, line in enumerate(lines) if get_site(site).hand_start.match(line)]
    pieces = ["\n".join(lines[a:b]) + "\n" for a, b in zip(heads, heads[1:])]
    pieces.append("\n".join(lines[heads[-1]:]))
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watcher = Watcher([folder], Store(db), quiet=0)
    session = folder / "session.txt"
    for k, piece in enumerate(pieces):
        if k == 2:
            append(session, piece[:len(piece) // 2], encoding)
            watcher.look()
            assert len(stored(db)) == 2 and Store(db).rejections().height == 0
            piece = piece[len(piece) // 2:]
        append(session, piece, encoding)
        watcher.look()
        assert len(stored(db)) == k + 1, (site, k)
    assert len(pieces) == 4 and watcher.summary.hands_new == 4 and watcher.summary.rejected == 0


def test_a_file_rewritten_after_a_client_restart_is_read_again_from_its_start(tmp_path):
    hands = generated_hands(tmp_path, 3, seed=16)
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watcher = Watcher([folder], Store(db), quiet=0)
    session = folder / "session.txt"
    append(session, hands[0][1] + hands[1][1])
    watcher.look()
    # The client starts the file again: the first hand written anew, then a new one.
    session.write_text(hands[0][1] + hands[2][1], encoding="utf-8")
    watcher.look()
    ids = stored(db)
    assert sorted(ids) == sorted(h for h, _ in hands)
    assert watcher.summary.hands_new == 3 and watcher.summary.duplicates == 1


def test_a_merge_xml_file_is_imported_once_written_whole(tmp_path):
    """Merge writes one XML document: half of it is waited for, the whole read at once."""
    source = tmp_path / "generated.xml"
    write_history(source, "merge", "badugi", hands=3, seed=17)
    data = source.read_bytes()
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watcher = Watcher([folder], Store(db), quiet=0)
    target = folder / "session.xml"
    target.write_bytes(data[:len(data) // 2])
    watcher.look()
    assert stored(db) == [] and Store(db).rejections().height == 0
    with open(target, "ab") as f:
        f.write(data[len(data) // 2:])
    watcher.look()
    assert len(stored(db)) == 3 and watcher.summary.rejected == 0


def test_files_imported_before_the_watch_are_not_read_again(tmp_path):
    from hhtools.store.importer import import_paths

    hands = generated_hands(tmp_path, 2, seed=18)
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    append(folder / "old.txt", hands[0][1])
    assert import_paths([folder], Store(db)).hands_new == 1
    imports = []
    watcher = Watcher([folder], Store(db), quiet=0, on_import=lambda path, done: imports.append(path))
    append(folder / "new.txt", hands[1][1])
    watcher.look()
    assert imports == [str((folder / "new.txt").resolve())] and len(stored(db)) == 2


def test_a_hand_cut_inside_its_summary_is_not_taken_for_a_whole_one(tmp_path):
    """Cut after its summary's first lines, a hand reads whole: it is stored only when the
    file has been quiet or the blank line ending a hand follows it, never cut short."""
    from hhtools.reading.parsing import parse_text

    hand_id, text = generated_hands(tmp_path, 2, seed=19)[0]
    cut = text.index("\n", text.index("*** SUMMARY ***") + 16) + 1  # after "Total pot ..."
    assert len(parse_text(text[:cut]).hands) == 1 and parse_text(text[:cut]).ok  # reads whole
    assert text.endswith("\n\n")  # PokerStars ends a hand with blank lines
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    watcher = Watcher([folder], Store(db), quiet=60)  # never quiet during this test
    session = folder / "session.txt"
    append(session, text[:cut])
    watcher.look()
    assert stored(db) == []
    append(session, text[cut:])
    watcher.look()
    assert stored(db) == [hand_id]


def test_a_quiet_file_whose_last_hand_lacks_summary_lines_waits_for_them(corpus, tmp_path):
    """KingsClub's summary seat lines are all optional to its grammar: cut after the first, the
    last hand reads whole even once the file is quiet. It is left until its summary is whole
    (then stored with the site's nets), and the watch says it is still being written."""
    from hhtools.store.watch import import_line

    text = (corpus / "kingsclub" / "A5-1-Draw-Limit-USD-50-100-202102.txt").read_text()
    second = text.replace("#41388325:", "#41388326:")
    folder = tmp_path / "histories"
    folder.mkdir()
    db = tmp_path / "db"
    lines = []
    watcher = Watcher([folder], Store(db), quiet=0,
                      on_import=lambda path, done: lines.append(import_line(path, done)))
    session = folder / "session.txt"
    cut = second.index("Seat 2: Hero (774)")
    append(session, text.rstrip("\n") + "\n\n" + second[:cut])
    watcher.look()
    assert stored(db) == ["41388325"] and Store(db).rejections().height == 0
    assert lines[-1].endswith("1 new hand stored, the last hand still being written")
    append(session, second[cut:])
    watcher.look()
    assert sorted(stored(db)) == ["41388325", "41388326"]
    nets = Store(db).read("players").filter(hand_id="41388326").sort("seat")["net"].to_list()
    assert [str(n) for n in nets] == ["99.0000", "-100.0000"]
