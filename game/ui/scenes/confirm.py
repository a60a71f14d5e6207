"""A question over whatever is on screen, with a button per answer ("Delete" / "Keep")."""

from __future__ import annotations

from typing import Callable

import pygame

from game.ui import draw, style
from game.ui.scene import Overlay


class ConfirmScene(Overlay):
    """``answers`` are (label, object id, what it does); the first is the careful one and
    is what Enter and Esc choose."""

    def __init__(self, app, title: str, text: str,
                 answers: list[tuple[str, str, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.title, self.text, self.answers = title, text, answers

    def build(self, m: style.Metrics) -> None:
        width = min(m.px(640), m.width - 2 * m.margin)
        self.lines = draw.wrap(self.text, m.px(style.FONT_BODY), width - 2 * m.pad)
        height = m.px(70) + len(self.lines) * m.px(26) + m.button_h + m.px(40)
        self.box = self.centered(width, height)
        n = len(self.answers)
        bw = min(m.px(180), (width - 2 * m.pad - (n - 1) * m.gap) // n)
        x = self.box.centerx - (n * bw + (n - 1) * m.gap) // 2
        for i, (label, oid, _) in enumerate(self.answers):
            self.button((x, self.box.bottom - m.button_h - m.pad, bw, m.button_h), label,
                        lambda i=i: self.answer(i), object_id=oid, badge=False,
                        cls="@primary" if i == 0 else None)
            x += bw + m.gap

    def answer(self, i: int) -> None:
        self.app.pop()
        self.answers[i][2]()

    def default_action(self) -> None:
        self.answer(0)

    def on_escape(self) -> None:
        self.answer(0)

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
