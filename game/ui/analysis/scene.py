"""The Analyse screen: a finished game's win chances, seat by seat, over the whole game.

The analysis runs on a worker thread (``game.analysis.analyse``) with a progress bar and
a Cancel button; a game that already carries its analysis opens at once. Then: the graph
(``graph``), each seat's accuracy (average win chance lost per decision) beside its
colour, and the key moments in words, numbered as their marks on the graph. Clicking a
mark or a moment opens the review at that moment (or moves the review this screen was
opened from there). The finished analysis is kept with the game: in the history and in
a game file exported afterwards.
"""

from __future__ import annotations

import sys
import threading

import pygame

from game.ui import draw, style
from game.ui.scene import Scene

from . import graph

SWITCH_WHILE_THINKING = 0.001     # the frame loop keeps its rate while the worker runs
MOMENTS_SHOWN = 9


class AnalysisScene(Scene):
    budget: int | None = None     # playouts a decision; None: game.analysis.BUDGETS

    def __init__(self, app, record, review=None) -> None:
        super().__init__(app)
        from game.analysis.store import stored

        self.record = record
        self.review = review
        self.analysis = stored(record)
        self.done, self.total = 0, max(1, len(record.log))
        self.error = ""
        self._stop = False
        self._thread: threading.Thread | None = None
        self._result = None
        self._switch: float | None = None
        self.shown = set(range(record.players))
        self.marks: list[graph.Mark] = []
        self.rows: list[tuple[pygame.Rect, int]] = []     # key-moment rows: (rect, index)
        self.hover: int | None = None
        self.moments: list = []
        self.seat_rects: list[tuple[pygame.Rect, int]] = []
        if self.analysis is None:
            self._start()
        else:
            self.moments = moment_list(self.analysis)

    # --- the worker ------------------------------------------------------------------------------------
    def _start(self) -> None:
        from game.analysis import Cancelled, analyse

        def work():
            try:
                self._result = analyse(self.record, budget=self.budget, progress=self._progress,
                                       cancelled=lambda: self._stop)
            except Cancelled:
                pass
            except Exception as exc:  # noqa: BLE001 - shown on the screen, never raised into it
                self.error = f"The analysis failed ({exc})."
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_WHILE_THINKING)
        self._thread = threading.Thread(target=work, name="analysis", daemon=True)
        self._thread.start()

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, max(1, total)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def busy(self) -> bool:
        return self.running

    def _normal_switching(self) -> None:
        if self._switch is not None:
            sys.setswitchinterval(self._switch)
            self._switch = None

    def update(self, dt: float) -> None:
        if self._thread is not None and not self._thread.is_alive():
            self._thread = None
            self._normal_switching()
            if self._result is not None:
                self._finished(self._result)
            self.rebuild()

    def _finished(self, analysis) -> None:
        from game.analysis.store import keep

        self.analysis = analysis
        self.moments = moment_list(analysis)
        self.record = keep(self.record, analysis)
        if self.review is not None:
            self.review.record = self.record      # an export from the review carries it

    def cancel(self) -> None:
        self._stop = True
        self._normal_switching()
        self.app.pop()

    def on_exit(self) -> None:
        self._stop = True
        self._normal_switching()
        super().on_exit()

    def on_escape(self) -> None:
        self.cancel()

    # --- layout -----------------------------------------------------------------------------------------
    def build(self, m: style.Metrics) -> None:
        bw = m.px(150)
        by = m.height - m.button_h - m.px(16)
        if self.analysis is None:
            self.button((m.width // 2 - bw // 2, by, bw, m.button_h), "Cancel", self.cancel,
                        object_id="#analysis_cancel")
            return
        self.button((m.width // 2 - bw // 2, by, bw, m.button_h), "Back", self.app.pop,
                    object_id="#analysis_back", cls="@primary")

    def areas(self, m) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(graph, seats and accuracy, key moments)."""
        top = m.px(76)
        bottom = m.height - m.button_h - m.px(30)
        full = pygame.Rect(m.margin, top, m.width - 2 * m.margin, bottom - top)
        side_w = max(m.px(300), int(full.w * 0.36))
        g = pygame.Rect(full.x, full.y, full.w - side_w - m.px(14), full.h)
        seats_h = m.px(26) * self.record.players + m.px(44)
        s = pygame.Rect(g.right + m.px(14), full.y, side_w, seats_h)
        k = pygame.Rect(s.x, s.bottom + m.px(10), side_w, full.bottom - s.bottom - m.px(10))
        return g, s, k

    # --- input ------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._hit(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            hit = self._hit(event.pos)
            if hit is not None:
                self.go_to(self.moments[hit][0])
                return True
            for rect, seat in self.seat_rects:
                if rect.collidepoint(event.pos):
                    self.shown ^= {seat}       # a seat's line on and off
                    if not self.shown:
                        self.shown = set(range(self.record.players))
                    return True
        return super().handle_event(event)

    def _hit(self, pos) -> int | None:
        for mark in self.marks:
            if mark.rect.collidepoint(pos):
                return mark.index
        for rect, i in self.rows:
            if rect.collidepoint(pos):
                return i
        return None

    def go_to(self, step: int) -> None:
        """The review at the moment ``step`` (before that decision or chance)."""
        app = self.app
        app.pop()
        if self.review is not None:
            self.review.go(step)
            return
        from game.review.gamefile import check
        from game.ui.review.scene import open_review

        open_review(app, self.record, check(self.record), start=step)

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        from game.catalog import get_game

        title = f"Analysis · {get_game(self.record.game).title}"
        draw.blit_text(surface, title, m.px(style.FONT_HEADING), (m.width // 2, m.px(30)),
                       style.ACCENT_BRIGHT, True, "center")
        if self.analysis is None:
            self._draw_progress(surface, m)
            return
        a = self.analysis
        sub = (f"{len(a.decisions)} decisions looked at again from each player's view at the "
               f"time · triangles: costly choices · diamonds: luck (what changed between a "
               f"player's decisions)")
        draw.blit_text(surface, draw.ellipsize(sub, m.px(14), m.width - 2 * m.margin), m.px(14),
                       (m.width // 2, m.px(58)), style.TEXT_MUTED, False, "center")
        g, s, k = self.areas(m)
        self.marks = graph.draw_graph(surface, g, m, a, self.shown, self.moments, self.hover)
        self._draw_seats(surface, m, s)
        self._draw_moments(surface, m, k)

    def _draw_progress(self, surface, m) -> None:
        w = min(m.px(560), m.width - 2 * m.margin)
        bar = pygame.Rect((m.width - w) // 2, m.height // 2 - m.px(12), w, m.px(24))
        if self.error:
            draw.blit_text(surface, self.error, m.px(16), (m.width // 2, bar.y - m.px(30)),
                           style.DANGER, False, "center")
            return
        draw.blit_text(surface, "Playing every decision out again from each player's view…",
                       m.px(16), (m.width // 2, bar.y - m.px(30)), style.TEXT, False, "center")
        pygame.draw.rect(surface, style.PANEL, bar, border_radius=m.px(6))
        done = bar.copy()
        done.w = round(bar.w * min(1.0, self.done / self.total))
        if done.w:
            pygame.draw.rect(surface, style.ACCENT, done, border_radius=m.px(6))
        pygame.draw.rect(surface, style.PANEL_EDGE, bar, 1, border_radius=m.px(6))
        draw.blit_text(surface, f"step {self.done} of {self.total}", m.px(14),
                       (m.width // 2, bar.bottom + m.px(10)), style.TEXT_MUTED, False, "midtop")

    def _draw_seats(self, surface, m, rect) -> None:
        draw.panel(surface, rect, m.px(style.RADIUS), alpha=235)
        a = self.analysis
        x, y = rect.x + m.pad, rect.y + m.px(10)
        draw.blit_text(surface, "Win chance lost per decision (less is better)", m.px(14),
                       (x, y), style.TEXT_MUTED, True)
        y += m.px(26)
        self.seat_rects = []
        for seat, acc in enumerate(a.accuracy()):
            on = seat in self.shown
            c = graph.colour(seat) if on else style.TEXT_DIM
            pygame.draw.rect(surface, c, (x, y + m.px(5), m.px(18), m.px(6)))
            name = self.record.names[seat] + (" (won)" if seat in a.winners else "")
            figure = "—" if acc is None else f"{100 * acc:.1f}%"
            draw.blit_text(surface, draw.ellipsize(name, m.px(15), rect.w - m.px(130)), m.px(15),
                           (x + m.px(26), y), style.TEXT if on else style.TEXT_DIM)
            draw.blit_text(surface, figure, m.px(15), (rect.right - m.pad, y),
                           style.TEXT if on else style.TEXT_DIM, True, "topright")
            self.seat_rects.append((pygame.Rect(rect.x, y - m.px(2), rect.w, m.px(24)), seat))
            y += m.px(26)

    def _draw_moments(self, surface, m, rect) -> None:
        from game.advice.messages import render

        draw.panel(surface, rect, m.px(style.RADIUS), alpha=235)
        x = rect.x + m.pad
        y = rect.y + m.px(10)
        draw.blit_text(surface, "Key moments (click one to see it)", m.px(14), (x, y),
                       style.TEXT_MUTED, True)
        y += m.px(26)
        self.rows = []
        size = m.px(14)
        line_h = m.px(18)
        if not self.moments:
            draw.blit_text(surface, "No choice cost much and no luck swung the game.", size,
                           (x, y), style.TEXT_DIM)
            return
        for i, (_step, kind, _seat, _, msg) in enumerate(self.moments):
            lines = draw.wrap(f"{i + 1}. " + render(msg, self.record.names), size,
                              rect.w - 2 * m.pad - m.px(6))
            h = len(lines) * line_h + m.px(6)
            if y + h > rect.bottom - m.px(6):
                break
            row = pygame.Rect(rect.x + m.px(4), y - m.px(3), rect.w - m.px(8), h)
            if self.hover == i:
                surface.blit(draw.shade(row.size, (255, 255, 255, 24), m.px(4)), row)
            c = graph.MISTAKE if kind == "mistake" else (
                graph.LUCK_UP if kind == "luck+" else graph.LUCK_DOWN)
            pygame.draw.rect(surface, c, (rect.x + m.px(6), y + m.px(3), m.px(4), h - m.px(12)))
            for j, line in enumerate(lines):
                draw.blit_text(surface, line, size, (x + m.px(4), y + j * line_h),
                               style.TEXT if self.hover == i else style.TEXT_MUTED)
            self.rows.append((row, i))
            y += h


def moment_list(analysis) -> list[tuple]:
    """The key moments as (step, kind, seat, win chance at the mark, message), in game
    order; kind "mistake", "luck+" or "luck-"."""
    before = {(d.step, d.seat): d.before for d in analysis.decisions}
    out = []
    for d in analysis.mistakes():
        out.append((d.step, "mistake", d.seat, d.before, analysis.mistake_message(d)))
    for s in analysis.luck():
        at = before.get((s.step, s.seat))
        if at is None:
            at = 1.0 if s.seat in analysis.winners else 0.0
        out.append((s.step, "luck+" if s.swing > 0 else "luck-", s.seat, at,
                    analysis.luck_message(s)))
    # the biggest ones (a cost or a swing, as much win chance either way), in game order
    out = sorted(out, key=lambda t: -size_of(t[4]))[:MOMENTS_SHOWN]
    out.sort(key=lambda t: (t[0], t[2]))
    return out


def size_of(msg) -> int:
    return abs(int(msg.params.get("lost", msg.params.get("swing", 0))))
