"""No module of the rules layer imports one that imports it back, however indirectly.

The graph counts every import statement in game/rules: at the top, inside functions and
under ``if TYPE_CHECKING`` (a lazy import hides a circle; it does not remove it). A package
is not counted as imported by its own submodules: Python runs a package's ``__init__``
before any submodule, so that edge is no circle of ours.
"""

import ast
from pathlib import Path

import source_trees

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "game" / "rules"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, name: str, modules: set[str]) -> set[str]:
    """The rules modules ``path`` (module ``name``) imports, explicitly."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in source_trees.nodes(path):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if node.level:
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module
            # "from pkg import sub" imports the submodule; "from mod import name" the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                       for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in modules and t != name)
    return out


def import_graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in RULES.rglob("*.py")}
    modules = set(paths)
    return {name: _imports(path, name, modules) for name, path in paths.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One shortest circle through each module that lies on any circle."""
    cycles = []
    seen = set()
    for start in sorted(graph):
        if start in seen:
            continue
        # breadth-first from start's imports back to start: the shortest circle through it
        back = {t: start for t in graph[start]}
        frontier = sorted(graph[start])
        while frontier and start not in back:
            nxt = []
            for m in frontier:
                for t in sorted(graph[m]):
                    if t not in back:
                        back[t] = m
                        nxt.append(t)
            frontier = nxt
        if start in back:
            path = [start]
            m = back[start]
            while m != start:
                path.append(m)
                m = back[m]
            path.append(start)
            path.reverse()
            cycles.append(path)
            seen.update(path)
    return cycles


def test_the_graph_sees_lazy_and_relative_imports():
    graph = import_graph()
    # top-level absolute and relative imports
    assert "game.rules.protocol" in graph["game.rules.harsh.view"]
    assert "game.rules.harsh.data" in graph["game.rules.harsh.view"]
    # a function-local import (undo_floor replays the log on a fresh state)
    assert "game.rules.harsh.state" in graph["game.rules.harsh.undo"]


def test_find_cycles_reports_a_circle():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_in_the_rules_layer():
    cycles = find_cycles(import_graph())
    assert cycles == [], "import circles: " + "; ".join(" -> ".join(c) for c in cycles)
