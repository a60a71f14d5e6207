"""Frame cost at the tables: the frames right after a game action, and idle frames.

    python build_scripts/bench_frames.py [--actions 150] [--games hunters,harsh,chasing]
                                         [--speed normal] [--seed 1] [--profile FILE]

For each table mid-game (Shadow Hunters at 8 seats, Harsh Shadows, Chasing Shadows at 5),
one person plays seat 0 against computers (easy) in the real app, headless at 1280x720
(SDL dummy drivers, a throw-away user folder). The person's moves go in as posted key
presses and clicks, the way tests/ui_helpers.py drives the app; every frame is one
``App.step``. Each frame's cost is the CPU time of the main thread (``time.thread_time``):
the computers think on their own thread, and a busy machine does not inflate it.

* after an action: the frame in which an action (anyone's) reached the game and the
  ``--after`` frames that follow it (animations start, lists and widgets are rebuilt);
* idle: frames drawn while the person is deciding and nothing moves (drawn every frame
  here; the app itself draws an idle screen only twice a second).

The session's clock is made to advance 1/60 s per frame, so the computers' pace and every
animation take as many frames as they would at 60 frames a second, whatever this machine
does. Pin it to one core for figures to compare: ``taskset -c 1 python build_scripts/...``.
Prints median, p99 and max per table (and --json for the raw figures).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DT = 1 / 60
SLOW = 0.008   # --profile keeps the frames costlier than this (the p99 target)
TABLES = {   # game id -> (seats, options)
    "hunters": (8, {}),
    "harsh": (1, {"difficulty": "standard"}),
    "chasing": (5, {}),
}
NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi")


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``xs``, nearest rank."""
    s = sorted(xs)
    if not s:
        return float("nan")
    k = min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))
    return s[k]


class Bench:
    """One table, driven frame by frame; collects the cost of each frame by kind."""

    def __init__(self, app, game_id: str, seed: int, after: int) -> None:
        self.app = app
        self.game_id = game_id
        self.seed = seed
        self.after = after
        self.rng = random.Random(seed)
        self.now = 1000.0
        self.post_action: list[float] = []
        self.idle: list[float] = []
        self.actions = 0
        self.games = 0
        self.table = None
        self._countdown = 0     # frames of the current after-action window still to count
        self.slow_profile: list | None = None   # --profile: the profiles of the slow frames
        self.slow_frames = 0

    # --- the clock and one frame ------------------------------------------------------------
    def clock(self) -> float:
        return self.now

    def frame(self, *, force_draw: bool = False) -> float:
        import pygame  # noqa: F401  (already imported by the app)

        s = self.table.session
        if s.computer_thinking():
            s.wait_for_computer()   # the worker's time is not the frame's
        if force_draw:
            self.app.touch()
        before = len(s.match.log)
        profile = None
        if self.slow_profile is not None:
            import cProfile

            profile = cProfile.Profile(time.thread_time)
            profile.enable()
        t = time.thread_time()
        self.app.step(DT)
        cost = time.thread_time() - t
        if profile is not None:
            profile.disable()
            if cost > SLOW:
                self.slow_frames += 1
                self.slow_profile.append((cost, self.game_id, profile))
        self.now += DT
        if len(s.match.log) != before and not s.is_over():
            self.actions += len(s.match.log) - before
            self._countdown = self.after + 1
        if self._countdown > 0:
            self._countdown -= 1
            if self.games_started_ok():
                self.post_action.append(cost)
        return cost

    def games_started_ok(self) -> bool:
        return not self.table.session.is_over()

    # --- a game ----------------------------------------------------------------------------------
    def start(self) -> None:
        from game.session import SeatConfig
        try:
            from game.ui.opening import start_game
        except ImportError:   # before the game catalogue (to measure an older checkout)
            from game.ui.tables import start_game

        players, options = TABLES[self.game_id]
        seats = [SeatConfig(NAMES[i], "human" if i == 0 else "computer", "easy")
                 for i in range(players)]
        self.app.pop_to(type(self.app.scenes[0]))
        seed = self.seed + self.games
        self.games += 1
        self.table = start_game(self.app, self.game_id, seats, seed, dict(options))
        self.table.session.clock = self.clock
        self._countdown = 0
        for _ in range(3):
            self.frame()

    def human_move(self) -> None:
        """The person's move, through the screen where it can be pressed."""
        import pygame

        from game.ui.scene import DIGIT_KEYS

        table, s = self.table, self.table.session
        seat = table.acting_seat()
        legal = s.legal_actions(seat)
        digits = sorted(DIGIT_KEYS, key=DIGIT_KEYS.get)[:9]
        before = len(s.match.log)
        keyed = getattr(table, "key_actions", None)
        if self.game_id == "harsh":
            if table.dialog is not None:     # a dialog asks: its first option (Yes, or a pick)
                post_key(digits[0])
            else:
                action = self.harsh_bot.choose(table.view(), table.actions())
                rect = None
                if action.kind in ("ability", "bug", "track", "end", "accuse"):
                    button = find(table, f"#act_{action.kind}")
                    rect = button.rect if button is not None else None
                else:
                    rect = table.locate(action)
                if rect is not None:
                    click(rect.center)
                else:
                    table.choose(action)
        elif keyed:
            post_key(digits[self.rng.randrange(min(9, len(keyed)))])
            post_key(pygame.K_RETURN)
        elif table.choices:
            post_key(digits[self.rng.randrange(min(9, len(table.choices)))])
        else:
            table.choose(self.rng.choice(legal))
        for _ in range(3):
            self.frame()
            if len(s.match.log) != before:
                return
        pending = getattr(table, "input_pending", None)
        for _ in range(60):     # a choice held while a check plays its worlds (Harsh)
            if pending is None or not pending():
                break
            self.frame()
        if len(s.match.log) != before:
            return
        if table.acting_seat() == seat and app_top_is(self.app, table):
            table.choose(self.rng.choice(s.legal_actions(seat)))   # the keys did not reach it
            self.frame()

    def measure_idle(self, frames: int) -> None:
        """The person is deciding and nothing moves: frames drawn with no change."""
        table = self.table
        for _ in range(240):
            if not (table.busy or table.animating()):
                break
            self.frame()
        saved = self._countdown
        self._countdown = 0
        for _ in range(frames):
            self.idle.append(self.frame(force_draw=True))
        self._countdown = saved

    def run(self, actions: int, idle_every: int = 3, idle_frames: int = 8) -> None:
        from game.ai.harsh_hint import make_bot

        self.harsh_bot = make_bot("easy", 0, seed=self.seed)
        self.start()
        decisions = 0
        stuck = 0
        while self.actions < actions:
            table, s = self.table, self.table.session
            top = self.app.top
            if s.is_over():
                self.start()
                continue
            if top is not table:
                post_key_enter()        # a look at one's card, a round's end, a notice
                self.frame()
                continue
            if table.acting_seat() is not None:
                decisions += 1
                if decisions % idle_every == 0:
                    self.measure_idle(idle_frames)
                before = self.actions
                self.human_move()
                stuck = 0 if self.actions != before else stuck + 1
                if stuck > 20:
                    raise RuntimeError(f"{self.game_id}: the person's moves do not reach the game")
                continue
            self.frame()


def post_key(k: int) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def post_key_enter() -> None:
    import pygame

    post_key(pygame.K_RETURN)


def click(pos) -> None:
    import pygame

    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def find(scene, object_id: str):
    """The element of ``scene`` whose object id is ``object_id`` (None if not shown)."""
    todo = list(getattr(scene.root, "elements", []))
    while todo:
        el = todo.pop()
        ids = el.get_object_ids()
        if ids and ids[-1] == object_id and el.visible:
            return el
        todo.extend(getattr(el, "elements", []))
    return None


def app_top_is(app, scene) -> bool:
    return app.top is scene


def summary(xs: list[float]) -> dict:
    ms = [x * 1000 for x in xs]
    return {"frames": len(ms), "median": statistics.median(ms) if ms else float("nan"),
            "p99": percentile(ms, 0.99), "max": max(ms) if ms else float("nan")}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", type=int, default=150, help="game actions per table")
    p.add_argument("--after", type=int, default=3, help="frames counted after each action")
    p.add_argument("--games", default="hunters,harsh,chasing")
    p.add_argument("--speed", default="normal", help="animation speed: slow, normal, fast, off")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--json", action="store_true")
    p.add_argument("--profile", help="write a cProfile (CPU time) of the slow frames to this file")
    p.add_argument("--worst", type=int, default=0, help="with --profile: print the N worst frames")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    w, h = (int(v) for v in args.size.split("x"))
    out = {}
    with tempfile.TemporaryDirectory(prefix="shadows-frames-") as home:
        os.environ["SHADOWS_HOME"] = home
        import gc

        from game.app import App

        # as game.__main__ starts the app: the collector held off until the first frame,
        # which then freezes what start-up made (never scanned again) and turns it on
        gc.disable()
        app = App(size=(w, h), fullscreen=False, show_start_notices=False)
        app.settings.animation_speed = args.speed
        for _ in range(3):
            app.step(DT)
        slow: list = []
        for game_id in args.games.split(","):
            bench = Bench(app, game_id, args.seed, args.after)
            if args.profile:
                bench.slow_profile = slow
            bench.run(args.actions)
            out[game_id] = {"after_action": summary(bench.post_action), "idle": summary(bench.idle),
                            "actions": bench.actions, "games": bench.games}
        if args.profile and slow:
            import pstats

            stats = pstats.Stats(slow[0][2])
            for _, _, profile in slow[1:]:
                stats.add(profile)
            stats.dump_stats(args.profile)
            for cost, game_id, profile in sorted(slow, key=lambda x: -x[0])[:args.worst]:
                print(f"--- {game_id}: a frame of {cost * 1000:.1f} ms", file=sys.stderr)
                pstats.Stats(profile, stream=sys.stderr).sort_stats("cumulative").print_stats(14)
            print(f"{len(slow)} frames over {SLOW * 1000:.0f} ms profiled (CPU time) into "
                  f"{args.profile}", file=sys.stderr)
        app.quit()
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{'table':10s} {'':12s} {'frames':>7s} {'median':>8s} {'p99':>8s} {'max':>8s}  (ms CPU)")
    for game_id, r in out.items():
        for kind in ("after_action", "idle"):
            f = r[kind]
            print(f"{game_id:10s} {kind:12s} {f['frames']:7d} {f['median']:8.2f} {f['p99']:8.2f} "
                  f"{f['max']:8.2f}")
        print(f"{'':10s} ({r['actions']} actions in {r['games']} game(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
