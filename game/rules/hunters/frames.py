"""The engine's work stack.

The state keeps a stack of frames (plain tuples, kind first). A frame is either automatic
(run at once), a decision owned by one seat, or a chance step. Handlers register here;
the modules that define them (turn, combat, cards) import this one, never each other's
internals, so the flow reads as a set of small named steps.
"""

from __future__ import annotations

AUTO: dict = {}      # kind -> fn(s, frame); the frame is already popped
DECIDE: dict = {}    # kind -> (options(s, frame) -> [tuple], apply(s, frame, act))
CHANCE: dict = {}    # kind -> (outcome_kind(s, frame) -> str, apply(s, frame, outcome))
PROMPT: dict = {}    # decision kind -> public name of the prompt (same for every character)


def auto(kind):
    def reg(fn):
        AUTO[kind] = fn
        return fn
    return reg


def decision(kind, prompt):
    def reg(pair):
        DECIDE[kind] = pair
        PROMPT[kind] = prompt
        return pair
    return reg


def chance(kind, outcome_kind):
    def reg(fn):
        CHANCE[kind] = (outcome_kind, fn)
        return fn
    return reg
