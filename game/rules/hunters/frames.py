"""The engine's work stack.

The state keeps a stack of frames (plain tuples, kind first). A frame is either automatic
(run at once), a decision owned by one seat, or a chance step. Handlers register here
from the modules that define them (turn, combat, cards), so the flow reads as a set of
small named steps; turn and cards share combat's damage, death and win helpers.
"""

from __future__ import annotations

AUTO: dict = {}      # kind -> fn(s, frame); the frame is already popped
DECIDE: dict = {}    # kind -> (options(s, frame) -> [tuple], apply(s, frame, act));
                     # apply pops the frame itself (some decisions keep it, e.g. "start")
CHANCE: dict = {}    # kind -> (outcome kind str or fn(s, frame) -> str, apply(s, frame, out));
                     # the frame is popped before apply (push it back to roll again)
PROMPT: dict = {}    # decision kind -> public name of the prompt (same for every character)


def auto(kind):
    def reg(fn):
        AUTO[kind] = fn
        return fn
    return reg
