"""Properties of random games for every player count and option set."""

import json
import random

import pytest

from game.match import Match
from game.rules.hunters import HuntersState, new_game
from game.rules.hunters.data import HP, NUM_CARDS
from game.rules.protocol import CHANCE, NOBODY, leaves

MAX_STEPS = 20000
OPTION_SETS = [{}, {"pool": "base"}, {"pool": "expansion", "hermit_round": "on"},
               {"pool": "initial", "abilities": "off"}]


def check_invariants(s: HuntersState):
    cards = sorted(c for d in s.decks for c in d) + sorted(c for d in s.disc for c in d)
    cards += [c for e in s.equip for c in e] + list(s.in_play)
    assert sorted(cards) == list(range(NUM_CARDS)), "every card is somewhere, exactly once"
    for i in range(s.n):
        assert 0 <= s.dmg[i] <= HP[s.chars[i]]
        if not s.alive[i]:
            assert s.equip[i] == [] and s.pos[i] == -1 and s.rev[i]
            assert s.legal_actions(i) == []
        elif s.dmg[i] >= HP[s.chars[i]]:
            raise AssertionError("a living character at full damage")
    d = s.decider()
    if d >= 0:
        assert s.alive[d]


@pytest.mark.parametrize("n", range(4, 9))
def test_random_games_keep_the_invariants_and_end_with_a_winner(n):
    for g in range(20):
        opts = OPTION_SETS[g % len(OPTION_SETS)]
        s = new_game(n, opts, seed=g)
        rng = random.Random(g)
        steps = 0
        while s.decider() != NOBODY:
            d = s.decider()
            if d == CHANCE:
                s.fast_apply(CHANCE, s.fast_chance(rng))
            else:
                acts = s.fast_legal(d)
                assert acts
                s.fast_apply(d, rng.choice(acts))
            check_invariants(s)
            steps += 1
            assert steps < MAX_STEPS
        assert s.result().winners, "a finished game always has a winner"
        check_invariants(s)


@pytest.mark.parametrize("n", [4, 6, 8])
def test_clone_and_json_give_the_same_future(n):
    for g in range(6):
        s = new_game(n, seed=100 + g)
        rng = random.Random(g)
        s.playout(rng, max_steps=rng.randint(5, 120))
        if s.is_over():
            continue
        c = s.clone()
        j = HuntersState.from_json(json.loads(json.dumps(s.to_json())))
        assert c.to_json() == s.to_json() == j.to_json()
        for st in (s, c, j):
            st.playout(random.Random(7))
        assert s.to_json() == c.to_json() == j.to_json()


def test_clone_is_independent():
    s = new_game(5, seed=4)
    c = s.clone()
    c.playout(random.Random(1))
    assert c.is_over() and not s.is_over()
    assert s.dmg == [0] * 5


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
def test_views_never_show_hidden_characters_to_others():
    for seed in range(5):
        m = Match.start("hunters", 6, seed)
        rng = random.Random(seed)
        while m.decider() != NOBODY:
            d = m.decider()
            if d == CHANCE:
                m.chance_step()
            else:
                m.apply(d, rng.choice(m.state.legal_actions(d)))
            st = m.state
            if st.is_over():
                break
            for i in range(6):
                if st.rev[i] or st.shown[i]:
                    continue
                name = st.view(i)["me"]["character"]
                for other in [None] + [j for j in range(6) if j != i]:
                    assert name not in leaves(st.view(other))


def test_events_for_private_facts_are_restricted():
    m = Match.start("hunters", 5, 2)
    rng = random.Random(2)
    private_kinds = set()
    while m.decider() != NOBODY:
        d = m.decider()
        if d == CHANCE:
            events = m.chance_step()
        else:
            events = m.apply(d, rng.choice(m.state.legal_actions(d)))
        for e in events:
            if e.kind.startswith("private_"):
                assert e.seats is not None and len(e.seats) == 1
                private_kinds.add(e.kind)
            else:
                assert e.seats is None
    assert private_kinds   # Hermit cards were drawn and given


@pytest.mark.parametrize("n", [4, 7])
def test_out_of_turn_actions_in_random_games(n):
    """Non-deciders reveal (and use any-time abilities) at random moments; all stays sound."""
    for g in range(10):
        m = Match.start("hunters", n, 50 + g)
        rng = random.Random(g)
        for _ in range(MAX_STEPS):
            st = m.state
            d = st.decider()
            if d == NOBODY:
                break
            if rng.random() < 0.1:
                seat = rng.randrange(n)
                extra = st.legal_actions(seat) if seat != d else []
                if extra:
                    m.apply(seat, rng.choice(extra))
                    check_invariants(st)
                    continue
            if d == CHANCE:
                m.chance_step()
            else:
                m.apply(d, rng.choice(st.legal_actions(d)))
            check_invariants(st)
        assert m.state.result().winners
        again = Match.from_json(json.loads(json.dumps(m.to_json())))
        assert again.state.to_json() == m.state.to_json()
