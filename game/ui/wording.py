"""Words every screen shares with the phones: seat names for "Player 3", and a view told
line by line (the generic table's panel and a phone without a game of its own).

Plain text, no pygame: the phone presenter (``game.net.present``) takes its wording from
here, so the phones say what the desktop says without loading the tables.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from game.i18n import _

# English "Player 3" inside a translated sentence: Japanese writes no space around it ("Benが
# Player 3を"), so it is bounded by no Latin letter before and no digit after, not by word ends
PLAYER_REF = re.compile(r"(?<![A-Za-z])Player (\d+)(?!\d)")
_REFS: dict[str, re.Pattern] = {}


def player_ref() -> re.Pattern:
    """"Player 3" as the language in force writes the rules' ``Msg("Player {n}")``
    ("Spieler 3", "プレイヤー3"), or in English (a text from a layer not converted yet)."""
    own = _("Player {n}", n=0)
    ref = _REFS.get(own)
    if ref is None:
        word = re.escape(own).replace("0", r"(\d+)", 1)
        ref = _REFS[own] = re.compile(rf"{PLAYER_REF.pattern}|{word}(?!\d)")
    return ref


def with_names(text: str, seats) -> str:
    """Rules text says "Player 3"; people read better with the name chosen at setup."""
    def name(match: re.Match) -> str:
        n = int(match.group(1) or match.group(2))
        return seats[n - 1].name if 1 <= n <= len(seats) else match.group(0)

    return player_ref().sub(name, str(text))


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


def seat_label(cfg) -> str:
    """"Ben (Easy computer)": a computer seat says its level."""
    if cfg.is_human:
        return cfg.name
    return _("{name} ({level} computer)", name=cfg.name, level=_(cfg.level.title()))
