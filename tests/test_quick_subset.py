"""The tables of tests/quick_subset.py name tests that exist, and keep what they promise."""

import ast
from pathlib import Path

import pytest
from quick_subset import HEAVY_VARIANTS, HEAVY_WHOLE, SLOW, STALE, is_heavy, split_id

HERE = Path(__file__).parent


def _defined_tests(file: str) -> set[str]:
    tree = ast.parse((HERE / file).read_text(encoding="utf-8"))
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def test_every_entry_names_a_collected_test(request):
    # every file collected with this one: each kept variant, each whole test and each
    # covering test must be among its collected tests (a whole run collects them all)
    assert request.config.stash[STALE] == []


def test_every_entry_names_a_test_defined_in_its_file():
    # also when this file runs alone: the files and test functions exist
    names = list(HEAVY_VARIANTS) + list(HEAVY_WHOLE) + list(HEAVY_WHOLE.values())
    for name in names:
        file, _, test = split_id(name)[0].partition("::")
        assert (HERE / file).is_file(), name
        assert test in _defined_tests(file), name


def test_a_parametrized_heavy_test_keeps_a_variant_quick():
    for base, kept in HEAVY_VARIANTS.items():
        assert kept and "[" not in base, base
        assert not any(is_heavy(f"{base}[{p}]") for p in kept), base


def test_the_covering_tests_stay_in_the_quick_subset(request):
    slow = request.config.stash[SLOW]
    for heavy, cover in HEAVY_WHOLE.items():
        assert is_heavy(heavy) and not is_heavy(cover), heavy
        assert cover not in slow, (heavy, cover)


@pytest.mark.parametrize("short_id,heavy", [
    ("test_ui_ahead.py::test_the_results_are_made_while_the_final_board_lingers[hunters]", True),
    ("test_ui_ahead.py::test_the_results_are_made_while_the_final_board_lingers[harsh]", False),
    ("test_a11y_text_size.py::test_hunters_choice_labels_in_large_text[150pc-1280x720-plain]", True),
    ("test_ui_entry.py::test_self_test_reports_a_broken_scene_and_exits_non_zero", True),
    ("test_ui_entry.py::test_self_test_builds_every_scene_and_exits_0", False),
])
def test_is_heavy(short_id, heavy):
    assert is_heavy(short_id) is heavy
