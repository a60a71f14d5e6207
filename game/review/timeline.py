"""A finished (or crashed) game as a timeline: every position from the first to the last.

Opening replays the log once, checking every action against the rules and every random
outcome against the seed, and keeps a snapshot of the state every ``every`` steps.
Moving to any position starts from the nearest snapshot at or before it (or from the
position on screen, when that is nearer) and applies at most ``every - 1`` actions, so a
step backwards never replays from the start.

Position ``p`` is the state after the first ``p`` actions; ``0 <= p <= len(log)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from game.catalog import get_game
from game.match import Match
from game.rules.protocol import CHANCE, Action, Event, GameState, RuleError

from . import landmarks

SNAPSHOT_EVERY = 16


class ReplayError(ValueError):
    """The game does not replay: the message says which step and why, in one line."""


@dataclass
class Timeline:
    game_id: str
    num_players: int
    seed: int
    options: dict
    log: list[tuple[int, Action]]
    every: int = SNAPSHOT_EVERY
    entries: list[tuple[int, Event]] = field(default_factory=list)   # (step, event)
    marks: dict[str, list[int]] = field(default_factory=dict)        # kind -> positions
    _snapshots: dict[int, GameState] = field(default_factory=dict, repr=False)
    _pos: int = 0
    _state: GameState | None = None
    chance: int = 1         # the chance stream the game drew from (protocol.chance_rng)

    @classmethod
    def open(cls, game_id: str, num_players: int, seed: int, options: Mapping[str, str],
             log: Sequence[tuple[int, Action]], every: int = SNAPSHOT_EVERY,
             chance: int = 1) -> "Timeline":
        """Replay and check the whole game; ReplayError if any step does not replay."""
        try:
            match = Match.start(game_id, num_players, seed, options, chance)
        except ValueError as exc:
            raise ReplayError(str(exc)) from exc
        t = cls(match.game_id, num_players, seed, dict(match.options), [], max(1, every))
        t.chance = chance
        state = match.state
        entries = t.entries
        for step, (seat, action) in enumerate(log):
            if step % t.every == 0:
                t._snapshots[step] = state.clone()
            if seat == CHANCE:
                if state.decider() != CHANCE:
                    raise ReplayError(f"step {step + 1}: a random outcome where the rules "
                                      f"expect a decision")
                expected = state.sample_chance(match.chance_rng(step))
                if expected != action:
                    raise ReplayError(f"step {step + 1}: the random outcome {action} does not "
                                      f"come from seed {seed} (it gives {expected})")
            try:
                events = state.apply(seat, action)
            except RuleError as exc:
                raise ReplayError(f"step {step + 1} ({action}) is not allowed: {exc}") from exc
            for e in events:
                entries.append((step, e))
            t.log.append((seat, action))
        n = len(t.log)
        if n % t.every == 0:
            t._snapshots[n] = state.clone()
        t._pos, t._state = n, state
        t.marks = landmarks.marks(game_id, entries)
        return t

    # --- positions --------------------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.log)

    @property
    def position(self) -> int:
        return self._pos

    @property
    def finished(self) -> bool:
        return self.state_at(self.length).is_over()

    def state_at(self, pos: int) -> GameState:
        """The state after ``pos`` actions. Do not change it: it is the timeline's own."""
        pos = max(0, min(self.length, pos))
        if pos == self._pos:
            return self._state
        base = (pos // self.every) * self.every
        if self._pos < pos and self._pos >= base:
            state, at = self._state, self._pos          # forward from where we are
        else:
            state, at = self._snapshots[base].clone(), base
        for seat, action in self.log[at:pos]:
            state._apply(seat, action)                  # checked once, when opened
        self._pos, self._state = pos, state
        return state

    def match_at(self, pos: int) -> Match:
        """A Match at ``pos`` (what table scenes read: state, log, seed)."""
        pos = max(0, min(self.length, pos))
        state = self.state_at(pos).clone()   # the timeline keeps stepping its own copy
        return Match(self.game_id, self.num_players, self.seed, dict(self.options), state,
                     self.log[:pos], self.chance)

    def entries_until(self, pos: int) -> list[tuple[int, Event]]:
        """Events of the first ``pos`` actions."""
        return [(s, e) for s, e in self.entries if s < pos]

    # --- jumps ---------------------------------------------------------------------------------
    def next_mark(self, kind: str, pos: int) -> int | None:
        return next((p for p in self.marks.get(kind, ()) if p > pos), None)

    def previous_mark(self, kind: str, pos: int) -> int | None:
        return next((p for p in reversed(self.marks.get(kind, ())) if p < pos), None)

    def to_json(self) -> dict:
        return {"game": self.game_id, "players": self.num_players, "seed": self.seed,
                "chance": self.chance,
                "options": dict(self.options), "log": [[s, a.to_json()] for s, a in self.log]}


def jump_kinds(game_id: str) -> tuple[str, ...]:
    return landmarks.KINDS.get(game_id, ())


def spec_title(game_id: str) -> str:
    return get_game(game_id).title
