"""Tutorials: a guided game per game, played on the real table. Pure Python (no pygame).

A tutorial is data: how its game starts (a seed, the options, a prelude of moves) and a
table of rows (``Step``) the coach walks through in order:

* ``say``  an explanation; the player presses Next.
* ``do``   the player must make exactly this move; any other is refused with the
           rules' reason (an illegal move) or the row's own ``why`` (a legal one).
* ``bot``  a computer seat makes this move (no text; the coach waits for it).
* ``go``   the player presses a button of the screen the row points at (e.g. "See the
           final scores"); the row is done once that part is off the screen.

Each row names the part of the screen it talks about (``point``), which the table and its
screens resolve to a rectangle (see docs/tutorials.md). ``game.tutorial.<game id>`` holds
each game's ``TUTORIAL``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from game.match import Match
from game.rules.protocol import CHANCE, Action, RuleError

KINDS = ("say", "do", "bot", "go")


@dataclass(frozen=True)
class Step:
    kind: str
    text: str = ""
    point: str | None = None
    action: Action | None = None
    seat: int | None = None    # bot rows: who moves; do rows: the learner (filled in)
    why: str = ""              # do rows: the coach's reason for refusing another legal move

    @property
    def moves(self) -> bool:
        return self.kind in ("do", "bot")


def row(kind: str, *args) -> Step:
    """One row of a step table, written compactly in the data modules:

    ``("say", text, point)``, ``("do", text, point, (kind, args), why)``,
    ``("bot", seat, (kind, args))``, ``("go", text, point)``."""
    if kind not in KINDS:
        raise ValueError(f"unknown step kind {kind!r}")
    if kind == "bot":
        seat, (akind, aargs) = args
        return Step("bot", seat=seat, action=Action(akind, tuple(aargs)))
    if kind == "do":
        text, point, (akind, aargs), why = args
        return Step("do", text, point, Action(akind, tuple(aargs)), why=why)
    text, point = args
    return Step(kind, text, point)


@dataclass(frozen=True)
class Tutorial:
    game_id: str
    title: str
    players: int
    learner: int                        # the person's seat
    seed: int
    options: dict
    seat_names: tuple[str, ...]         # computers' names; the learner's comes from setup
    rows: tuple[Step, ...]
    # the moves before the first row (chance comes from the seed): a function of the
    # state that picks the next move, applied until ``ready(state)`` holds
    prelude: Callable | None = None
    ready: Callable | None = None
    minutes: int = 5
    ends_game: bool = True              # False: the last row comes before the game's end

    # --- the game the rows run on --------------------------------------------------------
    def start(self) -> Match:
        """The match at the first row: the seed's deals and the prelude's moves."""
        # chance stream 1: the seeds were picked for what it deals
        m = Match.start(self.game_id, self.players, self.seed, self.options, chance=1)
        for _ in range(100_000):
            if m.decider() == CHANCE:
                m.chance_step()
                continue
            if self.ready is None or self.ready(m.state):
                return m
            m.apply(m.decider(), self.prelude(m.state))
        raise ValueError(f"the {self.title} tutorial's prelude never reached its start")

    @property
    def steps(self) -> list[int]:
        """Indices of the rows the person sees (every row but the computers' moves)."""
        return [i for i, r in enumerate(self.rows) if r.kind != "bot"]

    def match_at(self, index: int) -> Match:
        """The match as it stands when row ``index`` comes up (the moves before it made)."""
        m = self.start()
        for r in self.rows[:index]:
            if r.moves:
                m.apply(self.mover(r), r.action)
            while m.decider() == CHANCE:
                m.chance_step()
        return m

    def mover(self, r: Step) -> int:
        return self.learner if r.kind == "do" else r.seat

    def resume_index(self, index: int) -> int:
        """Where a saved run picks up: ``index``, but never past the last move (the
        end of the game plays again live, so its screens come up as they did)."""
        last = max((i for i, r in enumerate(self.rows) if r.moves), default=0)
        return max(0, min(index, last))

    def verify(self) -> list[str]:
        """Every problem with the table: a move that is not legal in its state, a move
        by the wrong seat, a row kind or target missing. Empty when all is well."""
        problems = []
        try:
            m = self.start()
        except (RuleError, ValueError) as exc:
            return [f"the start: {exc}"]
        for i, r in enumerate(self.rows):
            if r.kind not in KINDS:
                problems.append(f"row {i}: unknown kind {r.kind!r}")
                continue
            if r.kind != "bot" and not r.text:
                problems.append(f"row {i}: no text")
            if r.moves:
                seat = self.mover(r)
                if m.decider() != seat:
                    problems.append(f"row {i}: {r.action} by seat {seat}, but it is seat "
                                    f"{m.decider()}'s decision")
                    break
                if r.action not in m.state.legal_actions(seat):
                    problems.append(f"row {i}: {r.action} is not legal: "
                                    f"{m.state.explain_illegal(seat, r.action)}")
                    break
                m.apply(seat, r.action)
                while m.decider() == CHANCE:
                    m.chance_step()
        else:
            if self.ends_game and not m.state.is_over():
                problems.append("the rows end before the game does")
        return problems


def first_legal(state) -> Action:
    """A plain, rules-only way to play the prelude: the first legal action."""
    return state.legal_actions()[0]


GAMES = ("chasing", "harsh", "hunters")


def tutorial_for(game_id: str) -> Tutorial | None:
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return None
    return getattr(module, "TUTORIAL", None)


def available() -> list[Tutorial]:
    return [t for t in (tutorial_for(g) for g in GAMES) if t is not None]
