"""A table's ending (a room of ``TableScene``, game.ui.table_base): the final board stays a
moment, the finished game is recorded (statistics, history) in a still frame of that
moment, then the results screen comes."""

from __future__ import annotations

from game.ui import navigation

OVER_LINGER = 1.2   # seconds the final board is seen before the results cover it


class TableEnding:
    """Mixed into ``TableScene``; a game's table overrides ``show_results`` (its own
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
            self.record_ending()   # in a still frame of the linger, not the results' frame
        return self._over_moment.done

    def record_ending(self) -> None:
        """Put the finished game on disk, in the statistics and in the history, once."""
        from game.storage import history, stats

        if getattr(self, "_ending_notice", False) is not False:
            return
        self.session.flush_saves()     # the finished game is on disk before the results
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
        self._ending_notice = notice

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
            self.app.notify(notice, title="Statistics")

    def end_sound(self) -> str:
        """"win" when a person at the table won, else "loss" (all computers won)."""
        res = self.session.result()
        people = set(self.session.humans)
        return "win" if res is not None and people & set(res.winners) else "loss"

    def show_results(self) -> None:
        """Push the results screen; a game's table overrides this for its own."""
        navigation.push(self.app, "results", self.session)
