"""Which table scene plays which game, and starting / resuming a game at the table.

A game gets its own table by adding a module here named after its game id (for example
``game/ui/tables/chasing.py``) that defines ``TABLE = MyTableScene`` (a subclass of
``game.ui.table_base.TableScene``), or by calling ``register_table`` from anywhere that is
imported. Without one, ``GenericTableScene`` plays the game with choice buttons.
"""

from __future__ import annotations

import importlib
import logging

from game.ui.table_base import GenericTableScene, TableScene

log = logging.getLogger("shadows.ui")

TABLES: dict[str, type[TableScene]] = {}


def register_table(game_id: str, scene_cls: type[TableScene]) -> type[TableScene]:
    TABLES[game_id] = scene_cls
    return scene_cls


def table_for(game_id: str) -> type[TableScene]:
    """The table scene class for ``game_id`` (the generic one if the game has none)."""
    if game_id not in TABLES:
        name = f"{__name__}.{game_id}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
        else:
            scene = getattr(module, "TABLE", None)
            if scene is not None:
                TABLES[game_id] = scene
    return TABLES.get(game_id, GenericTableScene)


def start_game(app, game_id: str, seats, seed: int, options: dict | None = None, *,
               replace: bool = False):
    """Create a session and put its table on screen. Problems become a notice."""
    from game.session import Session

    try:
        session = Session.new(game_id, list(seats), seed, options or {}, app.bus,
                              pace=app.settings.pace)
    except ValueError as exc:
        app.notify(f"The game could not start: {exc}", title="Cannot start")
        return None
    scene = table_for(game_id)(app, session)
    scene = app.replace(scene) if replace else app.push(scene)
    scene.start_phones()
    return scene


def open_saved_game(app):
    """Continue the autosaved game; a damaged save gets a clear message and is kept aside."""
    from game.session import Session
    from game.storage import saves

    data, notice = saves.load_autosave()
    if notice:
        app.notify(notice, title="Saved game damaged")
        return None
    if data is None:
        app.notify("There is no saved game to continue.", title="Nothing to continue")
        return None
    try:
        session = Session.from_save(data, app.bus, pace=app.settings.pace)
    except ValueError as exc:
        saves.discard_damaged(saves.autosave_path())
        app.notify(f"The saved game could not be continued ({exc}). It was kept aside.",
                   title="Saved game damaged")
        return None
    if len(session.humans) >= 2:
        session.at_screen = None  # whoever resumes may not be who last sat here: hand off first
    log.info("continuing %s (seed %s)", session.match.game_id, session.match.seed)
    scene = app.push(table_for(session.match.game_id)(app, session))
    scene.start_phones()   # new links: a continued game's phones join again
    return scene
