"""Which heavy tests the quick subset (`pytest -n auto -m "not slow"`) leaves to the whole run.

The quick subset must take at most 3 minutes on two cores (issue #39): at most about 330 s of
CPU in all. Measured per test (/work/notes/s39/n3/quick_before.tsv, 2026-12-06) it cost
675 s inside the tests; the tests below are marked ``slow`` by conftest's first
``pytest_collection_modifyitems`` (before ``-m`` deselects), so CI and the README's whole
run still run every one of them.

How they are chosen:
- a parametrized heavy test keeps its cheapest or most telling variants in the quick subset
  (one language and one size, one game, one player count) and sends the others to the whole
  run. Across the files every language (de, fr, ja) is still kept at least once: Hunters'
  table in German, its engine labels in French, Harsh's labels in Japanese, the menu screens
  in German, Chasing's labels in French and its tutorial in Japanese;
- an unparametrized heavy test (a whole game, a long play-out) goes to the whole run only
  when a quick test still covers its screen or feature: that test is named beside it, and
  tests/test_quick_subset.py checks that it exists and stays quick;
- tests sharing a module-scoped fixture (test_analysis, test_analysis_ui, test_coach_screens)
  stay: the fixture's cost would only move to the next test of the module.

A stale entry fails tests/test_quick_subset.py: a renamed test or variant must be renamed
here too, or it would silently come back into the quick subset.
"""

import pytest

# What conftest saw at collection, for tests/test_quick_subset.py: the stale entries, and the
# ids of the tests marked slow (by the tables or in their files).
STALE = pytest.StashKey[list]()
SLOW = pytest.StashKey[set]()

# Test id (file::name, without parameters) -> the parameter ids kept in the quick subset;
# every other variant is marked slow.
HEAVY_VARIANTS: dict[str, tuple[str, ...]] = {
    "test_i18n_hunters.py::test_the_table_and_its_screens_fit_in_every_language": ("de-1024x640",),
    "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language": ("fr",),
    "test_i18n_harsh.py::test_every_harsh_label_fits_in_every_language": ("ja-1024x640",),
    "test_i18n_screens.py::test_every_label_fits_in_every_language": ("de-1024x640",),
    "test_i18n_chasing.py::test_every_chasing_label_fits_in_every_language": ("fr-1024x640",),
    "test_i18n_chasing.py::test_the_chasing_tutorial_plays_to_its_end_in_every_language": ("ja",),
    # the Hunters results are made ahead at 26 s, the Harsh ones at 6 s: the same code path
    "test_ui_ahead.py::test_the_results_are_made_while_the_final_board_lingers": ("harsh",),
    # full motion is where a flash could happen
    "test_a11y_motion.py::test_nothing_flashes_more_than_three_times_a_second": ("hunters-full-motion",),
    "test_a11y_text_size.py::test_every_button_holds_its_words": ("150pc-1280x720",),
    "test_a11y_text_size.py::test_settings_in_large_text_come_a_page_at_a_time_and_hold_their_words": (
        "150pc-1280x720",),
    "test_a11y_text_size.py::test_the_fit_tests_pass_in_large_text": tuple(
        "150pc-1280x720-" + name for name in (
            "test_the_top_bar_says_every_phase_in_full", "test_the_column_heads_read_whole",
            "test_the_known_top_of_the_deck_reads_whole_beside_the_collection",
            "test_the_status_lines_read_whole", "test_the_use_clues_dialog_leaves_the_case_files_in_view",
            "test_table_sheets_round_end_and_results_fit", "test_a_toast_never_covers_the_locations",
            "test_a_face_down_location_says_why_in_full",
            "test_every_menu_scene_fits_the_window_without_overlaps",
            "test_the_table_and_its_bomb_dialog_fit_the_window")),
    "test_phone_games.py::test_a_whole_game_played_on_phones": ("chasing-3", "hunters-5"),
    "test_ui_review.py::test_open_from_history_and_step_both_ways_to_the_end_and_back": ("harsh",),
    # one seed per game and player count
    "test_protocol_lazy.py::test_labels_events_and_results_match_the_recording_from_the_eager_engines": (
        "harsh-1p-seed10", "hunters-4p-seed21", "hunters-5p-seed2", "hunters-6p-seed23",
        "hunters-7p-seed24", "hunters-8p-seed25", "chasing-3p-seed7", "chasing-4p-seed8",
        "chasing-5p-seed9"),
    "test_protocol_lazy.py::test_hunters_labels_and_texts_read_late_equal_those_made_at_the_time": ("4",),
    "test_hunters_bot.py::test_easy_bots_play_full_games_and_never_hit_a_revealed_ally": ("4",),
    "test_ui_harsh_layout.py::test_the_known_top_of_the_deck_reads_whole_beside_the_collection": (
        "10-size0",),
    "test_ui_shell.py::test_every_menu_scene_fits_the_window_without_overlaps": ("size0", "size1"),
    # one size: 1024x640, the tightest; test_a11y_text_size runs the Harsh table's fit tests
    # again at 1280x720 (150 % text)
    **{"test_ui_harsh_layout.py::" + name: ("size0",) for name in (
        "test_the_table_and_its_bomb_dialog_fit_the_window",
        "test_the_stakeout_choice_opens_beside_the_grid_and_says_where_the_spy_would_go",
        "test_the_status_lines_read_whole", "test_a_face_down_location_says_why_in_full",
        "test_a_toast_never_covers_the_locations", "test_the_top_bar_says_every_phase_in_full")},
    "test_ui_harsh_readable.py::test_the_use_clues_dialog_leaves_the_case_files_in_view": ("size0",),
    "test_ui_harsh_readable.py::test_the_column_heads_read_whole": ("size0",),
    "test_ui_hunters_details.py::test_a_moments_banner_and_a_taken_card_never_cover_a_player_board": (
        "size0",),
    "test_ui_play.py::test_table_pause_handoff_and_results_fit_the_window": ("size0",),
    # one game each (the other games' tables are drawn by their own quick tests)
    "test_conformance.py::test_views_hide_other_seats_secrets_and_are_immutable": (
        "tiny-2p", "tiny-3p", "tiny-4p", "harsh-1p", "chasing-3p", "hunters-5p"),
    "test_ui_trust.py::test_results_come_only_after_the_final_board_and_log_were_drawn": ("hunters-4-off",),
    "test_ui_ahead.py::test_the_hand_off_is_made_while_the_last_move_lingers": ("chasing",),
    "test_ui_handoff_moments.py::test_since_your_last_turn_names_every_public_change_and_nothing_private": (
        "chasing",),
    "test_a11y_colours.py::test_a_palette_chosen_during_a_game_repaints_its_table": ("chasing",),
    "test_analysis.py::test_other_games": ("hunters-5-12",),
    "test_coach_screens.py::test_the_hint_overlay_draws_only_catalog_text": ("hunters-lang_app0",),
    "test_ui_curtain.py::test_start_shows_a_curtain_that_makes_the_table_ready_over_several_frames": (
        "hunters",),
    "test_ui_saves.py::test_a_finished_real_game_opens_on_its_results": ("chasing-3",),
    # eight players in the smallest window: the tightest table
    "test_ui_hunters_play.py::test_the_table_fits_the_window": ("size0-8",),
    "test_hunters_ai_bots.py::test_normal_and_hard_play_full_games": ("4",),
    "test_bench_chasing_bare.py::test_bare_loop_plays_the_same_games_as_the_protocol": ("3",),
    # measured in the quick subset of 2026-12-06 evening (1898 tests; /work/notes/w39s):
    # one rhythm of blind presses (the others: 7 s)
    "test_ui_moments_handoff_replay.py::"
    "test_the_continued_playtest_hands_the_screen_over_only_through_a_seen_hand_off": ("24-24-0-6",),
    # one game asked twice (Shadow Hunters': 6 s)
    "test_advice.py::test_asked_twice_in_the_same_position_the_figures_agree_within_3_points": (
        "chasing-4-12",),
    # Japanese (German is kept by Hunters' table and the menu screens)
    "test_analysis_ui.py::test_the_legend_under_the_title_is_never_cut": ("ja",),
    # the reviews at 150 %; 200 % is kept by the Location reader and the Hunters strips
    "test_a11y_review_settings.py::test_a_review_in_large_text_holds_its_words_and_goes_by_keys": (
        "150pc-1280x720-chasing-4", "150pc-1280x720-harsh-1", "150pc-1280x720-hunters-5"),
    # the first 900 frames of a game (2.3 s of CPU): the 3000 of a game's first tricks, 8.5 s
    "test_ui_chasing_still.py::test_the_kept_picture_of_the_chasing_table_is_the_table_drawn_fresh": (
        "6-900-6",),
    # the smallest window at 100 % and 200 %
    "test_a11y_location_reader.py::test_every_location_reads_whole_by_its_number_key": (
        "100pc-1024x640", "200pc-1024x640"),
}

# Test id (with its parameters, or without them for every variant) -> the quick test that
# still covers its screen or feature.
HEAVY_WHOLE: dict[str, str] = {
    # hunters_labels.engine_labels(2000), 2000 random games (11-20 s of CPU), is filled by
    # the first of these two tests that a worker runs: that fill alone is too dear for the
    # quick subset, where the engine labels of 400 games are fitted instead (in French)
    "test_a11y_text_size.py::test_hunters_choice_labels_in_large_text":
        "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language[fr]",
    "test_ui_hunters_labels.py::test_every_engine_label_fits_its_button":
        "test_i18n_hunters.py::test_every_engine_label_fits_its_button_in_every_language[fr]",
    # these share the module's `analysed` fixture (two games played and analysed, 16 s): the
    # analysis screen is opened, drawn and clicked through in test_analysis_ui
    **{"test_coach_screens.py::" + name:
       "test_analysis_ui.py::test_from_the_results_a_moment_opens_the_review_there" for name in (
           "test_the_analyse_screen_draws_only_catalog_text",
           "test_every_key_moment_can_be_scrolled_to_and_clicked",
           "test_hunters_graph_by_team_and_by_player", "test_a_chasing_analysis_has_no_team_switch")},
    # 40 random Hunters games; the events' words are compared with recordings in
    "test_hunters_shared_events.py::test_shared_events_say_what_fresh_ones_say":
        "test_protocol_lazy.py::test_labels_events_and_results_match_the_recording_from_the_eager_engines"
        "[hunters-5p-seed2]",
    # the stale-list part for Hunters; every engine's refusals are checked by test_conformance
    "test_protocol_lazy.py::test_apply_after_legal_actions_refuses_illegal_actions_and_changes_nothing"
    "[hunters-5]": "test_conformance.py::test_illegal_actions_are_rejected_and_change_nothing[hunters-5p]",
    # the results screen over the revealed board stays quick; closing it and bringing it
    # back runs in the whole run only
    "test_ui_trust.py::test_results_can_be_closed_to_see_the_revealed_board_and_full_log_and_brought_back":
        "test_ui_trust.py::test_results_come_only_after_the_final_board_and_log_were_drawn[hunters-4-off]",
    "test_ui_frame_caches.py::test_hunters_choice_buttons_are_made_ahead_unseen_and_a_later_decision_shows_them":
        "test_ui_ahead.py::test_the_table_after_a_hand_off_finds_her_buttons_made",
    "test_ui_handoff_moments.py::test_chasing_no_handoff_after_computer_only_moves_but_between_people":
        "test_ui_handoff_moments.py::test_hunters_no_handoff_when_only_computers_acted_in_between",
    "test_ui_hunters_play.py::test_one_human_and_computers_play_a_full_game_to_the_results":
        "test_a11y_keys.py::test_a_whole_hunters_game_by_keys_alone",
    "test_ui_chasing_play.py::test_one_human_and_three_computers_play_a_whole_game_by_clicking":
        "test_a11y_keys.py::test_a_whole_chasing_game_by_keys_alone",
    "test_ui_entry.py::test_self_test_reports_a_broken_scene_and_exits_non_zero":
        "test_ui_entry.py::test_self_test_builds_every_scene_and_exits_0",
    "test_bench_harsh_ai.py::test_a_step_budget_makes_the_rows_repeat_exactly":
        "test_bench_harsh_ai.py::test_a_step_budget_must_be_positive",
    "test_chasing_bots.py::test_hard_stays_within_its_think_budget":
        "test_chasing_bots.py::test_every_level_plays_legal_games[3]",
    # a Chasing round's end (16 s; 3 s since 2026-12-07, its round played without the
    # screen up to its last trick): the made-ahead screen that comes up in a frame making no
    # button is the same game.ui.ahead path as Harsh's results
    "test_ui_chasing_ahead.py::test_the_round_end_is_made_while_its_last_trick_is_seen":
        "test_ui_ahead.py::test_the_results_are_made_while_the_final_board_lingers[harsh]",
    # every frame of a played game compared pixel for pixel with a fresh drawing (36 s, 21 s
    # since 2026-12-07, and 13 s); quick: each change that must draw the kept picture again,
    # and the picture then equal to one drawn piece by piece
    "test_ui_hunters_layer.py::test_a_kept_layer_is_always_the_picture_drawn_fresh_through_a_game":
        "test_ui_hunters_layer.py::test_the_layer_is_drawn_again_when_damage_an_area_or_a_note_changes",
    "test_ui_harsh_panels_layer.py::test_kept_panels_equal_a_fresh_drawing_every_frame_of_a_game":
        "test_ui_still_pictures.py::"
        "test_harsh_board_picture_is_drawn_again_into_the_same_surface_when_the_board_changes",
    # the last trick looked at in every state of a game (25 s; 4 s since 2026-12-07, the
    # game's end at the game continued near it); quick: L and its button open it, with only
    # public cards
    "test_ui_moments_last_trick.py::test_the_last_trick_opens_in_every_state_of_the_game":
        "test_ui_chasing_moments.py::test_the_last_trick_opens_with_l_and_its_button_and_shows_only_public_cards",
}


def split_id(short_id: str) -> tuple[str, str | None]:
    """'file::name[params]' -> ('file::name', 'params'), or (id, None) without parameters."""
    base, bracket, rest = short_id.partition("[")
    return (base, rest[:-1]) if bracket else (base, None)


def is_heavy(short_id: str) -> bool:
    """Whether the test (its id without the leading 'tests/') goes to the whole run only."""
    base, params = split_id(short_id)
    if short_id in HEAVY_WHOLE or base in HEAVY_WHOLE:
        return True
    kept = HEAVY_VARIANTS.get(base)
    return kept is not None and params is not None and params not in kept


def stale_entries(short_ids, files) -> list[str]:
    """The entries of the tables that name no collected test, among the files collected
    (a run of a few files cannot judge the others' entries)."""
    ids = set(short_ids)
    by_base: dict[str, set] = {}
    for short_id in ids:
        base, params = split_id(short_id)
        by_base.setdefault(base, set()).add(params)
    stale = []
    for base, kept in HEAVY_VARIANTS.items():
        if base.split("::")[0] in files:
            stale += [f"{base}[{p}]" for p in kept if p not in by_base.get(base, ())]
    for short_id, cover in HEAVY_WHOLE.items():
        for name in (short_id, cover):
            if name.split("::")[0] in files and name not in ids and name not in by_base:
                stale.append(name)
    return stale
