"""The hint at the Chasing Shadows and Shadow Hunters tables, through the real app."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import click, find, key, make_app, step, wait

from game.session import SeatConfig
from game.ui.advice_hint import HintScene
from game.ui.opening import start_game


@pytest.fixture
def app(shadows_home):
    a = make_app()
    a.settings.animation_speed = "off"
    step(a, 2)
    yield a
    a.quit()


def _at_decision(app, table, seat=0):
    assert wait(app, lambda: app.top is table and table.acting_seat() == seat, 60)


def _thinking(app) -> bool:
    return isinstance(app.top, HintScene) and app.top.thinking


def test_chasing_hint_on_key_shows_choices_and_plays_one(app):
    seats = [SeatConfig("Ann", "human", hints=True)] + [
        SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")]
    table = start_game(app, "chasing", seats, 31, {"start": "0"})
    _at_decision(app, table)
    find(app, "#advice_hint")            # the button is in the top bar
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintScene) and hint.seat == 0
    frames = [0]

    def ready():
        frames[0] += 1
        return hint.answer is not None
    assert wait(app, ready, 60)
    assert frames[0] > 1                 # frames went on while it thought
    adv, _ = hint.answer
    assert 2 <= len(hint.rows()) <= 3
    assert adv.top(3) == tuple(hint.rows())
    legal = table.session.legal_actions(0)
    assert all(c.action in legal for c in hint.rows())
    best = hint.rows()[0].action
    before = len(table.session.match.log)
    click(app, "#advice_play_0")
    assert app.top is table
    assert table.session.match.log[before] == (0, best)


def test_asking_again_in_the_same_position_answers_the_same_at_once(app):
    seats = [SeatConfig("Ann", "human", hints=True)] + [
        SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")]
    table = start_game(app, "chasing", seats, 32, {"start": "0"})
    _at_decision(app, table)
    click(app, "#advice_hint")
    first = app.top
    assert wait(app, lambda: first.answer is not None, 60)
    key(app, pygame.K_h)                 # H closes it too
    assert app.top is table
    key(app, pygame.K_h)
    again = app.top
    assert isinstance(again, HintScene) and again.answer is not None and not again.thinking
    assert [(c.action, c.win) for c in again.rows()] == [(c.action, c.win) for c in first.rows()]


def test_no_hint_without_the_option(app):
    seats = [SeatConfig("Ann", "human")] + [
        SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")]
    table = start_game(app, "chasing", seats, 31, {"start": "0"})
    _at_decision(app, table)
    with pytest.raises(LookupError):
        find(app, "#advice_hint")
    key(app, pygame.K_h)
    assert app.top is table


def test_pass_and_play_hint_is_for_the_person_at_the_screen_only(app):
    seats = [SeatConfig("Ann", "human", hints=True), SeatConfig("Bo", "human"),
             SeatConfig("Cy", "computer", "easy"), SeatConfig("Di", "computer", "easy")]
    table = start_game(app, "chasing", seats, 31, {"start": "1"})
    # Bo moves first: the table waits for the hand-off, and Bo has no hints
    s = table.session
    assert wait(app, lambda: s.human_to_act() == 1, 30)
    assert table.acting_seat() != 0
    key(app, pygame.K_h)
    assert not isinstance(app.top, HintScene)


def test_hunters_hint(app):
    seats = [SeatConfig("Ann", "human", hints=True)] + [
        SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di", "Ed")]
    from game.ui.hunters.overlays import CharacterScene

    table = start_game(app, "hunters", seats, 5)

    def my_choice():
        if isinstance(app.top, CharacterScene):
            click(app, "#look_done")     # the first look at one's character
        return (app.top is table and table.acting_seat() == 0
                and len(table.session.legal_actions(0)) >= 2)
    assert wait(app, my_choice, 120)
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintScene)
    assert wait(app, lambda: hint.answer is not None, 60)
    assert hint.rows() and all(c.action in table.session.legal_actions(0) for c in hint.rows())


def test_setup_turns_hints_on_per_person(app):
    from game.ui.scenes.setup import SetupScene

    click(app, "#tile_chasing")
    assert isinstance(app.top, SetupScene)
    click(app, "#kind_1_human")
    click(app, "#hints_1")                       # Bo may ask, Ann may not
    assert app.top.setup["seats"][1]["hints"] is True
    click(app, "#start")
    tables = lambda: [s for s in app.scenes if getattr(s, "session", None) is not None]  # noqa: E731
    assert wait(app, tables, 60)
    seats = tables()[0].session.seats
    assert [s.hints for s in seats[:2]] == [False, True]
    assert all(not s.hints for s in seats if not s.is_human)


def test_a_best_below_a_higher_figure_says_why(app, monkeypatch):
    """Shadow Hunters keeps the Normal player's choice first unless another is clearly
    better: when a lower figure leads, the hint says so under the choices, inside its box,
    and Play it on the first row plays that choice."""
    import dataclasses

    from ui_helpers import drawn_texts

    from game.advice import advise
    from game.ui import advice_hint
    from game.ui.hunters.overlays import CharacterScene

    seats = [SeatConfig("Ann", "human", hints=True)] + [
        SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di", "Ed")]
    table = start_game(app, "hunters", seats, 5)

    def my_choice():
        if isinstance(app.top, CharacterScene):
            click(app, "#look_done")
        return (app.top is table and table.acting_seat() == 0
                and len(table.session.legal_actions(0)) >= 2)
    assert wait(app, my_choice, 120)

    def search(game_id, view, actions, seed, stop=None):
        adv = advise(game_id, view, actions, budget=24, seed=seed, stop=stop)
        a, b = adv.choices[0], adv.choices[1]
        # as the steady order leaves it: the first 4 points under the second
        choices = (dataclasses.replace(a, win=0.40), dataclasses.replace(b, win=0.44))
        return dataclasses.replace(adv, choices=choices + adv.choices[2:], value=0.40), 0.1
    monkeypatch.setattr(advice_hint, "_search", search)
    advice_hint._known.clear()
    texts = drawn_texts(monkeypatch)
    key(app, pygame.K_h)
    hint = app.top
    assert wait(app, lambda: hint.answer is not None, 60)
    assert wait(app, lambda: any(t.startswith("Best is what a seasoned player") for t in texts),
                30), texts[-12:]         # drawn under the choices
    assert hint.kept_first()
    assert hint.box.bottom <= app.screen.get_height()
    first = hint.rows()[0].action
    before = len(table.session.match.log)
    click(app, "#advice_play_0")
    assert table.session.match.log[before] == (0, first)


def test_a_hint_closed_before_its_answer_stops_its_search(app, monkeypatch):
    """Closing the hint mid-search ends the search at its next world (it used to run on for
    seconds, its answer thrown away, taking the interpreter from the table's frames)."""
    import game.advice as advice

    monkeypatch.setitem(advice.HINT_PLAYOUTS, "chasing", 10**9)   # never done on its own
    seats = [SeatConfig("Ann", "human", hints=True)] + [
        SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")]
    table = start_game(app, "chasing", seats, 33, {"start": "0"})
    _at_decision(app, table)
    key(app, pygame.K_h)
    hint = app.top
    assert isinstance(hint, HintScene) and hint.thinking
    future = hint.future
    try:
        step(app, 2)
        key(app, pygame.K_h)                 # closed while it thinks
        assert app.top is table
        assert wait(app, future.done, 30)
        assert isinstance(future.exception(), advice.Stopped)
    finally:
        hint._stop.set()                     # a failing run must not leave it searching
    # the next hint is not stuck behind it: asked again, it searches afresh
    monkeypatch.setitem(advice.HINT_PLAYOUTS, "chasing", 40)
    key(app, pygame.K_h)
    assert wait(app, lambda: app.top.answer is not None, 60)
