"""The package's layering (docs/design.md), read from the imports themselves: a package imports
only from the packages below it, the packages of one level not from each other, and no module
imports itself back through others. Imports inside functions count like any other."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "hhtools"

#: From the bottom up; packages on one level are independent of each other.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core"}),
    frozenset({"sites"}),
    frozenset({"reading"}),
    frozenset({"auditing"}),
    frozenset({"generate", "store", "commerce"}),
    frozenset({"analytics"}),
    frozenset({"report"}),
    frozenset({"cli"}),
)
LEVEL = {name: i for i, names in enumerate(LAYERS) for name in names}


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(path: Path) -> set[str]:
    """The hhtools modules ``path`` imports (a name imported from a package counts as that
    package's module when there is one)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "hhtools")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "hhtools":
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in MODULES else node.module)
    return found


GRAPH = {name: _imports(path) - {name} for name, path in MODULES.items()}


def _package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LEVEL else None


def test_every_package_has_a_level() -> None:
    top = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert top == set(LEVEL), "a new package needs its place in LAYERS and docs/design.md"
    loose = {p.name for p in PACKAGE.glob("*.py")} - {"__init__.py", "__main__.py", "errors.py"}
    assert not loose, f"modules outside every package: {sorted(loose)}"


def test_packages_import_only_from_below() -> None:
    wrong = []
    for module, imported in GRAPH.items():
        own = _package(module)
        if own is None:
            continue  # hhtools/__init__.py (the public API), __main__.py, errors.py
        for target in imported:
            theirs = _package(target)
            if theirs is None or theirs == own:
                if target not in ("hhtools", "hhtools.errors") and theirs is None:
                    wrong.append(f"{module} imports {target}")
                continue
            if LEVEL[theirs] >= LEVEL[own]:
                wrong.append(f"{module} ({own}) imports {target} ({theirs})")
    assert not wrong, "\n".join(sorted(wrong))


def test_errors_import_nothing_of_hhtools() -> None:
    assert GRAPH["hhtools.errors"] == set()


def test_no_import_cycles() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH.get(v, ())):
            if w not in GRAPH or w == "hhtools":
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert not cycles, cycles
