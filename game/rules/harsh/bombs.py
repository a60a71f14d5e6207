"""Bombs and forced discards: the Defusing Kit, a Bomb going off, and paying a card after a
Bomb or a meeting with the Spy."""

from __future__ import annotations

from game.i18n import Msg
from game.rules.protocol import Event

from .data import KIND_NAMES
from .phases import DISCARD
from .words import kind as kind_name


def _discarded_text(kind: int, why: str) -> Msg:
    """What a forced discard paid for, as the log says it."""
    card = kind_name(kind)
    if why == "bomb":
        return Msg("You discard the {card} (the Bomb).", card=card)
    if why == "meeting":
        return Msg("You discard the {card} (you met the Spy).", card=card)
    if why == "spy":
        return Msg("You discard the {card} (the Spy ran into you).", card=card)
    return Msg("You discard the {card}.", card=card)


_KIT_USED = Msg("The Defusing Kit disarms the Bomb.")
_BOMB_OFF = Msg("The Bomb goes off: discard it and one card; your turn ends.")


class Bombs:
    """HarshState's Bombs and discards."""

    __slots__ = ()

    def discardable(self) -> list[int]:
        """Kinds the player may discard now, in a stable order."""
        p = self.protected
        return sorted({k for k in self.coll if k != p})

    def _kit(self, use: bool) -> list[Event]:
        if use:
            self.kit_used = True
            return [Event("kit_used", {}, _KIT_USED)] \
                + self._after_found()
        return self._bomb_goes_off()

    def _bomb_goes_off(self) -> list[Event]:
        self.turn_over = True
        ev = [Event("bomb_exploded", {}, _BOMB_OFF)]
        if not self.discardable():
            return ev + self._lose("bomb-no-card")
        self.phase = DISCARD
        self.discard_for = "bomb"
        return ev

    def _discard(self, kind: int) -> list[Event]:
        self.coll.remove(kind)
        self.discard.append(kind)
        why = self.discard_for
        self.discard_for = ""
        ev = [Event("discarded", {"card": KIND_NAMES[kind], "why": why},
                    (_discarded_text, kind, why))]
        if why == "bomb":
            if self.arrival:
                return ev + self._after_arrival()
            return ev + self._end_turn()
        if why == "spy":
            return ev + self._after_spy()
        # a meeting on the Agent's turn: the turn ends at once
        return ev + self._end_turn()
