"""Timed beats of the table's animations, and the cards flying during them.

A beat is one moment the table shows for a while: which model to draw (see ``model``),
which places to leave empty because a card is flying there, which trick card to
highlight, a caption, and the flights. Durations are given at the "normal" speed and
scaled by the animation-speed setting, so "fast" is quicker and "off" never queues a beat.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import pygame


@dataclass
class Flight:
    """A card moving from one rect to another; it turns over halfway if ``back`` is given."""

    face: pygame.Surface
    start: pygame.Rect
    end: pygame.Rect
    back: pygame.Surface | None = None

    def at(self, t: float) -> tuple[pygame.Surface, pygame.Rect]:
        from game.ui import palette

        if palette.reduced_motion():   # placed where it goes, fading in (issue 44)
            surf = self.face if self.back is None or t < 0.5 else self.back
            return palette.fading(surf, min(1.0, t * 2)), self.end.copy()
        e = ease(t)
        rect = pygame.Rect(0, 0, round(self.start.w + (self.end.w - self.start.w) * e),
                           round(self.start.h + (self.end.h - self.start.h) * e))
        rect.center = (round(self.start.centerx + (self.end.centerx - self.start.centerx) * e),
                       round(self.start.centery + (self.end.centery - self.start.centery) * e))
        surf = self.face if self.back is None or t < 0.5 else self.back
        if self.back is not None:
            # turning over: squeeze to a sliver at the halfway point, then open again
            squeeze = abs(1 - 2 * t)
            rect = rect.inflate(-round(rect.w * (1 - max(0.08, squeeze))), 0)
        return surf, rect


@dataclass
class Beat:
    seconds: float                      # at the "normal" speed
    shown: dict | None = None           # the model to draw (None: the live view)
    hide: frozenset = frozenset()       # places left empty while cards fly there
    flights: list[Flight] = field(default_factory=list)
    highlight: int | None = None        # seat whose trick card glows (the winner)
    caption: str = ""


def ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class Motion:
    def __init__(self) -> None:
        self.beats: deque[Beat] = deque()
        self.t = 0.0
        self.speed = 1.0  # real seconds per normal second

    @property
    def idle(self) -> bool:
        return not self.beats

    def add(self, beat: Beat) -> None:
        self.beats.append(beat)

    def remaining(self) -> float:
        """Normal-speed seconds still to play."""
        if not self.beats:
            return 0.0
        return sum(b.seconds for b in self.beats) - self.t

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.clear()
            return
        self.t += min(dt, 0.1) / self.speed  # a stalled frame must not skip a whole beat
        while self.beats and self.t >= self.beats[0].seconds:
            self.t -= self.beats[0].seconds
            self.beats.popleft()
        if not self.beats:
            self.t = 0.0

    def current(self) -> tuple[Beat | None, float]:
        if not self.beats:
            return None, 1.0
        beat = self.beats[0]
        return beat, min(1.0, self.t / beat.seconds) if beat.seconds > 0 else 1.0

    def clear(self) -> None:
        self.beats.clear()
        self.t = 0.0
