"""The shapes every game's advice shares: a message, a choice, the whole answer."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from game.rules.protocol import Action


@dataclass(frozen=True)
class Message:
    """A text as data: ``id`` picks the sentence, ``params`` fill it (numbers as the
    evaluation gave them, cards as view tuples, seats as ints)."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"id": self.id, "params": _plain(self.params)}

    @classmethod
    def from_json(cls, data: Mapping) -> "Message":
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            raise ValueError(f"not a message: {data!r}")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise ValueError(f"not message parameters: {params!r}")
        return cls(data["id"], {str(k): _tuples(v) for k, v in params.items()})


@dataclass(frozen=True)
class Choice:
    action: Action
    win: float                   # the seat's (team's) chance to win, 0-1
    reason: Message
    samples: int                 # worlds this choice was played in
    score: float | None = None   # Chasing Shadows: expected score for this round
    stats: Mapping[str, float] = field(default_factory=dict)   # what the reason reads

    def points(self) -> int:
        return round(100 * self.win)


@dataclass(frozen=True)
class Advice:
    seat: int
    choices: tuple[Choice, ...]      # every evaluated choice, best first
    worlds: int
    value: float                     # the position's win chance (the best choice's)

    def top(self, k: int = 3) -> tuple[Choice, ...]:
        return self.choices[:k]

    def of(self, action: Action) -> Choice | None:
        for c in self.choices:
            if c.action == action:
                return c
        return None

    @property
    def best(self) -> Choice:
        return self.choices[0]


def position_seed(view: Mapping[str, Any]) -> int:
    """A seed that depends on nothing but the position (the seat's view), so that asking
    twice in the same position samples the same worlds and gives the same answer."""
    text = json.dumps(view, sort_keys=True, default=_plain)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def pct(x: float) -> int:
    """A share as the whole percent a reason shows."""
    return int(round(100 * x))


def _plain(o):
    if isinstance(o, Mapping):
        return {str(k): _plain(v) for k, v in o.items()}
    if isinstance(o, (set, frozenset)):     # in a stable order: set order follows the hash seed
        return sorted((_plain(v) for v in o), key=repr)
    if isinstance(o, (list, tuple)):
        return [_plain(v) for v in o]
    return o


def _tuples(o):
    if isinstance(o, list):
        return tuple(_tuples(v) for v in o)
    return o
