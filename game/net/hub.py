"""The main-thread side of the phone server: the only place phone choices reach the game.

``pump()`` runs once a frame (from the table and the join screen). It takes the phones'
choices off the queue, checks each was made at the current step, and hands it to
``Session.submit`` like a click at the screen, so the rules decide; a refusal goes back
to that phone only. Then, if anything changed, every phone seat gets its new state.

It also replaces a lost phone during a game (the table's Phones screen): a seat's link
can be shown again, its key made new (the old one stops at once), the seat moved to the
table's screen and back to a phone. Only who plays a seat where changes: the game goes on.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
from dataclasses import replace
from typing import Callable

from game import i18n
from game.i18n import N_, _
from game.net import present
from game.net.server import PhoneServer, Submitted
from game.rules.protocol import Action
from game.session import Session

log = logging.getLogger("shadows.net")

TOKEN_BYTES = 16          # 128 bits per seat and game
MAX_PER_PUMP = 64         # choices handled per frame at most (the rest wait a frame)


class PhoneHub:
    def __init__(self, session: Session, host: str = "127.0.0.1", port: int = 0,
                 rate: tuple[float, int] | None = None,
                 wake: threading.Event | None = None) -> None:
        self.session = session
        self.seats = [i for i, s in enumerate(session.seats) if s.on_phone]
        self.phone_seats = list(self.seats)     # every seat that began on a phone
        self.started = False    # the join screen has closed (the phones say so till then)
        # names this game (not a secret): a phone keeps its notebook under it and the seat,
        # so notes survive a new key on the same phone
        self.table_id = secrets.token_hex(8)
        self.tokens = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in self.seats}
        self.inbox: queue.Queue[Submitted] = queue.Queue()
        self.server = PhoneServer(self.tokens, self.inbox, host, port, rate, wake)
        self.host = host
        self._shown: tuple | None = None
        self.on_applied: Callable[[Submitted], None] | None = None   # for measurements
        # the table's palette now (the UI sets it): offered to every phone, which may
        # still choose its own
        self.look: Callable[[], str] | None = None

    # --- life ------------------------------------------------------------------------------
    def start(self) -> "PhoneHub":
        self.server.start()
        self.publish()
        return self

    def stop(self) -> None:
        self.server.stop()

    @property
    def port(self) -> int:
        return self.server.port

    def url(self, seat: int) -> str:
        return f"http://{self.host}:{self.port}/#{self.tokens[seat]}"

    def joined(self) -> set[int]:
        return self.server.joined() & set(self.seats)

    def online(self) -> set[int]:
        return self.server.online() & set(self.seats)

    def all_joined(self) -> bool:
        return set(self.seats) <= self.joined()

    def play_here(self, seat: int) -> None:
        """``seat`` plays at the table's screen from now on; its link stops working."""
        if seat in self.seats:
            self.seats.remove(seat)
            self.tokens.pop(seat, None)
            self.session.play_here(seat)
            self.server.revoke(seat, N_("This seat now plays at the table's screen. This "
                                        "page has stopped."))
            self._shown = None

    def play_on_phone(self, seat: int) -> None:
        """``seat`` (back at the screen) plays on a phone again, with a new link."""
        s = self.session
        if seat in self.seats or seat not in self.phone_seats:
            return
        s.seats[seat] = replace(s.seats[seat], device="phone")
        if s.at_screen == seat:
            s.handed_to(None)      # the screen stops showing that seat's secrets
        self.seats = sorted(self.seats + [seat])
        self.tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        self.server.set_token(seat, self.tokens[seat])
        self._shown = None
        self.publish()

    def new_key(self, seat: int) -> None:
        """A fresh key for ``seat``: the device on the old one is told and closed at once."""
        if seat not in self.seats:
            return
        self.tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
        self.server.set_token(seat, self.tokens[seat], N_("The table made a new key for "
                                                           "this seat, so this link no longer "
                                                           "opens it. This page has stopped."))

    def where(self, seat: int) -> str:
        """"phone" (connected), "away" (a phone seat with no device now) or "screen"."""
        if seat not in self.seats:
            return "screen"
        return "phone" if seat in self.online() else "away"

    def take_notices(self) -> list[str]:
        """What the table should say about the phones since the last call."""
        names = self.session.seats
        return [_("{name}'s seat moved to another phone.", name=names[seat].name)
                for seat in self.server.take_moves()]

    # --- every frame -----------------------------------------------------------------------
    def pump(self) -> int:
        """Apply waiting phone choices and publish what changed. Returns choices applied."""
        applied = 0
        for _attempt in range(MAX_PER_PUMP):
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                break
            if self._handle(item):
                applied += 1
        self.publish()
        return applied

    def _handle(self, item: Submitted) -> bool:
        s = self.session
        if item.seat not in self.seats:
            self._refuse(item, "seat_gone", "this seat plays at the table's screen now")
            return False
        if item.seq != len(s.match.log):
            self._refuse(item, "stale", "the table has moved on since that choice")
            return False
        try:
            action = Action.from_json(item.action)
        except (ValueError, TypeError):
            self._refuse(item, "bad_message", "that is not an action")
            return False
        reason = s.submit(item.seat, action)
        if reason:
            self._refuse(item, "refused", reason[:1].upper() + reason[1:])
            return False
        if self.on_applied is not None:
            self.on_applied(item)
        return True

    def _refuse(self, item: Submitted, code: str, text: str) -> None:
        self.server.reply(item.conn, {"type": "error", "code": code, "message": text})

    def publish(self) -> None:
        s = self.session
        langs = tuple(self.server.langs.get(seat, "en") for seat in self.seats)
        palette = self.look() if self.look is not None else "default"
        key = (len(s.match.log), len(s.entries), s.is_over(), tuple(self.seats), self.started,
               langs, palette)
        if key == self._shown:
            return
        self._shown = key
        for seat in self.seats:
            with i18n.speaking(self.server.langs.get(seat)):   # the phone's, not the table's
                state = present.snapshot(s, seat, self.started)
            state["table"] = self.table_id
            state["look"] = {"palette": palette}
            self.server.publish(seat, state)
