"""Setup of Harsh Shadows at each difficulty, and the chance steps that shuffle."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_harsh_support import card_census, fresh

from game.catalog import get_game
from game.match import Match
from game.rules.harsh import HarshState
from game.rules.harsh.data import BOMB, CENTRE, CLUE, CLUE2, N_ITEMS
from game.rules.protocol import CHANCE, Action, RuleError

SPEC = get_game("harsh")


def shuffled(difficulty="standard", seed=0, **extra) -> HarshState:
    m = Match.start("harsh", 1, seed, {"difficulty": difficulty, **extra})
    m.run_chance()
    return m.state


@pytest.mark.parametrize("seed", range(25))
def test_standard_setup_follows_the_rulebook(seed):
    s = shuffled(seed=seed)
    assert sorted(s.grid) == list(range(9))
    assert s.down == [p == CENTRE for p in range(9)]          # centre face down
    assert [len(st) for st in s.stacks] == [1] * 9              # one card per Location
    dealt = [st[0] for st in s.stacks]
    assert dealt.count(BOMB) == 1                               # exactly one Bomb dealt
    assert len(s.deck) == 13 and s.deck.count(BOMB) == 3
    assert card_census(s) == Counter({**{i: 1 for i in range(N_ITEMS)}, CLUE: 9, CLUE2: 1,
                                      BOMB: 4})
    assert [len(f) for f in s.conf] == [3, 1, 4]
    assert sorted(i for f in s.conf for i in f) == list(range(N_ITEMS))
    assert not any(x for f in s.rev for x in f)
    assert s.spy == 0 and s.agent == 8                          # top-left, bottom-right
    assert len(s.spydeck) == 8 and sum(c % 2 for c in s.spydeck) == 4
    assert s.countdown == 4 and not s.kit_used and s.bug == -1 and not s.bugged
    assert s.phase == "move" and s.turn == 1 and s.coll == []


@pytest.mark.parametrize("seed", range(5))
def test_hard_removes_the_clue_x2(seed):
    s = shuffled("hard", seed)
    assert CLUE2 not in card_census(s)
    assert sum(card_census(s).values()) == 21
    assert len(s.deck) == 12
    assert [len(f) for f in s.conf] == [3, 1, 4] and s.countdown == 4


@pytest.mark.parametrize("seed", range(5))
def test_difficult_deals_two_red_herrings_and_three_false_leads(seed):
    s = shuffled("difficult", seed)
    assert CLUE2 not in card_census(s)
    assert [len(f) for f in s.conf] == [3, 2, 3] and s.countdown == 4


@pytest.mark.parametrize("seed", range(5))
def test_expert_also_uses_the_expert_countdown(seed):
    s = shuffled("expert", seed)
    assert CLUE2 not in card_census(s)
    assert [len(f) for f in s.conf] == [3, 2, 3] and s.countdown == 3


def test_custom_countdown_and_switched_off_ability():
    s = shuffled("standard", 1, countdown="6", ability_casino="off")
    assert s.countdown == 6
    v = s.view(0)
    casino = next(g for g in v["grid"] if g["location"] == "Crystal Globe Casino")
    assert casino["ability_enabled"] is False
    assert sum(g["ability_enabled"] for g in v["grid"]) == 8


def test_options_are_declared_for_the_setup_scene():
    keys = [o.key for o in SPEC.options]
    assert keys[:2] == ["difficulty", "countdown"]
    assert SPEC.options[0].choices == ("standard", "hard", "difficult", "expert")
    assert len([k for k in keys if k.startswith("ability_")]) == 9
    assert SPEC.min_players == SPEC.max_players == 1
    with pytest.raises(ValueError):
        HarshState.new(2, {})


def test_the_catalogue_options_match_the_location_table():
    # The catalogue writes the options out (the menu lists them without loading the rules).
    from game.rules.harsh.data import ABILITY_KEYS, DIFFICULTY_ORDER, LOC_NAME

    assert SPEC.options[0].choices == DIFFICULTY_ORDER
    abilities = [(o.key, o.label) for o in SPEC.options if o.key.startswith("ability_")]
    assert abilities == [(f"ability_{key}", f"{name} ability")
                         for key, name in zip(ABILITY_KEYS, LOC_NAME)]


def test_setup_steps_are_chance_steps_with_checked_outcomes():
    s = HarshState.new(1, {})
    assert s.decider() == CHANCE
    with pytest.raises(RuleError):
        s.apply(CHANCE, Action("grid", (0, 1, 2, 3, 4, 5, 6, 7, 7)))
    s.apply(CHANCE, Action("grid", tuple(range(9))))
    with pytest.raises(RuleError, match="deal"):                 # two Bombs dealt
        s.apply(CHANCE, Action("deal", (BOMB, BOMB, 0, 1, 2, 3, 4, 5, 6)))
    with pytest.raises(RuleError):                                # no Bomb dealt
        s.apply(CHANCE, Action("deal", (CLUE,) * 9))
    with pytest.raises(RuleError):                                # wrong step
        s.apply(CHANCE, Action("cases", tuple(range(8))))
    s.apply(CHANCE, Action("deal", (CLUE,) * 8 + (BOMB,)))
    with pytest.raises(RuleError):                                # not the undealt cards
        s.apply(CHANCE, Action("deck", (CLUE,) * 13))
    with pytest.raises(RuleError):                                # the player cannot shuffle
        s.apply(0, Action("deck", tuple(s._undealt())))


def test_sampled_setups_are_always_valid():
    rng = random.Random(3)
    for _ in range(40):
        s = HarshState.new(1, {"difficulty": rng.choice(["standard", "expert"])})
        while s.decider() == CHANCE:
            a = s.sample_chance(rng)
            s.check_chance(a)
            s.apply(CHANCE, a)
        assert sum(1 for st in s.stacks if st[0] == BOMB) == 1


def test_fresh_helper_puts_cards_where_asked():
    s = fresh()
    assert s.stacks[7] == [BOMB] and s.deck[-1] == 4   # deck top first: Gun is on top


def test_result_names_the_difficulty_for_statistics():
    import random

    from game.match import Match
    from game.rules.harsh.data import ABILITY_KEYS
    from game.rules.protocol import CHANCE, NOBODY

    for opts, expected in (({"difficulty": "expert"}, "expert"),
                           ({"difficulty": "hard", "countdown": "6"}, "hard (custom)"),
                           ({f"ability_{ABILITY_KEYS[0]}": "off"}, "standard (custom)"),
                           ({}, "standard")):
        m = Match.start("harsh", 1, 3, opts)
        rng = random.Random(1)
        while m.decider() != NOBODY:
            if m.decider() == CHANCE:
                m.chance_step()
            else:
                m.apply(0, rng.choice(m.state.legal_actions(0)))
        assert m.state.result().details["difficulty"] == expected
