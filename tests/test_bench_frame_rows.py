"""build_scripts/bench/bench_frames.py: which rows a frame is counted in (no timing: the
costs are made up, the classification is what is checked)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build_scripts" / "bench"))

import bench_frames as bf  # noqa: E402


class Curtain:
    """Stands for game.ui.opening.Curtain (the bench knows it by its class name)."""


class FakeSession:
    def __init__(self) -> None:
        self.entries: list = []
        self.deciding = None
        self.seats = [SimpleNamespace(is_human=True), SimpleNamespace(is_human=False)]

    def decider(self):
        return self.deciding

    def is_over(self) -> bool:
        return False


def bench_at_a_table():
    table = SimpleNamespace(moments=None, timeline=None, animating=lambda: False)
    app = SimpleNamespace(top=None)
    bench = bf.Bench.__new__(bf.Bench)
    bench.app, bench.table = app, table
    bench.moments = {k: [] for k in bf.TRANSITIONS}
    bench._open = {}
    bench.turn_behind_curtain = False
    return bench, app, table, FakeSession()


def frame(bench, s, cost: float, top_before) -> None:
    decider = s.deciding
    bench.count_moments(cost, s, len(s.entries), decider, False, top_before)


def test_a_turn_that_passes_behind_the_curtain_counts_from_its_lift():
    bench, app, table, s = bench_at_a_table()
    curtain = Curtain()
    app.top = curtain
    bench._open = {"opening": bf.OPENING_FRAMES}
    s.deciding = None
    frame(bench, s, 1.0, curtain)
    s.deciding = 0                        # the person's first turn, dealt behind the curtain
    bench.count_moments(2.0, s, 0, None, False, curtain)
    frame(bench, s, 3.0, curtain)         # the curtain still deals
    assert bench.moments["turn"] == []
    assert bench.moments["opening"][-3:] == [1.0, 2.0, 3.0]
    app.top = table                       # it lifts: the table shows in this frame
    frame(bench, s, 4.0, curtain)
    for cost in range(5, 5 + bf.TURN_FRAMES + 3):
        frame(bench, s, float(cost), table)
    assert bench.moments["turn"] == [4.0, *map(float, range(5, 5 + bf.TURN_FRAMES))]
    assert 4.0 in bench.moments["opening"]   # and the first frames still the opening's


def test_a_turn_passing_at_the_table_counts_at_once():
    bench, app, table, s = bench_at_a_table()
    app.top = table
    s.deciding = 1                        # a computer decides
    frame(bench, s, 1.0, table)
    s.deciding = 0
    bench.count_moments(2.0, s, 0, 1, False, table)   # the turn passes to the person
    frame(bench, s, 3.0, table)
    assert bench.moments["turn"] == [2.0, 3.0]
    assert bench.moments["opening"] == []


def test_actions_behind_the_curtain_count_as_the_opening_not_after_an_action():
    """The computers' first moves, made while the table is dealt behind the curtain, are in
    frames the curtain covers (it keeps moving): they are the opening's, and the frames
    after an action count again from the lift."""
    bench, app, table, s = bench_at_a_table()
    bench.after, bench._countdown, bench.actions, bench.post_action = 3, 0, 0, []
    s.match = SimpleNamespace(log=[])
    bench.games_started_ok = lambda: True
    curtain = Curtain()
    app.top = curtain
    s.match.log.append("a computer's move")
    bench.count_after_action(1.0, s, 0, curtain)        # behind the curtain
    bench.count_after_action(2.0, s, 1, curtain)
    app.top = table                                     # it lifts in this frame
    bench.count_after_action(3.0, s, 1, curtain)
    assert bench.post_action == [] and bench.actions == 1
    s.match.log.append("the next move, at the table")
    for cost in (4.0, 5.0, 6.0, 7.0, 8.0):
        bench.count_after_action(cost, s, len(s.match.log) - (cost == 4.0), table)
    assert bench.post_action == [4.0, 5.0, 6.0, 7.0] and bench.actions == 2
