"""Harsh Shadows advice: the game's own hint search (``ai.harsh_hint``: every choice in the
same sampled worlds, finished by the heuristic policy, the same random numbers for each),
kept with how each played-out game ended, so the reason can say how a choice loses when
it does. Its budget is playout steps, as the Harsh hint's; the win figures are the ones
``harsh_hint.hint`` gives for the same view, seed and budget."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from game.ai.harsh_hint import (
    POLICY_STREAM,
    HarshPolicy,
    _class_key,
    determinize,
    margin,
    representatives,
    rollout,
)
from game.i18n import N_, Msg
from game.rules.protocol import Action

from .core import Advice, Choice, pct

# How a played-out game was lost (the state's outcome; "long": still going at the limit)
LOSSES = {
    "countdown": N_("the Countdown runs out"),
    "red-herring": N_("the accusation holds a Red Herring"),
    "missing-evidence": N_("the accusation lacks Evidence"),
    "bomb-no-card": N_("a Bomb finds you without a card"),
    "meeting-no-card": N_("meeting the Spy finds you without a card"),
    "long": N_("the game drags on past the playout's limit"),
}


def advise(view: Mapping[str, Any], actions: Sequence[Action], budget: int, seed: int,
           must: Action | None = None) -> Advice:
    actions = list(actions)
    rng = random.Random(seed)
    reps = representatives(actions)
    keys = list(reps)
    ends: dict = {k: Counter() for k in keys}
    n = 0
    work = [0]
    while True:
        world = determinize(view, rng)
        world_seed = rng.getrandbits(64)
        for k in keys:       # as harsh_hint.play_world, keeping the way each game ended
            w = world.clone()
            w._apply(0, reps[k])
            rollout(w, HarshPolicy(random.Random(world_seed ^ POLICY_STREAM)),
                    random.Random(world_seed), work=work)
            ends[k][w.outcome or "long"] += 1
        n += 1
        if work[0] >= budget:
            break
    choices = []
    for a in actions:
        end = ends[_class_key(a)]
        p = end["won"] / n
        stats = {"win": p, "margin": margin(p, n)}
        stats.update({f"end_{code}": c / n for code, c in end.items()})
        choices.append(Choice(a, p, reason(p, n, end), n, None, stats))
    order = {a: i for i, a in enumerate(actions)}
    choices.sort(key=lambda c: (-c.win, order[c.action]))
    return Advice(view.get("seat") or 0, tuple(choices), n, choices[0].win)


def reason(p: float, n: int, end: Counter) -> Msg:
    """The share won, and the commonest way the other played-out games were lost."""
    lost = [(c, code) for code, c in end.items() if code != "won"]
    if not lost:
        return Msg("Won in all {games} played-out games", games=n)
    count, code = max(lost, key=lambda t: (t[0], t[1]))
    return Msg("{win}% won over {games} played-out games; the commonest loss: {how} "
               "({lost}%)", win=pct(p), games=n,
               how=Msg(LOSSES.get(code, LOSSES["long"])), lost=pct(count / n))
