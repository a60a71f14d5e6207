"""The clock a computer player's think budget runs on.

At the table a player waits in real seconds, so the app keeps wall time. The simulator and
the benchmarks count instead (``use("count")``): every searching bot then stops after a
number of worlds or playout steps calibrated once to its think time (``counted_budget``),
so a figure is the same on a quiet machine, a loaded one or a faster one. (On the CPU
clock, ``use("cpu")``, a "100 ms" bot still got less done on a loaded machine: Chasing
Hard against three Normal players measured 59.5 % quiet and 45-51.5 % under load.)
"""

from __future__ import annotations

import time

# "count": the bots stop on their calibrated counts; the clock itself (for reports) is
# the thinking thread's CPU time
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time, "count": time.thread_time}
_now = time.perf_counter
_kind = "wall"


def now() -> float:
    """Seconds on the current think clock (only differences mean anything)."""
    return _now()


def use(kind: str) -> None:
    """Switch every bot in this process to ``kind``: "wall" (the app), "cpu" or "count"."""
    global _now, _kind
    if kind not in CLOCKS:
        raise ValueError(f"unknown clock {kind!r} ({', '.join(CLOCKS)})")
    _now = CLOCKS[kind]
    _kind = kind


def kind() -> str:
    return _kind


def counted() -> bool:
    """True when think budgets are counts (worlds, playout steps), not time."""
    return _kind == "count"


def counted_budget(think_ms: float, per_second: float) -> int:
    """The count a bot searches in place of ``think_ms``: ``per_second`` is how many of
    its units (worlds, playout steps) it got through in a second of CPU time when it was
    calibrated (each bot keeps its figure beside its search, with how it was measured)."""
    return max(1, round(think_ms / 1000.0 * per_second))
