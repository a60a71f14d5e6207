"""Rules of the three games, pure Python (no pygame), behind one protocol.

``protocol`` is the contract every game implements (``GameState``, ``Action``, ``Event``,
``Option``); ``chasing``, ``harsh`` and ``hunters`` are the games. Nothing here imports the
bots, the catalogue or the screens.
"""

from .protocol import CHANCE, NOBODY, Action, Event, GameState, Option, Result, RuleError

__all__ = ["CHANCE", "NOBODY", "Action", "Event", "GameState", "Option", "Result", "RuleError"]
