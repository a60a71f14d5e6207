"""A tutorial played through the ordinary Session, so the real table drives it.

The differences from a game: the computers' moves come from the step table (at the usual
pace, after the table's animations), a person's move other than the one the step asks
for is refused with the coach's reason, there is no undo, no autosave, no statistics or
history; leaving keeps the step reached (in the settings) to resume there.
"""

from __future__ import annotations

import importlib

from game.bus import DecisionNeeded, IntentRefused
from game.i18n import N_, _, p_
from game.rules.protocol import CHANCE, Action, RuleError
from game.session import SeatConfig, Session

from . import Step, Tutorial

READ_FIRST = N_("read the coach's note first, then press Next")
NOT_NOW = N_("the coach is not asking for a move just now")
FAST = N_("the coach is playing these tricks for everyone; watch, your turn comes back")
FAST_PACE = 0.25   # seconds between fast-forwarded moves (the table's animations run quicker too)
NEXT_PART = N_("this part is over: press Part {n} in the coach's note to play the game on, "
              "or Menu")
LAST_STEP = N_("the tutorial is over: press Play vs Easy in the coach's note for a real game, "
               "or Menu")


class TutorialSession(Session):
    records_results = False   # a tutorial is not a game for the statistics or the history

    def __init__(self, tutorial: Tutorial, seats: list[SeatConfig], index: int, bus=None,
                 **kw) -> None:
        kw.setdefault("pace", 0.8)
        index = tutorial.resume_index(index)
        super().__init__(tutorial.match_at(index), seats, bus, autosave=False, **kw)
        self.tutorial = tutorial
        self.index = index
        self.finished = False  # the last row was passed
        self.last_refusal = ("", "")   # (the status line's lead, the reason) of the last refusal
        self.fast_done = 0      # moves of the current fast row made so far
        # on a resumed run nothing before this point can be undone or replayed
        self._barrier = len(self.match.log)

    @classmethod
    def begin(cls, tutorial: Tutorial, learner_name: str, index: int = 0, bus=None,
              **kw) -> "TutorialSession":
        # the computers' names in the language in force: the notes speak of them so
        seats = [SeatConfig(learner_name if i == tutorial.learner else p_("name", name),
                            "human" if i == tutorial.learner else "computer", "normal")
                 for i, name in enumerate(tutorial.seat_names)]
        return cls(tutorial, seats, index, bus, **kw)

    # --- where the tutorial stands ---------------------------------------------------------
    @property
    def step(self) -> Step | None:
        rows = self.tutorial.rows
        return rows[self.index] if self.index < len(rows) else None

    def step_number(self) -> tuple[int, int]:
        """(n, of): the person's steps, computers' moves not counted."""
        shown = self.tutorial.steps
        done = sum(1 for i in shown if i < self.index)
        return min(done + 1, len(shown)), len(shown)

    def settled(self) -> bool:
        """No animation is holding the next move: what the step talks about is on screen."""
        return self.clock() >= self._hold_until

    def next_step(self) -> bool:
        """Next pressed on an explanation (or a "go" row's screen closed). False if the
        current row is not one of those."""
        step = self.step
        if step is None or step.moves:
            return False
        self._advance()
        return True

    @property
    def fast_forward(self) -> bool:
        """A fast row is playing: the table's animations run quicker (see FAST_PACE)."""
        step = self.step
        return step is not None and step.kind == "fast"

    def fast_progress(self) -> tuple[int, int]:
        step = self.step
        return (self.fast_done, len(step.plays)) if self.fast_forward else (0, 0)

    def _advance(self) -> None:
        self.fast_done = 0
        self.index += 1
        if self.index >= len(self.tutorial.rows):
            self.finished = True
        self._announced = None

    # --- moves ------------------------------------------------------------------------------
    def submit(self, seat: int, action: Action) -> str | None:
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].is_human:
            return "that seat is not played at this screen"
        refused = self.refusal(seat, action)
        if refused is not None:
            # the table's status line leads with this (see TableScene.refuse)
            self.last_refusal = refused
            self.bus.publish(IntentRefused(seat, action, refused[1]))
            return refused[1]
        self._apply(seat, action)
        self._advance()
        return None

    def refusal(self, seat: int, action: Action) -> tuple[str, str] | None:
        """(lead, reason) if ``action`` would be refused now, else None; nothing changes.
        A table asks it before its own questions ("This ends the game... Do it anyway?"),
        so the coach's answer comes first. The lead is "Not allowed" only when a rule
        forbids the move."""
        step = self.step
        if step is not None and step.kind == "fast":
            return _("One moment"), _(FAST)
        if step is None or step.kind != "do":
            if step is not None and self.index == len(self.tutorial.rows) - 1:
                following = self.tutorial.next_part()
                if following is not None:
                    return _("One moment"), _(NEXT_PART, n=following.part)
                # no Next there: the coach offers a real game
                return _("One moment"), _(LAST_STEP)
            why = READ_FIRST if step is not None and step.kind == "say" else NOT_NOW
            return _("One moment"), _(why)
        if action == step.action:
            return None
        try:
            self.match.state.check(seat, action)
        except RuleError as exc:
            return _("Not allowed"), str(exc)   # the rule itself says why: that is the lesson
        return _("The coach asks for another move"), self.off_script(seat, action, step)

    def off_script(self, seat: int, action: Action, step: Step) -> str:
        """A legal move that is not the step's: what it would do, what the step wants and
        why, so the person learns from their idea instead of meeting a bare refusal."""
        listed = next((a for a in self.match.state.legal_actions(seat) if a == action), action)
        mine = listed.label or str(action)
        module = importlib.import_module(f"game.tutorial.{self.tutorial.game_id}")
        effect = getattr(module, "consequence", None)
        would = effect(self.match.state, seat, listed) if effect is not None else ""
        want = _(step.why) if step.why else _("this time, {move}",
                                               move=step.action.label or str(step.action))
        move = mine[:1].upper() + mine[1:]
        if would:
            return _("\"{move}\" is allowed: {effect}. This step shows something else: {want}. "
                     "Try again", move=move, effect=would, want=want)
        return _("\"{move}\" is allowed. This step shows something else: {want}. Try again",
                 move=move, want=want)

    def update(self, now: float | None = None) -> None:
        now = self.clock() if now is None else now
        if self.is_over() or now < self._hold_until:
            return
        if self.decider() == CHANCE:  # a new round's deal: the seed's, as in any game
            step_no = len(self.match.log)
            self._apply(CHANCE, self.match.state.sample_chance(self.match.chance_rng(step_no)))
            return
        step = self.step
        if step is None:
            return
        if step.kind == "bot":
            if now < self._next_move_at:
                return
            self._apply(step.seat, step.action)
            self._advance()
            self._next_move_at = self.clock() + self.pace
        elif step.kind == "fast":
            if now < self._next_move_at:
                return
            self._apply(self.match.decider(), step.plays[self.fast_done])
            self.fast_done += 1
            if self.fast_done >= len(step.plays):
                self._advance()
                self._next_move_at = self.clock() + self.pace
            else:
                self._next_move_at = self.clock() + FAST_PACE
        elif step.kind == "do":
            key = (len(self.match.log), self.tutorial.learner)
            if self._announced != key:
                self._announced = key
                self.bus.publish(DecisionNeeded(self.tutorial.learner, True))

    def computer_thinking(self) -> bool:
        return False

    # --- no undo, no autosave; leaving keeps the step ---------------------------------------
    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def save_now(self) -> str | None:
        """Leaving: nothing to save but the step, which the coach keeps in the settings."""
        return None
