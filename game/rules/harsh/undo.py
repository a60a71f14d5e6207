"""Undo boundaries: which steps showed the player something they did not know before.

The app undoes by replaying the Match log without its last actions. It may take back the
player's choices only back to the most recent step that revealed hidden information (a
Discovery card turned, a Confiscated Item revealed, a Spy card flipped or looked at, a
shuffle) - never past it, or undo would let the player peek and choose again.
"""

from __future__ import annotations

from typing import Sequence

from game.rules.protocol import CHANCE, Action, Event

REVEALING_EVENTS = frozenset({
    "card_found",       # a Discovery card turned over (move, Express, Gamble, Dead drop)
    "item_revealed",    # a Confiscated Item turned (Clues, Archives)
    "spy_moved",        # a Spy Movement card flipped
    "tracked",          # the top Spy card looked at (Tracking Bug)
    "stakeout",         # the top Spy card looked at (Sunrise Park)
    "deck_peeked",      # the top Discovery cards looked at (Espresso Lane Cafe)
    "card_added",       # the Spy drew from the deck: the deck changed below what was known
    "accusation",
    "game_over",
})


def reveals_information(state_before, seat: int, action: Action,
                        events: Sequence[Event]) -> bool:
    """True when this step must not be undone (GameSpec.reveals for the session)."""
    if seat == CHANCE:
        return True
    return any(e.kind in REVEALING_EVENTS for e in events)


def undo_floor(options, log) -> int:
    """The shortest log length the player may undo back to (replays the log once).

    ``options`` are the game's options as the catalogue normalised them."""
    from .state import HarshState

    state = HarshState.new(1, options)
    floor = 0
    for i, (seat, action) in enumerate(log):
        before = state.clone()
        events = state.apply(seat, action)
        if reveals_information(before, seat, action, events):
            floor = i + 1
    return floor
