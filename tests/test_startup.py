"""Start-up: what the menu's first frame leaves for later still happens, and soon."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from ui_helpers import find, make_app, step

from game.ui import button_states

ROOT = Path(__file__).resolve().parent.parent
HIDDEN_STATES = ("hovered", "selected", "active")


@pytest.fixture
def app(shadows_home):
    a = make_app()
    yield a
    a.quit()


def menu_buttons(app) -> list:
    return [el for el in app.top.root.elements if getattr(el, "drawable_shape", None)]


def test_the_first_frame_draws_only_the_states_on_screen(app):
    pygame.mouse.set_pos((1, 1))   # over no button (a button under the pointer is hovered)
    app.step(1 / 60)
    buttons = menu_buttons(app)
    assert len(buttons) >= 12
    for button in buttons:
        states = button.drawable_shape.states
        assert states[button.drawable_shape.active_state.state_id].generated
        assert not any(states[s].generated for s in HIDDEN_STATES), button.get_object_ids()


def test_the_other_states_are_drawn_in_the_frames_after(app):
    step(app, 8)
    for button in menu_buttons(app):
        states = button.drawable_shape.states
        assert states["hovered"].generated, button.get_object_ids()
        # the focus and pressed looks: drawn when first shown (game.ui.button_states)
        assert not any(states[s].generated for s in button_states.LAZY), button.get_object_ids()


def test_a_button_under_the_pointer_from_the_start_shows_its_hovered_state(app):
    settings = find(app, "#settings")
    normal = settings.image.copy()
    pygame.mouse.set_pos(settings.rect.center)  # before the first frame: nothing pre-drawn yet
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=settings.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert settings.hovered
    assert settings.drawable_shape.active_state.state_id == "hovered"
    assert pygame.image.tobytes(settings.image, "RGBA") != pygame.image.tobytes(normal, "RGBA")



START = """
import sys
from game.__main__ import arguments
from game import crash
arguments([])
crash.setup_logging()
from game.app import App
app = App(size=(1280, 720), fullscreen=False)
app.step(1 / 60)
print(" ".join(sorted(sys.modules)))
"""
# Each costs start-up time and none shows on the menu: the games' rules, bots and tables
# load when a game opens, the bus with the first game, package metadata for the log line
# after the first frame; the log needs no sockets or pickling (logging.handlers), a launch
# without arguments no argparse.
NOT_AT_START = ("argparse", "game.rules.chasing", "game.rules.harsh", "game.rules.hunters", "game.ai",
                "game.ui.chasing", "game.ui.harsh", "game.ui.hunters", "game.ui.table_base",
                "game.session", "game.bus", "game.net", "importlib.metadata", "logging.handlers",
                "socket", "pickle")


def test_the_menu_starts_without_loading_what_it_does_not_show(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SHADOWS_HOME=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True, timeout=120).stdout
    loaded = set(out.split())
    assert "game.ui.scenes.menu" in loaded
    assert sorted(name for name in NOT_AT_START if name in loaded) == []


def test_off_buttons_wear_the_disabled_colours_from_the_start():
    """A button made disabled ("@off") draws its face once only while its normal colours
    are the disabled ones: the disabled state then finds that face in pygame-gui's cache."""
    import json

    theme = json.loads((ROOT / "assets" / "theme.json").read_text(encoding="utf-8"))
    defaults, off = theme["defaults"]["colours"], theme["@off"]["colours"]
    for part in ("bg", "border", "text"):
        assert off[f"normal_{part}"] == defaults[f"disabled_{part}"]


def test_the_menus_disabled_buttons_look_disabled_and_refuse_clicks(app):
    step(app, 2)
    for oid in ("#continue", "#saved_games"):
        button = find(app, oid)
        assert not button.is_enabled
        assert button.drawable_shape.active_state.state_id == "disabled"
    before = len(app.scenes)
    button = find(app, "#saved_games")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    step(app, 3)
    assert len(app.scenes) == before


def test_main_holds_the_collector_off_while_it_starts(monkeypatch, shadows_home):
    import gc
    import logging
    import threading

    import game.__main__ as entry
    from game import crash

    seen = []
    monkeypatch.setattr(entry, "play", lambda size, fullscreen: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(logging.getLogger(), "level", logging.getLogger().level)
    try:
        assert entry.main([]) == 0
    finally:
        gc.enable()
        logging.captureWarnings(False)
        for handler in list(logging.getLogger().handlers):
            if isinstance(handler, crash._ShadowsFileHandler):  # main() started a log file
                logging.getLogger().removeHandler(handler)
                handler.close()
    assert seen == [False]


COLLECTOR = """
import gc
gc.disable()
from game.app import App
app = App(size=(1280, 720), fullscreen=False)
app.step(1 / 60)
first = gc.isenabled()
app.step(1 / 60)
app.step(1 / 60)
print(first, gc.isenabled(), gc.get_freeze_count() > 0)
"""


def test_the_collector_is_on_again_once_the_menu_is_up(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SHADOWS_HOME=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "-c", COLLECTOR], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True, timeout=120).stdout.split()
    assert out == ["False", "True", "True"]


@pytest.fixture
def first_app(app):
    """The app as a process's first App starts it: no theme kept from an App before
    (game.ui.theme_cache; the tests before this one in the process made some)."""
    from game.ui import theme_cache

    app.quit()
    theme_cache.forget()
    first = make_app()
    step(first, 2)
    assert not first.manager.reused_theme
    yield first
    first.quit()


def test_the_menu_starts_with_its_part_of_the_theme_and_any_other_screen_loads_the_rest(first_app):
    from game.ui import style

    app = first_app
    assert set(app._theme_later) >= {"label", "text_box", "panel", "@choice"}
    assert not set(app._theme_later) & (style.MENU_THEME - {"#noir_shape"})
    app.top.open_settings()
    assert app._theme_later is None
    step(app, 2)
    slider = find(app, "#volume") or next(
        el for el in app.top.root.elements if type(el).__name__ == "UIHorizontalSlider")
    theme = app.manager.get_theme()
    # the slider's handle wears the theme's gold, not pygame-gui's default colours
    colour = theme.get_colour("normal_bg", slider.sliding_button.combined_element_ids)
    assert tuple(colour)[:3] == (0xD4, 0xA8, 0x4A)


def test_a_split_theme_keeps_the_prototypes_its_blocks_name():
    from game.ui import style

    theme = style.scaled_theme(1.0)
    now, later = style.split_theme(theme)
    assert set(now) | set(later) == set(theme)
    assert "#noir_shape" in now and "#noir_shape" in later   # drop_down_menu names it
    assert all(later[k] == theme[k] for k in later)


def test_the_tiles_words_are_drawn_by_the_menu_so_their_buttons_need_no_font_of_their_own():
    """A wordless tile button in a font of its own would load that font (a first use of a
    font size costs about a millisecond) for nothing: it shares the buttons' font."""
    import json

    theme = json.loads((ROOT / "assets" / "theme.json").read_text(encoding="utf-8"))
    assert "font" not in theme["@tile"]


def test_the_tiles_buttons_cover_their_tiles_once_the_menu_is_shown(app):
    from ui_helpers import click_at

    step(app, 2)
    menu = app.top
    for (rect, _), button in zip(menu.tiles, menu.tile_buttons):
        assert button.rect == rect
    before = type(app.top)
    click_at(app, menu.tiles[1][0].move(0, 60).center)   # well inside Harsh Shadows' tile
    assert type(app.top) is not before


def test_no_arguments_mean_what_the_parser_says_they_mean():
    from game.__main__ import NO_ARGUMENTS, arguments, build_parser

    assert vars(build_parser().parse_args([])) == NO_ARGUMENTS
    assert vars(arguments([])) == NO_ARGUMENTS
    assert arguments(["--size", "1024x640"]).size == (1024, 640)
