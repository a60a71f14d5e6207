"""Shadow Hunters Normal and Hard computer players: choices, budget, views only, full games."""

import random

import pytest
from bot_games import play_to_end

from game.ai import clock
from game.ai.hunters_beliefs import Beliefs
from game.ai.hunters_hard import HardBot
from game.ai.hunters_normal import NormalBot
from game.ai.hunters_world import NotRebuildable, world_from_view
from game.catalog import get_game
from game.match import Match
from game.rules.hunters.data import CHAR_NAME, FACTION, HP
from game.rules.hunters.scenario import act, dice, draw, scenario
from game.rules.protocol import CHANCE, NOBODY, leaves

FIVE = ["Emi", "Vampire", "Franklin", "Werewolf", "Allie"]     # H S H S N
EIGHT = ["Emi", "Vampire", "Franklin", "Werewolf", "Allie", "George", "Wight", "Bob"]


def pick(bot, s, seat=None):
    seat = s.decider() if seat is None else seat
    a = bot.choose(s.view(seat), s.legal_actions(seat))
    assert a in s.legal_actions(seat)
    return (a.kind,) + a.args


def revealed_ally(st, me, t):
    mine = FACTION[st.chars[me]]
    return st.rev[t] and FACTION[st.chars[t]] == mine and mine != "N"


# --- Normal --------------------------------------------------------------------------------
def test_normal_spares_a_revealed_ally_and_hits_a_revealed_enemy():
    s = scenario(FIVE, revealed=[1, 2], positions={0: "Church", 1: "Church", 2: "Cemetery"},
                 phase="attack")
    assert pick(NormalBot(0), s) == ("attack", 1)
    s = scenario(FIVE, revealed=[2], positions={0: "Church", 2: "Cemetery"}, phase="attack")
    assert pick(NormalBot(0), s) == ("no_attack",)


def test_normal_attacks_the_seat_its_hermit_card_exposed():
    bot = NormalBot(0)
    s = scenario(FIVE, positions={0: "Hermit's Cabin", 1: "Underworld Gate",
                                  4: "Underworld Gate"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Spell")
    act(s, 0, "give", 1)
    act(s, 1, "answer", "damage")
    assert s.decider() == 0 and s.stack[-1][0] == "attack"
    assert pick(bot, s) == ("attack", 1)


def test_normal_gives_prediction_to_the_most_uncertain_seat():
    s = scenario(FIVE, revealed=[1, 2], positions={0: "Hermit's Cabin"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Prediction")
    k = pick(NormalBot(0), s)
    assert k[0] == "give" and k[1] in (3, 4)     # the two hidden seats


def test_normal_gives_a_shadow_damaging_card_to_a_likely_shadow():
    # seat 1 attacks Franklin, a revealed Hunter; later Emi draws Exorcism
    s = scenario(EIGHT, revealed=[2], positions={1: "Church", 2: "Cemetery"}, active=1,
                 phase="attack")
    act(s, 1, "attack", 2)
    dice(s, 4, 1)
    act(s, 2, "respond", "none")
    act(s, 1, "end_turn")
    # skip ahead to Emi's Area action at the Hermit's Cabin
    s.active = 0
    s.pos[0] = s.board.index(0)
    s.stack = [("next_turn",), ("end", 0), ("attack", 0), ("area", 0)]
    s._run()
    act(s, 0, "draw", "hermit")
    draw(s, "Exorcism")
    assert pick(NormalBot(0), s) == ("give", 1)


def test_the_unknown_answers_a_shadow_card_with_nothing():
    chars = ["Emi", "Unknown", "Franklin", "Werewolf", "Allie"]
    s = scenario(chars, positions={0: "Hermit's Cabin"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Exorcism")
    act(s, 0, "give", 1)
    assert pick(NormalBot(1), s, 1) == ("answer", "nothing")


# --- Hard -----------------------------------------------------------------------------------
def test_hard_returns_a_legal_action_within_its_budget():
    s = scenario(FIVE, positions={0: "Church", 1: "Church", 3: "Cemetery", 4: "Cemetery"},
                 phase="attack", damage={1: 5})
    bot = HardBot(0, seed=3, think_ms=150)
    view, legal = s.view(0), s.legal_actions(0)
    # the budget on the CPU clock: under load a wall-clock budget may run out before the
    # first sampled world is played
    before = clock.kind()
    clock.use("cpu")
    try:
        t = clock.now()
        a = bot.choose(view, legal)
        spent = clock.now() - t
    finally:
        clock.use(before)
    assert a in legal
    assert spent < 0.3                     # 150 ms of CPU, with room for the last world
    worlds, means = bot.last_search
    assert worlds >= 2 and set(means) <= set(legal)


def test_hard_default_budget_is_about_a_second():
    assert HardBot(0).think_ms == 1000


def test_bots_get_only_views_and_hidden_characters_do_not_change_their_choice():
    # Two tables that look the same from seat 0: the hidden Shadows sit the other way round.
    a = scenario(FIVE, revealed=[2], positions={0: "Church", 1: "Church", 3: "Cemetery"},
                 phase="attack")
    b = scenario(["Emi", "Werewolf", "Franklin", "Vampire", "Allie"], revealed=[2],
                 positions={0: "Church", 1: "Church", 3: "Cemetery"}, phase="attack")
    va, vb = a.view(0), b.view(0)
    assert dict(va) == dict(vb)
    assert "Vampire" not in leaves(va) and "Werewolf" not in leaves(va)
    for cls in (NormalBot, HardBot):
        kw = {"think_ms": 60} if cls is HardBot else {}
        ca = cls(0, seed=9, **kw).choose(va, a.legal_actions(0))
        cb = cls(0, seed=9, **kw).choose(vb, b.legal_actions(0))
        if cls is NormalBot:
            assert ca == cb
        assert ca in a.legal_actions(0) and cb in b.legal_actions(0)


def same_view_same_choices(a, b):
    """Two tables seat 0 cannot tell apart (Emi and the Werewolf hidden): the same view,
    so the same risk of every action and the same Normal choice; each Hard bot picks a
    legal action. Returns (view a, view b, Hard bot a, Hard bot b, a's pick)."""
    from game.ai.hunters_risk import death_chance
    va, vb = a.view(0), b.view(0)
    assert dict(va) == dict(vb)
    assert "Emi" not in leaves(va) and "Werewolf" not in leaves(va)
    for x in a.legal_actions(0):
        assert death_chance(va, x) == death_chance(vb, x)
    assert NormalBot(0, seed=4).choose(va, a.legal_actions(0)) == \
        NormalBot(0, seed=4).choose(vb, b.legal_actions(0))
    ha, hb = HardBot(0, seed=4, think_ms=60), HardBot(0, seed=4, think_ms=60)
    pa, pb = ha.choose(va, a.legal_actions(0)), hb.choose(vb, b.legal_actions(0))
    assert pa in a.legal_actions(0) and pb in b.legal_actions(0)
    return va, vb, ha, hb, pa


def test_the_careless_risk_check_reads_only_the_view():
    # The Valkyrie's table two ways: the hidden characters swapped and the Black deck in
    # another order. Seat 0 sees the same view, so the risk and the choices are the same.
    a = valkyrie_at_the_cemetery()
    b = scenario(["Valkyrie", "Werewolf", "Franklin", "Emi", "Allie"],
                 positions={0: "Cemetery", 1: "Church", 2: "Weird Woods", 3: "Cemetery",
                            4: "Hermit's Cabin"}, damage={0: 11, 1: 3, 2: 4}, phase="area")
    b.decks[2].reverse()
    va, vb, ha, hb, pa = same_view_same_choices(a, b)
    # what Hard searches over comes from the view alone, careless options left out
    legal = HardBot.safe_actions(va, a.legal_actions(0))
    assert legal == HardBot.safe_actions(vb, b.legal_actions(0))
    assert all(x.kind != "draw" for x in legal)
    assert ha._candidates(va, legal, pa) == hb._candidates(vb, legal, pa)


def test_world_from_view_offers_the_real_choices():
    spec = get_game("hunters")
    rng = random.Random(2)
    checked = 0
    for n, seed in ((5, 1), (7, 2), (8, 3)):
        m = Match.start("hunters", n, seed)
        bots = [spec.bot_factory("easy", i, seed=seed) for i in range(n)]
        beliefs = [None] * n
        while (d := m.decider()) != NOBODY:
            if d == CHANCE:
                m.chance_step()
                continue
            v, legal = m.state.view(d), m.state.legal_actions(d)
            if beliefs[d] is None:
                beliefs[d] = Beliefs(d, v)
            beliefs[d].update(v)
            try:
                w = world_from_view(v, beliefs[d], rng, legal)
            except NotRebuildable:
                pass
            else:
                assert w.decider() == d
                assert sorted(w.fast_legal(d)) == sorted(m.state.fast_legal(d))
                for i, p in enumerate(v["players"]):
                    if p["revealed"] or i == d:
                        assert CHAR_NAME[w.chars[i]] == CHAR_NAME[m.state.chars[i]]
                checked += 1
            m.apply(d, bots[d].choose(v, legal))
    assert checked > 50


# --- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(4, 9))
def test_normal_and_hard_play_full_games(n):
    spec = get_game("hunters")
    for seed, levels in ((n, ("normal", "hard")), (n + 10, ("hard", "easy", "normal"))):
        m = Match.start("hunters", n, seed)
        bots = [spec.bot_factory(levels[i % len(levels)], i, seed=seed, think_ms=4)
                for i in range(n)]

        def check(st, d, legal, a, levels=levels):
            if a.kind == "attack" and levels[d % len(levels)] != "easy":
                forced = all(b.kind != "no_attack" for b in legal)     # Masamune
                assert not revealed_ally(st, d, a.args[0]) or forced, "attacked an ally"
        play_to_end(m, bots, check)


def test_normal_reveals_through_advent_only_for_a_real_heal():
    for hurt, expected in ((0, ("card_pass",)), (6, ("card_use",))):
        s = scenario(FIVE, positions={0: "Church"}, phase="area", damage={0: hurt})
        act(s, 0, "draw", "white")
        draw(s, "Advent")
        assert pick(NormalBot(0), s) == expected


def test_a_hurt_hidden_vampire_reveals_to_heal_on_its_attack():
    s = scenario(FIVE, revealed=[2], positions={1: "Church", 2: "Cemetery"}, active=1,
                 phase="attack", damage={1: 5})
    assert pick(NormalBot(1), s, 1) == ("reveal",)
    act(s, 1, "reveal")
    assert pick(NormalBot(1), s, 1) == ("attack", 2)


# --- Shadows at a table with 3 Neutrals ----------------------------------------------------
SEVEN = ["Vampire", "Emi", "Allie", "Bob", "Werewolf", "Franklin", "Charles"]  # S H N N S H N


def _kill(s, *seats):
    for v in seats:
        s.dmg[v] = HP[s.chars[v]]
        s.alive[v] = False
        s.rev[v] = True
        s.pos[v] = -1
        s.dead_order.append(v)
        s.history.append(("death", v, -1, CHAR_NAME[s.chars[v]]))


def test_a_hidden_shadow_with_three_neutrals_does_not_attack_on_a_guess():
    s = scenario(SEVEN, positions={0: "Church", 1: "Cemetery"}, phase="attack")
    assert pick(NormalBot(0), s) == ("no_attack",)


def test_a_hidden_shadow_hits_back_at_who_hurt_it():
    s = scenario(SEVEN, positions={0: "Church", 1: "Cemetery"}, phase="attack", damage={0: 1})
    s.history.append(("damage", 0, 1, 1, "attack"))
    assert pick(NormalBot(0), s) == ("attack", 1)


def test_a_shadow_with_two_neutrals_dead_goes_for_the_third():
    s = scenario(SEVEN, revealed=[6], positions={0: "Church", 6: "Cemetery"}, phase="attack")
    assert pick(NormalBot(0), s) == ("no_attack",)      # a Neutral is no goal yet
    s = scenario(SEVEN, revealed=[6], positions={0: "Church", 1: "Cemetery",
                                                 6: "Cemetery"}, phase="attack")
    _kill(s, 2, 3)
    assert pick(NormalBot(0), s) == ("attack", 6)       # its death wins for the Shadows


def _searched(bot, s, seat=0):
    """The candidates the Hard bot would search at seat's decision (Normal's pick first)."""
    view, actions = s.view(seat), s.legal_actions(seat)
    return {(a.kind,) + a.args for a in bot._candidates(view, actions, NormalBot.choose(
        bot, view, actions))}


def test_a_hard_shadow_with_three_neutrals_does_not_search_hitting_a_likely_neutral():
    # seat 3 (Bob) is a revealed Neutral, seat 1 (Emi) is hidden: both are in range
    s = scenario(SEVEN, revealed=[3], positions={0: "Church", 1: "Cemetery", 3: "Cemetery"},
                 phase="attack")
    shadow = _searched(HardBot(0, seed=1, think_ms=100), s)
    assert ("attack", 1) in shadow and ("attack", 3) not in shadow
    # read from the view alone: Emi and Allie (both hidden) the other way round change nothing
    swapped = list(SEVEN)
    swapped[1], swapped[2] = swapped[2], swapped[1]
    t = scenario(swapped, revealed=[3], positions={0: "Church", 1: "Cemetery", 3: "Cemetery"},
                 phase="attack")
    assert dict(t.view(0)) == dict(s.view(0))
    assert _searched(HardBot(0, seed=1, think_ms=100), t) == shadow
    # a Hunter at the same table still weighs it, and so does the Shadow once a third
    # Neutral's death would win
    s = scenario(SEVEN, revealed=[3], positions={0: "Cemetery", 1: "Church", 3: "Church"},
                 active=1, phase="attack")
    assert ("attack", 3) in _searched(HardBot(1, seed=1, think_ms=100), s, 1)
    s = scenario(SEVEN, revealed=[3], positions={0: "Church", 1: "Cemetery", 3: "Cemetery"},
                 phase="attack")
    _kill(s, 2, 6)
    assert ("attack", 3) in _searched(HardBot(0, seed=1, think_ms=100), s)
    # at the deal a hidden seat is a Neutral by 1/2, no more: still searched
    s = scenario(SEVEN, positions={0: "Church", 1: "Cemetery", 2: "Cemetery"}, phase="attack")
    assert {("attack", 1), ("attack", 2)} <= _searched(HardBot(0, seed=1, think_ms=100), s)


# --- careless risk ---------------------------------------------------------------------------
VALKYRIE = ["Valkyrie", "Emi", "Franklin", "Werewolf", "Allie"]     # S H H S N


def valkyrie_at_the_cemetery(**kw):
    """A hidden Valkyrie at 11 of 13 damage on the Cemetery, about to take its optional
    Black draw: a Bloodthirsty Spider (2 damage to the drawer) would kill her."""
    return scenario(VALKYRIE, positions={0: "Cemetery", 1: "Church", 2: "Weird Woods",
                                         3: "Cemetery", 4: "Hermit's Cabin"},
                    damage={0: 11, 1: 3, 2: 4}, phase="area", **kw)


def test_risk_counts_the_unseen_black_cards_against_the_drawers_hp():
    from game.ai.hunters_risk import death_chance, unseen
    s = valkyrie_at_the_cemetery()
    view = s.view(0)
    assert ("draw", "black") in [(a.kind,) + a.args for a in s.legal_actions(0)]
    left = unseen(view, "black")
    assert sum(left.values()) == 16 and left["Bloodthirsty Spider"] == 1
    p = death_chance(view, next(a for a in s.legal_actions(0) if a.kind == "draw"))
    # Spider 1, Spiritual Doll 1/3, Dynamite on the Cemetery (d6+d4 = 8: 3 of 24) of 16
    assert p == pytest.approx((1 + 1 / 3 + 3 / 24) / 16)
    # once the killers are seen in the discards, the same draw is safe
    s = valkyrie_at_the_cemetery(discards={"black": ["Bloodthirsty Spider", "Spiritual Doll",
                                                     "Dynamite"]})
    p = death_chance(s.view(0), next(a for a in s.legal_actions(0) if a.kind == "draw"))
    assert p == 0.0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_valkyrie_one_spider_from_death_declines_the_cemetery_draw(level):
    s = valkyrie_at_the_cemetery()
    for seed in range(3):
        bot = (HardBot(0, seed=seed, think_ms=100) if level == "hard"
               else NormalBot(0, seed=seed))
        assert pick(bot, s, 0) == ("skip",)
    # with the Spider, the Doll and the Dynamite already discarded she draws as before
    s = valkyrie_at_the_cemetery(discards={"black": ["Bloodthirsty Spider", "Spiritual Doll",
                                                     "Dynamite"]})
    assert pick(NormalBot(0), s, 0) == ("draw", "black")


def test_at_the_underworld_gate_a_fragile_seat_draws_white_not_black():
    s = scenario(VALKYRIE, positions={0: "Underworld Gate"}, damage={0: 11}, phase="area")
    assert pick(NormalBot(0), s, 0) == ("draw", "white")
    assert pick(HardBot(0, seed=1, think_ms=100), s, 0) != ("draw", "black")


def test_charles_does_not_pay_his_last_hp_for_a_second_attack():
    chars = ["Charles", "Emi", "Franklin", "Werewolf", "Vampire"]
    s = scenario(chars, revealed=[0], positions={0: "Church", 1: "Church"}, damage={0: 9, 1: 8},
                 phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 1, 1)
    act(s, 1, "respond", "none")
    assert ("charles",) in [(a.kind,) + a.args for a in s.legal_actions(0)]
    for bot in (NormalBot(0), HardBot(0, seed=2, think_ms=100)):
        assert pick(bot, s, 0) == ("end_turn",)


# --- Daniel and Catherine: the first to die wins -----------------------------------------------
DANIEL_TABLE = ["Daniel", "Emi", "Franklin", "Werewolf", "Vampire"]       # N H H S S


def daniel_at(area, damage=11, **kw):
    return scenario(DANIEL_TABLE, positions={0: area, 1: "Church", 2: "Weird Woods",
                                             3: "Cemetery", 4: "Hermit's Cabin"},
                    damage={0: damage}, phase="area", **kw)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_before_any_death_daniel_takes_the_risky_draw_that_would_kill_a_valkyrie(level):
    # the same 2 HP left as the Valkyrie, but his death now is his win
    from game.ai.hunters_risk import careless
    s = daniel_at("Cemetery")
    draw = next(a for a in s.legal_actions(0) if a.kind == "draw")
    assert not careless(s.view(0), draw)
    bot = HardBot(0, seed=1, think_ms=100) if level == "hard" else NormalBot(0, seed=1)
    assert pick(bot, s, 0) == ("draw", "black")


def test_before_any_death_daniel_hurts_himself_in_the_woods_and_heals_after_one():
    s = daniel_at("Weird Woods", damage=5)
    assert pick(NormalBot(0), s, 0) == ("woods", "damage", 0)
    assert pick(HardBot(0, seed=3, think_ms=100), s, 0) == ("woods", "damage", 0)
    s = daniel_at("Weird Woods", damage=5)
    _kill(s, 3)
    assert pick(NormalBot(0), s, 0) == ("woods", "heal", 0)


def test_the_first_to_die_choices_read_only_the_view():
    # Daniel's table two ways round (the hidden Hunters and Shadows swapped): the same view,
    # so the same risk, the same Normal choice, and Hard searches the same candidates.
    from game.ai.hunters_risk import death_wins
    a = daniel_at("Weird Woods", damage=5)
    b = scenario(["Daniel", "Werewolf", "Vampire", "Emi", "Franklin"],
                 positions={0: "Weird Woods", 1: "Church", 2: "Weird Woods", 3: "Cemetery",
                            4: "Hermit's Cabin"}, damage={0: 5}, phase="area")
    va, vb, ha, hb, pa = same_view_same_choices(a, b)
    assert death_wins(va) and death_wins(vb)
    assert ha._candidates(va, a.legal_actions(0), pa) == hb._candidates(vb, b.legal_actions(0), pa)


def test_hard_stops_searching_once_nothing_can_overrule_normal():
    same = [[0.5, 0.25, 0.75] * 4 for _ in range(3)]
    assert HardBot._futile(same, 0)                  # the candidates all lead alike
    better = [[0.25] * 12, [0.75] * 12, [0.25] * 12]
    assert not HardBot._futile(better, 0)            # candidate 1 may still win
    assert HardBot._futile(better, 1)


ULTRA7 = ["Ultra Soul", "Emi", "Allie", "Bob", "Werewolf", "Franklin", "Charles"]  # S H N N S H N


def test_with_three_neutrals_the_ultra_soul_does_not_reveal_for_an_unknown_at_the_gate():
    s = scenario(ULTRA7, positions={0: "Church", 2: "Underworld Gate"})
    assert "reveal" in {a.kind for a in s.legal_actions(0)}
    for cls in (NormalBot, HardBot):
        assert pick(cls(0, seed=2), s) != ("reveal",)
    # the same seat at a table with one Neutral still reveals for an unknown at the Gate
    five = scenario(["Ultra Soul", "Emi", "Allie", "Werewolf", "Franklin"],
                    positions={0: "Church", 2: "Underworld Gate"})
    assert pick(NormalBot(0, seed=2), five) == ("reveal",)


def test_with_three_neutrals_the_ultra_soul_reveals_to_hit_a_hunter_at_the_gate():
    s = scenario(ULTRA7, revealed=[1], positions={0: "Church", 1: "Underworld Gate"})
    assert pick(NormalBot(0), s) == ("reveal",)
    act(s, 0, "reveal")
    assert pick(NormalBot(0), s) == ("ultra_soul", 1)
    # or to finish a seat that hurt it
    s = scenario(ULTRA7, positions={0: "Church", 3: "Underworld Gate"}, damage={0: 2, 3: 9})
    s.history.append(("damage", 0, 2, 3, "attack"))
    assert pick(NormalBot(0), s) == ("reveal",)


def test_the_ultra_souls_reveal_reads_only_the_view():
    # who is the Hunter and who the Neutral among the hidden seats does not show
    a = scenario(ULTRA7, positions={0: "Church", 1: "Underworld Gate"})
    b = scenario(["Ultra Soul", "Allie", "Emi", "Bob", "Werewolf", "Franklin", "Charles"],
                 positions={0: "Church", 1: "Underworld Gate"})
    va, vb = a.view(0), b.view(0)
    assert dict(va) == dict(vb)
    assert "Emi" not in leaves(va) and "Allie" not in leaves(va)
    assert NormalBot(0, seed=1).choose(va, a.legal_actions(0)) == \
        NormalBot(0, seed=1).choose(vb, b.legal_actions(0)) != ("reveal",)
