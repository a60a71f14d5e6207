"""Advice: a hint on request, from one seat's view only (issue 43).

``advise(game_id, view, actions)`` plays every legal choice (or the few worth playing)
in a fixed number of worlds sampled from what the seat can see, and returns an
``Advice``: every evaluated choice with its win chance (and, in Chasing Shadows, the
expected score for the round), best first, each with one short reason built from the
numbers the search saw. Reasons are data (``game.i18n.Msg``: the English sentence and its
parameters, ``messages``), put into words in the language in force when shown.

The search is seeded by the position itself and its budget is a number of playouts, not
seconds: the same position gives the same answer on any machine. Nothing here imports
pygame; the tables run it on a worker thread, the analysis (``game.analysis``) reuses the
same engines with a smaller budget.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from game.rules.protocol import Action

from .calibration import calibrate
from .core import Advice, Choice, Stopped, position_seed

HINT_PLAYOUTS = {"chasing": 800, "hunters": 480, "harsh": 33_000}
"""The hint's budget: playouts a position (Harsh: playout steps, as its own hint)."""


def engine(game_id: str):
    if game_id == "chasing":
        from . import chasing as mod
    elif game_id == "hunters":
        from . import hunters as mod
    elif game_id == "harsh":
        from . import harsh as mod
    else:
        raise ValueError(f"no advice for the game {game_id!r}")
    return mod


def advise(game_id: str, view: Mapping[str, Any], actions: Sequence[Action],
           budget: int | None = None, seed: int | None = None, calibrated: bool = True,
           **kw) -> Advice:
    """Every choice worth showing, best first, from ``view`` alone (see the module text).
    Win chances go through the game's calibration map (``calibration``) unless
    ``calibrated`` is False (the raw search figures, which the map is fitted on); the
    search's own numbers stay in each choice's ``stats``."""
    mod = engine(game_id)
    budget = HINT_PLAYOUTS[game_id] if budget is None else budget
    seed = position_seed(view) if seed is None else seed
    adv = mod.advise(view, list(actions), budget, seed, **kw)
    if not calibrated:
        return adv
    choices = tuple(dataclasses.replace(c, win=calibrate(game_id, c.win)) for c in adv.choices)
    return dataclasses.replace(adv, choices=choices, value=choices[0].win)


__all__ = ["Advice", "Choice", "Stopped", "advise", "engine", "position_seed", "HINT_PLAYOUTS"]
