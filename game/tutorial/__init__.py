"""Tutorials: a guided game per game, played on the real table. Pure Python (no pygame).

A tutorial is data: how its game starts (a seed, the options, a prelude of moves) and a
table of rows (``Step``) the coach walks through in order:

* ``say``  an explanation; the player presses Next.
* ``do``   the player must make exactly this move; any other is refused with the
           rules' reason (an illegal move) or the row's own ``why`` (a legal one).
* ``bot``  a computer seat makes this move (no text; the coach waits for it).
* ``go``   the player presses a button of the screen the row points at (e.g. "See the
           final scores"); the row is done once that part is off the screen.
* ``fast`` the coach plays several moves for every seat (the learner's too), quickly,
           its text up the whole time: tricks with nothing new in them, fast-forwarded.

Each row names the part of the screen it talks about (``point``), which the table and its
screens resolve to a rectangle (see docs/tutorials.md). ``game.tutorial.<game id>`` holds
each game's ``TUTORIAL``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable

from game.i18n import _
from game.match import Match
from game.rules.protocol import CHANCE, Action, RuleError

KINDS = ("say", "do", "bot", "go", "fast")

# Tutorial.seconds: a newcomer at the normal pace (settings "normal": 0.8 s between computer
# moves, plus the card's or the dice's animation)
READ_WPM = 150
STEP_SECONDS = 3.0
LEARNER_MOVE_SECONDS = 5.0
BOT_MOVE_SECONDS = 1.5
FAST_MOVE_SECONDS = 0.5     # session.FAST_PACE plus the animation at the table's fast share


@dataclass(frozen=True)
class Step:
    kind: str
    text: str = ""
    point: str | None = None
    action: Action | None = None
    seat: int | None = None    # bot rows: who moves; do rows: the learner (filled in)
    why: str = ""              # do rows: the coach's reason for refusing another legal move
    plays: tuple = ()          # fast rows: the moves, each by the seat whose decision it is

    @property
    def moves(self) -> bool:
        return self.kind in ("do", "bot", "fast")


def row(kind: str, *args) -> Step:
    """One row of a step table, written compactly in the data modules:

    ``("say", text, point)``, ``("do", text, point, (kind, args), why)``,
    ``("bot", seat, (kind, args))``, ``("go", text, point)``,
    ``("fast", text, point, (Action, ...))``."""
    if kind not in KINDS:
        raise ValueError(f"unknown step kind {kind!r}")
    if kind == "bot":
        seat, (akind, aargs) = args
        return Step("bot", seat=seat, action=Action(akind, tuple(aargs)))
    if kind == "do":
        text, point, (akind, aargs), why = args
        return Step("do", text, point, Action(akind, tuple(aargs)), why=why)
    if kind == "fast":
        text, point, plays = args
        return Step("fast", text, point, plays=tuple(plays))
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
    # a tutorial in parts: part 2 on starts where the part it ``follows`` (its key) ended
    part: int = 1
    part_title: str = ""
    follows: str | None = None

    @property
    def key(self) -> str:
        """Its name in the settings (progress, done) and the menu: the game id for a whole
        tutorial or part 1, ``<game id><part>`` for the later parts."""
        return self.game_id if self.part == 1 else f"{self.game_id}{self.part}"

    @property
    def full_title(self) -> str:
        """The title in the language in force ("Shadow Hunters, part 2: Winning and dying")."""
        if not self.part_title:
            return _(self.title)
        return _("{game}, part {n}: {title}", game=_(self.title), n=self.part,
                 title=_(self.part_title))

    def next_part(self) -> "Tutorial | None":
        return next((t for t in parts_of(self.game_id) if t.follows == self.key), None)

    # --- the game the rows run on --------------------------------------------------------
    def start(self) -> Match:
        """The match at the first row: the seed's deals and the prelude's moves."""
        if self.follows is not None:
            before = tutorial_for(self.follows)
            m = before.match_at(len(before.rows))
        else:
            # chance stream 1: the seeds were picked for what it deals
            m = Match.start(self.game_id, self.players, self.seed, self.options, chance=1)
        for _tries in range(100_000):
            if m.decider() == CHANCE:
                m.chance_step()
                continue
            if self.ready is None or self.ready(m.state):
                return m
            m.apply(m.decider(), self.prelude(m.state))
        raise ValueError(f"the {self.title} tutorial's prelude never reached its start")

    def seconds(self) -> float:
        """How long the tutorial takes a newcomer at the normal pace, from its rows (not a
        clock): reading every note at ``READ_WPM``, ``STEP_SECONDS`` to take in each step,
        ``LEARNER_MOVE_SECONDS`` to find and make each asked move, ``BOT_MOVE_SECONDS`` per
        computer move (the normal pace and its animation) and ``FAST_MOVE_SECONDS`` per
        fast-forwarded move. ``minutes`` is this, rounded up."""
        total = 0.0
        for r in self.rows:
            if r.kind != "bot":
                total += len(r.text.split()) / READ_WPM * 60 + STEP_SECONDS
            if r.kind == "do":
                total += LEARNER_MOVE_SECONDS
            elif r.kind == "bot":
                total += BOT_MOVE_SECONDS
            elif r.kind == "fast":
                total += FAST_MOVE_SECONDS * len(r.plays)
        return total

    @property
    def steps(self) -> list[int]:
        """Indices of the rows the person sees (every row but the computers' moves)."""
        return [i for i, r in enumerate(self.rows) if r.kind != "bot"]

    def match_at(self, index: int) -> Match:
        """The match as it stands when row ``index`` comes up (the moves before it made)."""
        m = self.start()
        for r in self.rows[:index]:
            for action in self.actions_of(r):
                m.apply(m.decider(), action)
                while m.decider() == CHANCE:
                    m.chance_step()
        return m

    def mover(self, r: Step) -> int:
        return self.learner if r.kind == "do" else r.seat

    @staticmethod
    def actions_of(r: Step) -> tuple[Action, ...]:
        """The moves a row makes, in order (a fast row's several; none for say/go)."""
        if r.kind == "fast":
            return r.plays
        return (r.action,) if r.moves else ()

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
            if r.kind == "fast" and not r.plays:
                problems.append(f"row {i}: a fast row without moves")
            bad = False
            for action in self.actions_of(r):
                seat = self.mover(r) if r.kind != "fast" else m.decider()
                if m.decider() != seat:
                    problems.append(f"row {i}: {action} by seat {seat}, but it is seat "
                                    f"{m.decider()}'s decision")
                    bad = True
                    break
                if action not in m.state.legal_actions(seat):
                    problems.append(f"row {i}: {action} is not legal: "
                                    f"{m.state.explain_illegal(seat, action)}")
                    bad = True
                    break
                m.apply(seat, action)
                while m.decider() == CHANCE:
                    m.chance_step()
            if bad:
                break
        else:
            if self.ends_game and not m.state.is_over():
                problems.append("the rows end before the game does")
        return problems


def first_legal(state) -> Action:
    """A plain, rules-only way to play the prelude: the first legal action."""
    return state.legal_actions()[0]


GAMES = ("chasing", "harsh", "hunters")


def parts_of(game_id: str) -> tuple[Tutorial, ...]:
    """A game's tutorial, in its parts (a module's ``PARTS``, else its one ``TUTORIAL``)."""
    if game_id not in GAMES:
        return ()
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{game_id}":
            raise
        return ()
    found = getattr(module, "PARTS", None)
    if found is None:
        one = getattr(module, "TUTORIAL", None)
        found = (one,) if one is not None else ()
    return tuple(found)


def tutorial_for(key: str) -> Tutorial | None:
    """A tutorial by its key: a game id (its whole tutorial, or part 1) or a later part's
    ``<game id><part>``."""
    game_id = key.rstrip("0123456789")
    return next((t for t in parts_of(game_id) if t.key == key), None)


def available() -> list[Tutorial]:
    return [t for g in GAMES for t in parts_of(g)]
