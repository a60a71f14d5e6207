"""What the Shadow Hunters choices say and whom they aim at: shared by the table's buttons
and the phones' (``game.net.present``). Plain text, no pygame."""

from __future__ import annotations

import re

from game.i18n import N_, _, current
from game.rules.protocol import Action

# Actions whose first argument is the seat they act on (a click on that player picks them).
SEAT_FIRST = frozenset(("attack", "give", "franklin", "george", "ellen", "fuka", "ultra_soul",
                        "card_target", "altar", "goblin"))
# A choice whose words start with the card or Area that offers it (the card is on show
# beside the buttons): the button says only the choice. Pairs (the rules' message, the
# shorter one); a label is matched against the long message in the language in force.
SHORTER = (
    ("Weird Woods: deal 2 damage to {target}", N_("Deal 2 damage to {target}")),
    ("Weird Woods: heal 1 damage of {target}", N_("Heal 1 damage of {target}")),
    ("Erstwhile Altar: take {card} from {target}", N_("Take {card} from {target}")),
    ("Moody Goblin: take {card} from {target}", N_("Take {card} from {target}")),
    ("Banana Peel: give {card} to {target}", N_("Give {card} to {target}")),
    ("Give the Hermit card to {target}", N_("Give it to {target}")),
)
_patterns: dict[tuple[str, str], re.Pattern] = {}


def _pattern(message: str) -> re.Pattern:
    key = (current(), message)
    found = _patterns.get(key)
    if found is None:
        words = re.split(r"\{(\w+)\}", _(message))
        regex = "".join(re.escape(w) if i % 2 == 0 else f"(?P<{w}>.+?)"
                        for i, w in enumerate(words))
        found = _patterns[key] = re.compile(f"^{regex}$", re.S)
    return found


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
    """A choice's words without the name of the card or Area that offers it, in the
    language in force (``label`` is the rules' label as shown)."""
    for long, short in SHORTER:
        found = _pattern(long).match(label)
        if found:
            return _(short, **found.groupdict())
    return label
