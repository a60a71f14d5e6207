"""The generic table: plays any catalogued game without a board of its own (the
catalogue's fallback when a game names no table scene)."""

from __future__ import annotations

import pygame

from game.ui import draw, style
from game.ui.table_base import TableScene
from game.ui.widgets import ScrollPanel, paragraph
from game.ui.wording import describe_view


class GenericTableScene(TableScene):
    """A board-less table that plays any catalogued game: who is who, what the viewer
    may see (as text), the choices, and the log. The fallback for games without a table."""

    def layout(self, m: style.Metrics) -> None:
        super().layout(m)
        top = self.top_bar_h(m) + m.gap
        left_w = self.log_panel.rect.x - 2 * m.pad
        seats_h = m.px(40) + m.px(34) * len(self.session.seats)
        self.seats_rect = pygame.Rect(m.pad, top, left_w, seats_h)
        view_top = self.seats_rect.bottom + m.gap
        self.view_panel = ScrollPanel(
            pygame.Rect(m.pad, view_top, left_w, max(m.px(60), self.choice_rect.y - m.gap - view_top)),
            m, title=self.view_title(), font_size=style.FONT_SMALL)
        self.view_panel.set_blocks([paragraph(line) for line in describe_view(
            self.session.view(self.viewer))])
        self._view_key = (len(self.session.match.log), self.viewer)

    def view_title(self) -> str:
        v = self.viewer
        return "On the table" if v is None else f"What {self.seat_name(v)} can see"

    def handle_event(self, event: pygame.event.Event) -> bool:
        if getattr(self, "view_panel", None) is not None and self.view_panel.handle_event(event):
            return True
        return super().handle_event(event)

    def draw_board(self, surface: pygame.Surface) -> None:
        m = self.metrics
        if getattr(self, "seats_rect", None) is None:
            return
        draw.panel(surface, self.seats_rect, m.px(style.RADIUS))
        draw.blit_text(surface, "Players", m.px(16), (self.seats_rect.x + m.px(12), self.seats_rect.y + m.px(8)),
                       style.TEXT_MUTED, True)
        s = self.session
        decider = s.decider()
        result = s.result()
        y = self.seats_rect.y + m.px(38)
        for seat, cfg in enumerate(s.seats):
            d = m.px(28)
            surface.blit(draw.player_token(seat, d, cfg.name), (self.seats_rect.x + m.px(12), y))
            colour = style.ACCENT_BRIGHT if seat == decider else style.TEXT
            draw.blit_text(surface, cfg.label, m.px(17), (self.seats_rect.x + m.px(50), y + d // 2), colour,
                           seat == decider, "midleft")
            tag = ""
            if result is not None:
                tag = "winner" if seat in result.winners else ""
                if seat < len(result.scores):
                    tag = f"{result.scores[seat]:g}  {tag}".strip()
            elif seat == decider:
                tag = "to decide"
            elif seat == self.viewer:
                tag = "at the screen"
            if tag:
                draw.blit_text(surface, tag, m.px(15), (self.seats_rect.right - m.px(12), y + d // 2),
                               style.ACCENT if seat == decider else style.TEXT_MUTED, False, "midright")
            y += m.px(34)
        key = (len(s.match.log), self.viewer)
        if key != getattr(self, "_view_key", None):  # views can be big: rebuild on change only
            self._view_key = key
            self.view_panel.set_blocks([paragraph(line) for line in describe_view(s.view(self.viewer))])
        self.view_panel.draw(surface)
