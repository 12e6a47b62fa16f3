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
