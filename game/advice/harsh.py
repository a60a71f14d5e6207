"""Harsh Shadows advice: the game's own hint search (``ai.harsh_hint``), given the shape
the other games' advice has. Its budget is playout steps, as the Harsh hint's."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.ai.harsh_hint import hint, margin
from game.rules.protocol import Action

from .core import Advice, Choice, Message, pct


def advise(view: Mapping[str, Any], actions: Sequence[Action], budget: int, seed: int,
           must: Action | None = None) -> Advice:
    ranked = hint(view, list(actions), budget_ms=10**9, rng=random.Random(seed),
                  work_budget=budget)
    choices = []
    for a, p, n in ranked:
        stats = {"win": p, "margin": margin(p, n)}
        choices.append(Choice(a, p, Message("harsh.plain", {
            "win": pct(p), "games": n, "margin": pct(stats["margin"])}), n, None, stats))
    return Advice(view.get("seat") or 0, tuple(choices), ranked[0][2], choices[0].win)

