"""Large files read in slices of whole hands: the same hands, line numbers and problems as a
whole read, in any encoding; the store the same; memory flat whatever the file's size."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from storecases import ROOT, snapshot

from hhtools.generate import write_history
from hhtools.reading.parsing import parse_file
from hhtools.reading.slicing import parse_slice, plan
from hhtools.store.importer import import_paths
from hhtools.store.store import Store

# Each site's own file format and encoding: PokerStars UTF-8 with a BOM, Full Tilt UTF-16,
# Merge XML with one description for every game.
SITES = [("pokerstars", "badugi"), ("fulltilt", "2-7"), ("merge", "badugi"),
         ("kingsclub", "badeucy"), ("winamax", "2-7")]
TARGET = 40_000  # bytes a slice: some 30 hands


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    where = tmp_path_factory.mktemp("sliced")
    files = {}
    for site, game in SITES:
        files[site] = where / f"{site}.txt"
        write_history(files[site], site, game, "fixed-limit", 250, seed=11)
    return files


def read_in_slices(path, target=TARGET):
    parts = plan(str(path), target)
    results = [parse_slice(p) for p in parts]
    return parts, results


def assert_as_whole(path, pieces: int = 2):
    whole = parse_file(str(path))
    parts, results = read_in_slices(path)
    assert len(parts) >= pieces
    assert tuple(h for r in results for h in r.hands) == whole.hands
    assert tuple(e for r in results for e in r.errors) == whole.errors
    assert [w for r in results for w in r.warnings] == list(whole.warnings)
    assert {r.encoding for r in results} == {whole.encoding}
    return whole, parts


@pytest.mark.parametrize("site", [s for s, _ in SITES])
def test_each_sites_file_read_in_slices_gives_the_hands_of_a_whole_read(generated, site):
    whole, parts = assert_as_whole(generated[site], pieces=5)
    assert len(whole.hands) == 250
    # Slices follow each other without a gap, each starting at a hand's first line.
    assert [p.start for p in parts[1:]] == [p.end for p in parts[:-1]]
    assert parts[-1].end == os.path.getsize(generated[site])
    firsts = {h.source.first_line for h in whole.hands}
    assert all(p.first_line in firsts for p in parts[1:])


def variant(tmp_path, name, data: bytes):
    path = tmp_path / f"{name}.txt"
    path.write_bytes(data)
    return path


def test_line_ends_bad_bytes_and_damaged_hands_read_in_slices_as_whole(generated, tmp_path):
    kc = generated["kingsclub"].read_bytes()
    at = kc.index(b"\n", len(kc) // 2)
    # Windows line ends.
    assert_as_whole(variant(tmp_path, "crlf", kc.replace(b"\n", b"\r\n")))
    # A byte that is not UTF-8 in a file otherwise ASCII: the whole file is cp1252, said once.
    whole, parts = assert_as_whole(variant(tmp_path, "cp1252", kc[:at] + b" \xf6" + kc[at:]))
    assert whole.encoding == "cp1252" and len(whole.notes) == 1 and parts[0].notes
    # The same byte in a file holding UTF-8 elsewhere: replaced, and said on its hand's line.
    mixed = kc[:at] + b" \xf6" + kc[at:].replace(b"Seat 1: ", "Seat 1: é".encode(), 1)
    whole, _ = assert_as_whole(variant(tmp_path, "utf8", mixed))
    assert whole.encoding == "utf-8" and any("0xF6" in w.reason for w in whole.warnings)
    # Damaged hands in the middle of the file are rejected with their line numbers.
    whole, _ = assert_as_whole(variant(tmp_path, "damaged", damage(kc, 1 / 3, 2 / 3)))
    assert len(whole.errors) == 2
    # A BOM in the middle (files concatenated).
    ps = generated["pokerstars"].read_bytes()
    half = len(ps) // 2
    assert_as_whole(variant(tmp_path, "bom", ps[:half] + b"\xef\xbb\xbf" + ps[half:]))
    # A UTF-16 file ending in an odd byte.
    ft = generated["fulltilt"].read_bytes()
    assert_as_whole(variant(tmp_path, "odd", ft + b"x"))
    # A Merge game left unclosed: it costs itself, as in a whole read.
    mg = generated["merge"].read_bytes()
    k = mg.index(b"</game>", len(mg) // 2)
    whole, _ = assert_as_whole(variant(tmp_path, "unclosed", mg[:k] + mg[k + 7:]))
    assert len(whole.errors) == 1


def damage(data: bytes, *where: float) -> bytes:
    """``data`` (a KingsClub file) with a line no site writes inside the hands at these
    fractions of the file."""
    for fraction in sorted(where, reverse=True):
        header = data.index(b"\n#", int(len(data) * fraction))
        end = data.index(b"\n", header + 1)
        data = data[:end] + b"\nthis line is written by no site" + data[end:]
    return data


def test_files_that_cannot_be_cut_are_read_whole(generated, tmp_path):
    kc = generated["kingsclub"].read_bytes()
    ft = generated["fulltilt"].read_bytes()
    mg = generated["merge"].read_bytes()
    description = mg[:mg.index(b"\n") + 1]
    at = len(ft) // 2 | 1
    for name, data in [("lone-cr", kc.replace(b"\n", b"\r")),  # old Mac line ends
                       ("shifted", ft[:at] + b"\x00" + ft[at:]),  # a byte too many in UTF-16
                       ("second-description", mg + description + mg[len(description):]),
                       ("readme", b"not a hand history\n" * 5000)]:
        path = variant(tmp_path, name, data)
        parts, results = read_in_slices(path)
        assert len(parts) == 1 and parts[0].whole, name
        assert results[0] == parse_file(str(path))


def test_a_file_imported_in_slices_is_stored_as_a_whole_read_stores_it(generated, tmp_path,
                                                                       monkeypatch):
    import hhtools.reading.slicing as slicing

    files = [str(generated[s]) for s, _ in SITES]
    whole = Store(tmp_path / "whole")
    import_paths(files, whole)
    monkeypatch.setattr(slicing, "SLICE_BYTES", TARGET)
    sliced = Store(tmp_path / "sliced")
    done = import_paths(files, sliced, jobs=2)
    assert (done.files_read, done.hands_new, done.rejected) == (5, 5 * 250, 0)
    for got, want in zip(snapshot(sliced), snapshot(whole)):
        assert got.equals(want)
    # Each file is marked imported once, with all its hands: the next import reads none.
    marked = sliced.read("files").sort("path")
    assert marked["hands"].to_list() == [250] * 5
    again = import_paths(files, sliced)
    assert (again.files_unchanged, again.files_read) == (5, 0)


def test_rejections_of_every_slice_are_kept_and_the_file_read_again(generated, tmp_path,
                                                                     monkeypatch):
    import hhtools.reading.slicing as slicing
    import hhtools.store.importer as importer

    # One bad hand early, one late.
    damaged = variant(tmp_path, "damaged", damage(generated["kingsclub"].read_bytes(), 0.2, 0.8))
    monkeypatch.setattr(slicing, "SLICE_BYTES", TARGET)
    monkeypatch.setattr(importer, "BATCH_HANDS", 40)  # the slices land in many batches
    store = Store(tmp_path / "db")
    first = import_paths([damaged], store)
    assert first.rejected == 2
    assert store.rejections()["line"].to_list() == [e.line for e in parse_file(str(damaged)).errors]
    # Not marked as imported: read again, and its rejections replaced, not doubled.
    again = import_paths([damaged], store)
    assert (again.files_read, again.hands_new, again.rejected) == (1, 0, 2)
    assert store.rejections().height == 2


PEAK = """
import os, sys
from hhtools.store.importer import import_paths
from hhtools.store.store import Store
summary = import_paths([sys.argv[1]], Store(sys.argv[2]), jobs=1)
assert summary.rejected == 0, summary.render()
with open("/proc/self/status") as f:  # VmHWM: ru_maxrss would count the parent's peak too
    print(next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) // 1024)
"""


def peak_mb(path, db, slice_bytes: int) -> int:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HHTOOLS_SLICE_BYTES": str(slice_bytes),
           "HHTOOLS_BATCH_HANDS": "300",
           # The reading is measured: merging the small batches after it is not.
           "HHTOOLS_COMPACT_AFTER": "0"}
    out = subprocess.run([sys.executable, "-c", PEAK, str(path), str(db)], env=env,
                         capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1])


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads VmHWM")
def test_memory_stays_flat_as_a_single_file_grows(tmp_path):
    # Hands of one generated file copied with fresh ids: a file four times larger.
    write_history(tmp_path / "seed.txt", "pokerstars", "badugi", "fixed-limit", 500, seed=5)
    text = (tmp_path / "seed.txt").read_text(encoding="utf-8-sig")
    ids = iter(range(10**11, 10**12))
    for name, copies in (("small", 2), ("large", 8)):
        big = re.sub(r"(?m)^(PokerStars Hand #)[0-9]+", lambda m: m[1] + str(next(ids)),
                     text * copies)
        (tmp_path / f"{name}.txt").write_text(big, encoding="utf-8")
    small = peak_mb(tmp_path / "small.txt", tmp_path / "db-small", 150_000)
    large = peak_mb(tmp_path / "large.txt", tmp_path / "db-large", 150_000)
    # Read whole, the 3,000 more hands would hold some 60 MB more (parsed hands and their
    # rows); read in slices of some 100 hands and stored 300 at a time, next to nothing.
    assert large - small < 20, (small, large)


def test_a_slice_of_a_file_changed_since_it_was_planned_is_rejected_not_misread(generated,
                                                                                tmp_path):
    from hhtools.store.slices import read_slice

    path = variant(tmp_path, "growing", generated["kingsclub"].read_bytes())
    parts = plan(str(path), TARGET)
    before = parse_slice(parts[1])
    # A copy made at another time (a Dask worker's) reads as the file: only the size counts.
    os.utime(path, (1, 1))
    assert parse_slice(parts[1]).hands == before.hands and before.hands
    with open(path, "ab") as f:
        f.write(b"\n#99: more hands written meanwhile\n")
    changed = read_slice(parts[1])
    assert not changed.verdicts and len(changed.errors) == 1
    assert "the file changed while it was imported" in changed.errors[0]
    # A file a Dask worker cannot see is rejected naming the worker and what it needs.
    path.unlink()
    gone = read_slice(parts[1], worker="node7")
    assert gone.errors == [f"{path}:{parts[1].first_line}:1: cannot read {path}: No such file "
                           "or directory (on the Dask worker node7: every worker must see the "
                           "input files at the same path)"]
