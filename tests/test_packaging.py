"""The wheel carries grammars/ and the installed package finds it there."""

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


def test_installed_package_finds_its_grammars(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True)
    # Run from an unrelated folder so the source checkout cannot be found by accident.
    code = ("import hhtools.core.resources as r; d = r.grammar_dir(); "
            "print(d); assert 'AMOUNT' in r.grammar_text('common')")
    run = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(target)!r}); {code}"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert Path(run.stdout.strip()).is_relative_to(target)
