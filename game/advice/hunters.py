"""Shadow Hunters advice: each choice played in the same worlds to the end of the game.

A world is the real table as the seat sees it (``rules.hunters.worlds.determinize``)
with the hidden characters drawn from the seat's beliefs (``ai.hunters_beliefs``: what
the history says about each seat), as the Hard computer player draws them. Every choice
is applied in the world and the game is finished by the fast playout policy with the
same dice for every choice; the share of worlds the seat wins is the choice's win
chance. On the way the search notes what the reasons quote: how often a target is on the
other side (in the worlds drawn), whether it is dead once this turn is over, whether the
seat is still alive a round later.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.ai.hunters_beliefs import Beliefs
from game.ai.hunters_rollout import knowledge, playout, value
from game.i18n import Decimal, Msg
from game.rules.hunters.data import CHAR_ID, FACTION, HP, HUNTER, NEUTRAL, SHADOW
from game.rules.hunters.worlds import determinize
from game.rules.protocol import Action

from .core import Advice, Choice, check, clearly_better, pct

MIN_WORLDS = 12
MAX_CANDIDATES = 10
PLAYOUT_STEPS = 20_000
# The choice Normal's heuristic makes leads the hint unless another choice wins more often
# world by world by more than noise (``core.clearly_better``, as Hard overrules Normal). A playout's end is a win or a loss, so a few dozen worlds
# leave figures several points apart within noise: asked twice with other worlds, the bare
# best figure was the same choice in 63 % of positions, this order in 80 %; a bot following
# the bare order won 41.2 % of 148 games where Hard at the same worlds won 49.3 %, in this
# order 51.5 % against 49.0 % over 200 other games (build_scripts/research/coach_follower.py).
# choices that hurt the seat they name, and those that help it
HARMFUL = frozenset(("attack", "franklin", "george", "ellen", "ultra_soul", "altar", "goblin"))
HELPFUL = frozenset(("give",))


class NoWorld(Exception):
    """No world consistent with the view offers the seat these choices."""


def target_of(a: Action) -> int | None:
    if a.kind == "woods":
        return a.args[1]
    if a.kind in HARMFUL or a.kind in HELPFUL or a.kind in ("card_target", "fuka"):
        t = a.args[0] if a.args else None
        return t if isinstance(t, int) and not isinstance(t, bool) else None
    return None


def harms(a: Action) -> bool:
    if a.kind == "woods":
        return a.args[0] == "damage"
    return a.kind in HARMFUL or a.kind in ("fuka",)


def beliefs_for(view: Mapping[str, Any], beliefs: Beliefs | None = None) -> Beliefs:
    b = beliefs if beliefs is not None else Beliefs(view["seat"], view)
    b.update(view)
    return b


def sample_world(view, beliefs: Beliefs, rng: random.Random, me: int, tuples=()):
    """A world from the beliefs that offers ``tuples``; else one drawn uniformly."""
    for weighted in (True, True, False):
        chars = None
        if weighted:
            chars = list(beliefs.sample_characters(rng))
            chars[me] = CHAR_ID[view["me"]["character"]]
        try:
            w = determinize(view, rng, chars=chars)
        except (ValueError, IndexError, KeyError):
            continue
        if not tuples:
            return w
        if w.dec == me:
            legal = set(w.fast_legal(me))
            if all(t in legal for t in tuples):
                return w
    raise NoWorld("no world offers these choices")


def normal_pick(view, actions: list[Action]) -> Action:
    """What the Normal computer player would do here (it leaves out careless options)."""
    from game.ai.hunters_normal import NormalBot

    return NormalBot(view["seat"]).choose(view, actions)


def candidates(view, actions: list[Action], must: Action | None,
               pick: Action | None = None) -> list[Action]:
    if len(actions) <= MAX_CANDIDATES:
        return actions
    keep = [must] if must is not None else []
    pick = normal_pick(view, actions) if pick is None else pick
    keep += [pick] if pick not in keep else []
    # then the choices aimed at the seats the beliefs know most about, then the rest
    keep += [a for a in actions if a not in keep]
    return keep[:MAX_CANDIDATES]


def advise(view: Mapping[str, Any], actions: Sequence[Action], budget: int, seed: int,
           must: Action | None = None, beliefs: Beliefs | None = None,
           steady: bool = True, stop=None) -> Advice:
    """``steady``: Normal's choice leads unless another is clearly better (``clearly_better``);
    False ranks by the bare figures (the analysis, which re-measures its best choice).
    ``stop``: asked between worlds (core.check)."""
    me = view["seat"]
    b = beliefs_for(view, beliefs)
    pick = normal_pick(view, list(actions)) if steady else None
    cands = candidates(view, list(actions), must, pick)
    tuples = [(a.kind,) + tuple(a.args) for a in cands]
    n = len(view["players"])
    my_f = FACTION[CHAR_ID[view["me"]["character"]]]
    my_know = [max(b.faction(i).values()) >= 0.75 for i in range(n)]
    worlds = max(MIN_WORLDS, budget // max(1, len(cands)))
    rng = random.Random(seed)
    k = len(cands)
    won = [0.0] * k
    vals: list[list[float]] = [[] for _ in range(k)]     # world by world, for ``steady``
    dies = [0] * k
    alive = [0] * k
    hurt = [0.0] * k
    facts = [{HUNTER: 0, SHADOW: 0, NEUTRAL: 0} for _ in range(n)]
    for _ in range(worlds):
        check(stop)
        w = sample_world(view, b, rng, me, tuples)
        for i in range(n):
            facts[i][FACTION[w.chars[i]]] += 1
        know = knowledge(w, rng, me, my_know)
        dice = rng.getrandbits(64)
        for i, t in enumerate(tuples):
            x = w.clone()
            x.fast_apply(me, t)
            r = random.Random(dice)
            target = target_of(cands[i])
            playout(x, r, know, turns=1, max_steps=PLAYOUT_STEPS)
            if target is not None and not x.alive[target]:
                dies[i] += 1
            if n > 1 and not x.over:
                playout(x, r, know, turns=n - 1, max_steps=PLAYOUT_STEPS)
            alive[i] += x.alive[me]
            hurt[i] += (x.dmg[me] - w.dmg[me]) if x.alive[me] else HP[x.chars[me]] - w.dmg[me]
            if not x.over:
                playout(x, r, know, turns=10_000, max_steps=PLAYOUT_STEPS)
            v = value(x, me)
            won[i] += v
            vals[i].append(v)
    choices = []
    for i, a in enumerate(cands):
        t = target_of(a)
        side = {f: facts[t][f] / worlds for f in facts[t]} if t is not None else {}
        stats = {"win": won[i] / worlds, "dies": dies[i] / worlds, "alive": alive[i] / worlds,
                 "hurt": hurt[i] / worlds}
        stats.update({f"p_{f}": v for f, v in side.items()})
        choices.append(Choice(a, stats["win"], reason(a, my_f, stats), worlds, None, stats))
    order = {a: i for i, a in enumerate(cands)}
    choices.sort(key=lambda c: (-c.win, order[c.action]))
    if pick is not None and pick in order and choices[0].action != pick \
            and not clearly_better(vals[order[choices[0].action]], vals[order[pick]]):
        choices.sort(key=lambda c: c.action != pick)      # stable: the rest keep their order
    return Advice(me, tuple(choices), worlds, choices[0].win)


def reason(a: Action, my_f: str, stats: Mapping[str, float]) -> Msg:
    """One line from the numbers the search kept; ``target`` is a seat (``messages.named``
    puts its name in)."""
    t = target_of(a)
    if t is not None and harms(a):
        if my_f == NEUTRAL:
            return Msg("{target}: {shadow} that they are a Shadow, {hunter} a Hunter; "
                       "{dies} that they are dead by the end of this turn", target=t,
                       shadow=pct(stats[f"p_{SHADOW}"]), hunter=pct(stats[f"p_{HUNTER}"]),
                       dies=pct(stats["dies"]))
        enemy = SHADOW if my_f == HUNTER else HUNTER
        return Msg("{target}: {enemy} that they are against you; {dies} that they are "
                   "dead by the end of this turn", target=t, enemy=pct(stats[f"p_{enemy}"]),
                   dies=pct(stats["dies"]))
    if t is not None and my_f != NEUTRAL:
        return Msg("{target}: {ally} that they are on your side", target=t,
                   ally=pct(stats[f"p_{my_f}"]))
    return Msg("Over the next round you take {hurt} damage on average; {alive} that you are "
               "still alive then", hurt=Decimal(stats["hurt"], 1), alive=pct(stats["alive"]))
