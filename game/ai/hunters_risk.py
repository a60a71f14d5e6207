"""Careless risk: the chance that an optional draw or action kills the seat taking it.

Read from one seat's view only. Every White and Black card is public once played (single-use
cards go to the discards, Equipment lies face up), so the cards a draw may bring are the
deck's cards that are neither discarded nor in front of someone; an empty deck is the
discards reshuffled. Weighed against the seat's remaining HP:

- Bloodthirsty Spider: 2 damage to the drawer (stopped by the Talisman);
- Dynamite: 3 damage to everyone on the Area the d6+d4 total names (the drawer stands on the
  Area it drew from; stopped by the Talisman);
- Spiritual Doll: 3 damage to the drawer on a 5 or 6;
- Banana Peel: 1 damage when the drawer has no Equipment;
- Charles's ability: 2 damage before the second attack.

White and Hermit cards never damage the drawer. Normal and Hard decline an optional step
whose chance of death is above ``TOLERANCE`` (Hard does not even search it): a death
usually costs the game, one card rarely wins it. The exception is a seat whose death now
wins: Daniel and Catherine win by being the first to die, so before anyone has died a risky
draw is no risk to them.
"""

from __future__ import annotations

from game.rules.hunters.data import AREA_ID, BLACK_CARDS, ROLL_AREA

TOLERANCE = 0.03
# d6 + d4: how many of the 24 outcomes give each total
_TOTALS = {t: sum(1 for a in range(1, 7) for b in range(1, 5) if a + b == t)
           for t in range(2, 11)}
BLACK_COPIES = {name: copies for name, copies, *_ in BLACK_CARDS}


def remaining_hp(view) -> int | None:
    me = view.get("me")
    if not me:
        return None
    return me["hp"] - view["players"][view["seat"]]["damage"]


def unseen(view, deck: str) -> dict[str, int]:
    """Cards a draw from ``deck`` ("black" only; others never hurt the drawer) may bring:
    name -> copies not discarded and not in front of anyone."""
    if deck != "black":
        return {}
    left = dict(BLACK_COPIES)
    discards = view["discards"]["black"]
    if view["decks"]["black"] == 0:
        # the discards are reshuffled into a new deck
        left = {}
        for name in discards:
            left[name] = left.get(name, 0) + 1
        return left
    for name in discards:
        left[name] = left.get(name, 0) - 1
    for p in view["players"]:
        for name in p["equipment"]:
            if name in left:
                left[name] -= 1
    return {k: v for k, v in left.items() if v > 0}


def _dynamite_here(view) -> float:
    """Chance the Dynamite lands on the drawer's own Area."""
    area = view["players"][view["seat"]]["area"]
    if area is None:
        return 0.0
    aid = AREA_ID[area]
    return sum(k for t, k in _TOTALS.items() if ROLL_AREA[t] == aid) / 24.0


def draw_death_chance(view, deck: str) -> float:
    """Chance that drawing from ``deck`` now kills the seat (from its view)."""
    left = unseen(view, deck)
    total = sum(left.values())
    r = remaining_hp(view)
    if not total or r is None:
        return 0.0
    mine = view["players"][view["seat"]]
    talisman = "Talisman" in mine["equipment"]
    p = 0.0
    if r <= 2 and not talisman:
        p += left.get("Bloodthirsty Spider", 0)
    if r <= 3 and not talisman:
        p += left.get("Dynamite", 0) * _dynamite_here(view)
    if r <= 3:
        p += left.get("Spiritual Doll", 0) * (2 / 6)
    if r <= 1 and not mine["equipment"]:
        p += left.get("Banana Peel", 0)
    return p / total


def death_chance(view, action) -> float:
    """Chance that the optional ``action`` kills the seat taking it (0 for safe ones)."""
    if action.kind == "draw":
        return draw_death_chance(view, action.args[0])
    if action.kind == "charles":
        r = remaining_hp(view)
        return 1.0 if r is not None and r <= 2 else 0.0
    return 0.0


FIRST_TO_DIE = frozenset(("Daniel", "Catherine"))


def death_wins(view) -> bool:
    """True when this seat would win by dying now: Daniel or Catherine, nobody dead yet."""
    me = view.get("me") or {}
    return me.get("character") in FIRST_TO_DIE and not view["dead_order"]


def careless(view, action) -> bool:
    return death_chance(view, action) > TOLERANCE and not death_wins(view)
