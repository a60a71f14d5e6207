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

from game import i18n
from game.bus import (
    ActionApplied,
    DecisionNeeded,
    EventBus,
    GameHappened,
    GameOver,
    Intent,
    IntentRefused,
)
from game.catalog import get_game
from game.match import Match, replay
from game.rules.protocol import CHANCE, NOBODY, Action, Event, Result, RuleError

SESSION_VERSION = 1
MAX_NAME = 24          # seat names are cut to this on entry and on load
MAX_SAVED_ACTIONS = 100_000


@dataclass(frozen=True)
class SeatConfig:
    name: str
    kind: str = "human"  # "human" or "computer"
    level: str = "normal"
    device: str = "screen"  # a human plays "screen" (at this screen) or "phone"
    hints: bool = False     # this person may ask for hints (game.advice; Setup's option)

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


def check_save_fields(data) -> None:
    """Every field of a saved session against its type and range (ValueError if not)."""
    def is_int(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if not isinstance(data, dict):
        raise ValueError(i18n._("it is not a saved game"))
    if data.get("version") != SESSION_VERSION:
        raise ValueError(i18n._("it was saved in a format this version does not know"))
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats or len(seats) > 16:
        raise ValueError(i18n._("its list of players is damaged"))
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not isinstance(seat.get("name"), str):
            raise ValueError(i18n._("player {n} is damaged", n=i + 1))
        if seat.get("kind") not in ("human", "computer"):
            raise ValueError(i18n._("player {n} is neither a person nor a computer", n=i + 1))
        if not isinstance(seat.get("level", "normal"), str):
            raise ValueError(i18n._("player {n} has a damaged computer level", n=i + 1))
    match = data.get("match")
    if not isinstance(match, dict):
        raise ValueError(i18n._("the game record is missing"))
    if not is_int(match.get("seed")) or not 0 <= match["seed"] < 2 ** 63:
        raise ValueError(i18n._("its seed is damaged"))
    if not is_int(match.get("players")) or match["players"] != len(seats):
        raise ValueError(i18n._("its number of players is damaged"))
    if not isinstance(match.get("options"), dict) or not isinstance(match.get("game"), str):
        raise ValueError(i18n._("its game or options are damaged"))
    log_ = match.get("log")
    if not isinstance(log_, list) or len(log_) > MAX_SAVED_ACTIONS:
        raise ValueError(i18n._("its list of moves is damaged"))
    for entry in log_:
        if not (isinstance(entry, list) and len(entry) == 2 and is_int(entry[0])):
            raise ValueError(i18n._("its list of moves is damaged"))
    at_screen = data.get("at_screen")
    if at_screen is not None and not is_int(at_screen):
        raise ValueError(i18n._("the player at the screen is damaged"))
    if not is_int(data.get("barrier", 0)):
        raise ValueError(i18n._("its undo limit is damaged"))


def progress_of(match: Match) -> str:
    """How far ``match`` is, for the Saved games list ("round 2", "turn 11")."""
    if match.decider() == NOBODY:
        return "finished"
    try:
        view = match.state.view(None)
    except Exception:  # noqa: BLE001 - a label must never stop a save
        view = {}
    for key in ("round", "turn"):
        value = view.get(key) if hasattr(view, "get") else None
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            return f"{key} {value}"
    turns, last = 0, None
    for seat, _ in match.log:
        if seat >= 0 and seat != last:
            turns, last = turns + 1, seat
    return f"turn {max(1, turns)}"


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
        self.save_in_background = False   # the tables write saves off the frame
        self._writer = None               # SaveWriter, made at the first background save
        self._save_frames = 0             # frames since the oldest unreported save began
        self._unreported = False          # a background save's outcome is still to be told
        self.clock = clock
        self.entries: list[tuple[int, Event]] = []
        self.at_screen: int | None = None
        self.humans = [i for i, s in enumerate(self.seats) if s.is_human]
        if len(self.humans) == 1 and not self.seats[self.humans[0]].on_phone:
            self.at_screen = self.humans[0]
        # Whose secrets the screen showed last, kept while it is public between that
        # person's moves: back to them needs no hand-off (nobody else's were shown since).
        # None once someone hid every card on purpose, and in a continued game.
        self.last_viewer: int | None = self.at_screen
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
        self._answered = False  # the person at the screen answered; where does play go next?
        self.save_path = None  # this game's own save file, chosen at the first save
        self.save_problem: str | None = None  # why the last autosave failed, if it did
        self.also_save_to = None  # a file the player chose with "Save to…"
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
    def from_save(cls, data: dict, bus: EventBus | None = None, *, save_path=None,
                  **kw) -> "Session":
        """Rebuild a saved session; ValueError with a clear message if it is damaged or
        edited: every field is checked against its type and range, the log is replayed,
        and each chance outcome must be the one the seed gives."""
        try:
            check_save_fields(data)
            seats = [SeatConfig(s["name"].strip()[:MAX_NAME] or i18n._("Player {n}", n=i + 1), s["kind"],
                                s.get("level", "normal"),
                                "phone" if s.get("device") == "phone" else "screen",
                                s.get("hints") is True)
                     for i, s in enumerate(data["seats"])]
            match = Match.from_json(data["match"], verify=False)
            if len(seats) != match.num_players:
                raise ValueError(i18n._("it has {seats} seats for {players} players", seats=len(seats),
                                        players=match.num_players))
            s = cls(match, seats, bus, **kw)
            for i, cfg in enumerate(seats):
                if not cfg.is_human and cfg.level not in s.spec.bot_levels:
                    raise ValueError(i18n._("seat {n} has an unknown computer level", n=i + 1))
            lowest_barrier, entries = s._check_replay()
            at_screen = data.get("at_screen")
            if at_screen is not None and (at_screen not in s.humans
                                          or not s.at_this_screen(at_screen)):
                raise ValueError(i18n._("the player at the screen is not a person at this table"))
            if at_screen is not None or len(s.humans) != 1:
                s.at_screen = at_screen
            barrier = data.get("barrier", len(match.log))
            if not (lowest_barrier <= barrier <= len(match.log)):
                raise ValueError(i18n._("its undo limit does not fit the game"))
            s._barrier = barrier
        except ValueError:
            raise
        except Exception as exc:  # noqa: BLE001 - an edited save may break the rules code anywhere
            raise ValueError(i18n._("the saved game is damaged ({why})", why=type(exc).__name__)) from exc
        s.save_path = save_path
        s.entries = entries  # the log panel, from the replay, so it matches what happened
        return s

    def _check_replay(self) -> tuple[int, list[tuple[int, Event]]]:
        """Replay the log as the session plays it: every chance outcome must be the one
        the seed gives and the end must be the saved state. Returns the lowest undo limit
        the game allows and the log panel's entries."""
        m = self.match
        fresh = Match.start(m.game_id, m.num_players, m.seed, m.options, m.chance)
        barrier = 0
        entries: list[tuple[int, Event]] = []
        for step, (seat, action) in enumerate(m.log):
            if seat != CHANCE and not (0 <= seat < m.num_players):
                raise ValueError(i18n._("action {step} names a seat that is not at the table", step=step))
            if seat == CHANCE:
                if fresh.decider() != CHANCE:
                    raise ValueError(i18n._("action {step} is a chance outcome out of turn", step=step))
                expected = fresh.state.sample_chance(m.chance_rng(step))
                if expected != action:
                    raise ValueError(i18n._("chance outcome {step} is not the one its seed gives", step=step))
            before = fresh.state.clone() if self.spec.reveals else None
            try:
                events = fresh.apply(seat, action)
            except RuleError as exc:
                raise ValueError(i18n._("move {n} cannot be replayed: {why}", n=step + 1, why=exc)) from exc
            entries.extend((step, e) for e in events)
            if seat == CHANCE or not self.seats[seat].is_human or (
                    self.spec.reveals and self.spec.reveals(before, seat, action, events)):
                barrier = len(fresh.log)
        if fresh.state.to_json() != m.state.to_json():
            raise ValueError(i18n._("the position does not match its list of moves"))
        return barrier, entries

    def to_json(self) -> dict:
        return self._snapshot()()

    def _snapshot(self) -> Callable[[], dict]:
        """What ``to_json`` will say about the game as it is now, built when called (on the
        save writer's thread): the state is cloned and the log copied here, so later moves
        do not reach it."""
        m = self.match
        match = Match(m.game_id, m.num_players, m.seed, dict(m.options), m.state.clone(),
                      list(m.log), m.chance)
        seats, at_screen, barrier = list(self.seats), self.at_screen, self._barrier
        slot = self.save_path.name if self.save_path is not None else None
        return lambda: {
            "version": SESSION_VERSION,
            "seats": [asdict(s) for s in seats],
            "match": match.to_json(),
            "at_screen": at_screen,
            "barrier": barrier,
            "finished": match.decider() == NOBODY,
            "progress": progress_of(match),
            "slot": slot,
        }

    def progress(self) -> str:
        """How far the game is, for the Saved games list ("round 2", "turn 11")."""
        return progress_of(self.match)

    def close(self) -> None:
        self.flush_saves()      # the last move's save is on disk before the table goes
        if self.save_problem is not None:
            from game.storage import problems

            problems.succeeded("game")  # the table is gone: no game left to warn about
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
        """A hand-off screen is due before ``seat`` sees private information: only when
        the screen would go from another person's secrets to theirs. Back to the person
        whose secrets it showed last (only computers and chance moved since) needs none."""
        return (len(self.humans) >= 2 and self.seats[seat].is_human
                and not self.seats[seat].on_phone and self.at_screen != seat
                and self.last_viewer != seat)

    def at_this_screen(self, seat: int) -> bool:
        """``seat`` is a person who plays at this screen (not a computer, not a phone)."""
        return self.seats[seat].is_human and not self.seats[seat].on_phone

    def play_here(self, seat: int) -> None:
        """A phone seat falls back to this screen (its phone never joined)."""
        self.seats[seat] = replace(self.seats[seat], device="screen")
        if len(self.humans) == 1:
            self.at_screen = seat

    def several(self) -> bool:
        """More than one person shares the screen (pass-and-play)."""
        return len(self.humans) >= 2

    def handed_to(self, seat: int | None) -> None:
        """``seat`` now sits at the screen (None: nobody, every card hidden on purpose, so
        whoever comes next, even the same person, gets a hand-off)."""
        self.at_screen = seat
        self.last_viewer = seat
        self._answered = False
        if self.several():
            # Undo is yours alone: nothing from before the hand-off can be taken back.
            self._barrier = len(self.match.log)

    def go_public(self) -> None:
        """The screen shows only public information while others play; the person who
        sat there gets it back without a hand-off if nobody else's secrets come first."""
        self.at_screen = None
        self._answered = False

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
            return i18n._("that seat is not played at this screen")
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
            if self.several() and seat >= 0 and seat == self.at_screen:
                self._answered = True
            self._settle_screen()
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

    def _settle_screen(self) -> None:
        """With several people at the screen, it goes public the moment the person at it
        has answered and the next decision (once the dice have settled) is not theirs:
        nothing of theirs stays on screen while others play, until the next hand-off, or
        until play comes back to them with nobody else's secrets in between."""
        if not self._answered:
            return
        d = self.decider()
        if d == CHANCE:
            return
        self._answered = False
        if d != self.at_screen:
            self.at_screen = None

    def _resume_screen(self) -> None:
        """Play comes back to the person whose secrets the screen showed last, with only
        computers and chance in between: the screen is theirs again, no hand-off. Done when
        her decision is announced (``update``), after the holds of the moves before it, so
        the computers' moves are seen on the public table to the end."""
        if self.at_screen is not None or self.last_viewer is None or not self.several():
            return
        d = self.decider()
        if d == self.last_viewer and self.at_this_screen(d):
            self.at_screen = d
            self._barrier = len(self.match.log)   # the computers' moves stay done

    def update(self, now: float | None = None) -> None:
        """One tick of the main loop: chance steps, computer moves, announcements."""
        now = self.clock() if now is None else now
        self._collect_saves()
        for _ in range(50):  # bounded so one frame never runs away
            if self.is_over() or now < self._hold_until:
                return
            d = self.decider()
            if d == CHANCE:
                rng_step = len(self.match.log)
                action = self.match.state.sample_chance(self.match.chance_rng(rng_step))
                self._apply(CHANCE, action)
                now = self.clock()
                continue
            if self.seats[d].is_human:
                self._resume_screen()
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
        several = self.several()
        for i in range(len(self.match.log) - 1, self._barrier - 1, -1):
            seat, _ = self.match.log[i]
            if several and seat != self.at_screen:
                return None  # in pass-and-play you take back only your own moves
            if seat >= 0 and self.seats[seat].is_human:
                return i
        return None

    def undo(self) -> bool:
        """Take back the last human choice, never past a reveal or a random outcome, and
        in pass-and-play only a choice of the person at the screen since the hand-off."""
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
        """Save after every action. A failing disk never stops the game: the problem is
        reported for the banner and the next action tries again; what was saved before
        stays as it was. After "Save to…" the game is also saved to the chosen file.
        With ``save_in_background`` (the tables) the file is written on the save
        writer's thread and its outcome reported a frame later (``update``)."""
        if not self.autosave_enabled:
            return
        from game.storage import saves

        path_error = None
        first = self.save_path is None   # the game's file is made at once, at its start
        if first:
            try:
                self.save_path = saves.new_save_path(self.match.game_id)
            except OSError as exc:
                path_error = exc
        job = self._save_job(self._snapshot(), self.save_path, self.also_save_to, path_error)
        if first or not self.save_in_background:
            self.flush_saves()
            self._report_save(job())
            return
        if self._writer is None:
            from game.save_writer import SaveWriter

            self._writer = SaveWriter()
        if not self._unreported:
            self._save_frames = 0        # the age of the oldest save not yet reported
            self._unreported = True
        self._writer.submit(job)

    @staticmethod
    def _save_job(snapshot: Callable[[], dict], path, also_to,
                  path_error: OSError | None = None) -> Callable[[], OSError | None]:
        """Write the save (and the finished game's copy); the failure, or None."""
        def job() -> OSError | None:
            from game.storage import saves

            data = None
            failure = path_error
            if failure is None:
                try:
                    data = snapshot()
                    saves.save_game(path, data)
                    if data["finished"]:
                        saves.keep_finished(data)
                    return None
                except OSError as exc:
                    failure = exc
            if also_to is not None:
                try:
                    saves.save_game(also_to, data or snapshot())
                    return None  # safe in the folder the player chose
                except OSError as exc:
                    failure = exc
            return failure
        return job

    def _report_save(self, failure: OSError | None) -> None:
        """Tell the banner how the last save went (on the main thread)."""
        from game.storage import problems, saves

        if failure is not None:
            self.save_problem = problems.failed(
                "game", self.save_path or saves.user_dirs().data_dir, failure).why
            return
        self.save_problem = None
        problems.succeeded("game")

    def flush_saves(self) -> None:
        """Wait for the save being written (if any) and report how it went."""
        if self._writer is None:
            return
        self._unreported = False
        for failure in self._writer.wait():
            if failure is not None and not isinstance(failure, OSError):
                raise failure
            self._report_save(failure)

    def _collect_saves(self) -> None:
        """Once per frame: a save started a frame ago or more is reported now (it has had
        that frame's rest to be written; waiting for it here is rarely needed)."""
        if not self._unreported:
            return
        if self._save_frames >= 1:
            self.flush_saves()
        self._save_frames += 1

    def save_now(self) -> str | None:
        """Save at once (leaving the table); why it failed, or None."""
        self.flush_saves()
        was, self.autosave_enabled = self.autosave_enabled, True
        background, self.save_in_background = self.save_in_background, False
        try:
            self._autosave()
        finally:
            self.autosave_enabled, self.save_in_background = was, background
        return self.save_problem

    def save_to(self, path) -> None:
        """Save this game into ``path`` and keep saving there while the usual folder
        fails. OSError if that cannot be written either."""
        from game.storage import problems, saves

        self.flush_saves()
        saves.save_game(path, self.to_json())
        self.also_save_to = path
        self.save_problem = None
        problems.succeeded("game")

    def crash_context(self) -> dict[str, Any]:
        m = self.match
        return {"game": m.game_id, "seed": m.seed, "chance": m.chance, "options": m.options,
                "players": m.num_players, "log": [[s, a.to_json()] for s, a in m.log]}
