"""Rules of the three games, pure Python (no pygame), behind one protocol."""

from .protocol import CHANCE, NOBODY, Action, Event, GameState, Option, Result, RuleError

__all__ = ["CHANCE", "NOBODY", "Action", "Event", "GameState", "Option", "Result", "RuleError"]
