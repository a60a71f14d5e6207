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
import quick_subset  # noqa: E402

# The longest tests with their seconds of CPU on this machine (`-p cpuplug`, see
# /work/notes: time.process_time() of the test's setup, call and teardown; a quick-subset
# run `-n 2 -m "not slow"` and the slow tests' own runs, 2026-12-06; the first entries
# again on the evening of 2026-12-06, once the session's clock counted frames), or, marked
# "w", the wall seconds of a calm whole run where no CPU figure was taken. A parallel run is
# only as quick as its slowest worker: these are started first and dealt out between the
# workers, so that none of them begins near the end while the other worker sits idle;
# with `--dist worksteal` (pyproject.toml) a worker that runs out takes the short tests
# still queued on the other. The list only orders: a test missing from it (renamed, new)
# runs all the same, after these. A test that shares a module-scoped fixture stays out
# (moved away from its module, the fixture would be built twice). Every figure below was
# measured again in a whole run on 2026-12-07 (afternoon, after the fonts kept their
# measured texts and the hand-off its picture); the comments say when each joined.
LONGEST = {
    # slow (CI, the README's whole run); the hint stability, the coach's cases, the Hunters
    # layer, the i18n tables and the 200 % buttons again on 2026-12-07 night (stop 59)
    "test_harsh_hint_stability.py::test_the_same_position_asked_twice_gives_chances_within_3_points": 11,
    "test_ui_handoff_moments.py::test_a_choice_pressed_while_a_moment_holds_first_ends_it[chasing-7]": 4,
    "test_ui_privacy.py::test_mixed_chasing_game_never_draws_a_secret_for_the_wrong_person[fast]": 14,
    "test_ui_privacy.py::test_mixed_chasing_game_never_draws_a_secret_for_the_wrong_person[off]": 5,
    "test_ui_privacy.py::test_mixed_hunters_game_never_draws_a_secret_for_the_wrong_person[fast]": 14,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[chasing-size1]": 3,
    "test_ui_chasing_table_flow.py::test_every_round_ends_on_its_last_trick_then_its_scoring_then_the_results": 2,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[chasing-size0]": 4,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters-size1]": 3,
    "test_ui_phones.py::test_phones_join_and_play_a_whole_game_while_the_screen_shows_only_the_table": 4,
    "test_conformance.py::test_views_hide_other_seats_secrets_and_are_immutable[hunters-6p]": 1,  # 2026-12-07
    "test_conformance.py::test_views_hide_other_seats_secrets_and_are_immutable[hunters-8p]": 2,  # 2026-12-07
    "test_harsh_ai.py::test_the_search_autopilot_reads_only_the_view": 3,  # w 8.7
    "test_ui_trust.py::test_results_come_only_after_the_final_board_and_log_were_drawn[hunters-4-fast]": 1,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters2-size0]": 3,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[harsh-size1]": 2,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[hunters-size0]": 1,
    # measured in the quick subset of the evening of 2026-12-06 (/work/notes/w39s), now slow;
    # these, the hint stability and the moment press above: again on 2026-12-07 (/work/notes/w39v)
    "test_ui_hunters_layer.py::test_a_kept_layer_is_always_the_picture_drawn_fresh_through_a_game": 8,
    "test_ui_moments_last_trick.py::test_the_last_trick_opens_in_every_state_of_the_game": 2,
    "test_ui_chasing_ahead.py::test_the_round_end_is_made_while_its_last_trick_is_seen": 1,
    "test_ui_harsh_panels_layer.py::test_kept_panels_equal_a_fresh_drawing_every_frame_of_a_game": 5,
    # 2026-12-07 (w39s): the quick subset keeps its 900-frame variant; 2026-12-08 (stop 60):
    # its still layer checked too
    "test_ui_chasing_still.py::test_the_kept_picture_of_the_chasing_table_is_the_table_drawn_fresh[5-2400-25]": 9,
    # 2026-12-07 (stop 54): a game whose every drawing under a deadline is cut
    "test_ui_cut_draws.py::test_every_hand_off_shows_the_new_viewer_s_table_when_every_frame_runs_out_of_time": 8,
    "test_ui_privacy.py::test_mixed_chasing_game_never_draws_a_secret_for_the_wrong_person[fast-starved]": 14,
    "test_ui_privacy.py::test_mixed_hunters_game_never_draws_a_secret_for_the_wrong_person[fast-starved]": 10,
    # quick subset (-m "not slow")
    # the "i18n tours" group (TOGETHER): the first tour of a process records and analyses
    # the reviewed games; 2026-12-07, /work/notes/w39v
    "test_i18n_screens.py::test_the_converted_screens_draw_only_catalog_text[lang_app0]": 3,
    "test_i18n_screens.py::test_every_label_fits_in_every_language[de-1024x640]": 2,
    **{f"test_i18n_screens.py::test_every_label_fits_in_every_language[{lang}-{size}]": cost
       for lang in ("en", "de", "fr", "ja")
       for size, cost in (("1024x640", 3), ("1920x1080", 7)) if (lang, size) != ("de", "1024x640")},
    "test_a11y_tutorial_keys.py::test_the_chasing_tutorial_by_keys_alone": 3,
    "test_a11y_text_size.py::test_hunters_choice_labels_in_large_text[150pc-1280x720-plain]": 8,
    "test_ui_frame_caches.py::test_hunters_choice_buttons_are_made_ahead_unseen_and_a_later_decision_shows_them": 3,
    "test_i18n_hunters.py::test_a_game_with_computers_draws_only_catalog_text[lang_app0]": 3,
    "test_ui_handoff_moments.py::test_chasing_no_handoff_after_computer_only_moves_but_between_people": 2,
    "test_ui_handoff_moments.py::test_computer_pace_is_a_setting_that_is_saved_and_slows_the_computers": 4,
    "test_a11y_text_size.py::test_every_button_holds_its_words[200pc-1920x1080]": 5,
    "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language[ja]": 1,
    "test_hunters_shared_events.py::test_shared_events_say_what_fresh_ones_say": 1,
    "test_phone_games.py::test_a_whole_game_played_on_phones[hunters-8]": 3,
    "test_i18n_chasing.py::test_the_chasing_tutorial_plays_to_its_end_in_every_language[ja]": 3,
    "test_bench_harsh_ai.py::test_a_step_budget_makes_the_rows_repeat_exactly": 3,
    "test_i18n_chasing.py::test_the_chasing_tutorial_plays_to_its_end_in_every_language[fr]": 3,
    "test_i18n_chasing.py::test_the_chasing_tutorial_plays_to_its_end_in_every_language[de]": 3,
    "test_ui_ahead.py::test_the_table_after_a_hand_off_finds_her_buttons_made": 2,
    "test_phone_games.py::test_a_whole_game_played_on_phones[hunters-6]": 2,
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language[ja-1920x1080]": 2,
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language[fr-1920x1080]": 1,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[harsh-full-motion]": 2,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[chasing-reduced-motion]": 2,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[harsh-reduced-motion]": 2,
    "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language[de]": 1,
    "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language[fr]": 1,
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language[de-1920x1080]": 2,
    "test_protocol_lazy.py::test_apply_after_legal_actions_refuses_illegal_actions_and_changes_nothing[hunters-5]": 2,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[hunters-full-motion]": 2,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[chasing-full-motion]": 2,
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language[en-1920x1080]": 1,
    "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language[en]": 1,
    "test_a11y_text_size.py::test_settings_in_large_text_come_a_page_at_a_time_and_hold_their_words[200pc-1920x1080]": 1,
    "test_fault_injection.py::test_fault_injection_run_plays_on_with_nothing_lost": 2,
    "test_ui_entry.py::test_self_test_reports_a_broken_scene_and_exits_non_zero": 5,
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second[hunters-reduced-motion]": 2,
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language[fr-1024x640]": 1,
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language[ja-1024x640]": 2,
    "test_chasing_bots.py::test_hard_stays_within_its_think_budget": 1,
    "test_ui_handoff_moments.py::test_hunters_no_handoff_when_only_computers_acted_in_between": 2,
    "test_tutorial.py::test_the_coach_covers_neither_its_text_nor_its_target_at_both_sizes[harsh-size0]": 2,
    "test_phone_games.py::test_a_whole_game_played_on_phones[hunters-7]": 1,
}


# Tests whose first one in a worker fills a cache that the others then read: each worker
# that runs one of them pays for the whole fill, so they all go to one worker, one after
# another, the group dealt as one long test (its cost: the sum of its members' LONGEST).
# Keyed by the test's id without its parameters.
TOGETHER = {
    # hunters_labels.engine_labels: 2000 random games played once a process (the 400 of
    # every language's check are their first 400), about 6 s of CPU
    "test_a11y_text_size.py::test_hunters_choice_labels_in_large_text": "hunters labels",
    "test_ui_hunters_labels.py::test_every_engine_label_fits_its_button": "hunters labels",
    "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language": "hunters labels",
    # test_i18n_screens' tours: the three reviewed games recorded and the Hunters one
    # analysed once a process (0.2 s and 4 s of CPU)
    "test_i18n_screens.py::test_every_label_fits_in_every_language": "i18n tours",
    "test_i18n_screens.py::test_the_converted_screens_draw_only_catalog_text": "i18n tours",
}


def _short_id(item) -> str:
    return item.nodeid.removeprefix("tests/")


@pytest.hookimpl(tryfirst=True, specname="pytest_collection_modifyitems")  # before -m deselects
def pytest_collection_modifyitems_heavy_first(config, items):
    """The heavy tests of tests/quick_subset.py go to the whole run only (marked slow), so
    that the quick subset `-m "not slow"` stays within 3 minutes on two cores."""
    slow = pytest.mark.slow
    for item in items:
        if quick_subset.is_heavy(_short_id(item)):
            item.add_marker(slow)
    # a file named down to its tests on the command line cannot judge its entries
    picked = {arg.split("::")[0] for arg in config.args if "::" in arg}
    files = {_short_id(item).split("::")[0] for item in items}
    files = {f for f in files if not any(p.endswith(f) for p in picked)}
    config.stash[quick_subset.STALE] = quick_subset.stale_entries(map(_short_id, items), files)
    config.stash[quick_subset.SLOW] = {_short_id(i) for i in items if i.get_closest_marker("slow")}


@pytest.hookimpl(trylast=True)     # after -m and -k have deselected
def pytest_collection_modifyitems(config, items):
    """Each worker under ``--dist worksteal`` starts on an equal share of the queue, in order:
    the long tests (and the groups of TOGETHER) go to the front of the shares, dealt so that
    each share holds about the same seconds of them (every worker collects and orders
    alike, as xdist requires)."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    units: dict[str, list] = {}
    for item in items:
        name = _short_id(item)
        group = TOGETHER.get(name.split("[")[0])
        if group is not None:
            units.setdefault(group, []).append(item)
        elif name in LONGEST:
            units[name] = [item]
    cost = {}
    for name, unit in units.items():
        unit.sort(key=lambda i: -LONGEST.get(_short_id(i), 0))   # the longest fills the cache
        cost[name] = sum(LONGEST.get(_short_id(i), 0) for i in unit)
    placed = {item for unit in units.values() for item in unit}
    rest = [i for i in items if i not in placed]
    shares, seconds = [[] for _ in range(workers)], [0] * workers
    for name in sorted(units, key=lambda n: -cost[n]):   # the longest first, to the lightest
        lightest = min(range(workers), key=seconds.__getitem__)
        shares[lightest] += units[name]
        seconds[lightest] += cost[name]
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
def session_clock_counts_frames(monkeypatch):
    """A game's pace and holds (the gap before a computer's move, a moment lingering) run on
    the frames stepped, 1/60 s each, as the animations do (ui_helpers.frame_clock), not on
    the wall clock. On the wall clock a test drew frames nobody needed through every pause,
    as many as the machine could draw in that time: the quicker the machine, the more (a
    whole Shadow Hunters game at "fast" took 31 s of CPU, 6 s on frames). A test that
    gives a session its own ``clock`` keeps it; test_tutorial and test_ui_chasing_table_flow
    did this before it was done here for every test."""
    from ui_helpers import frame_clock

    from game.session import Session

    real = Session.__init__

    def init(self, *args, **kw):
        kw.setdefault("clock", frame_clock)
        real(self, *args, **kw)

    monkeypatch.setattr(Session, "__init__", init)


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
