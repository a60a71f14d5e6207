"""What a table's setup screen makes ahead for it (issue 37, frames): the shapes of its
buttons of new sizes (``TableAhead.setup_ahead``: behind the curtain and in the work made
ahead of a hand-off, round end or results, each new size cost a piece of 3-7 ms), tool
tips' boxes, and Harsh Shadows' base picture handed from one game's table to the next.
Each is checked to be found where the table asks for it, and to look exactly as what it
stands for would look made afresh. Counted, never timed."""

from contextlib import contextmanager

import pygame
import pytest
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton
from ui_helpers import click, step

from game.session import SeatConfig
from game.ui import button_states
from game.ui.opening import start_game
from game.ui.scenes.setup import SetupScene


def pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def setup_read(app, game_id: str, frames: int = 600) -> None:
    """The setup screen of ``game_id`` is up and read until its work ahead is done."""
    click(app, f"#tile_{game_id}")
    assert isinstance(app.top, SetupScene)
    for _ in range(frames):
        if not app.ahead.pending("start"):
            return
        step(app)
    raise AssertionError("the setup screen's work ahead never finished")


@contextmanager
def misses(app):
    """The shape-cache look-ups that found nothing (each one a shape drawn afresh)."""
    cache = app.manager.get_theme().shape_cache
    missed = []
    real = cache.find_surface_in_cache

    def find(shape_id):
        found = real(shape_id)
        if found is None:
            missed.append(shape_id)
        return found

    cache.find_surface_in_cache = find
    try:
        yield missed
    finally:
        del cache.find_surface_in_cache


def every_state(btn) -> dict:
    """Each state drawn ahead (the focus and pressed looks are drawn when first shown)."""
    shape = btn.drawable_shape
    ahead = [name for name in shape.states if button_states.drawn_ahead(name)]
    for name in ahead:
        if not shape.states[name].generated:
            shape.redraw_state(name)
    return {name: pixels(shape.states[name].surface) for name in ahead}


def made_afresh(app, rect, cls, object_id) -> dict:
    """Every state of a button of this look, drawn with an empty shape cache."""
    theme = app.manager.get_theme()
    kept = theme.shape_cache
    theme.shape_cache = type(kept)()
    try:
        btn = UIButton(pygame.Rect(rect), "", app.manager,
                       object_id=ObjectID(class_id=cls, object_id=object_id))
        try:
            return every_state(btn)
        finally:
            btn.kill()
    finally:
        theme.shape_cache = kept


@pytest.mark.parametrize("game_id", ["harsh", "chasing"])
def test_the_shapes_made_ahead_are_those_the_table_asks_for_and_look_the_same(app, game_id):
    """After the setup screen's work, every button the table's ``ahead_shapes`` names (for
    Harsh: its usual dialogs, placed as the table's own layout places them) finds each of
    its states' shapes kept, and those equal a button drawn with nothing kept."""
    from game.ui.opening import table_for

    setup_read(app, game_id)
    cls = table_for(game_id)
    wanted = cls.ahead_shapes(app)
    if game_id == "harsh":
        # the sizes the table itself asks for (warm_dialogs, build_dialog), from its layout
        from game.ui.harsh.overlays import dialog_buttons

        table = start_game(app, "harsh", [SeatConfig("Ann", "human")], 3,
                           {"difficulty": "standard"})
        step(app, 3)
        asked = {(*rect[2:], klass) for rect, _t, klass, _o in dialog_buttons(table.lay, app.metrics)}
        # the results' Play again and Same deal, where its own (dry) build puts them
        asked |= {(*rect[2:], klass) for rect, _t, klass, oid
                  in table.results_scene().planned_buttons(app.metrics)
                  if oid in ("#play_again", "#same_deal")}
        assert asked == {(w, h, klass) for w, h, klass, _o in wanted}
        app.pop_to(type(app.scenes[0]))
    else:
        from game.ui import navigation

        table = start_game(app, "chasing", [SeatConfig("Ann", "human"), SeatConfig("Bob", "human"),
                                            SeatConfig("Cy", "computer", "easy")], 3, {})
        step(app, 3)
        planned = table.results_scene().planned_buttons(app.metrics)
        planned += navigation.scene_class("handoff")(app, table, 1).planned_buttons(app.metrics)
        asked = {(*rect[2:], klass) for rect, _t, klass, oid in planned
                 if oid in ("#play_again", "#same_deal", "#ready")}
        assert len(asked) == 3 and asked <= {(w, h, klass) for w, h, klass, _o in wanted}
        app.pop_to(type(app.scenes[0]))
    for w, h, klass, object_id in wanted:
        with misses(app) as missed:
            btn = UIButton(pygame.Rect(-900, -900, w, h), "", app.manager,
                           object_id=ObjectID(class_id=klass, object_id=object_id))
            kept = every_state(btn)
            btn.kill()
        assert missed == [], (w, h, klass)
        assert kept == made_afresh(app, (-900, -900, w, h), klass, object_id), (w, h, klass)


def test_tool_tips_of_up_to_four_lines_find_their_box_made_ahead(app):
    from game.ui.opening import TIP_LINES

    setup_read(app, "harsh")
    with misses(app) as missed:
        for lines in range(1, TIP_LINES + 1):
            app.manager.create_tool_tip("<br>".join(["Some words"] * lines), (200, 200), (0, 10),
                                        None, None).kill()
    assert missed == []
    with misses(app) as missed:
        app.manager.create_tool_tip("<br>".join(["Some words"] * (TIP_LINES + 1)), (200, 200),
                                    (0, 10), None, None).kill()
    assert missed, "a box of a height not made ahead is drawn afresh (the check can fail)"


def test_the_harsh_base_picture_kept_from_the_last_game_draws_as_a_new_one(app, monkeypatch):
    """The window-sized base picture goes from a table that leaves to the next one: what it
    held before never shows (the next game's first frames equal those drawn into a new
    surface, pixel for pixel), and one of another size is not taken."""
    from game.ui.harsh import paint

    def first_frames(seed: int) -> tuple:
        table = start_game(app, "harsh", [SeatConfig("Ann", "human")], seed,
                           {"difficulty": "standard"})
        # every frame has room: the base is made in the first
        monkeypatch.setattr(type(table), "frame_room", lambda self, budget=0: 1.0)
        shots = []
        for _ in range(4):
            step(app)
            shots.append(pixels(app.screen))
        return table, shots

    app.settings.animation_speed = "off"
    first, _ = first_frames(5)
    base = first._base
    assert base is not None
    app.pop_to(type(app.scenes[0]))
    assert first._base is None and paint._spare_bases == [base]
    base.fill((255, 0, 255))             # what the last game left in it
    second, kept = first_frames(8)
    assert second._base is base          # taken, not made
    app.pop_to(type(app.scenes[0]))
    paint._spare_bases.clear()           # nothing kept: a new surface
    third, fresh = first_frames(8)
    assert third._base is not base
    assert kept == fresh
    app.pop_to(type(app.scenes[0]))
    other = pygame.Surface((320, 200), 0, app.screen)
    paint._spare_bases[:] = [other]
    assert paint.take_base(app.screen) is not other and paint._spare_bases == [other]


def test_the_results_still_picture_is_made_while_the_setup_screen_is_read(app):
    """A window-sized surface made in the first game's end cost 10 ms of a frame there."""
    assert app._still_pic is None or app._still_pic.get_size() != app.screen.get_size()
    setup_read(app, "chasing")
    kept = app._still_pic
    assert kept is not None and kept.get_size() == app.screen.get_size()
    assert app.still_room(app.screen.get_size(), room=-1.0) and app._still_pic is kept


def test_a_picture_drawn_ahead_waits_for_a_frame_with_room_before_it_tries(app, monkeypatch):
    """A try begun with less than DRAW_ROOM of its frame's room left drew its first pieces
    past the deadline all the same: it waits for the next frame. Counted with a set clock."""
    from game.ui import ahead

    clock = [50.0]
    monkeypatch.setattr(ahead, "time", type("Clock", (), {"thread_time": lambda: clock[0]}))
    painted = []
    steps = ahead.drawn_ahead(app, lambda surface: painted.append(clock[0]))
    app.frame_began = clock[0] - (ahead.DRAW_UNTIL - ahead.DRAW_ROOM) - 0.0001   # late
    next(steps)
    assert painted == []                 # waited
    app.frame_began = clock[0]           # a new frame, with its room
    try:
        next(steps)
    except StopIteration:
        pass
    assert painted == [clock[0]]         # drawn whole: done


def test_a_spare_harsh_base_is_made_while_the_setup_screen_is_read(app):
    """The first game's table takes it: a window-sized surface made in the frame after the
    curtain lifted cost 10.7 ms of a 14 ms frame."""
    from game.ui.harsh import paint

    paint._spare_bases.clear()
    setup_read(app, "harsh")
    assert [s.get_size() for s in paint._spare_bases] == [app.screen.get_size()]
