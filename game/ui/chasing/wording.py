"""What the table says: the prompt over the hand and the reasons for refused clicks."""

from __future__ import annotations

from typing import Mapping, Sequence

from .model import SUIT_ORDER


def either(suits: Sequence[str]) -> str:
    """"yellow", "yellow or grey", "blue, yellow or grey"."""
    suits = list(suits)
    if len(suits) <= 1:
        return "".join(suits)
    return ", ".join(suits[:-1]) + " or " + suits[-1]


def follow_suits(view: Mapping) -> list[str]:
    present = {c[1] for c in view["follow"]}
    return [s for s in SUIT_ORDER if s in present]


def matching_in_hand(view: Mapping, seat: int) -> list[tuple]:
    suits = set(follow_suits(view))
    return [c for c in view["hands"][seat] if c[1] in suits]


def prompt(view: Mapping, seat: int | None, acting: bool, waiting_for: str, address: str = ""
           ) -> str:
    """The line over the hand: what the person at the screen may do now."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    if phase == "deal":
        return "Shuffling and dealing…"
    if not acting or seat is None:
        return f"Waiting for {waiting_for}."
    you = f"{address}, your" if address else "Your"
    if phase == "discard":
        return (f"{you} choice: click the Follow Card to discard ({either(follow_suits(view))})"
                " — the ones left decide what the next players must play.")
    if not view["trick"]:
        return f"{you} lead: play any card. The Spotlight and the Follow Cards do not bind you."
    suits = follow_suits(view)
    if matching_in_hand(view, seat):
        return f"{you} turn: play a {either(suits)} card (it must match a Follow Card)."
    return (f"{you} turn: you hold no {either(suits)} card, so play any card"
            + (" — then choose the Follow Card to discard." if len(suits) > 1 else "."))


def why_not(view: Mapping, seat: int | None, card: tuple, acting: bool, waiting_for: str) -> str:
    """One line: why clicking ``card`` (in the viewer's hand) does nothing now."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    if not acting or seat is None:
        return f"It is not your turn: waiting for {waiting_for}."
    if phase == "discard":
        return "First choose which Follow Card to discard: click one of the glowing Follow Cards."
    suits = follow_suits(view)
    if view["trick"] and card[1] not in suits:
        held = matching_in_hand(view, seat)
        some = "one" if len(held) == 1 else "some"
        return f"You must follow: play a {either(suits)} card — you hold {some}."
    return "That card cannot be played now."


def follow_not_choice(view: Mapping, acting: bool) -> str:
    """Why clicking a Follow Card does nothing now."""
    if acting and view["phase"] == "play":
        if view["trick"]:
            return ("Play a card first; the Follow Card of its suit is discarded for you "
                    "(you choose only when your card matches none).")
        return "The leader never discards a Follow Card: play any card from your hand."
    return "The Follow Cards are not yours to choose now."


def trick_caption(name: str, spotlight: tuple, card: tuple) -> str:
    """Who won the trick and by which rule, in one line."""
    how = (f"the highest card below the Spotlight's {spotlight[2]}" if card[2] < spotlight[2]
           else f"nothing was below the Spotlight's {spotlight[2]}, so the highest card wins")
    return f"{name} wins the trick with {card[1]} {card[2]}: {how}."
