"""A button's focus and pressed looks are drawn when first shown (game.ui.button_states),
and never show an older drawing: after new words or a new size, each is pygame-gui's own
drawing of that state, pixel for pixel."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton
from ui_helpers import make_app, step

from game.ui import button_states

RECT = pygame.Rect(200, 200, 240, 48)


@pytest.fixture
def app(shadows_home):
    a = make_app()
    a.complete_theme()
    step(a, 2)
    a.top.root.hide()     # the menu's buttons: none under the probe takes its press
    yield a
    a.quit()


def pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def button(app, text: str = "Deal the cards", rect=RECT) -> UIButton:
    return UIButton(pygame.Rect(rect), text, app.manager, object_id=ObjectID("#probe", "@primary"))


def look(app, state: str, text: str, rect=RECT) -> bytes:
    """``state`` of a new button with ``text``, as pygame-gui draws it."""
    twin = button(app, text, pygame.Rect((-2000, -2000), pygame.Rect(rect).size))
    try:
        twin.drawable_shape.redraw_state(state)
        return pixels(twin.drawable_shape.states[state].surface)
    finally:
        twin.kill()


def settle(app, btn) -> None:
    """Every queued look drawn (and a new size's rebuild done: pygame-gui waits 0.35 s)."""
    pygame.mouse.set_pos((1, 1))     # the pointer over no button
    step(app, 30)
    assert not btn.drawable_shape.states_to_redraw_queue


def test_the_focus_and_pressed_looks_wait_until_shown_and_are_pygame_guis(app):
    btn = button(app)
    settle(app, btn)
    states = btn.drawable_shape.states
    assert states["normal"].generated and states["hovered"].generated
    assert not states["selected"].generated and not states["active"].generated
    btn.select()                           # the keyboard's focus (game.ui.focus)
    step(app)
    assert states["selected"].generated
    assert pixels(btn.image) == look(app, "selected", "Deal the cards")
    btn.unselect()
    step(app)
    # a press (pygame-gui's own handling of the event; where the pointer is afterwards,
    # which SDL's dummy driver keeps per process, does not matter here)
    assert not states["active"].generated
    app.manager.process_events(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=RECT.center, button=1))
    assert btn.drawable_shape.active_state.state_id == "active" and states["active"].generated
    assert pixels(states["active"].surface) == look(app, "active", "Deal the cards")
    app.manager.process_events(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=RECT.center, button=1))


def test_new_words_never_show_an_old_focus_look(app):
    btn = button(app)
    settle(app, btn)
    btn.select()
    step(app)
    btn.unselect()
    btn.set_text("Pass to Bob")
    settle(app, btn)
    assert not btn.drawable_shape.states["selected"].generated     # drawn again when shown
    btn.select()
    step(app)
    assert pixels(btn.image) == look(app, "selected", "Pass to Bob")


def test_a_new_size_never_shows_an_old_focus_look_and_the_look_on_screen_is_drawn_at_once(app):
    btn = button(app)
    settle(app, btn)
    btn.select()
    step(app)
    btn.unselect()
    btn.set_dimensions((300, 48))
    settle(app, btn)
    assert not btn.drawable_shape.states["selected"].generated
    btn.select()
    step(app)
    wider = pygame.Rect(RECT.topleft, (300, 48))
    assert pixels(btn.image) == look(app, "selected", "Deal the cards", wider)
    # focused while its size changes: the rebuild draws the focus look again at once
    btn.set_dimensions((320, 48))
    step(app, 30)
    assert btn.drawable_shape.active_state.state_id == "selected"
    assert pixels(btn.image) == look(app, "selected", "Deal the cards", pygame.Rect(RECT.topleft, (320, 48)))
    # the other lazy look, drawn before, is drawn again when shown
    assert not btn.drawable_shape.states["active"].generated


def test_work_done_ahead_draws_every_state_but_the_focus_and_pressed_looks():
    assert [s for s in ("normal", "hovered", "disabled", "selected", "active")
            if button_states.drawn_ahead(s)] == ["normal", "hovered", "disabled"]
