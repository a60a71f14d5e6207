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


def test_the_harsh_review_shows_every_secret_in_large_text(shadows_home):
    """At 200 % 1920x1080 the place under the status holds only the secrets' title: S (or
    its button) lays every secret over the board, whole, beside the moved controls."""
    from game.review.sample import play_record
    from game.storage import history

    history.save_history([play_record("harsh", 1, 5)])
    app = large_app((1920, 1080), 200)
    app.settings.animation_speed = "off"
    press(app, pygame.K_h, unicode="h")
    tab_to(app, "#history_0")
    press(app, pygame.K_RETURN, frames=3)
    review = app.top
    step(app, 5)
    toggle = review.secrets_toggle
    assert toggle is not None and toggle.visible and "(S)" in toggle.text
    press(app, pygame.K_s, unicode="s", frames=3)
    assert review.secrets_open
    window = pygame.Rect(0, 0, 1920, 1080)
    length = review.replay.length
    for pos in sorted({review.position, length // 3, 2 * length // 3, length}):
        review.go(pos)
        step(app, 2)
        assert review.secrets_fit, f"a secret cut at step {pos}"
        columns = review.secrets_over_board()
        for i, col in enumerate(columns):
            assert window.contains(col)
            for other in (review.controls_rect, review.secrets_toggle.rect, review.rlog.rect,
                          *columns[i + 1:]):
                assert not col.colliderect(other), (col, other)
    assert clipped_buttons(app) == []
    press(app, pygame.K_s, unicode="s", frames=3)
    assert not review.secrets_open and "(S)" in review.secrets_toggle.text
