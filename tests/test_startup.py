"""Start-up: what the menu's first frame leaves for later still happens, and soon."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_helpers import find, make_app, step

HIDDEN_STATES = ("hovered", "selected", "active")


@pytest.fixture
def app():
    a = make_app()
    yield a
    a.quit()


def menu_buttons(app) -> list:
    return [el for el in app.top.root.elements if getattr(el, "drawable_shape", None)]


def test_the_first_frame_draws_only_the_states_on_screen(app):
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
        assert all(states[s].generated for s in HIDDEN_STATES), button.get_object_ids()


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

