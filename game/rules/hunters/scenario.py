"""Test hooks: build a game in a chosen position and drive it with short calls.

``scenario`` skips the deal, so any characters may sit at the table (even a game without
Shadows, to test "every X is dead" with no X).
"""

from __future__ import annotations

from game.rules.protocol import CHANCE, Action

from .data import AREA_ID, AREAS, CARD_NAME, CHAR_ID, DECK_CARDS, DECK_ID
from .state import HuntersState


def scenario(chars, *, areas=None, positions=None, damage=None, equipment=None,
             revealed=(), active=0, phase="start", options=None, discards=None, used=()):
    """A game at the start of ``active``'s turn (or a later ``phase`` of it).

    chars: character names by seat; areas: six Area names in slot order (default: the
    table order of ``data.AREAS``); positions: {seat: Area name}; damage: {seat: n};
    equipment: {seat: [card names]}; revealed: seats (or "all"); discards: {"white": [...],
    "black": [...], "hermit": [...]} moved from the decks to the discard piles.
    """
    n = len(chars)
    s = HuntersState.new(n, options)
    s.chars = [CHAR_ID[c] for c in chars]
    s.board = [AREA_ID[a] for a in (areas or AREAS)]
    for seat, area in (positions or {}).items():
        s.pos[seat] = s.board.index(AREA_ID[area])
    for seat, d in (damage or {}).items():
        s.dmg[seat] = d
    for seat, names in (equipment or {}).items():
        for name in names:
            s.equip[seat].append(_take(s, name))
    for deck, names in (discards or {}).items():
        for name in names:
            s.disc[DECK_ID[deck]].append(_take(s, name))
    for seat in (range(n) if revealed == "all" else revealed):
        s.rev[seat] = True
    for seat in used:
        s.used[seat] = True
    s.first = active
    s.stack = [("next_turn",)]
    s._run()
    for kind in ("start", "area", "attack", "end"):
        if kind == phase:
            break
        s.stack.pop()
    s._run()
    return s


def _take(s, name):
    for d in range(3):
        for c in s.decks[d]:
            if CARD_NAME[c] == name:
                s.decks[d].remove(c)
                return c
    raise ValueError(f"no {name!r} left in the decks")


def card_id(s, name, deck=None):
    """The id of a card called ``name`` still in a deck."""
    for d in range(3) if deck is None else (DECK_ID[deck],):
        for c in s.decks[d]:
            if CARD_NAME[c] == name:
                return c
    for d in range(3):
        for c in DECK_CARDS[d]:
            if CARD_NAME[c] == name:
                return c
    raise ValueError(name)


def act(s, seat, kind, *args):
    """Apply a seat's action through the checked protocol path; returns the events."""
    return s.apply(seat, Action(kind, tuple(args)))


def dice(s, d6, d4):
    return s.apply(CHANCE, Action("dice", (d6, d4)))


def die(s, kind, v):
    return s.apply(CHANCE, Action(kind, (v,)))


def draw(s, name):
    """Resolve the pending draw with the named card."""
    f = s.stack[-1]
    deck = f[2]
    for c in s.decks[deck]:
        if CARD_NAME[c] == name:
            return s.apply(CHANCE, Action("card", (c,)))
    raise ValueError(f"{name!r} is not in the deck")


def kinds(s, seat=None):
    """The decider's (or ``seat``'s) legal actions as (kind, *args) tuples."""
    d = s.decider() if seat is None else seat
    return [(a.kind,) + a.args for a in s.legal_actions(d)]


def eq_id(name):
    from .data import EQUIP_ID
    return EQUIP_ID[name]


__all__ = ["scenario", "act", "dice", "die", "draw", "kinds", "card_id", "eq_id", "CHANCE"]
