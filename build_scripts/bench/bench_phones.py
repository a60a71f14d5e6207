"""Phones on loopback: latency from a tap to the table's update, and the server's CPU
use while idle.

    python build_scripts/bench/bench_phones.py [--players 8] [--seconds 60] [--idle 30]

Runs the real app (SDL dummy drivers, its own main loop with its frame pacing) with a
Shadow Hunters game whose seats are all phones: scripted WebSocket clients on their own
thread that tap a choice a moment after it is offered. For every choice it records

* tap -> applied: the client's send time to the moment the session applied it (main
  thread), and
* tap -> drawn: to the end of the frame that drew it (the table's update on screen).

Then, with every phone connected and nobody tapping, it reads the CPU time of the
server's thread (from /proc) for ``--idle`` seconds. Everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SHADOWS_HOME", tempfile.mkdtemp(prefix="shadows-bench-"))


def thread_cpu(native_id: int) -> float:
    """CPU seconds (user + system) used so far by one thread of this process."""
    fields = Path(f"/proc/self/task/{native_id}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--idle", type=float, default=30.0)
    ap.add_argument("--think", type=float, default=0.15)
    args = ap.parse_args()

    from phone_driver import ThreadedPhone

    from game.app import App
    from game.session import SeatConfig
    from game.ui.opening import start_game
    from game.ui.scenes.join import JoinScene

    app = App(size=(1280, 720), fullscreen=False)
    app.settings.phone_address = "127.0.0.1"
    app.settings.animation_speed = "fast"
    applied: list[tuple[int, int, float, float]] = []   # (seat, seq, queued, applied)
    drawn: list[float] = []
    tap_applied: list[float] = []
    tap_queued: list[float] = []
    games = 0
    end = time.monotonic() + args.seconds
    phones: list = []
    hub = None
    while time.monotonic() < end:
        seats = [SeatConfig(f"P{i + 1}", device="phone") for i in range(args.players)]
        table = start_game(app, "hunters", seats, 100 + games, {})
        games += 1
        hub = table.phones
        hub.on_applied = lambda item: applied.append((item.seat, item.seq, item.received,
                                                      time.monotonic()))
        phones = {s: ThreadedPhone(hub.port, hub.tokens[s], seed=s + games, auto=True,
                                   think=args.think) for s in hub.seats}
        while isinstance(app.top, JoinScene):
            app.step()
        session = table.session
        while not session.is_over() and time.monotonic() < end:
            before = len(applied)
            app.step()                   # the real loop: events, update, draw, frame pacing
            now = time.monotonic()
            for seat, seq, queued, t in applied[before:]:
                sent = phones[seat].sent_at.get(seq)
                if sent is not None:
                    tap_queued.append(queued - sent)
                    tap_applied.append(t - sent)
                    drawn.append(now - sent)
        if session.is_over():
            for p in phones.values():
                p.close()
            app.pop_to(type(app.scenes[0]))
            continue
        break
    n_connected = len(hub.online())
    for p in phones.values():
        p.auto = False                   # everyone connected, nobody taps
    server_thread = hub.server._thread
    assert server_thread is not None
    t0_server = thread_cpu(server_thread.native_id)
    t0_proc = time.process_time()
    idle_end = time.monotonic() + args.idle
    while time.monotonic() < idle_end:
        app.step()
    server_cpu = thread_cpu(server_thread.native_id) - t0_server
    proc_cpu = time.process_time() - t0_proc

    ms = lambda v: f"{v * 1000:.1f} ms"  # noqa: E731
    print(f"games: {games} ({args.players} phone seats, Shadow Hunters), choices timed: "
          f"{len(drawn)}")
    print(f"tap -> checked and queued by the server thread: median "
          f"{ms(statistics.median(tap_queued))}, p99 {ms(pct(tap_queued, 99))}")
    print(f"tap -> applied by the session: median {ms(statistics.median(tap_applied))}, "
          f"p99 {ms(pct(tap_applied, 99))}, max {ms(max(tap_applied))}")
    print(f"tap -> table drawn:            median {ms(statistics.median(drawn))}, "
          f"p99 {ms(pct(drawn, 99))}, max {ms(max(drawn))}")
    print(f"idle for {args.idle:.0f} s with {n_connected} phones connected: server thread "
          f"{server_cpu:.3f} s CPU ({100 * server_cpu / args.idle:.2f} %), whole app "
          f"{proc_cpu:.2f} s CPU ({100 * proc_cpu / args.idle:.1f} %, includes the idle "
          f"table's redraws and the test phones' own thread)")
    for p in phones.values():
        p.close()
    app.quit()
    return 0


if __name__ == "__main__":
    threading.current_thread().name = "main"
    sys.exit(main())
