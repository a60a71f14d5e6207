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
    for k in (pygame.K_LEFT, pygame.K_TAB, pygame.K_DOWN):
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


def drawn_menu_keys(app, monkeypatch) -> list:
    drawn = drawn_texts(monkeypatch)
    app.draw()
    monkeypatch.undo()
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


def test_the_menus_keys_mean_the_same_with_and_without_saves(app, monkeypatch):
    from game.ui.scenes.saves import SavesScene
    from game.ui.scenes.settings import SettingsScene

    assert isinstance(app.top, MenuScene)
    without = menu_keys(app)
    drawn_without = drawn_menu_keys(app, monkeypatch)
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
    assert menu_keys(app) == without and sorted(drawn_menu_keys(app, monkeypatch)) == sorted(drawn_without)
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
