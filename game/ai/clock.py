"""The clock a computer player's think budget runs on.

At the table a player waits in real seconds, so the app keeps wall time. The simulator and
the benchmarks switch to the thinking thread's CPU time (``use("cpu")``): on a shared,
loaded machine a "100 ms" bot then still gets 100 ms of computation, so figures measured
under load match figures measured on an idle machine (close, not bit-exact: CPU time still
varies a little with caches and frequency).
"""

from __future__ import annotations

import time

CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
_now = time.perf_counter
_kind = "wall"


def now() -> float:
    """Seconds on the current think clock (only differences mean anything)."""
    return _now()


def use(kind: str) -> None:
    """Switch every bot in this process to ``kind``: "wall" (the app) or "cpu"."""
    global _now, _kind
    if kind not in CLOCKS:
        raise ValueError(f"unknown clock {kind!r} (wall, cpu)")
    _now = CLOCKS[kind]
    _kind = kind


def kind() -> str:
    return _kind
