"""The hint is stable: asked twice in the same position it gives the same win chances
(within ±3 points), in positions from real games at every difficulty and phase, from a fixed
amount of work (how long that work takes is build_scripts/bench/bench_harsh.py's "app
hint" figure, not a test's), and it says how precise its chances are."""

import random
import time

import pytest

from game.advice import harsh as harsh_advice
from game.ai.harsh_hint import hint, margin, position_seed
from game.ai.harsh_policy import HarshPolicy
from game.match import Match
from game.rules.protocol import CHANCE, chance_rng
from game.ui.harsh import hinting

DIFFICULTIES = ("standard", "hard", "difficult", "expert")


def positions(count: int = 20, seed: int = 100) -> list:
    """(view, legal actions) where the player has a real choice, from heuristic games."""
    out = []
    g = 0
    while len(out) < count:
        g += 1
        m = Match.start("harsh", 1, seed + g, {"difficulty": DIFFICULTIES[g % 4]})
        rng = random.Random(seed + g)
        policy = HarshPolicy(rng)
        stop_at = rng.randrange(3, 40)
        choices = 0
        while not m.state.is_over():
            d = m.decider()
            if d == CHANCE:
                m.apply(CHANCE, m.state.sample_chance(chance_rng(m.seed, len(m.log))))
                continue
            actions = m.state.legal_actions(0)
            if len(actions) >= 2:
                choices += 1
                if choices == stop_at:
                    out.append((m.state.view(0), actions))
                    break
            m.apply(0, policy.choose(m.state, actions))
    return out


def one_per_kind(found: list) -> list:
    """The first position of each difficulty and phase among ``found``."""
    kinds = {}
    for view, actions in found:
        kinds.setdefault((view["difficulty"], view["phase"]), (view, actions))
    return list(kinds.values())


def chances(answer) -> dict:
    return {a: p for a, p, _ in answer.ranked}


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_the_same_position_asked_twice_gives_chances_within_3_points(monkeypatch):
    # The app's own search (the same work, seeded by the position) under a clock so long
    # that it never cuts it: the playout steps are counted, so the search is shown to stop
    # on its work budget, which no load on the machine changes.
    worlds: list[int] = []              # playout steps of each sampled world
    play_out = harsh_advice.play_out

    def counted(world, seed, actions, work):
        before = work[0]
        out = play_out(world, seed, actions, work)
        worlds.append(work[0] - before)
        return out

    monkeypatch.setattr(harsh_advice, "play_out", counted)
    spreads = []
    # Each search costs 1.1-1.7 s of CPU. Of the 20 positions, one per difficulty and phase
    # (10: all four difficulties; actions, move, reorder, stake-out) is asked. They hold 3
    # of the 4 positions where the budget buys the fewest worlds (145, 162, 182; the fourth,
    # 176, is a second "difficult" move; measured 2026-12-07), where ``best[2] >= 100`` is
    # tightest. The first position of each phase is asked twice: a second answer differs
    # only if a search leaves something behind for the next, and each phase has its own
    # code in the playouts.
    kept = one_per_kind(positions(20))
    assert len({view["difficulty"] for view, _ in kept}) == len(DIFFICULTIES)
    phases = {view["phase"] for view, _ in kept}
    asked_twice = [next(p for p in kept if p[0]["phase"] == phase) for phase in sorted(phases)]
    for view, actions in kept:
        answers = []
        for key in (1, 2) if (view, actions) in asked_twice else (1,):
            worlds.clear()
            answers.append(hinting._search(key, view, tuple(actions), 60_000, None))
            # stopped by the first world that reached the work budget, not by the clock
            assert sum(worlds[:-1]) < hinting.WORK_STEPS <= sum(worlds)
        first, again = answers[0], answers[-1]
        a, b = chances(first), chances(again)
        assert set(a) == set(actions)
        assert first.best[2] >= 100  # enough worlds behind every chance
        if len(answers) == 2:
            spreads.append(max(abs(a[x] - b[x]) for x in a))
    assert len(spreads) == len(phases) == 4
    assert max(spreads) <= 0.03, f"max spread {max(spreads):.3f}"
    # The app's clock still cuts any search at 1.5 s (test_ui_harsh_hint checks the cut).
    assert hinting.BUDGET_MS <= 1500


def test_the_seed_is_the_position_not_the_way_there():
    (view, _), (other, _) = positions(2, seed=7)
    copy = {k: view[k] for k in reversed(list(view))}  # same content, other key order
    assert position_seed(view) == position_seed(copy)
    assert position_seed(view) != position_seed(other)


def test_the_search_stops_on_work_done_not_on_the_clock():
    view, actions = positions(1, seed=3)[0]
    one = hint(view, actions, budget_ms=60_000, rng=random.Random(9), work_budget=4000)
    time.sleep(0.05)
    two = hint(view, actions, budget_ms=60_000, rng=random.Random(9), work_budget=4000)
    assert one == two


def test_the_margin_shrinks_with_more_worlds_and_is_shown():
    assert margin(0.5, 100) > margin(0.5, 400) > 0
    assert round(margin(0.5, 400), 3) == 0.049
    assert margin(0.0, 100) > 0  # never claims certainty from a sample


def test_a_position_asked_about_again_gets_the_same_answer_at_once():
    view, actions = positions(1, seed=11)[0]
    runner = hinting.HintRunner(budget_ms=300)
    try:
        runner.start(1, view, actions)
        deadline = time.perf_counter() + 30
        while runner.result_for(1) is None:
            assert time.perf_counter() < deadline
            time.sleep(0.01)
        first = runner.result_for(1)
        runner.forget()  # moved on (or undone) and back to the same position later
        runner.start(7, view, actions)
        again = runner.result_for(7)
        assert again is not None and not runner.thinking  # no new search
        assert again.ranked == first.ranked
    finally:
        runner.close()
