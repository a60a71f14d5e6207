"""A table's phones (a room of ``TableScene``, game.ui.table_base): the phone server
opened when any seat plays on a phone, the join screen, and whom the table waits for
("Alice's phone (not connected)")."""

from __future__ import annotations

import logging

from game.i18n import _
from game.ui import navigation

log = logging.getLogger("shadows.ui")


class TablePhones:
    """Mixed into ``TableScene``: ``self.phones`` is a game.net.hub.PhoneHub while any seat
    plays on a phone, else None."""

    def waiting_name(self, seat: int) -> str:
        """Whom the table waits for: "Alice", or "Alice's phone" for a phone seat."""
        name = self.seat_name(seat)
        if not self.session.seats[seat].on_phone:
            return name
        if self.phones is not None and seat not in self.phones.online():
            return f"{name}'s phone (not connected)"
        return f"{name}'s phone"

    # --- phones ---------------------------------------------------------------------------
    def start_phones(self) -> None:
        """Open the phone server and the join screen when any seat plays on a phone."""
        s = self.session
        seats = [i for i, cfg in enumerate(s.seats) if cfg.on_phone]
        if not seats or s.is_over():
            return
        from game.net.addresses import bind_address
        from game.net.hub import PhoneHub
        from game.ui import palette

        try:
            hub = PhoneHub(s, bind_address(self.app.settings.phone_address), wake=self.app.wake)
            hub.look = lambda: palette.current()[0]      # offered to the phones
            self.phones = hub.start()
        except OSError as exc:
            log.warning("phone server: %s", exc)
            for seat in seats:
                s.play_here(seat)
            self.phones = None
            self.app.notify(_("Phones cannot join ({why}). Everyone plays at this screen.",
                              why=exc), title=_("No phones"))
            return
        navigation.push(self.app, "join", self)

    def phones_settled(self) -> None:
        """The join screen closed: every seat is now on a phone that joined, or here."""

    def seat_moved_here(self, seat: int) -> None:
        """A phone seat plays at this screen from now on (the Phones screen moved it)."""
        if self.session.needs_handoff(seat) and self.session.human_to_act() == seat:
            self._handoff_due = seat     # its turn now: passed to it before anything shows

    def stop_phones(self) -> None:
        if self.phones is not None:
            self.phones.pump()      # the last state (the result) goes out first
            self.phones.stop()
