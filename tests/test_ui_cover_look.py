"""Under an overlay, a menu screen shows as it last looked (its buttons dimmed), not as an
empty backdrop; a game table never does, as it may hold someone's secrets."""

import importlib
import inspect
import pkgutil

import pygame
import pytest
from ui_helpers import make_app, resize, step

import game.ui
from game.ui.scene import Scene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.notice import NoticeScene


@pytest.fixture
def app(shadows_home):
    a = make_app()
    step(a, 2)
    yield a
    a.quit()


def test_the_menu_stays_readable_under_a_notice(app):
    menu = app.top
    assert isinstance(menu, MenuScene)
    before = app.screen.copy()
    app.push(NoticeScene(app, "Something to read."))
    step(app, 2)
    assert menu.cover_look is not None
    # the covered menu's buttons are gone from the UI, yet drawn: under the veil is the menu
    # as it was shown, so its button rows differ from what the menu alone draws
    shown = app.screen
    bare = pygame.Surface(shown.get_size())
    menu.draw(bare)
    veil = pygame.Surface(shown.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, NoticeScene.shade))
    bare.blit(veil, (0, 0))
    w, h = shown.get_size()
    differs = sum(1 for x in range(0, w, 8) for y in range(h * 3 // 4, h, 8)
                  if shown.get_at((x, y)) != bare.get_at((x, y)))
    assert differs > 50, differs
    assert before.get_size() == shown.get_size()
    app.pop()
    step(app)
    assert menu.cover_look is None


def test_a_resize_drops_the_kept_look(app):
    menu = app.top
    app.push(NoticeScene(app, "Something to read."))
    step(app)
    resize(app, 1024, 640)
    step(app)
    assert menu.cover_look is None


def _scene_classes():
    for info in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
        mod = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if issubclass(cls, Scene) and cls.__module__ == mod.__name__:
                yield cls


def test_no_game_table_keeps_its_look_under_an_overlay():
    from game.ui.table_base import TableScene

    kept = [c for c in _scene_classes() if c.keep_look_when_covered]
    assert MenuScene in kept
    for cls in kept:
        assert not issubclass(cls, TableScene), cls
        assert "session" not in inspect.getsource(cls.__init__), cls
