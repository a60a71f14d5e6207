"""Harsh Shadows advice: the game's own hint search (``ai.harsh_hint``: every choice in the
same sampled worlds, finished by the heuristic policy, the same random numbers for each),
kept with how each played-out game ended, so the reason can say how a choice loses when
it does. Its budget is playout steps, as the Harsh hint's; the win figures are the ones
``harsh_hint.hint`` gives for the same view, seed and budget."""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any, Callable, Mapping, Sequence

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


def play_out(world, seed: int, actions: Sequence[Action], work: list[int]) -> list[str]:
    """``harsh_hint.play_world``, keeping how each played-out game ended ("won", a loss's
    code, or "long")."""
    out = []
    for a in actions:
        w = world.clone()
        w._apply(0, a)
        rollout(w, HarshPolicy(random.Random(seed ^ POLICY_STREAM)), random.Random(seed),
                work=work)
        out.append(w.outcome or "long")
    return out


def advise(view: Mapping[str, Any], actions: Sequence[Action], budget: int, seed: int,
           must: Action | None = None, deadline: float | None = None,
           clock: Callable[[], float] = time.perf_counter) -> Advice:
    """``budget``: playout steps; ``deadline`` (on ``clock``) cuts a search that a slow or
    busy machine would not finish in time (the table's hint), after the world in hand."""
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
        for k, end in zip(keys, play_out(world, world_seed, [reps[k] for k in keys], work)):
            ends[k][end] += 1
        n += 1
        if work[0] >= budget or (deadline is not None and clock() >= deadline):
            break
    choices = []
    for a in actions:
        end = ends[_class_key(a)]
        p = end["won"] / n
        stats = {"win": p, "margin": margin(p, n)}
        stats.update({f"end_{code}": c / n for code, c in end.items()})
        choices.append(Choice(a, p, reason(n, end), n, None, stats))
    order = {a: i for i, a in enumerate(actions)}
    choices.sort(key=lambda c: (-c.win, order[c.action]))
    return Advice(view.get("seat") or 0, tuple(choices), n, choices[0].win)


def reason(n: int, end: Counter) -> Msg:
    """The commonest way the played-out games were lost, as a share of them all (the win
    chance is shown beside it already)."""
    lost = [(c, code) for code, c in end.items() if code != "won"]
    if not lost:
        return Msg("Won in all {games} played-out games", games=n)
    count, code = max(lost, key=lambda t: (t[0], t[1]))
    return Msg("Commonest loss: {how} ({lost})",
               how=Msg(LOSSES.get(code, LOSSES["long"])), lost=pct(count / n))
