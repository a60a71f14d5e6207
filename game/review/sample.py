"""Finished games played by computer players, as records (benchmark, tests, screenshots)."""

from __future__ import annotations

from game.catalog import get_game
from game.match import Match
from game.rules.protocol import CHANCE, NOBODY
from game.session import SeatConfig

from .record import GameRecord

NAMES = ("Ada", "Bram", "Cleo", "Dev", "Edda", "Finn", "Gus", "Hana")


def play_record(game_id: str, players: int, seed: int, level: str = "easy",
                options: dict | None = None, humans: int = 1) -> GameRecord:
    """A whole game between ``level`` computer players; the first ``humans`` seats are
    recorded as people (a review does not care who decided)."""
    spec = get_game(game_id)
    m = Match.start(game_id, players, seed, options)
    bots = [spec.bot_factory(level, i, seed=seed, think_ms=None) for i in range(players)]
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        m.apply(d, bots[d].choose(m.state.view(d), m.state.legal_actions(d)))
    seats = tuple(SeatConfig(NAMES[i], "human" if i < humans else "computer", level)
                  for i in range(players))
    return GameRecord(game_id, seed, dict(m.options), seats, tuple(m.log),
                      "2026-12-01T00:00:00", tuple(m.state.result().winners), m.chance)
