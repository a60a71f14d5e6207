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
from pygame_gui.elements import UIImage, UIScrollingContainer

from game.i18n import _
from game.i18n.numbers import percent_text
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
        self.by_team = False                  # Shadow Hunters: a line per team, not per seat
        self.teams_shown = set(graph.TEAMS)
        self.scroller: UIScrollingContainer | None = None
        self.moment_image: UIImage | None = None
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
                self.error = _("The analysis failed ({why}).", why=exc)
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
            self.button((m.width // 2 - bw // 2, by, bw, m.button_h), _("Cancel"), self.cancel,
                        object_id="#analysis_cancel")
            return
        self.button((m.width // 2 - bw // 2, by, bw, m.button_h), _("Back"), self.app.pop,
                    object_id="#analysis_back", cls="@primary")
        if self.analysis.teams:
            tw = m.px(170)
            self.button((m.width // 2 + bw // 2 + m.gap, by, tw, m.button_h),
                        _("By player") if self.by_team else _("By team"), self.toggle_teams,
                        object_id="#analysis_teams",
                        tooltip=_("A line for each team (Hunters, Shadows, Neutrals) or for "
                                  "each player"))
        self._build_moments(m)

    def toggle_teams(self) -> None:
        self.by_team = not self.by_team
        self.rebuild()

    # --- the key moments: drawn into an image in pygame-gui's scrolling container -----------
    def moments_box(self, m) -> pygame.Rect:
        k = self.areas(m)[2]
        head = m.px(34)
        return pygame.Rect(k.x + m.px(4), k.y + head, k.w - m.px(8), k.h - head - m.px(6))

    def _build_moments(self, m) -> None:
        box = self.moments_box(m)
        image = self._moments_image(m, box.w - m.px(22))
        self.scroller = UIScrollingContainer(box, self.manager, container=self.root,
                                             allow_scroll_x=False, object_id="#analysis_moments")
        self.scroller.set_scrollable_area_dimensions((image.get_width(), image.get_height()))
        self.moment_image = UIImage(image.get_rect(), image, self.manager,
                                    container=self.scroller)

    def _moments_image(self, m, width: int) -> pygame.Surface:
        """Every key moment, numbered as on the graph, wrapped to ``width``; ``self.rows``
        are their rects in the image."""
        from game.advice.messages import render

        size, line_h = m.px(14), m.px(18)
        blocks = []
        for i, (_step, kind, _seat, _at, msg) in enumerate(self.moments):
            lines = draw.wrap(_("{n}. {moment}", n=i + 1, moment=render(msg, self.record.names)),
                              size, width - m.px(20))
            blocks.append((i, kind, lines, len(lines) * line_h + m.px(6)))
        height = max(m.px(24), sum(h for *_, h in blocks) + m.px(4))
        image = pygame.Surface((width, height), pygame.SRCALPHA)
        self.rows = []
        y = m.px(3)
        if not self.moments:
            draw.blit_text(image, _("No choice cost much and no luck swung the game."), size,
                           (m.px(6), y), style.TEXT_DIM)
        for i, kind, lines, h in blocks:
            row = pygame.Rect(0, y - m.px(3), width, h)
            if self.hover == i:
                image.blit(draw.shade(row.size, (255, 255, 255, 24), m.px(4)), row)
            c = graph.MISTAKE if kind == "mistake" else (
                graph.LUCK_UP if kind == "luck+" else graph.LUCK_DOWN)
            pygame.draw.rect(image, c, (m.px(2), y + m.px(3), m.px(4), h - m.px(12)))
            for j, line in enumerate(lines):
                draw.blit_text(image, line, size, (m.px(14), y + j * line_h),
                               style.TEXT if self.hover == i else style.TEXT_MUTED)
            self.rows.append((row, i))
            y += h
        return image

    def _row_at(self, pos) -> int | None:
        """The key moment under the window point ``pos`` (the list may be scrolled)."""
        if self.scroller is None or not self.scroller.rect.collidepoint(pos):
            return None
        inner = self.scroller.get_container().get_rect()
        local = (pos[0] - inner.x, pos[1] - inner.y)
        for rect, i in self.rows:
            if rect.collidepoint(local):
                return i
        return None

    def moment_rect(self, i: int) -> pygame.Rect | None:
        """Where key moment ``i`` is in the window now (scrolled with the list)."""
        if self.scroller is None:
            return None
        inner = self.scroller.get_container().get_rect()
        for rect, j in self.rows:
            if j == i:
                return rect.move(inner.topleft)
        return None

    def _set_hover(self, hover: int | None) -> None:
        if hover != self.hover:
            self.hover = hover
            if self.moment_image is not None and self.moment_image.alive():
                image = self._moments_image(self.metrics, self.moment_image.rect.w)
                self.moment_image.set_image(image)

    def legend_lines(self, m) -> list[str]:
        """The line under the title: what was looked at and what the marks mean. Its legend
        must not be cut (German runs past 1024 px): two lines when one is too short."""
        n = len(self.analysis.decisions) if self.analysis is not None else 0
        sub = _("{n} decisions looked at again from each player's view at the time · "
                "triangles: costly choices · diamonds: luck (what changed between a "
                "player's decisions)", n=n)
        width = m.width - 2 * m.margin
        lines = draw.wrap(sub, m.px(14), width)
        if len(lines) > 2:
            lines = [lines[0], draw.ellipsize(" ".join(lines[1:]), m.px(14), width)]
        return lines

    def areas(self, m) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(graph, seats and accuracy, key moments)."""
        extra = len(self.legend_lines(m)) - 1
        top = m.px(76) + extra * draw.font(m.px(14)).get_linesize()
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
            self._set_hover(self._hit(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            hit = self._hit(event.pos)
            if hit is not None:
                self.go_to(self.moments[hit][0])
                return True
            for rect, key in self.seat_rects:
                if rect.collidepoint(event.pos):
                    self.toggle_line(key)
                    return True
        return super().handle_event(event)

    def toggle_line(self, key) -> None:
        """A seat's (or, by team, a team's) line off and on; never all of them off."""
        if self.by_team:
            self.teams_shown ^= {key}
            if not self.teams_shown:
                self.teams_shown = set(graph.TEAMS)
        else:
            self.shown ^= {key}
            if not self.shown:
                self.shown = set(range(self.record.players))

    def _hit(self, pos) -> int | None:
        for mark in self.marks:
            if mark.rect.collidepoint(pos):
                return mark.index
        return self._row_at(pos)

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

        title = _("Analysis · {game}", game=_(get_game(self.record.game).title))
        draw.blit_text(surface, title, m.px(style.FONT_HEADING), (m.width // 2, m.px(30)),
                       style.ACCENT_BRIGHT, True, "center")
        if self.analysis is None:
            self._draw_progress(surface, m)
            return
        a = self.analysis
        step = draw.font(m.px(14)).get_linesize()
        for i, line in enumerate(self.legend_lines(m)):
            draw.blit_text(surface, line, m.px(14), (m.width // 2, m.px(58) + i * step),
                           style.TEXT_MUTED, False, "center")
        g, s, k = self.areas(m)
        moments = self.moments
        if self.by_team:
            lines = graph.lines_of(a, self.teams_shown, True)
            marked = {s for s, t in enumerate(a.teams) if t in self.teams_shown}
            # a mark sits on its team's line
            moments = [(step, kind, seat, graph.team_value(a, a.teams[seat], step), msg)
                       for step, kind, seat, _at, msg in moments]
        else:
            lines, marked = graph.lines_of(a, self.shown, False), self.shown
        self.marks = graph.draw_graph(surface, g, m, a, lines, moments, self.hover, marked)
        self._draw_seats(surface, m, s)
        self._draw_moments(surface, m, k)

    def _draw_progress(self, surface, m) -> None:
        w = min(m.px(560), m.width - 2 * m.margin)
        bar = pygame.Rect((m.width - w) // 2, m.height // 2 - m.px(12), w, m.px(24))
        if self.error:
            draw.blit_text(surface, self.error, m.px(16), (m.width // 2, bar.y - m.px(30)),
                           style.DANGER, False, "center")
            return
        draw.blit_text(surface, _("Playing every decision out again from each player's view…"),
                       m.px(16), (m.width // 2, bar.y - m.px(30)), style.TEXT, False, "center")
        pygame.draw.rect(surface, style.PANEL, bar, border_radius=m.px(6))
        done = bar.copy()
        done.w = round(bar.w * min(1.0, self.done / self.total))
        if done.w:
            pygame.draw.rect(surface, style.ACCENT, done, border_radius=m.px(6))
        pygame.draw.rect(surface, style.PANEL_EDGE, bar, 1, border_radius=m.px(6))
        draw.blit_text(surface, _("step {done} of {total}", done=self.done, total=self.total),
                       m.px(14),
                       (m.width // 2, bar.bottom + m.px(10)), style.TEXT_MUTED, False, "midtop")

    def _draw_seats(self, surface, m, rect) -> None:
        draw.panel(surface, rect, m.px(style.RADIUS), alpha=235)
        a = self.analysis
        x, y = rect.x + m.pad, rect.y + m.px(10)
        heading = _("Win chance lost per decision (less is better)")
        draw.blit_text(surface, fitted(heading, m.px(14), rect.w - 2 * m.pad), m.px(14),
                       (x, y), style.TEXT_MUTED, True)
        y += m.px(26)
        self.seat_rects = []
        for seat, acc in enumerate(a.accuracy()):
            team = a.teams[seat] if self.by_team and seat < len(a.teams) else None
            on = team in self.teams_shown if team else seat in self.shown
            c = (graph.TEAM_COLOURS.get(team, style.TEXT_DIM) if team else graph.colour(seat)) \
                if on else style.TEXT_DIM
            pygame.draw.rect(surface, c, (x, y + m.px(5), m.px(18), m.px(6)))
            name = self.record.names[seat]
            if team in graph.TEAM_MEMBER:
                name = _("{name} ({team})", name=name, team=_(graph.TEAM_MEMBER[team]))
            if seat in a.winners:
                name = _("{name} (won)", name=name)
            figure = "—" if acc is None else percent_text(acc, 1)
            draw.blit_text(surface, draw.ellipsize(name, m.px(15), rect.w - m.px(130)), m.px(15),
                           (x + m.px(26), y), style.TEXT if on else style.TEXT_DIM)
            draw.blit_text(surface, figure, m.px(15), (rect.right - m.pad, y),
                           style.TEXT if on else style.TEXT_DIM, True, "topright")
            self.seat_rects.append((pygame.Rect(rect.x, y - m.px(2), rect.w, m.px(24)),
                                    team if team else seat))
            y += m.px(26)

    def _draw_moments(self, surface, m, rect) -> None:
        """The panel and its heading; the list itself is in the scrolling container."""
        draw.panel(surface, rect, m.px(style.RADIUS), alpha=235)
        draw.blit_text(surface, fitted(_("Key moments (click one to see it)"), m.px(14),
                                       rect.w - 2 * m.pad), m.px(14),
                       (rect.x + m.pad, rect.y + m.px(10)), style.TEXT_MUTED, True)


def fitted(text: str, size: int, width: int) -> str:
    """A heading cut with an ellipsis where a long translation would run out of its panel."""
    return draw.ellipsize(text, size, width, True)


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
    sizes = [d.lost for d in analysis.mistakes()] + [abs(s.swing) for s in analysis.luck()]
    ranked = sorted(zip(out, sizes), key=lambda t: -t[1])[:MOMENTS_SHOWN]
    out = [t for t, _size in ranked]
    out.sort(key=lambda t: (t[0], t[2]))
    return out
