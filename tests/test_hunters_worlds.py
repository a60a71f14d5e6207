"""Rebuilding full states from one seat's view, for information-set search."""

import random

import pytest

from game.rules.hunters import new_game
from game.rules.hunters.data import FACTION, HP, INITIAL
from game.rules.hunters.worlds import determinize, known_characters
from game.rules.protocol import CHANCE, NOBODY


def snapshots(n, seed, every=7, options=None):
    s = new_game(n, options, seed=seed)
    rng = random.Random(seed)
    step = 0
    while s.decider() != NOBODY:
        d = s.decider()
        if d == CHANCE:
            s.fast_apply(CHANCE, s.fast_chance(rng))
        else:
            acts = s.fast_legal(d)
            s.fast_apply(d, acts[int(rng.random() * len(acts))])
        step += 1
        if step % every == 0 and not s.is_over():
            yield s


@pytest.mark.parametrize("n,options", [(4, {}), (6, {"pool": "initial"}),
                                       (8, {"hermit_round": "on"})])
def test_a_world_shows_the_seat_exactly_what_it_saw(n, options):
    rng = random.Random(n)
    checked = 0
    for seed in range(3):
        for s in snapshots(n, seed, options=options):
            seat = rng.randrange(n)
            view = s.view(seat)
            w = determinize(view, rng)
            assert w.view(seat) == view
            assert w.decider() == s.decider()
            if s.decider() == seat:
                assert w.fast_legal(seat) == s.fast_legal(seat)
            # consistent: known characters kept, allocation respected, the living below HP
            for i, c in known_characters(view).items():
                assert w.chars[i] == c
            assert sorted(FACTION[c] for c in w.chars) == sorted(FACTION[c] for c in s.chars)
            assert all(w.dmg[i] < HP[w.chars[i]] for i in range(n) if w.alive[i])
            if options.get("pool") == "initial":
                assert len({INITIAL[c] for c in w.chars}) == n
            cards = sorted(c for d in w.decks + w.disc + w.equip for c in d) + w.in_play
            assert sorted(cards) == list(range(48))
            w.playout(rng)
            assert w.is_over() and w.winners
            checked += 1
    assert checked > 10


def test_with_the_true_characters_the_world_is_the_game_up_to_hidden_cards():
    for s in snapshots(5, 9, every=11):
        w = determinize(s.view(0), random.Random(1), chars=s.chars)
        a, b = s.to_json(), w.to_json()
        for k in ("decks", "disc", "in_play", "private", "stack"):
            a.pop(k)
            b.pop(k)
        assert a == b
