"""The last finished games, newest first: a click opens the review, every secret shown.

Only finished games are listed (the history is written when a game ends), so nothing of a
game in progress can be looked at from here.
"""

from __future__ import annotations

import datetime as _dt

import pygame

from game.catalog import get_game
from game.i18n import _, date_text, n_
from game.review.gamefile import GameFileError, check
from game.review.record import GameRecord
from game.review.secrets import joined
from game.storage import history as history_store
from game.ui import draw, style
from game.ui.scene import Scene
from game.ui.table_base import fit


def when_text(iso: str) -> str:
    try:
        when = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return iso or _("unknown date")
    if when.tzinfo is not None:
        when = when.astimezone()    # stored in UTC: shown in the player's own time
    return date_text(when)


def seats_text(record: GameRecord) -> str:
    out = []
    for s in record.seats:
        out.append((_("{name} (hints)", name=s.name) if s.hints else s.name) if s.is_human
                   else _("{name} ({level} AI)", name=s.name, level=_(s.level.title())))
    return joined(out)      # the language's list: "Ada, Bram", Japanese "Ada、Bram"


def winners_text(record: GameRecord) -> str:
    if not record.winners:
        return _("Nobody won") if record.game != "harsh" else _("Lost")
    if record.game == "harsh":
        return _("Won")
    return _("Won by {names}", names=joined(record.seats[w].name for w in record.winners))


class HistoryScene(Scene):
    keep_look_when_covered = True
    PER_PAGE = 7

    def __init__(self, app) -> None:
        super().__init__(app)
        self.records, self._notice = history_store.load_history()
        self.page = 0
        self.rows: list[tuple[pygame.Rect, GameRecord]] = []

    def on_enter(self) -> None:
        super().on_enter()
        if self._notice:
            notice, self._notice = self._notice, None
            self.app.notify(notice, title=_("Game history damaged"))

    def build(self, m: style.Metrics) -> None:
        self.rows = []
        width = min(m.px(980), m.width - 2 * m.margin)
        x = (m.width - width) // 2
        y = m.px(118)
        row_h = m.px(62)
        gap = m.px(8)
        per = max(1, min(self.PER_PAGE, (m.height - y - m.button_h - m.px(60)) // (row_h + gap)))
        self.per_page = per
        pages = max(1, (len(self.records) + per - 1) // per)
        self.page = min(self.page, pages - 1)
        shown = self.records[self.page * per:(self.page + 1) * per]
        ew = m.px(110)
        for i, rec in enumerate(shown):
            rect = pygame.Rect(x, y, width - ew - m.gap, row_h)
            self.button(rect, "", lambda r=rec: self.review(r), object_id=f"#history_{self.page * per + i}")
            self.button((rect.right + m.gap, y + (row_h - m.button_h) // 2, ew, m.button_h), _("Export"),
                        lambda r=rec: self.export(r), choice=False, cls="@compact",
                        object_id=f"#history_export_{self.page * per + i}")
            self.rows.append((rect, rec))
            y += row_h + gap
        by = m.height - m.button_h - m.px(30)
        bw = m.px(170)
        buttons = [(_("Back"), self.app.pop, True, "#history_back")]
        if pages > 1:
            buttons = [(_("Newer"), lambda: self.turn(-1), self.page > 0, "#history_newer"),
                       (_("Older"), lambda: self.turn(1), self.page < pages - 1, "#history_older")] + buttons
        total = len(buttons) * bw + (len(buttons) - 1) * m.gap
        bx = (m.width - total) // 2
        for text, fn, enabled, oid in buttons:
            self.button((bx, by, bw, m.button_h), text, fn, enabled=enabled, object_id=oid, choice=False)
            bx += bw + m.gap
        self.pages = pages

    def turn(self, delta: int) -> None:
        self.page += delta
        self.rebuild()

    def review(self, record: GameRecord) -> None:
        from game.ui.review.scene import open_review

        try:
            timeline = check(record, "This game")
        except GameFileError as exc:
            self.app.notify(str(exc), title=_("Cannot review this game"))
            return
        open_review(self.app, record, timeline)

    def export(self, record: GameRecord) -> None:
        from game.ui.review.export import export_record

        export_record(self.app, record)

    def draw_over(self, surface: pygame.Surface) -> None:
        m = self.metrics
        cx = m.width // 2
        draw.blit_text(surface, _("History"), m.px(style.FONT_TITLE), (cx, m.px(44)), style.ACCENT_BRIGHT,
                       True, "center")
        sub = (n_("The last finished game, newest first. Click it to review it with every "
                  "secret shown.",
                  "The last {n} finished games, newest first. Click one to review it with "
                  "every secret shown.", len(self.records))
               if self.records else _("No finished games yet: they appear here when a game ends."))
        sub = draw.ellipsize(sub, m.px(16), m.width - 2 * m.margin)
        draw.blit_text(surface, sub, m.px(16), (cx, m.px(90)), style.TEXT_MUTED, False, "center")
        if self.pages > 1:
            draw.blit_text(surface, _("Page {page} of {pages}", page=self.page + 1, pages=self.pages),
                           m.px(14),
                           (cx, m.height - m.button_h - m.px(44)), style.TEXT_DIM, False, "center")
        for rect, rec in self.rows:
            pad = m.px(24)
            title = _(get_game(rec.game).title)
            top = f"{title} · {when_text(rec.finished_at)}"
            right = f"{winners_text(rec)} · " + n_("{n} step", "{n} steps", len(rec.log))
            rw = draw.font(m.px(15), True).size(right)[0]
            draw.blit_text(surface, fit(top, m.px(17), rect.w - rw - 3 * pad, True), m.px(17),
                           (rect.x + pad, rect.y + m.px(10)), style.TEXT, True)
            draw.blit_text(surface, right, m.px(15), (rect.right - pad, rect.y + m.px(12)),
                           style.ACCENT, True, "topright")
            draw.blit_text(surface, fit(seats_text(rec), m.px(14), rect.w - 2 * pad), m.px(14),
                           (rect.x + pad, rect.y + m.px(36)), style.TEXT_MUTED)
        super().draw_over(surface)
