"""Finding the Lark grammars, installed or in a source checkout.

The grammars live in the top-level ``grammars/`` folder of the repository; the wheel carries
them as ``hhtools/grammars`` (see pyproject.toml), where importlib.resources finds them.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from hhtools.errors import HHToolsError


def grammar_dir() -> Path:
    """The folder holding the ``.lark`` files."""
    packaged = resources.files("hhtools") / "grammars"
    if packaged.is_dir():
        return Path(str(packaged))
    # A source checkout or an editable install: the package sits beside grammars/.
    source = Path(__file__).resolve().parent.parent / "grammars"
    if source.is_dir():
        return source
    raise HHToolsError("hhtools is installed without its grammars/ folder; reinstall it")


def grammar_text(name: str) -> str:
    """The text of ``grammars/<name>.lark``."""
    path = grammar_dir() / f"{name}.lark"
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HHToolsError(f"no grammar {name!r} in {path.parent}") from None
