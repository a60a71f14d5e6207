"""Movement and finding: a turn starts, the Agent arrives somewhere (a step, the bus), turns
the Discovery card there and meets the Spy if the Spy is there."""

from __future__ import annotations

from game.i18n import Msg
from game.rules.protocol import Event

from .data import BOMB, KIND_NAMES, LOC_NAME
from .phases import ACTIONS, BOMB_CHOICE, MEETING, MOVE
from .words import kind as kind_name
from .words import name as named


# Event data and texts, built when read (see protocol.Event): rollouts never read them.
def _turn_data(turn):
    return {"turn": turn}


def _turn_text(turn):
    return Msg("Turn {turn}: move your Agent.", turn=turn)


def _moved_data(frm, to, how):
    return {"from": frm, "to": to, "how": how}


def _moved_text(name, how):
    if how != "move":
        return Msg("The Agent moves to {place} ({how}).", place=named(name), how=named(how))
    return Msg("The Agent moves to {place}.", place=named(name))


def _found_data(kind, pos, where, dealt):
    return {"card": KIND_NAMES[kind], "pos": pos, "source": where, "dealt": dealt}


def _found_text(kind, where):
    return Msg("Found: {card} ({where}).", card=kind_name(kind), where=named(where))


_BOMB = Msg("A Bomb! Use the Defusing Kit?")
_WALKS_INTO = Msg("The Agent walks into the Spy.")


class Movement:
    """HarshState's arrivals. ``_arrive`` and ``_found`` are also what the bus, the Casino
    and the Post Office abilities do."""

    __slots__ = ()

    def _start_turn(self) -> list[Event]:
        self.turn += 1
        self.phase = MOVE
        self.clue_used = False
        self.turn_over = False
        self.arrival = False
        return [Event("turn", (_turn_data, self.turn), (_turn_text, self.turn))]

    def _arrive(self, pos: int, how: str) -> list[Event]:
        frm = self.agent
        self.agent = pos
        name = LOC_NAME[self.grid[pos]]
        ev = [Event("agent_moved", (_moved_data, frm, pos, how), (_moved_text, name, how))]
        if self.stacks[pos]:
            kind = self.stacks[pos].pop(0)
            dealt = self.origin[pos].pop(0)
            self.known[pos].pop(0)
            ev += self._found(kind, pos, name, dealt=dealt, arrival=True)
        else:
            ev += self._after_arrival()
        return ev

    def _found(self, kind: int, pos: int, where: str, dealt: bool, arrival: bool) -> list[Event]:
        """Resolve a Discovery card the Agent turned over."""
        self.arrival = arrival
        ev = [Event("card_found", (_found_data, kind, pos, where, dealt),
                    (_found_text, kind, where))]
        if kind != BOMB:
            self.coll.append(kind)
            return ev + self._after_found()
        if dealt:
            self.dealt_bomb_found = True
        # The Bomb is discarded whatever the player decides.
        self.discard.append(BOMB)
        if not self.kit_used:
            self.phase = BOMB_CHOICE
            return ev + [Event("bomb", {"pos": pos}, _BOMB)]
        return ev + self._bomb_goes_off()

    def _after_found(self) -> list[Event]:
        if self.arrival:
            return self._after_arrival()
        self.phase = ACTIONS
        return []

    def _after_arrival(self) -> list[Event]:
        """Step (b) of an arrival: the Spy may be here."""
        if self.spy == self.agent:
            ev = [Event("meeting", {"pos": self.agent, "by": "agent"}, _WALKS_INTO)]
            if self.bugged:
                self.phase = MEETING
                self.discard_for = "meeting"
                return ev
            return ev + self._meeting_cost(spy_move=False)
        if self.turn_over:
            return self._end_turn()
        self.phase = ACTIONS
        return []
