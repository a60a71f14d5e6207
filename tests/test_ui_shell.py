"""The app shell driven through real events: menu, settings, notices, keys, resizing."""

import json

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import click, find, key, make_app, resize, step

from game.storage import settings as settings_store
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.notice import NoticeScene
from game.ui.scenes.rules import RulesScene, rules_blocks
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene


def test_menu_has_a_tile_per_registered_game_and_the_menu_buttons(app):
    from game.catalog import all_games

    assert isinstance(app.top, MenuScene)
    for spec in all_games():
        find(app, f"#tile_{spec.id}")
    for oid in ("#continue", "#statistics", "#settings", "#rules", "#quit"):
        find(app, oid)
    assert not find(app, "#continue").is_enabled  # no autosave in a fresh home


def test_settings_change_is_saved_at_once_and_survives_a_restart(app, shadows_home):
    click(app, "#settings")
    assert isinstance(app.top, SettingsScene)
    click(app, "#animation_speed_fast")
    click(app, "#memory_aids_false")
    assert app.settings.animation_speed == "fast"
    saved, notice = settings_store.load_settings()
    assert notice is None and saved.animation_speed == "fast" and saved.memory_aids is False
    click(app, "#back")
    assert isinstance(app.top, MenuScene)
    app.quit()

    again = make_app()
    step(again, 2)
    assert again.settings.animation_speed == "fast"
    assert again.settings.memory_aids is False
    click(again, "#settings")
    assert find(again, "#animation_speed_fast").get_class_ids()[-1] == "@toggle_on"
    again.quit()


def test_volume_slider_and_mute_are_saved(app):
    click(app, "#settings")
    slider = find(app, "#volume")
    slider.set_current_value(30)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # any event; the slider posts its own
    step(app, 3)
    click(app, "#muted_true")
    saved, _ = settings_store.load_settings()
    assert saved.muted is True
    assert app.sound.muted is True


def test_damaged_settings_file_gives_a_message_keeps_the_file_and_carries_on(shadows_home):
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ this is not json", encoding="utf-8")
    a = make_app()
    step(a, 2)
    assert isinstance(a.top, NoticeScene)
    assert "damaged" in a.top.text and "kept as" in a.top.text
    kept = list(path.parent.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not json"
    key(a, pygame.K_RETURN)
    assert isinstance(a.top, MenuScene)
    assert a.settings.animation_speed == "normal"  # defaults in use
    a.quit()


def test_a_menu_key_picks_that_entry_and_enter_presses_the_highlighted_one(app):
    menu = app.top
    labels = [c.button.text for c in menu.choices]
    n = labels.index("Rules") + 1
    key(app, pygame.K_r, frames=2)
    assert isinstance(app.top, RulesScene)      # Rules' own key picks at once, as README says
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    assert menu.selected is None                # nothing highlighted: Enter picks nothing new
    for _ in range(n):
        key(app, pygame.K_DOWN)
    assert menu.selected == n - 1
    key(app, pygame.K_RETURN, frames=2)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)


def test_esc_on_the_menu_does_not_quit(app):
    key(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.top, MenuScene)


def test_f11_toggles_fullscreen_and_back(app):
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.window_mode == "fullscreen"
    key(app, pygame.K_F11)
    assert not app.fullscreen and app.settings.window_mode == "windowed"
    assert isinstance(app.top, MenuScene) and app.top.root is not None


def test_statistics_and_rules_show_a_tab_per_game(app, monkeypatch):
    from game import catalog
    from game.catalog import all_games

    click(app, "#statistics")
    assert isinstance(app.top, StatsScene)
    for spec in all_games():
        click(app, f"#tab_{spec.id}")
        assert app.top.current == spec.id
    key(app, pygame.K_ESCAPE)
    monkeypatch.setattr(catalog, "rules_text", lambda gid: "TODO" if gid == "tiny" else "")
    click(app, "#rules")
    click(app, "#tab_tiny")
    texts = [b.text for b in app.top.panel.blocks]
    assert "Rules for Tiny Test Game are being written." in texts


def test_rules_text_becomes_headings_and_joined_paragraphs(monkeypatch):
    from game import catalog
    from game.catalog import get_game

    text = "TITLE LINE\n\nSETUP\nShuffle the deck and deal\nfive cards each.\n1. First step\n   goes on.\n- a bullet"
    monkeypatch.setattr(catalog, "rules_text", lambda gid: text)
    blocks = rules_blocks(get_game("tiny"))
    assert [(b.kind, b.text) for b in blocks] == [
        ("h", "TITLE LINE"), ("h", "SETUP"), ("p", "Shuffle the deck and deal five cards each."),
        ("p", "1. First step goes on."), ("p", "•  a bullet")]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_every_menu_scene_fits_the_window_without_overlaps(app, size):
    from game.catalog import get_game
    from game.ui.scenes.setup import SetupScene

    resize(app, *size)
    assert app.screen.get_size() == size
    scenes = [lambda: None, lambda: SettingsScene(app), lambda: StatsScene(app),
              lambda: RulesScene(app), lambda: SetupScene(app, get_game("tiny")),
              lambda: NoticeScene(app, "A long notice " * 12)]
    for make in scenes:
        scene = make()
        if scene is not None:
            app.push(scene)
        step(app, 2)
        assert_fits(app)
        if scene is not None:
            app.pop()


def test_resize_relayouts_the_scene_on_top(app):
    click(app, "#settings")
    before = find(app, "#back").rect.copy()
    resize(app, 1024, 640)
    after = find(app, "#back").rect
    assert after != before and app.screen.get_rect().contains(after)
    assert app.metrics.scale < 1
    resize(app, 800, 500)  # below the minimum: clamped
    assert app.screen.get_size() == (1024, 640)


def assert_fits(app) -> None:
    """Every button of the top scene is inside the window and no two buttons overlap."""
    from pygame_gui.elements import UIButton
    from ui_helpers import elements

    window = app.screen.get_rect()
    buttons = [el for el in elements(app.top.root) if type(el) is UIButton and el.visible]
    for b in buttons:
        assert window.contains(b.rect), (type(app.top).__name__, b.text, b.rect)
    for i, a in enumerate(buttons):
        for b in buttons[i + 1:]:
            assert not a.rect.colliderect(b.rect), (type(app.top).__name__, a.text, b.text)


def test_theme_json_is_valid_and_scales_fonts():
    from game.ui import style

    base = style.scaled_theme(1.0)
    big = style.scaled_theme(2.0)
    assert int(big["button"]["font"]["size"]) == 2 * int(base["button"]["font"]["size"])
    assert json.dumps(base)  # plain JSON data


def test_the_readme_menu_screenshot_shows_the_menu_as_it_is(app):
    """README's first picture (assets/screenshots/menu.png, 960x540, checked against the
    menu on 2026-12-06) shows the three game tiles and these nine buttons, in this order.
    A menu that gains, loses or renames one makes the picture wrong: retake it (the menu of
    a fresh user folder; the smallest window is now 1024x640), then change this list."""
    from ui_helpers import elements

    from game.ui.scenes.menu import MenuScene

    assert isinstance(app.top, MenuScene)
    shown = [(el.get_object_ids()[-1], getattr(el, "text", "")) for el in elements(app.top.root)
             if el.get_object_ids() and el.get_object_ids()[-1]]
    # this file registers the test game "tiny", which has a tile of its own here
    assert [i for i, _ in shown[:3]] == ["#tile_chasing", "#tile_harsh", "#tile_hunters"]
    assert [b for b in shown if not b[0].startswith("#tile_")] == [
        ("#continue", "Continue"), ("#saved_games", "Saved games"), ("#history", "History"),
        ("#open_file", "Open game file"), ("#statistics", "Statistics"),
        ("#settings", "Settings"), ("#rules", "Rules"), ("#learn", "Learn to play"),
        ("#quit", "Quit")]
