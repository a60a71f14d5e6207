"""The Spy's move: the end of a turn, the Spy's card, meetings it causes and the Safe house,
the Spy leaving Discovery cards and the Countdown, and the Tracking Bug."""

from __future__ import annotations

from game.i18n import Msg
from game.rules.protocol import Event

from .data import LOC_NAME, MAX_STACK_FROM_SPY, arrows, spy_destination
from .phases import DISCARD, RESHUFFLE
from .words import name as named


# Event data and texts, built when read (see protocol.Event): rollouts never read them.
def _spy_moved_data(frm, to, card, turned, arrow, rotated, d):
    return {"from": frm, "to": to, "card": card, "turned": bool(turned),
            "arrow": arrow, "rotated": rotated, "direction": d}


def _spy_moved_text(frm, to, card, turned, arrow, rotated, d, name):
    how = {"direction": named(d), "place": named(name), "card": card}
    # one sentence per case: each language orders its own words
    if arrow == "small":
        if rotated:
            return (Msg("Spy card {card} (turned): the Spy moves {direction} (small arrow, card "
                        "rotated) to {place}.", **how) if turned else
                    Msg("Spy card {card}: the Spy moves {direction} (small arrow, card rotated) "
                        "to {place}.", **how))
        return (Msg("Spy card {card} (turned): the Spy moves {direction} (small arrow) to "
                    "{place}.", **how) if turned else
                Msg("Spy card {card}: the Spy moves {direction} (small arrow) to {place}.", **how))
    if rotated:
        return (Msg("Spy card {card} (turned): the Spy moves {direction} (large arrow, card "
                    "rotated) to {place}.", **how) if turned else
                Msg("Spy card {card}: the Spy moves {direction} (large arrow, card rotated) to "
                    "{place}.", **how))
    return (Msg("Spy card {card} (turned): the Spy moves {direction} (large arrow) to {place}.",
                **how) if turned else
            Msg("Spy card {card}: the Spy moves {direction} (large arrow) to {place}.", **how))


def _countdown_text(value):
    return Msg("On the Run: the Countdown drops to {value}.", value=value)


_CARD_ADDED = Msg("The Spy leaves a Discovery card there.")
_CARD_ADDED_LAST = Msg("The Spy leaves a Discovery card there. The Discovery deck is empty: the "
                       "Spy is On the Run!")
_STAYED = Msg("The Spy is lost in the crowd and does not move.")
_BUGGED = Msg("The Spy walks onto the Tracking Bug: the Spy is bugged!")
_RUNS_INTO = Msg("The Spy runs into the Agent.")
_SAFE = Msg("Safe house: this meeting costs no card.")
_SLIPPED = Msg("Safe house: you let the Spy go; no card is lost.")


def _bug_text(moved: bool, loc: int):
    if moved:
        return Msg("The Tracking Bug is moved at {place}.", place=named(LOC_NAME[loc]))
    return Msg("The Tracking Bug is placed at {place}.", place=named(LOC_NAME[loc]))


def _tracked_text(card, large, small, left):
    how = {"card": card, "large": named(large), "small": named(small)}
    if left == 0:
        return Msg("Tracked: the next Spy card is card {card} (large {large}, small {small}). "
                   "The bug is spent.", **how)
    return Msg("Tracked: the next Spy card is card {card} (large {large}, small {small}).", **how)


class SpyMoves:
    """HarshState's Spy turn and everything that watches the Spy."""

    __slots__ = ()

    def _end_turn(self) -> list[Event]:
        self.turn_over = False
        self.arrival = False
        if self.spy_stays:
            self.spy_stays = False
            return [Event("spy_stayed", {"pos": self.spy}, _STAYED)] + self._after_spy()
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
            ev.append(Event("spy_bugged", {"pos": to}, _BUGGED))
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
            ev.append(Event("meeting", {"pos": to, "by": "spy"}, _RUNS_INTO))
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
            ev = [Event("safe_house", {}, _SAFE)]
            return ev + (self._after_spy() if spy_move else self._end_turn())
        if not self.discardable():
            return self._lose("meeting-no-card")
        self.phase = DISCARD
        self.discard_for = "spy" if spy_move else "meeting"
        return []

    def _slip(self) -> list[Event]:
        self.discard_for = ""
        self.safe_until = -1
        return [Event("safe_house", {}, _SLIPPED)] \
            + self._end_turn()

    def _place_bug(self) -> list[Event]:
        frm = self.bug
        self.bug = self.agent
        return [Event("bug_placed", {"pos": self.agent, "from": frm},
                      (_bug_text, frm >= 0, self.grid[self.agent]))]

    def _track(self) -> list[Event]:
        self.tracks -= 1
        self.peek_top = True
        card, turned = divmod(self.spydeck[-1], 2)
        large, small = arrows(card, bool(turned))
        return [Event("tracked", {"card": card, "turned": bool(turned), "large": large,
                                  "small": small, "tracks_left": self.tracks},
                      (_tracked_text, card, large, small, self.tracks), seats=(0,))]
