"""A tiny hidden-information game used to test the shared protocol and driver.

Each player is dealt a secret card 1..9 (chance); in seat order each bets or folds; the
highest card among those who bet wins (nobody bets: nobody wins).
"""

from __future__ import annotations

import random
from typing import Mapping

from game.ai.base import RandomBot
from game.catalog import GameSpec, register
from game.rules.protocol import (
    CHANCE,
    NOBODY,
    Action,
    Event,
    GameState,
    Option,
    Result,
    RuleError,
    freeze,
)


class TinyState(GameState):
    GAME_ID = "tiny"

    def __init__(self, n: int, cards: list, bets: list, turn: int) -> None:
        self.n, self.cards, self.bets, self.turn = n, cards, bets, turn

    @classmethod
    def new(cls, num_players, options=None):
        return cls(num_players, [], [], 0)

    @property
    def num_players(self):
        return self.n

    def decider(self):
        if len(self.cards) < self.n:
            return CHANCE
        if len(self.bets) < self.n:
            return len(self.bets)
        return NOBODY

    def legal_actions(self, seat=None):
        d = self.decider()
        if d < 0 or (seat is not None and seat != d):
            return []
        return [Action("bet", (), "Bet"), Action("fold", (), "Fold")]

    def sample_chance(self, rng: random.Random):
        free = [c for c in range(1, 10) if c not in self.cards]
        return Action("deal", (rng.choice(free),))

    def check_chance(self, action):
        if action.kind != "deal" or len(action.args) != 1 or action.args[0] in self.cards \
                or not 1 <= action.args[0] <= 9:
            raise RuleError(f"not a valid deal: {action}")

    def _apply(self, seat, action):
        if seat == CHANCE:
            self.cards.append(action.args[0])
            return [Event("dealt", {"seat": len(self.cards) - 1}, "a card is dealt")]
        self.bets.append(action.kind == "bet")
        return [Event(action.kind, {"seat": seat}, f"Seat {seat} {action.kind}s")]

    def view(self, seat):
        over = self.decider() == NOBODY
        cards = [c if (over or i == seat) else None for i, c in enumerate(self.cards)]
        return freeze({"cards": [("card", i, c) if c else None for i, c in enumerate(cards)],
                       "bets": self.bets, "seat": seat})

    def secret_tokens(self):
        if self.decider() == NOBODY:
            return []
        return [(i, ("card", i, c)) for i, c in enumerate(self.cards)]

    def result(self):
        if self.decider() != NOBODY:
            return None
        betting = [i for i in range(self.n) if self.bets[i]]
        if not betting:
            return Result((), reason="nobody bet")
        best = max(betting, key=lambda i: self.cards[i])
        return Result((best,), reason=f"seat {best} had the highest card")

    def to_json(self):
        return {"n": self.n, "cards": list(self.cards), "bets": list(self.bets)}

    @classmethod
    def from_json(cls, data: Mapping):
        try:
            return cls(int(data["n"]), list(data["cards"]), list(data["bets"]), 0)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"damaged tiny state: {exc}") from exc


SPEC = register(GameSpec(
    id="tiny", title="Tiny Test Game", pitch="bet or fold", min_players=2, max_players=4,
    state_cls=TinyState, options=(Option("mode", "Mode", ("plain",), "plain"),),
    bot_factory=lambda level, seat, seed=0, think_ms=None: RandomBot(seat, seed),
    rules_text="Each player gets a secret card, then bets or folds; the highest bet card wins.",
))
