"""The Spy's move: the end of a turn, the Spy's card, meetings it causes and the Safe house,
the Spy leaving Discovery cards and the Countdown, and the Tracking Bug."""

from __future__ import annotations

from game.rules.protocol import Event

from .data import LOC_NAME, MAX_STACK_FROM_SPY, arrows, spy_destination
from .phases import DISCARD, RESHUFFLE


# Event data and texts, built when read (see protocol.Event): rollouts never read them.
def _spy_moved_data(frm, to, card, turned, arrow, rotated, d):
    return {"from": frm, "to": to, "card": card, "turned": bool(turned),
            "arrow": arrow, "rotated": rotated, "direction": d}


def _spy_moved_text(frm, to, card, turned, arrow, rotated, d, name):
    return (f"Spy card {card}{' (turned)' if turned else ''}: the Spy moves {d} "
            f"({arrow} arrow{', card rotated' if rotated else ''}) to {name}.")


def _countdown_text(value):
    return f"On the Run: the Countdown drops to {value}."


_CARD_ADDED = "The Spy leaves a Discovery card there."
_CARD_ADDED_LAST = _CARD_ADDED + " The Discovery deck is empty: the Spy is On the Run!"


class SpyMoves:
    """HarshState's Spy turn and everything that watches the Spy."""

    __slots__ = ()

    def _end_turn(self) -> list[Event]:
        self.turn_over = False
        self.arrival = False
        if self.spy_stays:
            self.spy_stays = False
            return [Event("spy_stayed", {"pos": self.spy},
                          "The Spy is lost in the crowd and does not move.")] + self._after_spy()
        return self._spy_move()

    def _spy_move(self) -> list[Event]:
        code = self.spydeck.pop()
        card, turned = divmod(code, 2)
        self.peek_top = False
        if not self.spydeck:
            self.peek_bottom = False
        frm = self.spy
        to, arrow, rotated, d = spy_destination(frm, card, bool(turned))
        self.spy = to
        self.spy_moves.append((card, turned, arrow, rotated, d, frm, to))
        how = (frm, to, card, turned, arrow, rotated, d)
        ev = [Event("spy_moved", (_spy_moved_data, *how),
                    (_spy_moved_text, *how, LOC_NAME[self.grid[to]]))]
        if self.bug == to and not self.bugged:
            self.bugged = True
            self.bug = -1
            ev.append(Event("spy_bugged", {"pos": to}, "The Spy walks onto the Tracking Bug: "
                                                       "the Spy is bugged!"))
        if self.deck:
            if len(self.stacks[to]) < MAX_STACK_FROM_SPY:
                self.stacks[to].append(self.deck.pop())
                self.origin[to].append(False)
                # a card seen at the Cafe is still known where the Spy lays it
                self.known[to].append(self.deck_known > 0)
                if self.deck_known:
                    self.deck_known -= 1
                ev.append(Event("card_added", {"pos": to, "deck": len(self.deck)},
                                _CARD_ADDED if self.deck else _CARD_ADDED_LAST))
        elif not self.stacks[to]:
            self.countdown -= 1
            ev.append(Event("countdown", {"value": self.countdown},
                            (_countdown_text, self.countdown)))
            if self.countdown <= 0:
                return ev + self._lose("countdown")
        if to == self.agent:
            ev.append(Event("meeting", {"pos": to, "by": "spy"}, "The Spy runs into the Agent."))
            return ev + self._meeting_cost(spy_move=True)
        return ev + self._after_spy()

    def _after_spy(self) -> list[Event]:
        if not self.spydeck:
            self.phase = RESHUFFLE
            return []
        return self._start_turn()

    def _safe_house_active(self, spy_move: bool) -> bool:
        if self.safe_until < 0:
            return False
        return self.turn < self.safe_until or (self.turn == self.safe_until and not spy_move)

    def _meeting_cost(self, spy_move: bool) -> list[Event]:
        """The discard a meeting forces (cancelled by the Safe house)."""
        if self._safe_house_active(spy_move):
            self.safe_until = -1
            ev = [Event("safe_house", {}, "Safe house: this meeting costs no card.")]
            return ev + (self._after_spy() if spy_move else self._end_turn())
        if not self.discardable():
            return self._lose("meeting-no-card")
        self.phase = DISCARD
        self.discard_for = "spy" if spy_move else "meeting"
        return []

    def _slip(self) -> list[Event]:
        self.discard_for = ""
        self.safe_until = -1
        return [Event("safe_house", {}, "Safe house: you let the Spy go; no card is lost.")] \
            + self._end_turn()

    def _place_bug(self) -> list[Event]:
        frm = self.bug
        self.bug = self.agent
        name = LOC_NAME[self.grid[self.agent]]
        return [Event("bug_placed", {"pos": self.agent, "from": frm},
                      f"The Tracking Bug is {'moved' if frm >= 0 else 'placed'} at {name}.")]

    def _track(self) -> list[Event]:
        self.tracks -= 1
        self.peek_top = True
        card, turned = divmod(self.spydeck[-1], 2)
        large, small = arrows(card, bool(turned))
        return [Event("tracked", {"card": card, "turned": bool(turned), "large": large,
                                  "small": small, "tracks_left": self.tracks},
                      f"Tracked: the next Spy card is card {card} (large {large}, small {small})."
                      + (" The bug is spent." if self.tracks == 0 else ""), seats=(0,))]
