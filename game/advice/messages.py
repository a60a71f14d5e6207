"""The words of the coach: its reasons and key moments, as ``game.i18n.Msg`` data.

Every text the advice and the analysis make is a ``Msg``: the English sentence is the
catalog's id, the numbers are the evaluation's own (percentages as whole numbers, scores
with one decimal), so a stored analysis re-reads in whatever language is in force when
it is shown. Seats stay numbers in the data (``SEAT_KEYS``): ``named`` puts the names
chosen at setup in their place just before the text is shown. Action labels are the
rules layer's (kept as that layer hands them up: a ``Msg`` as its data, else its text).
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from game.i18n import N_, Msg, shown

SEAT_KEYS = ("target", "who")
# How the rules layer names a seat inside its labels (``hunters.words.seat_name``)
_RULES_SEAT = re.compile(r"Player (\d+)")

# Translators: Chasing Shadows' four suits on their own, as in "the blue Follow Card"
SUIT_WORDS = {"blue": N_("blue"), "red": N_("red"), "yellow": N_("yellow"), "grey": N_("grey")}
# Translators: a Chasing Shadows card: its suit and its number ("blue 5")
CARD_WORDS = {"blue": N_("blue {rank}"), "red": N_("red {rank}"), "yellow": N_("yellow {rank}"),
              "grey": N_("grey {rank}")}


def card(view_card: Sequence) -> Msg | str:
    """A card as a view shows it, ``("card", suit, rank)``, in words ("red 7")."""
    suit, rank = view_card[1], view_card[2]
    words = CARD_WORDS.get(suit)
    return Msg(words, rank=rank) if words else f"{suit} {rank}"


def suit(name: str) -> Msg | str:
    words = SUIT_WORDS.get(name)
    return Msg(words) if words else name


def label_data(action) -> Any:
    """What to keep of an action's label: a ``Msg``'s data where the rules hand one up (so
    it is shown in the language of the moment), else its text."""
    # ``label_message`` is the label as the rules keep it (a recipe made, a Msg unwrapped
    # from the words cached for the screen); not ``_label``, which holds that cache once
    # the label has been read, nor ``label``, which is already words in one language.
    raw = getattr(action, "label_message", None)
    if isinstance(raw, Msg):
        return raw.to_data()
    return str(action.label)


def label_msg(data: Any) -> Msg | str:
    """A kept label back as a ``Msg`` (or the text it was)."""
    if isinstance(data, Mapping) and isinstance(data.get("msg"), str):
        return Msg.from_data(data)
    return "" if data is None else str(data)


def named(msg: Any, names: Sequence[str]) -> Any:
    """``msg`` with each seat number (``SEAT_KEYS``) replaced by the seat's name, and each
    seat the rules' labels name as "Player 3" (a whole parameter) by that name too."""
    if isinstance(msg, str) and names:
        seat = _RULES_SEAT.fullmatch(msg)
        if seat and 1 <= int(seat.group(1)) <= len(names):
            return names[int(seat.group(1)) - 1]
    if not isinstance(msg, Msg):
        return msg
    params = {}
    for k, v in msg.params:
        if k in SEAT_KEYS and isinstance(v, int) and not isinstance(v, bool):
            v = names[v] if 0 <= v < len(names) else Msg("Player {n}", n=v + 1)
        params[k] = named(v, names)
    return Msg(msg.id, plural=msg.plural, count=msg.count, **params)


def render(msg: Any, names: Sequence[str] = ()) -> str:
    """The text of ``msg`` (a ``Msg`` or its data) in the language in force, with names."""
    if isinstance(msg, Mapping) and isinstance(msg.get("msg"), str):
        msg = Msg.from_data(msg)
    return shown(named(msg, names))


def params(msg: Msg) -> dict:
    """A message's parameters by name (what the tests compare with the search's numbers)."""
    return dict(msg.params)
