"""Issue 44: Hunters with 4-5 and 7-8 players at the label-fit sizes (150 % at 1280x720, 200 % at
1920x1080), laid out by the real app with its real top bar: the Areas lie clear of the
boards and the damage track, their names whole, and the pieces standing on them clear of
their names (before, on the slim strips the pieces covered the names and the strips' feet
lay under the track)."""

from __future__ import annotations

import itertools

import pygame
import pytest
from test_a11y_text_size import IDS, LARGE, large_app
from ui_helpers import step

from game.i18n import _
from game.ui import style

pytestmark = pytest.mark.animation_speed("off")


def _hunters_table(app, players: int):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human")] + [
        SeatConfig(x, "computer", "easy") for x in ("Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")[:players - 1]]
    table = start_game(app, "hunters", seats, 21, {})
    for _i in range(40):
        step(app, 3)
        if app.top is not table and hasattr(app.top, "done"):
            app.top.done()
        if app.top is table and table.lay is not None:
            break
    return table


@pytest.mark.parametrize("players", [4, 5, 7, 8])
@pytest.mark.parametrize(("size", "text"), LARGE, ids=IDS)
def test_hunters_areas_names_and_pieces_stay_apart(shadows_home, size, text, players):
    from game.ui.hunters import look

    app = large_app(size, text)
    app.settings.animation_speed = "off"
    table = _hunters_table(app, players)
    step(app, 5)
    lay, m = table.lay, table.metrics
    parts = {f"area {i}": r for i, r in enumerate(lay.areas)}
    parts.update({f"board {i}": r for i, r in enumerate(lay.boards)})
    parts.update(track=lay.track, tray=lay.tray, choices=lay.choices)
    for (a, ra), (b, rb) in itertools.combinations(parts.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
    d = m.px(24)
    for name, rect in zip(table.view()["board"], lay.areas):
        slim = look.area_is_slim(rect.h, d, rect.w)
        band = look.area_band(rect.w, rect.h, slim).move(rect.topleft)
        # every player on one Area: the most crowded it can be
        spots = look.area_piece_spots(rect, players, d, m.px(4))
        for spot in spots:
            assert rect.contains(spot), (name, spot, rect)
            assert spot.w >= m.px(14), f"pieces too small to read on {name}: {spot.w}px"
            if slim:
                assert not spot.colliderect(band), (name, spot, band)
        if slim:        # the name beside the roll numbers, whole (not cut with "…")
            assert look.area_slim_title(name, rect.w, rect.h)[0] == _(name)
        else:           # the pieces stand under the name (at 200 % with 4-5 players they
            # covered it: the strip was 2 pieces high, too low for band, name and pieces)
            from game.ui import draw

            title_h = draw.font(look.area_title_size(rect.w, rect.h), True).get_height()
            for spot in spots:
                assert spot.top >= band.bottom + title_h, (name, spot, band, title_h)
    assert style.TEXT_SCALE == text / 100
    pygame.event.pump()


@pytest.mark.parametrize(("size", "text"), LARGE, ids=IDS)
def test_the_hunters_reviews_hidden_tags_cover_no_words(shadows_home, size, text):
    """In the review every character is shown; a "hidden" tag says whose was still secret.
    With 8 players in large text it sat over "Damage n/hp": now after the character's line
    or the name, inside the board, over none of its words."""
    from test_a11y_focus import press, tab_to

    from game.review.sample import play_record
    from game.storage import history

    history.save_history([play_record("hunters", 8, 5)])
    app = large_app(size, text)
    app.settings.animation_speed = "off"
    press(app, pygame.K_h, unicode="h")
    tab_to(app, "#history_0")
    press(app, pygame.K_RETURN, frames=3)
    review = app.top
    step(app, 10)
    secret = [i for i, p in enumerate(review.view()["players"]) if p.get("secret")]
    assert secret, "the sample game's first steps have hidden characters"
    for seat in secret:
        tag = review.hidden_tags[seat]
        board = review.lay.boards[seat]
        assert board.contains(tag), (seat, tag, board)
        named, line, dmg, _right = review.board_words[seat]
        for words in (named, line, dmg):
            assert not tag.colliderect(words), (seat, tag, words)
