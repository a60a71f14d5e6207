"""The event bus between the rules/session side and the scenes. No pygame here.

Events are typed: a handler subscribes to a class and receives instances of it and of its
subclasses. Handlers run synchronously in publish order. Publishing from another thread
is not allowed: worker threads hand results to the session, which publishes on the main
thread (see game.session).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from game.rules.protocol import Action, Event, Result

T = TypeVar("T")
Handler = Callable[[Any], None]


# --- typed messages ----------------------------------------------------------------------

@dataclass(frozen=True)
class GameHappened:
    """A rules-layer event (card played, trick won, spy moved, damage dealt…)."""

    event: Event
    step: int


@dataclass(frozen=True)
class ActionApplied:
    """An action was applied by ``seat`` (CHANCE for random outcomes)."""

    seat: int
    action: Action
    step: int


@dataclass(frozen=True)
class DecisionNeeded:
    """``seat`` must decide; ``human`` tells scenes whether to wait for a person."""

    seat: int
    human: bool


@dataclass(frozen=True)
class GameOver:
    result: Result


@dataclass(frozen=True)
class Intent:
    """A person at the screen chose ``action`` for ``seat`` (published by scenes)."""

    seat: int
    action: Action


@dataclass(frozen=True)
class IntentRefused:
    seat: int
    action: Action
    reason: str


@dataclass(frozen=True)
class Notice:
    """A message for the player (e.g. a damaged file was set aside)."""

    text: str
    level: str = "info"
    extra: dict = field(default_factory=dict)


class EventBus:
    def __init__(self) -> None:
        self._handlers: dict[type, list[Handler]] = defaultdict(list)

    def subscribe(self, kind: type[T], handler: Callable[[T], None]) -> Callable[[], None]:
        """Register ``handler`` for ``kind``; returns a function that unsubscribes it."""
        self._handlers[kind].append(handler)
        return lambda: self.unsubscribe(kind, handler)

    def unsubscribe(self, kind: type, handler: Handler) -> None:
        handlers = self._handlers.get(kind, [])
        if handler in handlers:
            handlers.remove(handler)

    def publish(self, message: Any) -> int:
        """Deliver ``message`` to every handler of its class or a base class; returns count."""
        delivered = 0
        for kind in type(message).__mro__:
            for handler in list(self._handlers.get(kind, ())):
                handler(message)
                delivered += 1
        return delivered

    def clear(self) -> None:
        self._handlers.clear()
