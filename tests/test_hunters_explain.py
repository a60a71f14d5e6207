"""The log and the dice banner add up: every attack's words give the dice, the difference,
each modifier with its source and the damage the rules actually deal."""

import random

from game.rules.hunters.combat import attack_damage, attack_terms
from game.rules.hunters.scenario import act, dice, draw, scenario
from game.rules.hunters.state import HuntersState
from game.rules.hunters.views import events_since
from game.rules.protocol import CHANCE, NOBODY

POS = {0: "Church", 1: "Cemetery", 2: "Weird Woods", 3: "Hermit's Cabin"}


def texts(events):
    return [e.text for e in events]


def test_an_attack_with_an_axe_reads_as_the_whole_sum():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS,
                 equipment={0: ["Rusted Broad Axe"]})
    act(s, 0, "attack", 1)
    out = texts(dice(s, 4, 2))
    assert out[0] == "Player 1 attacks Player 2: 4 − 2 = 2, +1 Rusted Broad Axe = 3 damage"
    assert "Player 2 takes 3 damage from the attack" in out


def test_equal_dice_are_a_miss_and_a_guardian_angel_blocks():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS)
    act(s, 0, "attack", 1)
    assert texts(dice(s, 3, 3))[0] == "Player 1 attacks Player 2: 3 − 3 = 0, a miss (equal dice): no damage"
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS)
    s.guardian[1] = True
    act(s, 0, "attack", 1)
    out = texts(dice(s, 6, 1))
    assert out[0] == "Player 1 attacks Player 2: 6 − 1 = 5, blocked by Guardian Angel, no damage"
    assert not any("takes" in t for t in out)


def test_masamune_rolls_the_d4_only_and_says_why():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="attack", positions=POS,
                 equipment={0: ["Cursed Sword Masamune"]})
    act(s, 0, "attack", 1)
    out = texts(s.apply(CHANCE, __import__("game.rules.protocol", fromlist=["Action"]).Action("d4", (3,))))
    assert out[0] == "Player 1 attacks Player 2: d4 only (Cursed Sword Masamune) = 3 damage"


def test_the_fortune_brooch_is_named_when_the_woods_do_nothing():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area",
                 positions={0: "Weird Woods", 1: "Cemetery", 2: "Church", 3: "Hermit's Cabin"},
                 equipment={1: ["Fortune Brooch"]})
    out = texts(act(s, 0, "woods", "damage", 1))
    assert "Player 2 takes no damage in the Weird Woods (Fortune Brooch)" in out


def test_a_roll_of_the_area_you_stand_on_says_why_it_is_rolled_again():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="start", positions=POS)
    act(s, 0, "roll")
    out = texts(dice(s, 5, 1))        # 6: the Church, where Player 1 stands
    assert out[0] == "Player 1 rolls 5 + 1 = 6 (Church): already there, so they roll again"
    out = texts(dice(s, 1, 1))
    assert out[0] == "Player 1 rolls 1 + 1 = 2 (Hermit's Cabin)"


def test_the_words_add_up_to_what_the_rules_deal_in_random_games():
    """attack_terms (the words) and attack_damage (the rules) agree on every hit."""
    rng = random.Random(5)
    checked = 0
    for g in range(150):
        s = HuntersState.new(4 + g % 5)
        while s.dec != NOBODY:
            if s.dec == CHANCE:
                s.fast_apply(CHANCE, s.fast_chance(rng))
                continue
            f = s.stack[-1]
            if f[0] == "attack":
                for a in range(s.n):
                    for t in range(s.n):
                        if a != t and s.alive[a] and s.alive[t]:
                            for base in (1, 3):
                                terms, blocked = attack_terms(s, a, t)
                                want = 0 if blocked else max(0, base + sum(d for _, d in terms))
                                assert attack_damage(s, a, t, base) == want
                                checked += 1
            acts = s.fast_legal(s.dec)
            s.fast_apply(s.dec, acts[int(rng.random() * len(acts))])
    assert checked > 1000


def test_every_event_of_random_games_has_words():
    rng = random.Random(9)
    for g in range(60):
        s = HuntersState.new(4 + g % 5)
        while s.dec != NOBODY:
            h0, t0 = len(s.history), len(s.told)
            if s.dec == CHANCE:
                s.fast_apply(CHANCE, s.fast_chance(rng))
            else:
                acts = s.fast_legal(s.dec)
                s.fast_apply(s.dec, acts[int(rng.random() * len(acts))])
            for e in events_since(s, h0, t0):
                assert e.text and not e.text.startswith("(")


def test_equipment_handed_over_reads_as_given_and_taken_equipment_as_taken():
    # Banana Peel: the holder chooses to give; the Erstwhile Altar: the mover takes
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area", equipment={0: ["Chainsaw"]},
                 positions={0: "Cemetery", 1: "Church", 2: "Weird Woods", 3: "Hermit's Cabin"})
    act(s, 0, "draw", "black")
    draw(s, "Banana Peel")
    give = next(a for a in s.legal_actions(0) if a.kind == "banana" and a.args[1] == 2)
    assert texts(s.apply(0, give)) == ["Player 1 gives Chainsaw to Player 3"]
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf"], phase="area", equipment={1: ["Chainsaw"]},
                 positions={0: "Erstwhile Altar", 1: "Church", 2: "Weird Woods", 3: "Hermit's Cabin"})
    take = next(a for a in s.legal_actions(0) if a.kind == "altar")
    assert texts(s.apply(0, take)) == ["Player 1 takes Chainsaw from Player 2"]
