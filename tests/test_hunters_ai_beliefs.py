"""Shadow Hunters bots: what a seat comes to believe from what its view shows."""

import random

from game.ai.hunters_beliefs import Beliefs, hermit_likelihood
from game.rules.hunters.data import CHAR_ID, DANIEL, FACTION, HP, HUNTER, NEUTRAL, SHADOW
from game.rules.hunters.scenario import act, dice, die, draw, scenario

FIVE = ["Emi", "Vampire", "Franklin", "Werewolf", "Allie"]     # H S H S N
EIGHT = ["Emi", "Vampire", "Franklin", "Werewolf", "Allie", "George", "Wight", "Bob"]


def beliefs(s, seat):
    b = Beliefs(seat, s.view(seat))
    b.update(s.view(seat))
    return b


def hermit(s, giver, receiver, card):
    """``giver`` (at the Hermit's Cabin, in the area phase) gives ``card`` to ``receiver``."""
    act(s, giver, "draw", "hermit")
    draw(s, card)
    act(s, giver, "give", receiver)


def test_prior_follows_the_allocation_table():
    s = scenario(FIVE)
    b = beliefs(s, 0)                     # a Hunter: the other 4 are 1 H, 2 S, 1 N
    for i in range(1, 5):
        f = b.faction(i)
        assert abs(f[HUNTER] - 0.25) < 1e-9 and abs(f[SHADOW] - 0.5) < 1e-9
        assert abs(f[NEUTRAL] - 0.25) < 1e-9
    assert b.faction(0)[HUNTER] == 1.0


def test_a_hermit_card_i_gave_and_its_public_answer():
    s = scenario(FIVE, positions={0: "Hermit's Cabin"}, phase="area")
    hermit(s, 0, 1, "Spell")
    act(s, 1, "answer", "damage")
    b = beliefs(s, 0)
    assert b.faction(1)[SHADOW] > 0.99
    # the same answer seen by a bystander: it does not know which card it was
    other = beliefs(s, 2)
    assert other.faction(1)[SHADOW] < 0.9   # many cards deal 1 to someone


def test_nothing_happens_clears_the_matching_faction_except_for_the_unknown():
    s = scenario(FIVE, positions={0: "Hermit's Cabin"}, phase="area")
    hermit(s, 0, 4, "Exorcism")
    act(s, 4, "answer", "nothing")        # Allie: not a Shadow
    b = beliefs(s, 0)
    chars = b.characters(4)
    unknown = chars.get(CHAR_ID["Unknown"], 0.0)
    assert 0.0 < unknown < 0.2            # only the Unknown may lie about it
    assert abs(b.faction(4)[SHADOW] - unknown) < 1e-3
    assert b.faction(4)[SHADOW] < 0.5 * beliefs(scenario(FIVE), 0).faction(4)[SHADOW]


def test_two_damage_from_an_unseen_hermit_card_means_shadow_or_big():
    s = scenario(FIVE, positions={0: "Hermit's Cabin"}, phase="area")
    hermit(s, 0, 3, "Exorcism")
    act(s, 3, "answer", "damage")
    assert s.dmg[3] == 2
    b = beliefs(s, 4)                      # Allie saw only "takes damage" and the amount
    chars = b.characters(3)
    likely = sum(p for c, p in chars.items() if FACTION[c] == SHADOW or HP[c] >= 12)
    assert likely > 0.99


def test_a_hermit_card_i_received_hints_at_the_giver():
    s = scenario(EIGHT, positions={0: "Hermit's Cabin"}, phase="area")
    hermit(s, 0, 1, "Exorcism")            # seat 1 (Vampire) gets a card that bets Shadow
    b = beliefs(s, 1)
    # the giver hoped to hurt a Shadow: less likely to be one than an uninvolved seat
    assert b.faction(0)[SHADOW] < b.faction(5)[SHADOW]


def test_an_observed_attack_on_a_revealed_hunter():
    s = scenario(EIGHT, revealed=[2], positions={1: "Church", 2: "Cemetery"}, active=1,
                 phase="attack")
    act(s, 1, "attack", 2)
    dice(s, 4, 1)
    b = beliefs(s, 0)                      # Emi, a Hunter, watched it
    prior = beliefs(scenario(EIGHT, revealed=[2]), 0)
    assert b.faction(1)[HUNTER] < prior.faction(1)[HUNTER] * 0.5
    assert b.faction(1)[SHADOW] > b.faction(5)[SHADOW]
    assert b.hostility[1][2] == 3


def test_an_attack_on_me_makes_the_attacker_unlikely_to_be_my_ally():
    s = scenario(EIGHT, positions={1: "Church", 0: "Cemetery"}, active=1, phase="attack")
    act(s, 1, "attack", 0)
    dice(s, 3, 1)
    b = beliefs(s, 0)
    assert b.faction(1)[HUNTER] < b.faction(5)[HUNTER]


def opened_on(seat, target, *, hurt_by_target=0, equipment=None):
    """Emi (seat 0, a Hunter) watches ``seat`` attack the hidden ``target``, which had
    already dealt ``seat`` that much damage."""
    s = scenario(EIGHT, positions={seat: "Church", target: "Cemetery"}, active=seat,
                 phase="attack", equipment=equipment)
    b = beliefs(s, 0)
    b.hostility[target][seat] = hurt_by_target
    act(s, seat, "attack", target)
    if equipment and "Cursed Sword Masamune" in equipment.get(seat, ()):
        die(s, "d4", 3)
    else:
        dice(s, 3, 1)
    b.update(s.view(0))
    return b


def test_an_unprovoked_attack_makes_the_attacker_unlikely_to_be_a_neutral():
    prior = beliefs(scenario(EIGHT), 0).faction(4)[NEUTRAL]      # 2 of the 7 others
    assert abs(prior - 2 / 7) < 1e-9
    b = opened_on(4, 5)                   # Allie opens a fight on a hidden seat
    assert b.faction(4)[NEUTRAL] < 0.1
    assert b.faction(7)[NEUTRAL] > prior  # the two Neutrals are elsewhere


def test_hitting_back_or_a_masamune_attack_says_nothing_of_being_a_neutral():
    prior = beliefs(scenario(EIGHT), 0).faction(4)[NEUTRAL]
    assert opened_on(4, 5, hurt_by_target=2).faction(4)[NEUTRAL] >= prior
    masamune = opened_on(4, 5, equipment={4: ["Cursed Sword Masamune"]})
    assert masamune.faction(4)[NEUTRAL] >= prior


def test_a_reveal_fixes_the_character_and_removes_it_from_the_others():
    s = scenario(FIVE)
    act(s, 3, "reveal")
    b = beliefs(s, 0)
    assert b.characters(3) == {CHAR_ID["Werewolf"]: 1.0}
    for i in (1, 2, 4):
        assert b.characters(i).get(CHAR_ID["Werewolf"], 0.0) == 0.0
    # Emi + a known Shadow: seats 1, 2, 4 hold 1 Hunter, 1 Shadow, 1 Neutral
    assert abs(sum(b.faction(i)[SHADOW] for i in (1, 2, 4)) - 1.0) < 1e-9


def test_a_seat_still_hidden_after_a_death_is_not_daniel():
    s = scenario(["Emi", "Vampire", "Franklin", "Werewolf", "Allie", "George"], damage={4: 7},
                 positions={1: "Church", 4: "Cemetery"}, active=1, phase="attack")
    act(s, 1, "attack", 4)
    dice(s, 4, 1)
    assert not s.alive[4]
    b = beliefs(s, 0)
    for i in (1, 2, 3, 5):
        assert b.characters(i).get(DANIEL, 0.0) == 0.0


def test_likelihood_of_the_unknowns_answers():
    unknown, emi = CHAR_ID["Unknown"], CHAR_ID["Emi"]
    assert hermit_likelihood(emi, "Slap", ("damage", 1), False) == 1.0
    assert hermit_likelihood(emi, "Slap", ("nothing", 0), False) == 0.0
    assert 0 < hermit_likelihood(unknown, "Slap", ("damage", 1), False) < 1
    assert hermit_likelihood(unknown, "Prediction", ("show", 0), False) == 1.0


def test_sampled_deals_respect_the_facts_and_the_allocation():
    s = scenario(FIVE, revealed=[2])
    b = beliefs(s, 0)
    rng = random.Random(4)
    for _ in range(50):
        deal = b.sample_characters(rng)
        assert deal[0] == CHAR_ID["Emi"] and deal[2] == CHAR_ID["Franklin"]
        assert len(set(deal)) == 5
        assert sorted(FACTION[c] for c in deal) == sorted("HHSSN")


def test_an_undo_or_a_new_game_rebuilds_the_beliefs():
    s = scenario(FIVE, positions={0: "Hermit's Cabin"}, phase="area")
    before = s.clone()
    hermit(s, 0, 1, "Spell")
    act(s, 1, "answer", "damage")
    b = Beliefs(0, s.view(0))
    b.update(s.view(0))
    assert b.faction(1)[SHADOW] > 0.99
    # back to before the card (as an undo would), then something else happens
    act(before, 0, "skip")
    before.history.extend([("heal", 3, 0, "woods")] * 10)
    b.update(before.view(0))
    assert b.faction(1)[SHADOW] < 0.9
