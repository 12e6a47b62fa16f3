"""The wheel carries grammars/ and what its build compiled, and the installed package finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    pytest.importorskip("hatchling", reason="the test extra installs hatchling to build offline")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(out), str(ROOT)],
                   check=True, capture_output=True, text=True)
    [built] = out.glob("hhtools-*.whl")
    return built


def test_wheel_contains_the_grammars(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {Path(n).name for n in names if n.startswith("hhtools/grammars/")}
    assert {p.name for p in (ROOT / "grammars").glob("*.lark")} <= shipped
    assert "common.lark" in shipped
    assert any(n.endswith("entry_points.txt") for n in names)


def test_wheel_carries_what_its_build_compiled(wheel):
    import json

    archive = zipfile.ZipFile(wheel)
    record = json.loads(archive.read("hhtools/build.json"))
    extensions = {n for n in archive.namelist() if n.endswith((".so", ".pyd"))}
    for module in record["modules"]:
        path = module.replace(".", "/")
        assert any(n.startswith((path + ".", path + "/__init__.")) for n in extensions), module
    assert bool(extensions) == (record["build"] == "compiled")
    assert ("none-any" in wheel.name) == (record["build"] == "pure")


def test_installed_package_finds_its_grammars(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True)
    # Run from an unrelated folder so the source checkout cannot be found by accident.
    code = ("import hhtools.core.resources as r; d = r.grammar_dir(); "
            "print(d); assert 'AMOUNT' in r.grammar_text('common'); "
            "import hhtools; info = hhtools.build_info(); "
            "import json, importlib.resources as ir; "
            "built = json.loads((ir.files('hhtools') / 'build.json').read_text())['build']; "
            "assert info.kind == built and not info.stale, info.line()")
    run = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {code}"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert Path(run.stdout.strip()).is_relative_to(target)


def _build(source: Path, out: Path, **env: str) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps",
                           "--no-build-isolation", "--wheel-dir", str(out), str(source)],
                          capture_output=True, text=True, env={**os.environ, **env})


def test_no_c_compiler_builds_the_pure_package_and_says_so(tmp_path):
    import json

    pytest.importorskip("hatchling", reason="the test extra installs hatchling to build offline")
    run = _build(ROOT, tmp_path, CC="no-such-cc-p19", HHTOOLS_BUILD="auto")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "hhtools: no C compiler found (no-such-cc-p19); building the pure-Python package" \
        in run.stdout + run.stderr
    [built] = tmp_path.glob("hhtools-*.whl")
    assert built.name.endswith("-py3-none-any.whl")
    record = json.loads(zipfile.ZipFile(built).read("hhtools/build.json"))
    assert record == {"build": "pure", "modules": {},
                      "reason": "no C compiler found (no-such-cc-p19)"}


def test_a_listed_module_that_does_not_type_check_fails_the_build(tmp_path):
    import shutil

    pytest.importorskip("mypyc", reason="the test extra installs mypy, which carries mypyc")
    source = tmp_path / "src"
    for name in ("hhtools", "grammars"):
        shutil.copytree(ROOT / name, source / name,
                        ignore=shutil.ignore_patterns("*.so", "build.json", "__pycache__"))
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    listed = source / "hhtools" / "core" / "evaluate.py"
    listed.write_text(listed.read_text(encoding="utf-8") + "\n\nWRONG: int = 'not an int'\n",
                     encoding="utf-8")
    run = _build(source, tmp_path / "out", HHTOOLS_BUILD="auto")
    assert run.returncode != 0
    output = run.stdout + run.stderr
    assert 'hhtools/core/evaluate.py:' in output and "Incompatible types in assignment" in output
    assert "does not type-check" in output
    assert not list((tmp_path / "out").glob("*.whl"))
