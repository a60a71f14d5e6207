"""Properties of random Harsh Shadows games at every difficulty, plus views and saves."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from test_harsh_support import card_census

from game.match import Match, replay
from game.rules.harsh import HarshState
from game.rules.harsh.data import ITEMS
from game.rules.protocol import CHANCE, NOBODY, leaves

DIFFICULTIES = ("standard", "hard", "difficult", "expert")
GAMES = 20
MAX_STEPS = 5000


def random_games(difficulty, n=GAMES, on_step=None, seed0=0):
    for seed in range(seed0, seed0 + n):
        m = Match.start("harsh", 1, seed, {"difficulty": difficulty})
        rng = random.Random(seed)
        for _ in range(MAX_STEPS):
            d = m.decider()
            if d == NOBODY:
                break
            if d == CHANCE:
                m.chance_step()
            else:
                m.apply(0, rng.choice(m.state.legal_actions(0)))
            if on_step:
                on_step(m.state)
        else:
            raise AssertionError(f"game {seed} at {difficulty} did not end")
        yield m


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_cards_are_conserved_and_pieces_stay_on_the_grid(difficulty):
    box = None

    def check(s: HarshState):
        nonlocal box
        if s.stage < 5:
            return
        if box is None:
            box = Counter({k: n for k, n in s.box().items() if n})
        assert card_census(s) == box
        assert 0 <= s.spy < 9 and 0 <= s.agent < 9
        assert all(len(st) <= 2 for st in s.stacks)
        assert len(s.stacks) == len(s.origin) and all(
            len(a) == len(b) for a, b in zip(s.stacks, s.origin))
        assert s.countdown >= 0 and 0 <= s.tracks <= 2
        assert s.protected < 0 or s.protected in s.coll or s.protected in s.discard
        assert 0 <= len(s.spydeck) <= 8
        flipped = {m[0] for m in s.spy_moves}
        assert flipped.isdisjoint(c // 2 for c in s.spydeck)

    for m in random_games(difficulty, on_step=check):
        assert m.state.result() is not None


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_every_game_ends_with_a_known_outcome(difficulty):
    outcomes = Counter(m.state.outcome for m in random_games(difficulty, seed0=100))
    assert sum(outcomes.values()) == GAMES
    assert set(outcomes) <= {"won", "red-herring", "missing-evidence", "countdown",
                             "bomb-no-card", "meeting-no-card"}


def test_views_never_show_hidden_cards():
    def check(s: HarshState):
        v = s.view(0)
        found = leaves(v)
        for _, token in s.secret_tokens():
            assert token not in found
        if s.stage >= 5 and s.phase != "over":
            for f, row in enumerate(s.conf):
                for slot, item in enumerate(row):
                    if not s.rev[f][slot]:
                        assert v["case_files"][f]["slots"][slot] is None
                        shown = [n for cf in v["case_files"] for n in cf["slots"]]
                        assert ITEMS[item] not in shown
            assert len(v["deck_known_top"]) == s.deck_known
            assert v["spy_deck"] == len(s.spydeck)

    for _ in random_games("difficult", n=8, on_step=check, seed0=200):
        pass


def test_views_hold_what_the_table_scene_needs():
    m = next(random_games("standard", n=1, seed0=300))
    v = m.state.view(0)
    for key in ("grid", "spy", "agent", "bug", "countdown", "kit", "spy_deck", "spy_discards",
                "spy_peek", "case_files", "collection", "clues", "win_possible", "win_reason",
                "phase", "unavailable", "result", "discovery_deck", "on_the_run"):
        assert key in v
    assert len(v["grid"]) == 9 and {"location", "star", "face_down", "cards", "ability_used"} \
        <= set(v["grid"][0])
    assert v["result"]["text"]


def test_json_round_trip_and_replay_mid_game():
    for m in random_games("expert", n=5, seed0=400):
        blob = json.loads(json.dumps(m.to_json()))
        back = Match.from_json(blob)
        assert back.state.to_json() == m.state.to_json()
        again = replay("harsh", 1, m.seed, m.options, m.log[: len(m.log) // 2])
        assert again.state.to_json() == HarshState.from_json(again.state.to_json()).to_json()


def test_clone_is_independent():
    m = Match.start("harsh", 1, 5, {})
    m.run_chance()
    c = m.state.clone()
    assert c.to_json() == m.state.to_json()
    c.apply(0, c.legal_actions(0)[0])
    assert c.to_json() != m.state.to_json()
    assert m.state.turn == 1 and m.state.coll == []


def test_damaged_state_is_refused():
    m = Match.start("harsh", 1, 5, {})
    m.run_chance()
    blob = m.state.to_json()
    del blob["deck"]
    with pytest.raises(ValueError):
        HarshState.from_json(blob)
