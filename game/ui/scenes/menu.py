"""The main menu: a tile per registered game, then Continue, History, Open game file,
Statistics, Settings, Rules, Quit."""

from __future__ import annotations

import pygame

from game.rules.registry import GameSpec, all_games
from game.storage import saves
from game.ui import draw, style
from game.ui.scene import Scene

TAGLINE = "Three games of hidden things, one table."


def players_text(spec: GameSpec) -> str:
    if spec.min_players == spec.max_players == 1:
        return "Solo"
    if spec.min_players == spec.max_players:
        return f"{spec.min_players} players"
    return f"{spec.min_players}–{spec.max_players} players"


def emblem(game_id: str, size: int) -> pygame.Surface:
    """A small picture for a game's tile, drawn from the toolkit."""
    if game_id == "chasing":
        return draw.row_of([draw.suit_symbol(s, size) for s in style.SUITS], gap=size // 5)
    if game_id == "harsh":
        return draw.row_of([draw.spy_token(int(size * 1.2)), draw.agent_token(int(size * 1.2))],
                           gap=size // 3)
    if game_id == "hunters":
        return draw.row_of([draw.faction_symbol(f, size) for f in style.FACTIONS], gap=size // 4)
    return draw.row_of([draw.card_back((int(size * 0.75), size)),
                        draw.die_face(5, 6, size)], gap=size // 4)


class MenuScene(Scene):
    def build(self, m: style.Metrics) -> None:
        self.games = all_games()
        self.tiles: list[tuple[pygame.Rect, GameSpec]] = []
        n = max(1, len(self.games))
        cols = min(n, 3)
        rows = (n + cols - 1) // cols
        header = m.px(180)
        gap = m.px(20)
        tile_w = min(m.px(360), (m.width - 2 * m.margin - gap * (cols - 1)) // cols)
        bottom_reserved = m.button_h + m.px(70)
        space = m.height - header - bottom_reserved
        tile_h = min(m.px(240), (space - gap * (rows - 1)) // rows)
        top = header + (space - rows * tile_h - (rows - 1) * gap) // 2
        total_w = cols * tile_w + (cols - 1) * gap
        x0 = (m.width - total_w) // 2
        for i, spec in enumerate(self.games):
            r, c = divmod(i, cols)
            rect = pygame.Rect(x0 + c * (tile_w + gap), top + r * (tile_h + gap), tile_w, tile_h)
            self.button(rect, "", lambda s=spec: self.open_setup(s), cls="@tile",
                        object_id=f"#tile_{spec.id}")
            self.tiles.append((rect, spec))

        labels = [("Continue", self.continue_game, saves.has_autosave(), "#continue"),
                  ("History", self.open_history, True, "#history"),
                  ("Open game file", self.open_game_file, True, "#open_file"),
                  ("Statistics", self.open_stats, True, "#statistics"),
                  ("Settings", self.open_settings, True, "#settings"),
                  ("Rules", self.open_rules, True, "#rules"),
                  ("Quit", self.app.quit, True, "#quit")]
        bw = min(m.px(170), (m.width - 2 * m.margin - (len(labels) - 1) * m.gap) // len(labels))
        total = len(labels) * bw + (len(labels) - 1) * m.gap
        x = (m.width - total) // 2
        y = m.height - m.button_h - m.px(40)
        for text, action, enabled, oid in labels:
            self.button((x, y, bw, m.button_h), text, action, enabled=enabled, object_id=oid,
                        cls="@primary" if oid == "#continue" and enabled else None)
            x += bw + m.gap

    # --- actions ------------------------------------------------------------------------
    def open_setup(self, spec: GameSpec) -> None:
        from game.ui.scenes.setup import SetupScene

        self.app.push(SetupScene(self.app, spec))

    def continue_game(self) -> None:
        from game.ui.tables import open_saved_game

        open_saved_game(self.app)

    def open_history(self) -> None:
        from game.ui.scenes.history import HistoryScene

        self.app.push(HistoryScene(self.app))

    def open_game_file(self) -> None:
        from game.ui.review.files import OpenFileScene

        self.app.push(OpenFileScene(self.app))

    def open_stats(self) -> None:
        from game.ui.scenes.stats import StatsScene

        self.app.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def on_escape(self) -> None:
        pass  # the menu is the bottom of the stack: Quit is a button, not a stray key

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        cx = m.width // 2
        draw.blit_text(surface, "Shadows Tabletop", m.px(style.FONT_TITLE + 8), (cx, m.px(70)),
                       style.ACCENT_BRIGHT, True, "center")
        draw.blit_text(surface, TAGLINE, m.px(style.FONT_BODY), (cx, m.px(122)), style.TEXT_MUTED,
                       False, "center")
        pygame.draw.line(surface, style.PANEL_EDGE, (cx - m.px(160), m.px(150)),
                         (cx + m.px(160), m.px(150)), 1)

    def draw_over(self, surface: pygame.Surface) -> None:
        m = self.metrics
        for rect, spec in self.tiles:
            pad = m.px(18)
            band = m.px(48)
            art = emblem(spec.id, m.px(40))
            surface.blit(art, art.get_rect(midleft=(rect.x + pad, rect.y + pad + band // 2)))
            y = rect.y + pad + band + m.px(12)
            draw.blit_text(surface, spec.title, m.px(24), (rect.x + pad, y), style.TEXT, True)
            y += m.px(34)
            draw.blit_text(surface, players_text(spec), m.px(16), (rect.x + pad, y), style.ACCENT, True)
            y += m.px(26)
            for line in draw.wrap(spec.pitch, m.px(16), rect.width - 2 * pad)[:3]:
                if y + m.px(20) > rect.bottom - m.px(6):
                    break
                draw.blit_text(surface, line, m.px(16), (rect.x + pad, y), style.TEXT_MUTED)
                y += m.px(22)
        super().draw_over(surface)
