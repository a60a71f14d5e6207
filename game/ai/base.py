"""What every computer player offers."""

from __future__ import annotations

import random
from typing import Any, Mapping, Protocol, Sequence

from game.rules.protocol import Action


class Bot(Protocol):
    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        """Pick one of ``actions`` from what ``view`` shows the bot's seat."""


class RandomBot:
    """Uniformly random legal play (used by tests and as a floor for the simulator)."""

    def __init__(self, seat: int, seed: int = 0, think_ms: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat)

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        return self.rng.choice(list(actions))
