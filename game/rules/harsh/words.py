"""The rules' words as data (``game.i18n.Msg``): the log lines, labels and reasons name
cards, Locations and directions by their English ids, which ``data`` marks for the
catalog; a screen shows them in the language in force then (docs/translating.md).

Pure Python like the rest of the rules; imports nothing of the game but ``data``.
"""

from __future__ import annotations

from game.i18n import N_, Msg, NMsg

from .data import CASE_FILE_NAMES, ITEMS, KIND_NAMES, LOC_NAME

# compass points as the log says them ("the Spy moves NE")
DIRECTIONS = {
    "N": N_("N"), "NE": N_("NE"), "E": N_("E"), "SE": N_("SE"),
    "S": N_("S"), "SW": N_("SW"), "W": N_("W"), "NW": N_("NW"),
}

# how a Case File card was turned, as the log says it ("Clues: Evidence card 2 is the Gun";
# the other ways are ability names)
# Translators: paid with Clue cards, at the start of a log line: "Clues: Evidence card 2 is ..."
HOW_CLUES = N_("Clues")

# one Msg per name, made once: the same object each time costs nothing on the hot path
_NAMES = {n: Msg(n) for n in KIND_NAMES + LOC_NAME + CASE_FILE_NAMES + tuple(DIRECTIONS)
          + (HOW_CLUES,)}


def name(text: str) -> Msg:
    """A card's, Location's, Case File's or direction's English id as a message."""
    m = _NAMES.get(text)
    return m if m is not None else Msg(text)


def kind(k: int) -> Msg:
    return name(KIND_NAMES[k])


def item(i: int) -> Msg:
    return name(ITEMS[i])


def place(loc: int) -> Msg:
    return name(LOC_NAME[loc])


def listed(names) -> Msg:
    """Names as one list ("Gun, Clue, Bomb"; Japanese 「銃、手がかり、爆弾」)."""
    parts = [p if isinstance(p, Msg) else name(p) for p in names]
    if not parts:
        return Msg("nothing")
    out = parts[-1]
    for p in reversed(parts[:-1]):
        # Translators: two parts of a list of cards, e.g. "Gun, Clue" (the second may be a list)
        out = Msg("{first}, {rest}", first=p, rest=out)
    return out


def summed(names) -> Msg:
    """Cards paid together ("Clue + Clue x2")."""
    parts = [p if isinstance(p, Msg) else name(p) for p in names]
    out = parts[-1]
    for p in reversed(parts[:-1]):
        # Translators: cards paid together, e.g. "Clue + Clue x2"
        out = Msg("{first} + {rest}", first=p, rest=out)
    return out


def clues(n: int) -> Msg:
    return NMsg("{n} Clue", "{n} Clues", "n", n=n)


def payment(cost: int, x2: int) -> Msg:
    """How a Case File card is paid: "2 Clues", "Clue x2", "Clue x2 + 1 Clue"."""
    if not x2:
        return clues(cost)
    if cost <= 2:
        return name("Clue x2")
    return NMsg("Clue x2 + {n} Clue", "Clue x2 + {n} Clues", "n", n=cost - 2)
