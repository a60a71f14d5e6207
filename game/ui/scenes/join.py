"""The join screen: one QR code and short link per phone seat, and who has joined.

It sits over the table before play starts. The game starts by itself once every phone
has joined; "Start now" starts it anyway, and the seats whose phones did not join play
at this screen instead (their links stop working). Once a seat has joined, its code and
key leave the screen (whoever scans them would take the seat); the pause menu's Phones
screen shows them again on request.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.i18n import _
from game.ui import draw, navigation, style
from game.ui.scene import Scene

QR_BORDER = 2      # quiet zone, in modules (phones read a code with 2 fine on a screen)


@lru_cache(maxsize=16)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code, drawn dark on light in a ``size`` px square (or a bit less)."""
    import segno

    # Low error correction keeps the code small (a lit screen is a clean medium), so each
    # module gets more pixels; modules may be fractional so the code fills ``size``.
    matrix = segno.make(text, error="l", micro=False, boost_error=False).matrix
    count = len(matrix) + 2 * QR_BORDER
    side = max(count, size)
    edge = [round(i * side / count) for i in range(count + 1)]
    surf = pygame.Surface((side, side))
    surf.fill((250, 248, 240))
    dark = (16, 16, 20)
    for y, row in enumerate(matrix):
        for x, bit in enumerate(row):
            if bit:
                x0, y0 = edge[x + QR_BORDER], edge[y + QR_BORDER]
                surf.fill(dark, (x0, y0, edge[x + QR_BORDER + 1] - x0, edge[y + QR_BORDER + 1] - y0))
    return surf


class JoinScene(Scene):
    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.hub = table.phones
        self._joined: set[int] = set()
        self.note = ""      # "Ann's seat moved to another phone." (the newest device has it)

    @property
    def busy(self) -> bool:
        return True   # keep answering phones at full rate while they join

    def build(self, m: style.Metrics) -> None:
        bw = m.px(260)
        by = m.height - m.button_h - m.px(22)
        self.button((m.width // 2 - bw - m.gap, by, bw, m.button_h), _("Cancel the game"),
                    self.cancel, object_id="#join_cancel")
        self.button((m.width // 2 + m.gap, by, bw, m.button_h), _("Start now"), self.start_now,
                    cls="@primary", object_id="#join_start",
                    tooltip=_("Seats whose phone has not joined play at this screen instead"))
        self.cards = self._grid(m, len(self.hub.seats))

    def _grid(self, m: style.Metrics, n: int) -> list[pygame.Rect]:
        top, bottom = m.px(122), m.height - m.button_h - m.px(36)
        cols = n if n <= 4 else (n + 1) // 2
        rows = 1 if n <= 4 else 2
        gap = m.px(14)
        width = min(m.px(300), (m.width - 2 * m.margin - gap * (cols - 1)) // cols)
        height = min((bottom - top - gap * (rows - 1)) // rows, width + m.px(96))
        x0 = (m.width - (cols * width + (cols - 1) * gap)) // 2
        top += max(0, (bottom - top - (rows * height + (rows - 1) * gap)) // 3)
        return [pygame.Rect(x0 + (i % cols) * (width + gap), top + (i // cols) * (height + gap),
                            width, height) for i in range(n)]

    # --- every frame -------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.hub.pump()
        for note in self.hub.take_notices():
            self.note = note
        self._joined = self.hub.joined()
        if self.hub.all_joined():
            self.begin()

    def start_now(self) -> None:
        for seat in list(self.hub.seats):
            if seat not in self._joined:
                self.hub.play_here(seat)
        self.begin()

    def begin(self) -> None:
        if self.app.top is self:
            self.app.pop()
            self.hub.started = True
            self.table.phones_settled()

    def cancel(self) -> None:
        navigation.back_to(self.app, "menu")

    def on_escape(self) -> None:
        self.cancel()

    def default_action(self) -> None:
        self.start_now()

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.BG_DEEP)
        surface.blit(draw.vignette(surface.get_size()), (0, 0))
        m = self.metrics
        cx = m.width // 2
        session = self.table.session
        waiting = [session.seats[s].name for s in self.hub.seats if s not in self._joined]
        draw.blit_text(surface, _("Join with your phone"), m.px(style.FONT_TITLE - 6), (cx, m.px(44)),
                       style.ACCENT_BRIGHT, True, "center")
        line = (_("Same Wi-Fi as this computer: scan your own code, or type the address.")
                + " " + (_("Waiting for {names}.", names=_names(waiting)) if waiting
                         else _("Everyone is here."))
                + (" " + self.note if self.note else ""))
        for j, part in enumerate(draw.wrap(line, m.px(style.FONT_BODY), m.width - 2 * m.margin)[:2]):
            draw.blit_text(surface, part, m.px(style.FONT_BODY), (cx, m.px(86) + j * m.px(24)),
                           style.TEXT_MUTED, False, "center")
        for seat, rect in zip(self.hub.seats, self.cards):
            self._draw_card(surface, m, seat, rect)

    def _draw_card(self, surface, m: style.Metrics, seat: int, rect: pygame.Rect) -> None:
        name = self.table.session.seats[seat].name
        joined = seat in self._joined
        draw.panel(surface, rect, m.px(style.RADIUS))
        if joined:
            pygame.draw.rect(surface, style.GOOD, rect, m.px(2), border_radius=m.px(style.RADIUS))
        d = m.px(30)
        surface.blit(draw.player_token(seat, d, name), (rect.x + m.px(10), rect.y + m.px(8)))
        from game.ui.table_base import fit

        draw.blit_text(surface, fit(name, m.px(19), rect.width - d - m.px(30), True), m.px(19),
                       (rect.x + d + m.px(18), rect.y + m.px(8) + d // 2), style.TEXT, True, "midleft")
        text_h = m.px(78)
        side = min(rect.width - m.px(20), rect.height - d - m.px(20) - text_h)
        if joined:
            # no code and no key once joined: a photo of either would open the seat
            mid = rect.y + d + m.px(16) + side // 2
            draw.blit_text(surface, _("Joined"), m.px(30), (rect.centerx, mid - m.px(14)),
                           style.GOOD, True, "center")
            for j, part in enumerate(draw.wrap(_("Its code is hidden now. Menu, then Phones, "
                                                 "shows it again."), m.px(15),
                                               rect.width - m.px(24))[:3]):
                draw.blit_text(surface, part, m.px(15), (rect.centerx, mid + m.px(18) + j * m.px(20)),
                               style.TEXT_MUTED, False, "midtop")
            draw.blit_text(surface, _("On the phone: ready"), m.px(15),
                           (rect.centerx, rect.y + d + m.px(16) + side + m.px(6) + 2 * m.px(21)
                            + m.px(4)), style.GOOD, True, "midtop")
            return
        url = self.hub.url(seat)
        code = qr_surface(url, side)
        qr_rect = code.get_rect(midtop=(rect.centerx, rect.y + d + m.px(16)))
        surface.blit(code, qr_rect)
        # the address on two lines (where, then the seat's key) so it stays readable
        base, _hash, key = url.partition("#")
        y = qr_rect.bottom + m.px(6)
        for text, colour in ((base, style.TEXT_MUTED), ("#" + key, style.TEXT)):
            size = m.px(16)
            while size > m.px(10) and draw.font(size).size(text)[0] > rect.width - m.px(16):
                size -= 1
            draw.blit_text(surface, text, size, (rect.centerx, y), colour, False, "midtop")
            y += m.px(21)
        draw.blit_text(surface, _("Waiting for the phone…"), m.px(15), (rect.centerx, y + m.px(4)),
                       style.TEXT_DIM, False, "midtop")


def _names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}", names=_(", ").join(names[:-1]), last=names[-1])
