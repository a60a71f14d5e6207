"""What a table scene reads from its session, for a game under review.

A table draws from ``session.view(viewer)``, ``session.match`` and ``session.entries``.
``ReviewSession`` answers the same questions for one position of a ``Timeline``: nobody
acts (no human to act, no legal actions, no undo) and ``view`` is the game's review view,
with every secret in it (``game.ui.review.games``).
"""

from __future__ import annotations

from typing import Callable

from game.bus import EventBus
from game.review.record import GameRecord
from game.review.timeline import Timeline
from game.rules.protocol import NOBODY
from game.rules.registry import get_game


class ReviewSession:
    pace = 0.0

    def __init__(self, record: GameRecord, timeline: Timeline,
                 review_view: Callable | None = None) -> None:
        self.record = record
        self.timeline = timeline
        self.seats = list(record.seats)
        self.spec = get_game(record.game)
        self.bus = EventBus()
        self.humans: list[int] = []        # nobody plays: no hand-offs, no private screens
        self.at_screen: int | None = None
        self.review_view = review_view
        self._views: dict = {}
        self.go(timeline.length)

    # --- the position on screen -------------------------------------------------------------
    def go(self, pos: int) -> int:
        t = self.timeline
        pos = max(0, min(t.length, pos))
        self.position = pos
        self.match = t.match_at(pos)
        self.entries = t.entries_until(pos)
        self._views = {}
        return pos

    @property
    def state(self):
        return self.match.state

    def view(self, seat: int | None):
        if seat not in self._views:
            state = self.match.state
            self._views[seat] = (self.review_view(state, seat) if self.review_view
                                 else state.view(seat))
        return self._views[seat]

    def public_view(self):
        return self.match.state.view(None)

    # --- what tables ask; nothing can be done in a review ------------------------------------
    def decider(self) -> int:
        return self.match.state.decider()

    def is_over(self) -> bool:
        return self.match.state.decider() == NOBODY

    def result(self):
        return self.match.state.result()

    def legal_actions(self, seat: int | None = None) -> list:
        return []

    def human_to_act(self) -> int | None:
        return None

    def computer_thinking(self) -> bool:
        return False

    def needs_handoff(self, seat: int) -> bool:
        return False

    def handed_to(self, seat: int | None) -> None:
        pass

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def submit(self, seat: int, action) -> str:
        return "this is a review of a finished game"

    def hold(self, seconds: float) -> None:
        pass

    def update(self, now: float | None = None) -> None:
        pass

    def close(self) -> None:
        pass

    def log_lines(self, viewer: int | None) -> list[str]:
        return [e.text for _, e in self.entries if e.text]

    def log_events(self, viewer: int | None) -> list:
        return list(self.entries)

    def crash_context(self) -> dict:
        return dict(self.timeline.to_json(), reviewing=True)
