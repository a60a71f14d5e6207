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
from game.i18n import N_, _, numbers
from game.rules.protocol import CHANCE, Action

WORLDS = 24
# kinds that can never lose at once (they only reveal, place or reorder)
SAFE_KINDS = ("reveal", "bug", "track", "order", "stakeout")
REASONS = {
    "bomb-no-card": N_("a Bomb with no card left to discard"),
    "meeting-no-card": N_("meeting the Spy with no card left to discard"),
    "red-herring": N_("you would be accusing with a Red Herring Item"),
    "missing-evidence": N_("you would be accusing without all three Evidence Items"),
    "countdown": N_("the Countdown would reach zero"),
}


@dataclass(frozen=True)
class Danger:
    chance: float            # share of sampled worlds where the game is lost at once
    reason: str              # the most common way it is lost (English id: shown with _())

    @property
    def certain(self) -> bool:
        return self.chance >= 1.0

    @property
    def percent(self) -> str:
        return percent_text(self.chance)

    def note(self) -> str:
        from .dialogs import toned

        if self.certain:
            return toned(_("ENDS THE GAME: you lose ({reason})", reason=_(self.reason)), "danger")
        return toned(_("RISK: {percent} to lose at once ({reason})", percent=self.percent,
                       reason=_(self.reason)), "danger")

    def question(self) -> str:
        if self.certain:
            return _("This ends the game and you lose: {reason}. Do it anyway?", reason=_(self.reason))
        return _("From what you can see, this has about a {percent} chance of losing the game at "
                 "once: {reason}. Do it anyway?", percent=self.percent, reason=_(self.reason))


def percent_text(share: float) -> str:
    """A share as a percentage the language's way ("12%", German and French "12 %")."""
    return numbers.percent_text(share)


def assess(view: Mapping, actions: Sequence[Action], seed: int = 0,
           worlds: int = WORLDS) -> dict[Action, Danger]:
    """The choices among ``actions`` that may lose the game at once, with their chance."""
    return Assessment(view, actions, seed, worlds).result()


class Assessment:
    """``assess`` a few worlds at a time: 24 worlds cost more than a frame, so the table
    plays some in each frame while the player reads the position (``step``), and finishes
    at once only when a choice is taken before that (``result``). The worlds and their
    order are the same either way, so the answer is too."""

    def __init__(self, view: Mapping, actions: Sequence[Action], seed: int = 0,
                 worlds: int = WORLDS) -> None:
        self.view = view
        self.risky = [a for a in actions if a.kind not in SAFE_KINDS]
        self.left = worlds if self.risky and view["phase"] not in ("over", "setup", "reshuffle") else 0
        self.rng = random.Random(seed)
        self.lost = {a: 0 for a in self.risky}
        self.why: dict[Action, dict[str, int]] = {a: {} for a in self.risky}
        self.sampled = 0
        self._world = None      # the world being played, choice by choice (``piece``)
        self._next = 0          # its next choice to play

    @property
    def done(self) -> bool:
        return self.left <= 0 and self._world is None

    def piece(self) -> bool:
        """Play one choice in the current world (a world is drawn first when none is
        open); a world with many risky choices cost up to 8 ms in one go. True once every
        world has been played. Pieces play the same worlds in the same order as ``step``."""
        if self._world is None:
            if self.left <= 0:
                return True
            self.left -= 1
            try:
                self._world = determinize(self.view, self.rng)
            except ValueError:
                return self.done
            self.sampled += 1
            self._next = 0
        a = self.risky[self._next]
        rng = self.rng
        w = self._world.clone()
        w._apply(0, a)
        while w.decider() == CHANCE:
            w._apply(CHANCE, w.sample_chance(rng))
        if w.phase == "over" and w.outcome != "won":
            self.lost[a] += 1
            self.why[a][w.outcome] = self.why[a].get(w.outcome, 0) + 1
        self._next += 1
        if self._next >= len(self.risky):
            self._world = None
        return self.done

    def step(self, worlds: int = 1) -> bool:
        """Play up to ``worlds`` more worlds (the open one counts as one); True once every
        world has been played."""
        while worlds > 0 and not self.done:
            worlds -= 1
            self.piece()
            while self._world is not None:
                self.piece()
        return self.done

    def result(self) -> dict[Action, Danger]:
        """Every world played (the rest now, if any are left): the risky choices."""
        self.step(self.left)
        if not self.sampled:
            return {}
        out = {}
        for a in self.risky:
            if self.lost[a]:
                code = max(self.why[a], key=self.why[a].get)
                out[a] = Danger(self.lost[a] / self.sampled, REASONS.get(code, code))
        return out
