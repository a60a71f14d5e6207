"""What a table scene reads from its session, for a game under review.

A table draws from ``session.view(viewer)``, ``session.match`` and ``session.entries``.
``ReviewSession`` answers the same questions for one position of a ``Timeline``: nobody
acts (no human to act, no legal actions, no undo) and ``view`` is the game's review view,
with every secret in it (``game.review.views``). The review screen asks it for the
secrets in words too, so no scene ever reads the state itself.
"""

from __future__ import annotations

from typing import Sequence

from game.bus import EventBus
from game.catalog import get_game
from game.rules.protocol import NOBODY, Action

from . import secrets as secret_words
from .record import GameRecord
from .timeline import Timeline
from .views import review_view


class ReviewSession:
    pace = 0.0

    def __init__(self, record: GameRecord, timeline: Timeline) -> None:
        self.record = record
        self.timeline = timeline
        self.seats = list(record.seats)
        self.spec = get_game(record.game)
        self.bus = EventBus()
        self.humans: list[int] = []        # nobody plays: no hand-offs, no private screens
        self.at_screen: int | None = None
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
            self._views[seat] = review_view(self.record.game, self.match.state, seat)
        return self._views[seat]

    def view_at(self, pos: int, seat: int | None):
        """The review view of another position (the position on screen stays)."""
        return review_view(self.record.game, self.timeline.state_at(pos), seat)

    def secrets(self, names: Sequence[str]) -> list:
        return secret_words.secrets(self.record.game, self.match.state, names)

    def actions_at_step(self, seat: int) -> list[Action]:
        """What ``seat`` could choose at this step (for the Harsh hint, never for a button)."""
        return self.match.state.legal_actions(seat)

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
