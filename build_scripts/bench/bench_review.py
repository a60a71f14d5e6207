"""Review benchmark: opening a finished game and stepping backwards through it.

    taskset -c 1 python build_scripts/bench/bench_review.py [--games 100] [--players 8] [--rounds 7]

Plays ``--games`` Shadow Hunters games between Easy computer players (seeds 1..N), takes
the longest, and the one closest to 200 steps, and measures (CPU time of this process,
``time.process_time``, median of ``--rounds`` interleaved runs):

* open: the ``.shadows.json`` text parsed, every action checked against the rules and
  every random outcome against the seed, snapshots kept (``gamefile.parse_game``);
* step back: each position from the last to the first, as the review screen moves there
  (``ReviewSession.go``: the state from the nearest snapshot, the events so far);
  the median and the worst single step.

With ``--ui`` it also times the review screen itself, headless (SDL's dummy driver): from
the file's text to the first frame drawn (``open_review`` and one ``App.step``), and one
step back with its frame.

The target: a 200-step game opens in 200 ms or less.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.review.gamefile import parse_game  # noqa: E402
from game.review.sample import play_record  # noqa: E402
from game.review.session import ReviewSession  # noqa: E402
from game.review.timeline import SNAPSHOT_EVERY  # noqa: E402


def cpu(fn) -> tuple[float, object]:
    t = time.process_time()
    out = fn()
    return time.process_time() - t, out


def step_back_times(record, timeline) -> list[float]:
    session = ReviewSession(record, timeline)
    times = []
    for pos in range(timeline.length - 1, -1, -1):
        t = time.process_time()
        session.go(pos)
        times.append(time.process_time() - t)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--ui", action="store_true", help="also time the review screen (headless)")
    args = ap.parse_args(argv)

    records = [play_record("hunters", args.players, seed, args.level)
               for seed in range(1, args.games + 1)]
    lengths = [len(r.log) for r in records]
    longest = max(records, key=lambda r: len(r.log))
    near200 = min(records, key=lambda r: abs(len(r.log) - 200))
    texts = {"longest": json.dumps(longest.to_json()), "200": json.dumps(near200.to_json())}
    opens: dict[str, list[float]] = {"longest": [], "200": []}
    backs: list[float] = []
    worst: list[float] = []
    for _ in range(args.rounds):                   # interleaved: a busy moment hits all alike
        for key in ("200", "longest"):
            seconds, (record, timeline) = cpu(lambda k=key: parse_game(texts[k]))
            opens[key].append(seconds)
            if key == "longest":
                times = step_back_times(record, timeline)
                backs.append(statistics.median(times))
                worst.append(max(times))
    print(f"{args.games} games of Shadow Hunters, {args.players} players, {args.level} computers: "
          f"{min(lengths)}-{max(lengths)} steps (median {statistics.median(lengths):.0f})")
    print(f"snapshot every {SNAPSHOT_EVERY} steps; CPU time, median of {args.rounds} runs")
    print(f"open, longest game ({len(longest.log)} steps, seed {longest.seed}): "
          f"{statistics.median(opens['longest']) * 1000:.1f} ms")
    print(f"open, {len(near200.log)}-step game (seed {near200.seed}): "
          f"{statistics.median(opens['200']) * 1000:.1f} ms (target <= 200 ms)")
    print(f"step back through the longest game: median {statistics.median(backs) * 1000:.3f} ms "
          f"per step, worst step {statistics.median(worst) * 1000:.2f} ms")
    if args.ui:
        ui_times(texts, args.rounds)
    return 0


def ui_times(texts: dict, rounds: int) -> None:
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SHADOWS_HOME", tempfile.mkdtemp(prefix="bench-review-"))
    import pygame

    from game.app import App
    from game.ui.review.scene import open_review

    app = App(size=(1280, 720), fullscreen=False, show_start_notices=False)
    app.step(1 / 60)
    opened: dict[str, list[float]] = {"longest": [], "200": []}
    back: list[float] = []
    for _ in range(rounds):
        for key in ("200", "longest"):
            def go(k=key):
                record, timeline = parse_game(texts[k])
                scene = open_review(app, record, timeline)
                app.step(1 / 60)
                return scene
            seconds, scene = cpu(go)
            opened[key].append(seconds)
            if key == "longest":
                scene.go(scene.replay.length)
                app.step(1 / 60)
                t = time.process_time()
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0,
                                                     unicode="", scancode=0))
                app.step(1 / 60)
                back.append(time.process_time() - t)
            app.pop()
            app.step(1 / 60)
    print(f"review screen, longest game: opens and draws in "
          f"{statistics.median(opened['longest']) * 1000:.0f} ms; "
          f"{len(json.loads(texts['200'])['log'])}-step game: "
          f"{statistics.median(opened['200']) * 1000:.0f} ms; one step back with its frame: "
          f"{statistics.median(back) * 1000:.1f} ms")
    app.quit()


if __name__ == "__main__":
    raise SystemExit(main())
