"""The spec's rulings, deaths and the end of the game."""

import pytest

from game.rules.hunters.data import CARD_NAME, EQUIP_ID
from game.rules.hunters.scenario import act, dice, draw, kinds, scenario
from game.rules.protocol import CHANCE, NOBODY, Action, RuleError

AT = {0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods"}


def hit(chars=("Emi", "Vampire", "Allie", "Werewolf"), roll=(5, 2), **kw):
    s = scenario(list(chars), positions=kw.pop("positions", AT), phase="attack", **kw)
    act(s, 0, "attack", 1)
    dice(s, *roll)
    if s.view(None)["pending"]["kind"] == "bob":     # a hidden attacker's cover prompt
        act(s, 0, "bob_damage")
    return s


# --- ruling 1: attack damage --------------------------------------------------------------------
@pytest.mark.parametrize("equip,revealed,expect", [
    ({}, [], 3),
    ({0: ["Chainsaw"]}, [], 4),
    ({0: ["Chainsaw", "Butcher Knife", "Rusted Broad Axe"]}, [], 6),
    ({0: ["Spear of Longinus"]}, [], 3),              # hidden Hunter: no Spear bonus
    ({0: ["Spear of Longinus"]}, [0], 5),             # revealed Hunter: +2
    ({0: ["Holy Robe"]}, [], 2),
    ({1: ["Holy Robe"]}, [], 2),
    ({0: ["Holy Robe", "Chainsaw"]}, [], 3),
])
def test_attack_damage_modifiers(equip, revealed, expect):
    s = hit(equipment=equip, revealed=revealed)
    assert s.dmg[1] == expect


def test_spear_needs_a_hunter():
    s = hit(chars=("Vampire", "Emi", "Allie", "Werewolf"), equipment={0: ["Spear of Longinus"]},
            revealed=[0])
    assert s.dmg[1] == 3 + 0 and s.dmg[0] == 0     # Vampire heals but has no damage


def test_a_miss_stays_a_miss_with_weapons():
    s = hit(roll=(3, 3), equipment={0: ["Chainsaw", "Butcher Knife"]})
    assert s.dmg[1] == 0


def test_a_robe_never_makes_damage_negative():
    s = hit(roll=(2, 1), equipment={1: ["Holy Robe"]})
    assert s.dmg[1] == 0
    s = hit(roll=(2, 1), equipment={0: ["Holy Robe"]})
    assert s.dmg[1] == 0


# --- ruling 2: Mystic Compass ------------------------------------------------------------------------
def test_mystic_compass_rolls_twice_then_chooses():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Church"},
                 equipment={0: ["Mystic Compass"]})
    act(s, 0, "roll")
    dice(s, 3, 3)                    # Church: names the current Area, so it is rolled again
    assert s.decider() == CHANCE
    dice(s, 4, 4)                    # Cemetery: first legal roll
    assert s.decider() == CHANCE
    dice(s, 5, 4)                    # Weird Woods: second legal roll
    assert [k for k in kinds(s) if k[0] == "move"] == [("move", "Cemetery"), ("move", "Weird Woods")]
    act(s, 0, "move", "Weird Woods")
    assert s.view(None)["players"][0]["area"] == "Weird Woods"


def test_mystic_compass_with_a_seven_offers_every_other_area():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Church"},
                 equipment={0: ["Mystic Compass"]})
    act(s, 0, "roll")
    dice(s, 4, 3)
    dice(s, 4, 4)
    assert len([k for k in kinds(s) if k[0] == "move"]) == 5


# --- ruling 3: kills and looting -------------------------------------------------------------------
def test_killer_picks_one_equipment_card_and_the_rest_is_discarded():
    s = hit(damage={1: 12}, equipment={1: ["Chainsaw", "Talisman", "Handgun"]})
    assert not s.alive[1] and s.decider() == 0
    assert s.view(None)["pending"]["kind"] == "loot"
    assert [k for k in kinds(s) if k[0] == "loot"] == [
        ("loot", EQUIP_ID[n]) for n in ("Chainsaw", "Talisman", "Handgun")]
    act(s, 0, "loot", EQUIP_ID["Handgun"])
    assert [CARD_NAME[c] for c in s.equip[0]] == ["Handgun"]
    assert s.equip[1] == []
    assert sorted(s.view(None)["discards"]["white"] + s.view(None)["discards"]["black"]) == [
        "Chainsaw", "Talisman"]


def test_a_single_card_is_looted_without_asking():
    s = hit(damage={1: 12}, equipment={1: ["Chainsaw"]})
    assert [CARD_NAME[c] for c in s.equip[0]] == ["Chainsaw"]
    assert s.view(None)["pending"]["kind"] == "end"


def test_silver_rosary_takes_everything():
    s = hit(damage={1: 12}, equipment={0: ["Silver Rosary"], 1: ["Chainsaw", "Talisman"]})
    assert sorted(CARD_NAME[c] for c in s.equip[0]) == ["Chainsaw", "Silver Rosary", "Talisman"]


def test_a_self_inflicted_death_discards_everything():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf", "Franklin"],
                 positions={0: "Cemetery"}, phase="area", damage={0: 9},
                 equipment={0: ["Chainsaw"]})
    act(s, 0, "draw", "black")
    draw(s, "Bloodthirsty Spider")
    act(s, 0, "card_target", 2)
    assert not s.alive[0] and s.equip[0] == []
    assert "Chainsaw" in s.view(None)["discards"]["black"]
    assert s.history[-2][:4] == ("death", 0, -1, "Emi") or any(
        e[:3] == ("death", 0, -1) for e in s.history)


def test_weird_woods_kill_is_credited_to_the_chooser():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Weird Woods"},
                 phase="area", damage={2: 6}, equipment={2: ["Talisman"]})
    act(s, 0, "woods", "damage", 2)
    assert not s.alive[2] and [CARD_NAME[c] for c in s.equip[0]] == ["Talisman"]


def test_fortune_brooch_stops_woods_damage_but_not_its_heal():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Weird Woods"},
                 phase="area", damage={1: 3}, equipment={1: ["Fortune Brooch"]})
    act(s, 0, "woods", "damage", 1)
    assert s.dmg[1] == 3
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions={0: "Weird Woods"},
                 phase="area", damage={1: 3}, equipment={1: ["Fortune Brooch"]})
    act(s, 0, "woods", "heal", 1)
    assert s.dmg[1] == 2


# --- ruling 4: simultaneous deaths ------------------------------------------------------------------
def test_simultaneous_deaths_are_resolved_together_and_both_sides_can_win():
    s = scenario(["Allie", "Emi", "Vampire", "Franklin", "Werewolf"], positions={0: "Church"},
                 phase="area", damage={1: 9, 2: 12})
    s.alive[3] = s.alive[4] = False
    s.dead_order = [3, 4]
    s.first_dead = [3]
    act(s, 0, "draw", "white")
    draw(s, "Flare of Judgement")
    assert s.over
    assert set(s.winners) == {0, 1, 2, 3, 4}


def test_first_to_die_counts_everyone_in_the_first_batch():
    s = scenario(["Emi", "Daniel", "Catherine", "Vampire", "Werewolf", "Franklin"],
                 positions={0: "Church"}, phase="area", damage={1: 11, 2: 9})
    act(s, 0, "draw", "white")
    draw(s, "Flare of Judgement")
    assert s.over and set(s.winners) == {1, 2}


def test_every_x_dead_needs_at_least_one_x():
    # No Shadow in this (test-only) table: killing a Neutral must not make Hunters win.
    s = scenario(["Emi", "Allie", "Franklin", "Bob"], positions={0: "Church", 1: "Church"},
                 phase="attack", damage={1: 7})
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert not s.alive[1] and not s.over


# --- ruling 5: immediate end, every winner together --------------------------------------------------
def test_the_game_ends_at_once_with_no_further_prompts():
    s = hit(damage={1: 12}, chars=("Emi", "Vampire", "Franklin", "Werewolf"))
    s2 = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], positions=AT, phase="attack",
                  damage={1: 12}, equipment={0: ["Machine Gun"]})
    s2.alive[3] = False
    s2.dead_order = [3]
    s2.first_dead = [3]
    act(s2, 0, "attack_all")
    dice(s2, 3, 1)
    assert s2.over and s2.decider() == NOBODY and s2.legal_actions() == []
    assert s2.legal_actions(2) == []
    assert s2.result().winners == (0, 2)
    assert not s.over


def test_everyone_is_revealed_when_the_game_ends():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], positions=AT, phase="attack",
                 damage={1: 12})
    s.alive[3] = False
    act(s, 0, "attack", 1)
    dice(s, 3, 1)
    assert s.over and all(p["character"] for p in s.view(None)["players"])
    assert list(s.secret_tokens()) == []


# --- ruling 6: the active player's death ---------------------------------------------------------------
def test_active_player_death_ends_the_turn_and_loses_extra_turns():
    s = scenario(["Emi", "Werewolf", "Allie", "Vampire", "Franklin"], positions=AT,
                 phase="area", damage={0: 9}, revealed=[1])
    s.extra = 1                      # e.g. after Concealed Knowledge
    act(s, 0, "skip")
    act(s, 0, "attack", 1)
    dice(s, 2, 1)
    act(s, 1, "respond", "counter")
    dice(s, 4, 1)
    assert not s.alive[0]
    assert s.active == 1 and s.extra == 0
    assert s.view(None)["pending"]["kind"] == "start"


# --- ruling 9: Ellen can void anything, the Unknown included -----------------------------------------
def test_a_voided_unknown_must_answer_truthfully():
    s = scenario(["Emi", "Unknown", "Allie", "Werewolf"], positions={0: "Hermit's Cabin"},
                 phase="area")
    s.voided[1] = True
    act(s, 0, "draw", "hermit")
    draw(s, "Spell")
    act(s, 0, "give", 1)
    assert [k for k in kinds(s, 1) if k[0] == "answer"] == [("answer", "damage")]


# --- ruling 10: cover prompts and private options --------------------------------------------------------
def test_every_attacked_player_gets_the_same_public_prompt():
    for target_char in ("Werewolf", "Allie", "Franklin"):
        s = scenario(["Emi", target_char, "Vampire", "Wight"], positions=AT, phase="attack")
        act(s, 0, "attack", 1)
        dice(s, 2, 1)
        pub = s.view(None)["pending"]
        assert dict(pub) == {"kind": "respond", "prompt": "respond to the attack", "seat": 1,
                             "attacker": 0}
        assert ("respond", "none") in kinds(s, 1)
        assert (("respond", "counter") in kinds(s, 1)) == (target_char == "Werewolf")


def test_machine_gun_asks_every_target():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], equipment={0: ["Machine Gun"]},
                 positions={0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods"},
                 phase="attack")
    assert [k for k in kinds(s) if k[0].startswith("attack")] == [("attack_all",)]
    act(s, 0, "attack_all")
    dice(s, 4, 1)
    assert s.dmg == [0, 3, 3, 0]
    assert s.decider() == 1
    act(s, 1, "respond", "none")
    assert s.decider() == 2


def test_the_active_player_is_asked_at_every_turn_end():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], phase="end")
    assert s.view(None)["pending"]["kind"] == "end"
    assert kinds(s) == [("end_turn",), ("reveal",)]


def test_out_of_turn_seats_may_only_reveal():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], positions=AT)
    for seat in (1, 2, 3):
        assert kinds(s, seat) == [("reveal",)]
    with pytest.raises(RuleError, match="decision"):
        act(s, 1, "roll")
    act(s, 3, "reveal")
    assert s.rev[3] and s.decider() == 0
    assert kinds(s, 3) == []
    with pytest.raises(RuleError, match="already revealed"):
        act(s, 3, "reveal")


def test_the_dead_never_act():
    s = hit(damage={1: 12}, chars=("Emi", "Vampire", "Franklin", "Werewolf", "Allie"))
    assert not s.alive[1]
    assert s.legal_actions(1) == []
    with pytest.raises(RuleError, match="dead"):
        act(s, 1, "reveal")


def test_illegal_chance_outcomes_are_refused():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"])
    act(s, 0, "roll")
    for bad in (Action("dice", (7, 1)), Action("dice", (1,)), Action("d6", (3,)),
                Action("card", (1,))):
        with pytest.raises(RuleError):
            s.apply(CHANCE, bad)
    with pytest.raises(RuleError):
        s.apply(0, Action("roll"))
