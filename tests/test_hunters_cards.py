"""Every Hermit, White and Black card effect."""

import pytest

from game.rules.hunters.data import CARD_NAME, EQUIP_ID
from game.rules.hunters.scenario import act, dice, die, draw, kinds, scenario
from game.rules.protocol import CHANCE, Action, RuleError

FOUR = ["Emi", "Vampire", "Allie", "Werewolf"]  # Hunter, Shadow, Neutral, Shadow


def names(s, seat):
    return sorted(CARD_NAME[c] for c in s.equip[seat])


# --- Hermit cards ----------------------------------------------------------------------------
def hermit(card, receiver=1, chars=FOUR, **kw):
    """Seat 0 draws ``card`` at the Hermit's Cabin and gives it to ``receiver``."""
    s = scenario(chars, positions={0: "Hermit's Cabin", 1: "Church", 2: "Church", 3: "Cemetery"},
                 phase="area", **kw)
    act(s, 0, "draw", "hermit")
    draw(s, card)
    act(s, 0, "give", receiver)
    assert s.decider() == receiver
    return s


@pytest.mark.parametrize("card,r", [("Aid", 3), ("Huddle", 1), ("Nurturance", 2)])
def test_healing_hermit_heals_a_match(card, r):
    s = hermit(card, receiver=r, chars=["Vampire", "Werewolf", "Allie", "Emi"]
               if card == "Aid" else FOUR, damage={0: 3, 1: 3, 2: 3, 3: 3})
    if card == "Huddle":
        s.chars[1] = 7   # Vampire
    assert kinds(s, r) == [("answer", "heal")] + ([("reveal",)] if not s.rev[r] else [])
    act(s, r, "answer", "heal")
    assert s.dmg[r] == 2


def test_healing_hermit_hurts_an_undamaged_match():
    s = hermit("Huddle", receiver=1)
    assert ("answer", "damage") in kinds(s, 1)
    act(s, 1, "answer", "damage")
    assert s.dmg[1] == 1


def test_healing_hermit_on_a_non_match_does_nothing():
    s = hermit("Aid", receiver=1, damage={1: 4})
    assert [k for k in kinds(s, 1) if k[0] == "answer"] == [("answer", "nothing")]
    act(s, 1, "answer", "nothing")
    assert s.dmg[1] == 4
    assert s.history[-1][:5] == ("hermit", 0, 1, 0, "nothing")


@pytest.mark.parametrize("card,receiver,matches", [
    ("Anger", 1, True), ("Anger", 2, False), ("Blackmail", 2, True), ("Blackmail", 1, False),
    ("Greed", 1, True), ("Greed", 2, True)])
def test_give_or_take_hermit_cards(card, receiver, matches):
    s = hermit(card, receiver=receiver, equipment={receiver: ["Holy Robe", "Chainsaw"]})
    opts = [k for k in kinds(s, receiver) if k[0] == "answer"]
    if not matches:
        assert opts == [("answer", "nothing")]
        return
    robe, saw = EQUIP_ID["Holy Robe"], EQUIP_ID["Chainsaw"]
    assert opts == [("answer", "give", robe), ("answer", "give", saw), ("answer", "damage")]
    act(s, receiver, "answer", "give", saw)      # the receiver picks which card
    assert names(s, 0) == ["Chainsaw"]
    assert names(s, receiver) == ["Holy Robe"]


def test_give_or_take_without_equipment_means_damage():
    s = hermit("Greed", receiver=1)
    assert [k for k in kinds(s, 1) if k[0] == "answer"] == [("answer", "damage")]
    act(s, 1, "answer", "damage")
    assert s.dmg[1] == 1


@pytest.mark.parametrize("card,chars,receiver,amount", [
    ("Slap", ["Franklin", "Vampire", "Allie", "Emi"], 3, 1),
    ("Spell", FOUR, 1, 1),
    ("Exorcism", FOUR, 3, 2),
    ("Bully", FOUR, 2, 1),           # Allie, HP 8
    ("Tough Lesson", FOUR, 3, 2),    # Werewolf, HP 14
])
def test_damage_hermit_cards(card, chars, receiver, amount):
    s = hermit(card, receiver=receiver, chars=chars)
    act(s, receiver, "answer", "damage")
    assert s.dmg[receiver] == amount


@pytest.mark.parametrize("card,receiver", [("Slap", 1), ("Spell", 2), ("Exorcism", 2),
                                           ("Bully", 3), ("Tough Lesson", 2)])
def test_damage_hermit_cards_miss_non_matches(card, receiver):
    s = hermit(card, receiver=receiver)
    assert [k for k in kinds(s, receiver) if k[0] == "answer"] == [("answer", "nothing")]


def test_prediction_shows_the_character_to_the_giver_only():
    s = hermit("Prediction", receiver=1)
    assert [k for k in kinds(s, 1) if k[0] == "answer"] == [("answer", "show")]
    events = act(s, 1, "answer", "show")
    assert ("saw", 1, "Vampire") in s.private[0]
    assert s.view(0)["shown_to_me"] == ((1, "Vampire"),)
    assert "shown_to_me" not in s.view(None)
    assert all("Vampire" not in e.text for e in events if e.seats is None)
    assert any("Vampire" in e.text and e.seats == (0,) for e in events)
    for seat in (2, 3):
        assert s.view(seat)["shown_to_me"] == ()


def test_hermit_card_identity_is_seen_by_giver_and_receiver_only():
    s = hermit("Exorcism", receiver=1)
    assert s.view(1)["holding"] == "Exorcism"
    for seat in (None, 2, 3):
        v = s.view(seat)
        assert "holding" not in v
        assert not any("Exorcism" in str(e) for e in v.get("private", ()))
    events = act(s, 1, "answer", "damage")
    public = [e.text for e in events if e.seats is None]
    assert not any("Exorcism" in t for t in public)
    assert s.disc[0] and s.view(None)["discards"]["hermit"] == 1


def test_hermit_kill_is_credited_to_the_giver():
    s = hermit("Spell", receiver=1, damage={1: 12}, equipment={1: ["Chainsaw"]})
    act(s, 1, "answer", "damage")
    assert not s.alive[1]
    assert names(s, 0) == ["Chainsaw"]


# --- White cards -----------------------------------------------------------------------------
def white(card, chars=FOUR, **kw):
    kw.setdefault("positions", {0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Church"})
    s = scenario(chars, phase="area", **kw)
    act(s, 0, "draw", "white")
    draw(s, card)
    return s


@pytest.mark.parametrize("card", ["Talisman", "Fortune Brooch", "Mystic Compass", "Holy Robe",
                                  "Silver Rosary", "Spear of Longinus"])
def test_white_equipment_is_kept_face_up(card):
    s = white(card)
    assert names(s, 0) == [card]
    assert s.view(None)["players"][0]["equipment"] == (card,)


def test_holy_water_heals_two():
    s = white("Holy Water of Healing", damage={0: 5})
    assert s.dmg[0] == 3
    assert "Holy Water of Healing" in s.view(None)["discards"]["white"]


def test_advent_lets_a_hunter_reveal_and_heal_fully():
    s = white("Advent", damage={0: 6})
    assert kinds(s)[:2] == [("card_use",), ("card_pass",)]
    act(s, 0, "card_use")
    assert s.rev[0] and s.dmg[0] == 0


def test_advent_offers_a_shadow_nothing_but_the_same_prompt():
    s = white("Advent", chars=["Vampire", "Emi", "Allie", "Werewolf"], damage={0: 6})
    assert s.view(None)["pending"]["kind"] == "card_opt"
    assert [k for k in kinds(s) if k[0].startswith("card")] == [("card_pass",)]
    act(s, 0, "card_pass")
    assert s.dmg[0] == 6 and not s.rev[0]


@pytest.mark.parametrize("char,ok", [("Allie", True), ("Agnes", True), ("Emi", True),
                                     ("Ellen", True), ("Unknown", True), ("Ultra Soul", True),
                                     ("Vampire", False), ("Bob", False), ("Franklin", False)])
def test_chocolate_heals_the_listed_characters(char, ok):
    others = [c for c in ("George", "Wight", "Daniel", "Valkyrie") if c != char][:3]
    s = white("Chocolate", chars=[char] + others, damage={0: 5})
    assert (("card_use",) in kinds(s)) == ok


def test_blessing_heals_another_character_d6():
    s = white("Blessing", damage={2: 6})
    assert ("card_target", 0) not in kinds(s)
    act(s, 0, "card_target", 2)
    die(s, "d6", 4)
    assert s.dmg[2] == 2


def test_concealed_knowledge_gives_another_turn():
    s = white("Concealed Knowledge")
    act(s, 0, "no_attack") if s.decider() == 0 and ("no_attack",) in kinds(s) else None
    act(s, 0, "end_turn")
    assert s.active == 0 and s.turn_no == 2


@pytest.mark.parametrize("char,reveals", [("Vampire", True), ("Werewolf", True),
                                          ("Unknown", False), ("Emi", False), ("Allie", False)])
def test_disenchant_mirror_reveals_shadows_except_unknown(char, reveals):
    others = [c for c in ("George", "Wight", "Daniel", "Franklin") if c != char][:3]
    s = white("Disenchant Mirror", chars=[char] + others)
    assert s.rev[0] == reveals


def test_first_aid_sets_damage_to_seven_self_allowed():
    s = white("First Aid", damage={0: 9, 2: 2})
    assert ("card_target", 0) in kinds(s)
    act(s, 0, "card_target", 2)
    assert s.dmg[2] == 7
    s = white("First Aid", damage={0: 9})
    act(s, 0, "card_target", 0)
    assert s.dmg[0] == 7


def test_flare_of_judgement_hits_every_other_character():
    s = white("Flare of Judgement", damage={2: 6})
    assert s.dmg == [0, 2, 8, 2]
    assert not s.alive[2]            # Allie (HP 8) dies


def test_guardian_angel_stops_attack_damage_until_next_turn():
    s = white("Guardian Angel", positions={0: "Church", 1: "Church", 2: "Weird Woods",
                                            3: "Hermit's Cabin"})
    act(s, 0, "no_attack")
    act(s, 0, "end_turn")
    # seat 1 attacks seat 0
    act(s, 1, "roll")
    dice(s, 4, 4)                    # Cemetery, same pair as the Church
    act(s, 1, "skip")
    act(s, 1, "attack", 0)
    dice(s, 6, 1)
    assert s.dmg[0] == 0


# --- Black cards -----------------------------------------------------------------------------
def black(card, chars=FOUR, **kw):
    kw.setdefault("positions", {0: "Cemetery", 1: "Church", 2: "Weird Woods", 3: "Cemetery"})
    s = scenario(chars, phase="area", **kw)
    act(s, 0, "draw", "black")
    draw(s, card)
    return s


@pytest.mark.parametrize("card", ["Cursed Sword Masamune", "Machine Gun", "Handgun",
                                  "Butcher Knife", "Chainsaw", "Rusted Broad Axe"])
def test_black_equipment_is_kept(card):
    s = black(card)
    assert names(s, 0) == [card]


def test_moody_goblin_takes_equipment_from_anyone():
    s = black("Moody Goblin", equipment={2: ["Talisman"], 3: ["Handgun"]})
    opts = [k for k in kinds(s) if k[0] == "goblin"]
    assert opts == [("goblin", 2, EQUIP_ID["Talisman"]), ("goblin", 3, EQUIP_ID["Handgun"])]
    act(s, 0, "goblin", 3, EQUIP_ID["Handgun"])
    assert names(s, 0) == ["Handgun"] and names(s, 3) == []


def test_moody_goblin_with_no_equipment_anywhere_does_nothing():
    s = black("Moody Goblin")
    assert s.view(None)["pending"]["kind"] == "attack"


def test_vampire_bat_deals_two_and_heals_one():
    s = black("Vampire Bat", damage={0: 3})
    act(s, 0, "card_target", 1)
    assert s.dmg[1] == 2 and s.dmg[0] == 2


def test_talisman_stops_bat_spider_and_dynamite():
    s = black("Vampire Bat", equipment={1: ["Talisman"]})
    act(s, 0, "card_target", 1)
    assert s.dmg[1] == 0
    s = black("Bloodthirsty Spider", equipment={0: ["Talisman"]})
    act(s, 0, "card_target", 1)
    assert s.dmg == [0, 2, 0, 0]


def test_bloodthirsty_spider_hurts_both():
    s = black("Bloodthirsty Spider")
    act(s, 0, "card_target", 2)
    assert s.dmg[2] == 2 and s.dmg[0] == 2


def test_banana_peel_must_give_equipment_when_held():
    s = black("Banana Peel", equipment={0: ["Chainsaw"]})
    opts = [k for k in kinds(s) if k[0] == "banana"]
    assert opts == [("banana", EQUIP_ID["Chainsaw"], t) for t in (1, 2, 3)]
    act(s, 0, "banana", EQUIP_ID["Chainsaw"], 2)
    assert names(s, 2) == ["Chainsaw"]


def test_banana_peel_without_equipment_costs_one_damage():
    s = black("Banana Peel")
    assert s.dmg[0] == 1


def test_diabolic_ritual_heals_a_hidden_shadow():
    s = black("Diabolic Ritual", chars=["Vampire", "Emi", "Allie", "Werewolf"], damage={0: 7})
    act(s, 0, "card_use")
    assert s.rev[0] and s.dmg[0] == 0


def test_diabolic_ritual_does_nothing_for_a_revealed_shadow_or_others():
    s = black("Diabolic Ritual", chars=["Vampire", "Emi", "Allie", "Werewolf"], damage={0: 7},
              revealed=[0])
    assert ("card_use",) not in kinds(s)
    s = black("Diabolic Ritual", damage={0: 7})
    assert ("card_use",) not in kinds(s)


def test_dynamite_hits_everyone_on_the_rolled_area_including_the_user():
    s = black("Dynamite")
    dice(s, 4, 4)                    # 8: Cemetery, where seats 0 and 3 stand
    assert s.dmg == [3, 0, 0, 3]


def test_dynamite_on_seven_does_nothing():
    s = black("Dynamite")
    dice(s, 4, 3)
    assert s.dmg == [0, 0, 0, 0]


@pytest.mark.parametrize("roll,expect", [(1, [0, 3, 0, 0]), (4, [0, 3, 0, 0]),
                                         (5, [3, 0, 0, 0]), (6, [3, 0, 0, 0])])
def test_spiritual_doll(roll, expect):
    s = black("Spiritual Doll")
    act(s, 0, "card_target", 1)
    die(s, "d6", roll)
    assert s.dmg == expect


def test_empty_deck_is_reshuffled_from_its_discards():
    s = scenario(FOUR, positions={0: "Church"}, phase="area",
                 discards={"white": ["Holy Water of Healing", "Advent"]})
    s.decks[1] = []                  # everything else is "held" for this test
    act(s, 0, "draw", "white")
    assert s.decider() == CHANCE and sorted(CARD_NAME[c] for c in s.decks[1]) == [
        "Advent", "Holy Water of Healing"]
    assert s.disc[1] == []
    with pytest.raises(RuleError):
        s.apply(CHANCE, Action("card", (EQUIP_ID["Talisman"],)))
    draw(s, "Advent")
