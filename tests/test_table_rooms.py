"""Every table has the same rooms: a person who knows one table's files knows all three."""

import importlib
import importlib.util
import pkgutil

import pytest

import game.ui

ROOMS = ("table", "paint", "layout", "look", "anim", "overlays")
TABLES = ("hunters", "chasing", "harsh")


def test_the_three_tables_are_all_the_tables():
    # a table package is one with a table scene; a fourth game must have these rooms too
    found = {m.name for m in pkgutil.iter_modules(game.ui.__path__) if m.ispkg
             and importlib.util.find_spec(f"game.ui.{m.name}.table") is not None}
    assert found == set(TABLES)


@pytest.mark.parametrize("name", TABLES)
def test_each_table_has_the_rooms_and_says_so(name):
    package = importlib.import_module(f"game.ui.{name}")
    modules = {m.name for m in pkgutil.iter_modules(package.__path__)}
    assert set(ROOMS) <= modules, f"game.ui.{name} lacks {sorted(set(ROOMS) - modules)}"
    for room in ROOMS:
        importlib.import_module(f"game.ui.{name}.{room}")
        assert f"``{room}``" in package.__doc__, f"game.ui.{name}'s docstring does not list {room}"
    # and every module of the package is listed in its docstring
    for module in modules:
        assert f"``{module}``" in package.__doc__, f"game.ui.{name}'s docstring misses {module}"
