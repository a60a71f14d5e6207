"""The keyboard, through the real app: a text field owns its keys, the menu's keys stay
put, the digit rule at every table, and no stray key starts a new game (issue 37)."""

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import click, find, key, type_text

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
