"""A second App of one process starts on the theme the first one parsed (game.ui.theme_cache),
and looks exactly as the first did; a theme changed in use (text size, colours, language,
window scale) is never handed on."""

import pygame
import pytest
from ui_helpers import click, make_app, step

from game.ui import palette, theme_cache


@pytest.fixture(autouse=True)
def fresh_kept_themes(shadows_home):
    theme_cache.forget()
    yield
    theme_cache.forget()
    palette.apply("default", 100)


def pixels(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def menu_and_setup(size=(1280, 720)):
    """The menu's picture, then the setup screen's (every block of the theme in use), and
    whether the app's manager took a kept theme."""
    app = make_app(size=size)
    try:
        pygame.mouse.set_pos((1, 1))       # not over a tile, where the last App clicked
        step(app, 3)
        menu = pixels(app)
        click(app, "#tile_chasing")
        step(app, 3)
        return menu, pixels(app), app.manager.reused_theme
    finally:
        app.quit()


def test_a_second_app_looks_exactly_like_the_first():
    first_menu, first_setup, reused = menu_and_setup()
    assert not reused
    second_menu, second_setup, reused = menu_and_setup()
    assert reused, "the second App made its theme again"
    assert second_menu == first_menu
    assert second_setup == first_setup


def test_an_app_that_only_saw_the_menu_hands_on_a_theme_that_loads_the_rest_later():
    app = make_app()
    step(app, 3)
    assert app._theme_later, "the menu starts on part of the theme"
    app.quit()
    fresh_menu, fresh_setup, _ = menu_and_setup()     # on the menu-only theme
    theme_cache.forget()
    made_menu, made_setup, reused = menu_and_setup()
    assert not reused
    assert (fresh_menu, fresh_setup) == (made_menu, made_setup)


def test_another_window_scale_gets_its_own_theme():
    menu_and_setup((1280, 720))
    app = make_app(size=(1920, 1080))
    try:
        assert not app.manager.reused_theme
    finally:
        app.quit()


def test_a_text_size_change_reloads_the_theme_and_the_changed_theme_is_not_handed_on():
    menu_and_setup()                               # a theme at 100 % kept
    app = make_app()
    try:
        assert app.manager.reused_theme
        step(app, 2)
        from game.ui import navigation

        navigation.push(app, "access")
        step(app, 2)
        click(app, "#text_size_150")
        app.pop()
        step(app, 3)
        large = pixels(app)
        button = app.manager.get_theme().get_font(["button"])
    finally:
        app.quit()
    # the theme changed in use: this App's menu in large text is what an App started in
    # large text draws on a theme of its own, and its theme's fonts are the large ones
    theme_cache.forget()
    started = make_app()
    try:
        assert not started.manager.reused_theme
        assert started.settings.text_size == 150
        step(started, 3)
        assert pixels(started) == large
        assert button.point_size == started.manager.get_theme().get_font(["button"]).point_size
    finally:
        started.quit()
    # the 100 % theme that App took was changed: nobody gets it
    palette.apply("default", 100)
    from game.storage.settings import load_settings, save_settings

    settings, _ = load_settings()
    settings.text_size = 100
    save_settings(settings)
    normal = make_app()
    try:
        assert not normal.manager.reused_theme
    finally:
        normal.quit()


def test_a_kept_theme_is_gone_with_pygame_quit():
    menu_and_setup()
    assert theme_cache._kept
    pygame.quit()
    assert not theme_cache._kept
    pygame.init()


def test_every_quit_of_the_process_forgets_the_fonts_not_only_the_first():
    """pygame calls what ``register_quit`` named at its first quit only: a second App
    started after a second quit must still find no dead font, theme or text kept (the
    suite quits pygame in several tests of one worker; the app quits it at each restart)."""
    from game.ui import draw

    for _ in range(3):
        first = menu_and_setup()
        assert theme_cache._kept and draw._font.cache_info().currsize
        pygame.quit()
        assert not theme_cache._kept and not draw._font.cache_info().currsize
        pygame.init()
        assert menu_and_setup()[:2] == first[:2]       # draws, and as before


def test_two_apps_at_once_never_share_a_theme():
    menu_and_setup()
    one, two = make_app(), make_app()
    try:
        assert one.manager.get_theme() is not two.manager.get_theme()
        assert one.manager.reused_theme and not two.manager.reused_theme
    finally:
        one.quit()
        two.quit()
