"""Analysis of a finished game (issue 43): every decision of every seat, people and
computers alike, looked at again from that seat's view at the time.

For each decision with a real choice, the advice engine (``game.advice``) estimates the
seat's win chance for every choice, from what the seat could see then (never the secrets
the end revealed): the best choice's figure is the seat's chance before deciding, the
chosen one's what it kept. What changed between one decision of a seat and its next (the
deal, dice, cards drawn, and what the others did) is that seat's swing, so a player can
tell a bad move from bad luck. Accuracy is the average win chance lost per decision.

``analyse(record)`` replays the game from its seed and action log; it reports progress
and can be cancelled (it runs on a worker thread in the app). The result is plain data
(``Analysis.to_json``, versioned) kept with the game record.
"""

from .core import (
    BUDGETS,
    VERSION,
    Analysis,
    Cancelled,
    Decision,
    Swing,
    analyse,
    analyse_log,
)

__all__ = ["Analysis", "BUDGETS", "Cancelled", "Decision", "Swing", "VERSION", "analyse",
           "analyse_log"]
