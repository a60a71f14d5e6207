"""Shadow Hunters components as tables: characters, Areas, and the 48 cards.

Everything is indexed by small ints so the engine can keep its state in plain lists.
"""

from __future__ import annotations

from game.i18n import N_

HUNTER, SHADOW, NEUTRAL = "H", "S", "N"
FACTION_NAME = {HUNTER: "Hunter", SHADOW: "Shadow", NEUTRAL: "Neutral"}

# --- characters ------------------------------------------------------------------------
# (name, faction, hp, set, win condition, ability)
CHARACTERS = (
    # Translators: Names: the characters keep their published names; the French edition's
    # Georges, Métamorphe (Unknown) and Loup-garou (Werewolf) are used; the Japanese
    # katakana and the German Vampir/Werwolf/Walküre/Wiedergänger/Der Unbekannte are our
    # own (not checked against an edition); win conditions and abilities are our own words
    (N_("Emi"), HUNTER, 10, "base", N_("every Shadow is dead"),
     N_("When moving, may move to a neighbouring Area instead of rolling.")),
    (N_("Franklin"), HUNTER, 12, "base", N_("every Shadow is dead"),
     N_("Once per game, at the start of your turn: deal d6 damage to a character.")),
    (N_("George"), HUNTER, 14, "base", N_("every Shadow is dead"),
     N_("Once per game, at the start of your turn: deal d4 damage to a character.")),
    (N_("Ellen"), HUNTER, 10, "expansion", N_("every Shadow is dead"),
     N_("Once per game, at the start of your turn: void a character's ability for the rest of the game.")),
    (N_("Fu-ka"), HUNTER, 12, "expansion", N_("every Shadow is dead"),
     N_("Once per game, at the start of your turn: set a character's damage to 7.")),
    (N_("Gregor"), HUNTER, 14, "expansion", N_("every Shadow is dead"),
     N_("Once per game, at the end of your turn: take no damage until your next turn starts.")),
    (N_("Unknown"), SHADOW, 11, "base", N_("every Hunter is dead, or 3 Neutrals are dead"),
     N_("When given a Hermit card, may answer falsely (not Prediction). Works while hidden.")),
    (N_("Vampire"), SHADOW, 13, "base", N_("every Hunter is dead, or 3 Neutrals are dead"),
     N_("When your attack deals damage, heal 2.")),
    (N_("Werewolf"), SHADOW, 14, "base", N_("every Hunter is dead, or 3 Neutrals are dead"),
     N_("After being attacked, may attack the attacker at once (may reveal to do so).")),
    (N_("Ultra Soul"), SHADOW, 11, "expansion", N_("every Hunter is dead, or 3 Neutrals are dead"),
     N_("At the start of each of your turns: deal 3 damage to a character on the Underworld Gate.")),
    (N_("Valkyrie"), SHADOW, 13, "expansion", N_("every Hunter is dead, or 3 Neutrals are dead"),
     N_("Your attacks roll only the d4; the damage is the roll.")),
    (N_("Wight"), SHADOW, 14, "expansion", N_("every Hunter is dead, or 3 Neutrals are dead"),
     N_("Once per game, at the end of your turn: take one extra turn per dead character.")),
    (N_("Allie"), NEUTRAL, 8, "base", N_("be alive when the game ends"),
     N_("Once per game, at any time: heal all your damage.")),
    (N_("Bob"), NEUTRAL, 10, "base", N_("own 5 or more Equipment cards"),
     N_("4-6 players: when your attack would deal 2+ damage, you may take an Equipment card "
        "from the target instead. 7-8 players: when your attack kills, take all the victim's Equipment.")),
    (N_("Charles"), NEUTRAL, 11, "base",
     N_("your attack kills a character and 3 or more characters are then dead"),
     N_("After your attack, may take 2 damage to attack the same target again.")),
    (N_("Daniel"), NEUTRAL, 13, "base",
     N_("be the first to die, or be alive when every Shadow is dead"),
     N_("Must reveal as soon as another character dies; cannot reveal otherwise.")),
    (N_("Agnes"), NEUTRAL, 8, "expansion", N_("the player on your right wins"),
     N_("Once, at the start of your turn: your condition becomes the player on your left winning.")),
    (N_("Bryan"), NEUTRAL, 10, "expansion",
     N_("your attack kills a character with 13+ HP, or be on Erstwhile Altar when the game ends"),
     N_("Must reveal when your attack kills a character with 12 or less HP.")),
    (N_("Catherine"), NEUTRAL, 11, "expansion",
     N_("be the first to die, or be one of the last two characters alive"),
     N_("At the start of each of your turns: heal 1.")),
    (N_("David"), NEUTRAL, 13, "expansion",
     N_("own 3 or more of Talisman, Spear of Longinus, Holy Robe, Silver Rosary"),
     N_("Once per game, on your turn: take an Equipment card of your choice from the discard piles.")),
)
(EMI, FRANKLIN, GEORGE, ELLEN, FUKA, GREGOR, UNKNOWN, VAMPIRE, WEREWOLF, ULTRA_SOUL,
 VALKYRIE, WIGHT, ALLIE, BOB, CHARLES, DANIEL, AGNES, BRYAN, CATHERINE, DAVID) = range(20)

CHAR_NAME = tuple(c[0] for c in CHARACTERS)
CHAR_ID = {name: i for i, name in enumerate(CHAR_NAME)}
FACTION = tuple(c[1] for c in CHARACTERS)
HP = tuple(c[2] for c in CHARACTERS)
CHAR_SET = tuple(c[3] for c in CHARACTERS)
INITIAL = tuple(c[0][0] for c in CHARACTERS)

# hunters, shadows, neutrals per player count
ALLOCATION = {4: (2, 2, 0), 5: (2, 2, 1), 6: (2, 2, 2), 7: (2, 2, 3), 8: (3, 3, 2)}

# --- areas -------------------------------------------------------------------------------
# Translators: Names: the French names are the French edition's (Refuge de l'Ermite,
# Porte de l'Outremonde, Monastère, Cimetière, Forêt hantée, Sanctuaire ancien); the
# German and Japanese names are our own
AREAS = (N_("Hermit's Cabin"), N_("Underworld Gate"), N_("Church"), N_("Cemetery"), N_("Weird Woods"),
         N_("Erstwhile Altar"))
HERMITS_CABIN, UNDERWORLD_GATE, CHURCH, CEMETERY, WEIRD_WOODS, ERSTWHILE_ALTAR = range(6)
AREA_ID = {name: i for i, name in enumerate(AREAS)}
# d6+d4 total -> Area; 7 is "any other Area" (None)
ROLL_AREA = {2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: None, 8: 3, 9: 4, 10: 5}
AREA_ROLLS = {0: "2-3", 1: "4-5", 2: "6", 3: "8", 4: "9", 5: "10"}

# --- cards ----------------------------------------------------------------------------------
HERMIT_DECK, WHITE_DECK, BLACK_DECK = 0, 1, 2
DECK_NAME = ("hermit", "white", "black")
DECK_ID = {name: i for i, name in enumerate(DECK_NAME)}

# Hermit: (name, copies, matches, effect, amount). matches is a set of factions, or
# "hp<=11" / "hp>=12" / "any". effect: heal (heal 1, or take 1 when undamaged),
# anger (give an Equipment card or take 1), damage, show.
HERMIT_CARDS = (
    # Translators: Names: the Hermit deck is the French edition's Vision and the Japanese
    # edition's 推理カード; the German Einsiedler and every card's name are our own
    (N_("Aid"), 1, {HUNTER}, "heal", 1),
    (N_("Huddle"), 1, {SHADOW}, "heal", 1),
    (N_("Nurturance"), 1, {NEUTRAL}, "heal", 1),
    (N_("Anger"), 2, {HUNTER, SHADOW}, "anger", 1),
    (N_("Blackmail"), 2, {NEUTRAL, HUNTER}, "anger", 1),
    (N_("Greed"), 2, {NEUTRAL, SHADOW}, "anger", 1),
    (N_("Slap"), 2, {HUNTER}, "damage", 1),
    (N_("Spell"), 1, {SHADOW}, "damage", 1),
    (N_("Exorcism"), 1, {SHADOW}, "damage", 2),
    (N_("Bully"), 1, "hp<=11", "damage", 1),
    (N_("Tough Lesson"), 1, "hp>=12", "damage", 2),
    (N_("Prediction"), 1, "any", "show", 0),
)
HERMIT_TEXT = {
    "Aid": N_("I bet you're a Hunter! If so, heal 1 (take 1 if undamaged)."),
    "Huddle": N_("I bet you're a Shadow! If so, heal 1 (take 1 if undamaged)."),
    "Nurturance": N_("I bet you're a Neutral! If so, heal 1 (take 1 if undamaged)."),
    "Anger": N_("I bet you're a Hunter or a Shadow! If so, give me an Equipment card or take 1."),
    "Blackmail": N_("I bet you're a Neutral or a Hunter! If so, give me an Equipment card or take 1."),
    "Greed": N_("I bet you're a Neutral or a Shadow! If so, give me an Equipment card or take 1."),
    "Slap": N_("I bet you're a Hunter! If so, take 1 damage."),
    "Spell": N_("I bet you're a Shadow! If so, take 1 damage."),
    "Exorcism": N_("I bet you're a Shadow! If so, take 2 damage."),
    "Bully": N_("I bet your HP is 11 or less! If so, take 1 damage."),
    "Tough Lesson": N_("I bet your HP is 12 or more! If so, take 2 damage."),
    "Prediction": N_("Show me your character card, secretly."),
}

# White/Black: (name, copies, equipment?, one-line effect)
# Translators: Names: White and Black cards (the French edition's Lumière and Ténèbres);
# the card names are our own in every language
WHITE_CARDS = (
    (N_("Talisman"), 1, True, N_("Equipment: no damage from Bloodthirsty Spider, Vampire Bat or Dynamite.")),
    (N_("Fortune Brooch"), 1, True, N_("Equipment: no damage from Weird Woods.")),
    (N_("Mystic Compass"), 1, True, N_("Equipment: when moving, roll twice and choose.")),
    (N_("Holy Robe"), 1, True, N_("Equipment: your attacks deal 1 less; attack damage to you is 1 less.")),
    (N_("Silver Rosary"), 1, True, N_("Equipment: when you kill, take all the victim's Equipment.")),
    (N_("Spear of Longinus"), 1, True, N_("Equipment: as a revealed Hunter, your hits deal 2 more.")),
    (N_("Holy Water of Healing"), 2, False, N_("Heal 2.")),
    (N_("Advent"), 1, False, N_("If you are a Hunter, you may reveal and heal fully.")),
    (N_("Chocolate"), 1, False,
     N_("If you are Allie, Agnes, Emi, Ellen, Unknown or Ultra Soul, you may reveal and heal fully.")),
    (N_("Blessing"), 1, False, N_("Another character heals d6.")),
    (N_("Concealed Knowledge"), 1, False, N_("Take another turn after this one.")),
    (N_("Disenchant Mirror"), 1, False, N_("If you are a Shadow other than Unknown, you must reveal.")),
    (N_("First Aid"), 1, False, N_("Set a character's damage to 7 (yourself allowed).")),
    (N_("Flare of Judgement"), 1, False, N_("Every other character takes 2 damage.")),
    (N_("Guardian Angel"), 1, False, N_("No damage from attacks until your next turn starts.")),
)
BLACK_CARDS = (
    (N_("Cursed Sword Masamune"), 1, True,
     N_("Equipment: you must attack when anyone is in range; roll only the d4.")),
    (N_("Machine Gun"), 1, True, N_("Equipment: your attack hits everyone in range (one roll).")),
    (N_("Handgun"), 1, True, N_("Equipment: your range is every Area outside your pair.")),
    (N_("Butcher Knife"), 1, True, N_("Equipment: +1 damage on a hit.")),
    (N_("Chainsaw"), 1, True, N_("Equipment: +1 damage on a hit.")),
    (N_("Rusted Broad Axe"), 1, True, N_("Equipment: +1 damage on a hit.")),
    (N_("Moody Goblin"), 2, False, N_("Take an Equipment card from any character.")),
    (N_("Vampire Bat"), 3, False, N_("Deal 2 damage to a character and heal 1.")),
    (N_("Bloodthirsty Spider"), 1, False, N_("Deal 2 damage to a character and take 2 yourself.")),
    (N_("Banana Peel"), 1, False, N_("Give one of your Equipment cards to another character; with none, take 1.")),
    (N_("Diabolic Ritual"), 1, False, N_("If you are a hidden Shadow, you may reveal and heal fully.")),
    (N_("Dynamite"), 1, False, N_("Roll both dice: everyone on that Area takes 3 (7: nothing).")),
    (N_("Spiritual Doll"), 1, False, N_("Choose a character and roll d6: 1-4 they take 3, 5-6 you take 3.")),
)


def _expand():
    names, decks, equip = [], [], []
    for name, copies, *_ in HERMIT_CARDS:
        for _ in range(copies):
            names.append(name)
            decks.append(HERMIT_DECK)
            equip.append(False)
    for deck, table in ((WHITE_DECK, WHITE_CARDS), (BLACK_DECK, BLACK_CARDS)):
        for name, copies, is_equip, _ in table:
            for _ in range(copies):
                names.append(name)
                decks.append(deck)
                equip.append(is_equip)
    return tuple(names), tuple(decks), tuple(equip)


CARD_NAME, CARD_DECK, CARD_EQUIP = _expand()
NUM_CARDS = len(CARD_NAME)
DECK_CARDS = tuple(tuple(c for c in range(NUM_CARDS) if CARD_DECK[c] == d) for d in range(3))
EQUIP_ID = {CARD_NAME[c]: c for c in range(NUM_CARDS) if CARD_EQUIP[c]}
HERMIT_INFO = {row[0]: row for row in HERMIT_CARDS}
CARD_TEXT = {row[0]: row[3] for row in WHITE_CARDS + BLACK_CARDS}
CARD_TEXT.update(HERMIT_TEXT)

(TALISMAN, FORTUNE_BROOCH, MYSTIC_COMPASS, HOLY_ROBE, SILVER_ROSARY, SPEAR) = (
    EQUIP_ID[n] for n in ("Talisman", "Fortune Brooch", "Mystic Compass", "Holy Robe",
                          "Silver Rosary", "Spear of Longinus"))
(MASAMUNE, MACHINE_GUN, HANDGUN, BUTCHER_KNIFE, CHAINSAW, BROAD_AXE) = (
    EQUIP_ID[n] for n in ("Cursed Sword Masamune", "Machine Gun", "Handgun", "Butcher Knife",
                          "Chainsaw", "Rusted Broad Axe"))
WEAPONS = (BUTCHER_KNIFE, CHAINSAW, BROAD_AXE)
DAVID_SET = (TALISMAN, SPEAR, HOLY_ROBE, SILVER_ROSARY)
CHOCOLATE_CHARS = frozenset((ALLIE, AGNES, EMI, ELLEN, UNKNOWN, ULTRA_SOUL))

assert NUM_CARDS == 48 and all(len(d) == 16 for d in DECK_CARDS)


def pool_characters(pool, abilities, rng=None):
    """Character ids the deal may use; for "initial" one per initial (needs ``rng``)."""
    chars = list(range(20))
    if pool == "base":
        chars = [c for c in chars if CHAR_SET[c] == "base"]
    elif pool == "expansion":
        chars = [c for c in chars if CHAR_SET[c] == "expansion"]
    if not abilities:
        chars = [c for c in chars if c != BOB]
    if pool == "initial" and rng is not None:
        by_initial = {}
        for c in chars:
            by_initial.setdefault(INITIAL[c], []).append(c)
        chars = sorted(rng.choice(v) for v in by_initial.values())
    return chars
