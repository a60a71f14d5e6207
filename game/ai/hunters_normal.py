"""Normal computer player for Shadow Hunters: acts on beliefs, pursues its own goal.

Keeps a ``Beliefs`` (factions and characters of the other seats, from what its seat has
seen) and turns it into one number per seat, ``rel``: how much hurting that seat helps
its own win condition (about +10 for a sure enemy, -10 for a sure ally). The Easy bot's
card handling reads the same scale, so Normal reuses it and overrides the choices where
knowing more pays: whom to attack, whom to give a Hermit card, when to reveal, how the
Unknown answers, and each Neutral's own goal.
"""

from __future__ import annotations

from game.ai.hunters_beliefs import LETTER, Beliefs
from game.ai.hunters_easy import EasyBot, _value
from game.ai.hunters_risk import careless, death_wins
from game.rules.hunters.cards import hermit_fits
from game.rules.hunters.data import (
    ALLOCATION,
    CARD_NAME,
    CHAR_ID,
    DAVID_SET,
    FACTION,
    HERMIT_INFO,
    HP,
    HUNTER,
    NEUTRAL,
    SHADOW,
)

ENEMY_SURE = 0.8          # a seat this likely an enemy counts as known
ATTACK_MIN = 1.5          # rel needed to attack an uncertain seat
SHADOW_SURE_HUNTER = 0.6  # with 3 Neutrals a Shadow hunts a seat on beliefs from here on
ULTRA_HUNTER = 0.5        # with 3 Neutrals the Ultra Soul reveals to hit a seat this likely a Hunter
DAVID_NAMES = frozenset(CARD_NAME[c] for c in DAVID_SET)
WEAPON_BONUS = frozenset(("Butcher Knife", "Chainsaw", "Rusted Broad Axe"))


def opposite(f):
    return SHADOW if f == HUNTER else HUNTER


def dead_neutrals(view):
    """How many Neutrals are dead (with 3 Neutrals at the table, a third death wins for the
    Shadows)."""
    return sum(1 for p in view["players"] if not p["alive"] and p["character"]
               and FACTION[CHAR_ID[p["character"]]] == NEUTRAL)


class NormalBot(EasyBot):
    def __init__(self, seat: int, seed: int = 0, think_ms: int | None = 0) -> None:
        super().__init__(seat, seed=seed, think_ms=think_ms or 0)
        self.beliefs: Beliefs | None = None
        self._rel_key = None
        self._rel = None
        self._me_name = ""
        self._first_to_die = False

    # --- beliefs -> rel ---------------------------------------------------------------------
    def observe(self, view):
        if self.beliefs is None:
            self.beliefs = Beliefs(self.seat, view)
        self.beliefs.update(view)
        return self.beliefs

    def _beliefs(self, view):
        key = (len(view["history"]), len(view.get("private", ())), view["decider"])
        if key == self._rel_key and self._rel is not None:
            return self._rel
        b = self.observe(view)
        self._rel = self.relations(view, b)
        self._rel_key = key
        return self._rel

    def relations(self, view, b):
        me = view["me"]
        name = me["character"]
        mine = LETTER[me["faction"]]
        players = view["players"]
        n = len(players)
        neutrals = ALLOCATION[n][2] >= 3      # Shadows also win when 3 Neutrals die
        cover = self._shadow_cover(view, b) if mine == SHADOW and neutrals else None
        rel = []
        for t in range(n):
            if t == self.seat:
                rel.append(-100.0)
                continue
            p = players[t]
            if not p["alive"]:
                rel.append(-50.0)
                continue
            fac = b.faction(t)
            hurt_me = b.hostility[t][self.seat]
            if mine != NEUTRAL:
                r = 11 * fac[opposite(mine)] - 10 * fac[mine]
                if cover is not None:
                    r = self._shadow_rel(t, r, fac, cover)
                elif mine == HUNTER:
                    r -= 1.0 * fac[NEUTRAL]
            else:
                r = self._neutral_rel(view, b, name, t, fac, hurt_me)
            rel.append(r)
        return rel

    def _shadow_cover(self, view, b):
        """What a Shadow at a table with 3+ Neutrals needs to weigh a seat: Easy's plain
        grudge-based reading, and how many Neutrals are already dead."""
        return EasyBot._beliefs(self, view), dead_neutrals(view)

    @staticmethod
    def _shadow_rel(t, r, fac, cover):
        """With 3 Neutrals a hidden Shadow is outnumbered by non-Shadows, so attacking
        seats on a guess gets it found and ganged up on (Normal Shadows won less than Easy
        ones at 7 players). Unless a seat is likely a Hunter, it is worth hitting only for
        what it did (Easy's reading: who hurt this seat or a revealed Shadow). Once two
        Neutrals are dead a third death wins, so a likely Neutral is then a prime target."""
        grudge, dead_neutrals = cover
        if fac[HUNTER] < SHADOW_SURE_HUNTER:
            r = grudge[t]
        if dead_neutrals >= 2:
            r += 9.0 * fac[NEUTRAL]
        return r

    def _neutral_rel(self, view, b, name, t, fac, hurt_me):
        players = view["players"]
        p = players[t]
        spare = (b.characters(t) and sum(pr * (HP[c] - p["damage"])
                                         for c, pr in b.characters(t).items())) or 10
        deaths = len(view["dead_order"])
        grudge = min(hurt_me, 4) * 0.8
        if name == "Daniel":
            if deaths == 0:
                return grudge - 1.0           # happy to be hit first; no reason to fight yet
            return 11 * fac[SHADOW] - 10 * fac[HUNTER] + grudge
        if name == "Agnes":
            target = view["me"].get("agnes_target", (self.seat - 1) % len(players))
            if t == target:
                return -10.0
            tf = b.faction(target)
            return (tf[HUNTER] * (11 * fac[SHADOW] - 10 * fac[HUNTER])
                    + tf[SHADOW] * (11 * fac[HUNTER] - 10 * fac[SHADOW])) + grudge * 0.5
        if name == "Charles":
            return 1.0 + (3.0 if deaths >= 2 and spare <= 4 else 0.0) + grudge
        if name == "Bryan":
            big = b.p_hp_at_least(t, 13)
            return 6.0 * big - 2.0 + grudge
        if name == "Bob":
            return 0.8 * len(p["equipment"]) + grudge - 0.5
        if name == "Catherine":
            return 0.5 + grudge + (1.0 if spare <= 3 else 0.0)
        return grudge - 1.0                    # Allie, David: stay out of fights

    # --- choosing ------------------------------------------------------------------------------
    def choose(self, view, actions):
        actions = self.safe_actions(view, actions)
        if len(actions) == 1:
            return actions[0]
        self._me_name = view["me"]["character"]
        self._first_to_die = death_wins(view)
        rel = self._beliefs(view)
        kind = view["pending"].get("kind")
        by_kind: dict = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        me = view["me"]
        hurt = view["players"][self.seat]["damage"]
        if "reveal" in by_kind and self._should_reveal(view, rel, by_kind, hurt, me["hp"]):
            return by_kind["reveal"][0]
        if kind == "hermit_give" and "give" in by_kind:
            return self._give(view, rel, by_kind["give"])
        if kind == "hermit_answer" and len(by_kind.get("answer", ())) > 1:
            return self._answer_as(view, by_kind["answer"], hurt, me["hp"])
        if kind == "attack" and ("attack" in by_kind or "attack_all" in by_kind):
            return self._attack(view, rel, by_kind, view["players"])
        if kind == "area" and "woods" in by_kind:
            return self._woods(view, rel, by_kind["woods"], hurt, me["hp"],
                               by_kind.get("skip", ()))
        if kind == "area" and "draw" in by_kind and death_wins(view):
            # the Black deck is the one that hurts the drawer: dying first wins
            return max(by_kind["draw"], key=lambda a: (a.args[0] == "black",
                                                       a.args[0] == "hermit"))
        if kind == "end" and "charles" in by_kind:
            return self._charles(view, rel, by_kind, hurt, me["hp"])
        if kind == "bob":
            return self._bob(view, rel, actions)
        if kind == "card_opt" and "card_use" in by_kind:
            # revealing costs cover: worth it only for a real heal
            revealed = view["players"][self.seat]["revealed"]
            if death_wins(view):
                return by_kind["card_pass"][0]     # a heal only delays a winning death
            if hurt >= max(3, me["hp"] // 3) or (revealed and hurt > 0):
                return by_kind["card_use"][0]
            return by_kind["card_pass"][0]
        # Easy's handling with our rel; it must not reveal on its own judgement
        rest = [a for a in actions if a.kind != "reveal"] or actions
        return super().choose(view, rest)

    @staticmethod
    def safe_actions(view, actions):
        """Leave out optional draws and abilities likely to kill this seat (the unseen cards
        weighed against its HP, see hunters_risk); never leaves nothing."""
        actions = list(actions)
        safe = [a for a in actions if not careless(view, a)]
        return safe or actions

    def enemy_known(self, rel):
        return any(r >= 11 * ENEMY_SURE - 2 for r in rel)

    def _should_reveal(self, view, rel, by_kind, hurt, hp):
        me = view["me"]
        name = me["character"]
        kind = view["pending"].get("kind")
        players = view["players"]
        if name == "Unknown":
            return False
        if name == "Vampire" and kind == "attack":
            return hurt >= 2 and any(rel[a.args[0]] >= ATTACK_MIN
                                     for a in by_kind.get("attack", ()))
        if name == "Wight" and kind == "end":
            return len(view["dead_order"]) >= 1
        if name == "Valkyrie" and kind == "attack":
            return any(rel[a.args[0]] >= ATTACK_MIN for a in by_kind.get("attack", ()))
        if name == "Bob" and kind == "attack" and len(players) <= 6:
            return any(players[a.args[0]]["equipment"] for a in by_kind.get("attack", ()))
        if name in ("Emi", "Franklin", "George", "Ellen", "Fu-ka", "Gregor"):
            spear = "Spear of Longinus" in players[self.seat]["equipment"]
            if spear and kind == "attack" and any(
                    rel[a.args[0]] >= 11 * ENEMY_SURE - 2 for a in by_kind.get("attack", ())):
                return True
        if name == "Agnes" and kind == "start":
            return self._agnes_should_switch(view)
        if name == "Charles" and kind == "end":
            return self._charles_target_weak(view) and hurt + 2 < hp - 2
        if name == "Catherine":
            # revealed she heals each turn: only worth it once dying first no longer wins
            return hurt >= 2 and not death_wins(view)
        if name == "Ultra Soul" and kind == "start" and ALLOCATION[len(players)][2] >= 3:
            return self._ultra_should_reveal(view, rel)
        return super()._should_reveal(view, rel, by_kind, hurt, hp)

    def _ultra_should_reveal(self, view, rel):
        """With 3 Neutrals a revealed Shadow is outnumbered: the Ultra Soul shows itself only
        to hit a likely Hunter at the Underworld Gate, or to finish an enemy there (Normal
        Ultra Souls that revealed for any unknown seat at the Gate won 4 points less)."""
        b = self.beliefs
        for p in view["players"]:
            t = p["seat"]
            if t == self.seat or not p["alive"] or p["area"] != "Underworld Gate":
                continue
            if b.faction(t)[HUNTER] >= ULTRA_HUNTER:
                return True
            if rel[t] >= ATTACK_MIN and self._remaining(view, t) <= 3:
                return True
        return False

    def _agnes_should_switch(self, view):
        b = self.beliefs
        n = len(view["players"])
        right, left = (self.seat - 1) % n, (self.seat + 1) % n
        if not view["players"][left]["alive"] and not view["players"][right]["alive"]:
            return False

        def strength(s):
            f = b.faction(s)
            return max(f[HUNTER], f[SHADOW]) + (0.3 if view["players"][s]["alive"] else -0.5)
        return strength(left) > strength(right) + 0.4

    def _give(self, view, rel, opts):
        """Give the Hermit card where it teaches most or hurts an enemy most."""
        card = view.get("holding")
        b = self.beliefs
        players = view["players"]
        if card is None or card not in HERMIT_INFO:
            return max(opts, key=lambda a: rel[a.args[0]])
        effect, amount = HERMIT_INFO[card][3], HERMIT_INFO[card][4]

        def score(a):
            t = a.args[0]
            chars = b.characters(t)
            p_match = sum(p for c, p in chars.items() if hermit_fits(c, card))
            sign = max(-1.0, min(1.0, rel[t] / 10.0))
            info = b.uncertainty(t) * (2.0 if effect == "show" else 1.0)
            if effect == "damage":
                gain = sign * p_match * amount
            elif effect == "anger":
                gain = p_match * (0.8 + 0.4 * bool(players[t]["equipment"])) * max(sign, 0.2)
            elif effect == "heal":
                gain = -sign * p_match * (1 if players[t]["damage"] > 0 else -1)
            else:
                gain = 0.0
            # what the answer reveals is worth most while the seat is a mystery
            return info * 0.8 + gain * 1.5 + self.rng.random() * 0.01
        return max(opts, key=score)

    def _answer_as(self, view, opts, hurt, hp):
        """Several answers: the Unknown's choice, or which Equipment to hand over."""
        me = view["me"]
        kinds = {a.args[0] for a in opts}
        if me["character"] == "Unknown" and "nothing" in kinds:
            card = view.get("holding")
            # answer as a Hunter would: a Shadow card gets "nothing", a Hunter card its effect
            # unless that costs too much
            if card and card in HERMIT_INFO:
                match = HERMIT_INFO[card][2]
                looks = isinstance(match, set) and HUNTER in match or (
                    match == "hp<=11" and HP[CHAR_ID["Unknown"]] <= 11)
                if looks:
                    heal = [a for a in opts if a.args[0] == "heal"]
                    if heal:
                        return heal[0]
                    give = [a for a in opts if a.args[0] == "give"]
                    if give:
                        return min(give, key=lambda a: _value(a.args[1]))
                    if hurt + 2 < hp - 3:
                        dmg = [a for a in opts if a.args[0] == "damage"]
                        if dmg:
                            return dmg[0]
            return next(a for a in opts if a.args[0] == "nothing")
        return self._answer({"answer": opts}, hurt, hp)

    def _answer(self, by_kind, hurt, hp):
        opts = by_kind["answer"]
        if self._first_to_die:
            dmg = [a for a in opts if a.args[0] == "damage"]
            if dmg:
                return dmg[0]
        give = [a for a in opts if a.args[0] == "give"]
        if give:
            best = min(give, key=lambda a: self._keep_value(a.args[1]))
            dmg = [a for a in opts if a.args[0] == "damage"]
            if dmg and self._keep_value(best.args[1]) >= 3 and hurt + 1 < hp - 3:
                return dmg[0]
            return best
        return super()._answer(by_kind, hurt, hp)

    def _keep_value(self, card_id):
        v = _value(card_id) / 4.0
        if self._me_name == "David" and CARD_NAME[card_id] in DAVID_NAMES:
            v += 5
        if self._me_name == "Bob":
            v += 3
        return v

    def _expected_hit(self, view, t):
        eq = view["players"][self.seat]["equipment"]
        base = 2.5 if ("Cursed Sword Masamune" in eq or view["me"]["character"] == "Valkyrie"
                       and view["players"][self.seat]["revealed"]) else 1.9
        base += 0.8 * sum(1 for e in eq if e in WEAPON_BONUS)
        if "Holy Robe" in view["players"][t]["equipment"]:
            base -= 0.8
        return max(base, 0.3)

    def _remaining(self, view, t):
        p = view["players"][t]
        if p["hp"]:
            return p["hp"] - p["damage"]
        chars = self.beliefs.characters(t)
        return sum(pr * (HP[c] - p["damage"]) for c, pr in chars.items()) if chars else 10

    def _attack(self, view, rel, by_kind, players):
        if "attack_all" in by_kind:
            targets = self._in_range(view)
            total = sum(rel[t] for t in targets)
            if targets and all(rel[t] > -4 for t in targets) and total > 0:
                return by_kind["attack_all"][0]
            return by_kind.get("no_attack", by_kind["attack_all"])[0]
        opts = by_kind.get("attack", [])
        if not opts:
            return by_kind["no_attack"][0]

        def score(a):
            t = a.args[0]
            r = rel[t]
            left = self._remaining(view, t)
            kill = self._expected_hit(view, t) / max(left, 1.0)
            return r * (1.0 + min(kill, 1.0)) + (0.5 if players[t]["damage"] else 0)
        best = max(opts, key=score)
        if rel[best.args[0]] >= ATTACK_MIN or "no_attack" not in by_kind:
            return best
        return by_kind["no_attack"][0]

    def _woods(self, view, rel, opts, hurt, hp, skip=()):
        players = view["players"]
        if death_wins(view):
            # the Woods may hurt anyone, this seat too: dying first wins, and someone else
            # dying first would end that hope
            own = [a for a in opts if a.args == ("damage", self.seat)]
            if own:
                return own[0]
            if skip:
                return skip[0]
        hits = [a for a in opts if a.args[0] == "damage" and rel[a.args[1]] >= 3]
        if hits:
            best = max(hits, key=lambda a: rel[a.args[1]] + 4.0 / max(
                self._remaining(view, a.args[1]), 1.0))
            if self._remaining(view, best.args[1]) <= 2 or hurt < 2:
                return best
        if hurt >= 1:
            return next(a for a in opts if a.args == ("heal", self.seat))
        friends = [a for a in opts if a.args[0] == "heal" and a.args[1] != self.seat
                   and rel[a.args[1]] <= -8 and players[a.args[1]]["damage"] > 0]
        if friends:
            return max(friends, key=lambda a: players[a.args[1]]["damage"])
        hits = [a for a in opts if a.args[0] == "damage" and rel[a.args[1]] >= ATTACK_MIN]
        if hits:
            return max(hits, key=lambda a: rel[a.args[1]])
        return next(a for a in opts if a.args == ("heal", self.seat))

    def _area_pref(self, view, rel, area, hurt, hp):
        if death_wins(view):
            # Daniel or Catherine before any death: the Black deck and the fights, not heals
            return {"Cemetery": 5, "Underworld Gate": 4, "Church": 0,
                    "Weird Woods": 1}.get(area, 2)
        return super()._area_pref(view, rel, area, hurt, hp)

    def _card_target(self, view, rel, by_kind, hurt, hp):
        if view["pending"].get("card") == "First Aid" and death_wins(view):
            # First Aid sets damage to 7: a big step towards dying first for this seat
            opts = by_kind["card_target"]
            if hurt < 7:
                return next(a for a in opts if a.args[0] == self.seat)
            return min(opts, key=lambda a: (a.args[0] == self.seat,
                                            abs(view["players"][a.args[0]]["damage"] - 7)))
        return super()._card_target(view, rel, by_kind, hurt, hp)

    def _charles_target_weak(self, view):
        last = self._last_targets(view)
        return any(view["players"][t]["alive"] and self._remaining(view, t) <= 3 for t in last)

    def _charles(self, view, rel, by_kind, hurt, hp):
        deaths = len(view["dead_order"])
        if (self._charles_target_weak(view) and hurt + 2 < hp - 1
                and (deaths >= 2 or hurt + 2 < hp - 5)):
            return by_kind["charles"][0]
        return by_kind["end_turn"][0]

    def _bob(self, view, rel, actions):
        take = [a for a in actions if a.kind == "bob_take"]
        if take:
            return max(take, key=lambda a: _value(a.args[0]))
        return actions[0]

