"""Issue 44: a tutorial by the keyboard alone. From the menu (Tab to "Learn to play",
Enter), every explanation goes on with Enter, every card the coach asks for is played by
its number key, each round's end goes on with Enter, to the results. Posted keys only."""

from __future__ import annotations

import pygame
import pytest
from test_a11y_focus import press, tab_to
from tutorial_play import QUICK, pace_on_frames
from ui_helpers import step

from game.tutorial.session import TutorialSession

pytestmark = pytest.mark.animation_speed("off")


@pytest.fixture(autouse=True)
def paced_by_frames(monkeypatch):
    pace_on_frames(monkeypatch, QUICK)


def digit(n: int) -> int:
    return getattr(pygame, f"K_{n}")


def test_the_chasing_tutorial_by_keys_alone(app):
    from game.ui.chasing.overlays import ChasingResultsScene

    tab_to(app, "#learn")
    press(app, pygame.K_RETURN, frames=3)
    tab_to(app, "#learn_chasing")
    press(app, pygame.K_RETURN, frames=3)
    table = app.top
    session = table.session
    assert isinstance(session, TutorialSession) and app.coach is not None
    played = said = 0
    for _ in range(40_000):
        coach = app.coach
        s = session.step
        if s is None or coach.is_last() and coach.can_go_on():
            break
        if s.kind == "say" and coach.can_go_on():
            press(app, pygame.K_RETURN)
            said += 1
        elif s.kind == "do" and app.top is table and table.acting_seat() is not None \
                and session.settled() and table.still() and table.key_actions:
            n = table.key_actions.index(s.action)
            assert n < 9, "the asked card has no number key"
            before = len(session.match.log)
            press(app, digit(n + 1))
            press(app, digit(n + 1), frames=3)     # the same number again plays it
            assert len(session.match.log) > before, (s, table.status, coach.refusal)
            played += 1
        elif s.kind == "go" and app.top is not table:
            press(app, pygame.K_RETURN, frames=3)  # a round's end: its button by Enter
        elif table.round_end_hold is not None and app.top is table:
            press(app, pygame.K_RETURN)
        else:
            step(app)
    else:
        pytest.fail(f"the tutorial stalled at row {session.index}: {session.step}")
    assert played >= 5 and said >= 5
    assert isinstance(app.top, ChasingResultsScene) and session.is_over()
