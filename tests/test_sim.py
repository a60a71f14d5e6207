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

    from game.rules import registry
    monkeypatch.setitem(registry._GAMES, "tiny", replace(sim.get_game("tiny"), bot_factory=boom))
    r = sim.simulate("tiny", 2, 3, seed=1, levels=["easy"], think_ms=None, options={})
    assert r["errors"] == 3 and "bot exploded" in r["error_samples"][0]["error"]


def test_bad_arguments_are_clear(capsys):
    with pytest.raises(SystemExit):
        sim._parse(["nosuchgame"])
    assert "unknown game" in capsys.readouterr().err


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
