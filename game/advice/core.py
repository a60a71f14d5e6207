"""The shapes every game's advice shares: a choice (its reason a ``game.i18n.Msg``, see
``messages``) and the whole answer."""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from game.i18n import Msg, Percent
from game.rules.protocol import Action


class Stopped(Exception):
    """A search asked to stop (its hint was closed before the answer came)."""


def check(stop) -> None:
    """Between two worlds: end the search if ``stop`` (a callable, or None) says so."""
    if stop is not None and stop():
        raise Stopped


# A choice is "clearly better" than another played in the same worlds when it is ahead world
# by world by this much and by this many standard errors of the paired difference (the test
# Hard uses to overrule Normal).
STEADY_MARGIN = 0.01
STEADY_SE = 1.5


@dataclass(frozen=True)
class Choice:
    action: Action
    win: float                   # the seat's (team's) chance to win, 0-1
    reason: Msg                  # words built from the numbers below (``messages``)
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


def clearly_better(best: Sequence[float], other: Sequence[float],
                   margin: float = STEADY_MARGIN) -> bool:
    """Is ``best`` ahead of ``other`` (played in the same worlds) by more than noise?"""
    n = len(best)
    d = [x - y for x, y in zip(best, other)]
    m = sum(d) / n
    se = math.sqrt(max(sum(x * x for x in d) / n - m * m, 0.0) / n)
    return m > max(margin, STEADY_SE * se)


def position_seed(view: Mapping[str, Any]) -> int:
    """A seed that depends on nothing but the position (the seat's view), so that asking
    twice in the same position samples the same worlds and gives the same answer."""
    text = json.dumps(view, sort_keys=True, default=_plain)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def pct(x: float) -> Percent:
    """A share as the whole percent a reason shows (an int; the message writes it the
    language's way, "62%" or "62 %")."""
    return Percent(int(round(100 * x)))


def _plain(o):
    """``json.dumps``' ``default`` hook: what JSON cannot write as it is, as plain data.
    It must never hand back the object it was given (json takes that for a cycle)."""
    if isinstance(o, Msg):                  # a view's prompt or refusal as data
        return o.to_data()
    if isinstance(o, Mapping):
        return {str(k): _plain(v) for k, v in o.items()}
    if isinstance(o, (set, frozenset)):     # in a stable order: set order follows the hash seed
        return sorted((_plain(v) for v in o), key=repr)
    if isinstance(o, (list, tuple)):
        return [_plain(v) for v in o]
    if isinstance(o, (str, int, float, bool)) or o is None:
        return o                            # inside a container made above: plain already
    raise TypeError(f"not plain data for a position's seed: {type(o).__name__}")


