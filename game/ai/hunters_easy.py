"""Easy computer player for Shadow Hunters: legal, sensible, simple rules, view only.

It sorts the other seats into allies and enemies from what its seat may know (revealed
characters, a Prediction, the outcomes of Hermit cards it gave or got, who hurt whom),
never attacks a revealed ally, heals when hurt, reveals when revealing helps it.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.rules.hunters.data import (
    CARD_NAME,
    CHAR_ID,
    DAVID_SET,
    FACTION,
    FACTION_NAME,
    HERMIT_INFO,
)
from game.rules.protocol import Action

_FACTION_LETTER = {v: k for k, v in FACTION_NAME.items()}
_WEAPON_ORDER = ("Machine Gun", "Chainsaw", "Butcher Knife", "Rusted Broad Axe", "Handgun",
                 "Spear of Longinus", "Silver Rosary", "Holy Robe", "Talisman",
                 "Fortune Brooch", "Mystic Compass", "Cursed Sword Masamune")


def _value(card_id: int) -> int:
    name = CARD_NAME[card_id]
    return len(_WEAPON_ORDER) - _WEAPON_ORDER.index(name) if name in _WEAPON_ORDER else 0


class EasyBot:
    def __init__(self, seat: int, seed: int = 0, think_ms: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat * 31 + 5)

    # --- what the seat believes ---------------------------------------------------------------
    def _beliefs(self, view):
        me = view["me"]
        mine = _FACTION_LETTER[me["faction"]]
        players = view["players"]
        n = len(players)
        known = {}
        for p in players:
            if p["character"]:
                known[p["seat"]] = FACTION[CHAR_ID[p["character"]]]
        for seat, name in view.get("shown_to_me", ()):
            known.setdefault(seat, FACTION[CHAR_ID[name]])
        # Hermit cards this seat gave: the public outcome tells whether the card matched.
        gave = {e[1]: (e[2], e[3]) for e in view.get("private", ()) if e[0] == "gave"}
        possible = {i: {"H", "S", "N"} for i in range(n)}
        score = [0.0] * n
        for e in view["history"]:
            if e[0] == "hermit" and e[3] in gave and e[1] == self.seat:
                r, card = gave[e[3]]
                match = HERMIT_INFO[card][2]
                if isinstance(match, set):
                    if e[4] == "nothing":
                        possible[r] -= match
                    else:
                        possible[r] &= match
            elif e[0] == "damage" and e[2] > 0 and e[3] >= 0 and e[3] != e[1]:
                victim, by = e[1], e[3]
                vf = FACTION[CHAR_ID[me["character"]]] if victim == self.seat else known.get(victim)
                if victim == self.seat or (vf == mine and mine != "N"):
                    score[by] += e[2]
                elif vf is not None and mine != "N" and vf != mine and vf != "N":
                    score[by] -= e[2] / 2
        for i, fs in possible.items():
            if i not in known and len(fs) == 1:
                known[i] = next(iter(fs))
        rel = []
        for i in range(n):
            if i == self.seat:
                rel.append(-100.0)
                continue
            f = known.get(i)
            if f is None:
                base = 0.5 if mine != "N" else 0.0
                if mine != "N" and mine not in possible[i]:
                    base = 3.0
                rel.append(base + score[i])
            elif mine == "N":
                rel.append(score[i] - 1)
            elif f == mine:
                rel.append(-10.0)
            elif f == "N":
                rel.append(1.0 if mine == "S" else -2.0)
            else:
                rel.append(10.0 + score[i])
        return rel

    # --- choosing ------------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        me = view["me"]
        players = view["players"]
        mine = players[self.seat]
        hurt = mine["damage"]
        hp = me["hp"]
        rel = self._beliefs(view)
        by_kind: dict = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)

        def first(kind):
            return by_kind.get(kind, [None])[0]

        def best(kind, key):
            opts = by_kind.get(kind)
            return max(opts, key=key) if opts else None

        if "allie_heal" in by_kind and hurt >= hp - 3:
            return first("allie_heal")
        if "reveal" in by_kind and self._should_reveal(view, rel, by_kind, hurt, hp):
            return first("reveal")
        if "david" in by_kind:
            return max(by_kind["david"], key=lambda a: (a.args[0] in DAVID_SET, _value(a.args[0])))
        kind = view["pending"].get("kind")

        if kind == "respond":
            return first("respond") if "respond" not in by_kind else max(
                by_kind["respond"], key=lambda a: a.args[0] == "counter")
        if kind == "start":
            return self._start(view, rel, by_kind, hurt, hp)
        if kind == "move_choice":
            return max(by_kind["move"], key=lambda a: self._area_pref(view, rel, a.args[0], hurt, hp))
        if kind == "area":
            return self._area(view, rel, by_kind, hurt, hp)
        if kind == "attack":
            return self._attack(view, rel, by_kind, players)
        if kind == "end":
            if "wight" in by_kind:
                return first("wight")
            if "gregor" in by_kind and hurt * 2 >= hp:
                return first("gregor")
            if "charles" in by_kind and hurt + 2 < hp - 3 and any(
                    rel[t] > 0 for t in self._last_targets(view)):
                return first("charles")
            return first("end_turn")
        if kind == "hermit_give":
            hidden = [a for a in by_kind["give"] if not players[a.args[0]]["revealed"]]
            pool = hidden or by_kind["give"]
            return max(pool, key=lambda a: (rel[a.args[0]] > -5, self.rng.random()))
        if kind == "hermit_answer":
            return self._answer(by_kind, hurt, hp)
        if kind == "bob":
            return max(actions, key=lambda a: (a.kind == "bob_take", _value(a.args[0]) if a.args else 0))
        if kind == "loot":
            return max(by_kind["loot"], key=lambda a: _value(a.args[0]))
        if kind == "card_opt":
            return first("card_use") or first("card_pass")
        if kind == "card_target":
            return self._card_target(view, rel, by_kind, hurt, hp)
        if kind == "card_steal":
            return self._pick(by_kind["goblin"], key=lambda a: (rel[a.args[0]], _value(a.args[1])))
        if kind == "card_give":
            return self._pick_min(by_kind["banana"], key=lambda a: (rel[a.args[1]], _value(a.args[0])))
        plain = [a for a in actions if a.kind != "reveal"]
        return self.rng.choice(plain or actions)

    def _pick(self, opts, key):
        """The best option by ``key``; equal ones are broken at random (a bare max() keeps
        the first, so the lowest seat, and Easy bots favoured seat 0 as a target)."""
        opts = list(opts)
        self.rng.shuffle(opts)
        return max(opts, key=key)

    def _pick_min(self, opts, key):
        opts = list(opts)
        self.rng.shuffle(opts)
        return min(opts, key=key)

    def _last_targets(self, view):
        for e in reversed(view["history"]):
            if e[0] == "attack" and e[1] == self.seat:
                return e[2]
        return ()

    def _should_reveal(self, view, rel, by_kind, hurt, hp):
        me = view["me"]
        name = me["character"]
        kind = view["pending"].get("kind")
        enemy_known = any(r >= 10 for r in rel)
        if name in ("Franklin", "George", "Ellen") and kind == "start":
            return enemy_known
        if name == "Fu-ka" and kind == "start":
            return hurt >= hp - 3 or enemy_known
        if name == "Allie":
            return hurt >= hp - 3
        if name == "Catherine":
            return hurt >= 3
        if name == "Gregor" and kind == "end":
            return hurt * 2 >= hp
        if name == "Wight" and kind == "end":
            return len(view["dead_order"]) >= 2
        if name == "Ultra Soul" and kind == "start":
            return any(p["area"] == "Underworld Gate" and rel[p["seat"]] > 0 and p["alive"]
                       for p in view["players"])
        if name == "Vampire" and kind == "attack":
            return hurt >= 4 and any(rel[a.args[0]] > 0 for a in by_kind.get("attack", ()))
        if name == "David" and view["active"] == self.seat:
            names = set(view["discards"]["white"])
            return len(names & {CARD_NAME[c] for c in DAVID_SET}) > 0
        if name == "Emi" and kind == "start":
            return enemy_known
        return False

    def _start(self, view, rel, by_kind, hurt, hp):
        dmg = {p["seat"]: p["damage"] for p in view["players"]}
        for k in ("franklin", "george", "ellen", "ultra_soul"):
            if k in by_kind:
                a = self._pick(by_kind[k], key=lambda a: (rel[a.args[0]], dmg[a.args[0]]))
                if rel[a.args[0]] >= (1 if k == "ultra_soul" else 10):
                    return a
        if "fuka" in by_kind:
            if hurt > 7:
                return next(a for a in by_kind["fuka"] if a.args[0] == self.seat)
            a = self._pick(by_kind["fuka"], key=lambda a: (rel[a.args[0]], -dmg[a.args[0]]))
            if rel[a.args[0]] >= 10 and dmg[a.args[0]] < 7:
                return a
        if "emi" in by_kind:
            a = max(by_kind["emi"], key=lambda a: self._area_pref(view, rel, a.args[0], hurt, hp))
            if self._area_pref(view, rel, a.args[0], hurt, hp) >= 3:
                return a
        return by_kind["roll"][0]

    def _area_pref(self, view, rel, area, hurt, hp):
        if area == "Church":
            return 5 if hurt * 2 >= hp else 3
        if area == "Weird Woods":
            return 4 if hurt >= 2 else 2
        if area == "Erstwhile Altar":
            loot = any(p["equipment"] and rel[p["seat"]] > -5 and p["alive"]
                       for p in view["players"] if p["seat"] != self.seat)
            return 4 if loot else 0
        if area == "Cemetery":
            return 3
        if area == "Underworld Gate":
            return 3
        return 2

    def _area(self, view, rel, by_kind, hurt, hp):
        draws = {a.args[0]: a for a in by_kind.get("draw", ())}
        if draws:
            if "white" in draws and (hurt * 2 >= hp or "black" not in draws):
                return draws["white"]
            if "black" in draws:
                return draws["black"]
            return next(iter(draws.values()))
        if "woods" in by_kind:
            if hurt >= 2:
                return next(a for a in by_kind["woods"] if a.args == ("heal", self.seat))
            hits = [a for a in by_kind["woods"] if a.args[0] == "damage" and rel[a.args[1]] > 0]
            if hits:
                return self._pick(hits, key=lambda a: rel[a.args[1]])
            return next(a for a in by_kind["woods"] if a.args == ("heal", self.seat))
        if "altar" in by_kind:
            a = self._pick(by_kind["altar"], key=lambda a: (rel[a.args[0]], _value(a.args[1])))
            if rel[a.args[0]] > -5:
                return a
        return by_kind["skip"][0]

    def _attack(self, view, rel, by_kind, players):
        if "attack_all" in by_kind:
            targets = self._in_range(view)
            if targets and all(rel[t] > -5 for t in targets) and any(rel[t] > 0 for t in targets):
                return by_kind["attack_all"][0]
            return by_kind.get("no_attack", by_kind["attack_all"])[0]
        opts = by_kind.get("attack", [])
        if opts:
            a = self._pick(opts, key=lambda a: (rel[a.args[0]], players[a.args[0]]["damage"]))
            if rel[a.args[0]] > 0 or "no_attack" not in by_kind:
                return a
        return by_kind["no_attack"][0]

    def _in_range(self, view):
        players = view["players"]
        board = view["board"]
        mine = players[self.seat]["area"]
        if mine is None:
            return []
        pair = board.index(mine) // 2
        handgun = "Handgun" in players[self.seat]["equipment"]
        out = []
        for p in players:
            if p["seat"] == self.seat or not p["alive"] or p["area"] is None:
                continue
            if (board.index(p["area"]) // 2 != pair) == handgun:
                out.append(p["seat"])
        return out

    def _answer(self, by_kind, hurt, hp):
        opts = by_kind["answer"]
        order = {"heal": 0, "show": 0, "nothing": 1, "give": 2, "damage": 3}
        if hurt < hp - 4:
            order["damage"] = 1.5
        return min(opts, key=lambda a: (order[a.args[0]], _value(a.args[1]) if len(a.args) > 1 else 0))

    def _card_target(self, view, rel, by_kind, hurt, hp):
        opts = by_kind["card_target"]
        card = view["pending"].get("card")
        dmg = {p["seat"]: p["damage"] for p in view["players"]}
        if card == "Blessing":
            return self._pick_min(opts, key=lambda a: (rel[a.args[0]], -dmg[a.args[0]]))
        if card == "First Aid":
            if hurt > 7:
                return next(a for a in opts if a.args[0] == self.seat)
            enemies = [a for a in opts if rel[a.args[0]] > 0 and dmg[a.args[0]] < 7]
            if enemies:
                return self._pick(enemies, key=lambda a: rel[a.args[0]])
            return next(a for a in opts if a.args[0] == self.seat)
        return self._pick(opts, key=lambda a: (rel[a.args[0]], dmg[a.args[0]]))
