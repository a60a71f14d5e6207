"""Statistics across games: per player name, per Harsh Shadows difficulty, per faction."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from .jsonfile import DamagedFile, read_json, write_versioned
from .paths import user_dirs

KIND, VERSION = "statistics", 1


def _blank_game() -> dict:
    return {"played": 0, "players": {}, "difficulty": {}, "factions": {}, "characters": {}}


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
               humans: Sequence[int] | None = None) -> None:
        """Count one finished game. ``details`` may hold difficulty, factions, characters."""
        details = details or {}
        g = self._game(game_id)
        g["played"] += 1
        for seat, name in enumerate(names):
            p = g["players"].setdefault(name, {"played": 0, "won": 0, "score_sum": 0.0,
                                               "scored": 0})
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
        for key in ("factions", "characters"):
            per_seat = details.get(key) or []
            seen: dict[str, bool] = {}
            for seat, label in enumerate(per_seat):
                if label:
                    seen[label] = seen.get(label, False) or seat in winners
            for label, won in seen.items():
                row = g[key].setdefault(label, {"played": 0, "won": 0})
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
                 humans=[i for i, s in enumerate(session.seats) if s.kind == "human"])
    save_stats(stats)
    return notice
