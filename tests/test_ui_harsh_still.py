"""The Harsh Shadows table's kept picture (``HarshPainter.still_key``): while nothing moves,
the app shows the picture of the table it kept instead of drawing it again. A kept picture
that missed a change would show the game wrong (a Location's old cards, an old toast or
dialog, a danger not yet marked), so every frame of played games that shows the kept
picture is compared, pixel for pixel, with the table drawn fresh beside it."""

import random

import pygame
import pytest
from harsh_ui_driver import perform, start_harsh
from ui_helpers import post_key, step, until

from game.ai.harsh_hint import make_bot
from game.app import App
from game.session import SeatConfig
from game.ui.harsh.table import HarshTableScene
from game.ui.opening import start_game


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
    """Wraps ``App._draw``: a frame that showed the kept picture of the Harsh table is
    checked against the table drawn fresh."""

    def __init__(self, monkeypatch):
        self.kept = 0           # frames that showed the kept picture
        self.drawn = 0          # frames that drew the table
        self.stale: list = []
        self.dialogs = 0        # kept frames with a dialog open
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
            if not isinstance(table, HarshTableScene):
                return
            if scenes_drawn[0] != before:
                watch.drawn += 1
                return
            assert app._still is not None and table.still_key() == app._still[1]
            watch.kept += 1
            watch.dialogs += table.dialog is not None
            fresh = pygame.Surface(app.screen.get_size(), 0, app.screen)
            table.draw(fresh)
            if not same_picture(fresh, app._still_pic, scenes_drawn[0]):
                watch.stale.append((len(table.session.match.log), table.dialog and table.dialog.kind))

        monkeypatch.setattr(App, "_draw", checking)
        monkeypatch.setattr(App, "_draw_scenes", draw_scenes)


def play_thinking(app, table, seed: int, frames: int, think: int = 10) -> None:
    """The easy computer player at the screen: each choice after ``think`` still frames,
    through the screen (clicks, dialogs), and now and then a hint asked for first or a
    Location named by its number key."""
    bot, rng = make_bot("easy", 0, seed=seed), random.Random(seed)
    still = 0
    for _ in range(frames):
        if table.session.is_over() or app.top is not table:
            return
        if table.acting_seat() is not None and not table.busy and table.still_key() is not None:
            still += 1
            if still >= think:
                still = 0
                roll = rng.random()
                if roll < 0.04:
                    table.ask_hint()            # thought about, then shown: still again
                elif roll < 0.2 and table.dialog is None and table.cell_choices():
                    post_key(pygame.K_1 + rng.choice(sorted(table.cell_choices())))
                else:
                    perform(app, table, bot.choose(table.view(), table.actions()))
        step(app)


# The whole run plays 1500 frames of a game at animations "fast" (6 s of CPU, two hints
# thought about among them); the quick subset 500 of another (1.5 s; tests/quick_subset.py).
@pytest.mark.parametrize("seed, frames", [pytest.param(3, 1500, id="3-1500"), pytest.param(8, 500, id="8-500")])
def test_the_kept_picture_of_the_harsh_table_is_the_table_drawn_fresh(app, monkeypatch, seed, frames):
    app.settings.animation_speed = "fast"
    table = start_game(app, "harsh", [SeatConfig("Ann", "human")], seed, {"difficulty": "standard"})
    assert until(app, lambda: app.top is table and table.acting_seat() == 0)
    table.session.autosave_enabled = False
    watch = Watch(monkeypatch)
    play_thinking(app, table, seed, frames)
    assert len(table.session.match.log) > 6
    assert not watch.stale, watch.stale[:5]
    assert watch.kept > frames // 10                # the kept picture is used, not only built
    assert watch.dialogs > 10                       # and with a dialog open


def test_the_kept_picture_is_left_when_the_pointer_or_the_toast_changes(app):
    app.settings.animation_speed = "off"
    table = start_harsh(app, 3)
    step(app, 5)
    key = table.still_key()
    assert key is not None and app._still == (table, key)
    pygame.mouse.set_pos((9, 9))
    assert table.still_key() != key
    key = table.still_key()
    table.set_status("Not allowed: a test")
    assert table.still_key() != key
    table.ask_hint()
    assert table.still_key() is None                 # thinking: its dots move
