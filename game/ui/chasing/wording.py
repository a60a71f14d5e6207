"""What the table says: the prompt over the hand and the reasons for refused clicks."""

from __future__ import annotations

from typing import Mapping, Sequence

from game.i18n import _, shown
from game.rules.chasing import words as W

from .model import SUIT_ORDER


def either(suits: Sequence[str]) -> str:
    """"yellow", "yellow or grey", "blue, yellow or grey" in the language in force."""
    suits = [W.suit(s) for s in suits]
    if len(suits) <= 1:
        return "".join(s.text() for s in suits)
    out = suits[0]
    for s in suits[1:-1]:
        out = _("{list}, {item}", list=out, item=s)
    return _("{list} or {item}", list=out, item=suits[-1])


def suit_list(suits: Sequence[str]) -> str:
    """"blue, red" in the language in force ("" for none)."""
    return shown(W.separated([W.suit(s) for s in suits]))


def card_name(card: tuple) -> str:
    """A face-up card ``("card", suit, rank)`` in words: "blue 5"."""
    return W.card(card[1], card[2]).text()


def follow_suits(view: Mapping) -> list[str]:
    present = {c[1] for c in view["follow"]}
    return [s for s in SUIT_ORDER if s in present]


def matching_in_hand(view: Mapping, seat: int) -> list[tuple]:
    suits = set(follow_suits(view))
    return [c for c in view["hands"][seat] if c[1] in suits]


def prompt(view: Mapping, seat: int | None, acting: bool, waiting_for: str, address: str = ""
           ) -> str:
    """The line over the hand: what the person at the screen may do now. ``address`` is
    the name of the person spoken to (several people at one screen)."""
    head, hint = prompt_parts(view, seat, acting, waiting_for, address)
    # Translators: a sentence and the hint that follows it on the same line
    return _("{sentence} {hint}", sentence=head, hint=hint) if hint else head


def prompt_parts(view: Mapping, seat: int | None, acting: bool, waiting_for: str,
                 address: str = "") -> tuple[str, str]:
    """The prompt as (what to do, a hint): a narrow line shows only the first."""
    phase = view["phase"]
    if phase == "over":
        return _("The game is over."), ""
    if phase == "deal":
        return _("Shuffling and dealing…"), ""
    if not acting or seat is None:
        return _("Waiting for {name}.", name=waiting_for), ""
    hint = ""
    if phase == "discard":
        text = _("Your choice: click the Follow Card to discard ({suits}).",
                 suits=either(follow_suits(view)))
        hint = _("The ones left decide what the next players must play.")
    elif not view["trick"]:
        text = _("Your lead: play any card.")
        hint = _("The Spotlight and the Follow Cards do not bind you.")
    else:
        suits = follow_suits(view)
        if matching_in_hand(view, seat):
            text = _("Your turn: play a {suits} card.", suits=either(suits))
            hint = _("It must match a Follow Card.")
        else:
            text = _("Your turn: you hold no {suits} card, so play any card.",
                     suits=either(suits))
            if len(suits) > 1:
                hint = _("Then choose the Follow Card to discard.")
    # Translators: a prompt spoken to one of several people at the screen: "Ann: Your turn…"
    return (_("{name}: {prompt}", name=address, prompt=text) if address else text), hint


def why_not(view: Mapping, seat: int | None, card: tuple, acting: bool, waiting_for: str) -> str:
    """One line: why clicking ``card`` (in the viewer's hand) does nothing now."""
    phase = view["phase"]
    if phase == "over":
        return _("The game is over.")
    if not acting or seat is None:
        return _("It is not your turn: waiting for {name}.", name=waiting_for)
    if phase == "discard":
        return _("First choose which Follow Card to discard: click one of the glowing "
                 "Follow Cards.")
    suits = follow_suits(view)
    if view["trick"] and card[1] not in suits:
        if len(matching_in_hand(view, seat)) == 1:
            return _("You must follow: play a {suits} card — you hold one.", suits=either(suits))
        return _("You must follow: play a {suits} card — you hold some.", suits=either(suits))
    return _("That card cannot be played now.")


def follow_not_choice(view: Mapping, acting: bool) -> str:
    """Why clicking a Follow Card does nothing now."""
    if acting and view["phase"] == "play":
        if view["trick"]:
            return _("Play a card first; the Follow Card of its suit is discarded for you "
                     "(you choose only when your card matches none).")
        return _("The leader never discards a Follow Card: play any card from your hand.")
    return _("The Follow Cards are not yours to choose now.")


def trick_caption(name: str, spotlight: tuple, card: tuple) -> str:
    """Who won the trick and by which rule, in one line."""
    if card[2] < spotlight[2]:
        return _("{name} wins the trick with {card}: the highest card below the Spotlight's "
                 "{rank}.", name=name, card=card_name(card), rank=spotlight[2])
    return _("{name} wins the trick with {card}: nothing was below the Spotlight's {rank}, "
             "so the highest card wins.", name=name, card=card_name(card), rank=spotlight[2])


def trick_won(name: str, card: tuple) -> str:
    """The short form: who won the trick, with which card."""
    return _("{name} wins the trick with {card}.", name=name, card=card_name(card))
