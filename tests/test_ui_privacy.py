"""Trust at the table: with several people at one screen, nobody's secret is drawn for
the wrong person — checked at every frame of mixed games (people and computers)."""

import random

import pytest
from ui_helpers import SecretWatch, make_app, play_mixed, step

from game.session import SeatConfig
from game.ui.opening import start_game

NAMES = ("Ann", "Ivo", "Cy", "Dot", "Ed", "Fay")


@pytest.fixture
def app(shadows_home, monkeypatch):
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    a = make_app()
    step(a, 2)
    yield a
    a.quit()


def starve(monkeypatch):
    """Every drawing under a frame's deadline (``draw.until``) runs out of time after one
    new thing, as on the slowest machine: pictures drawn ahead, a new screen's first frames
    and the curtain's work are all cut short and finished over many frames (a cut drawing
    once left a clip behind, and a person's table showed the last person's panel)."""
    from game.ui import draw

    monkeypatch.setattr(draw.until, "__enter__", lambda self: draw._until.__setitem__(slice(None), [-1.0, 0]))


def mixed_game(app, monkeypatch, game_id, players, seed, speed, options=None):
    if speed.endswith("-starved"):
        starve(monkeypatch)
        speed = speed.removesuffix("-starved")
    app.settings.animation_speed = speed
    # the computers' quick pace: the frames of a pause after a computer's move only repeat the
    # drawing before them, each one watched all the same
    app.settings.computer_pace = "quick"
    watch = SecretWatch(app, monkeypatch)
    seats = [SeatConfig(NAMES[i], "human" if i < 2 else "computer", "easy") for i in range(players)]
    start_game(app, game_id, seats, seed, options or {})
    table = app.top
    while not hasattr(table, "session"):
        table = app.scenes[app.scenes.index(table) - 1]
    watch.follow(table.session, monkeypatch)
    frames = play_mixed(app, table, random.Random(seed))
    return table, watch, frames


@pytest.mark.slow  # whole games through the UI: CI runs them, -m "not slow" skips them
@pytest.mark.parametrize("speed", ["off", "fast", "fast-starved"])
def test_mixed_chasing_game_never_draws_a_secret_for_the_wrong_person(app, monkeypatch, speed):
    table, watch, frames = mixed_game(app, monkeypatch, "chasing", 4, 7, speed)
    assert table.session.is_over(), f"the scripted game did not finish in {frames} frames"
    assert watch.frames > 150
    assert watch.findings == [], watch.summary()


# -m "not slow" keeps the game without animations, CI runs both
@pytest.mark.parametrize("speed", ["off", pytest.param("fast", marks=pytest.mark.slow),
                                   pytest.param("fast-starved", marks=pytest.mark.slow)])
def test_mixed_hunters_game_never_draws_a_secret_for_the_wrong_person(app, monkeypatch, speed):
    table, watch, frames = mixed_game(app, monkeypatch, "hunters", 5, 11, speed)
    assert table.session.is_over(), f"the scripted game did not finish in {frames} frames"
    assert watch.frames > 150
    assert watch.findings == [], watch.summary()


@pytest.mark.parametrize(("game_id", "players", "seed"), [("chasing", 4, 7), ("hunters", 5, 11)])
def test_the_watch_sees_a_secret_drawn_for_the_wrong_person(app, monkeypatch, game_id, players, seed):
    """The watch itself: a table that also writes Ann's first secret (a card of her hand, her
    character) on its every drawing is caught once the screen is not hers, and never
    reported while it is."""
    from game.ui import draw

    app.settings.animation_speed = "off"
    watch = SecretWatch(app, monkeypatch)
    seats = [SeatConfig(NAMES[i], "human" if i < 2 else "computer", "easy") for i in range(players)]
    start_game(app, game_id, seats, seed, {})
    table = app.top
    while not hasattr(table, "session"):
        table = app.scenes[app.scenes.index(table) - 1]
    watch.follow(table.session, monkeypatch)
    real_draw = type(table).draw

    def leaky_draw(self, surface):
        real_draw(self, surface)
        token = next(t for o, t in self.session.match.state.secret_tokens() if o == 0)
        draw.text(token if isinstance(token, str) else f"{token[1]} {token[2]}", 14)

    monkeypatch.setattr(type(table), "draw", leaky_draw)
    rng = random.Random(seed)
    for _ in range(40):
        play_mixed(app, table, rng, frames=25)
        if watch.findings:
            break
    assert watch.findings, f"a secret drawn on every frame went unseen in {watch.frames} frames"
    # seen while the screen was nobody's or the other person's, never while it was Ann's
    assert all(f[2] != 0 and f[3] == 0 and f[5].startswith("text: ") for f in watch.findings)
