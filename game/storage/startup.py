"""Getting the user folders ready at start: what an interrupted or damaged past left."""

from __future__ import annotations

import logging

from . import saves
from .jsonfile import clean_temp_files
from .paths import user_dirs

log = logging.getLogger("shadows.storage")


def prepare() -> None:
    """Make the folders (moving a file that stands in one's place aside), remove the
    temporary files of writes that were cut short, and move an old single autosave
    into the saves folder. What needs saying goes to ``problems.tell``."""
    dirs = user_dirs()
    for folder in (dirs.config_dir, dirs.data_dir, dirs.data_dir / "saves",
                   dirs.data_dir / "hunters-notes"):
        removed = clean_temp_files(folder)
        if removed:
            log.info("removed %d unfinished temporary files from %s", len(removed), folder)
    saves.forget_migration_tries()
    try:
        saves.migrate_legacy()
    except OSError as exc:  # never keep the app from starting
        log.warning("old autosave not moved: %s", exc)
