"""Shadow Hunters components as tables: characters, Areas, and the 48 cards.

Everything is indexed by small ints so the engine can keep its state in plain lists.
"""

from __future__ import annotations

HUNTER, SHADOW, NEUTRAL = "H", "S", "N"
FACTION_NAME = {HUNTER: "Hunter", SHADOW: "Shadow", NEUTRAL: "Neutral"}

# --- characters ------------------------------------------------------------------------
# (name, faction, hp, set, win condition, ability)
CHARACTERS = (
    ("Emi", HUNTER, 10, "base", "every Shadow is dead",
     "When moving, may move to a neighbouring Area instead of rolling."),
    ("Franklin", HUNTER, 12, "base", "every Shadow is dead",
     "Once per game, at the start of your turn: deal d6 damage to a character."),
    ("George", HUNTER, 14, "base", "every Shadow is dead",
     "Once per game, at the start of your turn: deal d4 damage to a character."),
    ("Ellen", HUNTER, 10, "expansion", "every Shadow is dead",
     "Once per game, at the start of your turn: void a character's ability for the rest of the game."),
    ("Fu-ka", HUNTER, 12, "expansion", "every Shadow is dead",
     "Once per game, at the start of your turn: set a character's damage to 7."),
    ("Gregor", HUNTER, 14, "expansion", "every Shadow is dead",
     "Once per game, at the end of your turn: take no damage until your next turn starts."),
    ("Unknown", SHADOW, 11, "base", "every Hunter is dead, or 3 Neutrals are dead",
     "When given a Hermit card, may answer falsely (not Prediction). Works while hidden."),
    ("Vampire", SHADOW, 13, "base", "every Hunter is dead, or 3 Neutrals are dead",
     "When your attack deals damage, heal 2."),
    ("Werewolf", SHADOW, 14, "base", "every Hunter is dead, or 3 Neutrals are dead",
     "After being attacked, may attack the attacker at once (may reveal to do so)."),
    ("Ultra Soul", SHADOW, 11, "expansion", "every Hunter is dead, or 3 Neutrals are dead",
     "At the start of each of your turns: deal 3 damage to a character on the Underworld Gate."),
    ("Valkyrie", SHADOW, 13, "expansion", "every Hunter is dead, or 3 Neutrals are dead",
     "Your attacks roll only the d4; the damage is the roll."),
    ("Wight", SHADOW, 14, "expansion", "every Hunter is dead, or 3 Neutrals are dead",
     "Once per game, at the end of your turn: take one extra turn per dead character."),
    ("Allie", NEUTRAL, 8, "base", "be alive when the game ends",
     "Once per game, at any time: heal all your damage."),
    ("Bob", NEUTRAL, 10, "base", "own 5 or more Equipment cards",
     "4-6 players: when your attack would deal 2+ damage, you may take an Equipment card "
     "from the target instead. 7-8 players: when your attack kills, take all the victim's Equipment."),
    ("Charles", NEUTRAL, 11, "base",
     "your attack kills a character and 3 or more characters are then dead",
     "After your attack, may take 2 damage to attack the same target again."),
    ("Daniel", NEUTRAL, 13, "base",
     "be the first to die, or be alive when every Shadow is dead",
     "Must reveal as soon as another character dies; cannot reveal otherwise."),
    ("Agnes", NEUTRAL, 8, "expansion", "the player on your right wins",
     "Once, at the start of your turn: your condition becomes the player on your left winning."),
    ("Bryan", NEUTRAL, 10, "expansion",
     "your attack kills a character with 13+ HP, or be on Erstwhile Altar when the game ends",
     "Must reveal when your attack kills a character with 12 or less HP."),
    ("Catherine", NEUTRAL, 11, "expansion",
     "be the first to die, or be one of the last two characters alive",
     "At the start of each of your turns: heal 1."),
    ("David", NEUTRAL, 13, "expansion",
     "own 3 or more of Talisman, Spear of Longinus, Holy Robe, Silver Rosary",
     "Once per game, on your turn: take an Equipment card of your choice from the discard piles."),
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
AREAS = ("Hermit's Cabin", "Underworld Gate", "Church", "Cemetery", "Weird Woods",
         "Erstwhile Altar")
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
    ("Aid", 1, {HUNTER}, "heal", 1),
    ("Huddle", 1, {SHADOW}, "heal", 1),
    ("Nurturance", 1, {NEUTRAL}, "heal", 1),
    ("Anger", 2, {HUNTER, SHADOW}, "anger", 1),
    ("Blackmail", 2, {NEUTRAL, HUNTER}, "anger", 1),
    ("Greed", 2, {NEUTRAL, SHADOW}, "anger", 1),
    ("Slap", 2, {HUNTER}, "damage", 1),
    ("Spell", 1, {SHADOW}, "damage", 1),
    ("Exorcism", 1, {SHADOW}, "damage", 2),
    ("Bully", 1, "hp<=11", "damage", 1),
    ("Tough Lesson", 1, "hp>=12", "damage", 2),
    ("Prediction", 1, "any", "show", 0),
)
HERMIT_TEXT = {
    "Aid": "I bet you're a Hunter! If so, heal 1 (take 1 if undamaged).",
    "Huddle": "I bet you're a Shadow! If so, heal 1 (take 1 if undamaged).",
    "Nurturance": "I bet you're a Neutral! If so, heal 1 (take 1 if undamaged).",
    "Anger": "I bet you're a Hunter or a Shadow! If so, give me an Equipment card or take 1.",
    "Blackmail": "I bet you're a Neutral or a Hunter! If so, give me an Equipment card or take 1.",
    "Greed": "I bet you're a Neutral or a Shadow! If so, give me an Equipment card or take 1.",
    "Slap": "I bet you're a Hunter! If so, take 1 damage.",
    "Spell": "I bet you're a Shadow! If so, take 1 damage.",
    "Exorcism": "I bet you're a Shadow! If so, take 2 damage.",
    "Bully": "I bet your HP is 11 or less! If so, take 1 damage.",
    "Tough Lesson": "I bet your HP is 12 or more! If so, take 2 damage.",
    "Prediction": "Show me your character card, secretly.",
}

# White/Black: (name, copies, equipment?, one-line effect)
WHITE_CARDS = (
    ("Talisman", 1, True, "Equipment: no damage from Bloodthirsty Spider, Vampire Bat or Dynamite."),
    ("Fortune Brooch", 1, True, "Equipment: no damage from Weird Woods."),
    ("Mystic Compass", 1, True, "Equipment: when moving, roll twice and choose."),
    ("Holy Robe", 1, True, "Equipment: your attacks deal 1 less; attack damage to you is 1 less."),
    ("Silver Rosary", 1, True, "Equipment: when you kill, take all the victim's Equipment."),
    ("Spear of Longinus", 1, True, "Equipment: as a revealed Hunter, your hits deal 2 more."),
    ("Holy Water of Healing", 2, False, "Heal 2."),
    ("Advent", 1, False, "If you are a Hunter, you may reveal and heal fully."),
    ("Chocolate", 1, False,
     "If you are Allie, Agnes, Emi, Ellen, Unknown or Ultra Soul, you may reveal and heal fully."),
    ("Blessing", 1, False, "Another character heals d6."),
    ("Concealed Knowledge", 1, False, "Take another turn after this one."),
    ("Disenchant Mirror", 1, False, "If you are a Shadow other than Unknown, you must reveal."),
    ("First Aid", 1, False, "Set a character's damage to 7 (yourself allowed)."),
    ("Flare of Judgement", 1, False, "Every other character takes 2 damage."),
    ("Guardian Angel", 1, False, "No damage from attacks until your next turn starts."),
)
BLACK_CARDS = (
    ("Cursed Sword Masamune", 1, True,
     "Equipment: you must attack when anyone is in range; roll only the d4."),
    ("Machine Gun", 1, True, "Equipment: your attack hits everyone in range (one roll)."),
    ("Handgun", 1, True, "Equipment: your range is every Area outside your pair."),
    ("Butcher Knife", 1, True, "Equipment: +1 damage on a hit."),
    ("Chainsaw", 1, True, "Equipment: +1 damage on a hit."),
    ("Rusted Broad Axe", 1, True, "Equipment: +1 damage on a hit."),
    ("Moody Goblin", 2, False, "Take an Equipment card from any character."),
    ("Vampire Bat", 3, False, "Deal 2 damage to a character and heal 1."),
    ("Bloodthirsty Spider", 1, False, "Deal 2 damage to a character and take 2 yourself."),
    ("Banana Peel", 1, False, "Give one of your Equipment cards to another character; with none, take 1."),
    ("Diabolic Ritual", 1, False, "If you are a hidden Shadow, you may reveal and heal fully."),
    ("Dynamite", 1, False, "Roll both dice: everyone on that Area takes 3 (7: nothing)."),
    ("Spiritual Doll", 1, False, "Choose a character and roll d6: 1-4 they take 3, 5-6 you take 3."),
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
