"""Choices that lose at once (a room of the Harsh table): the danger check's worlds are
played a few each frame (``ASSESS_BUDGET``), said on the risky options once all are
played, and asked about once before such a choice is taken. A choice made before the
check has played its worlds (a quick click) is held while they are played, a few each
frame (``HELD_BUDGET``), and taken in a later frame.
"""

from __future__ import annotations

import time

from game.i18n import _, current
from game.rules.protocol import Action

from . import dangers, dialogs

ASSESS_BUDGET = 0.002   # seconds of a frame's CPU time for the danger check's worlds
ASSESS_UNTIL = 0.0006   # ... and no more once the frame has used this much (drawing follows)
# A person's choice made before the check is done (a quick click) is held while the rest
# of its worlds are played, up to this much of each frame's CPU time; it is taken at the
# start of the frame after the last world: a frame does not carry both worlds and the
# move (its rebuild, its animations). 24 worlds take 10-20 ms: a few frames, a tenth of
# a second at most, where playing them all at once cost a dropped frame.
HELD_BUDGET = 0.003
HELD_FRAMES = 12        # held no longer than this: then taken, the worlds left played at once


class DangerCheck:
    """Mixed into ``HarshTableScene`` (before ``TableScene``, whose ``choose`` takes the
    choice once it is safe or asked about)."""

    # --- choices that lose at once: said on the option, asked once ---------------------------------
    def _assessment(self) -> dangers.Assessment:
        key = self.step_key()
        if self._dangers[0] != key:
            self._dangers = (key, dangers.Assessment(self.view(), self.actions(), seed=key))
        return self._dangers[1]

    def dangers(self) -> dict:
        """{action: Danger} for the choices now that may lose the game at once (the worlds
        not yet played are played now: a choice is about to be taken)."""
        return self._assessment().result()

    def danger_of(self, action: Action):
        return next((d for a, d in self.dangers().items() if _same_class(a, action)), None)

    def shown_dangers(self) -> dict:
        """What the screen says about dangers: nothing until every world has been played
        (a few each frame, see ``update``), then the same as ``dangers``."""
        found = self._assessment()
        return found.result() if found.done else {}

    def shown_danger_of(self, action: Action):
        return next((d for a, d in self.shown_dangers().items() if _same_class(a, action)), None)

    def _assess_some(self) -> None:
        """Play the worlds of the danger check for about 2 ms a frame; once they are all
        played and some choice is risky, the options are labelled (a rebuild)."""
        if self.acting_seat() is None or not self.active:
            return
        found = self._assessment()
        if found.done:
            return
        # one choice in one world, then only while the frame is young: an idle frame stays
        # within 3 ms with its drawing, and a frame that rebuilt the table (a move, a dialog)
        # plays just the one; the check still ends within a few frames
        budget = min(ASSESS_BUDGET, self.frame_room(ASSESS_UNTIL))
        start = time.thread_time()
        while not found.piece() and time.thread_time() - start < budget:
            pass
        if found.done and found.result():
            self.rebuild()

    def choose(self, action: Action, asked: bool = False) -> bool:
        if self._held is not None:
            self._take_held()           # a choice already made comes first
        # a kind that cannot lose at once needs no worlds played (they would cost the frame)
        checked = self.acting_seat() is not None and action.kind not in dangers.SAFE_KINDS
        if checked and self._input and not self._checked_in_time():
            self._held = (self.step_key(), self.app.frames, action, asked, self.dialog is not None)
            return True
        ask_first = getattr(self.session, "refusal", None)   # a tutorial's coach answers first
        if ask_first is not None and self.acting_seat() is not None \
                and ask_first(self.acting_seat(), action) is not None:
            return super().choose(action)
        danger = self.danger_of(action) if checked else None
        # a forced choice with only this option: nothing to ask (its note says what it does)
        alone = all(_same_class(a, action) for a in self.actions())
        if danger is not None and not asked and not alone:
            self._confirming = (self.step_key(), action)
            label = action.label or str(action)
            if action.label and current() in ("en", "fr"):
                label = label[:1].lower() + label[1:]     # "Yes, move to ..." (German nouns keep theirs)
            self.open_dialog(dialogs.Dialog(
                "confirm", _("This ends the game") if danger.certain else _("This may end the game"),
                danger.question(), (dialogs.Option(action, fit_label(_("Yes, {choice}", choice=label)),
                                                   danger.note()),),
                cancel=True))
            return False
        self._confirming = None
        self.grid_pick = None
        return super().choose(action)

    def _checked_in_time(self) -> bool:
        """Play the danger check's remaining worlds within ``HELD_BUDGET`` of this frame:
        True if they are all played and the frame is still young (the choice can then be
        taken in it)."""
        found = self._assessment()
        if found.done:
            return True
        self._play_worlds(found, self.frame_room(HELD_BUDGET))
        return found.done and self.frame_room(ASSESS_UNTIL) > 0

    def _held_ready(self) -> bool:
        """A frame after the choice was held: True when it is to be taken now (every world
        played before this frame, or held for HELD_FRAMES); else this frame plays more."""
        found = self._assessment()
        if found.done or self.app.frames - self._held[1] >= HELD_FRAMES:
            return True
        if self._held[0] != self.step_key():
            return True             # the position moved on: _take_held drops it
        self._play_worlds(found, self.frame_room(HELD_BUDGET))
        return False

    @staticmethod
    def _play_worlds(found: dangers.Assessment, budget: float) -> None:
        """Play the check's worlds, a choice of one at a time, while ``budget`` seconds of
        CPU last."""
        start = time.thread_time()
        while not found.done and time.thread_time() - start < budget:
            found.piece()

    def _take_held(self) -> None:
        """Take the choice held back for the danger check (a frame later), unless the
        position has changed since."""
        step, _frame, action, asked, picked = self._held
        self._held = None
        if step == self.step_key() and self.acting_seat() is not None and self.active:
            was, self._input = self._input, False    # taken now, whatever is left to play
            try:
                if not self.choose(action, asked=asked) and picked:
                    self.rebuild()      # as ``pick`` does for a dialog's choice not taken
            finally:
                self._input = was

    def input_pending(self) -> bool:
        """A person's choice is held for a later frame (see ``HELD_BUDGET``)."""
        return self._held is not None


def fit_label(text: str) -> str:
    return text if len(text) <= 60 else text[:59] + "…"


def _same_class(a: Action, b: Action) -> bool:
    """The dialog offers one card per Case File; the hint may name another card of it."""
    if a.kind != b.kind:
        return False
    if a.kind == "reveal":
        return a.args[0] == b.args[0] and a.args[2] == b.args[2]
    if a.kind == "ability" and a.args[:1] == ("library",) and b.args[:1] == ("library",):
        return a.args[1] == b.args[1]
    return a == b
