"""The coach's hint panel at the Chasing Shadows and Shadow Hunters tables in every language:
under the pseudo-locale every word it draws is in the catalog; in German and French its
percentages and seconds are written the language's way ("62 %", "0,4 s"), in Japanese
"62%"; and its buttons fit at 1024x640."""

from __future__ import annotations

import re

import pygame
import pytest
from test_i18n_screens import caller_module, fit_problems, unmarked_lines
from ui_helpers import click, key, make_app, step, wait

from game import i18n
from game.i18n import screens as i18n_screens
from game.session import SeatConfig
from game.ui import draw
from game.ui.advice_hint import HintScene
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("off")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


@pytest.fixture
def lang_app(shadows_home, request):
    i18n_screens.set_override(request.param)
    app = make_app((1024, 640))
    app.settings.animation_speed = "off"
    step(app, 2)
    yield app
    app.quit()
    i18n_screens.set_override(None)
    i18n.set_language("en")


def hint_texts(app, monkeypatch, game: str) -> list[str]:
    """Open ``game``'s table with hints for the first seat, ask for a hint at its first
    decision, and return what the panel draws."""
    n = 4 if game == "chasing" else 5
    seats = [SeatConfig(NAMES[0], "human", hints=True)] + [
        SeatConfig(name, "computer", "easy") for name in NAMES[1:n]]
    table = start_game(app, game, seats, 31 if game == "chasing" else 5,
                       {"start": "0"} if game == "chasing" else {})

    def my_choice():
        from game.ui.hunters.overlays import CharacterScene

        if isinstance(app.top, CharacterScene):
            click(app, "#look_done")
        return (app.top is table and table.acting_seat() == 0
                and len(table.session.legal_actions(0)) >= 2)
    assert wait(app, my_choice, 120)
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintScene)
    assert wait(app, lambda: hint.answer is not None, 60)
    drawn: list[str] = []
    real = draw.blit_text

    def spy(surface, text, *args, **kwargs):
        if caller_module().startswith("game.ui.advice_hint"):
            drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(draw, "blit_text", spy)
    app.draw()
    monkeypatch.setattr(draw, "blit_text", real)
    return drawn


@pytest.mark.parametrize("lang_app", [i18n.PSEUDO], indirect=True)
@pytest.mark.parametrize("game", ["chasing", "hunters"])
def test_the_hint_panel_draws_only_catalog_text(lang_app, monkeypatch, game):
    texts = hint_texts(lang_app, monkeypatch, game)
    assert len(texts) >= 4
    names = re.compile("|".join(NAMES))
    assert unmarked_lines(names.sub("", t) for t in texts) == []


@pytest.mark.parametrize("lang_app", ["de", "fr", "ja"], indirect=True)
@pytest.mark.parametrize("game", ["chasing", "hunters"])
def test_the_hint_panel_writes_numbers_the_languages_way_and_fits(lang_app, monkeypatch, game):
    lang = i18n.current()
    texts = hint_texts(lang_app, monkeypatch, game)
    joined = "\n".join(texts)
    if lang in ("de", "fr"):
        assert re.search(r"\d\u00a0%", joined), joined
        assert not re.search(r"\d%", joined), joined            # no English "62%"
        assert not re.search(r"\d\.\d s\b", joined), joined     # "0,4 s", not "0.4 s"
    else:
        assert re.search(r"\d%", joined), joined
    assert fit_problems(lang_app, f"hint {game}") == []
