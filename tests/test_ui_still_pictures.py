"""Issue 37, frames: pictures kept while what they show stays the same. A kept picture that
is not made again when what it shows changes would show a stale screen, so each test
changes what is shown and checks that the picture follows, pixel for pixel."""

import pygame
import pytest
from ui_helpers import make_app, post_key, step

from game import i18n
from game.session import SeatConfig
from game.ui.opening import start_game
from game.ui.scenes.results import ResultsScene


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def app(shadows_home, monkeypatch):
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    a = make_app()
    a.settings.animation_speed = "fast"
    step(a, 2)
    yield a
    i18n.set_language("en")
    a.quit()


def harsh_results(app):
    """A Harsh Shadows game played by a computer to its results screen: its last 12 moves
    on the screen, the ones before without it (these tests are about the results; the
    whole game through the screen cost some 4 s of CPU a test)."""
    from test_ui_ahead import near_the_end

    table, tick = near_the_end(app, "harsh", [SeatConfig("Ann", "computer", "easy")], 5,
                               {"difficulty": "standard"})
    for _ in range(60000):
        if isinstance(app.top, ResultsScene):
            break
        if app.top is not table:
            post_key(pygame.K_RETURN)
        tick()
    assert isinstance(app.top, ResultsScene)
    return table, app.top


def frames(app, n=1):
    for _ in range(n):
        app.touch()        # drawn every frame, as while someone moves the mouse
        step(app)


def drawn_afresh(app) -> bytes:
    """The screen as every scene draws it now, nothing kept."""
    app._still = None
    frames(app)
    return pixels(app.screen)


def test_results_keep_their_picture_and_draw_it_again_when_it_changes(app, monkeypatch):
    table, results = harsh_results(app)
    frames(app, 3)
    assert app._still is not None and app._still[0] is results
    calls = []
    real = type(table).draw
    monkeypatch.setattr(type(table), "draw", lambda self, surface: calls.append(1) or real(self, surface))
    kept = pixels(app.screen)
    frames(app, 5)
    assert calls == []                       # the table under the results was not drawn again
    assert pixels(app.screen) == kept
    assert drawn_afresh(app) == kept         # and the kept picture is what a full draw shows

    # the panel scrolled: the picture follows
    results.panel.offset = 0
    results.panel.scroll(10**6)
    assert results.panel.offset > 0, "the panel has something to scroll"
    calls.clear()
    frames(app)
    assert calls, "a scrolled panel is drawn again"
    scrolled = pixels(app.screen)
    assert scrolled != kept and drawn_afresh(app) == scrolled

    # another language: every word on it changes
    calls.clear()
    i18n.set_language("de")
    frames(app)
    assert calls
    german = pixels(app.screen)
    assert german != scrolled and drawn_afresh(app) == german


def test_results_are_drawn_every_frame_while_the_table_under_them_moves(app, monkeypatch):
    table, results = harsh_results(app)
    frames(app, 2)
    monkeypatch.setattr(type(table), "animating", lambda self: True)
    calls = []
    real = type(table).draw
    monkeypatch.setattr(type(table), "draw", lambda self, surface: calls.append(1) or real(self, surface))
    frames(app, 3)
    assert len(calls) == 3 and app._still is None


def test_a_new_window_size_draws_the_results_again(app):
    from ui_helpers import resize

    table, results = harsh_results(app)
    frames(app, 2)
    resize(app, 1024, 640)
    frames(app, 2)
    assert app.screen.get_size() == (1024, 640)
    small = pixels(app.screen)
    assert drawn_afresh(app) == small


def test_harsh_board_picture_is_drawn_again_into_the_same_surface_when_the_board_changes(app, monkeypatch):
    """The board's kept picture (felt, Locations, glows) is drawn again in place after a
    move, not made anew (a new window-sized surface cost 3-10 ms): the same surface, now
    showing the new glows, pixel for pixel as the board drawn piece by piece."""
    app.settings.animation_speed = "normal"
    table = start_game(app, "harsh", [SeatConfig("Ann", "human")], 5, {"difficulty": "standard"})
    for _ in range(600):
        step(app)
        if not table.timeline.running and table.acting_seat() is not None:
            break
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)
    monkeypatch.setattr(type(table), "frame_room", lambda self, budget=0: 1.0)
    frames(app, 2)
    base, key = table._base, table._base_key
    assert base is not None
    table.click_cell(next(iter(table.grid_moves())))
    for _ in range(600):
        frames(app)
        if not table.timeline.running and table._base_key != key:
            break
    assert table._base is base and table._base_key != key     # drawn again, in place
    table.draw(app.screen)
    kept = pixels(app.screen)
    table._base = None
    monkeypatch.setattr(type(table), "frame_room", lambda self, budget=0: -1.0)
    table.draw(app.screen)                                     # piece by piece
    assert table._base is None and pixels(app.screen) == kept


def test_the_danger_check_played_a_choice_at_a_time_finds_what_whole_worlds_find():
    """The Harsh danger check is played one choice of one world at a time (a whole world
    with many risky choices cost up to 8 ms of a frame): the same worlds, the same order,
    the same answer as whole worlds and as all at once."""
    from test_ui_harsh_table_aids import match_at_move

    from game.ui.harsh import dangers

    for seed in (3, 4):
        m = match_at_move(seed)
        view, actions = m.state.view(0), m.state.legal_actions(0)
        whole = dangers.Assessment(view, actions, seed=7)
        while not whole.step():
            pass
        pieces = dangers.Assessment(view, actions, seed=7)
        played = 0
        while not pieces.piece():
            played += 1
        assert pieces.risky and played + 1 == dangers.WORLDS * len(pieces.risky)
        at_once = dangers.Assessment(view, actions, seed=7).result()
        assert (pieces.lost, pieces.why, pieces.sampled) == (whole.lost, whole.why, whole.sampled)
        assert pieces.result() == whole.result() == at_once
