"""What a command loads: the everyday commands (`--help`, `--version`, `eval`, `parse`, `audit`)
start without the store's and the report's libraries (polars, matplotlib) and without the test
and cluster extras (pokerkit, dask), which would cost a short command most of its time.

Each command runs in a fresh interpreter, as from the shell, doing its real work (its output is
checked too); the modules it loaded are read from ``sys.modules`` when it has finished.
bench/cold.py measures how long these commands take."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BADEUCY = ROOT / "sample_histories" / "histories" / "kingsclub-badeucey-split.txt"

#: Packages a short command must not load (their top-level names).
HEAVY = ("polars", "matplotlib", "numpy", "pyarrow", "pokerkit", "dask", "distributed", "duckdb")
#: What the help and the version need not load either: pydantic (Typer's coercion of option
#: values, a fifth of a cold audit), lark and the auditor.
NOT_FOR_HELP = ("pydantic", "lark", "hhtools.auditing", "hhtools.reading", "hhtools.sites.base")

_CHILD = """
import sys
from hhtools.cli.main import main
sys.argv = ["hhtools", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    status = done.code
else:
    status = 0
loaded = sorted({name.partition(".")[0] for name in sys.modules} & set(%r))
print("besides", *sorted(set(%r) & {m for n in sys.modules for m in (n, n.partition(".")[0])}),
      file=sys.stderr)
print("status", status, "loaded", *loaded, file=sys.stderr)
""" % (HEAVY, NOT_FOR_HELP)


def _run(*words: str) -> tuple[str, str]:
    """(standard output, the last line on standard error) of ``hhtools WORDS``."""
    out, lines = _run_lines(*words)
    return out, lines[-1]


def _run_lines(*words: str) -> tuple[str, list[str]]:
    """(standard output, the lines on standard error) of ``hhtools WORDS``."""
    done = subprocess.run([sys.executable, "-c", _CHILD, *words], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout, done.stderr.strip().splitlines()


@pytest.mark.parametrize(("words", "expected"), [
    (("--help",), "Replay hands under their rules"),
    (("--version",), "hhtools "),
    (("audit", str(BADEUCY)), "kingsclub 50100001 badeucy ok"),
    (("audit", "--json", str(BADEUCY)), '"verdict": "ok"'),
    (("parse", str(BADEUCY)), "1 hand"),
    (("eval", "--game", "badeucy", "2c 3s 4d 5h 7c", "As 2d 3h 4c 6s"), "7-5-4-3-2"),
])
def test_everyday_commands_load_no_heavy_library(words: tuple[str, ...], expected: str) -> None:
    out, last = _run(*words)
    assert expected in out
    assert last == "status 0 loaded", f"hhtools {' '.join(words)}: {last}"


@pytest.mark.parametrize("words", [("--help",), ("-h",), ("--version",), ()])
def test_the_help_loads_neither_typer_coercion_nor_the_reader(words: tuple[str, ...]) -> None:
    out, lines = _run_lines(*words)
    assert "audit" in out or "hhtools " in out
    assert lines[-2] == "besides", f"hhtools {' '.join(words)}: {lines[-2]}"


def test_the_help_check_sees_what_an_audit_loads() -> None:
    # The same child, for the audit: the check above can fail. The audit's values are text
    # or left out, which Typer's coercion (pydantic) is not asked for (hhtools.cli.usage).
    _, lines = _run_lines("audit", str(BADEUCY))
    assert set(lines[-2].split()) == {"besides", *NOT_FOR_HELP} - {"pydantic"}


def test_the_help_check_sees_typer_coercion_when_a_value_needs_it() -> None:
    # A number is still read by Typer's coercion, which words a bad one.
    _, lines = _run_lines("generate", "--hands", "x")
    assert "pydantic" in lines[-2].split() and lines[-1].startswith("status 2")


def test_the_check_sees_a_heavy_library_when_one_is_loaded(tmp_path: Path) -> None:
    # The same child, for a command that needs polars: the check above can fail.
    out, last = _run("stats", "--db", str(tmp_path / "no-store"))
    assert last.startswith("status 2 loaded") and "polars" in last.split()


def test_a_command_run_alone_answers_as_in_the_whole_app() -> None:
    # hhtools.cli.main.main runs a named command in an app holding it alone, and the root's
    # options in the listing app, whose commands have no parameters (app_for): their help,
    # their usage errors and their work are what the whole app gives.
    import typer
    from typer.testing import CliRunner

    from hhtools.cli.main import app, app_for

    runner = CliRunner()
    env = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    names = list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    assert len(names) > 10
    lines = [[name, "--help"] for name in names] + [
        ["audit", "--no-such-option", str(BADEUCY)], ["audit", str(BADEUCY)], ["eval"],
        ["eval", "--game", "badugi", "As 2d 3h Kc"], ["parse", "no-such-file.txt"]]
    roots = [[], ["--help"], ["-h"], ["--version"], ["--no-such-option"], ["--version", "--help"]]
    for words in lines + roots:
        alone = app_for(words)
        if words in roots:
            assert alone is not app and [c.name for c in alone.registered_commands] == names
        else:
            assert [c.name for c in alone.registered_commands] == [words[0]]
        got = runner.invoke(alone, words, env=env, prog_name="hhtools")
        want = runner.invoke(app, words, env=env, prog_name="hhtools")
        assert (got.exit_code, got.output) == (want.exit_code, want.output), words
        assert got.output, words


def test_the_root_help_builds_no_command_parameters() -> None:
    # The root's help lists every command by its summary: none of their parameters is made,
    # where the whole app makes them all.
    import typer

    from hhtools.cli.main import app, app_for

    listed = typer.main.get_command(app_for(["--help"])).commands  # type: ignore[attr-defined]
    whole = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert list(listed) == list(whole)
    assert all(command.params == [] for command in listed.values())
    assert whole["audit"].params and all(listed[n].help == whole[n].help for n in whole)
