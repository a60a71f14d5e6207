"""The cheating Harsh Shadows oracle (measurement only, build_scripts/research/harsh_oracle.py)."""

import random
import sys
from pathlib import Path

import pytest

from game.ai import clock
from game.rules.harsh.state import HarshState
from game.rules.protocol import CHANCE, NOBODY

BUILD_SCRIPTS = Path(__file__).resolve().parent.parent / "build_scripts"
sys.path[:0] = [str(BUILD_SCRIPTS), str(BUILD_SCRIPTS / "bench"), str(BUILD_SCRIPTS / "research")]

from harsh_oracle import OracleBot, oracle_world  # noqa: E402


def started(seed, difficulty="standard"):
    rng = random.Random(seed)
    s = HarshState.new(1, {"difficulty": difficulty})
    while s.decider() == CHANCE:
        s.apply(CHANCE, s.sample_chance(rng))
    return s, rng


def test_the_oracle_sees_the_real_decks_but_not_the_case_files():
    s, _ = started(5)
    seen = set()
    for k in range(30):
        w = oracle_world(s, random.Random(k))
        assert w.spydeck == s.spydeck and w.deck == s.deck and w.stacks == s.stacks
        assert w.spy == s.spy and w.agent == s.agent
        for f in range(len(s.conf)):
            for i, shown in enumerate(s.rev[f]):
                if shown:
                    assert w.conf[f][i] == s.conf[f][i]
        assert sorted(x for row in w.conf for x in row) == sorted(x for row in s.conf for x in row)
        seen.add(tuple(tuple(r) for r in w.conf))
    assert len(seen) > 1                      # the hidden Case Files are really sampled


def test_the_oracle_plays_legal_moves_to_the_end():
    clock.use("cpu")
    try:
        s, rng = started(7)
        bot = OracleBot(seed=7, think_ms=5)
        for _ in range(400):
            d = s.decider()
            if d == CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            if d == NOBODY:
                break
            acts = s.legal_actions(0)
            a = bot.choose(s, acts)
            assert a in acts
            s.apply(0, a)
        assert s.decider() == NOBODY and s.outcome is not None
    finally:
        clock.use("wall")


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_the_oracle_on_a_step_budget_plays_the_same_game_on_any_clock(monkeypatch):
    # --work in bench_harsh_ai: the oracle counts playout steps, not time, so a run can be
    # repeated exactly on another machine; a clock that races on must not change a move.
    class Racing:
        t = 0.0

        def __call__(self):
            self.t += 10.0
            return self.t

    games = []
    for now in (lambda: 0.0, Racing()):
        monkeypatch.setattr(clock, "now", now)
        s, rng = started(11, "expert")
        bot = OracleBot(seed=11, think_ms=1, work=400)
        moves, worlds = [], []
        while s.decider() != NOBODY:
            if s.decider() == CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            a = bot.choose(s, s.legal_actions(0))
            moves.append(a)
            worlds.append(bot.last_worlds)
            s.apply(0, a)
        games.append((moves, s.outcome))
        assert max(worlds) >= 2
    assert games[0] == games[1]
