"""One test (or a few) per character ability and win condition."""

import pytest

from game.rules.hunters.data import CARD_NAME, EQUIP_ID
from game.rules.hunters.scenario import act, dice, die, draw, kinds, scenario
from game.rules.protocol import CHANCE

AT = {0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods"}


def finish_turn(s, seat):
    """Play ``seat``'s turn with the plainest choices (a 7, then the first Area offered)."""
    plain = {"respond": ("respond", "none"), "attack": ("no_attack",), "end": ("end_turn",),
             "area": ("skip",), "start": ("roll",)}
    while s.active == seat and not s.over:
        if s.decider() == CHANCE:
            dice(s, 4, 3)
            continue
        k = s.view(None)["pending"]["kind"]
        if k == "move_choice":
            act(s, s.decider(), *kinds(s)[0])
        else:
            act(s, s.decider(), *plain[k])


# --- Hunters ---------------------------------------------------------------------------------
def test_emi_moves_to_a_neighbouring_area_instead_of_rolling():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions=AT, revealed=[0])
    assert ("emi", "Underworld Gate") in kinds(s) and ("emi", "Cemetery") in kinds(s)
    assert ("emi", "Hermit's Cabin") not in kinds(s)
    act(s, 0, "emi", "Underworld Gate")
    assert s.view(None)["players"][0]["area"] == "Underworld Gate"
    assert s.view(None)["pending"]["kind"] == "area"


def test_emi_needs_to_be_revealed_and_on_the_board():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions=AT)
    assert not any(k[0] == "emi" for k in kinds(s))
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], revealed=[0])
    assert not any(k[0] == "emi" for k in kinds(s))


def test_emi_neighbours_wrap_round_the_ring():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Erstwhile Altar"},
                 revealed=[0])
    assert [k for k in kinds(s) if k[0] == "emi"] == [("emi", "Weird Woods"),
                                                     ("emi", "Hermit's Cabin")]


@pytest.mark.parametrize("who,kind,die_kind,roll", [("Franklin", "franklin", "d6", 5),
                                                     ("George", "george", "d4", 3)])
def test_franklin_and_george_deal_die_damage_once(who, kind, die_kind, roll):
    s = scenario([who, "Vampire", "Allie", "Werewolf"], positions=AT)
    assert not any(k[0] == kind for k in kinds(s))       # hidden: no ability
    act(s, 0, "reveal")
    assert (kind, 1) in kinds(s) and (kind, 0) not in kinds(s)
    act(s, 0, kind, 1)
    assert s.chance_kind() == die_kind
    die(s, die_kind, roll)
    assert s.dmg[1] == roll
    assert not any(k[0] == kind for k in kinds(s))       # once per game
    assert kinds(s)[0] == ("roll",)


def test_ellen_voids_an_ability_for_the_rest_of_the_game():
    s = scenario(["Ellen", "Werewolf", "Allie", "Vampire"], positions=AT, revealed=[0])
    act(s, 0, "ellen", 1)
    assert s.voided[1] and s.view(None)["players"][1]["voided"]
    # a voided Werewolf is asked like everyone else but cannot counterattack
    s2 = scenario(["Ellen", "Werewolf", "Allie", "Vampire"], positions=AT, revealed=[0],
                  phase="attack")
    s2.voided[1] = True
    act(s2, 0, "attack", 1)
    dice(s2, 1, 1)
    assert kinds(s2, 1) == [("respond", "none"), ("reveal",)]


def test_fuka_sets_damage_to_seven_self_allowed():
    s = scenario(["Fu-ka", "Vampire", "Allie", "Werewolf"], positions=AT, revealed=[0],
                 damage={0: 10, 1: 2})
    assert ("fuka", 0) in kinds(s)
    act(s, 0, "fuka", 0)
    assert s.dmg[0] == 7
    assert not any(k[0] == "fuka" for k in kinds(s))


def test_gregor_barrier_stops_all_damage_until_his_next_turn():
    s = scenario(["Gregor", "Vampire", "Allie", "Werewolf"], positions=AT, revealed=[0],
                 phase="end")
    act(s, 0, "gregor")
    assert ("gregor",) not in kinds(s)
    act(s, 0, "end_turn")
    act(s, 1, "roll")
    dice(s, 4, 4)
    act(s, 1, "skip")
    act(s, 1, "attack", 0)
    dice(s, 6, 1)
    assert s.dmg[0] == 0
    finish_turn(s, 1)
    finish_turn(s, 2)
    finish_turn(s, 3)
    assert s.active == 0 and not s.barrier[0]


def test_unknown_may_answer_truthfully_or_falsely_even_hidden():
    s = scenario(["Emi", "Unknown", "Allie", "Werewolf"],
                 positions={0: "Hermit's Cabin"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Spell")
    act(s, 0, "give", 1)
    assert [k for k in kinds(s, 1) if k[0] == "answer"] == [("answer", "nothing"),
                                                            ("answer", "damage")]
    act(s, 1, "answer", "nothing")
    assert s.dmg[1] == 0 and not s.rev[1]


def test_unknown_may_claim_a_card_that_does_not_match():
    s = scenario(["Emi", "Unknown", "Allie", "Werewolf"],
                 positions={0: "Hermit's Cabin"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Slap")                  # a Hunter card
    act(s, 0, "give", 1)
    act(s, 1, "answer", "damage")
    assert s.dmg[1] == 1


def test_unknown_cannot_lie_on_prediction():
    s = scenario(["Emi", "Unknown", "Allie", "Werewolf"],
                 positions={0: "Hermit's Cabin"}, phase="area")
    act(s, 0, "draw", "hermit")
    draw(s, "Prediction")
    act(s, 0, "give", 1)
    assert [k for k in kinds(s, 1) if k[0] == "answer"] == [("answer", "show")]


def test_vampire_heals_two_when_its_attack_deals_damage():
    s = scenario(["Vampire", "Emi", "Allie", "Werewolf"], positions=AT, revealed=[0],
                 damage={0: 5}, phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 5, 2)
    assert s.dmg == [3, 3, 0, 0]


def test_vampire_does_not_heal_on_a_miss():
    s = scenario(["Vampire", "Emi", "Allie", "Werewolf"], positions=AT, revealed=[0],
                 damage={0: 5}, phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 2, 2)
    assert s.dmg[0] == 5


def test_hidden_werewolf_may_reveal_and_counterattack_out_of_range():
    s = scenario(["Emi", "Werewolf", "Allie", "Vampire"],
                 positions={0: "Church", 1: "Hermit's Cabin"}, phase="attack",
                 equipment={0: ["Handgun"]})
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert s.decider() == 1
    assert kinds(s, 1)[:2] == [("respond", "none"), ("respond", "counter")]
    act(s, 1, "respond", "counter")
    assert s.rev[1]
    dice(s, 5, 1)
    assert s.dmg[0] == 4
    # a counterattack is never countered: the turn goes on to the end prompt
    assert s.view(None)["pending"]["kind"] == "end"


def test_ultra_soul_hits_a_character_on_the_underworld_gate_each_turn():
    s = scenario(["Ultra Soul", "Emi", "Allie", "Werewolf"], revealed=[0],
                 positions={0: "Church", 1: "Underworld Gate", 2: "Church"})
    assert [k for k in kinds(s) if k[0] == "ultra_soul"] == [("ultra_soul", 1)]
    act(s, 0, "ultra_soul", 1)
    assert s.dmg[1] == 3
    assert not any(k[0] == "ultra_soul" for k in kinds(s))


def test_valkyrie_rolls_only_the_d4_and_never_misses():
    s = scenario(["Valkyrie", "Emi", "Allie", "Werewolf"], positions=AT, revealed=[0],
                 phase="attack")
    act(s, 0, "attack", 1)
    assert s.chance_kind() == "d4"
    die(s, "d4", 1)
    assert s.dmg[1] == 1


def test_wight_takes_one_extra_turn_per_dead_character():
    s = scenario(["Wight", "Emi", "Allie", "Werewolf", "Daniel", "Franklin"], revealed=[0],
                 positions=AT, phase="end")
    assert ("wight",) not in kinds(s)            # nobody is dead yet: nothing to gain
    s.alive[2] = s.alive[4] = False
    s.dead_order = [2, 4]
    act(s, 0, "wight")
    act(s, 0, "end_turn")
    assert s.active == 0 and s.extra == 1 and s.turn_no == 2
    finish_turn(s, 0)                # both extra turns
    assert s.active == 1 and s.turn_no == 4


# --- Neutrals ----------------------------------------------------------------------------------
def test_allie_heals_all_damage_once_even_out_of_turn():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions=AT, revealed=[2],
                 damage={2: 6})
    assert s.decider() == 0
    assert ("allie_heal",) in kinds(s, 2)
    act(s, 2, "allie_heal")
    assert s.dmg[2] == 0 and s.decider() == 0
    s.dmg[2] = 3
    assert ("allie_heal",) not in kinds(s, 2)


def test_allie_wins_if_alive_at_the_end():
    s2 = scenario(["Emi", "Vampire", "Allie", "Werewolf", "Daniel"], positions={0: "Church",
                  3: "Church"}, damage={3: 13}, phase="attack")
    s2.alive[1] = False
    s2.dead_order = [1]
    s2.first_dead = [1]
    act(s2, 0, "attack", 3)
    dice(s2, 2, 1)
    assert s2.over and set(s2.winners) == {0, 2, 4}   # Emi, Allie alive, Daniel alive


@pytest.mark.parametrize("players,takes", [(4, "choice"), (5, "choice"), (6, "choice"),
                                           (7, "all"), (8, "all")])
def test_bob_ability_depends_on_the_player_count(players, takes):
    chars = ["Bob", "Emi", "Vampire", "Werewolf", "Allie", "Franklin", "Daniel", "Wight"][:players]
    s = scenario(chars, positions=AT, revealed=[0], phase="attack",
                 equipment={1: ["Chainsaw", "Talisman"]}, damage={1: 9})
    act(s, 0, "attack", 1)
    dice(s, 4, 1)
    if takes == "choice":
        assert kinds(s)[:3] == [("bob_damage",), ("bob_take", EQUIP_ID["Chainsaw"]),
                                ("bob_take", EQUIP_ID["Talisman"])]
        act(s, 0, "bob_take", EQUIP_ID["Talisman"])
        assert s.dmg[1] == 9 and [CARD_NAME[c] for c in s.equip[0]] == ["Talisman"]
    else:
        assert not s.alive[1]
        assert sorted(CARD_NAME[c] for c in s.equip[0]) == ["Chainsaw", "Talisman"]


def test_bob_choice_needs_two_damage():
    s = scenario(["Bob", "Emi", "Vampire", "Werewolf"], positions=AT, revealed=[0],
                 phase="attack", equipment={1: ["Chainsaw"]})
    act(s, 0, "attack", 1)
    dice(s, 2, 1)
    assert s.dmg[1] == 1 and s.view(None)["pending"]["kind"] == "respond"


def test_bob_wins_with_five_equipment_and_ends_the_game():
    s = scenario(["Bob", "Emi", "Vampire", "Werewolf"], positions={0: "Church"}, phase="area",
                 equipment={0: ["Chainsaw", "Talisman", "Handgun", "Holy Robe"]})
    act(s, 0, "draw", "white")
    draw(s, "Fortune Brooch")
    assert s.over and s.winners == (0,)


def test_charles_attacks_again_for_two_damage():
    s = scenario(["Charles", "Emi", "Vampire", "Werewolf"], positions=AT, revealed=[0],
                 phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    act(s, 1, "respond", "none")
    assert ("charles",) in kinds(s)
    act(s, 0, "charles")
    assert s.dmg[0] == 2
    dice(s, 4, 1)
    assert s.dmg[1] == 5


def test_charles_attacks_the_same_target_again_after_a_counterattack():
    s = scenario(["Charles", "Werewolf", "Vampire", "Emi"], positions=AT, revealed=[0],
                 phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    act(s, 1, "respond", "counter")
    dice(s, 2, 1)
    assert s.dmg == [1, 2, 0, 0]
    act(s, 0, "charles")
    dice(s, 4, 1)
    assert s.dmg == [3, 5, 0, 0]


def test_charles_wins_when_his_attack_kill_makes_three_dead():
    s = scenario(["Charles", "Emi", "Vampire", "Werewolf", "Allie", "Daniel"], positions=AT,
                 phase="attack", damage={1: 9})
    for v in (4, 5):
        s.alive[v] = False
        s.dead_order.append(v)
    s.first_dead = [4]
    act(s, 0, "attack", 1)
    dice(s, 2, 1)
    assert s.over and 0 in s.winners


def test_charles_kill_with_only_two_dead_is_not_enough():
    s = scenario(["Charles", "Emi", "Vampire", "Werewolf", "Allie", "Franklin"], positions=AT,
                 phase="attack", damage={1: 9})
    s.alive[4] = False
    s.dead_order = [4]
    s.first_dead = [4]
    act(s, 0, "attack", 1)
    dice(s, 2, 1)
    assert not s.alive[1] and not s.over and not s.charles_won


def test_daniel_cannot_reveal_by_choice_but_must_when_someone_dies():
    s = scenario(["Emi", "Vampire", "Daniel", "Werewolf", "Allie"], positions=AT,
                 phase="attack", damage={1: 12})
    assert ("reveal",) not in kinds(s, 2)
    assert ("reveal",) in kinds(s, 4)
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert not s.alive[1] and s.rev[2]


def test_daniel_wins_by_dying_first():
    s = scenario(["Emi", "Vampire", "Daniel", "Werewolf", "Allie"], positions={0: "Church",
                 2: "Church"}, phase="attack", damage={2: 12})
    act(s, 0, "attack", 2)
    dice(s, 3, 1)
    assert s.over and s.winners == (2, 4)    # Allie, alive at the end, wins too


def test_daniel_wins_alive_when_every_shadow_is_dead():
    s = scenario(["Emi", "Vampire", "Daniel", "Werewolf", "Allie"], positions=AT,
                 phase="attack", damage={1: 12})
    s.alive[3] = False
    s.dead_order = [3]
    s.first_dead = [3]
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert s.over and set(s.winners) == {0, 2, 4}


def test_agnes_wins_with_the_player_on_her_right_then_left_after_switching():
    # Agnes at seat 1: right = seat 0 (plays before her), left = seat 2.
    s = scenario(["Emi", "Agnes", "Vampire", "Werewolf", "Franklin"], revealed=[1], active=1)
    assert s.view(1)["me"]["agnes_target"] == 0
    act(s, 1, "agnes")
    assert s.view(1)["me"]["agnes_target"] == 2
    assert not any(k[0] == "agnes" for k in kinds(s))


@pytest.mark.parametrize("switched,winners", [(False, {0, 4, 1}), (True, {0, 4})])
def test_agnes_win_follows_her_target(switched, winners):
    s = scenario(["Emi", "Agnes", "Vampire", "Werewolf", "Franklin"], positions={0: "Church",
                 2: "Church"}, phase="attack", damage={2: 12})
    s.used[1] = switched
    s.alive[3] = False
    s.dead_order = [3]
    s.first_dead = [3]
    act(s, 0, "attack", 2)
    dice(s, 3, 1)
    assert s.over and set(s.winners) == winners


def test_bryan_wins_by_killing_a_character_with_13_or_more_hp():
    s = scenario(["Bryan", "Emi", "Vampire", "Werewolf"], positions={0: "Church", 2: "Church"},
                 phase="attack", damage={2: 12})
    act(s, 0, "attack", 2)
    dice(s, 3, 1)
    assert s.over and 0 in s.winners


def test_bryan_must_reveal_after_killing_a_small_character():
    s = scenario(["Bryan", "Emi", "Vampire", "Werewolf", "Allie"],
                 positions={0: "Church", 4: "Church"}, phase="attack", damage={4: 7})
    act(s, 0, "attack", 4)
    dice(s, 3, 1)
    assert s.rev[0] and not s.over


def test_bryan_wins_on_the_altar_when_the_game_ends():
    s = scenario(["Bryan", "Emi", "Vampire", "Werewolf", "Allie"],
                 positions={0: "Erstwhile Altar", 1: "Church", 2: "Church"}, phase="attack",
                 damage={2: 12}, active=1)
    s.alive[3] = False
    s.dead_order = [3]
    s.first_dead = [3]
    act(s, 1, "attack", 2)
    dice(s, 3, 1)
    assert s.over and 0 in s.winners


def test_catherine_heals_one_at_the_start_of_each_turn():
    s = scenario(["Catherine", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0],
                 damage={0: 4})
    assert s.dmg[0] == 3
    s = scenario(["Catherine", "Emi", "Vampire", "Werewolf", "Allie"], damage={0: 4})
    assert s.dmg[0] == 4                 # hidden: no ability


def test_catherine_wins_by_dying_first():
    s = scenario(["Emi", "Vampire", "Catherine", "Werewolf", "Allie"],
                 positions={0: "Church", 2: "Church"}, phase="attack", damage={2: 10})
    act(s, 0, "attack", 2)
    dice(s, 3, 1)
    assert s.over and s.winners == (2, 4)    # and Allie


def test_catherine_wins_as_one_of_the_last_two_alive():
    s = scenario(["Emi", "Vampire", "Catherine", "Werewolf", "Allie"],
                 positions={0: "Church", 4: "Church"}, phase="attack", damage={4: 7})
    s.alive[3] = s.alive[1] = False
    s.dead_order = [3, 1]
    s.first_dead = [3]
    act(s, 0, "attack", 4)
    dice(s, 3, 1)
    # every Shadow is dead too: the Hunter and Catherine win together
    assert s.over and set(s.winners) == {0, 2}


def test_david_takes_equipment_from_the_discards_once_on_his_turn():
    s = scenario(["David", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0],
                 discards={"white": ["Talisman", "Advent"], "black": ["Chainsaw"]})
    opts = [k for k in kinds(s) if k[0] == "david"]
    assert opts == [("david", EQUIP_ID["Talisman"]), ("david", EQUIP_ID["Chainsaw"])]
    act(s, 0, "david", EQUIP_ID["Talisman"])
    assert [CARD_NAME[c] for c in s.equip[0]] == ["Talisman"]
    assert not any(k[0] == "david" for k in kinds(s))


def test_david_wins_with_three_of_his_four_relics():
    s = scenario(["David", "Emi", "Vampire", "Werewolf", "Allie"], positions={0: "Church"},
                 phase="area", equipment={0: ["Talisman", "Holy Robe"]})
    act(s, 0, "draw", "white")
    draw(s, "Silver Rosary")
    assert s.over and s.winners == (0, 4)    # and Allie


# --- factions ------------------------------------------------------------------------------------
def test_hunters_win_when_every_shadow_dies_even_a_dead_hunter():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], positions=AT, phase="attack",
                 damage={1: 12})
    s.alive[2] = s.alive[3] = False
    s.dead_order = [2, 3]
    s.first_dead = [2]
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert s.over and set(s.winners) == {0, 2}


def test_shadows_win_when_every_hunter_dies():
    s = scenario(["Vampire", "Emi", "Werewolf", "Franklin"], positions=AT, phase="attack",
                 damage={1: 9})
    s.alive[3] = False
    s.dead_order = [3]
    s.first_dead = [3]
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert s.over and set(s.winners) == {0, 2}


def test_shadows_win_when_three_neutrals_die():
    s = scenario(["Vampire", "Allie", "Werewolf", "Franklin", "Charles", "Bob", "Emi"],
                 positions=AT, phase="attack", damage={1: 7})
    for v in (4, 5):
        s.alive[v] = False
        s.dead_order.append(v)
    s.first_dead = [4]
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert s.over and {0, 2} <= set(s.winners)


def test_without_abilities_nothing_special_happens():
    off = {"abilities": "off"}
    s = scenario(["Franklin", "Werewolf", "Unknown", "Daniel", "Emi"], positions=AT,
                 revealed=[0], options=off)
    assert kinds(s) == [("roll",)]                        # no Franklin shot
    assert ("reveal",) in kinds(s, 3)                     # Daniel is an ordinary character
    s = scenario(["Emi", "Werewolf", "Unknown", "Daniel", "Franklin"], positions=AT,
                 phase="attack", options=off)
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert [k for k in kinds(s, 1) if k[0] == "respond"] == [("respond", "none")]
    s = scenario(["Emi", "Werewolf", "Unknown", "Daniel", "Franklin"],
                 positions={0: "Hermit's Cabin"}, phase="area", options=off)
    act(s, 0, "draw", "hermit")
    draw(s, "Spell")
    act(s, 0, "give", 2)
    assert [k for k in kinds(s, 2) if k[0] == "answer"] == [("answer", "damage")]
