"""Invariants the simulator's ``--check`` tests after every step of a Harsh Shadows game.

``Checker(state).step(state)`` returns the broken invariants as (name, detail) pairs. The
ending is re-evaluated from the Case Files and the collection, not from the engine's code.
"""

from __future__ import annotations

from collections import Counter

from .data import EVIDENCE, RED_HERRING, SPY_CARDS, TRACKS_PER_GAME

_SPY_CARDS = sorted(SPY_CARDS)
_ACCUSED = ("won", "red-herring", "missing-evidence")


class Checker:
    def __init__(self, state):
        self.said_impossible = ""

    def step(self, s):
        if s.phase == "setup" and s.stage < 3:
            return []
        out = []
        census = Counter(s.deck) + Counter(s.coll) + Counter(s.discard)
        for st in s.stacks:
            census.update(st)
        box = {k: n for k, n in s.box().items() if n}
        if dict(census) != box:
            out.append(("cards conserved", f"{dict(census)} != {box}"))
        if any(len(a) != len(b) for a, b in zip(s.stacks, s.origin)):
            out.append(("every card knows where it came from", "stack and origin differ"))
        if any(len(a) != len(b) for a, b in zip(s.stacks, s.known)):
            out.append(("every card knows whether it was seen", "stack and known differ"))
        if not (0 <= s.agent < 9 and 0 <= s.spy < 9 and -1 <= s.bug < 9):
            out.append(("pieces on the grid", f"agent {s.agent} spy {s.spy} bug {s.bug}"))
        if not 0 <= s.tracks <= TRACKS_PER_GAME:
            out.append(("tracks within 0..2", str(s.tracks)))
        if s.protected >= 0 and s.protected not in s.coll:
            out.append(("the protected Item stays in the collection", str(s.protected)))
        if s.phase not in ("setup", "reshuffle"):
            cards = sorted([c // 2 for c in s.spydeck] + [m[0] for m in s.spy_moves])
            if cards != _SPY_CARDS:
                out.append(("Spy cards conserved", str(cards)))
        over = s.phase == "over"
        if not over:
            if s.countdown <= 0:
                out.append(("the game ends when the Countdown runs out", str(s.countdown)))
            if s.phase == "discard" and not s.discardable():
                out.append(("the game ends when a forced discard is impossible", s.discard_for))
            possible, why = s.win_possible()
            if not possible and not self.said_impossible:
                self.said_impossible = why
            if self.said_impossible and possible:
                out.append(("a lost cause stays lost", self.said_impossible))
            return out
        code = s.outcome
        if code in _ACCUSED:
            held = set(s.coll)
            if any(i in held for i in s.conf[RED_HERRING]):
                expect = "red-herring"
            elif all(i in held for i in s.conf[EVIDENCE]):
                expect = "won"
            else:
                expect = "missing-evidence"
            if code != expect:
                out.append(("outcome re-evaluated", f"engine {code}, Case Files say {expect}"))
        elif code == "countdown":
            if s.countdown > 0:
                out.append(("outcome re-evaluated", f"countdown loss at {s.countdown}"))
        elif code in ("bomb-no-card", "meeting-no-card"):
            if s.discardable():
                out.append(("outcome re-evaluated", f"{code} with cards to discard"))
        else:
            out.append(("outcome re-evaluated", f"unknown outcome {code!r}"))
        if code == "won" and self.said_impossible:
            out.append(("a win said impossible never happens", self.said_impossible))
        if (s.result().winners == (0,)) != (code == "won"):
            out.append(("winners re-evaluated", f"{s.result().winners} for {code}"))
        return out
