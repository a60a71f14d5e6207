"""A table's ending (a room of ``TableScene``, game.ui.table_base): the final board stays a
moment, the finished game is recorded (statistics, history) in a still frame of that
moment, then the results screen comes."""

from __future__ import annotations

import threading

from game.i18n import _
from game.ui import navigation

OVER_LINGER = 1.2   # seconds the final board is seen before the results cover it


class TableEnding:
    """Mixed into ``TableScene``; a game's table overrides ``results_scene`` (its own
    results screen) and may override ``game_over``."""

    def ending_shown(self, dt: float) -> bool:
        """The results come only after the final blow and log line have been on screen a
        moment: a "game_end" moment of ``OVER_LINGER`` seconds once every animation and
        every other moment has finished (a click or Enter ends it sooner)."""
        if self.animating() or self.app.top is not self:
            if self._over_moment is not None:
                self._over_moment.elapsed = 0.0   # its time starts again when all is still
            return False
        if self._over_moment is None:
            pace = 0.0 if self.fast_forward else self.app.settings.pace
            self._over_moment = self.moments.add("game_end", OVER_LINGER * (1.0 if pace else 0.5),
                                                 scaled=False)
            self.refresh_log()
            return False
        if not self._over_moment.done:
            self.start_recording()   # while the linger is seen, not in the results' frame
            worker = getattr(self, "_recording", None)
            if worker is None or not worker.is_alive():
                self.prepare_results()   # recorded: the results (and their record) are known
        return self._over_moment.done

    def keep_full_log(self) -> None:
        """During play, the finished game's log (every line, a private one marked with whose
        it was) worked out a new entry at a time, never shown before the end: the frame the
        game ends then finds it (worked out from the first entry there, it took 2-5 ms of
        that frame late in a game)."""
        if not self.session.is_over():
            self.full_log()

    def start_recording(self) -> None:
        """Record the finished game on a worker thread while the final board lingers:
        reading and writing the history (up to 50 games with their moves) took 10-25 ms
        of one frame. ``record_ending`` waits for it (the linger is long enough)."""
        if getattr(self, "_ending_notice", False) is not False or getattr(
                self, "_recording", None) is not None:
            return
        self.session.flush_saves()     # the finished game is on disk before the results
        self._recording = threading.Thread(target=self._record_now, name="record-ending",
                                           daemon=True)
        self._recording.start()

    def record_ending(self) -> None:
        """Put the finished game on disk, in the statistics and in the history, once
        (waiting for the worker thread that ``start_recording`` began, if any)."""
        worker = getattr(self, "_recording", None)
        if worker is not None:
            worker.join()
            self._recording = None
            failure = getattr(self, "_record_failure", None)
            if failure is not None:
                self._record_failure = None
                raise failure
            return
        if getattr(self, "_ending_notice", False) is not False:
            return
        self.session.flush_saves()
        self._record_now()

    def _record_now(self) -> None:
        try:
            self._ending_notice = self._record()
        except BaseException as exc:   # noqa: BLE001 - raised again on the main thread
            self._record_failure = exc
            self._ending_notice = None

    def _record(self) -> str | None:
        from game.storage import history, stats

        notice = None
        if getattr(self.session, "records_results", True):   # a tutorial records nothing
            try:
                notice = stats.record_result(self.session)
            except OSError as exc:
                notice = f"The statistics could not be saved ({exc})."
            try:
                notice = history.record_game(self.session) or notice
            except OSError as exc:
                notice = f"The game could not be kept in the history ({exc})."
        return notice

    def game_over(self) -> None:
        self.stop_phones()
        self.record_ending()
        notice = self._ending_notice
        if not getattr(self.session, "records_results", True):
            self.app.sound.play(self.end_sound())   # a tutorial: no statistics, no history
            self.show_results()
            return
        self.app.sound.play(self.end_sound())
        self.show_results()
        if notice:
            self.app.notify(notice, title=_("Statistics"))

    def end_sound(self) -> str:
        """"win" when a person at the table won, else "loss" (all computers won)."""
        res = self.session.result()
        people = set(self.session.humans)
        return "win" if res is not None and people & set(res.winners) else "loss"

    def results_scene(self):
        """A new results screen; a game's table overrides this for its own."""
        return navigation.scene_class("results")(self.app, self.session)

    def prepare_results(self) -> None:
        """While the final board lingers: the results screen made a piece a frame (its
        buttons parked, its panel laid out: game.ui.ahead), once."""
        if getattr(self, "_results_ahead", None) is not None or getattr(
                self, "_results_taken", False):
            return
        self._results_ahead = self.results_scene()
        self.app.ahead.add("results", self._results_ahead.prepare())

    def show_results(self) -> None:
        """Push the results screen: the one made during the linger the first time."""
        ready, self._results_ahead = getattr(self, "_results_ahead", None), None
        self._results_taken = True
        self.app.ahead.cancel("results")     # what is not made yet, its build makes
        navigation.push(self.app, "results",
                        made=ready if ready is not None else self.results_scene())
