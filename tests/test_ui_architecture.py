"""House rules of the UI layer that are easy to break by accident."""

import ast
from pathlib import Path

import source_trees

ROOT = Path(__file__).resolve().parent.parent
EVENT_READERS = {"get", "poll", "wait", "pump", "peek"}


def _calls_event_reader(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            f = node.func
            if (f.attr in EVENT_READERS and isinstance(f.value, ast.Attribute)
                    and f.value.attr == "event"):
                lines.append(node.lineno)
    return lines


def test_only_the_app_main_loop_reads_pygame_events():
    offenders = {}
    for path in list((ROOT / "game" / "ui").rglob("*.py")) + [ROOT / "game" / "__main__.py"]:
        found = _calls_event_reader(source_trees.tree(path))
        if found:
            offenders[str(path.relative_to(ROOT))] = found
    assert offenders == {}
    assert _calls_event_reader(source_trees.tree(ROOT / "game" / "app.py"))


def test_scenes_never_read_the_full_game_state():
    """Scenes draw from session.view(seat); the state holds everyone's secrets."""
    offenders = []
    for path in (ROOT / "game" / "ui").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for needle in ("session.state", "match.state", ".state.view(", "session.match.state"):
            if needle in text:
                offenders.append(f"{path.relative_to(ROOT)}: {needle}")
    assert offenders == []
