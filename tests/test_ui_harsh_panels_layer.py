"""Harsh Shadows: the Collection and the Spy deck kept in the board's base picture while
what they show stays the same (game/ui/harsh/paint.py, issue 37 frames). Every frame of a
played game, the screen drawn with what the base keeps equals the board drawn afresh,
pixel for pixel; and the kept panels follow the game (drawn again when they change)."""

import random

import pygame
from pictures import same_picture
from ui_helpers import make_app, post_key, step

from game.ai.harsh_hint import make_bot
from game.session import SeatConfig
from game.ui.opening import start_game


def test_kept_panels_equal_a_fresh_drawing_every_frame_of_a_game(shadows_home, monkeypatch):
    app = make_app()
    try:
        app.settings.animation_speed = "fast"
        step(app, 2)
        table = start_game(app, "harsh", [SeatConfig("Ann", "human")], 11,
                           {"difficulty": "standard"}, replace=True)
        # every frame has room: the base and its panels are kept whenever they can be
        monkeypatch.setattr(type(table), "frame_room", lambda self, budget=0: 1.0)
        bot = make_bot("easy", 0, seed=4)
        rng = random.Random(2)
        size = app.screen.get_size()
        kept_frames, held = 0, {"collection": set(), "spy": set()}
        for frame in range(700):
            step(app)
            if app.top is not table:
                break
            if table.session.is_over():
                break
            if table._in_base:
                for name, k in table._in_base.items():
                    held[name].add(k)
            if table._base is not None and table._in_base:
                with_base, fresh = pygame.Surface(size), pygame.Surface(size)
                table.draw(with_base)
                saved = table._base
                table._base = None             # nothing kept: every piece drawn
                try:
                    table.draw(fresh)
                finally:
                    table._base = saved
                assert same_picture(with_base, fresh), f"frame {frame}"
                kept_frames += 1
            if (frame % 7 == 0 and table.acting_seat() is not None and not table.busy
                    and table.dialog is None):
                actions = table.actions()
                action = bot.choose(table.view(), actions) if rng.random() < 0.8 \
                    else rng.choice(actions)
                table.choose(action, asked=True)
            elif table.dialog is not None and frame % 7 == 0:
                post_key(pygame.K_1)             # its first option, by the digit rule
                post_key(pygame.K_RETURN)
        assert kept_frames > 100
        # the panels were drawn again into the base as the game went on
        assert len(held["collection"]) >= 2 and len(held["spy"]) >= 2
    finally:
        app.quit()
