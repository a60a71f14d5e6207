"""The Chasing Shadows table's kept picture (``ChasingPainter.still_key``): while nothing
moves, the app shows the picture of the table it kept instead of drawing the whole table
again (5-6 ms a frame). A kept picture that missed a change would show the game wrong (a
card still in a hand, an old score, the last person's hand after a hand-off), so every
frame of played pass-and-play games that shows the kept picture is compared, pixel for
pixel, with the table drawn fresh beside it. The hand-off between the two people keeps its
picture too (``HandoffScene.still_key``: its summary, the last trick) and is checked alike.

While cards fly the table is drawn every frame over its still layer
(``ChasingPainter.blit_still``: the backdrop, the seats' plates, the scores and the memory
aid): each frame that used the layer as kept is compared with those parts drawn fresh."""

import random

import pygame
import pytest
from pictures import Canvas, KeptPicture, LayerCheck
from ui_helpers import play_mixed

from game.app import App
from game.session import SeatConfig
from game.ui.chasing.paint import ChasingPainter
from game.ui.chasing.table import ChasingTable
from game.ui.opening import start_game
from game.ui.scenes.handoff import HandoffScene

pytestmark = pytest.mark.animation_speed("normal")   # cards fly, tricks are swept


class Watch:
    """Wraps ``App._draw``: a frame that showed the kept picture of the Chasing table is
    checked against the table drawn fresh."""

    def __init__(self, monkeypatch):
        self.kept = 0           # frames that showed the kept picture
        self.kept_handoff = 0   # of them, frames of a hand-off
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
            if not isinstance(table, (ChasingTable, HandoffScene)):
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
            watch.kept_handoff += isinstance(table, HandoffScene)
            fresh = watch.canvas.get(app.screen.get_size(), app.screen, clear=True)
            table.draw(fresh)
            if table.still_key() != app._still[1]:
                # ... or while the fresh drawing was made (the search ended in between):
                # that drawing is of the next key, not of the kept picture's
                watch.moved += 1
                return
            # App._draw writes into the kept picture only in a frame that draws the scenes
            if not watch.kept_picture.same(fresh, app._still_pic, (app._still_pic, scenes_drawn[0])):
                game = table.table if isinstance(table, HandoffScene) else table
                watch.stale.append((type(table).__name__, len(game.session.match.log)))

        monkeypatch.setattr(App, "_draw", checking)
        monkeypatch.setattr(App, "_draw_scenes", draw_scenes)
        self.kept_picture = KeptPicture()
        self.canvas = Canvas()      # the table drawn fresh, on a surface as new (black)


class LayerWatch(LayerCheck):
    """After each use of the kept layer, the backdrop and still parts drawn fresh beside it
    must be the same picture; ``moving``: the uses while cards flew (a beat was animating)."""

    def __init__(self, monkeypatch):
        self.moving = 0
        super().__init__(monkeypatch, ChasingPainter, self.fresh)

    def fresh(self, table, canvas, shown, view, hide) -> None:
        self.moving += table.motion.current()[0] is not None
        canvas.blit(table._backdrop(canvas.get_size()), (0, 0))
        table.draw_still(canvas, shown, view, hide)


# The whole run plays 2400 frames at the computers' quick pace (a game's first tricks, 7 s of
# CPU); the quick subset plays another deal's first 900 (2.3 s): two tricks and two cards
# here (12 log entries with the start and the deal), hand-offs to both people; its floor asks
# for one whole trick, as a computer's thinking on a busy machine can take a few more frames
# (tests/quick_subset.py).
@pytest.mark.parametrize("seed, frames, moves", [(5, 2400, 25), (6, 900, 6)])
def test_the_kept_picture_of_the_chasing_table_is_the_table_drawn_fresh(app, monkeypatch, seed,
                                                                          frames, moves):
    if frames > 900:
        app.settings.computer_pace = "quick"    # the first tricks in 2400 frames, not 3000
    watch, layer = Watch(monkeypatch), LayerWatch(monkeypatch)
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
    assert watch.kept_handoff > 10                  # and the hand-offs' too
    assert not layer.stale, layer.stale[:5]
    assert layer.moving > 50 and layer.kept > layer.uses // 2, (layer.uses, layer.kept, layer.moving)


def test_a_hand_off_keeps_its_picture_only_while_its_summary_and_window_stay(monkeypatch,
                                                                             shadows_home):
    """The fifth hand-off of this deal holds a summary longer than its panel (1024x640): read
    back with Page Up and again to its end, then the window made larger, each frame the hand-off shows
    is its drawing fresh, and the kept picture is used between the changes."""
    from ui_helpers import make_app, post_key, resize, step, wait_armed

    app = make_app(size=(1024, 640))
    app.settings.animation_speed = "off"
    step(app, 2)
    try:
        watch = Watch(monkeypatch)
        seats = [SeatConfig(f"P{i + 1}", "human" if i < 2 else "computer", "easy") for i in range(4)]
        table = start_game(app, "chasing", seats, 5, {})
        rng, handoffs, before = random.Random(1), 0, None
        for _ in range(2000):
            top = app.top
            if isinstance(top, HandoffScene) and top is not before:
                handoffs += 1
                if handoffs == 5:
                    break
            before = top
            if top is not table:
                post_key(pygame.K_RETURN)
            elif table.acting_seat() is not None and rng.random() < 0.3:
                table.choose(rng.choice(table.session.legal_actions(table.acting_seat())))
            step(app)
        handoff = app.top
        assert isinstance(handoff, HandoffScene) and handoffs == 5
        wait_armed(app)
        panel = handoff.log_panel
        assert panel.max_offset > 0 and panel.offset == panel.max_offset   # the newest in view
        kept = watch.kept_handoff
        step(app, 5)
        assert watch.kept_handoff >= kept + 4
        for k in (pygame.K_PAGEUP, pygame.K_END):
            offset = panel.offset
            post_key(k)
            step(app, 5)
            assert panel.offset != offset
        resize(app, 1280, 720)
        step(app, 5)
        assert app.top is handoff and app.screen.get_size() == (1280, 720)
        assert not watch.stale, watch.stale
        assert watch.kept_handoff >= kept + 16
    finally:
        app.quit()
