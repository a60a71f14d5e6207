"""Hard computer player for Shadow Hunters: Normal's beliefs plus a sampled-world search.

At its own turn decisions (abilities, moves, Area actions, attacks, card targets, end of
turn) it samples complete worlds consistent with its beliefs (``world_from_view``: hidden
characters drawn from the beliefs, the Hermit deck shuffled), plays every candidate action
in each world followed by a short playout (one round of the fast playout policy, the same
dice for every candidate), and scores the end position for its own win condition. The
candidate with the best mean wins; Normal's own choice gets a small head start, so noise
alone does not make it deviate. The search ends before the budget once the leader is clear,
or once no candidate can still overrule Normal's choice. It never sees the real state: only its view, its legal
actions and its own memory. Other decisions (answers, responses, reveals) are Normal's.
"""

from __future__ import annotations

import math
import random

from game.ai import clock
from game.ai.hunters_normal import NormalBot, dead_neutrals
from game.ai.hunters_rollout import knowledge, playout, value
from game.ai.hunters_world import TURN_FRAMES, NotRebuildable, world_from_view
from game.rules.hunters.data import ALLOCATION, NEUTRAL, SHADOW

DEFAULT_THINK_MS = 1000
SEARCHED = frozenset(TURN_FRAMES) - {"hermit_give"}   # Hermit gives are about information
# The search overrules Normal's pick only when its best candidate is ahead by this much
# and by this many standard errors of the paired difference.
NORMAL_MARGIN = 0.01
MARGIN_SE = 1.5
SIDE = frozenset(("reveal", "allie_heal", "david"))
MAX_CANDIDATES = 8
MIN_WORLDS, MAX_WORLDS = 12, 400
# Worlds the search gets through per second of think time, measured once (python -m
# game.ai.calibrate hunters): in the simulator and the benchmarks (clock "count") a
# search stops after think_ms / 1000 * this many worlds (and MAX_WORLDS) instead of on
# the clock, so its figures do not depend on the machine's load.
WORLDS_PER_SECOND = 680
HARMFUL_CARDS = frozenset(("Vampire Bat", "Bloodthirsty Spider", "Spiritual Doll"))
HARMFUL = frozenset(("attack", "woods", "franklin", "george", "ellen", "ultra_soul",
                     "altar", "goblin"))
# A Shadow at a table of 3 Neutrals does not search ways to hurt a seat more likely than
# this a Neutral (at the deal a hidden seat is one by exactly 1/2: only evidence puts it
# above), unless Normal picked one or two Neutrals are dead and a third death would win.
# The playouts never make a hurt Neutral hit back, so they overrate such hits: 7-player
# Hard Shadows attacked hidden Neutrals more often than Normal ones (1.63 against 1.28 a
# game) to no gain, and without those hits won 68.7 % against 65.3 % (300 games).
SPARE_NEUTRAL = 0.5


class HardBot(NormalBot):
    def __init__(self, seat: int, seed: int = 0, think_ms: int | None = None) -> None:
        super().__init__(seat, seed=seed, think_ms=0)
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms
        self.search_rng = random.Random(seed * 104729 + seat * 17 + 3)
        self.last_search = None        # (worlds, {action: mean}) of the last search

    def choose(self, view, actions):
        start = clock.now()
        # careless options (hunters_risk) are not even searched: noise must not pick them
        actions = self.safe_actions(view, actions)
        pick = super().choose(view, actions)
        kind = view["pending"].get("kind")
        if (len(actions) < 2 or pick.kind in SIDE or kind not in SEARCHED
                or self.think_ms <= 0 or view["active"] != self.seat):
            return pick
        cands = self._candidates(view, actions, pick)
        if len(cands) < 2:
            return pick
        deadline = start + self.think_ms / 1000.0 * 0.85
        return self._search(view, actions, cands, pick, deadline)

    def _candidates(self, view, actions, pick):
        rel = self._beliefs(view)
        # never search for ways to hurt a sure ally: noise must not make that win
        harmful = HARMFUL | ({"card_target"} if view["pending"].get("card") in HARMFUL_CARDS
                             else set())
        spare = self._spared(view)
        main = [a for a in actions if a.kind not in SIDE and not (
            a.kind in harmful and self._target(a) is not None
            and (rel[self._target(a)] <= -8 or self._target(a) in spare))]
        if pick not in main:
            main.insert(0, pick)
        if len(main) <= MAX_CANDIDATES:
            return main
        # many targets (Weird Woods, Altar, cards): keep Normal's pick and the likeliest

        def interest(a):
            ts = [x for x in a.args if isinstance(x, int) and 0 <= x < len(rel)]
            return max((abs(rel[t]) for t in ts), default=0.0)
        ranked = sorted(main, key=interest, reverse=True)
        out = [pick] + [a for a in ranked if a != pick]
        if view["pending"].get("kind") == "area":
            own = [a for a in main if a.kind == "woods" and a.args[1] == self.seat]
            out = [pick] + own + [a for a in out[1:] if a not in own]
        return out[:MAX_CANDIDATES]

    def _spared(self, view):
        """Seats a Shadow among 3 Neutrals does not search to hurt (see SPARE_NEUTRAL)."""
        players = view["players"]
        b = self.beliefs
        if b.my_faction != SHADOW or ALLOCATION[len(players)][2] < 3:
            return set()
        if dead_neutrals(view) >= 2:
            return set()
        return {p["seat"] for p in players if p["seat"] != self.seat and p["alive"]
                and b.faction(p["seat"])[NEUTRAL] > SPARE_NEUTRAL}

    @staticmethod
    def _target(a):
        if a.kind == "woods":
            return a.args[1] if a.args[0] == "damage" else None
        return a.args[0] if a.args and isinstance(a.args[0], int) else None

    def _search(self, view, actions, cands, pick, deadline):
        b = self.beliefs
        n = len(view["players"])
        me = self.seat
        my_know = [max(b.faction(i).values()) >= 0.75 for i in range(n)]
        k = len(cands)
        totals = [0.0] * k
        vals: list[list[float]] = [[] for _ in range(k)]
        worlds = 0
        rng = self.search_rng
        tuples = [(a.kind,) + tuple(a.args) for a in cands]
        p_idx = cands.index(pick) if pick in cands else None
        t0 = clock.now()
        limit = MAX_WORLDS
        if clock.counted():
            limit = min(MAX_WORLDS, clock.counted_budget(self.think_ms, WORLDS_PER_SECOND))
            deadline = math.inf
        try:
            while True:
                now = clock.now()
                per_world = (now - t0) / worlds if worlds else 0.0
                if now + per_world > deadline or worlds >= limit:
                    break
                if worlds >= MIN_WORLDS and (self._settled(vals) or (
                        p_idx is not None and self._futile(vals, p_idx))):
                    break
                w = world_from_view(view, b, rng, actions)
                legal = set(w.fast_legal(me))
                if w.decider() != me or any(t not in legal for t in tuples):
                    break                      # the rebuilt world disagrees: trust Normal
                know = knowledge(w, rng, me, my_know)
                seed = rng.random()
                done = []
                for t in tuples:
                    x = w.clone()
                    x.fast_apply(me, t)
                    playout(x, random.Random(seed), know, turns=n)
                    done.append(value(x, me))
                    if clock.now() >= deadline and len(done) < k:
                        break
                if len(done) < k:
                    break
                for i, v in enumerate(done):
                    totals[i] += v
                    vals[i].append(v)
                worlds += 1
        except NotRebuildable:
            return pick
        if worlds < 2:
            return pick
        means = [t / worlds for t in totals]
        self.last_search = (worlds, dict(zip(cands, means)))
        best = max(range(k), key=means.__getitem__)
        if cands[best] == pick or pick not in cands:
            return cands[best]
        p = cands.index(pick)
        diffs = [x - y for x, y in zip(vals[best], vals[p])]
        m = means[best] - means[p]
        se = math.sqrt(max(sum(d * d for d in diffs) / worlds - m * m, 0.0) / worlds)
        return cands[best] if m > max(NORMAL_MARGIN, MARGIN_SE * se) else pick

    @staticmethod
    def _futile(vals, p):
        """True when no candidate can still overrule Normal's pick ``p``: each one's paired
        lead over it stays below the margin by 3 standard errors. The rest of the budget
        would not change the choice (e.g. candidates that lead to the same positions)."""
        w = len(vals[0])
        for i in range(len(vals)):
            if i == p:
                continue
            diffs = [x - y for x, y in zip(vals[i], vals[p])]
            m = sum(diffs) / w
            se = math.sqrt(max(sum(d * d for d in diffs) / w - m * m, 0.0) / w)
            if m + 3 * se >= NORMAL_MARGIN:
                return False
        return True

    @staticmethod
    def _settled(vals):
        """True when the leader beats every other candidate by 3 standard errors of the
        paired difference (every candidate was played in the same worlds with the same dice)."""
        w = len(vals[0])
        means = [sum(v) / w for v in vals]
        best = max(range(len(means)), key=means.__getitem__)
        for i in range(len(vals)):
            if i == best:
                continue
            diffs = [x - y for x, y in zip(vals[best], vals[i])]
            m = means[best] - means[i]
            var = max(sum(d * d for d in diffs) / w - m * m, 1e-6)
            if m <= 3 * math.sqrt(var / w):
                return False
        return True
