"""Statistics across games: per player name, per Harsh Shadows difficulty, per faction."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Sequence

from game import i18n

from .jsonfile import DamagedFile, UnreadableFile, read_json, set_aside, write_versioned
from .paths import user_dirs
from .pending import PendingWrite

KIND, VERSION = "statistics", 1


def _blank_game() -> dict:
    # players, factions, characters: the people's seats; computers, computer_factions and
    # computer_characters: the computer seats, kept apart; outcomes: how games ended
    return {"played": 0, "players": {}, "difficulty": {}, "factions": {}, "characters": {},
            "computers": {}, "computer_factions": {}, "computer_characters": {},
            "outcomes": {}}


@dataclass
class Statistics:
    games: dict = field(default_factory=dict)

    def _game(self, game_id: str) -> dict:
        g = self.games.setdefault(game_id, _blank_game())
        for key, value in _blank_game().items():
            g.setdefault(key, value)
        return g

    def record(self, game_id: str, names: Sequence[str], winners: Sequence[int],
               scores: Sequence[float] = (), details: dict | None = None,
               humans: Sequence[int] | None = None, levels: Sequence[str] | None = None,
               hinted: Sequence[int] = ()) -> None:
        """Count one finished game. ``details`` may hold difficulty, outcome, factions,
        characters. People's seats count under their names; computer seats (not in
        ``humans``) count apart, under their level."""
        details = details or {}
        g = self._game(game_id)
        g["played"] += 1
        if hinted:      # someone could ask for hints (issue 43): such games are told apart
            g["with_hints"] = int(g.get("with_hints", 0)) + 1
        g["last_played"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
        people = set(range(len(names))) if humans is None else set(humans)
        for seat, name in enumerate(names):
            if seat in people:
                table, key = g["players"], name
            else:
                level = levels[seat] if levels and seat < len(levels) else "computer"
                table, key = g["computers"], str(level)
            p = table.setdefault(key, {"played": 0, "won": 0, "score_sum": 0.0, "scored": 0})
            p["played"] += 1
            p["won"] += seat in winners
            if seat in hinted:
                p["hinted"] = int(p.get("hinted", 0)) + 1
            if seat < len(scores) and scores[seat] is not None:
                p["score_sum"] += float(scores[seat])
                p["scored"] += 1
        difficulty = details.get("difficulty")
        if difficulty:
            d = g["difficulty"].setdefault(difficulty, {"played": 0, "won": 0, "streak": 0,
                                                        "best_streak": 0})
            d["played"] += 1
            if winners:
                d["won"] += 1
                d["streak"] += 1
                d["best_streak"] = max(d["best_streak"], d["streak"])
            else:
                d["streak"] = 0
        outcome = details.get("outcome")
        if outcome and not winners:
            g["outcomes"][str(outcome)] = g["outcomes"].get(str(outcome), 0) + 1
        for key in ("factions", "characters"):
            per_seat = details.get(key) or []
            for people_side, table in ((True, g[key]), (False, g[f"computer_{key}"])):
                seen: dict[str, bool] = {}
                for seat, label in enumerate(per_seat):
                    if label and (seat in people) == people_side:
                        seen[label] = seen.get(label, False) or seat in winners
                for label, won in seen.items():
                    row = table.setdefault(label, {"played": 0, "won": 0})
                    row["played"] += 1
                    row["won"] += won

    def to_json(self) -> dict:
        return {"games": self.games}


def stats_path():
    return user_dirs().data_dir / "statistics.json"


def _count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10 ** 12


def _number(v) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)
            and abs(v) < 1e15 and v == v)


# Each table's rows: the fields a row must hold and how to check each.
_PERSON = {"played": _count, "won": _count, "score_sum": _number, "scored": _count}
_SIDE = {"played": _count, "won": _count}
ROW_FIELDS = {
    "players": _PERSON,
    "computers": _PERSON,
    "difficulty": {"played": _count, "won": _count, "streak": _count, "best_streak": _count},
    "factions": _SIDE,
    "characters": _SIDE,
    "computer_factions": _SIDE,
    "computer_characters": _SIDE,
}


def schema_problem(data) -> str | None:
    """Why ``data`` is not a statistics payload (None when it is one)."""
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        return "it has no table of games"
    for game_id, g in games.items():
        if not isinstance(g, dict):
            return f"the entry for {game_id} is not a table"
        if not _count(g.get("played", 0)):
            return f"the number of {game_id} games played is not a count"
        for table, fields_ in ROW_FIELDS.items():
            rows = g.get(table, {})
            if not isinstance(rows, dict):
                return f"{game_id} {table} is not a table"
            for label, row in rows.items():
                if not isinstance(row, dict):
                    return f"{game_id} {table} has a damaged row"
                for name, ok in fields_.items():
                    if not ok(row.get(name)):
                        return f"{game_id} {table} row {label[:20]!r} has a damaged '{name}'"
                if row["won"] > row["played"]:
                    return f"{game_id} {table} row {label[:20]!r} won more than it played"
        outcomes = g.get("outcomes", {})
        if not isinstance(outcomes, dict) or not all(_count(v) for v in outcomes.values()):
            return f"{game_id} outcomes are not counts"
        if not isinstance(g.get("last_played", ""), str):
            return f"{game_id} last played is not a date"
    return None


# Results counted while the statistics file could not be written: kept in memory, shown,
# and written at the next chance.
_pending = PendingWrite("statistics", lambda: stats_path(), lambda stats: save_stats(stats))


def load_stats() -> tuple[Statistics, str | None]:
    """The saved statistics. A damaged or wrong-shaped file is kept aside with a
    message and statistics start afresh; an unreadable one is left alone (and not
    written over: results are then not recorded, and the app says so)."""
    stats, notice, _ = _load()
    return stats, notice


def _load() -> tuple[Statistics, str | None, bool]:
    """(statistics, notice, whether the file may be written)."""
    waiting = _pending.waiting()
    if waiting is not None:
        return waiting, None, True
    then = i18n._("statistics start afresh")
    try:
        data = read_json(stats_path(), KIND, VERSION)
    except DamagedFile as exc:
        return Statistics(), exc.message(then), True
    except UnreadableFile as exc:
        return (Statistics(), exc.message(i18n._("results are not recorded until it can be read")),
                False)
    if data is None:
        return Statistics(), None, True
    why = schema_problem(data)
    if why:
        try:
            kept = set_aside(stats_path())
        except OSError as exc:
            return Statistics(), i18n._(
                "{file} is damaged ({why}) and could not be moved aside ({reason}); results "
                "are not recorded until it can be.", file=stats_path().name, why=why,
                reason=exc.strerror or exc), False
        return Statistics(), DamagedFile(stats_path(), kept, why).message(then), True
    stats = Statistics(games=data["games"])
    for game_id in list(stats.games):
        stats._game(game_id)  # tables a hand-edited file left out start empty
    return stats, None, True


def save_stats(stats: Statistics) -> None:
    write_versioned(stats_path(), KIND, VERSION, stats.to_json())


def record_result(session: Any) -> str | None:
    """Add a finished session's result to the saved statistics; returns a notice if any.
    A write that fails is reported for the banner and retried later (the result waits in
    memory), never raised into the game's end."""
    stats, notice, writable = _load()
    res = session.result()
    if res is None or not writable:
        return notice
    stats.record(session.match.game_id, [s.name for s in session.seats], res.winners,
                 res.scores, dict(res.details),
                 humans=[i for i, s in enumerate(session.seats) if s.kind == "human"],
                 levels=[s.level for s in session.seats],
                 hinted=[i for i, s in enumerate(session.seats) if getattr(s, "hints", False)])
    _pending.write(stats)
    return notice


def flush_pending() -> bool:
    """Write results that are waiting in memory. True when nothing is waiting any more."""
    return _pending.flush()
