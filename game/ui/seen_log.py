"""Each viewer's log lines as a table shows them, worked out once per new entry.

A table asks for its log after every move, at a hand-off, when dice stop rolling: each time
a walk over every entry of the game (reading each event's text builds it in the language in
force) cost milliseconds late in a long game, in the frames where a move lands. The lines of
a viewer are kept with how many entries they came from; new entries add theirs. Undo and a
loaded game give the session other entries (the last one kept is no longer there): then the
lines are worked out from the first entry again.
"""

from __future__ import annotations

from typing import Callable

# Lines kept at most for this many keys: every viewer of the largest table (8 seats, the
# public view and the finished game's whole log are 10 keys) in two languages, so that a table
# of eight people never works its log out from the first entry at each hand-off.
KEEP = 20


class SeenLog:
    """``lines(entries, key, line)``: ``line(step, event)`` for each entry (None: not shown),
    kept per ``key`` (a viewer, with the language) and extended by new entries only."""

    def __init__(self) -> None:
        self._kept: dict = {}     # key -> (entries seen, the last of them, steps, lines)
        self.entries_read = 0     # entries turned into lines so far (tests count the work)

    def lines(self, entries: list, key, line: Callable) -> tuple[list[int], list[str]]:
        """The steps and the lines of ``entries`` (a session's, append-only but for undo)."""
        kept = self._kept.get(key)
        if kept is not None:
            n, last, steps, lines = kept
            if not (n <= len(entries) and (n == 0 or entries[n - 1] is last)):
                kept = None
        if kept is None:
            n, steps, lines = 0, [], []
        if n < len(entries) or kept is None:
            steps, lines = list(steps), list(lines)
            for step, event in entries[n:]:
                shown = line(step, event)
                if shown is not None:
                    steps.append(step)
                    lines.append(shown)
            self.entries_read += len(entries) - n
            if key not in self._kept and len(self._kept) >= KEEP:
                self._kept.clear()   # languages changed many times: start again
            self._kept[key] = (len(entries), entries[-1] if entries else None, steps, lines)
        return steps, lines
