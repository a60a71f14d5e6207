"""Where the review can jump to: the positions right after a trick, round, turn or death.

Read from the events each game already emits, as a table per game: kind of jump -> the
event kinds that mark it. The first kind of each game is the one Page Up / Page Down use.
"""

from __future__ import annotations

from typing import Sequence

from game.rules.protocol import Event

MARK_EVENTS: dict[str, dict[str, tuple[str, ...]]] = {
    "chasing": {"trick": ("trick_won",), "round": ("round_scored",)},
    "harsh": {"turn": ("turn",)},
    "hunters": {"turn": ("turn",), "death": ("death",)},
}

KINDS = {game: tuple(kinds) for game, kinds in MARK_EVENTS.items()}

LABELS = {"trick": "trick", "round": "round", "turn": "turn", "death": "death"}


def marks(game_id: str, entries: Sequence[tuple[int, Event]]) -> dict[str, list[int]]:
    """kind -> sorted positions (the position after the action that emitted the event)."""
    table = MARK_EVENTS.get(game_id, {})
    out: dict[str, list[int]] = {kind: [] for kind in table}
    for kind, event_kinds in table.items():
        seen = out[kind]
        for step, e in entries:
            if e.kind in event_kinds and (not seen or seen[-1] != step + 1):
                seen.append(step + 1)
    return out
