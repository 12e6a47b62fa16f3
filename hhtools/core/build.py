"""Which build of hhtools is running: compiled with mypyc, or pure Python.

The build hook (``hatch_build.py``) writes ``hhtools/build.json``: the modules it compiled,
each with the digest of its source, or why it compiled nothing. What is imported is looked up
here rather than trusted from that file: a module counts as compiled only when Python finds it
as an extension module. A compiled module whose ``.py`` changed since the build is *stale*:
Python still imports the extension, so the edit has no effect until the package is built again
(``pip install -e .``).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
from dataclasses import dataclass
from pathlib import Path

_RECORD = Path(__file__).resolve().parent.parent / "build.json"


@dataclass(frozen=True)
class BuildInfo:
    """What the running hhtools was built as."""

    #: "compiled" (every module the build compiled is imported as an extension), "pure"
    #: (none), or "mixed" (some only: the install is damaged or half rebuilt).
    kind: str
    #: The modules imported from extensions.
    compiled: tuple[str, ...]
    #: Compiled modules whose source changed since the build: edits to them do not run.
    stale: tuple[str, ...]
    #: Why the build is pure, when it is ("no C compiler found (gcc)", "HHTOOLS_BUILD=pure",
    #: "not built": a source tree used without installing it).
    reason: str

    def line(self) -> str:
        """One line for ``hhtools --version``."""
        if self.kind == "pure":
            return f"pure Python ({self.reason})" if self.reason else "pure Python"
        count = len(self.compiled)
        text = f"{self.kind}: {count} module{'' if count == 1 else 's'} compiled with mypyc"
        if self.stale:
            text += (f"; stale, edited since the build: {', '.join(self.stale)} "
                     "(run pip install -e . again)")
        return text


def build_info() -> BuildInfo:
    """The build that is running (see the module's docstring)."""
    try:
        record = json.loads(_RECORD.read_text(encoding="utf-8"))
        planned: dict[str, str] = dict(record.get("modules", {}))
        reason = str(record.get("reason", ""))
    except (OSError, ValueError, AttributeError):
        planned, reason = {}, "not built"
    compiled: list[str] = []
    stale: list[str] = []
    for name, digest in sorted(planned.items()):
        origin = _origin(name)
        if origin is None or not origin.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
            continue
        compiled.append(name)
        source = origin.with_name(origin.name.split(".", 1)[0] + ".py")
        try:
            if hashlib.sha256(source.read_bytes()).hexdigest() != digest:
                stale.append(name)
        except OSError:  # a wheel installed without its sources: nothing to go stale
            pass
    if not compiled:
        kind = "pure"
    elif len(compiled) == len(planned):
        kind = "compiled"
    else:
        kind = "mixed"
    if kind != "pure":
        reason = ""
    elif planned:
        reason = "the compiled modules are not the ones imported"
    return BuildInfo(kind, tuple(compiled), tuple(stale), reason)


def _origin(name: str) -> Path | None:
    # Found in its folder, not by importlib.util.find_spec, which imports the parent packages:
    # `hhtools --version` would load the reader and the auditor to name their extensions.
    package = name.rpartition(".")[0]
    folder = Path(__file__).resolve().parents[1].joinpath(*package.split(".")[1:])
    try:
        spec = importlib.machinery.PathFinder.find_spec(name, [str(folder)])
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin)
