"""The Shadow Hunters table's kept picture (``StillLayer.still_key``): while nothing moves,
the app shows the picture of the table it kept instead of drawing it again (the layer,
the top bar, the choice header and the log). A kept picture that missed a change would
show the game wrong (an old prompt, a log line missing, the last person's panel after a
hand-off), so every frame of played pass-and-play games that shows the kept picture is
compared, pixel for pixel, with the table drawn fresh beside it."""

import random

import pygame
import pytest
from ui_helpers import post_key, step

from game.app import App
from game.session import SeatConfig
from game.ui.hunters.table import HuntersTable
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("normal")   # pieces walk, dice roll, hits float


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


_KEPT: list = [None, b""]     # (the kept picture, the drawings of scenes so far), its bytes


def same_picture(fresh, kept, drawings: int) -> bool:
    """Equal memory is an equal picture (both made like the screen), with the kept picture's
    bytes taken once per drawing of the scenes (App._draw writes into it only then); unequal
    memory is judged on RGB, so a byte no pixel shows (X of XRGB) never fails it."""
    if _KEPT[0] != (kept, drawings):
        _KEPT[:] = [(kept, drawings), kept.get_buffer().raw]
    return fresh.get_buffer().raw == _KEPT[1] or pixels(fresh) == pixels(kept)


class Watch:
    """Wraps ``App._draw``: a frame that showed the kept picture of the Hunters table is
    checked against the table drawn fresh."""

    def __init__(self, monkeypatch):
        self.kept = 0           # frames that showed the kept picture
        self.drawn = 0          # frames that drew the table
        self.moved = 0          # kept frames whose key changed before the check could draw
        self.stale: list = []
        self.viewers: set = set()   # who the kept frames showed the table to
        real_draw, real_scenes = App._draw, App._draw_scenes
        watch = self
        scenes_drawn = [0]

        def draw_scenes(app, surface):
            scenes_drawn[0] += 1
            real_scenes(app, surface)

        def checking(app):
            before = scenes_drawn[0]
            real_draw(app)
            table = app.top
            if not isinstance(table, HuntersTable):
                return
            if scenes_drawn[0] != before:
                watch.drawn += 1
                return
            if app._still is None or table.still_key() != app._still[1]:
                watch.moved += 1      # a computer's search ended on its thread meanwhile
                return
            watch.kept += 1
            watch.viewers.add(table.viewer)
            fresh = pygame.Surface(app.screen.get_size(), 0, app.screen)
            table.draw(fresh)
            if table.still_key() != app._still[1]:
                watch.moved += 1      # ... or while the fresh drawing was made
                return
            if not same_picture(fresh, app._still_pic, scenes_drawn[0]):
                watch.stale.append((len(table.session.match.log), table.viewer))

        monkeypatch.setattr(App, "_draw", checking)
        monkeypatch.setattr(App, "_draw_scenes", draw_scenes)


def play_thinking(app, table, rng, frames: int) -> None:
    """A game as people at the screen play it: each hand-off answered, each person's
    decision made after a pause to think (``THINK`` frames, when the table is still), by a
    number key and Enter; the computers play on their own."""
    from game.ui.scene import DIGIT_KEYS

    digits = sorted(DIGIT_KEYS, key=DIGIT_KEYS.get)[:9]
    thought = 0
    for _ in range(frames):
        if table.session.is_over():
            return
        if app.top is not table:
            if hasattr(app.top, "done"):
                app.top.done()          # a character card, read
            else:
                post_key(pygame.K_RETURN)       # a hand-off, a notice
        elif table.acting_seat() is not None and table.still():
            thought += 1
            if thought >= THINK:
                thought = 0
                n = len(getattr(table, "key_actions", None) or table.choices)
                if n:
                    post_key(digits[rng.randrange(min(9, n))])
                    post_key(pygame.K_RETURN)
        step(app)


THINK = 12


# The whole run plays a four-seat game's first 2000 frames (two people, two computers, a
# hand-off before each person's turn: 5.5 s of CPU); the quick subset plays another deal's
# first 900 (2.2 s), to the first person's turn (tests/quick_subset.py).
@pytest.mark.parametrize("seed, frames, moves, people", [
    pytest.param(5, 2000, 8, {0, 1}, id="5-2000"), pytest.param(6, 900, 4, {0}, id="6-900")])
def test_the_kept_picture_of_the_hunters_table_is_the_table_drawn_fresh(app, monkeypatch, seed, frames,
                                                                         moves, people):
    watch = Watch(monkeypatch)
    seats = [SeatConfig(f"P{i + 1}", "human" if i < 2 else "computer", "easy") for i in range(4)]
    table = start_game(app, "hunters", seats, seed, {})
    play_thinking(app, table, random.Random(seed), frames)
    assert len(table.session.match.log) > moves
    assert not watch.stale, watch.stale[:5]
    assert watch.kept > frames // 20                # the kept picture is used, not only built
    assert people <= watch.viewers                  # at a person's turn, her own table


def test_the_kept_picture_is_left_when_the_pointer_moves_or_something_moves(app):
    table = start_game(app, "hunters", [SeatConfig("Ann", "human")] +
                       [SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")], 5, {})
    for _ in range(3000):
        if app.top is table and table.session.decider() == 0 and app._still is not None \
                and app._still[0] is table:
            break
        if app.top is not table:
            if hasattr(app.top, "done"):
                app.top.done()
            else:
                post_key(pygame.K_RETURN)
        step(app)
    key = table.still_key()
    assert key is not None and app._still == (table, key)     # Ann's turn, the picture kept
    pygame.mouse.set_pos((7, 7))
    assert table.still_key() != key                  # what the pointer is over may glow
    from game.ui.hunters.anim import Effect

    table.effects.add(Effect("hit", 1.0, seat=1, data={"amount": 2, "text": "-2"}))
    assert table.still_key() is None                 # a hit floats up: drawn every frame
