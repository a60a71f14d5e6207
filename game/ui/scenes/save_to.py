"""Save to…: when the usual folder cannot be written, the player picks another one."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.i18n import _
from game.storage.filenames import portable_name
from game.storage.jsonfile import write_problem
from game.ui import draw, style
from game.ui.scene import Overlay


def default_folder() -> Path:
    home = Path.home()
    for name in ("Documents", "Desktop"):
        if (home / name).is_dir():
            return home / name
    return home


def file_name(session, folder: Path | None = None) -> str:
    title = session.spec.title.replace(" ", "-")
    return portable_name(f"{title}-{time.strftime('%Y%m%d-%H%M%S')}", ".shadows.json", folder)


class SaveToScene(Overlay):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.folder = str(default_folder())
        self.error = ""

    def build(self, m: style.Metrics) -> None:
        width = min(m.px(720), m.width - 2 * m.margin)
        height = m.px(250) + m.button_h
        self.box = self.centered(width, height)
        self.entry = UITextEntryLine(
            pygame.Rect(self.box.x + m.pad, self.box.y + m.px(104), width - 2 * m.pad, m.row_h),
            self.manager, container=self.root, object_id="#folder", initial_text=self.folder)
        self.ring.add(self.entry)
        bw = m.px(160)
        y = self.box.bottom - m.button_h - m.pad
        self.button((self.box.centerx - bw - m.gap // 2, y, bw, m.button_h), _("Save here"),
                    self.save, object_id="#save_here", cls="@primary", badge=False)
        self.button((self.box.centerx + m.gap // 2, y, bw, m.button_h), _("Cancel"), self.app.pop,
                    object_id="#save_cancel", badge=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.folder = event.text
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.folder = event.text
            self.save()
            return True
        return super().handle_event(event)

    def save(self) -> None:
        folder = Path(self.folder.strip() or ".").expanduser()
        if not folder.is_dir():
            self.error = _("There is no folder {folder}.", folder=folder)
            return
        path = folder / file_name(self.session, folder)
        try:
            self.session.save_to(path)
        except OSError as exc:
            self.error = _("That folder cannot be written either: {why}.", why=write_problem(exc))
            return
        self.app.pop()
        self.app.notify(_("The game is saved as {path}. It is saved there after every move "
                          "until its usual folder can be written again. Keep that file: it "
                          "holds the latest position.", path=path), title=_("Saved"))

    def default_action(self) -> None:
        self.save()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        draw.panel(surface, self.box, m.px(style.RADIUS), alpha=250)
        draw.blit_text(surface, _("Save the game to another folder"), m.px(style.FONT_HEADING - 2),
                       (self.box.x + m.pad, self.box.y + m.px(14)), style.ACCENT_BRIGHT, True)
        draw.blit_text(surface, draw.ellipsize(
                           _("The usual folder cannot be written. Type a folder that can:"),
                           m.px(style.FONT_BODY), self.box.width - 2 * m.pad),
                       m.px(style.FONT_BODY), (self.box.x + m.pad, self.box.y + m.px(62)), style.TEXT)
        if self.error:
            draw.blit_text(surface, draw.ellipsize(self.error, m.px(style.FONT_SMALL),
                                                   self.box.width - 2 * m.pad),
                           m.px(style.FONT_SMALL), (self.box.x + m.pad, self.box.y + m.px(150)),
                           style.DANGER)
