"""Start-up time: launch -> the main menu's first frame, next to a bare pygame window with
an empty pygame-gui UIManager, measured in the same run (fresh interpreter each time).

    python build_scripts/bench/bench_startup.py [--runs 5] [--size 1280x720] [--collector-on]

Uses the SDL dummy video/audio drivers and a throw-away user folder, so it runs headless
and never touches the player's settings. Prints the medians of the process's CPU time at
each milestone (imports done, window + UI manager or App() made, first frame drawn) and
their ratio; run it pinned (``taskset -c 1``) for figures to compare. ``--collector-on``
adds a row for the app with Python's garbage collector left on during start-up (the bare
side always leaves it on; the app holds it off until its first frame is shown).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BARE = """
import time, pygame, pygame_gui
t_import = time.process_time()
pygame.init()
screen = pygame.display.set_mode(({w}, {h}), pygame.RESIZABLE)
manager = pygame_gui.UIManager(({w}, {h}))
t_init = time.process_time()
manager.update(0.016)
screen.fill((0, 0, 0))
manager.draw_ui(screen)
pygame.display.flip()
print(t_import, t_init, time.process_time(), repr(time.time()))
"""

# The app's side follows game.__main__.main() step by step up to the first frame, as
# launched from the desktop (no arguments; the window size is the player's setting): the
# collector held off, the arguments, the log, then the window and the menu.
APP = """
import gc, time
from game.__main__ import arguments
from game import crash
{hold}
arguments([])
crash.setup_logging()
from game.app import App
t_import = time.process_time()
app = App(size=({w}, {h}), fullscreen=False)
t_init = time.process_time()
app.step(0.016)
print(t_import, t_init, time.process_time(), repr(time.time()))
app.quit()
"""


FRAMES = """
import time
from game.app import App
from game.session import SeatConfig
from game.ui.opening import start_game
app = App(size=({w}, {h}), fullscreen=False)

def cost(n=120):
    app.step(0.016)
    t = time.perf_counter()
    for _ in range(n):
        app.touch()            # count full-rate frames, not idle ones
        app.draw()
        app.manager.update(0.016)
    return (time.perf_counter() - t) / n

menu = cost()
seats = [SeatConfig("Alice")] + [SeatConfig(f"Bot {{i}}", "computer") for i in range(3)]
start_game(app, "chasing", seats, 1, {{}})
app.settings.animation_speed = "off"
for _ in range(30):
    app.step(0.016)
table = cost()
print(repr(menu), repr(table), type(app.top).__name__)
app.quit()
"""


def launch(code: str, home: str) -> tuple[float, ...]:
    """(wall seconds to the first frame, CPU seconds at: imports done, window and
    manager (or App) made, first frame drawn)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", SHADOWS_HOME=home)
    # An installed app starts from compiled bytecode (pip and PyInstaller compile it): so
    # do both sides here, or every run would pay for compiling the sources again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True).stdout
    t_import, t_init, t_frame, at = (float(v) for v in out.strip().splitlines()[-1].split())
    return at - start, t_import, t_init, t_frame


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--no-frames", action="store_true", help="skip the frame-cost lines")
    p.add_argument("--collector-on", action="store_true",
                   help="also time the app with the garbage collector on during start-up")
    args = p.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    bare, app, app_gc = [], [], []
    app_code = APP.format(w=w, h=h, hold="gc.disable()")   # as game.__main__.main() does
    app_gc_code = APP.format(w=w, h=h, hold="")
    with tempfile.TemporaryDirectory(prefix="shadows-bench-") as home:
        launch(BARE.format(w=w, h=h), home)  # warm the file cache and bytecode once,
        launch(app_code, home)               # not counted
        for _ in range(args.runs):  # interleaved, so all see the same machine load
            bare.append(launch(BARE.format(w=w, h=h), home))
            app.append(launch(app_code, home))
            if args.collector_on:
                app_gc.append(launch(app_gc_code, home))

    def med(rows, i):
        return statistics.median(r[i] for r in rows) * 1000

    print(f"CPU time of the process (ms, median of {args.runs} interleaved runs):")
    print(f"{'':34s} {'imports':>8s} {'window+UI':>10s} {'1st frame':>10s} {'total':>8s}")
    table = [("bare pygame window + UIManager", bare), ("Shadows Tabletop main menu", app)]
    if app_gc:
        table.append(("main menu, collector on", app_gc))
    for name, rows in table:
        imp, init, frame = med(rows, 1), med(rows, 2), med(rows, 3)
        print(f"{name:34s} {imp:8.0f} {init - imp:10.0f} {frame - init:10.0f} {frame:8.0f}")
    print(f"{'app / bare (CPU)':34s} {med(app, 3) / med(bare, 3):8.2f}x")
    if app_gc:
        print(f"{'app, collector on / bare (CPU)':34s} {med(app_gc, 3) / med(bare, 3):8.2f}x")
    print(f"{'wall to first frame (ms)':34s} bare {med(bare, 0):.0f}, app {med(app, 0):.0f} "
          f"(min {min(r[0] for r in app) * 1000:.0f}, max {max(r[0] for r in app) * 1000:.0f})")
    if args.no_frames:
        return 0
    with tempfile.TemporaryDirectory(prefix="shadows-bench-") as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1", SHADOWS_HOME=home)
        out = subprocess.run([sys.executable, "-c", FRAMES.format(w=w, h=h)], cwd=ROOT, env=env,
                             capture_output=True, text=True, check=True).stdout.split()
    print(f"{'frame cost: main menu':32s} {float(out[0]) * 1000:7.1f} ms  (draw + UI update, headless)")
    print(f"{'frame cost: ' + out[2]:32s} {float(out[1]) * 1000:7.1f} ms  (Chasing Shadows, 4 seats)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
