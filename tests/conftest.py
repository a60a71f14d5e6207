"""Test setup: headless SDL before pygame is ever imported, and a private user folder."""

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# The app's first start follows the system's language: the tests expect English words
# whatever the machine's locale (a test of another language sets it itself).
os.environ["LANGUAGE"] = "en"
# A user folder of this process's own. Under pytest-xdist (-n auto) each worker gets its
# own even when SHADOWS_HOME is set for the whole run (.ci/run does): a test without the
# shadows_home fixture must never share files with a test on another worker.
_home = os.environ.get("SHADOWS_HOME") or tempfile.mkdtemp(prefix="shadows-test-home-")
if os.environ.get("PYTEST_XDIST_WORKER"):
    _home = os.path.join(_home, os.environ["PYTEST_XDIST_WORKER"])
os.environ["SHADOWS_HOME"] = _home

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

# The longest tests with their seconds, measured on this 2-core machine under load
# (`pytest -n auto --durations=40`). A parallel run is only as quick as its slowest worker:
# these are started first and dealt out between the workers, so that none of them begins
# near the end while the other worker sits idle; with `--dist worksteal` (pyproject.toml)
# a worker that runs out takes the short tests still queued on the other. The list only
# orders: a test missing from it (renamed, new) runs all the same, after these. A test
# that shares a module-scoped fixture stays out (moved away from its module, the fixture
# would be built twice).
LONGEST = {
    "test_ui_privacy.py::test_mixed_hunters_game_never_draws_a_secret_for_the_wrong_person[fast]": 104,
    "test_ui_privacy.py::test_mixed_chasing_game_never_draws_a_secret_for_the_wrong_person[fast]": 78,
    "test_ui_chasing_table_flow.py::test_every_round_ends_on_its_last_trick_then_its_scoring_then_the_results": 67,
    "test_ui_handoff_moments.py::test_a_choice_pressed_while_a_moment_holds_first_ends_it[chasing-7]": 50,
    "test_tutorial.py::test_hunters_tutorial_plays_both_parts_to_the_results_and_offers_a_real_game": 44,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[chasing-size1]": 41,
    "test_tutorial.py::test_chasing_tutorial_plays_to_its_end_from_the_menu_and_offers_a_real_game": 39,
    "test_tutorial.py::test_esc_under_an_explanation_of_the_round_end_does_not_close_it": 39,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[chasing-size0]": 38,
    "test_ui_trust.py::test_results_come_only_after_the_final_board_and_log_were_drawn[hunters-4-fast]": 38,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters2-size1]": 29,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters2-size0]": 26,
    "test_ui_privacy.py::test_mixed_chasing_game_never_draws_a_secret_for_the_wrong_person[off]": 20,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters-size1]": 19,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters-size0]": 18,
    "test_a11y_text_size.py::test_hunters_choice_labels_in_large_text[150pc-1280x720-plain]": 13,
    "test_ui_phones.py::test_phones_join_and_play_a_whole_game_while_the_screen_shows_only_the_table": 13,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[harsh-size1]": 12,
    "test_tutorial.py::test_harsh_keeping_the_kit_gets_the_coachs_answer_before_the_tables_warning": 12,
    "test_tutorial.py::test_harsh_tutorial_plays_to_its_end_from_the_menu_and_offers_a_real_game": 11,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[harsh-size0]": 10,
    "test_ui_handoff_moments.py::test_chasing_no_handoff_after_computer_only_moves_but_between_people": 10,
    "test_tutorial.py::test_hunters_re_rolls_are_not_called_the_mystic_compass": 10,
    "test_bench_harsh_ai.py::test_a_step_budget_makes_the_rows_repeat_exactly": 9,
    "test_conformance.py::test_views_hide_other_seats_secrets_and_are_immutable[hunters-8p]": 9,
    "test_ui_handoff_moments.py::test_computer_pace_is_a_setting_that_is_saved_and_slows_the_computers": 8,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[harsh-reduced-motion]": 8,
    "test_a11y_text_size.py::test_every_button_holds_its_words[200pc-1920x1080]": 7,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[harsh-full-motion]": 7,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[hunters-reduced-motion]": 7,
    "test_conformance.py::test_views_hide_other_seats_secrets_and_are_immutable[hunters-7p]": 6,
}


@pytest.hookimpl(trylast=True)     # after -m and -k have deselected
def pytest_collection_modifyitems(config, items):
    """Each worker under ``--dist worksteal`` starts on an equal share of the queue, in order:
    the long tests go to the front of the shares, dealt so that each share holds about the
    same seconds of them (every worker collects and orders alike, as xdist requires)."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    seconds = {item: LONGEST.get(item.nodeid.removeprefix("tests/")) for item in items}
    long = sorted((i for i in items if seconds[i] is not None), key=lambda i: -seconds[i])
    rest = [i for i in items if seconds[i] is None]
    shares = [[] for _ in range(workers)]
    for item in long:                  # the longest first, each to the lightest share so far
        min(shares, key=lambda share: sum(seconds[i] for i in share)).append(item)
    order, left = [], len(items)
    for n, share in enumerate(shares):  # the shares' sizes as worksteal cuts the queue
        size = max(len(share), left // (workers - n))
        take = size - len(share)
        order += share + rest[:take]
        rest = rest[take:]
        left -= size
    items[:] = order + rest


@pytest.fixture(autouse=True)
def no_frame_deadline(monkeypatch):
    """A new screen's first draw waits a frame when the frame has used 11 ms of CPU
    (game.app.FRESH_DRAW_UNTIL): how often depends on the machine's speed, so tests draw
    every screen whole; test_ui_curtain sets the deadline itself to test the waiting."""
    import math

    from game import app as app_module

    monkeypatch.setattr(app_module, "FRESH_DRAW_UNTIL", math.inf)


@pytest.fixture(autouse=True)
def think_clock_restored():
    """The bots' think clock is process-wide by design (the simulator and benchmarks
    switch every bot to counted budgets); a test that switches it must not hand its
    choice to the next test in the same worker."""
    from game.ai import clock

    kind = clock.kind()
    yield
    if clock.kind() != kind:
        clock.use(kind)


@pytest.fixture
def shadows_home(tmp_path, monkeypatch):
    """A fresh, empty user folder for one test."""
    monkeypatch.setenv("SHADOWS_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(shadows_home, request, monkeypatch):
    """The real app on its menu, headless, in a fresh user folder; it quits after the test.
    ``pytest.mark.animation_speed("off")`` on a test or module sets the speed before the
    first frame ("off": computer moves go without waiting for animations). Its writes are
    not forced to the disk (os.fsync does nothing): a UI test saves after every move, and
    waiting for a busy disk checks nothing; test_hardening and test_platform_storage test
    the syncing."""
    from ui_helpers import make_app, step

    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)

    a = make_app()
    speed = request.node.get_closest_marker("animation_speed")
    if speed is not None:
        a.settings.animation_speed = speed.args[0]
    step(a, 2)
    yield a
    a.quit()


@pytest.fixture
def disk_home(tmp_path, monkeypatch):
    """SHADOWS_HOME on a tiny disk of its own (1 MiB), for what a full disk does."""
    from faults import tiny_disk

    from game.storage.paths import user_dirs

    home = tmp_path / "home"
    with tiny_disk(home, kb=1024):
        monkeypatch.setenv("SHADOWS_HOME", str(home))
        user_dirs()
        yield home
