"""The built parsers kept in the user's cache folder: the same hands read with or without it,
and a cache file that is damaged or foreign is rebuilt, never trusted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
FILE = next((CORPUS / "pokerstars").glob("*.txt"))


def _audit(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hhtools", "audit", "--json", str(FILE)],
                          capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture()
def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}


def test_cached_parser_reads_hands_as_a_fresh_one(env: dict[str, str], tmp_path: Path) -> None:
    fresh = _audit({**env, "HHTOOLS_CACHE": "off"})
    assert not (tmp_path / "cache" / "hhtools").exists()
    first = _audit(env)  # builds and writes the cache
    kept = list((tmp_path / "cache" / "hhtools").glob("pokerstars-*.cache"))
    assert len(kept) == 1
    second = _audit(env)  # loads it
    assert fresh.returncode == first.returncode == second.returncode
    assert fresh.stdout == first.stdout == second.stdout
    assert "Traceback" not in first.stderr + second.stderr


def test_damaged_cache_is_rebuilt(env: dict[str, str], tmp_path: Path) -> None:
    expected = _audit({**env, "HHTOOLS_CACHE": "off"})
    _audit(env)
    (cached,) = (tmp_path / "cache" / "hhtools").glob("pokerstars-*.cache")
    for damage in (b"", b"not a cache\n", cached.read_bytes()[:200]):
        cached.write_bytes(damage)
        again = _audit(env)
        assert again.stdout == expected.stdout
        assert again.stderr == expected.stderr


def test_unwritable_cache_folder_costs_only_time(env: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "cache").write_text("a file where the folder would be")
    expected = _audit({**env, "HHTOOLS_CACHE": "off"})
    got = _audit(env)
    assert got.stdout == expected.stdout and got.stderr == expected.stderr
