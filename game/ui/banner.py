"""A calm banner over every screen while saving is failing (disk full, read-only folder).

It lives outside the scene stack with its own small UI manager, so it stays on top of
whatever screen is showing and goes away by itself once a write works again. While the
game in progress is not being saved it offers "Save to…" another folder.
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.storage import problems
from game.ui import draw, overlay_manager, style


class SaveBanner:
    def __init__(self, app) -> None:
        self.app = app
        self.manager: pygame_gui.UIManager | None = None
        self.text = ""
        self.lines: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.button: UIButton | None = None
        self._seen = -1
        self._scale = None

    @property
    def shown(self) -> bool:
        return bool(self.text)

    def sync(self) -> None:
        """Follow the list of failing writes (cheap when nothing changed)."""
        if problems.changes() != self._seen or self._want_button() != (self.button is not None):
            self._seen = problems.changes()
            self.text = problems.banner_text()
            self.layout()

    def _want_button(self) -> bool:
        return bool(self.text) and self.app.game_session() is not None and any(
            p.what == "game" for p in problems.failing())

    def layout(self) -> None:
        if self.button is not None:
            self.button.kill()
            self.button = None
        if not self.text:
            return
        m = self.app.metrics
        self.manager, self._scale = overlay_manager.fit(self.manager, self._scale, m)
        width = min(m.px(760), m.width - 2 * m.margin)
        bw = m.px(150)
        want_button = self._want_button()
        text_w = width - 2 * m.pad - (bw + m.gap if want_button else 0)
        self.lines = draw.wrap(self.text, m.px(style.FONT_SMALL), text_w)[:4]
        height = max(len(self.lines) * m.px(21) + 2 * m.px(10), m.button_h + 2 * m.px(8))
        self.rect = pygame.Rect((m.width - width) // 2, m.px(6), width, height)
        if want_button:
            self.button = UIButton(
                pygame.Rect(self.rect.right - m.pad - bw, self.rect.centery - m.button_h // 2,
                            bw, m.button_h),
                "Save to…", self.manager, object_id=ObjectID(object_id="#save_to"))

    def resize(self) -> None:
        self.layout()

    def process(self, event: pygame.event.Event) -> bool:
        """True when the banner used the event (it then goes no further)."""
        if not self.text or self.manager is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            self.app.open_save_to()
            return True
        self.manager.process_events(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                self.rect.collidepoint(event.pos):
            return True
        return False

    def update(self, dt: float) -> None:
        if self.manager is not None and self.text:
            self.manager.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.text:
            return
        m = self.app.metrics
        draw.panel(surface, self.rect, m.px(style.RADIUS), alpha=245)
        pygame.draw.rect(surface, style.ACCENT, (self.rect.x, self.rect.y + m.px(8), m.px(4),
                                                 self.rect.height - 2 * m.px(8)))
        y = self.rect.centery - len(self.lines) * m.px(21) // 2
        for line in self.lines:
            draw.blit_text(surface, line, m.px(style.FONT_SMALL), (self.rect.x + m.pad, y),
                           style.TEXT)
            y += m.px(21)
        if self.manager is not None:
            self.manager.draw_ui(surface)
