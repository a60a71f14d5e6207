"""Issue 44: the review honours the settings. At the label-fit sizes (150 % at 1280x720,
200 % at 1920x1080) a review of each game holds its buttons' words, and it is read by
the keyboard alone (Tab to its controls, the slider by the arrows)."""

from __future__ import annotations

import pygame
import pytest
from test_a11y_focus import press, tab_to
from test_a11y_text_size import IDS, LARGE, clipped_buttons, large_app
from ui_helpers import step

pytestmark = pytest.mark.animation_speed("off")


@pytest.mark.parametrize("game,players", [("chasing", 4), ("harsh", 1), ("hunters", 5)])
@pytest.mark.parametrize(("size", "text"), LARGE, ids=IDS)
def test_a_review_in_large_text_holds_its_words_and_goes_by_keys(shadows_home, size, text,
                                                                  game, players):
    from game.review.sample import play_record
    from game.storage import history

    history.save_history([play_record(game, players, 5)])
    app = large_app(size, text)
    app.settings.animation_speed = "off"
    try:
        press(app, pygame.K_h, unicode="h")            # the menu's History key
        assert type(app.top).__name__ == "HistoryScene"
        assert clipped_buttons(app) == []
        tab_to(app, "#history_0")
        press(app, pygame.K_RETURN, frames=3)
        review = app.top
        assert getattr(review, "is_review", False)
        step(app, 10)
        assert clipped_buttons(app) == []
        tab_to(app, "#review_slider")
        start = review.position
        press(app, pygame.K_RIGHT, frames=3)
        assert review.position == start + 1
        step(app, 10)
        assert clipped_buttons(app) == []
    finally:
        app.quit()
