"""Saving a finished game as a ``.shadows.json`` file: where exports go, and a notice
that says where it went (or why it could not be saved)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game.i18n import _
from game.review.gamefile import SUFFIX, export_game, file_name
from game.review.record import GameRecord
from game.storage.filenames import unused_path

log = logging.getLogger("shadows.ui")


def exports_dir() -> Path:
    home = os.environ.get("SHADOWS_HOME")
    if home:
        return Path(home) / "exports"
    from platformdirs import user_documents_dir

    return Path(user_documents_dir()) / "Shadows Tabletop"


def export_record(app, record: GameRecord) -> Path | None:
    """Save ``record`` in the exports folder and say where."""
    folder = exports_dir()
    path = unused_path(folder, file_name(record).removesuffix(SUFFIX), SUFFIX)
    try:
        path = export_game(record, path)
    except OSError as exc:
        app.notify(_("The game could not be saved ({why}).", why=exc), title=_("Export failed"))
        return None
    log.info("exported %s", path)
    app.notify(_("Saved as {path}. Open it from the menu (Open game file) or drop it on the "
                 "window.", path=path), title=_("Game exported"))
    return path
