"""A cheating Harsh Shadows player, for measurement only: the ceiling the autopilot aims at.

It reads the real game state, not the view: it knows the order of the Spy deck and where
every Discovery card lies (the stacks on the grid and the deck). The Case Files stay hidden
from it (it samples them from what has been revealed, like the hint) and so do future
reshuffles of the Spy deck. It decides like the search autopilot (``harsh_hint``): every
legal action is played in the same sampled worlds and each world is finished with the
heuristic policy, with the same random numbers for every action (``play_world``); it keeps
the heuristic's choice unless another action is clearly better.
So the gap between the two is what the hidden cards are worth to the same search.

It lives under build_scripts/research/ and the app never imports it (tests/test_purity.py checks).
"""

from __future__ import annotations

import random

from game.ai import clock
from game.ai.harsh_hint import (
    LEVEL_BUDGETS,
    MIN_WORLDS_TO_DEVIATE,
    _class_key,
    play_world,
    representatives,
)
from game.ai.harsh_policy import HarshPolicy
from game.rules.harsh.data import N_ITEMS


def oracle_world(state, rng: random.Random):
    """The real state with only the unrevealed Case File slots shuffled."""
    w = state.clone()
    shown = {w.conf[f][i] for f in range(len(w.conf)) for i, r in enumerate(w.rev[f]) if r}
    free = [i for i in range(N_ITEMS) if i not in shown]
    rng.shuffle(free)
    w.conf = [[w.conf[f][i] if r else free.pop() for i, r in enumerate(w.rev[f])]
              for f in range(len(w.conf))]
    return w


class OracleBot:
    """choose(state, actions): the real HarshState, not a view (cheating on purpose)."""

    def __init__(self, seed: int = 0, think_ms: int | None = None,
                 work: int | None = None) -> None:
        self.rng = random.Random(seed * 7919 + 23)
        # the autopilot's budget unless told otherwise: the same search, cheating
        self.think_ms = LEVEL_BUDGETS["normal"] if think_ms is None else think_ms
        self.work = work   # playout steps a decision, in place of think_ms (as the autopilot)
        self.policy = HarshPolicy(self.rng)
        self.last_worlds = 0

    def choose(self, state, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        # the heuristic on a world where the Case Files are hidden again: the oracle's
        # default, as the autopilot's is the heuristic on a sampled world
        mine = self.policy.choose(oracle_world(state, self.rng), actions)
        if self.work is None and self.think_ms <= 0:
            return mine
        reps = representatives(actions)
        keys = list(reps)
        wins = dict.fromkeys(keys, 0)
        n = 0
        deadline = clock.now() + self.think_ms / 1000.0
        work = [0]
        while True:
            world = oracle_world(state, self.rng)
            # the autopilot's playouts: every action with the same random numbers
            for k, won in zip(keys, play_world(world, self.rng.getrandbits(64),
                                               [reps[k] for k in keys], work)):
                wins[k] += won
            n += 1
            spent = work[0] >= self.work if self.work is not None else clock.now() >= deadline
            if spent:
                break
        self.last_worlds = n
        best = max(keys, key=lambda k: (wins[k], k == _class_key(mine)))
        p_best, p_mine = wins[best] / n, wins[_class_key(mine)] / n
        noise = 2 * (max(p_best * (1 - p_best), 0.05) / n) ** 0.5
        if n < MIN_WORLDS_TO_DEVIATE or p_best - p_mine <= noise:
            return mine
        return reps[best]
