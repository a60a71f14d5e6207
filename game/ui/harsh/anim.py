"""Short animations for the Harsh table: pieces sliding, cards flipping, a flash.

An ``Anim`` has a kind, a delay, a length and free-form data; ``Timeline`` advances them
and answers "where is the Spy now" while a move plays. What the Spy's arrival changes
waits for it: the card it leaves ("drop"), the Countdown's tick ("tick") and the verdict
("ending", then held by the table's "game_end" moment) start when the Spy lands, and until
then the board shows the state before them (``HarshPainter.shown_*``). Lengths are scaled by the
animation-speed setting before they get here; a length of 0 (speed "off") means the
animation is never created, so "off" is instant.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

MOVE_SECONDS = 0.55     # lengths at the "normal" animation speed
FLIP_SECONDS = 0.35
FOUND_SECONDS = 0.9
REVEAL_SECONDS = 0.45
FLASH_SECONDS = 0.6
DROP_SECONDS = 0.4
TICK_SECONDS = 0.9
ENDING_SECONDS = 0.35   # the verdict comes in; the shared "game_end" moment then holds it


@dataclass
class Anim:
    kind: str            # "spy", "agent", "flip_spy", "found", "reveal", "flash", "drop",
    #                      "tick", "ending"
    duration: float
    data: dict = field(default_factory=dict)
    delay: float = 0.0
    t: float = 0.0

    @property
    def progress(self) -> float:
        """0..1 once started, negative while waiting for its delay."""
        if self.t < self.delay:
            return -1.0
        return min(1.0, (self.t - self.delay) / self.duration) if self.duration > 0 else 1.0

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration


def ease(p: float) -> float:
    """Smooth start and stop."""
    p = max(0.0, min(1.0, p))
    return p * p * (3 - 2 * p)


class Timeline:
    def __init__(self) -> None:
        self.anims: list[Anim] = []

    def add(self, anim: Anim) -> Anim:
        if anim.duration > 0:
            self.anims.append(anim)
        return anim

    def clear(self) -> None:
        self.anims = []

    def update(self, dt: float) -> None:
        for a in self.anims:
            a.t += dt
        self.anims = [a for a in self.anims if not a.done]

    @property
    def running(self) -> bool:
        return bool(self.anims)

    def of(self, kind: str) -> list[Anim]:
        return [a for a in self.anims if a.kind == kind]

    def end_time(self) -> float:
        """Seconds until every animation has finished."""
        return max((a.delay + a.duration - a.t for a in self.anims), default=0.0)


def follow(timeline: Timeline, kind: str, d: Mapping, view: Callable[[], Mapping], f: float,
           cursor: float) -> float:
    """Queue the animations of one game event from ``cursor`` seconds on (lengths times the
    speed factor ``f``); returns where the next event's animations start."""

    def add(name: str, seconds: float, **data) -> None:
        nonlocal cursor
        timeline.add(Anim(name, seconds * f, data, delay=cursor))
        cursor += seconds * f

    if kind == "agent_moved":
        add("agent", MOVE_SECONDS * 0.7, frm=d["from"], to=d["to"])
    elif kind == "card_found":
        add("found", FOUND_SECONDS, pos=d["pos"], card=d["card"])
    elif kind == "item_revealed":
        add("reveal", REVEAL_SECONDS, file=d["file"], slot=d["slot"], item=d["item"])
    elif kind == "spy_moved":
        add("flip_spy", FLIP_SECONDS)
        add("spy", MOVE_SECONDS, frm=d["from"], to=d["to"])
    elif kind in ("card_added", "countdown"):
        # at the landing, alongside what follows it (the verdict does not wait for the tick)
        name, seconds = ("drop", DROP_SECONDS) if kind == "card_added" else ("tick", TICK_SECONDS)
        timeline.add(Anim(name, seconds * f, {"pos": d.get("pos"), "value": d.get("value")},
                          delay=cursor))
    elif kind == "game_over":
        add("ending", ENDING_SECONDS, won=d.get("won", False))
    elif kind == "meeting" and d.get("by") == "spy":
        # when the Spy lands on the Agent, not while it is still on its way
        timeline.add(Anim("flash", FLASH_SECONDS * f, {"pos": d["pos"], "kind": kind}, delay=cursor))
    elif kind in ("bomb", "meeting") and not d.get("defused", False):
        where = d.get("pos", view()["agent" if kind == "bomb" else "spy"])
        timeline.add(Anim("flash", FLASH_SECONDS * f, {"pos": where, "kind": kind},
                          delay=max(0.0, cursor - FLIP_SECONDS * f)))
    return cursor
