"""The Chasing Shadows table's kept picture (``ChasingPainter.still_key``): while nothing
moves, the app shows the picture of the table it kept instead of drawing the whole table
again (5-6 ms a frame). A kept picture that missed a change would show the game wrong (a
card still in a hand, an old score, the last person's hand after a hand-off), so every
frame of played pass-and-play games that shows the kept picture is compared, pixel for
pixel, with the table drawn fresh beside it."""

import random

import pygame
import pytest
from ui_helpers import play_mixed

from game.app import App
from game.session import SeatConfig
from game.ui.chasing.table import ChasingTable
from game.ui.opening import start_game

pytestmark = pytest.mark.animation_speed("normal")   # cards fly, tricks are swept


def pixels(surface):
    return pygame.image.tobytes(surface, "RGB")


class Watch:
    """Wraps ``App._draw``: a frame that showed the kept picture of the Chasing table is
    checked against the table drawn fresh."""

    def __init__(self, monkeypatch):
        self.kept = 0           # frames that showed the kept picture
        self.drawn = 0          # frames that drew the table
        self.moved = 0          # kept frames whose key changed before the check could draw
        self.stale: list = []
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
            if not isinstance(table, ChasingTable):
                return
            if scenes_drawn[0] != before:
                watch.drawn += 1
                return
            if app._still is None or table.still_key() != app._still[1]:
                # the game moved on since this frame's key was taken: a computer's search
                # ended on its thread in between (s.computer_thinking() is in the key), and
                # the next frame draws afresh; the kept picture was the one of its key
                watch.moved += 1
                return
            watch.kept += 1
            fresh = pygame.Surface(app.screen.get_size(), 0, app.screen)
            table.draw(fresh)
            if not watch.same_picture(fresh, app._still_pic, scenes_drawn[0]):
                watch.stale.append((len(table.session.match.log), table.viewer))

        monkeypatch.setattr(App, "_draw", checking)
        monkeypatch.setattr(App, "_draw_scenes", draw_scenes)
        self._kept: tuple = (None, None)     # ((kept picture, scenes drawn), its raw bytes)

    def same_picture(self, fresh, kept, scenes_drawn: int) -> bool:
        """The fresh drawing has the kept picture's pixels. Their memory is compared first
        (the same format: both are made like the screen), with the kept picture's bytes
        taken once per frame that drew the scenes (App._draw writes into it only then, or
        makes a new one): a kept frame's check costs one copy, not two conversions to RGB
        (as test_ui_hunters_layer does). Equal memory is an equal picture; unequal memory
        is judged on RGB, so a byte no pixel shows (X of XRGB) never fails it."""
        drawn = (kept, scenes_drawn)
        if self._kept[0] != drawn:
            self._kept = (drawn, kept.get_buffer().raw)
        return fresh.get_buffer().raw == self._kept[1] or pixels(fresh) == pixels(kept)


# The whole run plays 3000 frames (a game's first tricks, 8.5 s of CPU); the quick subset
# plays another deal's first 900 (2.3 s): two tricks and two cards here (12 log entries with
# the start and the deal), hand-offs to both people; its floor asks for one whole trick, as
# a computer's thinking on a busy machine can take a few more frames (tests/quick_subset.py).
@pytest.mark.parametrize("seed, frames, moves", [(5, 3000, 25), (6, 900, 6)])
def test_the_kept_picture_of_the_chasing_table_is_the_table_drawn_fresh(app, monkeypatch, seed,
                                                                          frames, moves):
    watch = Watch(monkeypatch)
    seats = [SeatConfig(f"P{i + 1}", "human" if i < 2 else "computer", "easy") for i in range(4)]
    table = start_game(app, "chasing", seats, seed, {})
    handed = []
    real_hand = table.session.handed_to
    monkeypatch.setattr(table.session, "handed_to",
                        lambda seat: (handed.append(seat), real_hand(seat))[1])
    play_mixed(app, table, random.Random(seed), frames=frames)
    assert len(table.session.match.log) > moves    # cards were played, tricks taken
    assert {0, 1} <= set(handed)                   # the screen went to each person
    assert not watch.stale, watch.stale[:5]
    assert watch.kept > watch.drawn // 4            # the kept picture is used, not only built
