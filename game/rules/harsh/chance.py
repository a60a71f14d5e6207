"""The chance steps of Harsh Shadows: the five set-up shuffles and the Spy deck reshuffle."""

from __future__ import annotations

import random

from game.i18n import Msg
from game.rules.protocol import Action, Event, RuleError

from .data import (
    BOMB,
    CENTRE,
    CLUE2,
    DISCOVERY_COUNTS,
    LOC_NAME,
    N_ITEMS,
    SPY_CARDS,
    SPY_TURNED_AT_SHUFFLE,
    STARTING_DEAL,
)
from .phases import RESHUFFLE, SETUP_STEPS

_RESHUFFLED = Msg("The Spy deck ran out: it is reshuffled with 4 cards turned.")
_SHUFFLED = Msg("The Spy deck is shuffled with 4 cards turned.")


def _deck_text(n: int) -> Msg:
    return Msg("The Discovery deck holds {n} cards.", n=n)


_GRID_LABEL = Msg("Shuffle the Locations into the grid")
_DEAL_LABEL = Msg("Deal one Discovery card to each Location")
_DECK_LABEL = Msg("Shuffle the Discovery deck")
_CASES_LABEL = Msg("Deal the Confiscated Items under the Case Files")
_SPYDECK_LABEL = Msg("Shuffle the Spy deck")


class ChanceSteps:
    """HarshState's shuffles: what each chance step may be, and laying it out."""

    __slots__ = ()
    _sampled = None     # the Action sample_chance drew last; _apply forgets it

    def box(self) -> dict[int, int]:
        """Discovery cards of each kind in this game (the difficulty may remove Clue x2)."""
        counts = dict(DISCOVERY_COUNTS)
        if not self.x2:
            counts[CLUE2] = 0
        return counts

    def _chance_kind(self) -> str:
        return "spydeck" if self.phase == RESHUFFLE else SETUP_STEPS[self.stage]

    def sample_chance(self, rng: random.Random) -> Action:
        # An outcome drawn here for the pending step needs no second look in check_chance.
        out = self._sampled = self._draw(rng)
        return out

    def _draw(self, rng: random.Random) -> Action:
        kind = self._chance_kind()
        if kind == "grid":
            order = list(range(9))
            rng.shuffle(order)
            return Action("grid", tuple(order), _GRID_LABEL)
        if kind == "deal":
            pool = [k for k, n in self.box().items() if k != BOMB for _ in range(n)]
            rng.shuffle(pool)
            nine = pool[:STARTING_DEAL - 1] + [BOMB]
            rng.shuffle(nine)
            return Action("deal", tuple(nine), _DEAL_LABEL)
        if kind == "deck":
            rest = self._undealt()
            rng.shuffle(rest)
            return Action("deck", tuple(rest), _DECK_LABEL)
        if kind == "cases":
            items = list(range(N_ITEMS))
            rng.shuffle(items)
            return Action("cases", tuple(items), _CASES_LABEL)
        cards = list(SPY_CARDS)
        rng.shuffle(cards)
        turned = tuple(sorted(rng.sample(cards, SPY_TURNED_AT_SHUFFLE)))
        return Action("spydeck", (tuple(cards), turned), _SPYDECK_LABEL)

    def _undealt(self) -> list[int]:
        counts = self.box()
        for pos in range(9):
            for k in self.stacks[pos]:
                counts[k] -= 1
        return [k for k in sorted(counts) for _ in range(counts[k])]

    def check_chance(self, action: Action) -> None:
        if action is self._sampled:
            return
        kind = self._chance_kind()
        if action.kind != kind:
            raise RuleError(f"expected a {kind!r} random outcome, not {action.kind!r}")
        a = action.args
        ok = True
        if kind == "grid":
            ok = sorted(a) == list(range(9))
        elif kind == "deal":
            box = self.box()
            ok = (len(a) == STARTING_DEAL and a.count(BOMB) == 1
                  and all(isinstance(k, int) and 0 <= k <= BOMB and a.count(k) <= box[k]
                          for k in a))
        elif kind == "deck":
            ok = sorted(a) == self._undealt()
        elif kind == "cases":
            ok = sorted(a) == list(range(N_ITEMS))
        else:
            ok = (len(a) == 2 and sorted(a[0]) == sorted(SPY_CARDS)
                  and len(set(a[1])) == SPY_TURNED_AT_SHUFFLE and set(a[1]) <= set(SPY_CARDS))
        if not ok:
            raise RuleError(f"not a valid {kind!r} outcome: {a!r}")

    def _apply_chance(self, action: Action) -> list[Event]:
        a = action.args
        kind = action.kind
        if kind == "spydeck":
            turned = set(a[1])
            # args list the deck top first; the list keeps the top at the end.
            self.spydeck = [c * 2 + (c in turned) for c in reversed(a[0])]
            self.peek_top = self.peek_bottom = False
            self.spy_moves = []
            if self.phase == RESHUFFLE:
                ev = [Event("spy_deck_shuffled", {"cards": len(self.spydeck)}, _RESHUFFLED)]
                return ev + self._start_turn()
            self.stage += 1
            return [Event("spy_deck_shuffled", {"cards": len(self.spydeck)},
                          _SHUFFLED)] + self._start_turn()
        self.stage += 1
        if kind == "grid":
            self.grid = list(a)
            self.down = [p == CENTRE for p in range(9)]
            return [Event("grid", {"grid": tuple(LOC_NAME[i] for i in a)},
                          Msg("The nine Locations are laid out; the centre one face down."))]
        if kind == "deal":
            self.stacks = [[k] for k in a]
            self.origin = [[True] for _ in a]
            self.known = [[False] for _ in a]
            return [Event("dealt", {}, Msg("One face-down Discovery card lies at each Location."))]
        if kind == "deck":
            self.deck = list(reversed(a))
            return [Event("deck", {"cards": len(self.deck)},
                          (_deck_text, len(self.deck)))]
        items = list(a)
        n_e, n_r, _ = self.deal_counts
        self.conf = [items[:n_e], items[n_e:n_e + n_r], items[n_e + n_r:]]
        self.rev = [[False] * len(f) for f in self.conf]
        return [Event("cases", {"counts": tuple(self.deal_counts)},
                      Msg("The Confiscated Items are dealt face down under the Case Files."))]
