"""A write that failed (a full disk), kept in memory and tried again at the next chance,
so nothing is lost while the app runs; the banner says what is waiting (``problems``).
The history and the statistics each keep one."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable


class PendingWrite:
    """Read and written from two threads: the main one (a screen reading the statistics)
    and the worker recording a finished game (game.ui.table_ending). ``_waiting`` is
    therefore read once into a local and only cleared if it is still what was written."""

    def __init__(self, what: str, path: Callable[[], Path], save: Callable[[Any], None]) -> None:
        self.what, self.path, self.save = what, path, save
        self._waiting: tuple[str, Any] | None = None   # (the file it is for, the data)

    def waiting(self) -> Any:
        """The data waiting to be written to the current file, or None."""
        waiting = self._waiting     # once: the worker may clear it between two reads
        if waiting is not None and waiting[0] == str(self.path()):
            return waiting[1]
        return None

    def write(self, data: Any) -> bool:
        """Write ``data`` now, or keep it until a later ``flush`` can."""
        self._waiting = (str(self.path()), data)
        return self.flush()

    def flush(self) -> bool:
        """Write what is waiting. True when nothing is waiting any more."""
        from . import problems

        waiting = self._waiting
        if waiting is None:
            return True
        path, data = waiting
        if path != str(self.path()):
            self._clear(waiting)  # the user folder moved (tests): that data belongs elsewhere
            return True
        try:
            self.save(data)
        except OSError as exc:   # a full disk or a file left alone: the banner says so
            problems.failed(self.what, self.path(), exc)
            return False
        self._clear(waiting)
        problems.succeeded(self.what)
        return True

    def _clear(self, written: tuple[str, Any]) -> None:
        """Forget ``written``, unless newer data came meanwhile (written by the other thread)."""
        if self._waiting is written:
            self._waiting = None
