"""Words every screen shares with the phones: seat names for "Player 3", and a view told
line by line (the generic table's panel and a phone without a game of its own).

Plain text, no pygame: the phone presenter (``game.net.present``) takes its wording from
here, so the phones say what the desktop says without loading the tables.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

# "Player 3" inside a translated sentence: Japanese writes no space around it ("BenがPlayer
# 3を"), so it is bounded by no Latin letter before and no digit after, not by word ends
PLAYER_REF = re.compile(r"(?<![A-Za-z])Player (\d+)(?!\d)")


def with_names(text: str, seats) -> str:
    """Rules text says "Player 3"; people read better with the name chosen at setup."""
    def name(match: re.Match) -> str:
        n = int(match.group(1))
        return seats[n - 1].name if 1 <= n <= len(seats) else match.group(0)

    return PLAYER_REF.sub(name, text)


def _value_text(value: Any, depth: int = 0) -> str:
    if value is None:
        return "hidden"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        inner = ", ".join(f"{k}: {_value_text(v, depth + 1)}" for k, v in value.items())
        return f"{{{inner}}}" if depth else inner
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_value_text(v, depth + 1) for v in value]
        return ("(" + " ".join(items) + ")") if depth else (", ".join(items) if items else "none")
    return str(value)


def describe_view(view: Mapping[str, Any], limit: int = 400) -> list[str]:
    """A readable line per top-level entry of a view (for the generic table)."""
    lines = []
    for key, value in view.items():
        text = _value_text(value)
        if len(text) > limit:
            text = text[:limit] + "…"
        lines.append(f"{str(key).replace('_', ' ').capitalize()}: {text}")
    return lines or ["Nothing to see yet."]
