"""The whole game log beside the review table, the current step highlighted.

Only the lines in sight are drawn (a long game has well over a thousand), so stepping
costs nothing however long the game was. Lines of later steps are dimmed; a click on a
line moves the review there. A private line (a Hermit card, a peek) says whose it was.
"""

from __future__ import annotations

import bisect
from typing import Callable, Sequence

import pygame

from game.i18n import _
from game.ui import draw, style


class ReviewLog:
    def __init__(self, rect: pygame.Rect, metrics: style.Metrics,
                 rows: Sequence[tuple[int, str]], on_pick: Callable[[int], None] | None = None,
                 title: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.m = metrics
        self.title = title or _("Game log (all of it)")
        self.fs = metrics.px(style.FONT_SMALL)
        # as large text draws the lines (issue 44: at 200 % they overlapped)
        self.line_h = max(int(self.fs * 1.35), draw.font(self.fs, True).get_linesize())
        self.on_pick = on_pick
        self.position = 0
        self.offset = 0                 # first visible wrapped line
        inner = self.inner
        self.lines: list[tuple[int, str]] = []          # (step, wrapped line)
        for step, text in rows:
            # measured bold: the highlighted step is drawn bold and must fit as well
            for part in draw.wrap(text, self.fs, inner.width - metrics.px(8), True) or [""]:
                self.lines.append((step, part))
        self._steps = [s for s, _ in self.lines]

    # what table scenes call on a log panel
    def set_lines(self, lines) -> None:
        pass

    def scroll_to_end(self) -> None:
        pass

    @property
    def inner(self) -> pygame.Rect:
        top = max(self.m.px(34), self.m.px(8) + draw.font(self.m.px(16), True).get_linesize())
        pad = self.m.px(10)
        return pygame.Rect(self.rect.x + pad, self.rect.y + top, self.rect.w - 2 * pad - self.m.px(8),
                           self.rect.h - top - pad)

    @property
    def visible(self) -> int:
        return max(1, self.inner.h // self.line_h)

    def current_range(self) -> tuple[int, int]:
        """Wrapped lines of the step that led to ``position`` (may be empty)."""
        step = self.position - 1
        return bisect.bisect_left(self._steps, step), bisect.bisect_right(self._steps, step)

    def follow(self, position: int) -> None:
        """Show ``position``: its lines (or where they would be) in sight."""
        self.position = position
        lo, hi = self.current_range()
        if hi <= lo:
            lo = hi = bisect.bisect_left(self._steps, position)
        if lo < self.offset or hi > self.offset + self.visible - 1:
            self.offset = lo - max(0, min(self.visible // 3, self.visible - 1 - (hi - lo)))
        self.clamp()

    def clamp(self) -> None:
        self.offset = max(0, min(self.offset, len(self.lines) - self.visible))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.offset -= event.y * 3
            self.clamp()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and self.inner.collidepoint(event.pos) and self.on_pick is not None:
            i = self.offset + (event.pos[1] - self.inner.y) // self.line_h
            if 0 <= i < len(self.lines):
                self.on_pick(self.lines[i][0] + 1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        m = self.m
        draw.panel(surface, self.rect, m.px(style.RADIUS))
        draw.blit_text(surface, self.title, m.px(16), (self.rect.x + m.px(12), self.rect.y + m.px(8)),
                       style.TEXT_MUTED, True)
        inner = self.inner
        lo, hi = self.current_range()
        with draw.clipped(surface, inner):
            y = inner.y
            now = self.position - 1
            for i in range(self.offset, min(len(self.lines), self.offset + self.visible + 1)):
                step, text = self.lines[i]
                if lo <= i < hi:
                    pygame.draw.rect(surface, style.PANEL_EDGE, (inner.x - m.px(4), y, inner.w + m.px(4),
                                                                 self.line_h), border_radius=m.px(3))
                    colour, bold = style.ACCENT_BRIGHT, True
                elif step > now:
                    colour, bold = style.TEXT_DIM, False
                else:
                    colour, bold = style.TEXT_MUTED, False
                draw.blit_text(surface, text, self.fs, (inner.x, y + (self.line_h - self.fs) // 2 - 1),
                               colour, bold)
                y += self.line_h
        total = len(self.lines)
        if total > self.visible:
            track = pygame.Rect(self.rect.right - m.px(14), inner.y, m.px(8), inner.h)
            pygame.draw.rect(surface, style.BG_DEEP, track, border_radius=4)
            h = max(m.px(20), track.h * self.visible // total)
            y = track.y + (track.h - h) * self.offset // max(1, total - self.visible)
            pygame.draw.rect(surface, style.PANEL_EDGE, (track.x, y, track.w, h), border_radius=4)
