"""What the Shadow Hunters choices say and whom they aim at: shared by the table's buttons
and the phones' (``game.net.present``). Plain text, no pygame."""

from __future__ import annotations

from game.rules.protocol import Action

# Actions whose first argument is the seat they act on (a click on that player picks them).
SEAT_FIRST = frozenset(("attack", "give", "franklin", "george", "ellen", "fuka", "ultra_soul",
                        "card_target", "altar", "goblin"))
# An Area card's name before the choice it offers; the button says only the choice.
PREFIXES = ("Weird Woods: ", "Erstwhile Altar: ", "Moody Goblin: ", "Banana Peel: ")


def target_seat(action: Action) -> int | None:
    """The player an action is aimed at, if any."""
    a = action.args
    if action.kind in SEAT_FIRST and a and isinstance(a[0], int):
        return a[0]
    if action.kind == "woods" and len(a) == 2:
        return a[1]
    if action.kind == "banana" and len(a) == 2:
        return a[1]
    return None


def short_label(label: str) -> str:
    for prefix in PREFIXES:
        if label.startswith(prefix):
            rest = label[len(prefix):]
            return rest[:1].upper() + rest[1:]
    return label.replace("Give the Hermit card to ", "Give it to ")
