"""``.shadows.json`` files (one game to keep or share) and games from crash reports.

``load_game`` reads either and checks that the game really replays (every action legal,
every random outcome from the seed); anything else raises ``GameFileError`` with a
sentence for the player, and nothing is changed anywhere.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from game.i18n import _

from .record import FORMAT, VERSION, GameRecord, RecordError
from .timeline import ReplayError, Timeline

SUFFIX = ".shadows.json"
MAX_BYTES = 8 * 1024 * 1024          # a long game is a few tens of kB
CRASH_HEADER = "== game in progress"


class GameFileError(ValueError):
    """Why a file cannot be opened, as one sentence for the player."""


def file_name(record: GameRecord) -> str:
    stamp = re.sub(r"[^0-9]", "", record.finished_at)[:12] or str(record.seed)
    return f"{record.game}-{stamp}{SUFFIX}"


def export_game(record: GameRecord, path: Path) -> Path:
    from game.storage.jsonfile import write_json_atomic

    path = Path(path)
    if not path.name.endswith(SUFFIX):
        path = path.with_name(path.name + SUFFIX)
    write_json_atomic(path, record.to_json(), indent=None)
    return path


def load_game(path: Path) -> tuple[GameRecord, Timeline]:
    """The record and its checked timeline, or GameFileError."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise GameFileError(_("{name} is too big to be a game file.", name=path.name))
        text = path.read_text(encoding="utf-8")
    except GameFileError:
        raise
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(_("{name} could not be read ({why}).", name=path.name,
                                why=exc)) from None
    return parse_game(text, path.name)


def parse_game(text: str, name: str = "") -> tuple[GameRecord, Timeline]:
    name = name or _("the file")
    if CRASH_HEADER in text:
        record = _from_crash_report(text, name)
    else:
        try:
            data = json.loads(text)
        except ValueError:
            raise GameFileError(_("{name} is not a game file (it is not JSON).", name=name)) from None
        try:
            record = GameRecord.from_json(data)
        except RecordError as exc:
            raise GameFileError(_("{name} cannot be opened: {why}.", name=name, why=exc)) from None
    return record, check(record, name)


def check(record: GameRecord, name: str = "") -> Timeline:
    name = name or _("the game")
    if not record.log:
        raise GameFileError(_("{name} has no moves to review.", name=name))
    try:
        return Timeline.open(record.game, record.players, record.seed, record.options,
                             record.log, chance=record.chance)
    except ReplayError as exc:
        raise GameFileError(_("{name} does not replay: {why}.", name=name, why=exc)) from None


def _from_crash_report(text: str, name: str) -> GameRecord:
    """A crash report holds the game's id, seed, options, players and log (no names)."""
    after = text.split(CRASH_HEADER, 1)[1].split("\n", 1)
    body = after[1] if len(after) > 1 else ""
    end = body.find("\n}")
    if not body.lstrip().startswith("{") or end < 0:
        raise GameFileError(_("{name} is a crash report without a game in it.", name=name))
    try:
        ctx = json.loads(body[:end + 2])
        players = int(ctx["players"])
        seats = [{"name": _("Player {n}", n=i + 1), "kind": "human", "level": "normal"}
                 for i in range(players)]
        data = {"format": FORMAT, "version": VERSION, "game": ctx["game"], "seed": ctx["seed"],
                "options": ctx.get("options", {}), "seats": seats, "log": ctx["log"]}
        if "chance" in ctx:
            data["chance"] = ctx["chance"]
        return GameRecord.from_json(data)
    except (ValueError, KeyError, TypeError) as exc:
        raise GameFileError(_("{name}: the game in this crash report is damaged ({why}).",
                              name=name, why=exc)) from None

