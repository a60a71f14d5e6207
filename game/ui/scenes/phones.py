"""The pause menu's Phones screen: every seat that began on a phone, and what to do when
a phone is lost or a link was seen by the wrong person.

Per seat: where it plays now (its phone, connected or not, or this screen); show its
link again (with a warning: whoever scans it takes the seat); make a new key (the old
link stops at once, and the new one is shown); move the seat to this screen (it is then
passed like any seat here, with a hand-off) or back to a phone. Only where the seat is
played changes: the game goes on from the same step.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui import draw, style
from game.ui.scene import Overlay

BUTTON_W = 190     # "Play at this screen" with its key badge
WHERE = {"phone": N_("On the phone (connected)"), "away": N_("Phone not connected"),
         "screen": N_("Plays at this screen")}


class PhonesScene(Overlay):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.hub = table.phones
        self.showing: int | None = None      # the seat whose link is on screen
        self.note = ""                       # what the last button did
        self._where: dict[int, str] = {}

    @property
    def busy(self) -> bool:
        return True     # phones reconnect while this is open: keep answering them

    def update(self, dt: float) -> None:
        self.hub.pump()
        for text in self.hub.take_notices():
            self.note = text
        where = {seat: self.hub.where(seat) for seat in self.hub.phone_seats}
        if where != self._where:
            self._where = where
            self.rebuild()

    # --- layout --------------------------------------------------------------------------
    def build(self, m: style.Metrics) -> None:
        self._where = {seat: self.hub.where(seat) for seat in self.hub.phone_seats}
        width = min(m.width - 2 * m.margin, m.px(900))
        rows = len(self.hub.phone_seats)
        row_h = m.button_h + m.px(22)
        body = max(rows * row_h, m.px(330)) if self.showing is None else m.height
        height = min(m.height - 2 * m.px(12), m.px(150) + body + m.button_h)
        self.box = self.centered(width, height)
        bottom = self.box.bottom - m.button_h - m.px(18)
        bw = m.px(220)
        if self.showing is not None:
            self.button((self.box.centerx - bw // 2, bottom, bw, m.button_h), _("Hide the code"),
                        self.hide, object_id="#phones_hide", cls="@primary")
            return
        self.button((self.box.centerx - bw // 2, bottom, bw, m.button_h), _("Back to the game"),
                    self.app.pop, object_id="#phones_back", cls="@primary")
        self.rows: list[tuple[int, pygame.Rect]] = []
        y = self.box.y + m.px(112)
        gap = m.px(10)
        nb = m.px(BUTTON_W)
        for seat in self.hub.phone_seats:
            rect = pygame.Rect(self.box.x + m.px(24), y, self.box.width - m.px(48), row_h - m.px(10))
            self.rows.append((seat, rect))
            x = rect.right
            by = rect.centery - m.button_h // 2
            if self._where[seat] == "screen":
                buttons = [(_("Back to a phone"), self.to_phone, "phone",
                            _("A new link for this seat: its phone plays it from then on"))]
            else:
                buttons = [(_("Play at this screen"), self.to_screen, "here",
                            _("This seat is passed here, with a hand-off, from now on")),
                           (_("New key"), self.new_key, "key",
                            _("The old link stops at once; the new one is shown")),
                           (_("Show the link"), self.show, "show",
                            _("Whoever scans it takes the seat"))]
            x -= len(buttons) * (nb + gap) - gap
            for label, action, oid, tip in reversed(buttons):   # left to right: keys 1, 2, 3
                self.button((x, by, nb, m.button_h), label, lambda a=action, s=seat: a(s),
                            object_id=f"#phones_{oid}_{seat}", tooltip=tip)
                x += nb + gap
            y += row_h

    # --- what the buttons do ---------------------------------------------------------------
    def show(self, seat: int) -> None:
        self.showing = seat
        self.rebuild()

    def hide(self) -> None:
        self.showing = None
        self.rebuild()

    def new_key(self, seat: int) -> None:
        self.hub.new_key(seat)
        self.note = _("{name} has a new key: the old link no longer opens the seat.",
                      name=self.name(seat))
        self.show(seat)

    def to_screen(self, seat: int) -> None:
        self.hub.play_here(seat)
        self.table.seat_moved_here(seat)
        self.note = _("{name} plays at this screen now, passed with a hand-off.",
                      name=self.name(seat))
        self.rebuild()

    def to_phone(self, seat: int) -> None:
        self.hub.play_on_phone(seat)
        self.note = _("{name} plays on a phone again: scan the new code.", name=self.name(seat))
        self.show(seat)

    def name(self, seat: int) -> str:
        return self.table.session.seats[seat].name

    def on_escape(self) -> None:
        if self.showing is not None:
            self.hide()
        else:
            self.app.pop()

    def default_action(self) -> None:
        self.on_escape()

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        title = (_("Phones") if self.showing is None
                 else _("{name}'s link", name=self.name(self.showing)))
        draw.blit_text(surface, title, m.px(style.FONT_HEADING + 6),
                       (self.box.centerx, self.box.y + m.px(36)), style.ACCENT_BRIGHT, True, "center")
        if self.showing is not None:
            self._draw_link(surface, m, self.showing)
            return
        line = self.note or _("Lost a phone? Show its seat's link again, make a new key, or "
                              "play the seat at this screen. The game goes on as it is.")
        for j, part in enumerate(draw.wrap(line, m.px(style.FONT_SMALL),
                                           self.box.width - m.px(48))[:2]):
            draw.blit_text(surface, part, m.px(style.FONT_SMALL),
                           (self.box.centerx, self.box.y + m.px(66) + j * m.px(20)),
                           style.TEXT if self.note else style.TEXT_MUTED, False, "midtop")
        d = m.px(30)
        for seat, rect in self.rows:
            pygame.draw.line(surface, style.PANEL_EDGE, (rect.x, rect.bottom + m.px(4)),
                             (rect.right, rect.bottom + m.px(4)))
            surface.blit(draw.player_token(seat, d, self.name(seat)),
                         (rect.x, rect.centery - d // 2))
            where = self._where[seat]
            colour = {"phone": style.GOOD, "away": style.DANGER}.get(where, style.TEXT_MUTED)
            room = max(m.px(80), rect.width - 3 * (m.px(BUTTON_W) + m.px(10)) - d - m.px(14))
            from game.ui.table_base import fit

            draw.blit_text(surface, fit(self.name(seat), m.px(19), room, True), m.px(19),
                           (rect.x + d + m.px(10), rect.centery - m.px(10)), style.TEXT, True,
                           "midleft")
            draw.blit_text(surface, fit(_(WHERE[where]), m.px(15), room), m.px(15),
                           (rect.x + d + m.px(10), rect.centery + m.px(12)), colour, False,
                           "midleft")

    def _draw_link(self, surface: pygame.Surface, m: style.Metrics, seat: int) -> None:
        from game.ui.scenes.join import qr_surface

        name = self.name(seat)
        warning = _("Whoever scans this code or opens this address takes {name}'s seat, and "
                    "the phone that has it now stops. Show it only to {name}.", name=name)
        y = self.box.y + m.px(64)
        for part in draw.wrap(warning, m.px(style.FONT_SMALL + 1), self.box.width - m.px(60),
                              True)[:3]:
            draw.blit_text(surface, part, m.px(style.FONT_SMALL + 1), (self.box.centerx, y),
                           style.DANGER, True, "midtop")
            y += m.px(21)
        url = self.hub.url(seat)
        base, _hash, key = url.partition("#")
        bottom = self.box.bottom - m.button_h - m.px(30) - 2 * m.px(22)
        side = max(m.px(120), bottom - y - m.px(10))
        code = qr_surface(url, side)
        rect = code.get_rect(midtop=(self.box.centerx, y + m.px(6)))
        surface.blit(code, rect)
        y = rect.bottom + m.px(6)
        for text, colour in ((base, style.TEXT_MUTED), ("#" + key, style.TEXT)):
            draw.blit_text(surface, text, m.px(17), (self.box.centerx, y), colour, False, "midtop")
            y += m.px(22)
