"""Searching bots on counted budgets (issue 42): with the think clock "count" (the
simulator's and the benchmarks' default) Chasing Hard, Shadow Hunters Hard and the Harsh
search stop after the worlds or playout steps calibrated to their think time, so how busy
the machine is changes nothing; at the table (wall clock) the think time stays the limit."""

from __future__ import annotations

import pytest
from counting_clock import CountingClock

from game.ai import chasing_bots, clock, harsh_hint, hunters_hard
from game.match import Match
from game.rules.protocol import CHANCE, NOBODY


@pytest.fixture
def counted():
    before = clock.kind()
    clock.use("count")
    yield
    clock.use(before)


def test_counted_budget_is_think_time_times_the_calibrated_rate():
    assert clock.counted_budget(1000, 370) == 370
    assert clock.counted_budget(100, 370) == 37
    assert clock.counted_budget(0, 370) == 1             # at least one world
    assert clock.kind() == "wall" and not clock.counted()


def test_the_simulator_counts_by_default():
    from game.sim import simulate
    r = simulate("chasing", 3, 1, 5, ["hard"], 5, {})
    assert r["clock"] == "count" and r["errors"] == 0
    assert clock.kind() == "wall"                        # put back after the game


def _first_open_decision(seed):
    m = Match.start("chasing", 4, seed)
    while True:
        d = m.decider()
        if d == CHANCE:
            m.chance_step()
            continue
        acts = m.state.legal_actions(d)
        if len(acts) > 2:
            return m, d, acts
        m.apply(d, acts[0])


def test_chasing_hard_searches_its_counted_worlds_whatever_the_clock_says(counted, monkeypatch):
    m, d, acts = _first_open_decision(11)
    view = m.state.view(d)
    budget = clock.counted_budget(40, chasing_bots.WORLDS_PER_SECOND)
    got = []
    for step in (1e-6, 10.0):          # a clock that hardly moves, one that races
        monkeypatch.setattr(clock, "now", CountingClock(step))
        bot = chasing_bots.HardBot(d, seed=3, think_ms=40)
        got.append((bot.choose(view, acts), bot.last_worlds))
    assert got[0] == got[1]
    assert 1 <= got[0][1] <= budget


def test_chasing_hard_at_the_table_still_stops_on_the_clock(monkeypatch):
    m, d, acts = _first_open_decision(11)
    monkeypatch.setattr(clock, "now", CountingClock(10.0))   # every reading past the deadline
    bot = chasing_bots.HardBot(d, seed=3, think_ms=40)
    bot.choose(m.state.view(d), acts)
    assert bot.last_worlds == 1


def _hunters_searches(seed, think_ms, monkeypatch, step):
    """Seat 0 Hard in a 5-player game of Normal players; (choice, worlds) of each search."""
    from game.ai.hunters_bots import make_bot
    monkeypatch.setattr(clock, "now", CountingClock(step))
    m = Match.start("hunters", 5, seed)
    bots = [make_bot("hard" if s == 0 else "normal", s, seed=seed, think_ms=think_ms)
            for s in range(5)]
    out = []
    while (d := m.decider()) != NOBODY and len(out) < 6:
        if d == CHANCE:
            m.chance_step()
            continue
        a = bots[d].choose(m.state.view(d), m.state.legal_actions(d))
        if d == 0 and bots[0].last_search is not None:
            out.append((a, bots[0].last_search[0]))
            bots[0].last_search = None
        m.apply(d, a)
    return out


def test_hunters_hard_searches_its_counted_worlds_whatever_the_clock_says(counted, monkeypatch):
    slow = _hunters_searches(4, 20, monkeypatch, 1e-6)
    fast = _hunters_searches(4, 20, monkeypatch, 10.0)
    assert slow and slow == fast
    budget = clock.counted_budget(20, hunters_hard.WORLDS_PER_SECOND)
    assert all(2 <= w <= budget for _, w in slow)
    assert max(w for _, w in slow) == budget            # some search ran to its count


def test_harsh_search_gets_its_counted_playout_steps(monkeypatch):
    seen = []

    def improve(view, actions, mine, budget_ms, rng, clock=None, work_budget=None):
        seen.append(work_budget)
        return mine, 1
    monkeypatch.setattr(harsh_hint, "improve", improve)
    m = Match.start("harsh", 1, 3)
    bot = harsh_hint.make_bot("normal", 0, seed=3)
    while (d := m.decider()) == CHANCE or len(m.state.legal_actions(d)) < 2:
        if d == CHANCE:
            m.chance_step()
        else:
            m.apply(d, m.state.legal_actions(d)[0])
    view, acts = m.state.view(0), m.state.legal_actions(0)
    bot.choose(view, acts)                      # at the table: the clock decides
    clock.use("count")
    try:
        bot.choose(view, acts)
    finally:
        clock.use("wall")
    assert seen == [None, clock.counted_budget(harsh_hint.LEVEL_BUDGETS["normal"],
                                               harsh_hint.STEPS_PER_SECOND)]
