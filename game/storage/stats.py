"""Statistics across games: per player name, per Harsh Shadows difficulty, per faction."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Sequence

from .jsonfile import DamagedFile, read_json, write_versioned
from .paths import user_dirs

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
               humans: Sequence[int] | None = None, levels: Sequence[str] | None = None) -> None:
        """Count one finished game. ``details`` may hold difficulty, outcome, factions,
        characters. People's seats count under their names; computer seats (not in
        ``humans``) count apart, under their level."""
        details = details or {}
        g = self._game(game_id)
        g["played"] += 1
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

    # --- tables for the statistics scene --------------------------------------------
    def tables(self, game_id: str) -> list[tuple[str, tuple[str, ...], list[tuple]]]:
        """(title, headers, rows) tables for one game; empty list if never played."""
        g = self.games.get(game_id)
        if not g or not g.get("played"):
            return []
        out = []
        rows = []
        for name, p in sorted(g["players"].items(), key=lambda kv: (-kv[1]["won"], kv[0])):
            mean = f"{p['score_sum'] / p['scored']:.1f}" if p["scored"] else "—"
            rows.append((name, p["played"], p["won"], _pct(p["won"], p["played"]), mean))
        out.append((f"Players ({g['played']} games)",
                    ("Player", "Played", "Won", "Win %", "Mean score"), rows))
        if g["difficulty"]:
            order = ["standard", "hard", "difficult", "expert"]
            rows = [(d.title(), v["played"], v["won"], _pct(v["won"], v["played"]),
                     v["streak"], v["best_streak"])
                    for d, v in sorted(g["difficulty"].items(),
                                       key=lambda kv: order.index(kv[0]) if kv[0] in order else 9)]
            out.append(("By difficulty", ("Difficulty", "Played", "Won", "Win %", "Streak",
                                          "Best streak"), rows))
        for key, title, head in (("factions", "By faction", "Faction"),
                                 ("characters", "By character", "Character")):
            if g[key]:
                rows = [(label.title() if key == "factions" else label, v["played"], v["won"],
                         _pct(v["won"], v["played"])) for label, v in sorted(g[key].items())]
                out.append((title, (head, "Played", "Won", "Win %"), rows))
        return out

    def headers(self, game_id: str) -> tuple[str, ...]:
        t = self.tables(game_id)
        return t[0][1] if t else ("Player", "Played", "Won", "Win %", "Mean score")

    def summary_rows(self, game_id: str) -> list[tuple]:
        t = self.tables(game_id)
        return t[0][2] if t else []

    def to_json(self) -> dict:
        return {"games": self.games}


def _pct(won: int, played: int) -> str:
    return f"{100.0 * won / played:.0f}%" if played else "—"


def stats_path():
    return user_dirs().data_dir / "statistics.json"


def load_stats() -> tuple[Statistics, str | None]:
    try:
        data = read_json(stats_path(), KIND, VERSION)
    except DamagedFile as exc:
        return Statistics(), (f"Your statistics file was damaged ({exc.why}). It was kept as "
                              f"{exc.kept_as.name}; statistics start afresh.")
    if data is None or not isinstance(data.get("games"), dict):
        return Statistics(), None
    return Statistics(games=data["games"]), None


def save_stats(stats: Statistics) -> None:
    write_versioned(stats_path(), KIND, VERSION, stats.to_json())


def record_result(session: Any) -> str | None:
    """Add a finished session's result to the saved statistics; returns a notice if any."""
    stats, notice = load_stats()
    res = session.result()
    if res is None:
        return notice
    stats.record(session.match.game_id, [s.name for s in session.seats], res.winners,
                 res.scores, dict(res.details),
                 humans=[i for i, s in enumerate(session.seats) if s.kind == "human"],
                 levels=[s.level for s in session.seats])
    save_stats(stats)
    return notice
