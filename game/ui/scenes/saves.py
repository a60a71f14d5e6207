"""Saved games: every game kept, newest on top, with Continue and Delete (asked first)."""

from __future__ import annotations

import time

import pygame

from game.i18n import _, date_text
from game.storage import saves
from game.ui import draw, style
from game.ui.scene import Scene


def when_text(info: saves.SaveInfo) -> str:
    return date_text(time.localtime(info.saved_at)) if info.saved_at else ""


def describe(info: saves.SaveInfo) -> str:
    """e.g. "Shadow Hunters, turn 11, 4 players", in the current language."""
    return info.describe()


class SavesScene(Scene):
    keep_look_when_covered = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.page = 0

    def build(self, m: style.Metrics) -> None:
        self.items = saves.list_saves()
        width = min(m.px(980), m.width - 2 * m.margin)
        self.row_h = m.px(64)
        top = m.px(120)
        room = m.height - top - m.button_h - m.px(60)
        self.per_page = max(1, room // (self.row_h + m.gap))
        pages = max(1, -(-len(self.items) // self.per_page))
        self.page = min(self.page, pages - 1)
        shown = self.items[self.page * self.per_page:(self.page + 1) * self.per_page]
        self.rows: list[tuple[pygame.Rect, saves.SaveInfo]] = []
        x0 = (m.width - width) // 2
        bw = m.px(130)
        first = next((i for i in self.items if not i.finished and i.problem is None), None)
        for n, info in enumerate(shown):
            i = self.page * self.per_page + n
            rect = pygame.Rect(x0, top + n * (self.row_h + m.gap), width, self.row_h)
            self.rows.append((rect, info))
            by = rect.centery - m.button_h // 2
            if not info.finished and info.problem is None:
                self.button((rect.right - m.pad - 2 * bw - m.gap, by, bw, m.button_h), _("Continue"),
                            lambda info=info: self.resume(info), object_id=f"#resume_{i}",
                            cls="@primary" if info is first else None)
            elif info.finished and info.problem is None:
                self.button((rect.right - m.pad - 2 * bw - m.gap, by, bw, m.button_h), _("Results"),
                            lambda info=info: self.resume(info), object_id=f"#review_{i}")
            self.button((rect.right - m.pad - bw, by, bw, m.button_h), _("Delete"),
                        lambda info=info: self.ask_delete(info), object_id=f"#delete_{i}")
        y = m.height - m.button_h - m.px(30)
        self.button((m.width // 2 - m.px(80), y, m.px(160), m.button_h), _("Back"), self.app.pop,
                    object_id="#back")
        if pages > 1:
            if self.page > 0:
                self.button((x0, y, m.px(140), m.button_h), _("Newer"), lambda: self.turn(-1),
                            object_id="#newer")
            if self.page < pages - 1:
                self.button((x0 + width - m.px(140), y, m.px(140), m.button_h), _("Older"),
                            lambda: self.turn(1), object_id="#older")
        self.pages = pages

    def turn(self, step: int) -> None:
        self.page += step
        self.rebuild()

    def resume(self, info: saves.SaveInfo) -> None:
        from game.ui.opening import open_saved_game

        if open_saved_game(self.app, info.path) is None:
            self.rebuild()  # refused: the list shows where it went

    def ask_delete(self, info: saves.SaveInfo) -> None:
        from game.ui.scenes.confirm import ConfirmScene

        when = when_text(info)
        what = describe(info) + (f", {', '.join(info.names)}" if info.names else "")
        text = (_("{game} (saved {when}). A deleted game cannot be brought back.",
                  game=what, when=when) if when else
                _("{game}. A deleted game cannot be brought back.", game=what))
        self.app.push(ConfirmScene(
            self.app, _("Delete this saved game?"), text,
            [(_("Keep it"), "#keep", lambda: None),
             (_("Delete"), "#confirm_delete", lambda: self.delete(info))]))

    def delete(self, info: saves.SaveInfo) -> None:
        try:
            saves.delete_save(info.path)
        except (OSError, ValueError) as exc:
            self.app.notify(_("{file} could not be deleted ({why}).", file=info.path.name, why=exc),
                            title=_("Not deleted"))
        if self.active:
            self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.blit_text(surface, _("Saved games"), m.px(style.FONT_TITLE), (m.width // 2, m.px(56)),
                       style.ACCENT_BRIGHT, True, "center")
        if not self.items:
            draw.blit_text(surface, _("No saved games. A game is saved after every move."),
                           m.px(style.FONT_BODY), (m.width // 2, m.px(160)), style.TEXT_MUTED,
                           False, "center")
        hint = (_("Newest first.  Page {page} of {pages}.", page=self.page + 1, pages=self.pages)
                if self.pages > 1 else _("Newest first."))
        draw.blit_text(surface, hint, m.px(style.FONT_SMALL), (m.width // 2, m.px(96)),
                       style.TEXT_DIM, False, "center")
        for rect, info in self.rows:
            draw.panel(surface, rect, m.px(style.RADIUS))
            text_w = rect.width - 2 * m.pad - 2 * m.px(130) - 2 * m.gap
            title = _(info.title) if info.problem is None else info.path.name
            draw.blit_text(surface, draw.ellipsize(title, m.px(style.FONT_BODY + 1), text_w, True),
                           m.px(style.FONT_BODY + 1), (rect.x + m.pad, rect.y + m.px(9)), style.TEXT, True)
            if info.problem:
                line, colour = _("Cannot be continued: {why}", why=info.problem), style.DANGER
            else:
                state = _("finished") if info.finished else saves.progress_words(info.progress)
                who = ", ".join(info.names)
                line = " · ".join(p for p in (state, who, when_text(info)) if p)
                colour = style.TEXT_MUTED
            draw.blit_text(surface, draw.ellipsize(line, m.px(style.FONT_SMALL), text_w),
                           m.px(style.FONT_SMALL), (rect.x + m.pad, rect.y + m.px(36)), colour)
