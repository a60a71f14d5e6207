"""Issue 44: calm motion. With "reduce motion" cards and pieces are placed (a fade at most)
instead of flying, dice show their result at once, and at every setting nothing on screen
flashes more than three times a second.

Counted in frames, not seconds: the app is stepped 60 frames to a second of animation
time (ui_helpers.DT), every frame drawn and cut into cells of 160x120 px (at 1280x720; a
cell is about a quarter of WCAG's 341x256 "small safe area"), and a flash is a pair of
opposing changes of 10 % or more of relative luminance in a cell's mean colour, the
darker side under 0.80 (WCAG 2's general flash rule). Any 60 frames may hold three.
"""

from __future__ import annotations

import pygame
import pytest
from a11y_colour import luminance
from ui_helpers import DT, make_app, step

from game.session import SeatConfig
from game.ui import palette
from game.ui.chasing.anim import Flight
from game.ui.opening import start_game

CELL = (160, 120)
WINDOW = 60           # frames: one second of animation time
MOST = 3              # flashes in any WINDOW frames


@pytest.fixture(autouse=True)
def full_motion_after():
    yield
    palette.set_reduced_motion(False)


def cell_lums(surface: pygame.Surface) -> list[float]:
    """Each whole cell's relative luminance, row by row. The window is shrunk to one pixel a
    cell (smoothscale shrinks by averaging whole areas: each pixel is its cell's mean
    colour, within 2 of 255 of average_color's, which took 37 us a cell and 2 ms a frame)."""
    w, h = surface.get_size()
    cols, rows = w // CELL[0], h // CELL[1]
    if (cols * CELL[0], rows * CELL[1]) != (w, h):
        surface = surface.subsurface((0, 0, cols * CELL[0], rows * CELL[1]))
    small = pygame.transform.smoothscale(surface, (cols, rows))
    return [luminance(small.get_at((x, y))[:3]) for y in range(rows) for x in range(cols)]


def flips(series: list[float]) -> list[int]:
    """Frames at which a cell's luminance turned (a change of >= 0.1 against the last
    turning point, in the other direction than the change before)."""
    out, anchor, direction = [], series[0], 0
    for i, value in enumerate(series[1:], 1):
        change = value - anchor
        if abs(change) >= 0.1 and min(value, anchor) < 0.8:
            d = 1 if change > 0 else -1
            if d != direction:
                out.append(i)
                direction = d
            anchor = value
        elif direction and (value - anchor) * direction > 0:
            anchor = value          # still going the same way: follow the extreme
    return out


def most_flashes(frames: list[list[float]]) -> tuple[int, int]:
    """(the most flashes any cell shows in any WINDOW frames, that cell)."""
    worst = (0, -1)
    for c in range(len(frames[0])):
        turns = flips([f[c] for f in frames])
        for i, start in enumerate(turns):
            inside = sum(1 for t in turns[i:] if t < start + WINDOW)
            worst = max(worst, (inside // 2, c))
    return worst


def test_a_cells_luminance_is_its_mean_colours():
    import random

    rng = random.Random(4)
    surface = pygame.Surface((1280, 720))
    for _ in range(300):
        pygame.draw.rect(surface, [rng.randrange(256) for _ in range(3)],
                         (rng.randrange(1280), rng.randrange(720), rng.randrange(300), rng.randrange(300)))
    mean = [luminance(pygame.transform.average_color(surface, pygame.Rect(x, y, *CELL))[:3])
            for y in range(0, 720, CELL[1]) for x in range(0, 1280, CELL[0])]
    lums = cell_lums(surface)
    assert len(lums) == len(mean) == 48
    assert max(abs(a - b) for a, b in zip(lums, mean)) < 0.01     # a flash is a change of 0.1


def test_the_flip_counter_sees_a_strobe_and_not_a_fade():
    strobe = [[0.05 if (i // 5) % 2 else 0.9] for i in range(120)]     # 6 flashes a second
    assert most_flashes(strobe)[0] >= 5
    fade = [[0.05 + 0.85 * i / 119] for i in range(120)]
    assert most_flashes(fade)[0] == 0
    three = [[0.9 if i % 20 < 10 else 0.05] for i in range(60)]        # 3 a second: allowed
    assert most_flashes(three)[0] <= MOST


def record(app, table, frames: int, act=None) -> list[list[float]]:
    # Every frame drawn, once: the app is never idle here (an idle app draws every 6th).
    app.idle = lambda: False
    out = []
    for _ in range(frames):
        if act is not None:
            act()
        step(app)
        out.append(cell_lums(app.screen))
    return out


def hunters_table(app):
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy")
                                            for n in ("Bo", "Cy", "Di", "Ed")]
    return start_game(app, "hunters", seats, 5, {})


def chasing_table(app):
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy")
                                            for n in ("Bo", "Cy", "Di")]
    return start_game(app, "chasing", seats, 21, {"start": "1"})


@pytest.mark.parametrize("calm", [False, True], ids=["full-motion", "reduced-motion"])
@pytest.mark.parametrize("game", ["chasing", "hunters", "harsh"])
def test_nothing_flashes_more_than_three_times_a_second(shadows_home, game, calm):
    app = make_app(size=(1280, 720))
    app.settings.animation_speed = "normal"
    app.settings.reduce_motion = calm
    palette.apply_settings(app.settings)
    try:
        step(app, 2)
        if game == "harsh":
            from harsh_ui_driver import perform

            from game.ai.harsh_hint import make_bot

            table = start_game(app, "harsh", [SeatConfig("Ann", "human")], 3,
                               {"difficulty": "standard"})
            bot = make_bot("easy", 0, seed=3)

            def act():
                if (app.top is table and not table.timeline.running
                        and table.acting_seat() == 0 and not table.session.is_over()):
                    perform(app, table, bot.choose(table.view(), table.actions()))
        else:
            table = chasing_table(app) if game == "chasing" else hunters_table(app)

            def act():
                if app.top is not table and hasattr(app.top, "done"):
                    app.top.done()          # Hunters: the character card is read
        frames = record(app, table, 600, act)
        moved = sum(1 for a, b in zip(frames, frames[1:]) if a != b)
        assert moved > 10, "the table hardly moved: nothing was tested"
        flashes, cell = most_flashes(frames)
        assert flashes <= MOST, (game, cell, flashes)
    finally:
        app.quit()


def test_a_flight_is_a_fade_in_place_with_reduced_motion():
    face = pygame.Surface((20, 28), pygame.SRCALPHA)
    face.fill((200, 200, 200, 255))
    start, end = pygame.Rect(0, 0, 20, 28), pygame.Rect(300, 200, 40, 56)
    flight = Flight(face, start, end)
    palette.set_reduced_motion(False)
    assert flight.at(0.3)[1] not in (start, end)       # on its way
    palette.set_reduced_motion(True)
    for t in (0.0, 0.1, 0.3, 0.6, 1.0):
        surf, rect = flight.at(t)
        assert rect == end                              # never anywhere else
    assert flight.at(0.1)[0].get_alpha() < flight.at(0.4)[0].get_alpha()
    assert palette.travel(0.0) == 0.0 and palette.travel(0.01) == 1.0


def test_reduced_motion_places_the_cards_of_a_trick(shadows_home):
    """At a Chasing table with reduced motion every card of a trick's beats is drawn at
    its place in each frame (no rect between start and end)."""
    app = make_app(size=(1280, 720))
    app.settings.animation_speed = "normal"
    app.settings.reduce_motion = True
    palette.apply_settings(app.settings)
    try:
        table = chasing_table(app)
        seen = 0
        for _ in range(900):
            step(app)
            beat, t = table.motion.current()
            for flight in (beat.flights if beat else ()):
                assert flight.at(t)[1] == flight.end
                seen += 1
            if seen > 20:
                break
        assert seen > 20, "no trick was swept while watched"
    finally:
        app.quit()


def test_reduce_motion_is_a_setting_kept_across_restarts(shadows_home):
    from ui_helpers import click

    app = make_app(size=(1024, 640))
    try:
        step(app, 2)
        from game.ui import navigation

        navigation.push(app, "access")
        step(app, 2)
        click(app, "#reduce_motion_true")
        assert palette.reduced_motion() and app.settings.reduce_motion is True
    finally:
        app.quit()
    palette.set_reduced_motion(False)
    again = make_app(size=(1024, 640))
    try:
        assert again.settings.reduce_motion is True and palette.reduced_motion()
    finally:
        again.quit()


def test_dt_is_a_sixtieth():
    assert DT == pytest.approx(1 / 60)   # the frame count above is a count of 60ths
