"""What one seat believes about the others' factions and characters in Shadow Hunters.

Built only from the seat's view (public history, its own character, its private Hermit
entries and Predictions), updated incrementally as the history grows.

Model: a weight for every way of splitting the seats into factions (a "team layout";
at most a few hundred), times, per seat and faction, the likelihood of what that seat did
given each character of that faction. Evidence about one seat (a Hermit answer, a
character that stayed hidden when it would have had to reveal) multiplies that seat's
character likelihoods; evidence about two seats at once (A attacked B, A healed B)
multiplies the layouts where they share a team. Characters of different seats are
treated as independent given the layout (exclusivity is restored when sampling deals).
"""

from __future__ import annotations

import math
import random
from itertools import permutations

from game.rules.hunters.cards import hermit_fits
from game.rules.hunters.data import (
    ALLOCATION,
    BOB,
    CHAR_ID,
    CHAR_SET,
    DANIEL,
    FACTION,
    FACTION_NAME,
    HERMIT_CARDS,
    HERMIT_INFO,
    HP,
    HUNTER,
    NEUTRAL,
    SHADOW,
    UNKNOWN,
)

FACTIONS = (HUNTER, SHADOW, NEUTRAL)
LETTER = {v: k for k, v in FACTION_NAME.items()}
MIRROR_SHADOWS = frozenset(c for c in range(20) if FACTION[c] == SHADOW and c != UNKNOWN)
FLOOR = 1e-4            # no observation rules a character out completely unless it is a fact
UNKNOWN_LIE = 0.5       # how often the Unknown is assumed to answer a Hermit card falsely

# How strongly an act between two seats says "not on the same team" (factor applied to
# layouts where both are Hunters or both are Shadows). Smaller = stronger evidence.
HOSTILE_BLIND = 0.6       # the target was hidden: the actor may simply have guessed
HOSTILE_KNOWN = 0.15      # the target was revealed: the actor knew whom it hurt
FRIENDLY = 0.5            # a heal given: factor on layouts where they are enemies
NEUTRAL_OPENS = 0.1       # an unprovoked attack: factor on layouts where the attacker is a Neutral
RECEIVED_HINT = 0.7       # a damaging Hermit card aimed at my faction: giver not in it


def _effect_outcomes(name, damaged):
    """Outcomes the card's effect can produce, as (kind, amount) pairs (amount 0: none)."""
    _, _, _, effect, amount = HERMIT_INFO[name]
    if effect == "heal":
        return {("heal", 0)} if damaged else {("damage", 1)}
    if effect == "anger":
        return {("give", 0), ("damage", 1)}
    if effect == "damage":
        return {("damage", amount)}
    return {("show", 0)}


def hermit_likelihood(c, name, obs, damaged, unknown_lies=True):
    """P(public outcome ``obs`` | receiver is character ``c``, card ``name``), up to a
    constant. obs = (kind, amount) with amount 0 when it could not be read."""
    def hit(outs):
        return any(o[0] == obs[0] and (obs[1] == 0 or o[1] == 0 or o[1] == obs[1])
                   for o in outs)
    if HERMIT_INFO[name][3] == "show":
        return 1.0 if obs[0] == "show" else 0.0
    effect = _effect_outcomes(name, damaged)
    truthful = effect if hermit_fits(c, name) else {("nothing", 0)}
    p = 1.0 if hit(truthful) else 0.0
    if c == UNKNOWN and unknown_lies:
        lie = ({("nothing", 0)} if truthful is effect else effect)
        p = (1 - UNKNOWN_LIE) * p + UNKNOWN_LIE * (1.0 if hit(lie) else 0.0)
    return p


_HERMIT_PRIOR = tuple((row[0], row[1] / 16.0) for row in HERMIT_CARDS)


class Beliefs:
    """One seat's beliefs. Call ``update(view)`` before reading; it is cheap when nothing
    new happened."""

    def __init__(self, seat, view):
        self.seat = seat
        me = view["me"]
        self.n = n = len(view["players"])
        self.my_char = CHAR_ID[me["character"]]
        self.my_faction = FACTION[self.my_char]
        opts = view.get("options", {})
        self.abilities = opts.get("abilities", "on") == "on"
        pool = opts.get("pool", "all")
        chars = [c for c in range(20)
                 if pool in ("all", "initial") or CHAR_SET[c] == pool]
        if not self.abilities:
            chars = [c for c in chars if c != BOB]
        self.pool = [c for c in chars if c != self.my_char]
        # team layouts: my own faction is fixed, the rest is a multiset permutation
        counts = dict(zip(FACTIONS, ALLOCATION[n]))
        counts[self.my_faction] -= 1
        rest = [f for f in FACTIONS for _ in range(counts[f])]
        layouts = set()
        for perm in permutations(rest):
            layouts.add(perm)
        self.layouts = []
        for perm in sorted(layouts):
            lay = list(perm)
            lay.insert(seat, self.my_faction)
            self.layouts.append(tuple(lay))
        self.log_layout = [0.0] * len(self.layouts)
        self.log_char = [[0.0] * 20 for _ in range(n)]
        self.known = {seat: self.my_char}
        self.damage = [0] * n
        self.revealed = [False] * n
        self.voided = [False] * n
        self.active = -1
        self.deaths = 0
        self.forced: set[int] = set()
        self.hostility = [[0.0] * n for _ in range(n)]   # hurt done by a to b (for bots)
        self._h = 0
        self._last = None
        self._p = 0
        self._dirty = True
        self._fac = None
        self._char = None

    # --- evidence ---------------------------------------------------------------------------
    def _learn_char(self, i, c):
        if i == self.seat or self.known.get(i) == c:
            return
        self.known[i] = c
        row = self.log_char[i]
        for x in range(20):
            row[x] = 0.0 if x == c else -math.inf
        for j in range(self.n):
            if j != i and j not in self.known:
                self.log_char[j][c] = -math.inf
        self._dirty = True

    def _char_factor(self, i, fn):
        """Multiply seat i's character likelihoods by fn(c) (floored)."""
        if i in self.known:
            return
        row = self.log_char[i]
        for c in range(20):
            if row[c] != -math.inf:
                row[c] += math.log(max(fn(c), FLOOR))
        self._dirty = True

    def _exclude(self, i, chars):
        if i in self.known:
            return
        row = self.log_char[i]
        for c in chars:
            row[c] = -math.inf
        self._dirty = True

    def _pair_factor(self, a, b, same_team, enemies=1.0):
        """Layouts where a and b are both Hunters or both Shadows get ``same_team``; layouts
        where one is a Hunter and the other a Shadow get ``enemies``."""
        if a == b:
            return
        ls, lg = math.log(same_team), math.log(enemies)
        for k, lay in enumerate(self.layouts):
            fa, fb = lay[a], lay[b]
            if fa == NEUTRAL or fb == NEUTRAL:
                continue
            self.log_layout[k] += ls if fa == fb else lg
        self._dirty = True

    def _hostile(self, actor, target, strength=1.0):
        if actor < 0 or actor == target:
            return
        base = HOSTILE_KNOWN if self.revealed[target] else HOSTILE_BLIND
        self._pair_factor(actor, target, base ** strength)

    def _unprovoked(self, actor, targets):
        """Neutrals seldom open a fight: an attack on hidden seats that never hurt the
        attacker, by a hidden attacker free not to attack, makes it less likely a Neutral."""
        if (actor == self.seat or self.revealed[actor] or actor in self.forced
                or any(self.revealed[t] or self.hostility[t][actor] for t in targets)):
            return
        self._seat_in(actor, NEUTRAL, NEUTRAL_OPENS)

    def _seat_in(self, seat, faction, factor):
        """Multiply the layouts where ``seat`` belongs to ``faction`` by ``factor``."""
        ln = math.log(factor)
        for k, lay in enumerate(self.layouts):
            if lay[seat] == faction:
                self.log_layout[k] += ln
        self._dirty = True

    def _friendly(self, actor, target):
        if actor < 0 or actor == target:
            return
        self._pair_factor(actor, target, 1.0, FRIENDLY)

    def update(self, view):
        hist = view["history"]
        if len(hist) < self._h or (self._h and hist[self._h - 1] != self._last):
            self.__init__(self.seat, view)   # another game, or an undo: start over
        for p in view["players"]:
            self.voided[p["seat"]] = p["voided"]
        # the Masamune's holder must attack: its attacks tell nothing of its will
        self.forced = {p["seat"] for p in view["players"]
                       if "Cursed Sword Masamune" in p["equipment"]}
        if self._h == 0:
            # a game set up already under way (tests, scenarios): take reveals as found
            told = {e[1] for e in hist if e[0] in ("reveal", "death")}
            for p in view["players"]:
                if p["revealed"] and p["seat"] not in told:
                    self.revealed[p["seat"]] = True
        private = view.get("private", ())
        gave = {e[1]: e[3] for e in private if e[0] == "gave"}
        for e in private[self._p:]:
            if e[0] == "got":
                self._received(e[2], e[3])
            elif e[0] == "saw":
                self._learn_char(e[1], CHAR_ID[e[2]])
        self._p = len(private)
        for idx in range(self._h, len(hist)):
            self._fact(hist, idx, gave)
        self._h = len(hist)
        self._last = hist[-1] if hist else None
        for p in view["players"]:
            if p["character"]:
                self._learn_char(p["seat"], CHAR_ID[p["character"]])

    def _received(self, giver, name):
        effect = HERMIT_INFO[name][3]
        match = HERMIT_INFO[name][2]
        if effect == "damage" and isinstance(match, set) and self.my_faction in match:
            # the giver bets I am in ``match`` and wants me hurt: it is probably not one of us
            if self.my_faction != NEUTRAL:
                self._seat_in(giver, self.my_faction, RECEIVED_HINT)

    def _fact(self, hist, idx, gave):
        e = hist[idx]
        k = e[0]
        if k == "turn":
            self.active = e[1]
        elif k == "damage":
            t, amount, by, kind = e[1], e[2], e[3], e[4]
            self.damage[t] += amount
            if by >= 0 and by != t and amount > 0:
                self.hostility[by][t] += amount
            if kind == "woods" and by >= 0:
                self._hostile(by, t)
        elif k == "heal":
            t, amount, kind = e[1], e[2], e[3]
            self.damage[t] = max(0, self.damage[t] - amount)
            if kind == "woods" and self.active >= 0 and self.active != t:
                self._friendly(self.active, t)
        elif k == "set_damage":
            t, value, by = e[1], e[2], e[3]
            old = self.damage[t]
            self.damage[t] = value
            if by >= 0 and by != t:
                if value > old:
                    self._hostile(by, t, 0.7)
                elif value < old:
                    self._friendly(by, t)
        elif k == "reveal":
            self.revealed[e[1]] = True
            self._learn_char(e[1], CHAR_ID[e[2]])
        elif k == "death":
            self.revealed[e[1]] = True
            self.deaths += 1
            self._learn_char(e[1], CHAR_ID[e[3]])
        elif k == "attack":
            if not e[3]:
                for t in e[2]:
                    self._hostile(e[1], t)
                self._unprovoked(e[1], e[2])
        elif k == "card_target":
            seat, card, t = e[1], e[2], e[3]
            if card in ("Vampire Bat", "Bloodthirsty Spider", "Spiritual Doll"):
                self._hostile(seat, t)
            elif card == "Blessing":
                self._friendly(seat, t)
        elif k == "ability":
            seat, name, t = e[1], e[2], e[3]
            if name in ("Franklin", "George", "Ellen", "Ultra Soul") and isinstance(t, int):
                self._hostile(seat, t, 0.7)
        elif k == "equipment":
            frm, to, why = e[1], e[2], e[4]
            if why in ("altar", "goblin") and frm >= 0:
                self._hostile(to, frm, 0.3)
        elif k == "draw":
            if e[3] == "Disenchant Mirror" and self.abilities:
                forced = any(x[0] == "reveal" and x[1] == e[1] for x in hist[idx + 1:idx + 3])
                if not forced and not self.revealed[e[1]]:
                    self._exclude(e[1], MIRROR_SHADOWS)
        elif k == "hermit":
            self._hermit(hist, idx, gave)
        if k == "death" and self.abilities:
            # Daniel must reveal as soon as someone else dies: a seat still hidden once the
            # deaths of this effect are resolved is not Daniel (unless its ability is void).
            tail = hist[idx + 1:idx + 12]
            reveals = {x[1] for x in tail if x[0] == "reveal" and x[3] == "daniel"}
            for i in range(self.n):
                if (i != e[1] and i not in reveals and not self.revealed[i]
                        and not self.voided[i]):
                    self._exclude(i, (DANIEL,))

    def _hermit(self, hist, idx, gave):
        giver, r, k, outcome = hist[idx][1:5]
        damaged = self.damage[r] > 0
        amount = 0
        if outcome == "damage":
            nxt = hist[idx + 1] if idx + 1 < len(hist) else None
            if nxt and nxt[0] == "damage" and nxt[1] == r and nxt[2] in (1, 2):
                dies = idx + 2 < len(hist) and hist[idx + 2][0] == "death"
                amount = 0 if dies else nxt[2]
        obs = (outcome, amount)
        if r == self.seat or r in self.known:
            return
        lies = self.abilities and not self.voided[r]
        if giver == self.seat and k in gave:
            name = gave[k]
            self._char_factor(r, lambda c: hermit_likelihood(c, name, obs, damaged, lies))
        else:
            def mix(c):
                return sum(p * hermit_likelihood(c, name, obs, damaged, lies)
                           for name, p in _HERMIT_PRIOR)
            self._char_factor(r, mix)

    # --- reading -------------------------------------------------------------------------------
    def _compute(self):
        if not self._dirty:
            return
        n = self.n
        # per seat and faction: total character likelihood (prior uniform over the pool)
        avail = {f: [c for c in self.pool if FACTION[c] == f] for f in FACTIONS}
        seat_f = []
        for i in range(n):
            row = self.log_char[i]
            d = {}
            for f in FACTIONS:
                if i == self.seat:
                    d[f] = 1.0 if f == self.my_faction else 0.0
                    continue
                cs = avail[f]
                if i in self.known:
                    d[f] = 1.0 if FACTION[self.known[i]] == f else 0.0
                    continue
                tot = sum(math.exp(row[c]) for c in cs if row[c] != -math.inf)
                d[f] = tot / len(cs) if cs else 0.0
            seat_f.append(d)
        ws = []
        top = max(self.log_layout) if self.log_layout else 0.0
        for k, lay in enumerate(self.layouts):
            w = math.exp(self.log_layout[k] - top)
            for i in range(n):
                w *= seat_f[i][lay[i]]
                if w == 0.0:
                    break
            ws.append(w)
        total = sum(ws)
        if total <= 0.0:
            # contradictory evidence (a bad guess about a lie): fall back to the facts only
            ws = [1.0 if all(FACTION[self.known[i]] == lay[i] for i in self.known) else 0.0
                  for lay in self.layouts]
            total = sum(ws) or 1.0
        self.weights = [w / total for w in ws]
        fac = [{f: 0.0 for f in FACTIONS} for _ in range(n)]
        for w, lay in zip(self.weights, self.layouts):
            if w:
                for i in range(n):
                    fac[i][lay[i]] += w
        self._fac = fac
        self._seat_f = seat_f
        self._avail = avail
        self._char = None
        self._dirty = False

    def faction(self, i):
        """{faction letter: probability} for seat i."""
        self._compute()
        return self._fac[i]

    def p_faction(self, i, f):
        self._compute()
        return self._fac[i][f]

    def p_same_team(self, a, b):
        """Probability that seats a and b are both Hunters or both Shadows."""
        self._compute()
        return sum(w for w, lay in zip(self.weights, self.layouts)
                   if lay[a] == lay[b] and lay[a] != NEUTRAL)

    def characters(self, i):
        """{character id: probability} for seat i."""
        self._compute()
        if i in self.known:
            return {self.known[i]: 1.0}
        if self._char is None:
            self._char = {}
        if i not in self._char:
            row = self.log_char[i]
            out = {}
            for f in FACTIONS:
                pf = self._fac[i][f]
                if pf <= 0:
                    continue
                cs = [c for c in self._avail[f] if row[c] != -math.inf]
                tot = sum(math.exp(row[c]) for c in cs)
                for c in cs:
                    out[c] = pf * math.exp(row[c]) / tot if tot > 0 else 0.0
            self._char[i] = out
        return self._char[i]

    def p_hp_at_least(self, i, hp):
        return sum(p for c, p in self.characters(i).items() if HP[c] >= hp)

    def uncertainty(self, i):
        """Entropy of seat i's faction (bits): how much a Hermit card could teach."""
        return -sum(p * math.log2(p) for p in self.faction(i).values() if p > 0)

    def sample_characters(self, rng: random.Random):
        """One full deal (character id per seat) drawn from the beliefs."""
        self._compute()
        n = self.n
        for _ in range(50):
            lay = rng.choices(self.layouts, weights=self.weights)[0]
            used = set(self.known.values())
            deal = [-1] * n
            for i, c in self.known.items():
                deal[i] = c
            ok = True
            order = [i for i in range(n) if deal[i] < 0]
            rng.shuffle(order)
            for i in order:
                row = self.log_char[i]
                cs = [c for c in self._avail[lay[i]] if c not in used and row[c] != -math.inf]
                if not cs:
                    ok = False
                    break
                top = max(row[c] for c in cs)
                c = rng.choices(cs, weights=[math.exp(row[c] - top) for c in cs])[0]
                deal[i] = c
                used.add(c)
            if ok:
                return deal
        # evidence too tangled to honour: any deal of the right layout with the facts fixed
        return self._plain_deal(rng)

    def _plain_deal(self, rng):
        counts = dict(zip(FACTIONS, ALLOCATION[self.n]))
        deal = [-1] * self.n
        used = set()
        for i, c in self.known.items():
            deal[i] = c
            used.add(c)
            counts[FACTION[c]] -= 1
        free = [i for i in range(self.n) if deal[i] < 0]
        rng.shuffle(free)
        for f in FACTIONS:
            cs = [c for c in range(20) if FACTION[c] == f and c not in used]
            rng.shuffle(cs)
            for _ in range(max(0, counts[f])):
                if free:
                    deal[free.pop()] = cs.pop()
        return deal

    def describe(self):
        """Readable summary (for debugging and tests)."""
        out = []
        for i in range(self.n):
            f = self.faction(i)
            out.append(f"{i}: " + " ".join(f"{k}={v:.2f}" for k, v in f.items()))
        return "\n".join(out)


