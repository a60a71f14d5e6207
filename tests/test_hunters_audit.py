"""Shadow Hunters defects an independent audit found (issue 10), one test each."""

import pytest

from game.ai.hunters_easy import EasyBot
from game.rules.hunters.data import CARD_NAME, EQUIP_ID
from game.rules.hunters.scenario import act, dice, draw, kinds, scenario
from game.rules.hunters.views import describe

MG_AT = {0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods", 4: "Weird Woods"}


def names(s, seat):
    return sorted(CARD_NAME[c] for c in s.equip[seat])


# --- 1. the Machine Gun's deaths come before Bob's choices -----------------------------------------
def machine_gun_bob(bob_equipment=(), **kw):
    s = scenario(["Bob", "Allie", "Emi", "Vampire", "Werewolf"], revealed=[0, 1],
                 damage=kw.pop("damage", {1: 6}), phase="attack", positions=MG_AT,
                 equipment={0: ["Machine Gun", *bob_equipment], 2: ["Talisman"]}, **kw)
    act(s, 0, "attack_all")
    dice(s, 4, 1)
    return s


def test_machine_gun_kills_before_bob_is_asked_anything():
    s = machine_gun_bob()
    assert not s.alive[1] and s.dmg[1] == 8          # Allie died of the 3 damage at once
    assert s.view(None)["pending"]["kind"] == "bob"
    assert kinds(s, 1) == []                          # the dead never act: no late heal
    assert s.dmg[2] == 0                              # Emi waits for Bob's choice
    act(s, 0, "bob_take", EQUIP_ID["Talisman"])
    assert s.dmg[2] == 0 and names(s, 0) == ["Machine Gun", "Talisman"]


def test_bob_choosing_damage_after_the_deaths_still_deals_it():
    s = machine_gun_bob()
    act(s, 0, "bob_damage")
    assert s.dmg[2] == 3 and s.alive[2]


def test_bob_stealing_his_fifth_card_ends_the_game_with_allie_already_dead():
    s = machine_gun_bob(("Chainsaw", "Butcher Knife", "Rusted Broad Axe"))
    assert not s.alive[1]
    act(s, 0, "bob_take", EQUIP_ID["Talisman"])
    assert s.over and s.winners == (0,)               # Allie died first: she does not win


def test_the_machine_gun_wins_for_the_hunters_before_bob_can_steal():
    # The Vampire's death (the last Shadow) ends the game before Bob's choice about Emi:
    # the Hunters win, and Bob never gets his fifth card.
    s = scenario(["Bob", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0], phase="attack",
                 positions={0: "Church", 1: "Church", 2: "Cemetery", 4: "Weird Woods"},
                 damage={2: 12},
                 equipment={0: ["Machine Gun", "Chainsaw", "Butcher Knife", "Rusted Broad Axe"],
                            1: ["Talisman"]})
    s.alive[3] = False
    s.dead_order = [3]
    s.first_dead = [3]
    act(s, 0, "attack_all")
    dice(s, 4, 1)
    assert s.over and not s.alive[2]
    assert s.winners == (1, 4)                        # Emi (Hunter) and Allie (alive)
    assert len(s.equip[0]) == 4


def test_the_attackers_answers_take_effect_together_after_the_last_one():
    # A hidden Machine Gun holder is asked about both targets (each holds Equipment); the
    # damage it chose lands only after the last answer, so nobody stands at their HP alive
    # while others are asked, and both deaths are resolved together.
    s = scenario(["Emi", "Vampire", "Werewolf", "Allie"], phase="attack",
                 positions={0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods"},
                 damage={1: 11, 2: 12}, equipment={0: ["Machine Gun"], 1: ["Talisman"],
                                                   2: ["Chainsaw"]})
    act(s, 0, "attack_all")
    dice(s, 4, 1)
    assert s.view(None)["pending"]["target"] == 1
    act(s, 0, "bob_damage")
    assert s.dmg[1] == 11 and s.view(None)["pending"]["target"] == 2
    act(s, 0, "bob_damage")
    assert not s.alive[1] and not s.alive[2]
    assert s.over and s.winners == (0, 3)              # every Shadow dead: Emi, and Allie
    deaths = [e for e in s.history if e[0] == "death"]
    assert [e[1] for e in deaths] == [1, 2] and s.first_dead == [1, 2]


# --- 2. a side action re-evaluates the pending step -------------------------------------------
@pytest.mark.parametrize("weapon", ["Cursed Sword Masamune", "Machine Gun"])
def test_taking_the_handgun_with_nobody_left_in_range_skips_the_attack(weapon):
    s = scenario(["David", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0], phase="attack",
                 positions={0: "Underworld Gate", 1: "Hermit's Cabin", 2: "Hermit's Cabin",
                            3: "Underworld Gate", 4: "Hermit's Cabin"},
                 equipment={0: [weapon]}, discards={"black": ["Handgun"]})
    assert s.view(None)["pending"]["kind"] == "attack"
    act(s, 0, "david", EQUIP_ID["Handgun"])
    assert s.view(None)["pending"]["kind"] == "end"   # nobody in range: no attack step
    assert kinds(s)[0] == ("end_turn",)


# --- 3. David's ability names the card ----------------------------------------------------------
def test_davids_ability_is_logged_with_the_cards_name():
    s = scenario(["David", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0],
                 discards={"black": ["Handgun"]})
    events = act(s, 0, "david", EQUIP_ID["Handgun"])
    texts = [e.text for e in events]
    assert any("Handgun" in t for t in texts), texts
    assert not any(str(EQUIP_ID["Handgun"]) in t or "Player 17" in t for t in texts), texts
    facts = [e.data["fact"] for e in events]
    assert ("equipment", -1, 0, "Handgun", "david") in facts
    assert all(describe(s, f) for f in s.history)


# --- 4. a hidden Bob may reveal to steal, behind the same prompt every attacker gets -------------
AT4 = {0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods"}


def hidden_attack(attacker):
    s = scenario([attacker, "Emi", "Vampire", "Werewolf"], positions=AT4, phase="attack",
                 equipment={1: ["Chainsaw"]})
    act(s, 0, "attack", 1)
    dice(s, 4, 1)
    return s


def test_a_hidden_bob_may_reveal_and_take_instead_of_damage():
    s = hidden_attack("Bob")
    assert ("bob_take", EQUIP_ID["Chainsaw"]) in kinds(s, 0)
    act(s, 0, "bob_take", EQUIP_ID["Chainsaw"])
    assert s.rev[0] and s.dmg[1] == 0 and names(s, 0) == ["Chainsaw"]
    assert ("reveal", 0, "Bob", "bob") in s.history


@pytest.mark.parametrize("attacker", ["Bob", "Allie", "Vampire"])
def test_every_hidden_attacker_gets_the_same_prompt_after_a_hit_of_two(attacker):
    s = hidden_attack(attacker)
    assert dict(s.view(None)["pending"]) == {"kind": "bob", "prompt": "after the hit",
                                             "seat": 0, "target": 1}
    assert ("bob_damage",) in kinds(s, 0)
    if attacker != "Bob":
        assert [k for k in kinds(s, 0) if k[0].startswith("bob")] == [("bob_damage",)]
        act(s, 0, "bob_damage")
        assert s.dmg[1] == 3


def test_no_cover_prompt_for_a_revealed_non_bob_or_a_small_hit():
    s = scenario(["Allie", "Emi", "Vampire", "Werewolf"], positions=AT4, phase="attack",
                 equipment={1: ["Chainsaw"]}, revealed=[0])
    act(s, 0, "attack", 1)
    dice(s, 4, 1)
    assert s.view(None)["pending"]["kind"] == "respond" and s.dmg[1] == 3
    s = scenario(["Bob", "Emi", "Vampire", "Werewolf"], positions=AT4, phase="attack",
                 equipment={1: ["Chainsaw"]})
    act(s, 0, "attack", 1)
    dice(s, 2, 1)
    assert s.view(None)["pending"]["kind"] == "respond" and s.dmg[1] == 1


# --- 5. Easy bots break ties at random -----------------------------------------------------------
def test_easy_bots_do_not_favour_low_seats_on_ties():
    s = scenario(["Emi", "Vampire", "Werewolf", "Allie"], phase="attack",
                 positions={0: "Church", 1: "Church", 2: "Cemetery", 3: "Weird Woods"})
    view, legal = s.view(0), s.legal_actions(0)
    picked = {EasyBot(0, seed=seed).choose(view, legal).args for seed in range(40)}
    assert picked == {(1,), (2,)}


# --- 6. leak checks see a character shown by a Prediction --------------------------------------
def test_a_predicted_character_stays_secret_from_everyone_else():
    s = scenario(["Emi", "Vampire", "Allie", "Werewolf"], phase="area",
                 positions={0: "Hermit's Cabin", 1: "Church", 2: "Church", 3: "Cemetery"})
    act(s, 0, "draw", "hermit")
    draw(s, "Prediction")
    act(s, 0, "give", 1)
    act(s, 1, "answer", "show")
    tokens = dict((tok, owner) for owner, tok in s.secret_tokens() if isinstance(tok, str))
    assert tokens["Vampire"] == (0, 1)                # the giver and the owner only
    assert tokens["Emi"] == 0



# --- the simulator's invariant checks see the audit's defects -----------------------------------
def _breaks(s):
    from game.rules.hunters.invariants import Checker
    return {name for name, _ in Checker(s).step(s)}


def test_invariants_hold_in_a_plain_position():
    s = machine_gun_bob()
    assert _breaks(s) == set()


def test_invariants_see_a_living_character_at_their_hp_while_someone_decides():
    s = scenario(["Bob", "Allie", "Emi", "Vampire", "Werewolf"], revealed=[0, 1],
                 phase="attack", positions=MG_AT)
    s.dmg[1] = 8                                       # what the old hit loop left behind
    assert "deaths resolved" in _breaks(s)


def test_invariants_see_a_game_that_should_have_ended_and_wrong_winners():
    s = scenario(["Bob", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0], phase="attack",
                 equipment={0: ["Chainsaw", "Talisman", "Handgun", "Holy Robe", "Machine Gun"]})
    assert "the game ends when an ending condition holds" in _breaks(s)   # Bob holds five
    s = scenario(["Bob", "Emi", "Vampire", "Werewolf", "Allie"], revealed=[0], phase="attack",
                 positions=MG_AT, damage={2: 12},
                 equipment={0: ["Machine Gun", "Chainsaw", "Butcher Knife", "Rusted Broad Axe"],
                            1: ["Talisman"]})
    s.alive[3], s.pos[3], s.dead_order, s.first_dead = False, -1, [3], [3]
    act(s, 0, "attack_all")
    dice(s, 4, 1)
    assert s.over and _breaks(s) == set()
    s.winners = (0,)                                   # the old engine's answer
    assert "winners re-evaluated" in _breaks(s)


def test_invariants_see_a_card_lost_or_a_dead_player_deciding():
    s = machine_gun_bob()
    s.equip[0].pop()
    assert "cards conserved" in _breaks(s)
    s = machine_gun_bob()
    s.dec = 1                                          # Allie is dead
    assert "dead players never decide" in _breaks(s)
