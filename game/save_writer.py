"""Writes a game's autosave on its own thread, so a move's frame never waits for the disk.

The session hands over a job (a snapshot of the game and where it goes) after each move;
only the newest job not yet started is kept, because it holds every move before it. One
writer at a time, in order, each write atomic (``jsonfile.write_json_atomic``): a save on
disk is always a whole game, the newest or the one before. The thread is not a daemon, so
a closing interpreter lets the write under way finish; ``wait`` lets the session report
the outcome on the main thread and flush before it closes or saves by hand.
"""

from __future__ import annotations

import threading
from typing import Callable

Job = Callable[[], "OSError | None"]


class SaveWriter:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._job: Job | None = None      # the newest job not yet started
        self._running = False             # a writer thread exists (writing or about to)
        self._outcome: list = []          # the finished job's failure (None when it worked)
        self.written = 0                  # jobs finished (tests: that the newest was written)

    def submit(self, job: Job) -> None:
        with self._cond:
            self._job = job               # an older job not yet started is superseded
            if not self._running:
                self._running = True
                threading.Thread(target=self._run, name="autosave", daemon=False).start()

    def busy(self) -> bool:
        with self._cond:
            return self._running

    def wait(self) -> list:
        """Block until every submitted job is written; the outcome of the last one
        (``[None]``, ``[the OSError]``, or another exception for the caller to raise), or
        ``[]`` when nothing was written since the last wait."""
        with self._cond:
            while self._running:
                self._cond.wait()
            out, self._outcome = self._outcome, []
            return out

    def _run(self) -> None:
        while True:
            with self._cond:
                job, self._job = self._job, None
                if job is None:
                    self._running = False
                    self._cond.notify_all()
                    return
            try:
                failure = job()
            except Exception as exc:  # noqa: BLE001 - handed to the main thread, raised there
                failure = exc
            with self._cond:
                self._outcome = [failure]
                self.written += 1
