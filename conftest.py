"""The build under test, and the doctests it can run.

A module compiled with mypyc is imported from its extension, whose functions doctest cannot
see, and pytest refuses to collect its ``.py`` as that module: its doctests run on the pure
build (``.ci/run`` runs ``pytest hhtools`` there) and are left out of a compiled run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hhtools.core.build import build_info

_ROOT = Path(__file__).resolve().parent
_BUILD = build_info()


def _module(path: Path) -> str | None:
    try:
        parts = path.resolve().relative_to(_ROOT).with_suffix("").parts
    except ValueError:
        return None
    return ".".join(parts).removesuffix(".__init__")


def pytest_report_header(config: pytest.Config) -> str:
    return f"hhtools build: {_BUILD.line()}"


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if collection_path.suffix == ".py" and _module(collection_path) in _BUILD.compiled:
        return True
    return None
