"""The coach's screens through the real app, in every language: under the pseudo-locale
the Hint overlay and the Analyse screen draw only catalog text (the action labels the
rules layer hands up aside, until that layer is converted); the key moments are all
reachable in the scrolling list at 1024x640 and 1920x1080; Shadow Hunters' graph switches
between a line per seat and a line per team."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from advice_worlds import few_worlds
from test_i18n_screens import LETTER
from ui_helpers import click, click_at, elements, find, key, make_app, step, wait

from game import i18n
from game.analysis import analyse
from game.analysis.store import with_analysis
from game.i18n import screens as i18n_screens
from game.review.sample import play_record
from game.session import SeatConfig
from game.ui import draw
from game.ui.advice_hint import HintScene
from game.ui.analysis import graph
from game.ui.analysis.scene import MOMENTS_SHOWN, AnalysisScene
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("off")

# the names test_i18n_screens allows in a marked screen (Emi: a character's name there)
NAMES = ("Ann", "Ben", "Cleo", "Dov", "Eve", "Emi")


@pytest.fixture
def lang_app(shadows_home, request):
    lang, size = request.param
    i18n_screens.set_override(lang)
    app = make_app(size)
    app.settings.animation_speed = "off"
    step(app, 2)
    yield app
    app.quit()
    i18n_screens.set_override(None)
    i18n.set_language("en")


@pytest.fixture(scope="module")
def analysed():
    """A finished Chasing game and a Shadow Hunters game with their analyses (a tiny
    budget: the figures do not matter here, the words and the layout do)."""
    out = {}
    for game, n in (("chasing", 4), ("hunters", 6)):
        rec = play_record(game, n, 11, level="easy")
        rec = dataclasses.replace(rec, seats=tuple(
            dataclasses.replace(s, name=NAMES[i]) for i, s in enumerate(rec.seats)))
        # the same screens with other figures (Hunters 6 s of CPU at 12 worlds, Chasing 2.8 s at 8)
        with few_worlds("hunters", "chasing"):
            out[game] = with_analysis(rec, analyse(rec, budget=6))
    return out


def spy_texts(monkeypatch, module: str) -> list[str]:
    drawn: list[str] = []
    real = draw.blit_text

    def spy(surface, text, *args, **kwargs):
        import inspect
        frame = inspect.currentframe().f_back
        if frame.f_globals.get("__name__", "").startswith(module):
            drawn.append(text)
        return real(surface, text, *args, **kwargs)
    monkeypatch.setattr(draw, "blit_text", spy)
    return drawn


def button_texts(scene) -> list[str]:
    from pygame_gui.elements import UIButton, UILabel
    return [el.text for el in elements(scene.root)
            if isinstance(el, (UIButton, UILabel)) and el.visible and el.text]


def left_unmarked(texts, allowed=()) -> list[str]:
    """What is drawn outside the markers, text by text, once the rules layer's action
    labels in ``allowed``, the names and the numbers are taken out: a marked text wrapped
    over several lines (the markers nest) is read across them, in the order drawn; a text
    cut with an ellipsis closes what it opened."""
    out, depth = [], 0
    for t in texts:
        for a in sorted(allowed, key=len, reverse=True):
            if a:
                t = t.replace(a, "")
        for name in NAMES:
            t = t.replace(name, "")
        if len(t.strip()) == 1 and t.strip().isascii():
            continue         # a key's letter on its button
        outside = []
        for ch in t:
            if ch == "⟦":
                depth += 1
            elif ch == "⟧":
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(ch)
        if t.endswith("…"):
            depth = 0
        if LETTER.search("".join(outside)):
            out.append(t)
    return out


def hint_for_first_seat(app, game: str):
    seats = [SeatConfig("Ann", "human", hints=True)] + [
        SeatConfig(n, "computer", "easy") for n in NAMES[1:4 if game == "chasing" else 5]]
    table = start_game(app, game, seats, 5, {"start": "0"} if game == "chasing" else {})
    from game.ui.hunters.overlays import CharacterScene

    def my_choice():
        if isinstance(app.top, CharacterScene):
            click(app, "#look_done")
        return (app.top is table and table.acting_seat() == 0
                and len(table.session.legal_actions(0)) >= 2)
    assert wait(app, my_choice, 120)
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintScene)
    return table, hint


@pytest.mark.parametrize("lang_app", [(i18n.PSEUDO, (1024, 640))], indirect=True)
@pytest.mark.parametrize("game", ["chasing", "hunters"])
def test_the_hint_overlay_draws_only_catalog_text(lang_app, monkeypatch, game):
    app = lang_app
    drawn = spy_texts(monkeypatch, "game.ui.advice_hint")
    table, hint = hint_for_first_seat(app, game)
    drawn.clear()
    app.draw()
    thinking = list(drawn)
    assert wait(app, lambda: hint.answer is not None, 90)
    step(app, 2)
    drawn.clear()
    app.draw()
    labels = [i18n.shown(c.action.label) for c in hint.rows()]
    texts = thinking + drawn + button_texts(hint)
    assert any("⟦Hint for" in t for t in texts) and any("⟦Play it⟧" in t for t in texts)
    # the reasons are the coach's own words, marked, with the numbers of the search
    assert sum("⟦" in t for t in drawn) >= 2 * len(hint.rows())
    assert left_unmarked(texts, labels) == []


@pytest.mark.parametrize("lang_app", [(i18n.PSEUDO, (1024, 640))], indirect=True)
@pytest.mark.parametrize("game", ["chasing", "hunters"])
def test_the_analyse_screen_draws_only_catalog_text(lang_app, monkeypatch, analysed, game):
    app = lang_app
    record = analysed[game]
    drawn = spy_texts(monkeypatch, "game.ui.analysis")
    from game.ui import navigation

    navigation.push(app, "analysis", record)
    scene = app.top
    assert isinstance(scene, AnalysisScene) and scene.analysis is not None
    step(app, 2)
    modes = [False, True] if game == "hunters" else [False]
    labels = [i18n.shown(label) for d in scene.analysis.decisions
              for label in (d.label_of(0), d.label_of(1))]
    for by_team in modes:
        if by_team:
            drawn.clear()
            click(app, "#analysis_teams")      # (the key moments are drawn when built)
        app.draw()
        texts = drawn + button_texts(scene)
        assert any("⟦Key moments" in t for t in texts)
        assert any("⟦Analysis · " in t for t in texts)
        assert any(t.startswith("⟦1. ") for t in texts)      # the first key moment
        assert left_unmarked(texts, labels) == [], by_team
    assert scene.moments and len([t for t in drawn if t.startswith("⟦")]) > 10


@pytest.mark.parametrize("lang_app", [("en", (1024, 640)), ("en", (1920, 1080)),
                                      ("de", (1024, 640))], indirect=True)
def test_every_key_moment_can_be_scrolled_to_and_clicked(lang_app, analysed):
    app = lang_app
    from game.ui import navigation

    record = analysed["hunters"]
    navigation.push(app, "analysis", record)
    scene = app.top
    step(app, 2)
    assert len(scene.moments) == min(MOMENTS_SHOWN, len(scene.analysis.key_moments(99)))
    assert len(scene.rows) == len(scene.moments)        # every moment is in the list
    box = scene.scroller.rect
    seen = set()
    for _ in range(40):
        for _rect, i in scene.rows:
            r = scene.moment_rect(i)
            if box.contains(r):
                seen.add(i)
        if len(seen) == len(scene.rows):
            break
        pygame.mouse.set_pos(box.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                             precise_x=0.0, precise_y=-1.0))
        step(app, 3)
    assert seen == set(range(len(scene.rows)))
    # the last one, scrolled into view, opens the review at its moment
    last = len(scene.rows) - 1
    click_at(app, scene.moment_rect(last).center)
    review = app.top
    assert getattr(review, "is_review", False)
    assert review.position == scene.moments[last][0]


@pytest.mark.parametrize("lang_app", [("en", (1280, 720))], indirect=True)
def test_hunters_graph_by_team_and_by_player(lang_app, analysed, monkeypatch):
    app = lang_app
    from game.ui import navigation

    record = analysed["hunters"]
    navigation.push(app, "analysis", record)
    scene = app.top
    step(app, 2)
    drawn_lines = []
    real = graph.lines_of
    monkeypatch.setattr(graph, "lines_of", lambda *a, **k: (
        drawn_lines.append(real(*a, **k)) or drawn_lines[-1]))
    app.draw()
    assert len(drawn_lines[-1]) == 6                      # a line per seat
    assert find(app, "#analysis_teams").text == "By team"
    click(app, "#analysis_teams")
    app.draw()
    teams = set(scene.analysis.teams)
    assert [c for c, _pts in drawn_lines[-1]] == [graph.TEAM_COLOURS[t] for t in graph.TEAMS
                                                  if t in teams]
    assert find(app, "#analysis_teams").text == "By player"
    # a click on a seat's row hides its team's line, a second shows it again
    rect, team = scene.seat_rects[0]
    click_at(app, rect.center)
    app.draw()
    assert len(drawn_lines[-1]) == len(teams) - 1 and team not in scene.teams_shown
    click_at(app, rect.center)
    assert team in scene.teams_shown
    click(app, "#analysis_teams")
    app.draw()
    assert len(drawn_lines[-1]) == 6


def test_a_chasing_analysis_has_no_team_switch(shadows_home, analysed):
    app = make_app((1024, 640))
    try:
        from game.ui import navigation

        navigation.push(app, "analysis", analysed["chasing"])
        step(app, 2)
        with pytest.raises(LookupError):
            find(app, "#analysis_teams")
    finally:
        app.quit()


def test_the_keys_list_has_the_hint_key_for_chasing_and_hunters():
    from pathlib import Path

    from game.ui import controls

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    for game in ("chasing", "hunters"):
        rows = [r for r in controls.rows(game) if r[0] == "H"]
        assert len(rows) == 1 and "hint" in rows[0][1]
        assert f"| H | {rows[0][1]} |" in readme
