"""Saved games: one file per game in data/saves/, rewritten after every action.

Several games can be saved at once; a new game never writes over another one. A finished
game's save stays (for its results and a later look) until the next game starts; the
last one finished is also kept as ``last-finished-game.json``. The single
``autosave.json`` of earlier versions is moved into the folder the first time it is seen.
"""

from __future__ import annotations

import logging
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from game import i18n

from .jsonfile import (
    DamagedFile,
    UnreadableFile,
    envelope_problem,
    is_kept_aside,
    peek_json,
    read_json,
    set_aside,
    write_problem,
    write_versioned,
)
from .paths import make_folder, user_dirs

log = logging.getLogger("shadows.storage")

KIND, VERSION = "autosave", 1
LEGACY_NAME = "autosave.json"
LAST_FINISHED_NAME = "last-finished-game.json"
SLOT_NAME = re.compile(r"^[a-z0-9_]+-\d{8}-\d{6}(-\d+)?\.json$")


def saves_dir() -> Path:
    folder = user_dirs().data_dir / "saves"
    make_folder(folder)
    return folder


def legacy_path() -> Path:
    return user_dirs().data_dir / LEGACY_NAME


def last_finished_path() -> Path:
    return user_dirs().data_dir / LAST_FINISHED_NAME


def new_save_path(game_id: str) -> Path:
    """A fresh, unused file name for a new game's save."""
    folder = saves_dir()
    safe = re.sub(r"[^a-z0-9_]", "_", game_id.lower()) or "game"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"{safe}-{stamp}.json", 1
    while os.path.lexists(path):
        path = folder / f"{safe}-{stamp}-{n}.json"
        n += 1
    return path


# --- what is saved ------------------------------------------------------------------------

@dataclass
class SaveInfo:
    """One line of the Saved games list (read without moving or changing anything)."""

    path: Path
    game_id: str = ""
    names: list[str] = field(default_factory=list)
    progress: str = ""
    saved_at: float = 0.0
    finished: bool = False
    seed: int | None = None
    problem: str | None = None   # why it cannot be continued, if it cannot

    @property
    def title(self) -> str:
        from game.catalog import all_games

        for spec in all_games():
            if spec.id == self.game_id:
                return spec.title
        return self.game_id or i18n.N_("Unknown game")

    @property
    def players(self) -> int:
        return len(self.names)

    def describe(self) -> str:
        """e.g. "Shadow Hunters, turn 11, 4 players", in the current language."""
        if self.problem:
            return i18n._("{file} ({problem})", file=self.path.name, problem=self.problem)
        title = i18n._(self.title)
        players = (i18n._("solo") if self.players == 1 else
                   i18n.n_("{n} player", "{n} players", self.players))
        if self.progress:
            return i18n._("{game}, {progress}, {players}", game=title,
                          progress=progress_words(self.progress), players=players)
        return i18n._("{game}, {players}", game=title, players=players)

    def when(self) -> str:
        return time.strftime("%d %b %Y %H:%M", time.localtime(self.saved_at)) if self.saved_at else ""


# A save's progress as the session writes it (game.session.progress_of): a word and a
# number, kept in English in the file and put in the current words when shown.
PROGRESS = re.compile(r"^(round|turn) (\d+)$")


def progress_words(progress: str) -> str:
    """ "round 2" -> "Runde 2"; a progress this version does not know is shown as it is."""
    found = PROGRESS.match(progress)
    if found is None:
        return i18n._("finished") if progress == "finished" else progress
    n = int(found.group(2))
    return (i18n._("round {n}", n=n) if found.group(1) == "round" else
            i18n._("turn {n}", n=n))


def _info(path: Path) -> SaveInfo:
    info = SaveInfo(path)
    try:
        info.saved_at = os.stat(path).st_mtime
        raw = peek_json(path)
    except PermissionError:
        info.problem = i18n._("cannot be read: no permission")
        return info
    except (OSError, ValueError) as exc:
        info.problem = (i18n._("it is not a regular file") if "regular" in str(exc)
                        else i18n._("it is damaged"))
        return info
    why = envelope_problem(raw, KIND, VERSION)
    if why:
        info.problem = why
        return info
    data = raw["data"]
    try:
        info.game_id = str(data["match"]["game"])
        info.names = [str(s["name"])[:40] for s in data["seats"]]
    except (KeyError, TypeError):
        info.problem = i18n._("it is damaged")
        return info
    seed = data["match"].get("seed")
    info.seed = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
    progress = data.get("progress")
    info.progress = progress[:40] if isinstance(progress, str) else ""
    saved_at = data.get("saved_at")
    if isinstance(saved_at, (int, float)) and not isinstance(saved_at, bool) and saved_at > 0:
        info.saved_at = float(saved_at)
    info.finished = data.get("finished") is True
    return info


def list_saves() -> list[SaveInfo]:
    """Every save, newest first. Moves an old single autosave in first."""
    migrate_legacy()
    folder = saves_dir()
    try:
        names = [e.name for e in os.scandir(folder)
                 if e.name.endswith(".json") and not e.name.startswith(".")
                 and not is_kept_aside(e.name)]
    except OSError:
        names = []
    out = [_info(folder / n) for n in names]
    legacy = legacy_path()
    if os.path.lexists(legacy):  # its move failed this run: it is continued from where it is
        out.append(_info(legacy))
    out.sort(key=lambda i: (i.saved_at, i.path.name), reverse=True)
    return out


def latest_unfinished() -> SaveInfo | None:
    """The newest game that can be continued (what Continue on the menu resumes)."""
    for info in list_saves():
        if not info.finished and info.problem is None:
            return info
    return None


# --- reading and writing --------------------------------------------------------------------

def save_game(path: Path, session_data: dict) -> None:
    """Write one game's save; OSError if it could not be written (the old one stays)."""
    data = dict(session_data)
    data["saved_at"] = time.time()
    # Compact: written after every move, and only the C encoder (no indent) keeps a long
    # game's save well inside one frame.
    write_versioned(path, KIND, VERSION, data, indent=None)


def load_save(path: Path) -> tuple[dict | None, str | None]:
    """(data, None), or (None, a message for people) when it cannot be used."""
    try:
        return read_json(path, KIND, VERSION), None
    except DamagedFile as exc:
        return None, exc.message(i18n._("the game in it cannot be continued"))
    except UnreadableFile as exc:
        return None, exc.message(i18n._("the game in it cannot be continued until it can be "
                                        "read"))


def delete_save(path: Path) -> None:
    """Remove a save the player chose to delete (never a file kept aside)."""
    if is_kept_aside(path.name):
        raise ValueError("files kept aside are never deleted by the app")
    path.unlink(missing_ok=True)


def keep_finished(session_data: dict) -> None:
    """Also keep a finished game as the last finished game."""
    # Compact, as save_game: with an indent, json's pure-Python encoder held the save
    # thread (and so the interpreter) about 14 ms in the frames where a game ends.
    write_versioned(last_finished_path(), KIND, VERSION, dict(session_data, saved_at=time.time()),
                    indent=None)


def retire_finished() -> None:
    """A new game starts: finished games' saves go (the last one stays as
    last-finished-game.json). Unfinished and damaged saves are never touched."""
    for info in list_saves():
        if info.finished and info.problem is None:
            try:
                info.path.unlink()
            except OSError as exc:
                log.warning("finished save %s not removed: %s", info.path.name, exc)


# The old autosave.json files whose move failed in this run of the app. A failed move is
# tried once per start: list_saves runs on every menu build, and trying (and telling) again
# each time buried the menu under the same notice.
_migration_tried: set[str] = set()


def forget_migration_tries() -> None:
    """A new start: an old autosave that could not be moved last time is tried again."""
    _migration_tried.clear()


def migrate_legacy() -> None:
    """Move the single autosave.json of earlier versions into the saves folder.

    When the old file cannot be used it is kept aside (or left alone if it cannot even be
    read) and the person is told once. A finished game goes along, marked finished. When
    the move fails (a read-only folder) the file stays where it is, list_saves offers it
    from there, and the move is not tried again until the next start.
    """
    from .problems import tell

    old = legacy_path()
    if str(old) in _migration_tried or not os.path.lexists(old):
        return
    _migration_tried.add(str(old))
    try:
        data = read_json(old, KIND, VERSION)
    except DamagedFile as exc:
        tell(exc.message(i18n._("it cannot be offered for Continue")))
        return
    except UnreadableFile as exc:
        tell(exc.message(i18n._("it cannot be offered for Continue until it can be read")))
        return
    except OSError as exc:  # damaged, and it could not even be renamed aside
        tell(i18n._("The saved game in {file} cannot be used, and it could not be kept "
                    "aside ({why}); it is left where it is.", file=old.name,
                    why=write_problem(exc)))
        return
    if data is None:
        return
    try:
        # Made here, not by saves_dir(), whose make_folder only logs: a folder that cannot
        # be made is the real reason the move fails, and it is the one to tell.
        (user_dirs().data_dir / "saves").mkdir(parents=True, exist_ok=True)
        target = new_save_path(_game_of(data))
        os.replace(old, target)  # same folder tree: a rename, nothing rewritten
    except OSError as exc:
        tell(i18n._("The saved game in {file} could not be moved into the saves folder "
                    "({why}); it is left where it is and can still be continued from there.",
                    file=old.name, why=write_problem(exc)))
        log.warning("old autosave %s not moved: %s", old, exc)
        return
    _migration_tried.discard(str(old))
    log.info("moved %s to %s", old, target)


# --- the names older code and tests use ---------------------------------------------------

def autosave_path() -> Path:
    """The newest save's file (a fresh name when there is none)."""
    saves = list_saves()
    return saves[0].path if saves else new_save_path("game")


def save_autosave(session_data: dict, path: Path | None = None) -> Path:
    """Write a game's save into its own file (named in the data, else a new one)."""
    if path is None:
        slot = session_data.get("slot")
        path = (saves_dir() / slot if isinstance(slot, str) and SLOT_NAME.match(slot)
                else new_save_path(_game_of(session_data)))
    save_game(path, session_data)
    return path


def _game_of(data: dict) -> str:
    try:
        return str(data["match"]["game"])
    except (KeyError, TypeError):
        return "game"


def load_autosave() -> tuple[dict | None, str | None]:
    """The newest game that can be continued."""
    info = latest_unfinished()
    if info is None:
        return None, None
    return load_save(info.path)


def has_autosave() -> bool:
    """True when an unfinished game can be continued (peeks without moving anything)."""
    return latest_unfinished() is not None


def discard_damaged(path: Path) -> Path:
    return set_aside(path)
