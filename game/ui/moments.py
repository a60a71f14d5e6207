"""Moments: what the people at the table must SEE before the game moves on.

A moment is a short stretch of the table that sums up what just happened and that
nobody should miss: a trick's end, a round's end, the turn passing to another person, a
reveal or a death, the final blow. Every table keeps its moments in one queue, the
table's ``moments`` (made by ``TableScene``), so the three tables sequence them the
same way:

* while any moment is held, the session is not driven (no computer move, no chance
  step, no new decision is announced), the hand-off screen is not pushed and the results
  do not cover the table;
* a moment ends when its time has run out (its length at normal speed, scaled by the
  animation speed; with animations off it lasts only its ``at_least``), or when it has
  been seen: a click or Enter/Space on the table (``take_input``) ends the moment on top,
  once its first ``GUARD`` seconds are over (a click meant for the move before must not
  skip what that move caused);
* moments queue: the first one added is the one on top (``current``), the next one
  starts its clock only when it comes to the top.

The table draws each moment itself (it knows what a trick looks like); this module only
says which moment is on top and how far it has run (``Moment.progress``).

API (``moments = table.moments``)::

    m = moments.add("trick_end", 1.6, data={"winner": 2})   # seconds at normal speed
    moments.add("game_end", 1.2, scaled=False)               # the same at every speed
    moments.add("reveal", 1.0, skippable=False)              # only time ends it
    moments.current          # the Moment on top, or None
    moments.holding()        # any moment still to be seen (the game waits)
    moments.holding("trick_end")   # one of that kind still to be seen
    moments.find("trick_end")      # the first such Moment, or None
    moments.see()            # the moment on top has been seen (ends it now)
    moments.see("trick_end") # every moment of that kind has been seen
    moments.take_input(event)      # a click/Enter/Space ends the one on top: True if used
    moments.update(dt)       # each frame (TableScene.update does it)
    moments.clear()          # a new round or an undo: nothing left to show

Kinds the tables use: "trick_end" and "round_end" (Chasing Shadows: a won trick, and the
round's last trick before its scoring), "turn" (every table: the screen is about to pass
to another person), "reveal", "death" and "final_blow" (Shadow Hunters), "game_end"
(every table, ``table_ending``; Harsh Shadows' Spy lands first, then it holds the verdict).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

GUARD = 0.25          # seconds in which a click does not yet count as "seen"
SEEN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Moment:
    kind: str
    seconds: float              # its whole length at the set speed (0: only at_least)
    data: dict = field(default_factory=dict)
    skippable: bool = True      # a click or key may end it early
    elapsed: float = 0.0        # time on top so far
    done: bool = False

    @property
    def left(self) -> float:
        return max(0.0, self.seconds - self.elapsed)

    @property
    def progress(self) -> float:
        """0 when it comes to the top, 1 when it has run its length."""
        return 1.0 if self.seconds <= 0 else min(1.0, self.elapsed / self.seconds)


class Moments:
    """The table's queue of moments (see the module's docstring)."""

    def __init__(self, speed: Callable[[], float] = lambda: 1.0) -> None:
        # speed(): the animation speed as a factor of normal (0: animations off or
        # fast-forwarding), read when a moment is added
        self.speed = speed
        self._queue: list[Moment] = []

    def add(self, kind: str, seconds_at_normal: float, *, scaled: bool = True,
            at_least: float = 0.0, skippable: bool = True, data: dict | None = None) -> Moment:
        """Queue a moment of ``seconds_at_normal`` (scaled by the speed unless ``scaled``
        is False; never shorter than ``at_least`` seconds)."""
        seconds = seconds_at_normal * self.speed() if scaled else seconds_at_normal
        moment = Moment(kind, max(at_least, seconds), dict(data or {}), skippable)
        if moment.seconds > 0:
            self._queue.append(moment)
        else:
            moment.done = True     # nothing to wait for (animations off)
        return moment

    @property
    def current(self) -> Moment | None:
        return self._queue[0] if self._queue else None

    def __bool__(self) -> bool:
        return bool(self._queue)

    def holding(self, kind: str | None = None) -> bool:
        return any(kind is None or m.kind == kind for m in self._queue)

    def find(self, kind: str) -> Moment | None:
        return next((m for m in self._queue if m.kind == kind), None)

    def update(self, dt: float) -> None:
        while self._queue:
            top = self._queue[0]
            top.elapsed += dt
            if top.elapsed < top.seconds:
                return
            dt = top.elapsed - top.seconds   # the rest of the frame goes to the next one
            self._end(top)

    def see(self, kind: str | None = None) -> bool:
        """Seen: the moment on top (or every moment of ``kind``) ends now. True if any did."""
        if kind is None:
            if not self._queue:
                return False
            self._end(self._queue[0])
            return True
        ended = [m for m in self._queue if m.kind == kind]
        for m in ended:
            self._end(m)
        return bool(ended)

    def take_input(self, event: pygame.event.Event) -> bool:
        """A left click or Enter/Space while a skippable moment is on top, past its guard,
        ends it (and is used up: it does not also act on the table)."""
        top = self.current
        if top is None or not top.skippable or top.elapsed < GUARD:
            return False
        clicked = event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
        pressed = event.type == pygame.KEYDOWN and event.key in SEEN_KEYS
        if clicked or pressed:
            self.see()
            return True
        return False

    def clear(self) -> None:
        for m in list(self._queue):
            self._end(m)

    def _end(self, moment: Moment) -> None:
        moment.done = True
        if moment in self._queue:
            self._queue.remove(moment)
