"""hatchling build hook: compile the modules listed in pyproject.toml with mypyc.

Which build is made (docs/design.md, "Compiled build"):

- ``HHTOOLS_BUILD=pure``: nothing is compiled.
- ``HHTOOLS_BUILD=compiled``: compiled, and a machine without a C compiler fails the build.
- unset (or ``auto``): compiled where a C compiler and the Python headers are found, else pure,
  with a one-line notice (``pip install -v`` shows it; ``hhtools --version`` says so later).

A module of the list that does not type-check always fails the build with mypy's errors: it is
never quietly left pure. The build writes ``hhtools/build.json`` (what was compiled, why not,
and the digest of each compiled source, so that a stale extension can be told apart later).
An editable install builds the extensions in place, beside their ``.py`` files, since the
editable install imports from the source tree; a wheel carries them from a temporary folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUILD_FILE = "hhtools/build.json"
CHOICES = ("auto", "pure", "compiled")


def compiler_missing() -> str | None:
    """Why no extension can be built here, or None when a C compiler and Python.h are found."""
    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not command or shutil.which(command[0]) is None:
        return f"no C compiler found ({command[0] if command else 'CC is empty'})"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"no Python headers found (Python.h in {include})"
    return None


class CompileHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def sources(self) -> list[Path]:
        return listed_sources(Path(self.root), self.config.get("compiled", []),
                              self.config.get("pure", []))

    def in_place_artifacts(self) -> list[Path]:
        """Extensions an earlier editable build left beside their sources."""
        root = Path(self.root)
        found = list(root.glob("hhtools__mypyc.*"))
        for source in (root / "hhtools").rglob("*.py"):
            found.extend(source.parent.glob(f"{source.stem}.cpython-*"))
            found.extend(source.parent.glob(f"{source.stem}.*.pyd"))
        return [p for p in found if p.suffix in (".so", ".pyd")]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        editable = version == "editable"
        root = Path(self.root)
        choice = os.environ.get("HHTOOLS_BUILD", "auto").strip().lower() or "auto"
        if choice not in CHOICES:
            raise ValueError(f"HHTOOLS_BUILD={choice!r}: expected one of {', '.join(CHOICES)}")
        sources = self.sources()
        if editable:
            # A pure editable install must not import what a compiled one left behind.
            for artifact in self.in_place_artifacts():
                artifact.unlink()
        reason = "HHTOOLS_BUILD=pure" if choice == "pure" else None
        if reason is None and not sources:
            reason = "no module is listed to compile"
        if reason is None:
            missing = compiler_missing()
            if missing and choice == "compiled":
                raise RuntimeError(f"hhtools build: HHTOOLS_BUILD=compiled but {missing}")
            if missing:
                reason = missing
                self.app.display_warning(f"hhtools: {missing}; building the pure-Python package")
        out_dir = Path(tempfile.mkdtemp(prefix="hhtools-build-"))
        modules: dict[str, str] = {}
        if reason is None:
            built = compile_modules(root, sources, out_dir, in_place=editable)
            modules = {_module(s, root): _digest(s) for s in sources}
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            if not editable:
                for path in built:
                    build_data["force_include"][str(path)] = path.relative_to(out_dir / "lib").as_posix()
        record = {"build": "pure" if reason else "compiled", "reason": reason or "",
                  "modules": modules}
        text = json.dumps(record, indent=1, sort_keys=True) + "\n"
        if editable:
            (root / BUILD_FILE).write_text(text, encoding="utf-8")
        else:
            (out_dir / "build.json").write_text(text, encoding="utf-8")
            build_data["force_include"][str(out_dir / "build.json")] = BUILD_FILE
        self._out_dir = out_dir

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        out_dir: Path | None = getattr(self, "_out_dir", None)
        if out_dir is not None:  # the wheel holds its copies of the extensions now
            shutil.rmtree(out_dir, ignore_errors=True)


def listed_sources(root: Path, compiled: list[str], pure: list[str]) -> list[Path]:
    """The files to compile: the ``compiled`` entries of the hook's table (files, or packages
    meaning every module under them) less its ``pure`` entries (files or packages alike)."""
    kept: set[Path] = set()
    for entry in pure:
        path = root / entry
        kept.update(path.rglob("*.py") if path.is_dir() else [path])
    out: list[Path] = []
    for entry in compiled:
        path = root / entry
        if path.is_dir():
            out.extend(sorted(path.rglob("*.py")))
        elif path.is_file():
            out.append(path)
        else:
            raise ValueError(f"hhtools build: {entry!r} in `compiled` is neither a file nor a package")
    return [p for p in out if p not in kept]


def compile_modules(root: Path, sources: list[Path], out_dir: Path, *, in_place: bool) -> list[Path]:
    """Type-check ``sources`` (files under ``root``) under the project's mypy settings and
    compile them into one group; returns the extensions built under ``out_dir / "lib"`` (none
    when built in place, beside the sources). bench/compiled.py builds its variants with it."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    relative = [s.relative_to(root).as_posix() for s in sources]
    cwd = os.getcwd()
    os.chdir(root)  # mypyc names the modules after their paths from here
    try:
        try:
            extensions = mypycify(["--config-file", "pyproject.toml", *relative],
                                  opt_level="3", group_name="hhtools",
                                  target_dir=str(out_dir / "c"))
        except SystemExit as stop:  # mypyc stops on type errors, printed above
            raise RuntimeError("hhtools build: a module listed to compile does not type-check "
                               "(mypy's errors above); fix it or take it off the list") from stop
        dist = Distribution({"name": "hhtools", "ext_modules": extensions})
        command = dist.get_command_obj("build_ext")
        command.inplace = in_place
        command.build_lib = str(out_dir / "lib")
        command.build_temp = str(out_dir / "temp")
        dist.run_command("build_ext")
    finally:
        os.chdir(cwd)
    return [p for p in (out_dir / "lib").rglob("*") if p.suffix in (".so", ".pyd")]


def _module(source: Path, root: Path) -> str:
    return ".".join(source.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def _digest(source: Path) -> str:
    return hashlib.sha256(source.read_bytes()).hexdigest()
