"""A cheating Shadow Hunters player, for measurement only: what knowing every identity is
worth to the Hard bot.

It is the Hard bot (Normal's judgement plus the sampled-world search) whose beliefs are
told every seat's character at the start, as if every card were face up: its searches then
sample only the decks and the dice. The distance from the Hard bot to it is what the hidden
characters cost the Hard bot; a target far above it asks more of a bot than knowledge can
give. ``bench_hunters_ai.py --level oracle`` plays it.

It lives under build_scripts/ and the app never imports it (tests/test_purity.py checks).
"""

from __future__ import annotations

from game.ai.hunters_hard import HardBot


class OracleBot(HardBot):
    """A Hard bot that is handed ``truth`` (the character id of every seat)."""

    def __init__(self, seat: int, truth, seed: int = 0, think_ms: int | None = None) -> None:
        super().__init__(seat, seed=seed, think_ms=think_ms)
        self.truth = list(truth)

    def observe(self, view):
        b = super().observe(view)
        for i, c in enumerate(self.truth):
            b._learn_char(i, c)         # a no-op once known; cheating on purpose
        return b
