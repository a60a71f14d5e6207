"""Work done ahead: what a coming screen will need, made a piece a frame before it comes.

A screen that comes at a transition (the hand-off, the table after it, a game's results)
used to make its pygame-gui buttons in the frame it came up: a new button costs 2-3 ms
(pygame-gui draws each of its states), and four or five of them dropped that frame. The
scene that knows what comes next queues it here as a generator, one piece of work per
``yield`` (a button made and parked, a panel laid out); the app runs pieces at the end of
each frame (``App.step``, after drawing) while the frame has used less than ``UNTIL``
seconds of CPU, so a frame with a piece stays under the 8 ms target:

    app.ahead.add("handoff", scene.prepare())   # replaces a job of that name
    app.ahead.cancel("handoff")                 # not needed after all
    app.ahead.finish("results")                 # needed now: the rest in this frame

What is made ahead must stay unseen until its screen comes: buttons are parked (hidden,
out of pygame-gui's drawing and events), pictures are drawn onto surfaces nobody shows.
A seat's secrets may be prepared so, never drawn before its hand-off.
"""

from __future__ import annotations

import logging
import time
from typing import Iterator

log = logging.getLogger(__name__)

UNTIL = 0.0045   # CPU s into a frame after which no new piece starts (a piece is up to ~3 ms)
DRAW_UNTIL = 0.004   # a picture drawn ahead makes nothing new this far into a frame (at
# 5.5 ms, with the piece in progress running on, a results screen drawn ahead made frames
# of 6.5-7.7 ms in a game's end; what it made is kept, so it takes a try or two more)

DRAW_ROOM = 0.0015   # a picture drawn ahead begins a try only with this much left of its room
MAX_WAITS = 60       # frames without that room it waits for, at most (then it tries anyway)


def drawn_ahead(app, paint, tries: int = 12):
    """Pieces (a generator) that draw ``paint(surface)`` onto a surface nobody sees, a
    frame's room at a time (``draw.until``): the texts, cards and pictures it makes are kept
    by draw's caches, so the screen's first frame only finds them. After ``tries`` frames
    it stops; what is left, the screen's first draw makes."""
    from game.ui import draw

    scratch = draw.scratch(app.screen.get_size())
    waits = 0
    while tries > 0:
        # a screen that runs this work as its own steps (a curtain) may want less of a frame
        room = getattr(app.top, "draw_ahead_until", DRAW_UNTIL)
        deadline = getattr(app, "frame_began", time.thread_time()) + room
        if time.thread_time() > deadline - DRAW_ROOM and waits < MAX_WAITS:
            # too little of the frame is left: a try begun now drew its first, uncut
            # pieces past the deadline all the same (a second try in a frame of a game's
            # end ran 3-4 ms more), so it waits for a frame with room
            waits += 1
            yield
            continue
        tries -= 1
        try:
            with draw.until(deadline):
                paint(scratch)
            return
        except draw.OutOfFrame:
            yield


class Ahead:
    """The app's queue of work done ahead (``app.ahead``), oldest job first."""

    def __init__(self) -> None:
        self.jobs: dict[str, Iterator] = {}
        self.pieces = 0            # pieces run so far (tests count them)
        self.failures = 0          # jobs that raised (logged; their screens made it all)

    def add(self, name: str, steps: Iterator) -> None:
        """Queue ``steps`` (a generator: one piece per ``yield``) as the job ``name``."""
        self.jobs.pop(name, None)
        self.jobs[name] = steps

    def cancel(self, name: str) -> None:
        self.jobs.pop(name, None)

    def pending(self, name: str) -> bool:
        return name in self.jobs

    def step(self) -> bool:
        """One piece of the oldest job (a curtain runs them as its own steps, so that what
        a table queued while put up is made before it lifts); False when none is queued."""
        if not self.jobs:
            return False
        self._one()
        return True

    def _one(self) -> None:
        name = next(iter(self.jobs))
        try:
            next(self.jobs[name])
            self.pieces += 1
        except StopIteration:
            self.jobs.pop(name, None)
        except Exception:   # noqa: BLE001 - work ahead is optional: the screen makes
            # what it needs when it comes, as it did before
            log.exception("work ahead %r failed", name)
            self.failures += 1
            self.jobs.pop(name, None)

    def finish(self, name: str) -> None:
        """Run what is left of job ``name`` now (its screen is wanted in this frame)."""
        steps = self.jobs.pop(name, None)
        if steps is not None:
            self._drain(name, steps)

    def run(self, began: float, until: float = UNTIL) -> None:
        """Pieces of the queued jobs while this frame (begun at CPU time ``began``) has
        used less than ``until`` seconds."""
        while self.jobs and time.thread_time() - began < until:
            self._one()

    def _drain(self, name: str, steps: Iterator) -> None:
        try:
            for _ in steps:
                self.pieces += 1
        except Exception:   # noqa: BLE001 - as in run
            log.exception("work ahead %r failed", name)
            self.failures += 1
