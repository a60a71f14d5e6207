"""The turn: moving, Area actions, range and the attack."""

import pytest

from game.rules.hunters.data import AREAS, CARD_NAME, EQUIP_ID
from game.rules.hunters.scenario import act, dice, die, draw, kinds, scenario
from game.rules.protocol import CHANCE

FOUR = ["Emi", "Vampire", "Allie", "Werewolf"]
# default board: Hermit's Cabin, Underworld Gate | Church, Cemetery | Weird Woods, Erstwhile Altar


def area(s, seat=0):
    return s.view(None)["players"][seat]["area"]


@pytest.mark.parametrize("roll,where", [((1, 1), "Hermit's Cabin"), ((2, 1), "Hermit's Cabin"),
                                        ((2, 2), "Underworld Gate"), ((4, 1), "Underworld Gate"),
                                        ((3, 3), "Church"), ((4, 4), "Cemetery"),
                                        ((5, 4), "Weird Woods"), ((6, 4), "Erstwhile Altar")])
def test_the_roll_names_the_area(roll, where):
    s = scenario(FOUR)
    act(s, 0, "roll")
    dice(s, *roll)
    assert area(s) == where


def test_rulebook_example_roll_again_on_the_same_area():
    # "A roll of 6 puts you on the Church. If you are already on the Church, roll again."
    s = scenario(FOUR, positions={0: "Church"})
    act(s, 0, "roll")
    dice(s, 5, 1)
    assert s.decider() == CHANCE and area(s) == "Church"
    dice(s, 6, 2)
    assert area(s) == "Cemetery"


def test_a_seven_lets_you_choose_any_other_area():
    s = scenario(FOUR, positions={0: "Church"})
    act(s, 0, "roll")
    dice(s, 4, 3)
    assert [k[1] for k in kinds(s) if k[0] == "move"] == [a for a in AREAS if a != "Church"]


def test_the_first_move_has_no_current_area():
    s = scenario(FOUR)
    act(s, 0, "roll")
    dice(s, 6, 1)
    assert len([k for k in kinds(s) if k[0] == "move"]) == 6


@pytest.mark.parametrize("where,offer", [
    ("Hermit's Cabin", [("draw", "hermit")]),
    ("Underworld Gate", [("draw", "hermit"), ("draw", "white"), ("draw", "black")]),
    ("Church", [("draw", "white")]),
    ("Cemetery", [("draw", "black")]),
])
def test_area_actions_offer_the_right_decks(where, offer):
    s = scenario(FOUR, positions={0: where}, phase="area")
    assert [k for k in kinds(s) if k[0] == "draw"] == offer
    assert ("skip",) in kinds(s)


def test_underworld_gate_draws_from_the_chosen_deck():
    s = scenario(FOUR, positions={0: "Underworld Gate"}, phase="area")
    act(s, 0, "draw", "black")
    draw(s, "Chainsaw")
    assert [CARD_NAME[c] for c in s.equip[0]] == ["Chainsaw"]


def test_weird_woods_damage_or_heal_anyone_including_yourself():
    s = scenario(FOUR, positions={0: "Weird Woods"}, phase="area", damage={0: 2})
    opts = [k for k in kinds(s) if k[0] == "woods"]
    assert len(opts) == 8 and ("woods", "heal", 0) in opts and ("woods", "damage", 0) in opts
    act(s, 0, "woods", "heal", 0)
    assert s.dmg[0] == 1
    s = scenario(FOUR, positions={0: "Weird Woods"}, phase="area")
    act(s, 0, "woods", "damage", 3)
    assert s.dmg[3] == 2


def test_erstwhile_altar_takes_equipment_from_another_player():
    s = scenario(FOUR, positions={0: "Erstwhile Altar"}, phase="area",
                 equipment={0: ["Talisman"], 2: ["Handgun"]})
    assert [k for k in kinds(s) if k[0] == "altar"] == [("altar", 2, EQUIP_ID["Handgun"])]
    act(s, 0, "altar", 2, EQUIP_ID["Handgun"])
    assert sorted(CARD_NAME[c] for c in s.equip[0]) == ["Handgun", "Talisman"]


def test_erstwhile_altar_with_no_equipment_around_offers_only_skip():
    s = scenario(FOUR, positions={0: "Erstwhile Altar"}, phase="area")
    assert [k for k in kinds(s) if k != ("reveal",)] == [("skip",)]


def test_range_is_your_area_and_its_pair_mate():
    s = scenario(FOUR, positions={0: "Church", 1: "Cemetery", 2: "Church", 3: "Underworld Gate"},
                 phase="attack")
    assert [k for k in kinds(s) if k[0] == "attack"] == [("attack", 1), ("attack", 2)]


def test_rulebook_attack_example_two_and_four():
    # "If you roll a 2 on the 6-sided die and a 4 on the 4-sided die, you inflict 2 points."
    s = scenario(FOUR, positions={0: "Church", 1: "Church"}, phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 2, 4)
    assert s.dmg[1] == 2


def test_equal_dice_miss():
    s = scenario(FOUR, positions={0: "Church", 1: "Church"}, phase="attack")
    act(s, 0, "attack", 1)
    dice(s, 3, 3)
    assert s.dmg[1] == 0


def test_handgun_range_is_outside_the_pair():
    s = scenario(FOUR, positions={0: "Church", 1: "Cemetery", 2: "Hermit's Cabin",
                                  3: "Erstwhile Altar"}, phase="attack",
                 equipment={0: ["Handgun"]})
    assert [k for k in kinds(s) if k[0] == "attack"] == [("attack", 2), ("attack", 3)]


def test_masamune_forces_an_attack_with_the_d4():
    s = scenario(FOUR, positions={0: "Church", 1: "Cemetery"}, phase="attack",
                 equipment={0: ["Cursed Sword Masamune"]})
    assert ("no_attack",) not in kinds(s)
    act(s, 0, "attack", 1)
    assert s.chance_kind() == "d4"
    die(s, "d4", 2)
    assert s.dmg[1] == 2


def test_nobody_in_range_skips_the_attack_even_with_masamune():
    s = scenario(FOUR, positions={0: "Church", 1: "Weird Woods"}, phase="attack",
                 equipment={0: ["Cursed Sword Masamune"]})
    assert s.view(None)["pending"]["kind"] == "end"


def test_the_dead_are_out_of_range_and_skipped_in_turn_order():
    s = scenario(FOUR, positions={0: "Church", 1: "Church"}, phase="end")
    s.alive[1] = False
    s.pos[1] = -1
    act(s, 0, "end_turn")
    assert s.active == 2


def test_turns_go_round_the_table_in_seat_order():
    s = scenario(FOUR, active=3, phase="end")
    act(s, 3, "end_turn")
    assert s.active == 0 and s.turn_no == 2


def test_hermit_card_goes_to_another_living_player():
    s = scenario(FOUR, positions={0: "Hermit's Cabin"}, phase="area")
    s.alive[2] = False
    act(s, 0, "draw", "hermit")
    draw(s, "Aid")
    assert [k for k in kinds(s) if k[0] == "give"] == [("give", 1), ("give", 3)]


def test_labels_are_unique_and_readable():
    s = scenario(FOUR, positions={0: "Weird Woods", 1: "Erstwhile Altar"}, phase="area",
                 revealed=[1])
    labels = [a.label for a in s.legal_actions(0)]
    assert len(labels) == len(set(labels))
    assert "Weird Woods: deal 2 damage to Player 2 (Vampire)" in labels
    assert "Weird Woods: heal 1 damage of yourself" in labels
