"""Chasing Shadows computer players: legal, view-only, within budget, and sensible."""

from __future__ import annotations

import time

import pytest
from counting_clock import CountingClock
from test_chasing_rules import B, G, R, Y, cd, follow_example, play, rig

from game.ai.chasing_bots import (
    EasyBot,
    HardBot,
    NormalBot,
    determinize,
    known_cards,
    make_bot,
    pick_card,
    pick_discard,
)
from game.catalog import get_game
from game.match import Match
from game.rules.chasing import cards as C
from game.rules.chasing import sim_report
from game.rules.protocol import CHANCE, NOBODY

SPEC = get_game("chasing")


def play_bots(levels, seed, think_ms=None, on_decision=None, now=time.perf_counter):
    m = Match.start("chasing", len(levels), seed)
    bots = [SPEC.bot_factory(lv, s, seed=seed, think_ms=think_ms) for s, lv in enumerate(levels)]
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        view, actions = m.state.view(d), m.state.legal_actions(d)
        t = now()
        action = bots[d].choose(view, actions)
        if on_decision:
            on_decision(m.state, d, view, actions, action, now() - t)
        assert action in actions
        m.apply(d, action)
    return m.state


@pytest.mark.parametrize("n", [3, 4, 5])
def test_every_level_plays_legal_games(n):
    levels = (["easy", "normal", "hard"] * 2)[:n]
    st = play_bots(levels, seed=n, think_ms=3)
    assert st.result() is not None


def test_hard_stays_within_its_think_budget(monkeypatch):
    # On a think clock that moves 1 ms a reading (Hard reads it once a world), so how busy
    # the machine is does not matter: the time a decision takes on that clock.
    from game.ai import clock
    tick = CountingClock(0.001)
    monkeypatch.setattr(clock, "now", tick)
    times = []

    def record(st, seat, view, actions, action, secs):
        if seat == 0 and len(actions) > 1:
            times.append(secs)

    play_bots(["hard", "easy", "easy", "easy"], seed=5, think_ms=40, on_decision=record,
              now=tick)
    # it stops at 0.9 of the budget (the readings around it add a few ticks)
    assert times and max(times) <= 0.040
    # open decisions use the budget (settled ones may stop early)
    assert max(times) >= 0.030


def test_settled_compares_candidates_world_by_world():
    from game.ai.chasing_bots import settled
    # the leader ahead in every world by a noisy but clear margin
    assert settled([[5.0 + (i % 3) for i in range(24)], [float(i % 3) for i in range(24)]])
    # a tie in every world: nothing to gain from more worlds
    assert settled([[float(i % 7) for i in range(24)]] * 2)
    # ahead on average, but world by world it is a coin toss
    noisy = [float((i * 7) % 11) - 5 for i in range(24)]
    assert not settled([[x + 1.0 for x in noisy], [-x for x in noisy]])


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_hard_stops_thinking_once_the_choice_is_settled(monkeypatch):
    from game.ai import clock
    monkeypatch.setattr(clock, "now", CountingClock(0.0005))
    m = Match.start("chasing", 4, 5)
    bots = [make_bot("hard", 0, seed=5, think_ms=100)] + [NormalBot(s) for s in (1, 2, 3)]
    worlds = []
    while (d := m.decider()) != NOBODY and m.state.rnd == 0:  # the first round
        if d == CHANCE:
            m.chance_step()
            continue
        actions = m.state.legal_actions(d)
        m.apply(d, bots[d].choose(m.state.view(d), actions))
        if d == 0 and len(actions) > 1:
            worlds.append(bots[0].last_worlds)
    # some choices are settled after a few dozen worlds, others get the whole budget
    assert min(worlds) <= 32 < max(worlds)


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_hidden_ranks_do_not_change_hards_choice(monkeypatch):
    # Two deals that seat 0 cannot tell apart (the other hands' ranks differ, the suits
    # and everything seat 0 has seen are the same): Hard, with the same seed and a
    # repeatable clock, must choose the same.
    import random

    from game.ai import clock
    m = Match.start("chasing", 4, seed=8)
    while m.decider() == CHANCE:
        m.chance_step()
    view = m.state.view(m.decider())
    seat = m.decider()
    other = determinize(view, random.Random(1))
    assert other.hands != m.state.hands and other.view(seat)["hands"] == view["hands"]
    picks = []
    for st in (m.state, other):
        monkeypatch.setattr(clock, "now", CountingClock())
        bot = HardBot(seat, seed=4, think_ms=60)
        picks.append(bot.choose(st.view(seat), m.state.legal_actions(seat)))
    assert picks[0] == picks[1]


def test_sampled_worlds_agree_with_the_view():
    import random
    rng = random.Random(3)
    m = Match.start("chasing", 4, seed=21)
    checked = 0
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        view = m.state.view(d)
        world = determinize(view, rng)
        wv = world.view(d)
        for key in ("hands", "spotlight", "trick", "taken", "turn", "phase", "leader",
                    "follow", "scoresheet", "hand_counts"):
            assert wv[key] == view[key], key
        cards = [c for h in world.hands for c in h]
        assert len(cards) == len(set(cards))
        others = {c for s, h in enumerate(world.hands) if s != d for c in h}
        assert not others & known_cards(view)
        assert sorted(world.moves()) == sorted(m.state.moves())
        checked += 1
        m.apply(d, m.state.legal_actions(d)[checked % len(m.state.legal_actions(d))])
    assert checked > 100


def test_normal_corners_the_next_player_like_the_rulebook_example():
    st = follow_example()
    play(st, 0, R, 3)
    play(st, 1, B, 7)
    play(st, 2, R, 5)                    # Chris matched nothing: yellow or grey to discard
    action = NormalBot(2).choose(st.view(2), st.legal_actions(2))
    assert action.args == ("yellow",)    # Drew holds many yellows but a single grey
    assert pick_discard([Y, G], [Y, G], [Y, Y, Y, G]) == Y


def test_normal_ducks_under_the_spotlight():
    # Spotlight 8, the leader played a 5: a 6 or 7 would win; 0-4 and 8+ are safe.
    st = rig(4, 0, {0: [cd(B, 5)], 1: [cd(B, 6), cd(B, 2), cd(B, 11), cd(B, 7)]},
             cd(R, 8), [cd(B, 13), cd(Y, 13), cd(G, 13)])
    play(st, 0, B, 5)
    action = NormalBot(1).choose(st.view(1), st.legal_actions(1))
    assert action.args == ("blue", 11)   # the highest card that cannot win
    assert pick_card([cd(B, 6), cd(B, 2)], 8, [5], []) == cd(B, 2)


def test_normal_forced_to_win_picks_the_card_most_likely_overtaken():
    # Spotlight 8, a 2 was played; holding 3 and 7, both win now. Threats 4, 5, 6
    # overtake a 3 but not a 7.
    assert pick_card([cd(B, 3), cd(B, 7)], 8, [2], [4, 5, 6]) == cd(B, 3)
    # Last to play (no threats left): plant the highest card as the next Spotlight.
    assert pick_card([cd(B, 3), cd(B, 7)], 8, [2], []) == cd(B, 7)


def test_normal_beats_easy_over_fixed_seeds():
    scores = [0, 0, 0, 0]
    for seed in range(30):
        res = play_bots(["normal", "easy", "easy", "easy"], seed).result()
        for s in range(4):
            scores[s] += res.scores[s]
    assert scores[0] < min(scores[1:])


def test_factory_levels_and_sim_report():
    assert isinstance(make_bot("easy", 0), EasyBot)
    assert isinstance(SPEC.bot_factory("normal", 1, seed=2, think_ms=None), NormalBot)
    hard = SPEC.bot_factory("hard", 2, seed=2, think_ms=None)
    assert isinstance(hard, HardBot) and hard.think_ms == 1000
    with pytest.raises(ValueError, match="unknown level"):
        make_bot("genius", 0)
    states = [play_bots(["easy"] * 3, seed) for seed in range(3)]
    report = sim_report(states)
    expected = [sum(s.result().scores[i] for s in states) / 3 for i in range(3)]
    assert report["mean_score_by_seat"] == pytest.approx(expected, abs=0.01)


def test_bots_never_receive_the_state():
    # The factory's bots get a view mapping; a view holds no other seat's rank.
    st = follow_example()
    view = st.view(0)
    assert all(t[0] == "back" for s in (1, 2, 3) for t in view["hands"][s])
    for bot in (EasyBot(0, seed=1), NormalBot(0), HardBot(0, seed=1, think_ms=20)):
        action = bot.choose(view, st.legal_actions(0))
        assert action in st.legal_actions(0)
    assert C.face(cd(R, 3)) in view["hands"][0]
