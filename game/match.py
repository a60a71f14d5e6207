"""A game in progress: the state plus its seed and action log, with exact replay."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from game.catalog import get_game
from game.rules.protocol import (
    CHANCE,
    CHANCE_STREAMS,
    Action,
    Event,
    GameState,
    RuleError,
    chance_rng,
)

SAVE_VERSION = 2
"""1: no "chance" in the save, stream 1. 2: the save says its chance stream."""

NEW_GAME_STREAM: dict[str, int] = {"hunters": 3}
"""The chance stream of a new game, by game id (1 when absent; see protocol.chance_rng).
A game whose tutorials or tests pick seeds for what stream 1 deals stays on 1 until
they are picked again. Shadow Hunters is on stream 3 (it was on 2 from s42 until
w42c): its tutorials ask for stream 1 by name (Tutorial.start), and saves and files say
their stream, so a game begun on 1 or 2 goes on drawing from it."""


@dataclass
class Match:
    game_id: str
    num_players: int
    seed: int
    options: dict = field(default_factory=dict)
    state: GameState | None = None
    log: list[tuple[int, Action]] = field(default_factory=list)
    chance: int = 1     # the chance stream (protocol.chance_rng); saved with the game

    _rng = None     # streams 2 and 3: the game's one generator, re-keyed to each chance step
    _s3 = None      # stream 3: (that generator, its 30-bit game key, its table iterator's seek)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name == "state" or name == "log":
            # ``decider`` is the state's own method and ``apply`` a function bound to the
            # state's apply and the log's append, made once here: asked every step, they
            # then cost no look-ups through the match. Whoever swaps either swaps them too.
            d = self.__dict__
            d.pop("chance_step", None)
            state, log = d.get("state"), d.get("log")
            if state is None:
                d.pop("decider", None)
                d.pop("apply", None)
                return
            d["decider"] = state.decider
            if log is not None:
                d["apply"] = _applier(state.apply, log.append)
        elif name == "chance":
            d = self.__dict__
            d.pop("_rng", None)     # a generator of the old stream is no use
            d.pop("_s3", None)
            d.pop("chance_step", None)

    @classmethod
    def start(cls, game_id: str, num_players: int, seed: int,
              options: Mapping[str, str] | None = None, chance: int | None = None) -> "Match":
        spec = get_game(game_id)
        opts = spec.normalise_options(options or {})
        if not spec.min_players <= num_players <= spec.max_players:
            raise ValueError(
                f"{spec.title} takes {spec.min_players}-{spec.max_players} players, not {num_players}")
        if chance is None:
            chance = NEW_GAME_STREAM.get(game_id, 1)
        if chance not in CHANCE_STREAMS:
            raise ValueError(f"unknown chance stream {chance!r}")
        state = spec.state_cls.new(num_players, opts)
        # what __init__ and __setattr__ would make, filled in at once (ten Python calls
        # fewer: 88k -> 69k instructions a Shadow Hunters start)
        m = cls.__new__(cls)
        log: list = []
        m.__dict__.update(game_id=game_id, num_players=num_players, seed=seed,
                          options=opts, state=state, log=log, chance=chance,
                          decider=state.decider, apply=_applier(state.apply, log.append))
        return m

    # --- stepping ------------------------------------------------------------------
    def decider(self) -> int:     # (shadowed per match by the state's own: see __setattr__)
        return self.state.decider()

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply and log one action; RuleError leaves everything unchanged.
        (Shadowed per match by ``_applier``'s function: see __setattr__.)"""
        events = self.state.apply(seat, action)
        self.log.append((seat, action))
        return events

    def __getstate__(self):
        # the per-match shortcuts are remade from the fields (a copy's must not act on
        # this match's state and log); the generator is remade on the next chance step
        return {k: v for k, v in self.__dict__.items()
                if k not in ("decider", "apply", "chance_step", "_rng", "_s3")}

    def __setstate__(self, state):
        for k, v in state.items():
            setattr(self, k, v)

    def chance_rng(self, step: int | None = None):
        """The generator of chance step ``step`` (default: the next step) of this game."""
        step = len(self.log) if step is None else step
        if self.chance == 1:
            return chance_rng(self.seed, step)
        rng = self._rng
        if rng is None:
            rng = self._rng = chance_rng(self.seed, step, self.chance)
            if self.chance == 3:
                self._s3 = (rng, rng._k, rng._it.__setstate__)
            return rng
        return rng.at(step)

    def chance_step(self) -> list[Event]:
        """Draw and apply the next chance step. (On stream 3, shadowed per match by
        ``_chance_stepper``'s function from the second step on: see __setattr__.)"""
        log = self.log
        s3 = self._s3
        if s3 is not None:
            self.chance_step = _chance_stepper(*s3, log, self.state)
            return self.chance_step()
        rng = self._rng
        rng = rng.at(len(log)) if rng is not None else self.chance_rng(len(log))
        state = self.state
        action = state.sample_chance(rng)
        events = state.apply(CHANCE, action)
        log.append((CHANCE, action))
        return events

    def run_chance(self) -> list[Event]:
        """Resolve every pending chance step."""
        events: list[Event] = []
        while self.state.decider() == CHANCE:
            events.extend(self.chance_step())
        return events

    # --- persistence -------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "version": SAVE_VERSION,
            "game": self.game_id,
            "players": self.num_players,
            "seed": self.seed,
            "chance": self.chance,
            "options": dict(self.options),
            "log": [[seat, a.to_json()] for seat, a in self.log],
            "state": self.state.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping, verify: bool = True) -> "Match":
        """Rebuild a match. With ``verify``, the log is replayed and must give the state."""
        try:
            version = data.get("version")
            if version not in (1, SAVE_VERSION):
                raise ValueError(f"unknown save version {version!r}")
            chance = 1 if version == 1 else data["chance"]     # before streams: stream 1
            if chance not in CHANCE_STREAMS:
                raise ValueError(f"unknown chance stream {chance!r}")
            spec = get_game(data["game"])
            log = [(int(s), Action.from_json(a)) for s, a in data["log"]]
            state = spec.state_cls.from_json(data["state"])
            m = cls(data["game"], int(data["players"]), int(data["seed"]),
                    dict(data["options"]), state, log, chance)
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"damaged game record: {exc!r}") from exc
        if verify:
            replayed = replay(m.game_id, m.num_players, m.seed, m.options, m.log, m.chance)
            if replayed.state.to_json() != state.to_json():
                raise ValueError("damaged game record: the state does not match its action log")
        return m


def _applier(state_apply, log_append):
    def apply(seat: int, action: Action) -> list[Event]:
        """Apply and log one action; RuleError leaves everything unchanged."""
        events = state_apply(seat, action)
        log_append((seat, action))
        return events
    return apply


def _chance_stepper(rng, key, seek, log, state):
    sample, state_apply, log_append = state.sample_chance, state.apply, log.append
    # ((key + step * A) * B) mod 2**30 taken apart, (key * B) mod 2**30 + step * (A * B
    # mod 2**30): the same 30 bits with a multiplication less, of small numbers
    k = (key * 0x2C1B3C6D) & 0x3FFFFFFF
    m = (0x2545F491 * 0x2C1B3C6D) & 0x3FFFFFFF

    def chance_step() -> list[Event]:
        # SmallStepRandom.at(len(log)) written out, a call saved at every chance step;
        # tests/test_chance_stream.py holds the two to the same numbers
        x = (k + len(log) * m) & 0x3FFFFFFF
        rng._x = x = x ^ (x >> 15)
        seek(x >> 14)
        action = sample(rng)
        events = state_apply(CHANCE, action)
        log_append((CHANCE, action))
        return events
    return chance_step


def replay(game_id: str, num_players: int, seed: int, options: Mapping[str, str],
           log: list[tuple[int, Action]], chance: int = 1) -> Match:
    """Rebuild a game from its seed and log. Raises ValueError if the log is not legal."""
    m = Match.start(game_id, num_players, seed, options, chance)
    for i, (seat, action) in enumerate(log):
        try:
            m.apply(seat, action)
        except RuleError as exc:
            raise ValueError(f"action {i} ({action}) cannot be replayed: {exc}") from exc
    return m
