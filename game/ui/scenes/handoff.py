"""The privacy screen between people at one screen: "Pass to Alice — press when ready".

It covers the whole window (the table below is not drawn), and shows only public
information: whose turn it is and the public part of the game log.
"""

from __future__ import annotations

import pygame

from game.ui import draw, style
from game.ui.scene import Scene
from game.ui.widgets import LogPanel


class HandoffScene(Scene):
    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.name = table.session.seats[seat].name

    def build(self, m: style.Metrics) -> None:
        label = f"I am {self.name}: show my turn"
        # Sized to the name so a long one never overflows the button.
        text_w = draw.font(m.px(style.FONT_BODY + 1), True).size(label)[0]
        bw = min(m.width - 2 * m.margin, max(m.px(320), text_w + m.px(48)))
        self.button(((m.width - bw) // 2, m.height // 2 + m.px(10), bw, m.px(56)),
                    label, self.ready, cls="@primary",
                    object_id="#ready", badge=False)
        w = min(m.px(720), m.width - 2 * m.margin)
        self.log_panel = LogPanel(pygame.Rect((m.width - w) // 2, m.height // 2 + m.px(96), w,
                                              m.height // 2 - m.px(96) - m.margin),
                                  m, title="What everyone has seen")
        self.log_panel.set_lines(self.table.named(self.table.session.log_lines(None))[-60:])

    def ready(self) -> None:
        self.table.session.handed_to(self.seat)
        self.app.pop()

    def default_action(self) -> None:
        self.ready()

    def on_escape(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.app.push(PauseScene(self.app, self.table))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.log_panel.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.BG_DEEP)
        surface.blit(draw.vignette(surface.get_size()), (0, 0))
        m = self.metrics
        cx = m.width // 2
        token = draw.player_token(self.seat, m.px(84), self.name)
        surface.blit(token, token.get_rect(center=(cx, m.height // 2 - m.px(170))))
        draw.blit_text(surface, f"Pass to {self.name}", m.px(style.FONT_TITLE + 6),
                       (cx, m.height // 2 - m.px(84)), style.ACCENT_BRIGHT, True, "center")
        draw.blit_text(surface, "Press when ready (Enter). Everyone else: look away.",
                       m.px(style.FONT_BODY + 2), (cx, m.height // 2 - m.px(30)), style.TEXT_MUTED,
                       False, "center")
        self.log_panel.draw(surface)
