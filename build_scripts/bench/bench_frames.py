"""Frame cost at the tables: the frames right after a game action, the transitions, and idle frames.

    python build_scripts/bench/bench_frames.py [--actions 150] [--games hunters,harsh,chasing]
                                         [--people 2] [--speed normal] [--seed 1] [--profile FILE]
                                         [--why]

For each table mid-game (Shadow Hunters at 8 seats, Harsh Shadows, Chasing Shadows at 5),
``--people`` persons (seats 0 and 1, pass-and-play; Harsh has one seat) play against
computers (easy) in the real app, headless at 1280x720 (SDL dummy drivers, a throw-away
user folder). The persons' moves go in as posted key presses and clicks, the way
tests/ui_helpers.py drives the app; every frame is one ``App.step``. Each frame's cost is
the CPU time of the main thread (``time.thread_time``): the computers think on their own
thread, and a busy machine does not inflate it. Every table plays until ``--actions``
actions have been made and at least ``--finish`` games have ended.

* after an action: the frame in which an action (anyone's) reached the game and the
  ``--after`` frames that follow it (animations start, lists and widgets are rebuilt),
  except frames while the curtain is up (those are the opening's: it keeps moving);
* transitions, each the frames of one moment (a frame may count for several):
  - turn: the turn passes to a person (another seat decides now): the frame it does and
    the 20 after it, and the 20 frames after the table comes back from the hand-off. A
    turn that passes while a new table is dealt behind the curtain counts from the
    frame the curtain lifts (the frames behind it are the opening's);
  - trick: a trick is won (Chasing), and the 60 frames after it (more while it shows);
  - round: a round is scored (Chasing), through its round-end screen, until 20 frames
    after the table is back;
  - end: the game ends, through the final linger, until 20 frames after its results
    screen is up;
  - first: the frame of the press of Start on the setup screen (the game made, its table
    put up, or the curtain that makes it ready);
  - opening: the frames after it, while the curtain is up (its cards keep moving) and 30
    after;
  - moment: every frame while a table's moment is held to be seen (a trick's end, a
    reveal, a death, a damage banner, the turn passing, the final linger);
  - spy: Harsh Shadows' Spy on its way and what follows its landing (the Countdown's
    tick, a dropped card, the verdict of a loss or a win).
  While a moment's frames are counted, a change of screen (a hand-off, a round's end, the
  results) counts 20 more.
* idle: frames drawn while the person is deciding and nothing moves (drawn every frame
  here; the app itself draws an idle screen only twice a second).

The session's clock is made to advance 1/60 s per frame, so the computers' pace and every
animation take as many frames as they would at 60 frames a second, whatever this machine
does. Pin it to one core for figures to compare: ``taskset -c 1 python build_scripts/...``.
Prints median, p99 and max per table and kind (and --json for the raw figures).
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

ROOT = Path(__file__).resolve().parents[2]
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


TRANSITIONS = ("turn", "trick", "round", "end", "first", "opening", "moment", "spy")
SPY_ANIMS = ("spy", "tick", "drop", "ending")   # Harsh: the Spy's move and its aftermath
TURN_FRAMES = 20        # frames counted when the turn passes to a person, and after a hand-off
MOMENT_FRAMES = 60      # frames counted after a trick is won or a round is scored
SCREEN_FRAMES = 20      # more frames counted when the screen changes during a moment
OPENING_FRAMES = 30     # frames after a table's first frame
SETUP_FRAMES = 60       # frames of the setup screen before Start is pressed (a second)
MOMENT_EVENTS = {"trick_won": "trick", "round_scored": "round"}
CHANCE = -1


class Bench:
    """One table, driven frame by frame; collects the cost of each frame by kind."""

    def __init__(self, app, game_id: str, seed: int, after: int, people: int = 2) -> None:
        self.app = app
        self.game_id = game_id
        self.seed = seed
        self.after = after
        self.people = max(1, min(people, TABLES[game_id][0]))
        self.rng = random.Random(seed)
        self.now = 1000.0
        self.post_action: list[float] = []
        self.idle: list[float] = []
        self.moments: dict[str, list[float]] = {k: [] for k in TRANSITIONS}
        self._open: dict[str, int] = {}   # moment -> frames of it still to count
        self.actions = 0
        self.games = 0
        self.finished = 0
        self.table = None
        self._countdown = 0     # frames of the current after-action window still to count
        self.slow_profile: list | None = None   # --profile: the profiles of the slow frames
        self.slow_frames = 0
        self.turn_behind_curtain = False   # a person's turn came while the curtain was up
        self.why: Why | None = None         # --why: what else happened in the slow frames
        self.frames = 0

    # --- the clock and one frame ------------------------------------------------------------
    def clock(self) -> float:
        return self.now

    def frame(self, *, force_draw: bool = False, before_step=None) -> float:
        """One ``App.step`` (after ``before_step()``, counted in the frame: a press of
        Start); its CPU time goes to every kind of frame it belongs to."""
        import pygame

        table = self.table
        s = table.session if table is not None else None
        if s is not None and s.computer_thinking():
            s.wait_for_computer()   # the worker's time is not the frame's
        if force_draw:
            self.app.touch()
        before = len(s.match.log) if s is not None else 0
        entries = len(s.entries) if s is not None else 0
        decider = s.decider() if s is not None and not s.is_over() else None
        over = s.is_over() if s is not None else False
        top = self.app.top
        profile = None
        if self.slow_profile is not None:
            import cProfile

            profile = cProfile.Profile(time.thread_time)
            profile.enable()
        if before_step is not None:
            # the press comes in as an event of the frame, as a click on Start does
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, bench_press=True))
            real = self.app.dispatch

            def dispatch(event):
                if getattr(event, "bench_press", False):
                    before_step()
                else:
                    real(event)
            self.app.dispatch = dispatch
        watch = self.why.before() if self.why is not None else None
        t = time.thread_time()
        self.app.step(DT)
        cost = time.thread_time() - t
        if watch is not None:
            self.why.after(watch, cost, self.game_id, self.frames)
        self.frames += 1
        if before_step is not None:
            del self.app.dispatch
        if profile is not None:
            profile.disable()
            if cost > SLOW:
                self.slow_frames += 1
                self.slow_profile.append((cost, self.game_id, profile))
        self.now += DT
        if before_step is not None:
            self.moments["first"].append(cost)
            self._open = {"opening": OPENING_FRAMES}
            return cost
        self.count_moments(cost, s, entries, decider, over, top)
        self.count_after_action(cost, s, before, top)
        return cost

    def count_after_action(self, cost: float, s, before: int, top) -> None:
        """An action (anyone's) reached the game: this frame and the ``after`` next count,
        but not while the curtain is up (before or after the frame): the computers' first
        moves made while a table is dealt behind it are the opening's frames, and the
        curtain keeps moving over them."""
        if len(s.match.log) != before and not s.is_over():
            self.actions += len(s.match.log) - before
            self._countdown = self.after + 1
        if self._countdown > 0:
            self._countdown -= 1
            if self.games_started_ok() and not (is_curtain(top) or is_curtain(self.app.top)):
                self.post_action.append(cost)

    def count_moments(self, cost: float, s, entries: int, decider, over: bool, top) -> None:
        """Which moments this frame belongs to, by what it changed (``*`` before it)."""
        opened = dict(self._open)
        for kind in opened:
            self.moments[kind].append(cost)
        for kind in opened:
            self._open[kind] -= 1
        for _, e in s.entries[entries:]:
            kind = MOMENT_EVENTS.get(e.kind)
            if kind is not None:
                if kind not in opened:
                    self.moments[kind].append(cost)
                self._open[kind] = max(self._open.get(kind, 0), MOMENT_FRAMES)
        now = s.decider() if not s.is_over() else None
        new_top = self.app.top
        curtained = is_curtain(top) or is_curtain(new_top)
        if (now is not None and now != CHANCE and now != decider and s.seats[now].is_human):
            if curtained:
                # the first turn passes while the table is dealt behind the curtain: those
                # frames are the opening's (the curtain keeps moving), the turn's start
                # when it lifts
                self.turn_behind_curtain = True
            else:
                if "turn" not in opened:
                    self.moments["turn"].append(cost)
                self._open["turn"] = max(self._open.get("turn", 0), TURN_FRAMES)
        if self.turn_behind_curtain and not is_curtain(new_top):
            self.turn_behind_curtain = False    # lifted: the table shows in this frame
            if "turn" not in opened:
                self.moments["turn"].append(cost)
            self._open["turn"] = max(self._open.get("turn", 0), TURN_FRAMES)
        if new_top is self.table and top is not self.table and top is not None \
                and type(top).__name__ == "HandoffScene":
            self._open["turn"] = max(self._open.get("turn", 0), TURN_FRAMES)
        if s.is_over() and not over:
            if "end" not in opened:
                self.moments["end"].append(cost)
            self._open["end"] = 10**9      # until the results are up
        if "end" in self._open and is_results(new_top) and self._open["end"] > SCREEN_FRAMES:
            self._open["end"] = SCREEN_FRAMES
        if is_curtain(new_top):
            self._open["opening"] = OPENING_FRAMES   # the opening lasts while it is up
        if "round" in self._open and "round" not in opened:
            self._open["round"] = 10**9    # until its screen has come and gone
        if new_top is not top:
            for kind in opened:
                if kind in self._open and kind != "end":
                    if kind == "round" and new_top is not self.table:
                        continue
                    self._open[kind] = SCREEN_FRAMES if kind == "round" else max(
                        self._open[kind], SCREEN_FRAMES)
        if getattr(self.table, "moments", None):
            self.moments["moment"].append(cost)
        timeline = getattr(self.table, "timeline", None)
        if timeline is not None and any(a.kind in SPY_ANIMS for a in timeline.anims):
            self.moments["spy"].append(cost)
        if self._open.get("trick") == 0 and self.table.animating():
            self._open["trick"] = 1        # the taken trick still shows
        self._open = {k: n for k, n in self._open.items() if n > 0}

    def games_started_ok(self) -> bool:
        return not self.table.session.is_over()

    # --- a game ----------------------------------------------------------------------------------
    def start(self) -> None:
        """A new game, started from its setup screen as a person starts one."""
        from game.catalog import get_game
        from game.session import SeatConfig
        from game.ui import navigation
        try:
            from game.ui.opening import start_game
        except ImportError:   # before the game catalogue (to measure an older checkout)
            from game.ui.tables import start_game

        players, options = TABLES[self.game_id]
        seats = [SeatConfig(NAMES[i], "human" if i < self.people else "computer", "easy")
                 for i in range(players)]
        self.app.pop_to(type(self.app.scenes[0]))
        navigation.push(self.app, "setup", get_game(self.game_id))
        self.table = None
        for _ in range(SETUP_FRAMES):
            self.frame_plain()
        seed = self.seed + self.games
        self.games += 1
        made = []

        def press_start():     # as the setup screen's Start does
            try:
                table = start_game(self.app, self.game_id, seats, seed, dict(options),
                                   replace=True, curtain=True)
            except TypeError:  # before the curtain (to measure an older checkout)
                table = start_game(self.app, self.game_id, seats, seed, dict(options),
                                   replace=True)
            table.session.clock = self.clock
            made.append(table)

        self.frame(before_step=press_start)
        self.table = made[0]
        self._countdown = 0
        for _ in range(3):
            self.frame()

    def frame_plain(self) -> None:
        """A frame with no table (the setup screen): not counted."""
        self.app.step(DT)
        self.now += DT

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
                post_key(pygame.K_RETURN)    # the tables' digit rule: a number, then Enter
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
            post_key(pygame.K_RETURN)
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
            if not (table.busy or table.animating() or self._open):
                break
            self.frame()
        saved = self._countdown
        self._countdown = 0
        for _ in range(frames):
            self.idle.append(self.frame(force_draw=True))
        self._countdown = saved

    def run(self, actions: int, finish: int = 1, idle_every: int = 3, idle_frames: int = 8,
            max_actions: int = 4000) -> None:
        import pygame

        from game.ai.harsh_hint import make_bot

        self.harsh_bot = make_bot("easy", 0, seed=self.seed)
        self.start()
        decisions = 0
        stuck = 0
        while ((self.actions < actions or self.finished < finish)
               and self.actions < max(actions, max_actions)):
            table, s = self.table, self.table.session
            top = self.app.top
            if s.is_over():
                if "end" in self._open:
                    if not is_results(top) and top is not table:
                        post_key_enter()    # a round's last scoring before the results
                    self.frame()
                    continue
                self.finished += 1
                self.start()
                continue
            if type(top).__name__ == "Curtain":
                self.frame()            # the table is made ready behind it: nobody presses
                continue
            if top is not table:
                if type(top).__name__ == "ConfirmScene" and find(top, "#confirm_yes"):
                    post_key(pygame.K_1)    # "attack an ally anyway?" (Enter says no)
                else:
                    post_key_enter()    # a look at one's card, a hand-off, a round's end
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
                    raise RuntimeError(
                        f"{self.game_id}: the person's moves do not reach the game (seat "
                        f"{table.acting_seat()}, screen {type(self.app.top).__name__}, "
                        f"{len(table.choices)} choices, legal "
                        f"{[str(a) for a in s.legal_actions(table.acting_seat())][:4]})")
                continue
            self.frame()


class Why:
    """--why: for each frame over the target, what else happened while it ran: the
    machine's time taken from this core (steal and interrupts, from /proc/stat in ticks
    of 1/100 s: a kernel built without IRQ_TIME_ACCOUNTING charges the time of an
    interrupt to the thread it interrupted), the softirqs run on this core, the thread's
    switches and page faults, the collector's passes and the wall time. A frame that the
    machine took time from is not the app's stutter; one with a collector pass or page
    faults is. Every frame is watched (the reads happen outside its timing), so the
    share of all frames with an interrupt tick is there to compare with."""

    TARGET = 1 / 60

    def __init__(self) -> None:
        import gc
        import resource

        self.resource = resource
        self.core = min(os.sched_getaffinity(0)) if len(os.sched_getaffinity(0)) == 1 else None
        self.gc_time = 0.0
        self.gc_passes = [0, 0, 0]
        self._gc_t = 0.0
        self.slow: list[dict] = []
        self.frames = 0
        self.irq_frames = 0     # frames within the target that an interrupt tick fell in
        # game -> every frame's ms in order: the frames repeat from run to run (the computers
        # are waited for), so a frame slow in one run can be looked up in the others
        self.costs: dict[str, list[float]] = {}
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_t = time.thread_time()
        else:
            self.gc_time += time.thread_time() - self._gc_t
            self.gc_passes[info["generation"]] += 1

    def _cpu(self) -> tuple | None:
        """This core's irq + softirq ticks, steal ticks, and its count of each softirq."""
        if self.core is None:
            return None
        ticks = None
        with open("/proc/stat", encoding="ascii") as f:
            for line in f:
                if line.startswith(f"cpu{self.core} "):
                    v = [int(x) for x in line.split()[1:]]
                    ticks = (v[5] + v[6], v[7])
                    break
        soft = {}
        with open("/proc/softirqs", encoding="ascii") as f:
            next(f)
            for line in f:
                name, *counts = line.split()
                soft[name.rstrip(":")] = int(counts[self.core])
        return ticks, soft

    def before(self):
        r = self.resource.getrusage(self.resource.RUSAGE_THREAD)
        return (time.perf_counter(), self._cpu(), r.ru_nivcsw, r.ru_minflt, r.ru_majflt,
                self.gc_time, list(self.gc_passes))

    def after(self, w, cost: float, game_id: str, index: int) -> None:
        self.frames += 1
        self.costs.setdefault(game_id, []).append(round(cost * 1000, 2))
        if cost <= self.TARGET:
            if w[1] is not None and self._cpu()[0][0] != w[1][0][0]:
                self.irq_frames += 1
            return
        wall = time.perf_counter() - w[0]
        r = self.resource.getrusage(self.resource.RUSAGE_THREAD)
        cpu = self._cpu()
        irq = steal = soft = None
        if cpu and w[1]:
            irq, steal = cpu[0][0] - w[1][0][0], cpu[0][1] - w[1][0][1]
            soft = {k: v - w[1][1].get(k, 0) for k, v in cpu[1].items() if v != w[1][1].get(k, 0)}
        self.slow.append({
            "game": game_id, "frame": index, "cpu_ms": round(cost * 1000, 1),
            "wall_ms": round(wall * 1000, 1), "irq_ticks": irq, "steal_ticks": steal,
            "softirqs": soft,
            "switches": r.ru_nivcsw - w[2], "minor_faults": r.ru_minflt - w[3],
            "major_faults": r.ru_majflt - w[4], "gc_ms": round((self.gc_time - w[5]) * 1000, 1),
            "gc_passes": [a - b for a, b in zip(self.gc_passes, w[6])]})


def is_curtain(scene) -> bool:
    """The curtain a table is dealt behind (game.ui.opening.Curtain)."""
    return type(scene).__name__ == "Curtain"


def is_results(scene) -> bool:
    """The results screen of any table (each game's derives from ResultsScene)."""
    from game.ui.scenes.results import ResultsScene

    return isinstance(scene, ResultsScene)


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
    p.add_argument("--people", type=int, default=2, help="persons at the screen (pass-and-play)")
    p.add_argument("--finish", type=int, default=1, help="games played to their end, at least")
    p.add_argument("--speed", default="normal", help="animation speed: slow, normal, fast, off")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--json", action="store_true")
    p.add_argument("--profile", help="write a cProfile (CPU time) of the slow frames to this file")
    p.add_argument("--worst", type=int, default=0, help="with --profile: print the N worst frames")
    p.add_argument("--why", action="store_true",
                   help="print what else happened in each frame over 16.7 ms (stderr)")
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
        # which then freezes what start-up made (never scanned again) and turns it on, with
        # the app's own policy for the oldest generation (App.collect_garbage)
        gc.disable()
        app = App(size=(w, h), fullscreen=False, show_start_notices=False)
        app.settings.animation_speed = args.speed
        for _ in range(3):
            app.step(DT)
        slow: list = []
        why = Why() if args.why else None
        for game_id in args.games.split(","):
            bench = Bench(app, game_id, args.seed, args.after, args.people)
            if args.profile:
                bench.slow_profile = slow
            bench.why = why
            bench.run(args.actions, args.finish)
            out[game_id] = {"after_action": summary(bench.post_action), "idle": summary(bench.idle),
                            **{k: summary(v) for k, v in bench.moments.items()},
                            "actions": bench.actions, "games": bench.games,
                            "finished": bench.finished}
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
    if why is not None:
        print(f"--why: {len(why.slow)} of {why.frames} frames over 16.7 ms; an interrupt "
              f"tick fell in {why.irq_frames} of the others", file=sys.stderr)
        for row in why.slow:
            print("  " + json.dumps(row), file=sys.stderr)
        out["why"] = {"slow": why.slow, "frames": why.frames, "irq_frames": why.irq_frames,
                      "costs": why.costs}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{'table':10s} {'':12s} {'frames':>7s} {'median':>8s} {'p99':>8s} {'max':>8s}  (ms CPU)")
    for game_id, r in out.items():
        if game_id not in TABLES:
            continue
        for kind in ("after_action", *TRANSITIONS, "idle"):
            f = r[kind]
            if not f["frames"]:
                continue
            print(f"{game_id:10s} {kind:12s} {f['frames']:7d} {f['median']:8.2f} {f['p99']:8.2f} "
                  f"{f['max']:8.2f}")
        print(f"{'':10s} ({r['actions']} actions in {r['games']} game(s), "
              f"{r['finished']} to the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
