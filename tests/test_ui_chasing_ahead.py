"""Issue 37, frames: Chasing Shadows' round-end screen is made ahead (game.ui.ahead) while the
round's last trick is seen, so the frame it comes up in makes no pygame-gui button; and
the table's own buttons are made one a frame behind the curtain (``park_widgets``)."""

import random

from test_ui_ahead import NAMES, app, frame_ticks, made, play_until, visible_texts  # noqa: F401 - fixtures
from ui_helpers import continue_game, played_without_screen, step

from game.session import SeatConfig
from game.ui.chasing.overlays import RoundEndScene
from game.ui.opening import Curtain, start_game

# Moves (chance steps included) of the first round played at the table: its last trick and
# a little more. The ones before are made without the screen (a whole round through the
# screen cost 16 s of CPU, measured 2026-12-06).
LEFT = 6


def test_the_round_end_is_made_while_its_last_trick_is_seen(app, made):  # noqa: F811
    rng = random.Random(2)
    kinds = ("human", "computer", "human", "computer")     # as test_ui_ahead.start
    seats = [SeatConfig(NAMES[i], kinds[i], "easy") for i in range(4)]

    def pick(legal):      # as play_until chooses
        return rng.choice([a for a in legal if a.kind != "reveal"] or legal)

    log = played_without_screen("chasing", seats, 3, {}, pick,
                                lambda m: m.state.view(0)["rounds_done"] >= 1)
    table = continue_game(app, "chasing", seats, 3, {}, log[:-LEFT])
    tick = frame_ticks(app, table)
    assert play_until(app, table, tick, lambda: getattr(table, "_round_end_ahead", None) is not None, rng)
    ready = table._round_end_ahead
    assert ready.root is None or not ready.root.visible      # made ahead, hidden
    assert "Continue to round 2" not in visible_texts(app)
    before = None
    for _ in range(3000):
        if isinstance(app.top, RoundEndScene):
            break
        assert ready.root is None or not ready.root.visible
        before = made[0]
        tick()
    assert app.top is ready and ready.root.visible
    assert made[0] == before, "the frame of the round's end made new buttons"
    assert "Continue to round 2" in visible_texts(app)
    assert app.ahead.failures == 0


def test_the_chasing_table_s_buttons_are_made_ahead_behind_the_curtain(app, made, monkeypatch):  # noqa: F811
    """Its first build (``on_enter``, one piece of the curtain's work) only takes the
    buttons made before it a piece at a time (``first_buttons``), and lifting the curtain
    makes none."""
    from game.session import SeatConfig
    from game.ui.chasing.table import ChasingTable

    in_enter = []
    real = ChasingTable.on_enter

    def on_enter(self):
        before = made[0]
        real(self)
        in_enter.append(made[0] - before)

    monkeypatch.setattr(ChasingTable, "on_enter", on_enter)
    seats = [SeatConfig(n, "human" if i < 2 else "computer", "easy")
             for i, n in enumerate(("Ann", "Cy", "Ivo", "Dot"))]
    start_game(app, "chasing", seats, 3, {}, curtain=True)
    assert isinstance(app.top, Curtain)
    for _ in range(600):
        before = made[0]
        step(app)
        if not isinstance(app.top, Curtain):
            break
    assert not isinstance(app.top, Curtain)
    assert made[0] == before, "lifting the curtain made buttons"
    assert in_enter == [0]
    assert "Menu" in visible_texts(app)
    assert app.ahead.failures == 0
