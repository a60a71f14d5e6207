"""A message window over whatever is on screen (damaged files, refused saves…)."""

from __future__ import annotations

import pygame

from game.ui import draw, style
from game.ui.scene import Overlay


class NoticeScene(Overlay):
    def __init__(self, app, text: str, title: str = "Notice") -> None:
        super().__init__(app)
        self.text, self.title = text, title

    def build(self, m: style.Metrics) -> None:
        width = min(m.px(640), m.width - 2 * m.margin)
        self.lines = draw.wrap(self.text, m.px(style.FONT_BODY), width - 2 * m.pad)
        height = m.px(70) + len(self.lines) * m.px(26) + m.button_h + m.px(40)
        self.box = self.centered(width, height)
        bw = m.px(140)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw, m.button_h),
                    "OK", self.app.pop, cls="@primary", object_id="#notice_ok", badge=False)

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        pygame.draw.rect(surface, style.ACCENT, (self.box.x, self.box.y + m.px(12), m.px(4), m.px(30)))
        draw.blit_text(surface, self.title, m.px(style.FONT_HEADING - 2),
                       (self.box.x + m.pad, self.box.y + m.px(12)), style.ACCENT_BRIGHT, True)
        y = self.box.y + m.px(62)
        for line in self.lines:
            draw.blit_text(surface, line, m.px(style.FONT_BODY), (self.box.x + m.pad, y), style.TEXT)
            y += m.px(26)
