"""The privacy screen between people at one screen: "Pass to Alice — press when ready".

It covers the whole window (the table below is not drawn), and shows only public
information: whose turn it is, what everyone saw change since that person's last move
(``game.ui.since``; the public log when nothing did) and, when the table offers one, a
public picture of its own (``table.draw_handoff_public(surface, rect)``, as tall as
``table.handoff_public_height(width)`` says: Chasing draws the last trick there).

For its first half second on screen it accepts nothing: a second Enter or click meant for
the previous screen (already queued, or pressed a moment later) would otherwise open the
next person's secrets in front of everyone. The half second counts only frames that began
after it was first drawn (a frame that put it up late, or a long one, does not count), and
a key that went down before it lit up does not count when it repeats: its button needs a
fresh press made after it was seen. Meanwhile the button fills from left to right (its
theme, ``#ready``, keeps it gold rather than the grey of a button that cannot be pressed).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.i18n import _
from game.ui import draw, navigation, palette, since, style
from game.ui.ahead import drawn_ahead
from game.ui.scene import Scene
from game.ui.widgets import LogPanel, ScrollPanel

GUARD_SECONDS = 0.5
INPUT_EVENTS = (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.TEXTINPUT, pygame_gui.UI_BUTTON_PRESSED)
# keys that take the hand-off (Enter, Space, the digit of its button)
CONFIRMING = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_1, pygame.K_KP1)


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
        self.guard = GUARD_SECONDS   # seconds on screen left before any input counts
        self._shown_at: int | None = None   # the app's frame in which it was first drawn
        self._held: set[int] = set()        # keys that went down before it lit up
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
        self._shown_at = None
        super().on_uncover()

    def on_enter(self) -> None:
        super().on_enter()
        # a key already held down as it comes up (a real keyboard; posted events are not
        # "held") was pressed for the screen before
        try:
            pressed = pygame.key.get_pressed()
            self._held |= {k for k in CONFIRMING if pressed[k]}
        except (pygame.error, IndexError):
            pass

    def update(self, dt: float) -> None:
        if self.guard <= 0:
            return
        shown = self._shown_at
        # the frame after the first drawing is not counted either: its dt began before
        # that drawing reached the screen
        if shown is not None and self.app.frames > shown + 1:
            self.guard -= dt
            if self.guard <= 0 and self.ready_button is not None:
                self.ready_button.enable()

    def guard_progress(self) -> float:
        """How far the guard has run: 0 as it comes up, 1 once the button takes a press."""
        return 1.0 - max(0.0, min(1.0, self.guard / GUARD_SECONDS))

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
            # too long for its place: the newest changes in view (what was just done to
            # her, the reason she is handed the screen), the earlier ones a scroll up
            self.log_panel.scroll_to_end()
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
        if event.type == pygame.KEYUP:
            self._held.discard(event.key)
        if not self.armed() and event.type in INPUT_EVENTS and not (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            if event.type == pygame.KEYDOWN:
                self._held.add(event.key)
            return True   # too early: this was meant for the screen before (Esc still pauses)
        if event.type == pygame.KEYDOWN and event.key in self._held:
            return True   # the same press repeating (key repeat), not a fresh one
        if self.log_panel.handle_event(event):
            return True
        return super().handle_event(event)

    def still_key(self):
        """Everything ``draw`` reads (the app shows the picture it kept while this is
        equal): the screen sits still until it is taken, and each frame of it drew the
        window's fill, its vignette and the summary again (a hand-off stays up for half a
        second at least). The guard's fill is drawn over it (``draw_over``), every frame."""
        m, panel, match = self.metrics, getattr(self, "log_panel", None), self.table.session.match
        return (m.width, m.height, m.text, palette.current(), i18n.current(), self.seat, self.name,
                getattr(self, "mid", None), None if panel is None else panel.picture_key(),
                None if self.public_rect is None else tuple(self.public_rect),
                id(match), len(match.log))

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

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        if self._shown_at is None:
            # (only the app's own drawing, on screen, comes here: not ``prepare``'s)
            self._shown_at = self.app.frames
        if not self.armed() and self.ready_button is not None:
            self.draw_guard(surface, self.ready_button.rect)

    def draw_guard(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The guard's half second as a fill across the button, left to right: it reads as
        "getting ready", where a grey button read as "cannot be pressed"."""
        width = round(rect.width * self.guard_progress())
        if width <= 0:
            return
        m = self.metrics
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(fill, (*style.ACCENT, 90), fill.get_rect(), 0, m.px(6))
        surface.blit(fill, rect.topleft, pygame.Rect(0, 0, width, rect.height))
