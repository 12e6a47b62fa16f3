"""Finding the Lark grammars, installed or in a source checkout.

The grammars live in the top-level ``grammars/`` folder of the repository; the wheel carries
them as ``hhtools/grammars`` (see pyproject.toml), where importlib.resources finds them.

Building a site's LALR tables from its grammar takes most of a second, so the built parser is
kept with Lark's own ``cache`` option in the user's cache folder (``$XDG_CACHE_HOME/hhtools``,
else ``~/.cache/hhtools``; ``HHTOOLS_CACHE=off`` turns it off). Lark writes in the file the
digest of the grammar, the files it imports and its options, and builds anew whenever they
differ or the file cannot be read; a folder that cannot be written only costs the time.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

import lark

from hhtools.errors import HHToolsError


def grammar_dir() -> Path:
    """The folder holding the ``.lark`` files."""
    packaged = resources.files("hhtools") / "grammars"
    if packaged.is_dir():
        return Path(str(packaged))
    # A source checkout or an editable install: the package sits beside grammars/.
    source = Path(__file__).resolve().parents[2] / "grammars"
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


def grammar_cache(name: str) -> str | bool:
    """Lark's ``cache`` argument for the grammar ``name``: a file in the user's cache folder,
    or False when there is none to write."""
    folder = cache_folder()
    if folder is None:
        return False
    return str(folder / f"{name}-lark-{lark.__version__}.cache")


def cache_folder(*under: str) -> Path | None:
    """The user's cache folder for hhtools (``$XDG_CACHE_HOME/hhtools``, or the folder
    ``under`` it), made if need be; None when it cannot be written or ``HHTOOLS_CACHE`` is
    off: what is cached is then made again each time."""
    if os.environ.get("HHTOOLS_CACHE", "").lower() in ("off", "0", "no"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base, "hhtools", *under)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None
