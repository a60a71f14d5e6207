"""Shadow Hunters computer players by level (Easy lives in ``hunters_easy``)."""

from __future__ import annotations


def make_bot(level, seat, seed=0, think_ms=None):
    if level == "hard":
        from game.ai.hunters_hard import HardBot
        return HardBot(seat, seed=seed, think_ms=think_ms)
    if level == "normal":
        from game.ai.hunters_normal import NormalBot
        return NormalBot(seat, seed=seed, think_ms=think_ms)
    from game.ai.hunters_easy import EasyBot
    return EasyBot(seat, seed=seed, think_ms=think_ms or 0)
