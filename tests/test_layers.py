"""The layer order of the code under game/, read from the source (docs/architecture.md).

A module may import only from its own layer or the layers below it. Every import counts,
including the ones inside functions (a lazy import still makes the lower layer depend on
the upper one); only imports under ``if TYPE_CHECKING:`` are free, as they never run.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from pathlib import Path

import pytest
import source_trees

ROOT = Path(__file__).resolve().parent.parent

# Lowest first. A module belongs to the layer of its longest matching prefix.
LAYERS = (
    ("rules", ("game", "game.rules")),
    ("ai", ("game.ai", "game.advice")),
    ("catalog", ("game.catalog",)),
    ("services", ("game.match", "game.bus", "game.resources", "game.session", "game.sim",
                  "game.review", "game.storage", "game.crash", "game.tutorial",
                  "game.analysis", "game.ai.calibrate")),
    ("screens", ("game.ui", "game.net", "game.i18n.screens")),
    ("app", ("game.app", "game.selftest", "game.__main__", "game.analyse")),
)
RANK = {name: i for i, (name, _) in enumerate(LAYERS)}


def _modules() -> dict[str, Path]:
    mods = {}
    for path in (ROOT / "game").rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        mods[".".join(parts)] = path
    return mods


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return ((isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
            or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _resolve(name: str) -> str | None:
    """The module under game/ that importing ``name`` runs (None: outside game/)."""
    while name not in MODULES:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name


def imports_of(module: str) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for each import of a game module."""
    return list(_imports_of(module, MODULES[module]))


@functools.lru_cache(maxsize=None)
def _imports_of(module: str, path: Path) -> tuple[tuple[str, int, bool], ...]:
    # Parsed once a process: five tests read every module's imports (1.2-1.4 s of CPU each
    # when each parsed all of game/ again); the sources do not change during a run.
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other, in_function)
            elif isinstance(child, ast.Import):
                found.extend((a.name, child.lineno, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join(parts + ([child.module] if child.module else []))
                for alias in child.names:
                    # "from game.ui import howto" imports the module game.ui.howto
                    sub = f"{base}.{alias.name}"
                    found.append((sub if sub in MODULES else base, child.lineno, in_function))
            else:
                visit(child, in_function or isinstance(
                    child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(source_trees.tree(path), False)
    out = []
    for name, line, in_function in found:
        target = _resolve(name)
        if target is not None and target != module:
            out.append((target, line, in_function))
    return tuple(out)


def layer_of(module: str) -> str:
    best = None
    for name, prefixes in LAYERS:
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                if best is None or len(prefix) > len(best[1]):
                    best = (name, prefix)
    assert best is not None, f"{module} belongs to no layer: add it to LAYERS (and the doc)"
    return best[0]


def _graph(*, function_imports: bool, within=lambda m: True) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = defaultdict(set)
    for module in MODULES:
        if not within(module):
            continue
        for target, _line, in_function in imports_of(module):
            if (function_imports or not in_function) and within(target):
                graph[module].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of two or more modules (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    counter = 0
    for start in sorted(set(graph) | {t for ts in graph.values() for t in ts}):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_every_module_belongs_to_a_layer():
    assert {layer_of(m) for m in MODULES} <= set(RANK)


def test_no_module_imports_from_a_higher_layer():
    upward = []
    for module in sorted(MODULES):
        mine = RANK[layer_of(module)]
        for target, line, in_function in imports_of(module):
            if RANK[layer_of(target)] > mine:
                where = "inside a function" if in_function else "at the top"
                upward.append(f"{MODULES[module].relative_to(ROOT)}:{line} "
                              f"({layer_of(module)}) imports {target} "
                              f"({layer_of(target)}) {where}")
    assert upward == [], "\n".join(upward)


@pytest.mark.parametrize("lower, upper", [
    ("game.rules", "game.ai"), ("game.rules", "game.ui"), ("game.rules", "game.catalog"),
    ("game.ai", "game.ui"), ("game.ai", "game.catalog"), ("game.ui", "game.app"),
])
def test_named_boundaries(lower, upper):
    # The boundaries the architecture names, spelled out so a change to LAYERS cannot
    # quietly allow them.
    crossing = [f"{m}:{line} -> {t}" for m in MODULES if m.startswith(lower)
                for t, line, _ in imports_of(m) if t == upper or t.startswith(upper + ".")]
    assert crossing == [], "\n".join(crossing)


def test_no_import_circle_when_modules_load():
    graph = _graph(function_imports=False)
    assert circles(graph) == []


def test_no_import_circle_even_through_function_imports():
    # A lazy import is still an import: every dependency goes one way, the screens too.
    # Screens open one another by name through game.ui.navigation (docs/architecture.md),
    # so the menu, a table and its pause menu need not import each other.
    graph = _graph(function_imports=True)
    found = circles(graph)
    assert found == [], "\n".join(
        f"{len(group)} modules import each other: {', '.join(group)}\n"
        + "\n".join(f"  {m} -> {t}" for m in group for t in sorted(graph[m]) if t in group)
        for group in found)


def test_harsh_rules_have_no_import_circle():
    graph = _graph(function_imports=True,
                   within=lambda m: m.startswith("game.rules.harsh"))
    assert circles(graph) == []


def test_the_checker_sees_function_imports_and_skips_type_checking(tmp_path):
    # The checker itself: a lazy import is an import, a TYPE_CHECKING one is not.
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from game.app import App\n"
              "def f():\n    from game.ai import base\n")
    MODULES["game.rules._probe"] = tmp_path / "_probe.py"
    (tmp_path / "_probe.py").write_text(source, encoding="utf-8")
    try:
        found = imports_of("game.rules._probe")
    finally:
        del MODULES["game.rules._probe"]
    assert [(t, f) for t, _, f in found] == [("game.ai.base", True)]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
