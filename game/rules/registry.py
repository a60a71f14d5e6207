"""Which games exist. Each game package registers a GameSpec when imported."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .protocol import GameState, Option

GAME_MODULES = (
    "game.rules.chasing",
    "game.rules.harsh",
    "game.rules.hunters",
)


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    state_cls: type[GameState]
    options: tuple[Option, ...] = ()
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    # level -> factory(seat, think_ms, seed) returning an object with choose(view, actions)
    bot_factory: Callable[..., Any] | None = None
    # extra simulator figures from a list of finished states
    sim_report: Callable[[list[GameState]], Mapping[str, Any]] | None = None
    seat_names: tuple[str, ...] = field(default=())
    # reveals(state_before, seat, action, events) -> True when the action showed the
    # player hidden information: undo never goes back past such an action.
    reveals: Callable[..., bool] | None = None
    rules_text: str = ""
    # invariants(state) -> a checker whose step(state) returns the broken invariants as
    # (name, detail) pairs; the simulator's --check calls it after every step.
    invariants: Callable[[GameState], Any] | None = None

    def normalise_options(self, given: Mapping[str, str]) -> dict[str, str]:
        known = {o.key: o for o in self.options}
        for key in given:
            if key not in known:
                raise ValueError(f"{self.title} has no option {key!r} "
                                 f"(known: {', '.join(known) or 'none'})")
        out = {}
        for key, opt in known.items():
            value = str(given.get(key, opt.default))
            if value not in opt.choices:
                raise ValueError(f"option {key!r} must be one of {', '.join(opt.choices)}, "
                                 f"not {value!r}")
            out[key] = value
        return out


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def load_all() -> None:
    for name in GAME_MODULES:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # A game still being written is simply absent; anything else is a real bug.
            if exc.name != name:
                raise


def all_games() -> list[GameSpec]:
    load_all()
    order = {m.rsplit(".", 1)[1]: i for i, m in enumerate(GAME_MODULES)}
    return sorted(_GAMES.values(), key=lambda s: order.get(s.id, 99))


def get_game(game_id: str) -> GameSpec:
    if game_id not in _GAMES:
        load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(sorted(_GAMES))})") from None


def rules_text(game_id: str) -> str:
    """The in-app rules for a game: the spec's text, else its package's RULES_TEXT."""
    spec = get_game(game_id)
    if spec.rules_text:
        return spec.rules_text
    module = importlib.import_module(spec.state_cls.__module__.rsplit(".", 1)[0]
                                     if spec.state_cls.__module__.count(".") > 2
                                     else spec.state_cls.__module__)
    return getattr(module, "RULES_TEXT", "")
