"""Harsh Shadows advice: the game's own hint search (``ai.harsh_hint``: every choice in the
same sampled worlds, finished by the heuristic policy, the same random numbers for each),
kept with how each played-out game ended, so the reason can say how a choice loses when
it does. Its budget is playout steps, as the Harsh hint's; the win figures are the ones
``harsh_hint.hint`` gives for the same view, seed and budget. Which choice leads is the
autopilot's rule (``steady_first``), not the bare highest figure."""

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
    overrule,
    representatives,
    rollout,
)
from game.i18n import N_, Msg
from game.rules.protocol import Action

from .core import Advice, Choice, check, pct

# The hint's first choice is the heuristic's (what the Easy autopilot plays and Hard starts
# from) unless the search overrules it as Hard does (``harsh_hint.overrule``: the leader wins
# at least STEADY_LEAD more of the sampled worlds than it, net, and McNemar's sign test puts
# it STEADY_Z standard errors ahead). With the bare highest figure first, a bot following the
# hint at 1000 playout steps a decision (2-23 worlds a choice) won 31.7 % of 41 games
# against Hard's 75.6 %: the top of a dozen figures from a handful of worlds is mostly
# noise. The margin is Hard's own (tuned on the autopilot's games, seeds 3001-5160); on
# seeds 11000-11012 the follower with it won 10 of 14 games, at a lead of 2 worlds 7 of
# 12, at 1 world and 0.5 SE 8 of 13, never overruling 7 of 11 (too few games to tell them
# apart, none better). On seeds 12000-12199 the follower with it won 168 of 200 games and
# Hard 165 (+1.5 points ±6.6, paired; build_scripts/research/coach_follower.py).
STEADY_LEAD = 4
STEADY_Z = 1.0
# the heuristic's own sampled world and tie-breaks, apart from the search's
HEURISTIC_STREAM = 0x5851F42D4C957F2D

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


def heuristic_choice(view: Mapping[str, Any], actions: Sequence[Action], seed: int
                     ) -> Action | None:
    """The heuristic policy's choice from this view (in a world sampled from it, as the
    autopilot decides), seeded by ``seed``: one of ``actions``, or None if its choice is
    none of them."""
    rng = random.Random(seed ^ HEURISTIC_STREAM)
    world = determinize(view, rng)
    mine = HarshPolicy(rng).choose(world, world.legal_actions(0))
    if mine in actions:
        return mine
    key = _class_key(mine)
    return next((a for a in actions if _class_key(a) == key), None)


def steady_first(keys: Sequence, won: Mapping[Any, Sequence[bool]], base,
                 lead: int = STEADY_LEAD, z: float = STEADY_Z) -> Any:
    """The class (``_class_key``) the hint puts first: the heuristic's ``base`` unless
    another clearly beats it world by world (``won[k]``: per sampled world, whether class
    ``k`` won it)."""
    return overrule(list(keys), won, base, min_lead=lead, z=z)


def advise(view: Mapping[str, Any], actions: Sequence[Action], budget: int, seed: int,
           must: Action | None = None, deadline: float | None = None,
           clock: Callable[[], float] = time.perf_counter, steady: bool = True,
           lead: int = STEADY_LEAD, z: float = STEADY_Z, stop=None) -> Advice:
    """``budget``: playout steps; ``deadline`` (on ``clock``) cuts a search that a slow or
    busy machine would not finish in time (the table's hint), after the world in hand.
    ``steady``: the heuristic's choice leads unless clearly overruled (``steady_first``,
    with ``lead`` and ``z``); False ranks by the bare figures (the analysis, which
    re-measures its best choice). ``stop``: asked between worlds (core.check)."""
    actions = list(actions)
    rng = random.Random(seed)
    reps = representatives(actions)
    keys = list(reps)
    ends: dict = {k: Counter() for k in keys}
    won: dict = {k: [] for k in keys}          # world by world, for ``steady_first``
    n = 0
    work = [0]
    while True:
        check(stop)
        world = determinize(view, rng)
        world_seed = rng.getrandbits(64)
        for k, end in zip(keys, play_out(world, world_seed, [reps[k] for k in keys], work)):
            ends[k][end] += 1
            won[k].append(end == "won")
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
    base = heuristic_choice(view, actions, seed) if steady and len(keys) > 1 else None
    if base is not None:
        first = steady_first(keys, won, _class_key(base), lead, z)
        # stable: the rest keep their order
        choices.sort(key=lambda c: (_class_key(c.action) != first, c.action != base))
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
