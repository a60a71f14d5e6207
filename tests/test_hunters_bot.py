"""The Easy computer player: legal, sensible, view-only."""

import random

import pytest
from bot_games import play_to_end

from game.ai.hunters_easy import EasyBot
from game.catalog import get_game
from game.match import Match
from game.rules.hunters.data import CHAR_ID, FACTION
from game.rules.hunters.scenario import act, dice, draw, scenario

FOUR = ["Emi", "Vampire", "Allie", "Werewolf"]


def choice(s, seat=None):
    seat = s.decider() if seat is None else seat
    a = EasyBot(seat, seed=1).choose(s.view(seat), s.legal_actions(seat))
    return (a.kind,) + a.args


def ally(st, me, t):
    mine = FACTION[st.chars[me]]
    return st.rev[t] and FACTION[st.chars[t]] == mine and mine != "N"


@pytest.mark.parametrize("n", range(4, 9))
def test_easy_bots_play_full_games_and_never_hit_a_revealed_ally(n):
    spec = get_game("hunters")
    for seed in range(3):
        m = Match.start("hunters", n, seed)
        bots = [spec.bot_factory("hard", i, seed=seed, think_ms=10) for i in range(n)]

        def check(st, d, legal, a):
            if a.kind == "attack":
                others = [b for b in legal if b.kind == "attack" and not ally(st, d, b.args[0])]
                forced = all(b.kind != "no_attack" for b in legal)   # Masamune
                assert not ally(st, d, a.args[0]) or (forced and not others), "attacked an ally"
        play_to_end(m, bots, check)


def test_heals_when_hurt():
    s = scenario(FOUR, revealed=[2], damage={2: 6}, active=2)
    assert choice(s, 2) == ("allie_heal",)
    s = scenario(FOUR, positions={0: "Weird Woods"}, phase="area", damage={0: 4})
    assert choice(s) == ("woods", "heal", 0)
    s = scenario(FOUR, positions={0: "Church"}, phase="area", damage={0: 6})
    act(s, 0, "draw", "white")
    draw(s, "Advent")
    assert choice(s) == ("card_use",)


def test_attacks_a_revealed_enemy_and_spares_a_revealed_ally():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], revealed=[1, 2],
                 positions={0: "Church", 1: "Church", 2: "Cemetery"}, phase="attack")
    assert choice(s) == ("attack", 1)
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], revealed=[2],
                 positions={0: "Church", 2: "Cemetery"}, phase="attack")
    assert choice(s) == ("no_attack",)


def test_werewolf_counterattacks():
    s = scenario(["Emi", "Werewolf", "Allie", "Vampire"], positions={0: "Church", 1: "Church"},
                 phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert choice(s) == ("respond", "counter")


def test_uses_its_hermit_knowledge():
    # The bot (Emi) gave Spell to seat 1 and saw damage: seat 1 is a Shadow, so attack it.
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Hermit's Cabin"},
                 phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Spell")
    act(s, 0, "give", 1)
    act(s, 1, "answer", "damage")
    bot = EasyBot(0)
    rel = bot._beliefs(s.view(0))
    assert rel[1] >= 10 and rel[2] < rel[1]


def test_the_bot_is_deterministic_for_a_seed():
    s = scenario(FOUR, positions={0: "Hermit's Cabin"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Aid")
    a = [EasyBot(0, seed=5).choose(s.view(0), s.legal_actions(0)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    assert CHAR_ID["Emi"] == s.chars[0]
    rng = random.Random(0)
    assert rng.random() < 1
