"""The layers the architecture promises, checked on the source: lower layers never import
higher ones, and no two modules import each other, even lazily inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "emberdeep"

FORBIDDEN = {
    "emberdeep.engine": (
        "emberdeep.ui", "emberdeep.mapgen", "emberdeep.config", "emberdeep.session",
        "emberdeep.storage", "emberdeep.tools", "emberdeep.content", "emberdeep.cli",
        "emberdeep.web",
    ),
    "emberdeep.mapgen": ("emberdeep.ui", "emberdeep.session", "emberdeep.storage",
                         "emberdeep.tools", "emberdeep.cli", "emberdeep.config", "emberdeep.web"),
    "emberdeep.content": ("emberdeep.ui", "emberdeep.session", "emberdeep.storage",
                          "emberdeep.tools", "emberdeep.cli", "emberdeep.web"),
    "emberdeep.storage": ("emberdeep.ui", "emberdeep.session", "emberdeep.tools", "emberdeep.cli",
                          "emberdeep.web"),
    "emberdeep.session": ("emberdeep.ui", "emberdeep.tools", "emberdeep.cli", "emberdeep.web"),
    "emberdeep.ui": ("emberdeep.tools", "emberdeep.cli", "emberdeep.web"),
    "emberdeep.web": ("emberdeep.tools", "emberdeep.cli"),
}  # fmt: skip
"""Module prefix -> what it must never import (``tools`` is for developers only: the
game itself never imports it)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (never imported at run time)."""
    nodes: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                todo.extend(child.orelse)
            else:
                todo.append(child)
    return nodes


def imports_of(path: Path) -> set[str]:
    """Every emberdeep module ``path`` imports at run time, at the top or in a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    return {m for m in found if m in modules and m != name}


GRAPH = {module_name(p): imports_of(p) for p in sorted(PACKAGE.rglob("*.py"))}


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_lower_layers_never_import_higher_ones(layer: str) -> None:
    bad = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if module == layer or module.startswith(layer + ".")
        for target in sorted(targets)
        if any(target == f or target.startswith(f + ".") for f in FORBIDDEN[layer])
    ]
    assert bad == []


def test_no_import_cycles() -> None:
    """Tarjan's strongly connected components over every import; a package's
    ``__init__`` importing its own modules is not a cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def edges(module: str) -> set[str]:
        return {t for t in GRAPH[module] if not module.startswith(t + ".")}

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in edges(module):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in GRAPH:
        if module not in index:
            visit(module)
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def test_the_graph_sees_real_imports() -> None:
    assert "emberdeep.engine.world" in GRAPH["emberdeep.session.setup"]
    assert any(t.startswith("emberdeep.engine") for t in GRAPH["emberdeep.mapgen.populate"])
