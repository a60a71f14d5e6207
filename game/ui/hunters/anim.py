"""Short animations that follow game events: tumbling dice, hits, heals, moves, reveals.

The table turns each visible rules event into an ``Effect`` with a length scaled by the
animation speed (``TableScene.hold_for_animation``), so the session waits for it. At speed
"off" lengths are 0 and nothing is queued: the board simply shows the new state.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Effect:
    kind: str              # "dice", "hit", "heal", "death", "reveal", "move", "attack", "note"
    seconds: float
    seat: int = -1
    data: dict = field(default_factory=dict)
    delay: float = 0.0     # waits this long first (a hit shows once the dice have settled)
    age: float = 0.0

    @property
    def progress(self) -> float:
        if self.seconds <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.age - self.delay) / self.seconds))

    @property
    def started(self) -> bool:
        return self.age >= self.delay

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.seconds


class Effects:
    """The running animations; ``update`` ages them, finished ones drop out."""

    def __init__(self) -> None:
        self.items: list[Effect] = []

    def add(self, effect: Effect) -> None:
        if effect.seconds > 0:
            self.items.append(effect)

    def update(self, dt: float) -> None:
        for e in self.items:
            e.age += dt
        self.items = [e for e in self.items if not e.done]

    def clear(self) -> None:
        self.items = []

    def running(self) -> list[Effect]:
        return [e for e in self.items if e.started]

    def of(self, kind: str, waiting_too: bool = False) -> list[Effect]:
        return [e for e in self.items if e.kind == kind and (waiting_too or e.started)]

    def on_seat(self, seat: int, kind: str | None = None) -> list[Effect]:
        return [e for e in self.items
                if e.started and e.seat == seat and (kind is None or e.kind == kind)]

    def __bool__(self) -> bool:
        return bool(self.items)


def tumbling_value(sides: int, final: int, progress: float, salt: int = 0) -> int:
    """The face a rolling die shows: changing quickly, then the result for the last third."""
    if progress >= 0.6:
        return final
    tick = int(progress * 30) + salt * 7
    return (tick * 5 + salt + 3) % sides + 1


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3
