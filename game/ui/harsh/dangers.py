"""Which choices can end the game at once, in a loss, before the player decides again.

Keeping the Defusing Kit with nothing to discard, an accusation that cannot win, a move
onto a Bomb or into the Spy with nothing to discard, ending the turn when the tracked Spy
will walk into you... Rather than a list of special cases, each choice is played in worlds
sampled from what the player can see (``harsh_hint.determinize``, the hint's own sampler):
if it loses at once in every world it certainly does; in some, it is a risk with that
chance. The table says so on the option and asks once before taking it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from game.ai.harsh_hint import determinize
from game.rules.protocol import CHANCE, Action

WORLDS = 24
# kinds that can never lose at once (they only reveal, place or reorder)
SAFE_KINDS = ("reveal", "bug", "track", "order", "stakeout")
REASONS = {
    "bomb-no-card": "a Bomb with no card left to discard",
    "meeting-no-card": "meeting the Spy with no card left to discard",
    "red-herring": "you would be accusing with a Red Herring Item",
    "missing-evidence": "you would be accusing without all three Evidence Items",
    "countdown": "the Countdown would reach zero",
}


@dataclass(frozen=True)
class Danger:
    chance: float            # share of sampled worlds where the game is lost at once
    reason: str              # the most common way it is lost

    @property
    def certain(self) -> bool:
        return self.chance >= 1.0

    def note(self) -> str:
        if self.certain:
            return f"ENDS THE GAME: you lose ({self.reason})"
        return f"RISK: {self.chance:.0%} to lose at once ({self.reason})"

    def question(self) -> str:
        if self.certain:
            return f"This ends the game and you lose: {self.reason}. Do it anyway?"
        return (f"About {self.chance:.0%} of the worlds you cannot tell apart lose the game at "
                f"once: {self.reason}. Do it anyway?")


def assess(view: Mapping, actions: Sequence[Action], seed: int = 0,
           worlds: int = WORLDS) -> dict[Action, Danger]:
    """The choices among ``actions`` that may lose the game at once, with their chance."""
    risky = [a for a in actions if a.kind not in SAFE_KINDS]
    if not risky or view["phase"] in ("over", "setup", "reshuffle"):
        return {}
    rng = random.Random(seed)
    lost = {a: 0 for a in risky}
    why: dict[Action, dict[str, int]] = {a: {} for a in risky}
    done = 0
    for _ in range(worlds):
        try:
            world = determinize(view, rng)
        except ValueError:
            continue
        done += 1
        for a in risky:
            w = world.clone()
            w._apply(0, a)
            while w.decider() == CHANCE:
                w._apply(CHANCE, w.sample_chance(rng))
            if w.phase == "over" and w.outcome != "won":
                lost[a] += 1
                why[a][w.outcome] = why[a].get(w.outcome, 0) + 1
    if not done:
        return {}
    out = {}
    for a in risky:
        if lost[a]:
            code = max(why[a], key=why[a].get)
            out[a] = Danger(lost[a] / done, REASONS.get(code, code))
    return out
