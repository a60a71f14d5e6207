"""When the app runs Python's pass over the oldest generation (App.collect_garbage): only
after the screen has stood still QUIET_FRAMES frames, and a moment held to be seen (a
trick's end, a reveal, a game's final board) is not standing still. Counted frames and
passes, no clock."""

import gc

from game import app as app_module


class Still:
    """A top screen that stands still, with or without a moment held."""
    busy = False
    game_table = False

    def __init__(self) -> None:
        self.moments = []

    def still(self) -> bool:
        return True


def test_no_pass_while_a_moment_is_held_and_one_once_it_is_seen(app, monkeypatch):
    passes = []
    monkeypatch.setattr(app, "_collect_old", lambda: (passes.append(1), setattr(app, "quiet_frames", 0)))
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, app_module.OLD_GEN_DUE))
    app.collector_held, app.thawed = True, False
    screen = Still()
    screen.moments = ["trick_end"]          # held (a table's Moments is true while it holds one)
    app.scenes.append(screen)
    try:
        for _ in range(3 * app_module.QUIET_FRAMES):
            app.collect_garbage()
        assert passes == []
        screen.moments = []                 # seen: the table stands still
        for _ in range(app_module.QUIET_FRAMES + 1):
            app.collect_garbage()
        assert passes == [1]
    finally:
        app.scenes.remove(screen)
