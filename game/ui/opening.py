"""Opening a game at its table: which table scene plays a game, starting a new game and
continuing a saved one.

The catalogue (``game.catalog``) names each game's table scene; a game without one is
played at ``GenericTableScene`` with choice buttons.
"""

from __future__ import annotations

import logging

from game.catalog import get_game
from game.ui.table_base import GenericTableScene, TableScene

log = logging.getLogger("shadows.ui")


def table_for(game_id: str) -> type[TableScene]:
    """The table scene class for ``game_id`` (the generic one if the game has none)."""
    return get_game(game_id).table or GenericTableScene


def start_game(app, game_id: str, seats, seed: int, options: dict | None = None, *,
               replace: bool = False):
    """Create a session and put its table on screen. Problems become a notice.

    Saves of unfinished games are never touched: the new game gets its own file. The
    finished games kept for their results make way now (the last one stays as
    last-finished-game.json)."""
    from game.session import Session
    from game.storage import saves

    try:
        session = Session.new(game_id, list(seats), seed, options or {}, app.bus,
                              pace=app.settings.computer_gap)
    except ValueError as exc:
        app.notify(f"The game could not start: {exc}", title="Cannot start")
        return None
    saves.retire_finished()
    scene = table_for(game_id)(app, session)
    scene = app.replace(scene) if replace else app.push(scene)
    scene.start_phones()
    return scene


def open_saved_game(app, path=None):
    """Continue a saved game (the newest unfinished one if ``path`` is None). A damaged
    or edited save gets a clear message and is kept aside; nothing is deleted."""
    from game.session import Session
    from game.storage import saves

    if path is None:
        info = saves.latest_unfinished()
        if info is None:
            app.notify("There is no saved game to continue.", title="Nothing to continue")
            return None
        path = info.path
    data, notice = saves.load_save(path)
    if notice:
        app.notify(notice, title="Saved game not usable")
        return None
    if data is None:
        app.notify("That saved game is no longer there.", title="Nothing to continue")
        return None
    try:
        session = Session.from_save(data, app.bus, pace=app.settings.computer_gap, save_path=path)
    except ValueError as exc:
        try:
            kept = saves.discard_damaged(path)
            where = f"it is kept as {kept.name}"
        except OSError:
            where = "it is left where it is"
        app.notify(f"{path.name} cannot be continued: {exc}. Nothing was changed in it; "
                   f"{where}.", title="Saved game refused")
        return None
    if len(session.humans) >= 2:
        session.at_screen = None  # whoever resumes may not be who last sat here: hand off first
    log.info("continuing %s (seed %s) from %s", session.match.game_id, session.match.seed,
             path.name)
    table = app.push(table_for(session.match.game_id)(app, session))
    if session.is_over():
        # A finished game kept for a look: its results again (counted once, at its end).
        table.show_results()
        return table
    table.start_phones()   # new links: a continued game's phones join again
    return table
