"""A screen with one tab per game and a scrolling panel (rules, statistics)."""

from __future__ import annotations

import pygame

from game.catalog import GameSpec, all_games
from game.i18n import _
from game.ui import draw, style
from game.ui.scene import Scene
from game.ui.widgets import Block, ScrollPanel


class TabbedGameScene(Scene):
    keep_look_when_covered = True
    heading = ""

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games: list[GameSpec] = all_games()
        ids = [g.id for g in self.games]
        self.current = game_id if game_id in ids else (ids[0] if ids else None)
        self.panel: ScrollPanel | None = None

    def blocks(self, spec: GameSpec) -> list[Block]:
        raise NotImplementedError

    def build(self, m: style.Metrics) -> None:
        y = m.px(100)
        n = max(1, len(self.games))
        width = min(m.width - 2 * m.margin, m.px(1000))
        tab_w = min(m.px(220), (width - m.gap * (n - 1)) // n)
        x = (m.width - width) // 2
        for spec in self.games:
            self.button((x, y, tab_w, m.button_h), _(spec.title), lambda s=spec: self.show(s.id),
                        cls="@toggle_on" if spec.id == self.current else None,
                        object_id=f"#tab_{spec.id}")
            x += tab_w + m.gap
        top = y + m.button_h + m.gap
        bottom = m.height - m.button_h - m.px(30)
        width = min(m.width - 2 * m.margin, m.px(1000))
        rect = pygame.Rect((m.width - width) // 2, top, width, bottom - top)
        old = self.panel.offset if self.panel is not None else 0
        self.panel = ScrollPanel(rect, m)
        spec = next((g for g in self.games if g.id == self.current), None)
        self.panel.set_blocks(self.blocks(spec) if spec else [Block("p", _("No games are installed."))])
        self.panel.scroll(old)
        bw = m.px(160)
        self.button(((m.width - bw) // 2, m.height - m.button_h - m.px(16), bw, m.button_h), _("Back"),
                    self.app.pop, object_id="#back", cls="@primary")

    def show(self, game_id: str) -> None:
        self.current = game_id
        self.panel = None
        self.rebuild()

    def default_action(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.panel is not None and self.panel.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _(self.heading), m.px(style.FONT_TITLE), (m.width // 2, m.px(52)),
                       style.ACCENT_BRIGHT, True, "center")
        if self.panel is not None:
            self.panel.draw(surface)
