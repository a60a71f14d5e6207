"""A finished game as data: who sat where, the options, the seed and the action log.

The same payload is one entry of the history store and the body of a ``.shadows.json``
file. ``from_json`` checks the shape and types only; whether the game really replays is
``Timeline.open``'s job.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Mapping

from game.catalog import get_game
from game.rules.protocol import CHANCE, CHANCE_STREAMS, Action
from game.session import SeatConfig

FORMAT = "shadows-game"
VERSION = 1
KINDS = ("human", "computer")


class RecordError(ValueError):
    """The data is not a game record; the message says what is wrong, in one line."""


@dataclass(frozen=True)
class GameRecord:
    game: str
    seed: int
    options: Mapping[str, str]
    seats: tuple[SeatConfig, ...]
    log: tuple[tuple[int, Action], ...]
    finished_at: str = ""                       # ISO time the game ended ("" if unknown)
    winners: tuple[int, ...] = field(default=())
    chance: int = 1     # the chance stream (protocol.chance_rng); files from before: 1
    # game.analysis's figures (its own "version" inside), once made; files from before: None
    analysis: Mapping[str, Any] | None = field(default=None, compare=False)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def with_hints(self) -> bool:
        """Someone at the table could ask for hints (shown in the history and statistics)."""
        return any(s.hints for s in self.seats)

    @classmethod
    def from_session(cls, session: Any, when: _dt.datetime | None = None) -> "GameRecord":
        m = session.match
        res = session.result()
        when = when or _dt.datetime.now()
        return cls(m.game_id, m.seed, dict(m.options), tuple(session.seats), tuple(m.log),
                   when.isoformat(timespec="seconds"), tuple(res.winners) if res else (),
                   m.chance)

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "options": dict(self.options),
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level}
                      | ({"hints": True} if getattr(s, "hints", False) else {}) for s in self.seats],
            "seed": self.seed,
            "log": [[seat, a.to_json()] for seat, a in self.log],
            "finished": self.finished_at,
            "winners": list(self.winners),
            "chance": self.chance,
        } | ({"analysis": dict(self.analysis)} if self.analysis else {})

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        if not isinstance(data, Mapping):
            raise RecordError("it is not a game record")
        if data.get("format") != FORMAT:
            raise RecordError("it is not a Shadows Tabletop game file")
        if data.get("version") != VERSION:
            raise RecordError(f"it is version {data.get('version')!r}; this app reads "
                              f"version {VERSION}")
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("it does not say which game it is")
        try:
            spec = get_game(game)
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, Mapping) for s in seats):
            raise RecordError("its seats are missing or damaged")
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise RecordError(f"{spec.title} takes {spec.min_players}-{spec.max_players} "
                              f"players, not {len(seats)}")
        configs = []
        for i, s in enumerate(seats):
            name, kind, level = s.get("name"), s.get("kind", "human"), s.get("level", "normal")
            if not isinstance(name, str) or not name.strip() or kind not in KINDS \
                    or not isinstance(level, str):
                raise RecordError(f"seat {i + 1} is damaged")
            configs.append(SeatConfig(name.strip()[:40], kind, level,
                                      hints=s.get("hints") is True))
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("its seed is missing or not a whole number")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise RecordError("its options are damaged")
        try:
            options = spec.normalise_options({str(k): str(v) for k, v in options.items()})
        except ValueError as exc:
            raise RecordError(str(exc)) from None
        raw_log = data.get("log")
        if not isinstance(raw_log, list):
            raise RecordError("its action log is missing")
        log = []
        for i, entry in enumerate(raw_log):
            try:
                seat, act = entry
                if not isinstance(seat, int) or isinstance(seat, bool) \
                        or not (seat == CHANCE or 0 <= seat < len(configs)):
                    raise ValueError(f"no seat {seat!r}")
                log.append((seat, Action.from_json(act)))
            except (TypeError, ValueError) as exc:
                raise RecordError(f"step {i + 1} of its action log is damaged ({exc})") from None
        finished = data.get("finished", "")
        winners = data.get("winners", [])
        if not isinstance(finished, str) or not isinstance(winners, list) or \
                not all(isinstance(w, int) and 0 <= w < len(configs) for w in winners):
            raise RecordError("its summary is damaged")
        chance = data.get("chance", 1)      # absent in files from before chance streams
        if chance not in CHANCE_STREAMS or isinstance(chance, bool):
            raise RecordError(f"its chance stream {chance!r} is unknown")
        analysis = data.get("analysis")     # a damaged one is dropped: it can be made again
        return cls(game, seed, options, tuple(configs), tuple(log), finished, tuple(winners),
                   chance, analysis if isinstance(analysis, Mapping) else None)
