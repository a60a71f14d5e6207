"""The last finished games (newest first), kept beside the statistics for the review.

One versioned JSON file, written atomically. On load every entry is checked; a file that
is not what we wrote is set aside (never deleted) and the history starts afresh, with a
message for the player.
"""

from __future__ import annotations

from typing import Any

from game import i18n

from .jsonfile import DamagedFile, UnreadableFile, read_json, write_versioned
from .paths import user_dirs
from .pending import PendingWrite

KIND, VERSION = "history", 1
KEEP = 50


def history_path():
    return user_dirs().data_dir / "history.json"


def load_history() -> tuple[list, str | None]:
    """(records newest first, a notice or None). Records are ``GameRecord``s."""
    from game.review.record import GameRecord, RecordError

    waiting = _pending.waiting()
    if waiting is not None:
        return list(waiting), None
    try:
        data = read_json(history_path(), KIND, VERSION)
    except DamagedFile as exc:
        return [], _damaged(exc.why, exc.kept_as.name)
    except UnreadableFile as exc:
        return [], exc.message(i18n._("the history cannot be shown or added to until it can be "
                                      "read"))
    if data is None:
        return [], None
    games = data.get("games")
    try:
        if not isinstance(games, list):
            raise RecordError("no list of games")
        records = [GameRecord.from_json(g) for g in games]
    except RecordError as exc:
        from .jsonfile import set_aside

        kept = set_aside(history_path())
        return [], _damaged(str(exc), kept.name)
    return records[:KEEP], None


def _damaged(why: str, kept_as: str) -> str:
    return i18n._("Your game history was damaged ({why}). It was kept as {file}; the history "
                  "starts afresh.", why=why, file=kept_as)


def save_history(records: list) -> None:
    write_versioned(history_path(), KIND, VERSION,
                    {"games": [r.to_json() for r in records[:KEEP]]}, indent=None)


def record_game(session: Any) -> str | None:
    """Add a finished session to the history (the oldest beyond 50 go); returns a notice."""
    from game.review.record import GameRecord

    if session.result() is None:
        return None
    records, notice = load_history()
    records.insert(0, GameRecord.from_session(session))
    _pending.write(records)
    return notice


def replace_game(record: Any) -> bool:
    """Store ``record`` in place of the equal game in the history (e.g. the same game with
    its analysis added). False when the game is no longer there."""
    records, _ = load_history()
    for i, r in enumerate(records):
        if r == record:
            records[i] = record
            _pending.write(records)
            return True
    return False


# Games that could not be written (a full disk): the history loses nothing while the app runs.
_pending = PendingWrite("history", lambda: history_path(), lambda records: save_history(records))


def flush_pending() -> bool:
    """Write games waiting in memory. True when nothing is waiting any more."""
    return _pending.flush()
