"""The compiled build (docs/design.md, "Compiled build"): which build runs, that its compiled
modules are the ones imported and up to date, and that it says exactly what the pure package
says on the whole corpus and the samples.

CI sets HHTOOLS_EXPECT_BUILD to the build it installed, so that a compile that silently fell
back to pure Python fails the run.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from hhtools import build_info
from hhtools.core.cards import DECK, format_cards
from hhtools.core.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_histories" / "histories"

# Run in a fresh interpreter by both builds: every output a user reads from the corpus and the
# samples (parse as JSON, audit as text and as JSON), and evaluations of random hands of every
# game, each command's exit status with its output.
SCRIPT = """
import sys
import sysconfig
from typer.testing import CliRunner
from hhtools.cli.main import app

runner = CliRunner()
commands = [["parse", "--json", *sys.argv[1:]], ["audit", *sys.argv[1:]],
            ["audit", "--json", *sys.argv[1:]]]
for line in sys.stdin.read().split("\\n--\\n"):
    game, _, hands = line.partition("\\n")
    commands.append(["eval", "--game", game, "-", hands])
for command in commands:
    if command[0] == "eval":
        result = runner.invoke(app, command[:4], input=command[4])
    else:
        result = runner.invoke(app, command)
    sys.stdout.write(f"$ {' '.join(command[:4])}\\n{result.exit_code}\\n{result.output}")
"""


def _eval_input() -> str:
    """Random hands of every game, a few compared on one line, from a fixed seed."""
    rng = random.Random(19)
    blocks = []
    for game in sorted(GAMES.values(), key=lambda g: g.name):
        size = game.hand_size
        lines = []
        for _ in range(300):
            cards = rng.sample(DECK, size * 2)
            lines.append(f"{format_cards(cards[:size])} | {format_cards(cards[size:])}")
        blocks.append(game.name + "\n" + "\n".join(lines))
    return "\n--\n".join(blocks)


def _outputs(pythonpath: Path | None, corpus: Path, cwd: Path) -> str:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    args = [sys.executable]
    if pythonpath is not None:
        # -I: nothing but the copy and the standard site-packages (lark, typer, polars).
        args += ["-I", "-c", f"import sys; sys.path.insert(0, {str(pythonpath)!r}); exec({SCRIPT!r})"]
    else:
        args += ["-c", SCRIPT]
    paths = sorted(str(p) for p in corpus.iterdir() if p.is_dir()) + [str(SAMPLES)]
    run = subprocess.run([*args, *paths], input=_eval_input(), capture_output=True, text=True,
                         cwd=cwd, env=env, timeout=900)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_the_build_is_whole_and_up_to_date():
    info = build_info()
    expected = os.environ.get("HHTOOLS_EXPECT_BUILD")
    if expected:
        assert info.kind == expected, info.line()
    assert info.kind in ("compiled", "pure"), info.line()
    assert info.stale == (), info.line()


def test_compiled_modules_are_the_ones_imported():
    info = build_info()
    if info.kind == "pure":
        pytest.skip(f"a pure build: {info.line()}")
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for name in info.compiled:
        assert importlib.import_module(name).__file__.endswith(suffixes), name
    assert not importlib.import_module("hhtools.core.cards").__file__.endswith(suffixes)


def test_version_names_the_build():
    run = subprocess.run([sys.executable, "-m", "hhtools", "--version"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[1] == f"build: {build_info().line()}"
    assert ("pure Python" in run.stdout) == (build_info().kind == "pure")


@pytest.mark.slow
def test_compiled_and_pure_say_the_same(corpus, tmp_path):
    if build_info().kind == "pure":
        pytest.skip("a pure build: nothing compiled to compare")
    pure = tmp_path / "pure"
    # The sources alone: no extension, no build record, so the copy imports as pure Python.
    shutil.copytree(ROOT / "hhtools", pure / "hhtools",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "build.json", "__pycache__"))
    shutil.copytree(ROOT / "grammars", pure / "grammars")
    probe = subprocess.run([sys.executable, "-I", "-c",
                            f"import sys; sys.path.insert(0, {str(pure)!r}); "
                            "import hhtools.core.evaluate as e; print(e.__file__)"],
                           capture_output=True, text=True, timeout=120)
    assert probe.stdout.strip() == str(pure / "hhtools" / "core" / "evaluate.py"), probe.stderr
    compiled = _outputs(None, corpus, tmp_path)
    assert _outputs(pure, corpus, tmp_path) == compiled
    assert compiled.count("$ ") == 3 + len(GAMES) and '"verdict"' in compiled


def test_no_c_compiler_means_a_pure_build_with_its_reason(monkeypatch):
    pytest.importorskip("hatchling", reason="the test extra installs hatchling")
    monkeypatch.syspath_prepend(str(ROOT))
    import hatch_build

    monkeypatch.setenv("CC", "no-such-cc-p19")
    assert hatch_build.compiler_missing() == "no C compiler found (no-such-cc-p19)"
    monkeypatch.setenv("CC", sys.executable)  # any program found on the machine
    assert hatch_build.compiler_missing() in (None, "no Python headers found "
                                              f"(Python.h in {sysconfig.get_paths()['include']})")


def test_an_edited_compiled_module_is_named_stale(tmp_path):
    info = build_info()
    in_tree = [m for m in info.compiled
               if Path(importlib.import_module(m).__file__).is_relative_to(ROOT)]
    if info.kind != "compiled" or not in_tree:
        pytest.skip("needs a compiled editable install (extensions in the source tree)")
    edited = in_tree[0]
    copy = tmp_path / "tree"
    shutil.copytree(ROOT / "hhtools", copy / "hhtools", ignore=shutil.ignore_patterns("__pycache__"))
    for path in ROOT.glob("hhtools__mypyc.*"):  # the group's shared library, when there is one
        shutil.copy(path, copy / path.name)
    # The source beside the extension (``auditing/__init__.py`` for a package).
    extension = Path(importlib.import_module(edited).__file__).relative_to(ROOT)
    source = copy / extension.with_name(extension.name.split(".", 1)[0] + ".py")
    source.write_text(source.read_text(encoding="utf-8") + "# an edit the extension lacks\n",
                      encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", "-c",
                          f"import sys; sys.path.insert(0, {str(copy)!r}); import hhtools; "
                          "info = hhtools.build_info(); print(info.kind, info.stale)"],
                         capture_output=True, text=True, timeout=120)
    assert run.stdout.split(None, 1) == ["compiled", f"{(edited,)}\n"], run.stderr
