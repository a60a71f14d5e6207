"""Replaying a played Shadow Hunters game through the real app with blind keys (issue 37).

A lead's playtest (2 people + 2 computers, continued from a save at Red's turn 10) once
saw Red's turn 14 come without "Pass to Red" after Blue had last held the screen, with
keys pressed blind on a timer. ``replay`` continues the same game from the same point
(the saved seed and moves), makes every person's and computer's move the one logged
(the computers are told it; the people's are chosen at the table), and presses Enter and
"1" blind every few frames, whatever is on screen, the way a timer does. It watches who
holds the screen: whenever it goes to another person, that must be through a hand-off
to her that was on screen (drawn) for half a second and then pressed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from ui_helpers import frame_clock, step

from game.match import replay as replay_match
from game.rules.protocol import Action
from game.session import SeatConfig, Session

# The lead's game, as saved at its end (turn 23): seed, options and every move.
SAVE = Path(__file__).with_name("data") / "hunters_handoff_playtest.json"
CONTINUED_AT = 74       # the log's length at "Continue: Shadow Hunters, turn 10"
SEEN_FRAMES = 30        # half a second at 60 frames a second


def saved_game() -> dict:
    return json.loads(SAVE.read_text(encoding="utf-8"))["data"]


def as_action(entry) -> tuple:
    a = Action.from_json(entry)
    return a.kind, tuple(a.args)


@dataclass
class Watch:
    """Who has held the screen, and every change of hands that did not come through a
    hand-off seen for half a second."""
    owner: int | None = None
    problems: list = field(default_factory=list)
    handoffs: list = field(default_factory=list)     # (log length, seat) of each one shown


class LoggedBot:
    """A computer that plays the logged move (the game then follows the playtest)."""

    def __init__(self, session_ref, seat: int, logged) -> None:
        self.session_ref, self.seat, self.logged = session_ref, seat, logged

    def choose(self, view, actions):
        s = self.session_ref[0]
        seat, entry = self.logged[len(s.match.log)]
        assert seat == self.seat, ("the log has another seat to move", seat, self.seat)
        want = as_action(entry)
        return next(a for a in actions if (a.kind, tuple(a.args)) == want)


def continued_save(stop: int = CONTINUED_AT, at_screen: int | None = 1) -> dict:
    data = saved_game()
    m = data["match"]
    log = [(int(seat), Action.from_json(e)) for seat, e in m["log"][:stop]]
    match = replay_match(m["game"], m["players"], m["seed"], m["options"], log, m.get("chance", 1))
    seats = [SeatConfig(s["name"], s["kind"], s["level"]) for s in data["seats"]]
    out = Session(match, seats, autosave=False).to_json()
    out["at_screen"] = at_screen   # Blue had the screen when the game was left
    out["barrier"] = len(log)      # as a save made after a computer's move says
    return out


def replay(app, enter_every: int, one_every: int, offset: int = 0, think: int = 20,
           until_log: int = 114, frames: int = 40000, continue_at: int = CONTINUED_AT,
           saved_at_screen: int | None = 1) -> Watch:
    """Continue the playtest and play it to ``until_log`` moves with blind keys: Enter every
    ``enter_every`` frames and "1" every ``one_every`` frames (not while a person is to
    choose at the table, where it would pick another move than the logged one); each
    person's logged move is made ``think`` frames after her table offers it. The game is
    continued from its first ``continue_at`` moves, saved with ``saved_at_screen`` at the
    screen."""
    from game.storage import saves
    from game.ui.hunters.overlays import CharacterScene, LookHandoff
    from game.ui.opening import open_saved_game
    from game.ui.scenes.handoff import HandoffScene

    data = saved_game()
    logged = data["match"]["log"]
    path = saves.new_save_path("hunters")
    saves.save_game(path, continued_save(continue_at, saved_at_screen))
    table = open_saved_game(app, path)
    s = table.session
    s.clock = frame_clock          # the computers' pace in frames, as the animations
    ref = [s]
    for seat in list(s.bots):
        s.bots[seat] = LoggedBot(ref, seat, logged)
    watch = Watch()
    ready_at = None
    prev_top = None
    for f in range(frames):
        n = len(s.match.log)
        if n >= until_log or s.is_over():
            break
        top = app.top
        deciding = top is table and table.acting_seat() is not None
        if (f + offset) % enter_every == 0 and not (deciding and table.selected is not None):
            post(pygame.K_RETURN)
        if (f + offset) % one_every == 0 and not deciding:
            post(pygame.K_1)
        if deciding and not table.moments:
            seat = table.acting_seat()
            ready_at = f if ready_at is None else ready_at
            if f - ready_at >= think and n < len(logged) and logged[n][0] == seat:
                want = as_action(logged[n][1])
                action = next((a for a in s.legal_actions(seat) if (a.kind, tuple(a.args)) == want), None)
                assert action is not None, ("the logged move is not offered", n, want)
                table.select(None)
                table.choose(action)
                ready_at = None
        elif isinstance(top, (LookHandoff, CharacterScene)) and f % 97 == 0:
            post(pygame.K_RETURN)
        step(app)
        _check(app, table, watch, prev_top, HandoffScene)
        prev_top = app.top
    watch.final_log = len(s.match.log)
    watch.deviated = [(seat, as_action(e)) for seat, e in logged[:len(s.match.log)]] != [
        (seat, (act.kind, tuple(act.args))) for seat, act in s.match.log]
    return watch


def post(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def _check(app, table, watch: Watch, prev_top, HandoffScene) -> None:
    s = table.session
    top = app.top
    if isinstance(top, HandoffScene) and top is not prev_top:
        watch.handoffs.append((len(s.match.log), top.seat))
    now = s.at_screen
    if now is None or now == watch.owner:
        return
    ok = (isinstance(prev_top, HandoffScene) and prev_top.seat == now
          and prev_top._shown_at is not None
          and app.frames - prev_top._shown_at >= SEEN_FRAMES)
    if not ok:
        watch.problems.append((len(s.match.log), watch.owner, now, type(prev_top).__name__,
                               getattr(prev_top, "_shown_at", None), app.frames))
    watch.owner = now
