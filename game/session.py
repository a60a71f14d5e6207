"""Drives one game at the table: human intents, computer moves, chance, log, autosave.

The session lives on the main thread. Computer players think on a worker thread (they get
an immutable view and a list of actions, never the state), so the frame rate never
stalls; their answer is applied here, on the main thread, at the pace the settings ask for.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable

from game.bus import (
    ActionApplied,
    DecisionNeeded,
    EventBus,
    GameHappened,
    GameOver,
    Intent,
    IntentRefused,
)
from game.rules.match import Match, replay
from game.rules.protocol import CHANCE, NOBODY, Action, Event, Result, RuleError, chance_rng
from game.rules.registry import get_game

SESSION_VERSION = 1


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or "computer"
    level: str = "normal"
    device: str = "screen"  # a human plays "screen" (at this screen) or "phone"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def on_phone(self) -> bool:
        """This person's secrets and choices live on their phone, never on the big screen."""
        return self.is_human and self.device == "phone"

    @property
    def label(self) -> str:
        return self.name if self.is_human else f"{self.name} ({self.level.title()} computer)"


class Session:
    def __init__(self, match: Match, seats: list[SeatConfig], bus: EventBus | None = None, *,
                 pace: float = 0.8, think_ms: int | None = None, autosave: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if len(seats) != match.num_players:
            raise ValueError(f"{len(seats)} seats for a {match.num_players}-player game")
        self.match = match
        self.seats = list(seats)
        self.spec = get_game(match.game_id)
        self.bus = bus or EventBus()
        self.pace = pace
        self.think_ms = think_ms
        self.autosave_enabled = autosave
        self.clock = clock
        self.entries: list[tuple[int, Event]] = []
        self.at_screen: int | None = None
        self.humans = [i for i, s in enumerate(self.seats) if s.is_human]
        if len(self.humans) == 1 and not self.seats[self.humans[0]].on_phone:
            self.at_screen = self.humans[0]
        self.bots = {}
        for i, s in enumerate(self.seats):
            if not s.is_human:
                if self.spec.bot_factory is None:
                    raise ValueError(f"{self.spec.title} has no computer players yet")
                self.bots[i] = self.spec.bot_factory(s.level, i, seed=match.seed,
                                                     think_ms=think_ms)
        self._executor: ThreadPoolExecutor | None = None
        self._pending: Future | None = None
        self._pending_key: tuple[int, int] | None = None
        self._hold_until = 0.0
        self._next_move_at = 0.0
        self._announced: tuple[int, int] | None = None
        self._barrier = 0  # undo never goes back past this log length
        self._over_published = False
        self._unsub = self.bus.subscribe(Intent, self._on_intent)
        self._lock = threading.Lock()

    # --- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: list[SeatConfig], seed: int,
            options: dict | None = None, bus: EventBus | None = None, **kw) -> "Session":
        match = Match.start(game_id, len(seats), seed, options)
        return cls(match, seats, bus, **kw)

    @classmethod
    def from_save(cls, data: dict, bus: EventBus | None = None, **kw) -> "Session":
        """Rebuild a saved session; ValueError with a clear message if it is damaged."""
        try:
            if data.get("version") != SESSION_VERSION:
                raise ValueError(f"unknown session version {data.get('version')!r}")
            seats = [SeatConfig(str(s["name"]), str(s["kind"]), str(s.get("level", "normal")),
                                "phone" if s.get("device") == "phone" else "screen")
                     for s in data["seats"]]
            match = Match.from_json(data["match"])
            s = cls(match, seats, bus, **kw)
            s.at_screen = data.get("at_screen", s.at_screen)
            s._barrier = int(data.get("barrier", len(match.log)))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"the saved game is damaged ({exc!r})") from exc
        # Rebuild the log panel from a replay so it matches what happened.
        s.entries = s._replay_entries()
        return s

    def to_json(self) -> dict:
        return {
            "version": SESSION_VERSION,
            "seats": [asdict(s) for s in self.seats],
            "match": self.match.to_json(),
            "at_screen": self.at_screen,
            "barrier": self._barrier,
            "finished": self.is_over(),
        }

    def close(self) -> None:
        self._unsub()
        if self._executor:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    # --- queries -------------------------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    def decider(self) -> int:
        return self.match.decider()

    def is_over(self) -> bool:
        return self.match.decider() == NOBODY

    def result(self) -> Result | None:
        return self.match.state.result()

    def view(self, seat: int | None):
        return self.match.state.view(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return self.match.state.legal_actions(seat)

    def human_to_act(self) -> int | None:
        d = self.decider()
        if d >= 0 and self.seats[d].is_human:
            return d
        return None

    def computer_thinking(self) -> bool:
        return self._pending is not None and not self._pending.done()

    def needs_handoff(self, seat: int) -> bool:
        """A hand-off screen is due before ``seat`` sees private information."""
        return (len(self.humans) >= 2 and self.seats[seat].is_human
                and not self.seats[seat].on_phone and self.at_screen != seat)

    def at_this_screen(self, seat: int) -> bool:
        """``seat`` is a person who plays at this screen (not a computer, not a phone)."""
        return self.seats[seat].is_human and not self.seats[seat].on_phone

    def play_here(self, seat: int) -> None:
        """A phone seat falls back to this screen (its phone never joined)."""
        self.seats[seat] = replace(self.seats[seat], device="screen")
        if len(self.humans) == 1:
            self.at_screen = seat

    def handed_to(self, seat: int) -> None:
        self.at_screen = seat

    def log_lines(self, viewer: int | None) -> list[str]:
        return [e.text for _, e in self.entries if e.text and e.visible_to(viewer)]

    def log_events(self, viewer: int | None) -> list[tuple[int, Event]]:
        return [(i, e) for i, e in self.entries if e.visible_to(viewer)]

    # --- acting ---------------------------------------------------------------------------
    def hold(self, seconds: float) -> None:
        """Do not apply the next move before ``seconds`` from now (an animation plays)."""
        self._hold_until = max(self._hold_until, self.clock() + seconds)

    def submit(self, seat: int, action: Action) -> str | None:
        """A person chose ``action`` for ``seat``. Returns None, or why it was refused."""
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].is_human:
            return "that seat is not played at this screen"
        try:
            self._apply(seat, action)
        except RuleError as exc:
            self.bus.publish(IntentRefused(seat, action, str(exc)))
            return str(exc)
        return None

    def _on_intent(self, intent: Intent) -> None:
        self.submit(intent.seat, intent.action)

    def _apply(self, seat: int, action: Action) -> None:
        with self._lock:
            before = self.match.state.clone() if self.spec.reveals else None
            step = len(self.match.log)
            events = self.match.apply(seat, action)
            if seat == CHANCE or (self.spec.reveals and
                                  self.spec.reveals(before, seat, action, events)):
                self._barrier = len(self.match.log)
            elif not self.seats[seat].is_human:
                self._barrier = len(self.match.log)
        self._cancel_pending()
        self._publish(seat, action, step, events)

    def _publish(self, seat: int, action: Action, step: int, events: list[Event]) -> None:
        for e in events:
            self.entries.append((step, e))
        self.bus.publish(ActionApplied(seat, action, step))
        for e in events:
            self.bus.publish(GameHappened(e, step))
        self._autosave()
        if self.is_over() and not self._over_published:
            self._over_published = True
            self.bus.publish(GameOver(self.result()))

    def update(self, now: float | None = None) -> None:
        """One tick of the main loop: chance steps, computer moves, announcements."""
        now = self.clock() if now is None else now
        for _ in range(50):  # bounded so one frame never runs away
            if self.is_over() or now < self._hold_until:
                return
            d = self.decider()
            if d == CHANCE:
                rng_step = len(self.match.log)
                action = self.match.state.sample_chance(chance_rng(self.match.seed, rng_step))
                self._apply(CHANCE, action)
                now = self.clock()
                continue
            if self.seats[d].is_human:
                key = (len(self.match.log), d)
                if self._announced != key:
                    self._announced = key
                    self.bus.publish(DecisionNeeded(d, True))
                return
            self._computer_step(d, now)
            return

    def _computer_step(self, seat: int, now: float) -> None:
        key = (len(self.match.log), seat)
        if self._pending is None or self._pending_key != key:
            self._cancel_pending()
            view = self.match.state.view(seat)
            actions = self.match.state.legal_actions(seat)
            bot = self.bots[seat]
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1,
                                                    thread_name_prefix="computer-player")
            self._pending = self._executor.submit(bot.choose, view, actions)
            self._pending_key = key
            self.bus.publish(DecisionNeeded(seat, False))
            return
        if not self._pending.done() or now < self._next_move_at:
            return
        action = self._pending.result()  # a bot error surfaces here, loudly
        self._pending = None
        self._apply(seat, action)
        self._next_move_at = self.clock() + self.pace

    def _cancel_pending(self) -> None:
        if self._pending is not None and self._pending_key != (len(self.match.log),
                                                               self.decider()):
            self._pending.cancel()
            self._pending = None

    def wait_for_computer(self, timeout: float = 30.0) -> None:
        """Block until a pending computer decision is ready (tests and the simulator)."""
        if self._pending is not None:
            self._pending.result(timeout=timeout)

    # --- undo ------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self._last_undoable() is not None

    def _last_undoable(self) -> int | None:
        for i in range(len(self.match.log) - 1, self._barrier - 1, -1):
            seat, _ = self.match.log[i]
            if seat >= 0 and self.seats[seat].is_human:
                return i
        return None

    def undo(self) -> bool:
        """Take back the last human choice, never past a reveal or a random outcome."""
        i = self._last_undoable()
        if i is None:
            return False
        self._cancel_pending()
        m = self.match
        self.match = replay(m.game_id, m.num_players, m.seed, m.options, m.log[:i])
        self.entries = [(s, e) for s, e in self.entries if s < i]
        self._announced = None
        self._autosave()
        return True

    # --- persistence -------------------------------------------------------------------------
    def _autosave(self) -> None:
        if not self.autosave_enabled:
            return
        from game.storage import saves
        data = self.to_json()
        saves.save_autosave(data)
        if data["finished"]:
            saves.retire_autosave()

    def _replay_entries(self) -> list[tuple[int, Event]]:
        m = self.match
        fresh = Match.start(m.game_id, m.num_players, m.seed, m.options)
        out: list[tuple[int, Event]] = []
        for step, (seat, action) in enumerate(m.log):
            for e in fresh.apply(seat, action):
                out.append((step, e))
        return out

    def crash_context(self) -> dict[str, Any]:
        m = self.match
        return {"game": m.game_id, "seed": m.seed, "options": m.options,
                "players": m.num_players, "log": [[s, a.to_json()] for s, a in m.log]}
