"""Statistics per game: the lead's tables (players, difficulty, factions, characters)."""

from __future__ import annotations

from game.rules.registry import GameSpec
from game.storage import stats as stats_store
from game.ui import style
from game.ui.scenes.tabbed import TabbedGameScene
from game.ui.widgets import Block, heading, paragraph, table


class StatsScene(TabbedGameScene):
    heading = "Statistics"

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app, game_id)
        self.stats, self._notice = stats_store.load_stats()

    def on_enter(self) -> None:
        super().on_enter()
        if self._notice:
            notice, self._notice = self._notice, None
            self.app.notify(notice, title="Statistics file damaged")

    def blocks(self, spec: GameSpec) -> list[Block]:
        tables = self.stats.tables(spec.id)
        if not tables:
            return [heading(spec.title),
                    paragraph(f"No finished games of {spec.title} yet.", style.TEXT_MUTED)]
        out: list[Block] = []
        for title, headers, rows in tables:
            out.append(heading(title))
            out.append(table(headers, rows))
        return out
