"""Every registered game must honour the shared protocol. A game joins by registering."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping

import pytest
import tiny_game  # noqa: F401  (registers the tiny test game)

from game.catalog import all_games, get_game
from game.match import Match, replay
from game.rules.protocol import CHANCE, NOBODY, Action, RuleError, leaves

MAX_STEPS = 20000
GAMES = [s.id for s in all_games()]
CASES = [(g, n) for g in GAMES for n in range(get_game(g).min_players, get_game(g).max_players + 1)]
IDS = [f"{g}-{n}p" for g, n in CASES]
# The views of every seat at every step of Shadow Hunters with 6 to 8 players are the longest
# checks here: -m "not slow" checks 4 and 5 players, CI every count.
VIEW_CASES = [pytest.param(g, n, id=i, marks=pytest.mark.slow if g == "hunters" and n >= 6 else ())
              for (g, n), i in zip(CASES, IDS)]


def play_random(game_id, n, seed, on_step=None):
    """Play one complete game with uniformly random legal actions."""
    m = Match.start(game_id, n, seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        d = m.decider()
        if d == NOBODY:
            return m
        if d == CHANCE:
            m.chance_step()
        else:
            actions = m.state.legal_actions(d)
            assert actions, f"seat {d} must decide but has no legal action"
            m.apply(d, rng.choice(actions))
        if on_step:
            on_step(m, step)
    raise AssertionError(f"{game_id} did not end within {MAX_STEPS} steps")


_PLAIN = frozenset((int, float, str, bool, type(None)))


def assert_immutable(obj, path="view"):
    # Checked at every step of every game: a quick walk first (the plain values by their
    # exact type, without isinstance against the Mapping ABC), the path only for a finding.
    stack = [obj]
    while stack:
        o = stack.pop()
        if type(o) in _PLAIN:
            continue
        if isinstance(o, (dict, list, set)):
            return _where_mutable(obj, path)
        if isinstance(o, Mapping):
            stack.extend(o.values())
        elif isinstance(o, tuple):
            stack.extend(o)


def _where_mutable(obj, path):
    assert not isinstance(obj, (dict, list, set)), f"{path} is mutable ({type(obj).__name__})"
    if isinstance(obj, Mapping):
        for k, v in obj.items():
            _where_mutable(v, f"{path}.{k}")
    elif isinstance(obj, tuple):
        for i, v in enumerate(obj):
            _where_mutable(v, f"{path}[{i}]")


@pytest.mark.parametrize("game_id,n", CASES, ids=IDS)
def test_random_games_end_with_a_result(game_id, n):
    for seed in range(3):
        m = play_random(game_id, n, seed)
        res = m.state.result()
        assert res is not None
        assert all(0 <= w < n for w in res.winners)
        assert m.state.legal_actions() == []


@pytest.mark.parametrize("game_id,n", CASES, ids=IDS)
def test_replay_from_seed_and_log_is_exact(game_id, n):
    m = play_random(game_id, n, seed=11)
    again = replay(game_id, n, 11, m.options, m.log)
    assert again.state.to_json() == m.state.to_json()
    # Same seed, same choices: same chance outcomes.
    m2 = play_random(game_id, n, seed=11)
    assert m2.log == m.log


@pytest.mark.parametrize("game_id,n", CASES, ids=IDS)
def test_json_round_trip_at_random_points(game_id, n):
    rng = random.Random(5)

    def check(m, step):
        if rng.random() > 0.08:
            return
        blob = json.loads(json.dumps(m.to_json()))
        back = Match.from_json(blob)
        assert back.state.to_json() == m.state.to_json()
        assert back.decider() == m.decider()
        d = m.decider()
        if d >= 0:
            assert back.state.legal_actions(d) == m.state.legal_actions(d)
        assert back.state.view(None) == m.state.view(None)

    play_random(game_id, n, seed=3, on_step=check)


def may_see(owner, viewer):
    """``owner`` of a secret token: a seat, a tuple of seats, or None (nobody)."""
    if owner is None or viewer is None:
        return False
    return viewer in owner if isinstance(owner, tuple) else viewer == owner


def find_leaks(st, n):
    """(token, viewer) for every secret found as a value anywhere in a view it must not be in."""
    views = {seat: st.view(seat) for seat in range(n)}
    views[None] = st.view(None)
    vleaves = {k: leaves(v) for k, v in views.items()}
    return [(token, viewer) for owner, token in st.secret_tokens()
            for viewer, lv in vleaves.items() if not may_see(owner, viewer) and token in lv]


@pytest.mark.parametrize("game_id,n", VIEW_CASES)
def test_views_hide_other_seats_secrets_and_are_immutable(game_id, n):
    def check(m, step):
        st = m.state
        for seat in (*range(n), None):
            assert_immutable(st.view(seat))
        assert find_leaks(st, n) == []

    for seed in range(2):
        play_random(game_id, n, seed=seed, on_step=check)


def test_leak_check_catches_a_bare_character_name_even_after_a_prediction():
    from types import MappingProxyType

    from game.rules.hunters.scenario import act, draw, scenario
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], phase="area",
                 positions={0: "Hermit's Cabin", 1: "Church", 2: "Church", 3: "Cemetery"})
    act(s, 0, "draw", "hermit")
    draw(s, "Prediction")
    act(s, 0, "give", 1)
    act(s, 1, "answer", "show")
    assert find_leaks(s, 4) == []          # seat 0 saw the Vampire: that is no leak
    real = s.view

    def leaky(seat):
        v = real(seat)
        return MappingProxyType({**v, "note": "Vampire"}) if seat in (2, None) else v

    s.view = leaky
    assert set(find_leaks(s, 4)) == {("Vampire", 2), ("Vampire", None)}


@pytest.mark.parametrize("game_id,n", CASES, ids=IDS)
def test_illegal_actions_are_rejected_and_change_nothing(game_id, n):
    rng = random.Random(9)

    def check(m, step):
        if rng.random() > 0.1:
            return
        st = m.state
        before = st.to_json()
        d = st.decider()
        with pytest.raises(RuleError) as err:
            st.apply(d if d >= 0 else 0, Action("no-such-action", (1,)))
        assert str(err.value)
        assert st.to_json() == before
        if d >= 0:
            legal = st.legal_actions(d)
            for other in range(n):
                if other != d:
                    mine = set(st.legal_actions(other))
                    for a in legal:
                        if a not in mine:
                            with pytest.raises(RuleError):
                                st.apply(other, a)
                            assert st.to_json() == before
                            break
                    break
            # labels are unique and the order is stable
            labels = [a.label for a in legal]
            assert len(set(labels)) == len(labels), labels
            assert all(labels)
            assert st.legal_actions(d) == legal

    play_random(game_id, n, seed=2, on_step=check)


def test_unknown_game_and_bad_options_are_clear_errors():
    with pytest.raises(ValueError, match="unknown game"):
        get_game("chess")
    with pytest.raises(ValueError, match="no option"):
        Match.start("tiny", 2, 1, {"colour": "red"})
    with pytest.raises(ValueError, match="players"):
        Match.start("tiny", 9, 1)


def test_damaged_log_is_refused():
    m = play_random("tiny", 3, seed=1)
    blob = m.to_json()
    blob["log"][-1][1] = ["bet", []] if blob["log"][-1][1][0] == "fold" else ["fold", []]
    with pytest.raises(ValueError, match="does not match"):
        Match.from_json(blob)
