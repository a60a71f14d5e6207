"""The keyboard, through the real app: a text field owns its keys, the menu's keys stay
put, the digit rule at every table, and no stray key starts a new game (issue 37)."""

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import click, drawn_texts, find, key, step, type_text, until

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.setup import SetupScene
from game.ui.table_base import TableScene

pytestmark = pytest.mark.animation_speed("off")


# --- a focused text field owns its keys ----------------------------------------------------

def test_typing_a_seed_presses_no_hotkey_and_deals_that_seed(app):
    click(app, "#tile_tiny")
    setup = app.top
    click(app, "#seed")
    type_text(app, "21")    # "2" is Start's number and "1" is Back's: each must only type
    assert app.top is setup and isinstance(setup, SetupScene)
    assert setup.setup["seed"] == "21" and find(app, "#seed").get_text() == "21"
    key(app, pygame.K_RETURN)           # Enter leaves the field: the keys are the screen's again
    assert app.top is setup and app.typing_into() is None
    key(app, pygame.K_RETURN)           # nothing highlighted: Enter starts
    table = app.find(TableScene)
    assert table is not None and table.session.match.seed == 21


def test_a_name_field_keeps_letters_arrows_and_esc_from_the_screen(app):
    click(app, "#tile_tiny")
    setup = app.top
    click(app, "#name_0")
    type_text(app, "Zo9")
    for k in (pygame.K_LEFT, pygame.K_DOWN):    # (Tab leaves it: test_a11y_focus)
        key(app, k)
    assert setup.selected is None          # the arrows moved the text cursor, not a highlight
    key(app, pygame.K_ESCAPE)              # Esc leaves the field first...
    assert app.top is setup and setup.setup["seats"][0]["name"] == "AliceZo9"
    key(app, pygame.K_ESCAPE)              # ...and then goes back, as on any screen
    assert isinstance(app.top, MenuScene)


def test_a_new_setup_deals_afresh_unless_a_seed_is_typed(app):
    click(app, "#tile_tiny")
    click(app, "#seed")
    type_text(app, "4242")
    click(app, "#start")
    assert app.find(TableScene).session.match.seed == 4242
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    click(app, "#tile_tiny")
    assert app.top.setup["seed"] == "" and find(app, "#seed").get_text() == ""
    click(app, "#start")
    assert app.find(TableScene).session.match.seed != 4242


# --- the menu's keys stay put --------------------------------------------------------------

def menu_keys(app) -> dict:
    return {name: button.get_object_ids()[-1] for name, button, _ in app.top.hotkeys}


def drawn_menu_keys(app) -> list:
    # A patch of its own: undoing the test's monkeypatch would also undo the fixtures'
    # (SHADOWS_HOME), and the game saved next would land in the process's user folder.
    with pytest.MonkeyPatch.context() as mp:
        drawn = drawn_texts(mp)
        app.draw()
    return [t for t in drawn if len(t) == 1]


def press_on_menu(app, k, unicode=""):
    """Press ``k`` on the menu; the scene it opened, then back to the menu."""
    key(app, k, unicode=unicode)
    opened = app.top
    if not isinstance(opened, MenuScene):
        from game.ui import navigation

        navigation.back_to(app, "menu")
        step(app, 2)
    return opened


def test_the_menus_keys_mean_the_same_with_and_without_saves(app):
    from game.ui.scenes.saves import SavesScene
    from game.ui.scenes.settings import SettingsScene

    assert isinstance(app.top, MenuScene)
    without = menu_keys(app)
    drawn_without = drawn_menu_keys(app)
    assert without["C"] == "#continue" and without["S"] == "#settings" and "#quit" not in without.values()
    assert without["1"].startswith("#tile_") and sorted(drawn_without) == sorted(without)
    assert isinstance(press_on_menu(app, pygame.K_c), MenuScene)          # nothing to continue
    assert isinstance(press_on_menu(app, pygame.K_g), MenuScene)          # no saved games yet
    assert isinstance(press_on_menu(app, pygame.K_s), SettingsScene)
    assert isinstance(press_on_menu(app, pygame.K_9), MenuScene)          # no entry has 9

    click(app, "#tile_tiny")                                              # a saved game now
    click(app, "#start")
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    assert isinstance(app.top, MenuScene) and find(app, "#continue").is_enabled
    assert menu_keys(app) == without and sorted(drawn_menu_keys(app)) == sorted(drawn_without)
    assert isinstance(press_on_menu(app, pygame.K_s), SettingsScene)      # still Settings
    assert isinstance(press_on_menu(app, pygame.K_g), SavesScene)
    assert isinstance(press_on_menu(app, pygame.K_c), TableScene)         # Continue
    tile = next(n for n, oid in without.items() if oid == "#tile_tiny")
    assert isinstance(press_on_menu(app, getattr(pygame, f"K_{tile}")), SetupScene)


# --- the results: no stray key starts a new game --------------------------------------------

def finished_tiny(app):
    from game.ui.scenes.results import ResultsScene

    click(app, "#tile_tiny")
    click(app, "#kind_1_computer")
    click(app, "#start")
    table = app.find(TableScene)
    assert until(app, lambda: app.top is table and table.choices)
    click(app, "#choice_0")
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=900)
    return table, app.top


def test_stray_keys_on_the_results_never_start_a_new_game(app):
    from game.ui.scenes.results import NewGameConfirm

    table, results = finished_tiny(app)
    seed = table.session.match.seed
    # hurried keys meant for the last move: numbers, Enter, numbers again, Enter
    for k in (pygame.K_1, pygame.K_RETURN, pygame.K_2, pygame.K_1, pygame.K_RETURN,
              pygame.K_RETURN, pygame.K_SPACE, pygame.K_2, pygame.K_RETURN):
        key(app, k)
        assert app.find(TableScene) is table            # the same game, still finished
    assert app.top is results
    key(app, pygame.K_2)                                 # "Same deal again" by key: it asks
    assert isinstance(app.top, NewGameConfirm)
    assert app.top.text.startswith("Same deal again")
    key(app, pygame.K_TAB)                               # Stay, then New game: deliberate
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    new = app.find(TableScene)
    assert new is not table and new.session.match.seed == seed


def test_a_click_on_play_again_starts_at_once(app):
    table, _ = finished_tiny(app)
    click(app, "#play_again")
    assert app.find(TableScene) not in (None, table)


# --- one digit rule at every table: a number highlights, the same number or Enter confirms ----

def test_chasing_a_number_highlights_a_card_and_the_same_number_plays_it(app):
    from test_ui_chasing_play import my_turn, start

    table = start(app, humans=1)

    def a_choice_of_cards() -> bool:
        for _ in range(40):
            if not until(app, lambda: my_turn(app, table), frames=3000):
                return False
            if len(table.key_actions) > 1:
                return True
            key(app, pygame.K_RETURN, frames=2)      # a forced card: Enter plays the only one
        return False

    assert a_choice_of_cards()
    log = len(table.session.match.log)
    key(app, pygame.K_2)
    assert table.key_selected == 1 and len(table.session.match.log) == log   # highlighted only
    key(app, pygame.K_1)
    assert table.key_selected == 0 and len(table.session.match.log) == log   # moved, not played
    wanted = table.key_actions[0]
    key(app, pygame.K_1, frames=2)                                           # the same number
    assert table.session.match.log[log] == (0, wanted)
    assert a_choice_of_cards()
    log = len(table.session.match.log)
    key(app, pygame.K_2)
    wanted = table.key_actions[1]
    key(app, pygame.K_RETURN, frames=2)                                      # or Enter
    assert table.session.match.log[log] == (0, wanted)


def test_harsh_a_number_highlights_a_location_and_the_same_number_moves_there(app):
    from harsh_ui_driver import start_harsh

    table = start_harsh(app, seed=7)
    assert table.view()["phase"] == "move"
    moves = sorted(a.args[0] for a in table.actions() if a.kind == "move")
    first, second = moves[0], moves[1]
    log = len(table.session.match.log)
    key(app, getattr(pygame, f"K_{first + 1}"))
    assert table.key_cell_now() == first and len(table.session.match.log) == log
    key(app, getattr(pygame, f"K_{second + 1}"))
    assert table.key_cell_now() == second and len(table.session.match.log) == log
    key(app, getattr(pygame, f"K_{second + 1}"), frames=3)
    assert until(app, lambda: table.view()["agent"] == second, frames=60)
    assert table.key_cell_now() is None


def test_harsh_a_highlighted_location_goes_with_enter(app):
    from harsh_ui_driver import start_harsh

    table = start_harsh(app, seed=7)
    target = max(a.args[0] for a in table.actions() if a.kind == "move")
    key(app, getattr(pygame, f"K_{target + 1}"))
    assert table.view()["agent"] != target
    key(app, pygame.K_RETURN, frames=3)
    assert until(app, lambda: table.view()["agent"] == target, frames=60)


def test_hunters_a_number_highlights_a_choice_and_the_same_number_or_enter_takes_it(app):
    from test_ui_hunters_explains import table_at

    from game.rules.hunters.scenario import scenario

    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area",
                 positions={0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"})
    table = table_at(app, s)
    texts = [c.button.text for c in table.choices]
    key(app, pygame.K_2)
    assert table.selected == 1 and not table.session.match.log
    key(app, pygame.K_1)
    assert table.selected == 0 and not table.session.match.log
    key(app, pygame.K_1, frames=3)
    assert table.session.match.log and texts[0].startswith("Draw")
    assert table.session.match.log[0][1].kind == "draw"


def test_a_highlight_does_not_carry_into_the_next_persons_decision(app):
    """Pass-and-play, the same words for both people: Bob's first number only highlights."""
    from test_ui_play import start_tiny

    from game.ui.scenes.handoff import HandoffScene

    table = start_tiny(app, humans=2)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_1)
    key(app, pygame.K_1, frames=2)                   # Alice bets
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    key(app, pygame.K_RETURN)
    assert app.top is table and table.viewer == 1
    log = len(table.session.match.log)
    key(app, pygame.K_1, frames=2)
    assert len(table.session.match.log) == log and table.selected == 0


# --- README, the in-app list and the behaviour say the same ---------------------------------

def test_readme_and_the_rules_screen_list_the_same_keys(app):
    from pathlib import Path

    from game.ui import controls
    from game.ui.scenes.rules import RulesScene

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    assert controls.readme_table() in readme
    key(app, pygame.K_r)                              # the menu's Rules key
    assert isinstance(app.top, RulesScene)
    for game in ("chasing", "harsh", "hunters"):
        click(app, f"#tab_{game}")
        text = " ".join(b.text for b in app.top.panel.blocks)
        for k, does in controls.rows(game):
            assert f"{k}: {does}" in text
    assert controls.TABLE_DIGITS in text


def test_the_table_says_the_digit_rule_over_its_choices(app, monkeypatch):
    from test_ui_play import start_tiny

    from game.ui import controls

    table = start_tiny(app)
    assert until(app, lambda: app.top is table and len(table.choices) > 1)
    table.set_status("")
    drawn = drawn_texts(monkeypatch)
    app.draw()
    assert controls.CHOOSE_HINT in drawn


# --- Setup's drop-downs: rows as tall as their words ------------------------------------------

@pytest.mark.parametrize("size", [(1920, 1080), (1024, 640)])
def test_the_difficulty_drop_down_rows_hold_their_words_at_every_size(shadows_home, size):
    from ui_helpers import click_at, make_app

    app = make_app(size=size)
    try:
        step(app, 2)
        click(app, "#tile_harsh")
        dd = find(app, "#option_difficulty")
        click_at(app, dd.rect.center)
        step(app, 3)
        rows = [it["button_element"] for it in dd.current_state.options_selection_list.item_list]
        assert [b.text for b in rows] == ["Standard", "Hard", "Difficult", "Expert"]
        for above, below in zip(rows, rows[1:]):
            assert above.rect.bottom <= below.rect.top          # no row over another
        for b in rows:
            words = b.font.get_rect(b.text)
            assert words.height <= b.rect.height, (size, b.text, words, b.rect)
            assert b.rect.bottom <= dd.current_state.options_selection_list.rect.bottom
    finally:
        app.quit()
