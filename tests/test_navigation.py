"""Screens open one another by name (game/ui/navigation.py): every name is a screen, and
every name the code opens is in the table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import source_trees

from game.ui import navigation
from game.ui.scene import Scene

ROOT = Path(__file__).resolve().parent.parent
CALLS = ("push", "replace", "back_to")


def names_opened() -> dict[str, list[str]]:
    """Each screen name passed to navigation.push/replace/back_to in game/, with where."""
    found: dict[str, list[str]] = {}
    for path in (ROOT / "game").rglob("*.py"):
        for node in source_trees.nodes(path):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr in CALLS and isinstance(node.func.value, ast.Name)
                    and node.func.value.id == "navigation"):
                name = node.args[1]
                assert isinstance(name, ast.Constant), (
                    f"{path.relative_to(ROOT)}:{node.lineno}: a screen is named by a literal")
                found.setdefault(name.value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


@pytest.mark.parametrize("name", sorted(navigation.SCREENS))
def test_every_name_is_a_screen(name):
    cls = navigation.scene_class(name)
    assert isinstance(cls, type) and issubclass(cls, Scene)
    assert cls.__module__.startswith("game.ui."), cls.__module__


def test_every_name_opened_is_in_the_table_and_every_screen_is_opened():
    opened = names_opened()
    unknown = {n: where for n, where in opened.items() if n not in navigation.SCREENS}
    assert unknown == {}
    assert set(navigation.SCREENS) == set(opened), "a screen nobody opens by name"


def test_an_unknown_name_says_which_names_there_are():
    with pytest.raises(KeyError, match="no screen is called 'menus'.*menu, open_file"):
        navigation.scene_class("menus")


def test_push_replace_and_back_to_use_the_app_stack():
    class FakeApp:
        def __init__(self):
            self.calls = []

        def push(self, scene):
            self.calls.append(("push", scene))
            return scene

        def replace(self, scene):
            self.calls.append(("replace", scene))
            return scene

        def pop_to(self, kind):
            self.calls.append(("pop_to", kind))

    navigation.SCREENS["_probe"] = f"{__name__}:Probe"
    try:
        app = FakeApp()
        pushed = navigation.push(app, "_probe", 3, flag=True)
        swapped = navigation.replace(app, "_probe", 4)
        navigation.back_to(app, "_probe")
    finally:
        del navigation.SCREENS["_probe"]
    assert (pushed.app, pushed.args, pushed.kwargs) == (app, (3,), {"flag": True})
    assert swapped.args == (4,)
    assert app.calls == [("push", pushed), ("replace", swapped), ("pop_to", Probe)]


class Probe:
    def __init__(self, app, *args, **kwargs):
        self.app, self.args, self.kwargs = app, args, kwargs
