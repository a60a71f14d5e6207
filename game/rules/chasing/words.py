"""The words of Chasing Shadows' log lines, labels and reasons, as data (``Msg``).

The rules hand up ``Msg`` values, never English sentences: a screen renders them in the
language in force when it shows them, so a saved game's log (rebuilt by replaying its
moves) reads in whatever language the player has chosen since. The English ids are the
sentences the rules used to write, word for word, so English is unchanged.

Seats are ``Msg("Player {n}")``: the screens put the names chosen at setup in their place
(``game.ui.wording.with_names``), in every language.
"""

from __future__ import annotations

from typing import Sequence

from game.i18n import N_, Msg

# Translators: Chasing Shadows' four suits (Names: our own game, our own words); a suit on
# its own, as in "the blue Follow Card" or "play a blue or red card"
SUIT_WORDS = (N_("blue"), N_("red"), N_("yellow"), N_("grey"))
# Translators: a Chasing Shadows card: its suit and its number ("blue 5")
CARD_WORDS = (N_("blue {rank}"), N_("red {rank}"), N_("yellow {rank}"), N_("grey {rank}"))
SUIT_NAMES = ("blue", "red", "yellow", "grey")   # as cards.SUITS (no import: no cycle)


def who(seat: int) -> Msg:
    """A seat as the rules name it ("Player 3"); the screens show the seat's name."""
    return Msg("Player {n}", n=seat + 1)


def suit(s: int | str) -> Msg:
    """A suit by index or name ("blue")."""
    return Msg(SUIT_WORDS[s if isinstance(s, int) else SUIT_NAMES.index(s)])


def card(s: int | str, rank: int) -> Msg:
    """A card by suit (index or name) and rank: "blue 5"."""
    return Msg(CARD_WORDS[s if isinstance(s, int) else SUIT_NAMES.index(s)], rank=rank)


def card_of(c: int) -> Msg:
    """A card int (``cards``) in words."""
    return card(c >> 4, c & 15)


def listing(items: Sequence, last: str = "and") -> Msg | str:
    """Several items as one text: "A", "A and B", "A and B and C" ("or" with
    ``last="or"``), as the rules have always said it. Built from two-item messages, so
    each language joins with its own words and marks."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = (Msg("{list} or {item}", list=out, item=item) if last == "or"
               else Msg("{list} and {item}", list=out, item=item))
    return out


def separated(items: Sequence) -> Msg | str:
    """Items in a row with commas only ("Player 1 12, Player 2 9, Player 3 14")."""
    items = list(items)
    if not items:
        return ""
    out = items[0]
    for item in items[1:]:
        out = Msg("{list}, {item}", list=out, item=item)
    return out
