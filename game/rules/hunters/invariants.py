"""Invariants the simulator's ``--check`` tests after every step of a Shadow Hunters game.

``Checker(state).step(state)`` returns the broken invariants as (name, detail) pairs.
The win conditions are re-evaluated here from the public history (deaths in order, who
killed with which damage, Agnes's switch) and the public table (alive, Equipment, Areas),
not from the engine's own flags, so a wrong ruling in the engine shows up as a break.
Characters are fixed by the deal and public at the end, so reading them is fair.
"""

from __future__ import annotations

from game.rules.protocol import NOBODY

from .combat import david_cards, faction_state, on_altar
from .data import (
    AGNES,
    ALLIE,
    BOB,
    BRYAN,
    CATHERINE,
    CHARLES,
    DANIEL,
    DAVID,
    FACTION,
    HP,
    HUNTER,
    NEUTRAL,
    NUM_CARDS,
    SHADOW,
)

ALL_CARDS = list(range(NUM_CARDS))


class Checker:
    def __init__(self, state):
        self.seen = 0                 # history facts read so far
        self.last_hurt = {}           # seat -> (by, kind) of the last damage taken
        self.deaths = 0
        self.first_batch = None       # seats of the first run of deaths
        self.batch = []               # the run of deaths being read
        self.charles_won = False
        self.bryan_won = False
        self.agnes_left = set()       # Agnes seats that switched to their left
        self.ended = False

    # --- reading the public history ---------------------------------------------------------
    def _read(self, s):
        h = s.history
        for i in range(self.seen, len(h)):
            e = h[i]
            k = e[0]
            if k != "death" and self.batch:
                self._close_batch(s)
            if k == "damage":
                if e[2] > 0:
                    self.last_hurt[e[1]] = (e[3], e[4])
            elif k == "death":
                self.batch.append(e[1])
                self.deaths += 1
            elif k == "ability" and e[2] == "Agnes":
                self.agnes_left.add(e[1])
            elif k == "end":
                self.ended = True
        self.seen = len(h)
        if self.batch:
            self._close_batch(s)

    def _close_batch(self, s):
        batch, self.batch = self.batch, []
        if self.first_batch is None:
            self.first_batch = set(batch)
        for v in batch:
            by, kind = self.last_hurt.get(v, (-1, ""))
            if kind != "attack" or by < 0 or by == v:
                continue
            c = s.chars[by]
            if c == CHARLES and self.deaths >= 3:
                self.charles_won = True
            if c == BRYAN and HP[s.chars[v]] >= 13:
                self.bryan_won = True

    # --- win conditions -------------------------------------------------------------------------
    def _neutral_ends(self, s, i, shadows_dead):
        c = s.chars[i]
        alive = s.alive[i]
        first = self.first_batch is not None and i in self.first_batch
        if c == BOB:
            return alive and len(s.equip[i]) >= 5
        if c == DAVID:
            return alive and david_cards(s, i) >= 3
        if c == CHARLES:
            return self.charles_won
        if c == BRYAN:
            return self.bryan_won
        if c == DANIEL:
            return first
        if c == CATHERINE:
            return first or (alive and sum(s.alive) <= 2)
        return False

    def ending(self, s):
        """The name of an ending condition that holds now, or ''."""
        hunters_dead, shadows_dead, dead_neutrals, _ = faction_state(s)
        if hunters_dead:
            return "every Hunter is dead"
        if shadows_dead:
            return "every Shadow is dead"
        if dead_neutrals >= 3:
            return "three Neutrals are dead"
        for i in range(s.n):
            if FACTION[s.chars[i]] == NEUTRAL and self._neutral_ends(s, i, shadows_dead):
                return f"seat {i}'s Neutral condition"
        return ""

    def winners(self, s):
        hunters_dead, shadows_dead, dead_neutrals, _ = faction_state(s)
        out = set()
        agnes = []
        for i in range(s.n):
            c = s.chars[i]
            f = FACTION[c]
            alive = s.alive[i]
            if f == HUNTER:
                won = shadows_dead
            elif f == SHADOW:
                won = hunters_dead or dead_neutrals >= 3
            elif c == AGNES:
                agnes.append(i)
                continue
            elif c == ALLIE:
                won = alive
            elif c == DANIEL:
                won = self._neutral_ends(s, i, shadows_dead) or (alive and shadows_dead)
            elif c == BRYAN:
                won = self.bryan_won or (alive and on_altar(s, i))
            else:
                won = self._neutral_ends(s, i, shadows_dead)
            if won:
                out.add(i)
        for i in agnes:
            target = (i + 1) % s.n if i in self.agnes_left else (i - 1) % s.n
            if target in out:
                out.add(i)
        return tuple(sorted(out))

    # --- the step check ---------------------------------------------------------------------------
    def step(self, s):
        if s.chars[0] < 0:                # before the deal
            return []
        out = []
        self._read(s)
        cards = [c for d in s.decks for c in d]
        for d in s.disc:
            cards += d
        for e in s.equip:
            cards += e
        cards += s.in_play
        if len(cards) != NUM_CARDS or sorted(cards) != ALL_CARDS:
            out.append(("cards conserved", f"{len(cards)} cards in play"))
        for i in range(s.n):
            hp = HP[s.chars[i]]
            d = s.dmg[i]
            if not 0 <= d <= hp:
                out.append(("damage within 0..HP", f"seat {i} at {d}/{hp}"))
            if s.alive[i]:
                if d >= hp:
                    out.append(("deaths resolved", f"seat {i} alive at {d}/{hp}"))
            elif s.equip[i] or s.pos[i] >= 0:
                out.append(("the dead leave the table", f"seat {i} keeps Equipment or an Area"))
        dec = s.dec
        if dec >= 0 and not s.alive[dec]:
            out.append(("dead players never decide", f"seat {dec} decides"))
        if s.over:
            if dec != NOBODY:
                out.append(("a finished game has no decider", f"decider {dec}"))
            why = self.ending(s)
            if not why:
                out.append(("the game ends only on an ending condition", "none holds"))
            if self.winners(s) != tuple(s.winners):
                out.append(("winners re-evaluated",
                            f"engine {tuple(s.winners)}, history says {self.winners(s)}"))
        else:
            why = self.ending(s)
            if why:
                out.append(("the game ends when an ending condition holds", why))
        return out
