"""The autosave slot: the game in progress, rewritten after every action."""

from __future__ import annotations

from .jsonfile import DamagedFile, read_json, set_aside, write_versioned
from .paths import user_dirs

KIND, VERSION = "autosave", 1


def autosave_path():
    return user_dirs().data_dir / "autosave.json"


def save_autosave(session_data: dict) -> None:
    write_versioned(autosave_path(), KIND, VERSION, session_data)


def load_autosave() -> tuple[dict | None, str | None]:
    try:
        return read_json(autosave_path(), KIND, VERSION), None
    except DamagedFile as exc:
        return None, (f"The saved game could not be read ({exc.why}). It was kept as "
                      f"{exc.kept_as.name}.")


def has_autosave() -> bool:
    """True when an unfinished game can be continued (peeks without moving anything)."""
    path = autosave_path()
    if not path.exists():
        return False
    try:
        import json
        raw = json.loads(path.read_text(encoding="utf-8"))
        return raw.get("kind") == KIND and not raw.get("data", {}).get("finished", False)
    except (OSError, ValueError, AttributeError):
        return True  # let Continue try, so the player gets the clear message


def retire_autosave() -> None:
    """A finished game's autosave is kept as the last finished game, not deleted."""
    path = autosave_path()
    if path.exists():
        target = path.with_name("last-finished-game.json")
        path.replace(target)


def discard_damaged(path) -> None:
    set_aside(path)
