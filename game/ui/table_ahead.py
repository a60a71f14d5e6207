"""A table's screens made ahead (a room of ``TableScene``, game.ui.table_base): the hand-off
screen while the last move lingers, and the table's own buttons for the person it hands
to while that hand-off is up. Both are made a piece a frame by the app's ``ahead``
(game.ui.ahead), hidden and parked, so the frame each comes up only takes them (a new
pygame-gui button costs 2-3 ms; four or five made in one frame dropped it)."""

from __future__ import annotations

from contextlib import contextmanager

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.ui import button_states, navigation


def shape_steps(manager, size: tuple[int, int], cls: str | None, object_id: str | None = None):
    """Pieces (a generator): a button of ``size`` and theme class ``cls`` made out of sight,
    each of its states drawn (one a piece), then dropped. pygame-gui keeps a drawn shape
    by its size and look (its shape cache), so the table's first button of that size later
    costs under 1 ms instead of 3-7 ms, and each of its other states nothing more."""
    btn = UIButton(pygame.Rect((-2 * size[0] - 100, -2 * size[1] - 100), size), "", manager,
                   object_id=ObjectID(class_id=cls, object_id=object_id))
    try:
        shape = getattr(btn, "drawable_shape", None)
        for name, state in (shape.states.items() if shape is not None else ()):
            if not state.generated and button_states.drawn_ahead(name):
                yield
                if not state.generated:
                    shape.redraw_state(name)
                if name in shape.states_to_redraw_queue:
                    shape.states_to_redraw_queue.remove(name)
    finally:
        btn.kill()


class TableAhead:
    """Mixed into ``TableScene``."""

    @classmethod
    def setup_ahead(cls, app):
        """While the game's setup screen is read (game.ui.opening.ready_ahead): pieces (a
        generator) that make what this table's first frames (behind the curtain, or as
        work ahead of its transitions) would make in pieces of 3-7 ms each, and need no
        game: the shapes of its buttons of new sizes (``ahead_shapes``), surfaces it keeps.
        Nothing of any seat's: there is no game yet."""
        seen = set()
        for w, h, klass, object_id in cls.ahead_shapes(app):
            if (w, h, klass) not in seen:
                seen.add((w, h, klass))
                yield
                yield from shape_steps(app.manager, (w, h), klass, object_id)

    @classmethod
    def setup_surfaces(cls, app):
        """Early in the setup screen's work (before the shapes, which come last): the
        window-sized surfaces this table keeps, each a piece (a new one cost 3-10 ms)."""
        return iter(())

    @classmethod
    def ahead_shapes(cls, app) -> list[tuple]:
        """(width, height, theme class, object id) of the buttons ``setup_ahead`` makes the
        shapes of: here the hand-off's (as wide as a short name makes it)."""
        m = app.metrics
        return [(m.px(320), m.px(56), "@primary", "#ready")]

    def prepare_handoff(self, seat: int) -> None:
        """The hand-off to ``seat`` is due once the last move has been seen (the "turn"
        moment): its screen is made meanwhile, a piece a frame (game.ui.ahead)."""
        old = getattr(self, "_handoff_ahead", None)
        if old is not None and old.seat == seat:
            return
        self.drop_handoff_ahead()
        self._handoff_ahead = navigation.scene_class("handoff")(self.app, self, seat)
        self.app.ahead.add("handoff", self._handoff_ahead.prepare())

    def handoff_scene(self, seat: int):
        """The hand-off screen to ``seat``: the one made ahead if it is for her."""
        ready = getattr(self, "_handoff_ahead", None)
        if ready is not None and ready.seat == seat:
            self._handoff_ahead = None
            self.app.ahead.cancel("handoff")    # what is not made yet, its build makes
        else:
            self.drop_handoff_ahead()
            ready = navigation.scene_class("handoff")(self.app, self, seat)
        # while it is up, the buttons this table will show her (game.ui.ahead)
        self.app.ahead.add("seat", self.prepare_seat(seat))
        return ready

    def prepare_seat(self, seat: int):
        """While the hand-off to ``seat`` is up (a generator, a piece a frame): the buttons
        the table's build will ask for once she sits down, made and parked (hidden, never
        drawn: her private buttons may carry her secrets' names). Tables that park."""
        if not self.park_widgets or self.root is None:
            return
        yield
        if self.app.top is self or self.session.human_to_act() != seat:
            return          # she sat down already, or the game moved on
        with self.seated(seat):
            planned = self.planned_buttons(self.metrics)
        yield from self.buttons_missing(planned)

    @contextmanager
    def seated(self, seat: int):
        """For a dry build (``planned_buttons``) only: the table as it will be once
        ``seat`` sits at the screen. Everything the build sets is put back after it, and
        the log panel it would fill is a stand-in: nothing of hers stays behind."""
        s = self.session
        saved_session = (s.at_screen, s._barrier)
        saved = dict(self.__dict__)
        s.at_screen = seat
        if s.several():
            s._barrier = len(s.match.log)     # as handed_to does: no undo from before her
        self.log_panel = None
        try:
            yield
        finally:
            s.at_screen, s._barrier = saved_session
            self.__dict__.clear()
            self.__dict__.update(saved)

    def drop_handoff_ahead(self) -> None:
        ready = getattr(self, "_handoff_ahead", None)
        if ready is not None:
            self.app.ahead.cancel("handoff")
            ready.teardown()
            self._handoff_ahead = None

