"""The engine's one-pass scoring says what the rule-shaped functions say."""

import random

import pytest

from game.rules.chasing.scoring import (
    by_suit,
    final_total,
    round_scores,
    running_total,
    sheet_total,
    struck_flags,
    suit_score,
)
from game.rules.chasing.state import ChasingState
from game.rules.protocol import CHANCE


def test_round_scores_are_suit_scores():
    rng = random.Random(2)
    deck = [s << 4 | r for s in range(4) for r in range(15)]
    for _ in range(5000):
        cards = rng.sample(deck, rng.randrange(0, 20))
        assert round_scores(cards) == [suit_score(r)[0] for r in by_suit(cards)]
    assert round_scores([0]) == [15, None, None, None]       # a lone 0


def test_final_and_running_totals_match_the_struck_sheet():
    rng = random.Random(1)
    boxes = [None, 0, 3, 15, 7]
    for _ in range(20000):
        rows = [[rng.choice(boxes) for _ in range(4)] for _ in range(rng.randrange(0, 4))]
        assert final_total(rows) == sheet_total(rows, struck_flags(rows))
        assert running_total(rows) == sheet_total(rows, [[False] * 4 for _ in rows])


def test_a_dealt_state_without_a_round_to_play_is_damaged():
    st = ChasingState.new(4, {"start": "0"})
    st.apply(CHANCE, st.sample_chance(random.Random(3)))
    data = st.to_json()
    ChasingState.from_json(data)
    with pytest.raises(ValueError):
        ChasingState.from_json({**data, "rnd": 3})
    with pytest.raises(ValueError):
        ChasingState.from_json({**data, "start_seat": None})
