"""A box over whatever is on screen: a title, wrapped text and room for a row of buttons
under it. The notice (one OK) and the question (a button per answer) are both one."""

from __future__ import annotations

import pygame

from game.ui import draw, style
from game.ui.scene import Overlay


class MessageBox(Overlay):
    title = ""
    text = ""

    def place_box(self, m: style.Metrics) -> int:
        """Wrap the text and centre the box (``self.box``); returns its width. Buttons go
        in the last ``m.button_h + m.pad`` of it."""
        width = min(m.px(640), m.width - 2 * m.margin)
        self.lines = draw.wrap(self.text, m.px(style.FONT_BODY), width - 2 * m.pad)
        height = m.px(70) + len(self.lines) * m.px(26) + m.button_h + m.px(40)
        self.box = self.centered(width, height)
        return width

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
