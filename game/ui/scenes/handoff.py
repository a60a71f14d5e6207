"""The privacy screen between people at one screen: "Pass to Alice — press when ready".

It covers the whole window (the table below is not drawn), and shows only public
information: whose turn it is, what everyone saw change since that person's last move
(``game.ui.since``; the public log when nothing did) and, when the table offers one, a
public picture of its own (``table.draw_handoff_public(surface, rect)``, as tall as
``table.handoff_public_height(width)`` says: Chasing draws the last trick there).

For its first half second it accepts nothing: a second Enter or click meant for the
previous screen (already queued, or pressed a moment later) would otherwise open the next
person's secrets in front of everyone. Its button needs a fresh press once it lights up.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import _
from game.ui import draw, navigation, since, style
from game.ui.ahead import drawn_ahead
from game.ui.scene import Scene
from game.ui.widgets import LogPanel, ScrollPanel

GUARD_SECONDS = 0.5
INPUT_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.TEXTINPUT, pygame_gui.UI_BUTTON_PRESSED)


class HandoffScene(Scene):
    # made ahead while the turn's last move lingers (``prepare``, game.ui.ahead): its big
    # button parked and its summary laid out, so the frame it comes up only takes them
    keep_widgets = True
    park_widgets = True

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.session.seats[seat].name
        self.guard = GUARD_SECONDS   # seconds left before any input counts
        self.ready_button = None
        self._panel_for: tuple | None = None    # what the summary panel was made for

    def prepare(self):
        """Its button made and parked (``Scene.prepare``), then the whole screen drawn once
        onto a surface nobody sees, a frame's room at a time (its summary laid out, its
        texts made): all public, nobody's secret is in it."""
        yield from super().prepare()
        if self.root is None or self.active or getattr(self, "log_panel", None) is None:
            return
        yield
        yield from drawn_ahead(self.app, self.draw)

    def button_text(self) -> str:
        # Translators: {purpose} comes from the table, e.g. "show my cards"
        return _("I am {name}: {purpose}", name=self.name,
                 purpose=_(self.table.handoff_purpose(self.seat)))

    def armed(self) -> bool:
        return self.guard <= 0

    @property
    def busy(self) -> bool:
        return not self.armed()   # full frame rate until the button lights up

    def on_uncover(self) -> None:
        # back from the pause menu: a second Enter meant for "Resume" must not count here
        self.guard = GUARD_SECONDS
        super().on_uncover()

    def update(self, dt: float) -> None:
        if self.guard > 0:
            self.guard -= dt
            if self.guard <= 0 and self.ready_button is not None:
                self.ready_button.enable()

    def build(self, m: style.Metrics) -> None:
        label = self.button_text()
        # Sized to the name so a long one never overflows the button.
        text_w = draw.font(m.px(style.FONT_BODY + 1), True).size(label)[0]
        bw = min(m.width - 2 * m.margin, max(m.px(320), text_w + m.px(48)))
        mid = self.mid = self.middle(m)
        self.ready_button = self.button(((m.width - bw) // 2, mid + m.px(10), bw, m.px(56)),
                                        label, self.ready, cls="@primary",
                                        object_id="#ready", badge=False)
        if not self.armed():
            self.ready_button.disable()
        area = pygame.Rect(0, mid + m.px(96), 0, m.height - mid - m.px(96) - m.margin)
        area.width = min(m.px(1100), m.width - 2 * m.margin)
        area.x = (m.width - area.width) // 2
        self.public_rect = None
        public_h = getattr(self.table, "handoff_public_height", None)
        if getattr(self.table, "draw_handoff_public", None) is not None and public_h is not None:
            pw = area.width * 2 // 5
            h = min(area.height, public_h(pw))
            if h > 0:
                self.public_rect = pygame.Rect(area.right - pw, area.y, pw, h)
                area.width -= pw + m.gap
        elif area.width > m.px(720):
            area.x, area.width = (m.width - m.px(720)) // 2, m.px(720)
        session = self.table.session
        made_for = (tuple(area), m, len(session.entries))
        if made_for == self._panel_for:
            return      # laid out ahead (prepare) for this very log and place
        self._panel_for = made_for
        self.summary = since.groups(session, self.seat, self.table.named)
        if self.summary:
            self.log_panel = ScrollPanel(area, m, title=since.title(session, self.seat),
                                         font_size=style.FONT_SMALL)
            self.log_panel.set_blocks(since.blocks(session, self.summary))
        else:
            self.log_panel = LogPanel(area, m, title=_("What everyone has seen"))
            self.log_panel.set_lines(self.table.named(session.log_lines(None))[-60:])

    @staticmethod
    def middle(m: style.Metrics) -> int:
        """Where the button row sits: the name and token above it go up to the top margin,
        so the summary below gets the rest of the window."""
        return max(m.margin + m.px(212), m.height * 2 // 5)

    def ready(self) -> None:
        if not self.armed():
            return
        self.table.session.handed_to(self.seat)
        self.app.pop()

    def default_action(self) -> None:
        self.ready()

    def on_escape(self) -> None:
        navigation.push(self.app, "pause", self.table)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.armed() and event.type in INPUT_EVENTS and not (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            return True   # too early: this was meant for the screen before (Esc still pauses)
        if self.log_panel.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.BG_DEEP)
        surface.blit(draw.vignette(surface.get_size()), (0, 0))
        m = self.metrics
        cx = m.width // 2
        token = draw.player_token(self.seat, m.px(84), self.name)
        surface.blit(token, token.get_rect(center=(cx, self.mid - m.px(170))))
        draw.blit_text(surface, _("Pass to {name}", name=self.name), m.px(style.FONT_TITLE + 6),
                       (cx, self.mid - m.px(84)), style.ACCENT_BRIGHT, True, "center")
        draw.blit_text(surface, _("Press when ready (Enter). Everyone else: look away."),
                       m.px(style.FONT_BODY + 2), (cx, self.mid - m.px(30)), style.TEXT_MUTED,
                       False, "center")
        self.log_panel.draw(surface)
        if self.public_rect is not None:
            self.table.draw_handoff_public(surface, self.public_rect)
