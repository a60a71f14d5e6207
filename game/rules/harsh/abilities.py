"""The nine Location abilities ([design] in the spec): one small function per effect.

Each ability has three parts: ``blocked(state)`` says why it cannot be used now ("" when it
can), ``targets(state)`` lists its choices as (args, label suffix), and ``use(state, *args)``
applies it and returns the events. A label suffix is a recipe ``(make, *how)`` of a
message (``game.i18n.Msg``), made only when a label is read (the bots never read one). Shared preconditions (Agent on a face-up Location
whose ability is switched on and unused, additional-action phase) are checked by the state.
``use_ability`` spends one; ``reorder`` and ``stakeout`` are the choices the Cafe and the Park
leave to make. Effects that go on like a move (the bus, the Casino, the Post Office, the
Library) call the state's own ``_arrive``, ``_found`` and ``_reveal``, so this module needs
nothing from the state's modules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.i18n import Msg
from game.rules.protocol import Event

from .data import (
    EVIDENCE,
    FALSE_LEADS,
    ITEMS,
    KIND_NAMES,
    LOC_BY_ABILITY,
    NEIGHBOURS,
    REORDER_LOOK,
    arrows,
)
from .phases import ACTIONS, REORDER, STAKEOUT
from .words import item, kind, listed, name, place


@dataclass(frozen=True)
class Ability:
    """Each callable takes the HarshState first."""

    key: str
    blocked: Callable[..., str]
    targets: Callable[..., list]
    use: Callable[..., list]


def _always(state) -> str:
    return ""


def _no_target(state) -> list:
    return [((), "")]


_DECK_EMPTY = Msg("the Discovery deck is empty")
_CARNIVAL = Msg("Lost in the crowd: the Spy will not move at the end of this turn.")
_HOTEL = Msg("Safe house: the next meeting with the Spy, until the end of your next turn, "
             "costs no card.")
_TO_BOTTOM = Msg("The Spy card goes to the bottom of the deck.")
_STAYS_ON_TOP = Msg("The Spy card stays on top.")


# Event texts, made when read (see protocol.Event): the bots' playouts never read them.
def _overheard_text(seen) -> Msg:
    return Msg("Overheard: the top of the Discovery deck is {cards}.",
               cards=listed(kind(k) for k in seen))


def _bank_text(k) -> Msg:
    return Msg("Safe-deposit box: the {item} can no longer be discarded.", item=item(k))


def _stakeout_text(card, large, small) -> Msg:
    return Msg("Stakeout: the top Spy card is card {card} (large {large}, small {small}).",
               card=card, large=name(large), small=name(small))


def _put_back_text(cards) -> Msg:
    return Msg("You put the cards back: {cards} (top first).", cards=listed(kind(k) for k in cards))


def _library_target(f, slot) -> Msg:
    if f == EVIDENCE:
        return Msg("reveal Evidence card {slot}", slot=slot + 1)
    return Msg("reveal False Lead card {slot}", slot=slot + 1)


def _bank_target(k) -> Msg:
    return Msg("protect the {item}", item=item(k))


def _bus_target(loc) -> Msg:
    return Msg("go to {place}", place=place(loc))


def _post_target(loc, d) -> Msg:
    return Msg("take from {place} ({direction})", place=place(loc), direction=name(d))


# --- Spring Carnival: the Spy stays put this turn ---------------------------------------------
def _carnival_use(state) -> list:
    state.spy_stays = True
    return [Event("ability", {"ability": "carnival"}, _CARNIVAL)]


# --- Espresso Lane Cafe: look at the top 3 Discovery cards and reorder them -----------------------
def _cafe_blocked(state) -> str:
    return "" if state.deck else _DECK_EMPTY


def _cafe_use(state) -> list:
    n = min(REORDER_LOOK, len(state.deck))
    seen = state.deck[-1:-n - 1:-1]  # top first
    state.deck_known = max(state.deck_known, n)
    state.pending = list(seen)
    events = [Event("deck_peeked", {"cards": tuple(KIND_NAMES[k] for k in seen)},
                    (_overheard_text, tuple(seen)), seats=(0,))]
    if len(set(seen)) <= 1:
        # Only one possible order: nothing to choose.
        state.pending = []
    else:
        state.phase = REORDER
    return events


# --- Reseau Hotel: cancel the next discard forced by a meeting ---------------------------------
def _hotel_use(state) -> list:
    state.safe_until = state.turn + 1
    return [Event("ability", {"ability": "hotel"}, _HOTEL)]


# --- Royal Library: reveal an Evidence or False Lead card for free ------------------------------
def _library_targets(state) -> list:
    out = []
    for f in (EVIDENCE, FALSE_LEADS):
        for slot, shown in enumerate(state.rev[f]):
            if not shown:
                out.append(((f, slot), (_library_target, f, slot)))
    return out


def _library_blocked(state) -> str:
    return "" if _library_targets(state) else Msg("no Evidence or False Lead card is face down")


def _library_use(state, f, slot) -> list:
    return state._reveal(f, slot, "Archives")


# --- Paragon Bank: one Item can never be discarded --------------------------------------------
def _bank_targets(state) -> list:
    return [((k,), (_bank_target, k)) for k in sorted(set(state.coll)) if k < len(ITEMS)]


def _bank_blocked(state) -> str:
    return "" if _bank_targets(state) else Msg("you hold no Item to protect")


def _bank_use(state, kind) -> list:
    state.protected = kind
    return [Event("ability", {"ability": "bank", "item": ITEMS[kind]},
                  (_bank_text, kind))]


# --- Crystal Globe Casino: resolve the top card of the Discovery deck ----------------------------
def _casino_use(state) -> list:
    kind = state.deck.pop()
    state.deck_known = max(0, state.deck_known - 1)
    return state._found(kind, state.agent, "Gamble", dealt=False, arrival=False)


# --- Zenith Bus Station: move anywhere -------------------------------------------------------
def _bus_targets(state) -> list:
    return [((p,), (_bus_target, state.grid[p])) for p in range(9) if p != state.agent]


def _bus_use(state, pos) -> list:
    return state._arrive(pos, "Express")


# --- Sunrise Park: look at the top Spy card, maybe put it at the bottom --------------------------
def _park_use(state) -> list:
    card, turned = divmod(state.spydeck[-1], 2)
    state.peek_top = True
    state.phase = STAKEOUT
    large, small = arrows(card, bool(turned))
    return [Event("stakeout", {"card": card, "turned": bool(turned), "large": large, "small": small},
                  (_stakeout_text, card, large, small), seats=(0,))]


# --- Uptown Post Office: take the top card of an orthogonally adjacent Location -----------------
def _post_targets(state) -> list:
    return [((q,), (_post_target, state.grid[q], d))
            for d, q in NEIGHBOURS[state.agent] if len(d) == 1 and state.stacks[q]]


def _post_blocked(state) -> str:
    return "" if _post_targets(state) else \
        Msg("no orthogonally adjacent Location has a Discovery card")


def _post_use(state, pos) -> list:
    kind = state.stacks[pos].pop(0)
    dealt = state.origin[pos].pop(0)
    state.known[pos].pop(0)
    return state._found(kind, pos, "Dead drop", dealt=dealt, arrival=False)


ABILITIES = {
    "carnival": Ability("carnival", _always, _no_target, _carnival_use),
    "cafe": Ability("cafe", _cafe_blocked, _no_target, _cafe_use),
    "hotel": Ability("hotel", _always, _no_target, _hotel_use),
    "library": Ability("library", _library_blocked, _library_targets, _library_use),
    "bank": Ability("bank", _bank_blocked, _bank_targets, _bank_use),
    "casino": Ability("casino", _cafe_blocked, _no_target, _casino_use),
    "bus": Ability("bus", _always, _bus_targets, _bus_use),
    "park": Ability("park", _always, _no_target, _park_use),
    "post": Ability("post", _post_blocked, _post_targets, _post_use),
}


def use_ability(state, key: str, *target) -> list:
    """Spend the ability at the Agent's Location: it is used, and its Location turns face down."""
    loc = LOC_BY_ABILITY[key]
    state.used[loc] = True
    state.down[state.grid.index(loc)] = True
    return ABILITIES[key].use(state, *target)


def reorder(state, cards: tuple) -> list:
    """After the Cafe: put the cards looked at back on the deck, ``cards`` top first."""
    n = len(cards)
    state.deck[-n:] = list(reversed(cards))
    state.pending = []
    state.phase = ACTIONS
    return [Event("deck_reordered", {"cards": tuple(KIND_NAMES[k] for k in cards)},
                  (_put_back_text, tuple(cards)), seats=(0,))]


def stakeout(state, where: str) -> list:
    """After the Park: the Spy card looked at stays on top or goes to the bottom."""
    state.phase = ACTIONS
    if where == "bottom":
        state.spydeck.insert(0, state.spydeck.pop())
        state.peek_top = False
        state.peek_bottom = True
        return [Event("stakeout_bottom", {}, _TO_BOTTOM)]
    return [Event("stakeout_keep", {}, _STAYS_ON_TOP)]
