"""Opening ``.shadows.json`` files from the app: the menu's file picker and drag-and-drop
(``export`` saves them).

A file that does not open gets one clear notice and changes nothing. A game that is still
being played (the autosave Continue would resume) is never opened for review: the review
shows every secret.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from game.i18n import _
from game.review.gamefile import GameFileError, load_game
from game.review.record import GameRecord
from game.ui.scene import Overlay

from .export import exports_dir
from .scene import open_review

log = logging.getLogger("shadows.ui")


def still_in_progress(record: GameRecord) -> bool:
    """True if ``record`` is an unfinished game that Continue (or Saved games) resumes."""
    from game.storage import saves

    # list_saves only peeks: a damaged save is Continue's to report and set aside, not ours
    return any(info.game_id == record.game and info.seed == record.seed
               and not info.finished and info.problem is None for info in saves.list_saves())


def open_game_file(app, path) -> object | None:
    """Review the game in ``path`` (a .shadows.json file or a crash report)."""
    path = Path(path)
    try:
        record, timeline = load_game(path)
    except GameFileError as exc:
        log.info("refused %s: %s", path, exc)
        app.notify(str(exc), title=_("Cannot open this game"))
        return None
    if still_in_progress(record):
        app.notify(_("This game is still being played (Continue resumes it). It can be "
                     "reviewed once it is finished: the review shows every secret."),
                   title=_("Game in progress"))
        return None
    return open_review(app, record, timeline)


def dropped_file(app, path: str) -> None:
    """A file was dropped on the window: open it unless a game is being played."""
    from game.ui.table_base import TableScene

    for scene in app.scenes:
        if isinstance(scene, TableScene) and not getattr(scene, "is_review", False):
            app.notify(_("Leave the game at the table before opening a game file."),
                       title=_("A game is being played"))
            return
    open_game_file(app, path)


class OpenFileScene(Overlay):
    """Pick a .shadows.json file (or a crash report) to review."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.dialog: UIFileDialog | None = None

    def build(self, m) -> None:
        folder = exports_dir()
        start = folder if folder.is_dir() else Path.home()
        w, h = min(m.px(760), m.width - 2 * m.pad), min(m.px(560), m.height - 2 * m.pad)
        self.dialog = UIFileDialog(self.centered(w, h), self.manager, _("Open a game file"),
                                   allowed_suffixes={".json", ".txt"},
                                   initial_file_path=str(start), allow_existing_files_only=True,
                                   object_id="#open_game_dialog")
        # rows tall enough for the theme's font (pygame-gui's default is 20 px whatever the font)
        files = self.dialog.file_selection_list
        files.list_item_height = m.px(30)
        files.set_item_list(self.dialog.current_file_list)

    def teardown(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        super().teardown()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            path = event.text
            self.app.pop()
            open_game_file(self.app, path)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            self.app.pop()
            return True
        return super().handle_event(event)
