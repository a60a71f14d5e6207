"""A write that failed (a full disk), kept in memory and tried again at the next chance,
so nothing is lost while the app runs; the banner says what is waiting (``problems``).
The history and the statistics each keep one."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable


class PendingWrite:
    def __init__(self, what: str, path: Callable[[], Path], save: Callable[[Any], None]) -> None:
        self.what, self.path, self.save = what, path, save
        self._waiting: tuple[str, Any] | None = None   # (the file it is for, the data)

    def waiting(self) -> Any:
        """The data waiting to be written to the current file, or None."""
        if self._waiting is not None and self._waiting[0] == str(self.path()):
            return self._waiting[1]
        return None

    def write(self, data: Any) -> bool:
        """Write ``data`` now, or keep it until a later ``flush`` can."""
        self._waiting = (str(self.path()), data)
        return self.flush()

    def flush(self) -> bool:
        """Write what is waiting. True when nothing is waiting any more."""
        from . import problems

        if self._waiting is None:
            return True
        path, data = self._waiting
        if path != str(self.path()):
            self._waiting = None  # the user folder moved (tests): that data belongs elsewhere
            return True
        try:
            self.save(data)
        except OSError as exc:   # a full disk or a file left alone: the banner says so
            problems.failed(self.what, self.path(), exc)
            return False
        self._waiting = None
        problems.succeeded(self.what)
        return True
