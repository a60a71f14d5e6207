"""The hint, computed on a worker thread from the player's view (never the state).

``HintRunner.start`` hands the immutable view and the legal actions to the coach's Harsh
search (``game.advice``: ``game.ai.harsh_hint``'s search, keeping how the played-out games
were lost, for each choice's reason) on a one-thread pool and returns at once; the table polls
``result_for(key)`` each frame, so the screen keeps drawing while the search runs. The key
is the log length: a hint for an older position is never shown.
"""

from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Sequence

from game.i18n import _
from game.rules.protocol import Action

# While the search runs, the interpreter hands the GIL back and forth more often so that
# the main loop, which needs it many times per frame, keeps its frame rate.
SWITCH_WHILE_THINKING = 0.001

# The search does a fixed amount of work (playout steps: 0.97 s of CPU on average and
# 1.32-1.39 s at most over the 20 positions of test_harsh_hint_stability, on the 2-core test
# machine; 40 000 steps reached 1.6 s there) from a seed that is the position itself, so
# the same position gets the same answer. The clock only cuts a search that would not
# answer within 1.5 s of this thread's CPU time (a slow machine); CPU time, not wall time,
# because on a busy machine a wall-clock cut left 2 played-out games a choice (0% ±49 for
# every choice) and two asks gave different answers: busy, it answers later, the same. The
# answers are also kept per position, so asking again in a position already asked about
# (after an undo, say) shows the same answer at once.
WORK_STEPS = 33_000
BUDGET_MS = 1500
CACHE_SIZE = 64


@dataclass(frozen=True)
class HintAnswer:
    key: int
    ranked: tuple          # ((action, win chance, samples), ...) best first
    seconds: float
    reasons: tuple = ()    # a reason (game.i18n.Msg) for each of ``ranked``, in its order

    @property
    def best(self) -> tuple[Action, float, int]:
        return self.ranked[0]

    @property
    def margin(self) -> float:
        """The widest 95% margin of the chances shown (as a fraction)."""
        from game.ai.harsh_hint import margin

        return max(margin(p, n) for _, p, n in self.ranked)


class HintRunner:
    def __init__(self, budget_ms: int = BUDGET_MS) -> None:
        self.budget_ms = budget_ms
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._key: int | None = None
        self.answer: HintAnswer | None = None
        self.error: str = ""
        self._switch: float | None = None
        self._known: dict[int, HintAnswer] = {}   # position seed -> answer
        self._asked: int | None = None
        self._stop = threading.Event()    # set when the search's answer is no longer wanted

    def start(self, key: int, view, actions: Sequence[Action], seed: int | None = None) -> None:
        """Search on the worker thread; ``seed`` None: seeded by the position itself."""
        if self.thinking_for(key) or (self.answer is not None and self.answer.key == key):
            return
        from game.ai.harsh_hint import position_seed

        self.error = ""
        self._asked = position_seed(view) if seed is None else None
        known = self._known.get(self._asked) if self._asked is not None else None
        if known is not None:
            self.answer = HintAnswer(key, known.ranked, known.seconds, known.reasons)
            self._future, self._key = None, key
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="harsh-hint")
        self.answer = None
        self._key = key
        self._quicker_switching()
        self._stop.set()                  # one worker: a search for an older position ends first
        self._stop = threading.Event()
        self._future = self._pool.submit(_search, key, view, tuple(actions), self.budget_ms,
                                         self._asked if seed is None else seed, self._stop.is_set)

    def _quicker_switching(self) -> None:
        if self._switch is None:
            self._switch = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_WHILE_THINKING)

    def _normal_switching(self) -> None:
        if self._switch is not None:
            sys.setswitchinterval(self._switch)
            self._switch = None

    def thinking_for(self, key: int) -> bool:
        return self._future is not None and self._key == key and not self._future.done()

    @property
    def thinking(self) -> bool:
        return self._future is not None and not self._future.done()

    def result_for(self, key: int) -> HintAnswer | None:
        """The answer for position ``key`` once ready (None while thinking or stale)."""
        f = self._future
        if f is not None and f.done():
            self._normal_switching()
        if f is not None and f.done() and self._key == key:
            self._future = None
            try:
                self.answer = f.result()
            except Exception as exc:  # noqa: BLE001 - a failed hint must not end the game
                self.error = _("The hint failed ({why}).", why=exc)
                self.answer = None
            else:
                if self._asked is not None:
                    if len(self._known) >= CACHE_SIZE:
                        self._known.pop(next(iter(self._known)))
                    self._known[self._asked] = self.answer
        if self.answer is not None and self.answer.key == key:
            return self.answer
        return None

    def forget(self) -> None:
        """Drop any answer or search (the position changed, e.g. after an undo): a search
        under way stops at its next world instead of running out its time."""
        self._stop.set()
        if self._future is not None:
            self._future.cancel()
        self._normal_switching()
        self._future = None
        self._key = None
        self.answer = None
        self.error = ""

    def close(self) -> None:
        self.forget()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _search(key: int, view, actions: tuple, budget_ms: int, seed: int | None,
            stop=None) -> HintAnswer:
    from game.advice import advise
    from game.ai.harsh_hint import position_seed

    t0 = time.thread_time()
    work = WORK_STEPS if budget_ms >= BUDGET_MS else WORK_STEPS * budget_ms // BUDGET_MS
    if len(actions) == 1:
        work //= 3
    adv = advise("harsh", view, actions, budget=work,
                 seed=position_seed(view) if seed is None else seed,
                 deadline=time.thread_time() + budget_ms / 1000.0, clock=time.thread_time,
                 stop=stop)
    ranked = tuple((c.action, c.win, c.samples) for c in adv.choices)
    # the worker's CPU time, as the other tables' hints show it: a busy machine
    # does not lengthen it
    return HintAnswer(key, ranked, time.thread_time() - t0,
                      tuple(c.reason for c in adv.choices))
