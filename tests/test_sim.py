import json
import subprocess
import sys
from pathlib import Path

import pytest
import tiny_game  # noqa: F401

from game import sim

ROOT = Path(__file__).resolve().parent.parent


def test_simulate_reports_the_common_keys():
    r = sim.simulate("tiny", 3, 40, seed=1, levels=["easy"], think_ms=None, options={})
    for key in ("game", "players", "games", "games_per_second", "mean_actions",
                "wins_by_seat", "errors"):
        assert key in r
    assert r["errors"] == 0 and r["games"] == 40 and len(r["wins_by_seat"]) == 3
    assert sum(r["wins_by_seat"]) <= 40 and r["mean_actions"] == 6


def test_errors_are_counted_not_hidden(monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("bot exploded")
    from dataclasses import replace

    from game import catalog
    monkeypatch.setitem(catalog._GAMES, "tiny", replace(sim.get_game("tiny"), bot_factory=boom))
    r = sim.simulate("tiny", 2, 3, seed=1, levels=["easy"], think_ms=None, options={})
    assert r["errors"] == 3 and "bot exploded" in r["error_samples"][0]["error"]


def test_bad_arguments_are_clear(capsys):
    with pytest.raises(SystemExit):
        sim._parse(["nosuchgame"])
    assert "unknown game" in capsys.readouterr().err


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
@pytest.mark.parametrize("game", ["chasing", "harsh", "hunters"])
def test_cli_json_for_each_real_game(game):
    if game not in {s.id for s in sim.all_games()}:
        pytest.skip(f"{game} is not registered yet")
    spec = sim.get_game(game)
    out = subprocess.run(
        [sys.executable, "-m", "game.sim", game, "--players", str(spec.min_players),
         "--games", "3", "--bots", "easy", "--think-ms", "20", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    assert r["game"] == game and r["errors"] == 0 and r["games"] == 3


# --- --check: invariants after every step -----------------------------------------------------------
def _with_checker(monkeypatch, checker_factory, **changes):
    from dataclasses import replace

    from game import catalog
    spec = replace(sim.get_game("tiny"), invariants=checker_factory, **changes)
    monkeypatch.setitem(catalog._GAMES, "tiny", spec)


def test_check_counts_invariant_breaks_with_seed_and_step(monkeypatch):
    class EveryBetBreaks:
        def __init__(self, state):
            pass

        def step(self, state):
            # breaks once a seat bets; named the same every time, so once per game
            return [("no bets", "a bet")] if any(state.bets) else []

    _with_checker(monkeypatch, EveryBetBreaks)
    r = sim.simulate("tiny", 3, 20, seed=1, levels=["easy"], think_ms=None, options={},
                     check=True)
    assert r["check"] and r["errors"] == 0 and r["invariant_breaks"] > 0
    assert r["invariant_breaks"] == r["invariant_breaks_by_name"]["no bets"] <= 20
    sample = r["invariant_samples"][0]
    assert sample["invariant"] == "no bets" and sample["seed"] >= 1 and sample["step"] > 3
    plain = sim.simulate("tiny", 3, 20, seed=1, levels=["easy"], think_ms=None, options={})
    assert "invariant_breaks" not in plain             # only with --check


def test_check_counts_a_decider_without_legal_actions(monkeypatch):
    from tiny_game import TinyState

    class Stuck(TinyState):
        def legal_actions(self, seat=None):
            return []

    class NoBreaks:
        def __init__(self, state):
            pass

        def step(self, state):
            return []

    _with_checker(monkeypatch, NoBreaks, state_cls=Stuck)
    r = sim.simulate("tiny", 2, 4, seed=3, levels=["easy"], think_ms=None, options={},
                     check=True)
    assert r["stuck_games"] == 4 and r["invariant_breaks"] == 4
    assert r["invariant_samples"][0]["invariant"] == "a decider always has a legal action"
    assert r["invariant_samples"][0]["step"] == 2      # after the two deals


@pytest.mark.parametrize("game,players,extra", [
    ("chasing", 3, []), ("harsh", 1, []), ("hunters", 6, ["--hermit_round", "on"])])
def test_cli_check_for_each_real_game(game, players, extra):
    out = subprocess.run(
        [sys.executable, "-m", "game.sim", game, "--players", str(players), "--games", "4",
         "--bots", "easy", "--check", "--json", *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    r = json.loads(out.stdout)
    assert r["check"] and r["errors"] == 0 and r["invariant_breaks"] == 0


def test_think_budgets_count_cpu_time_in_the_simulator_and_wall_time_in_the_app():
    import time

    from game.ai import clock
    from game.sim import simulate
    assert clock.kind() == "wall" and clock.now.__module__ == "game.ai.clock"
    r = simulate("chasing", 3, 1, 5, ["hard"], 5, {}, clock_kind="cpu")
    assert r["clock"] == "cpu" and r["errors"] == 0
    try:
        clock.use("cpu")
        t = clock.now()
        time.sleep(0.05)                  # sleeping costs no CPU time
        assert clock.now() - t < 0.02
    finally:
        clock.use("wall")


def test_a_seat_can_have_its_own_think_budget():
    from game.sim import _level_budget, simulate
    assert _level_budget("hard@1000", 100) == ("hard", 1000)
    assert _level_budget("hard", 100) == ("hard", 100)
    r = simulate("chasing", 3, 1, 2, ["hard@5", "normal", "easy"], 1, {})
    assert r["errors"] == 0 and r["bots"] == ["hard@5", "normal", "easy"]
    with pytest.raises(ValueError):
        simulate("chasing", 3, 1, 2, ["hard@x", "normal", "easy"], 1, {})
