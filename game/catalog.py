"""The game catalogue: every game the app knows, one entry each, above rules and bots.

An entry says what a game is called, who may play it and with which options (plain data,
so the menu lists the games without loading any of them), and where its parts live: the
state class, the computer players, the simulator's figures and checks, the undo hook, the
rules text and the table scene. Those parts are named by dotted path (``Lazy``) and
imported the first time something reads them.

A new game: write its rules under ``game/rules/<id>/``, its bots under ``game/ai/``, its
table under ``game/ui/<id>/``, then add one ``GameSpec`` to ``GAMES`` below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Mapping

from game.rules.protocol import Option


@dataclass(frozen=True)
class Lazy:
    """A thing named as ``"package.module:attribute"``, imported when first needed."""

    path: str

    def load(self) -> Any:
        return _load(self.path)


@cache
def _load(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


# Fields that may hold a Lazy; reading one of them gives the thing itself.
_LAZY_FIELDS = frozenset({"state_cls", "bot_factory", "sim_report", "reveals", "rules_text",
                          "invariants", "table"})


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    pitch: str
    min_players: int
    max_players: int
    state_cls: Any                 # the GameState subclass
    options: tuple[Option, ...] = ()
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    # factory(level, seat, seed=, think_ms=) returning an object with choose(view, actions)
    bot_factory: Callable[..., Any] | Lazy | None = None
    # extra simulator figures from a list of finished states
    sim_report: Callable[[list], Mapping[str, Any]] | Lazy | None = None
    seat_names: tuple[str, ...] = field(default=())
    # reveals(state_before, seat, action, events) -> True when the action showed the
    # player hidden information: undo never goes back past such an action.
    reveals: Callable[..., bool] | Lazy | None = None
    rules_text: str | Lazy = ""
    # invariants(state) -> a checker whose step(state) returns the broken invariants as
    # (name, detail) pairs; the simulator's --check calls it after every step.
    invariants: Callable[..., Any] | Lazy | None = None
    # the table scene class (a game.ui.table_base.TableScene); None: the generic table
    table: Any = None

    def __getattribute__(self, name: str) -> Any:
        value = object.__getattribute__(self, name)
        if name in _LAZY_FIELDS and isinstance(value, Lazy):
            return value.load()
        return value

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


def _rules(package: str, state: str) -> dict[str, Lazy]:
    """The parts every rules package keeps in the same place: its state class, its rules
    text and the simulator's invariant checker."""
    return {"state_cls": Lazy(f"{package}.state:{state}"),
            "rules_text": Lazy(f"{package}.rules_text:RULES_TEXT"),
            "invariants": Lazy(f"{package}.invariants:Checker")}


def _hunters_bot(level, seat, seed=0, think_ms=0):
    if level in ("normal", "hard"):
        from game.ai.hunters_bots import make_bot
        return make_bot(level, seat, seed=seed, think_ms=think_ms)
    from game.ai.hunters_easy import EasyBot
    return EasyBot(seat, seed=seed, think_ms=think_ms)


# Harsh Shadows' Locations, in the order of game.rules.harsh.data.LOCATIONS: (ability key,
# Location name). Written out so that listing the options loads no rules; a test checks
# them against the data table.
_HARSH_ABILITIES = (
    ("carnival", "Spring Carnival"), ("cafe", "Espresso Lane Cafe"), ("hotel", "Reseau Hotel"),
    ("library", "Royal Library"), ("bank", "Paragon Bank"), ("casino", "Crystal Globe Casino"),
    ("bus", "Zenith Bus Station"), ("park", "Sunrise Park"), ("post", "Uptown Post Office"),
)

GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        id="chasing", title="Chasing Shadows", min_players=3, max_players=5,
        pitch="Trick-taking where you dodge the Spotlight: lowest score after three rounds "
              "wins.",
        **_rules("game.rules.chasing", "ChasingState"),
        options=(Option("start", "First round's starting player",
                        ("random", "0", "1", "2", "3", "4"), "random",
                        "Seat that leads the first round (random, or a seat number)"),),
        bot_factory=Lazy("game.ai.chasing_bots:make_bot"),
        sim_report=Lazy("game.rules.chasing:sim_report"),
        table=Lazy("game.ui.chasing.table:ChasingTable"),
    ),
    GameSpec(
        id="harsh", title="Harsh Shadows", min_players=1, max_players=1,
        pitch="Solo: track the Spy through the city and accuse with the right evidence.",
        **_rules("game.rules.harsh", "HarshState"),
        options=(
            Option("difficulty", "Difficulty", ("standard", "hard", "difficult", "expert"),
                   "standard",
                   "Hard: no Clue x2. Difficult: also 2 Red Herrings, 3 False Leads. "
                   "Expert: also Countdown 3."),
            Option("countdown", "Countdown", ("auto", "1", "2", "3", "4", "5", "6"), "auto",
                   "Start value of the Countdown (auto: 4, or 3 at Expert)."),
        ) + tuple(Option(f"ability_{key}", f"{name} ability", ("on", "off"), "on",
                         "Switch this Location's ability off for a custom game.")
                  for key, name in _HARSH_ABILITIES),
        bot_factory=Lazy("game.ai.harsh_hint:make_bot"),
        sim_report=Lazy("game.rules.harsh:sim_report"),
        seat_names=("Agent",),
        reveals=Lazy("game.rules.harsh.undo:reveals_information"),
        table=Lazy("game.ui.harsh.table:HarshTableScene"),
    ),
    GameSpec(
        id="hunters", title="Shadow Hunters", min_players=4, max_players=8,
        pitch="Hidden identities: Hunters, Shadows and Neutrals fight it out, 4-8 players.",
        **_rules("game.rules.hunters", "HuntersState"),
        options=(
            Option("pool", "Characters", ("all", "base", "expansion", "initial"), "all",
                   "All 20, the base 10, the expansion 10, or one per initial"),
            Option("abilities", "Special abilities", ("on", "off"), "on",
                   "Off: abilities are ignored and Bob is removed"),
            Option("hermit_round", "Hermit round", ("off", "on"), "off",
                   "6+ players: everyone uses one Hermit card before the first turn",
                   min_players=6),
        ),
        bot_factory=_hunters_bot,
        sim_report=Lazy("game.rules.hunters.stats:sim_report"),
        reveals=Lazy("game.rules.hunters:reveals_information"),
        table=Lazy("game.ui.hunters.table:HuntersTable"),
    ),
)

_GAMES: dict[str, GameSpec] = {spec.id: spec for spec in GAMES}


def register(spec: GameSpec) -> GameSpec:
    """Add a game from elsewhere (the tests' tiny game); it is listed after the built-in ones."""
    _GAMES[spec.id] = spec
    return spec


def all_games() -> list[GameSpec]:
    return list(_GAMES.values())


def get_game(game_id: str) -> GameSpec:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(sorted(_GAMES))})") from None


def rules_text(game_id: str) -> str:
    """The in-app rules for a game, in the language in force: each section (up to a blank
    line) is a catalog message where the game marked it (``N_``), else shown as written."""
    from game.i18n import _

    def words(part: str) -> str:
        body = part.strip("\n")
        return part.replace(body, _(body), 1) if body.strip() else part

    return "\n\n".join(words(part) for part in get_game(game_id).rules_text.split("\n\n"))
