"""The Shadow Hunters tutorial in two parts: the first three turns of a four-player game
(Basics), then the same game on to its end (Winning and dying).

Seed 710 with the base characters makes you (seat 0) the Werewolf, a Shadow, and has you
start. With the moves below the dice and the decks bring up, for you: a move by the dice,
a Hermit card drawn at the Hermit's Cabin, given to Carol and answered, a Hermit card
given to you to answer, an attack on you and the Werewolf's counterattack (which reveals
you), two rolls of 7 (any Area), a Black card that is Equipment at the Cemetery (Butcher
Knife), your own attack in your Area pair with the Knife's bonus, and the Weird Woods. Part 2
(``TUTORIAL_2``) plays the same game on to its end and the results. What neither part
reaches is explained with the table pointed at (``RULES`` below): the Church, the Hunters'
and the Neutrals' wins, the Unknown's lie, a deck's reshuffle, one roll for several targets
and the two Setup variants. Found by searching seeds (build_scripts/research/find_hunters_tutorial.py);
tests/test_tutorial.py checks every move is legal where it stands and plays it on the real
table. The rows stop before the game's end (``ends_game=False``).

Seats: you 0 (Werewolf), Bob 1 (Unknown), Carol 2 (George), Dave 3 (Franklin); the board
in pairs: Hermit's Cabin + Church, Weird Woods + Cemetery, Erstwhile Altar + Underworld Gate.
"""

from __future__ import annotations

from game.i18n import N_, NP_

from . import Tutorial, row
from .coverage import rule

LEARNER, BOB, CAROL, DAVE = range(4)
ROLL = ("roll", ())
END = ("end_turn", ())
SKIP = ("skip", ())
NO_ATTACK = ("no_attack", ())
# Translators: Names: the computer players of the tutorials (Bob the player, not the character)
SEATS = (NP_("name", "Alice"), NP_("name", "Bob"), NP_("name", "Carol"), NP_("name", "Dave"))


ROWS = (
    row("say", N_("Welcome to Shadow Hunters! Everyone has a secret character. You are the Werewolf, "
               "a Shadow, with 14 HP: 14 damage and you are dead."), "character"),
    row("say", N_("Nobody knows who is on which side. Find out from what others do, and from the "
               "Hermit cards."), "seat.1"),
    row("say", N_("At 4 players, two Hunters and two Shadows are dealt; Neutrals join from 5. The "
               "first player is drawn at random: this time, you."), "seat.0"),
    row("say", N_("The six Areas lie in three pairs. Each Area has its dice numbers: the sum of "
               "two dice picks where you go."), "board"),
    row("say", N_("The damage track: each character's piece climbs it as they take damage. The "
               "letters mark where each character dies (its HP)."), "track"),
    # --- turn 1: Hermit's Cabin ---------------------------------------------------------------
    row("do", N_("It's your turn. First you move: press Roll."), "choice.roll", ROLL,
        N_("roll the dice first")),
    row("say", N_("1 + 2 = 3: the Hermit's Cabin (2-3). Rolling the Area you are on means rolling "
               "again; a 7 lets you choose any Area."), "area.Hermit's Cabin"),
    row("do", N_("Each Area has an action. The Hermit's Cabin: draw a Hermit card."),
        "choice.draw.hermit", ("draw", ("hermit",)), N_("draw the Hermit card")),
    row("say", N_("A Hermit card is a secret question. You give it to another player; only the two "
               "of you read it, and they must answer truthfully (only the Unknown may lie)."),
        "card"),
    row("do", N_("Give it to Carol: her answer will tell you something about her."),
        "choice.give.2", ("give", (CAROL,)), N_("give this one to Carol")),
    row("bot", CAROL, ("answer", ("damage",))),
    row("say", N_("Blackmail hurts a Hunter or Neutral (if they have no Equipment to hand over). "
               "Carol took 1 damage: she is not a Shadow!"), "seat.2"),
    row("say", N_("After moving you may attack someone in your Area pair. Nobody is near you, so "
               "there is no attack this turn."), "pair.0"),
    row("do", N_("End your turn."), "choice.end_turn", END, N_("end your turn")),
    # --- the others -------------------------------------------------------------------------
    row("bot", BOB, ROLL), row("bot", BOB, SKIP), row("bot", BOB, END),
    row("bot", CAROL, ROLL), row("bot", CAROL, SKIP), row("bot", CAROL, END),
    row("bot", DAVE, ROLL), row("bot", DAVE, ("move", ("Hermit's Cabin",))),
    row("bot", DAVE, ("draw", ("hermit",))), row("bot", DAVE, ("give", (LEARNER,))),
    row("do", N_("Dave rolled a 7, came to you and gives you a Hermit card. Spell: a Shadow takes "
              "1 damage. That's you: answer truthfully."), "choice.answer.damage",
        ("answer", ("damage",)), N_("answer truthfully: you are a Shadow")),
    row("bot", DAVE, ("attack", (LEARNER,))),
    row("say", N_("Dave attacks! Damage is the difference between the two dice (a six-sided and a "
               "four-sided), larger minus smaller: a 5 and a 4 make 1. An attack on several "
               "players rolls once for all."), "dice"),
    row("do", N_("Your Werewolf can strike back at an attacker, but doing so reveals you. Take the "
              "counterattack."), "choice.respond.counter", ("respond", ("counter",)),
        N_("counterattack this time")),
    row("say", N_("You are revealed: all can see the Werewolf now. Your counterattack rolled "
               "a 4 and a 1: 3 damage to Dave."), "seat.0"),
    row("bot", DAVE, END),
    # --- turn 2: the Cemetery and Equipment ------------------------------------------------------
    row("do", N_("Your turn again: roll."), "choice.roll", ROLL, N_("roll the dice first")),
    row("do", N_("A 3 (your own Area) rolled again, then a 7: you may pick any Area. Go to the "
              "Cemetery."), "choice.move.Cemetery", ("move", ("Cemetery",)), N_("go to the Cemetery")),
    row("say", N_("Three decks: White at the Church (6), mostly help; Black at the Cemetery (8), "
               "mostly harm; the Underworld Gate (4-5) offers all three."), "decks"),
    row("do", N_("Draw a Black card."), "choice.draw.black", ("draw", ("black",)), N_("draw a Black card")),
    row("say", N_("The Butcher Knife is Equipment: it stays in front of you and adds 1 to every "
               "hit you land."), "seat.0"),
    row("say", N_("A card that is not Equipment is Single-use: read out, done, discarded. An empty "
               "deck is made again from its discards."), "decks"),
    row("say", N_("Bob is in the Cemetery too. You can attack anyone in your Area pair: here the "
               "Cemetery and the Weird Woods."), "pair.1"),
    row("do", N_("Attack Bob."), "choice.attack.1", ("attack", (BOB,)), N_("attack Bob")),
    row("bot", BOB, ("respond", ("none",))),
    row("say", N_("A 4 and a 1 make 3, plus 1 for the Knife: Bob takes 4. A roll of equal dice would have "
               "missed."), "track"),
    row("do", N_("End your turn."), "choice.end_turn", END, N_("end your turn")),
    row("bot", BOB, ROLL), row("bot", BOB, SKIP), row("bot", BOB, NO_ATTACK), row("bot", BOB, END),
    row("bot", CAROL, ROLL), row("bot", CAROL, SKIP), row("bot", CAROL, NO_ATTACK),
    row("bot", CAROL, END),
    row("bot", DAVE, ROLL), row("bot", DAVE, SKIP), row("bot", DAVE, END),
    row("say", N_("Dave stands at the Erstwhile Altar (10): its action takes an Equipment card from "
               "any other player. He let it be this time."), "area.Erstwhile Altar"),
    # --- turn 3: the Weird Woods ---------------------------------------------------------------
    row("do", N_("Your turn: roll."), "choice.roll", ROLL, N_("roll the dice first")),
    row("do", N_("Three 8s (the Cemetery, where you are), then a 7. Go to the Weird Woods."),
        "choice.move.Weird Woods", ("move", ("Weird Woods",)), N_("go to the Weird Woods")),
    row("do", N_("Weird Woods: deal 2 damage to anyone, or heal anyone by 1. Dave attacked you, so "
              "he's likely a Hunter: hurt him."), "choice.woods.damage.3", ("woods", ("damage", DAVE)),
        N_("deal the 2 damage to Dave")),
    # --- how the game is won --------------------------------------------------------------------
    row("say", N_("How each side wins: the Hunters when every Shadow is dead; the Shadows when every "
               "Hunter is dead, or three Neutrals."), "character"),
    row("say", N_("Neutrals join from five players. Each has a goal of their own, e.g. Allie wins "
               "just by being alive at the end."), "character"),
    row("say", N_("Setup options: a Hermit round (6+ players: everyone first answers a Hermit card) "
               "and, for beginners, Special abilities off (Bob is then left out)."), "character"),
    row("say", N_("Revealing: while hidden, you may press Reveal under your card. Your "
               "counterattack did it for you. Part 2 plays this game on to its end: press Part 2."),
        "character"),
)

TUTORIAL = Tutorial(
    game_id="hunters",
    title="Shadow Hunters",
    players=4,
    learner=LEARNER,
    seed=710,
    options={"pool": "base"},
    # the first is the learner's setup name; the others are named in the language (the notes say them)
    seat_names=SEATS,
    rows=ROWS,
    minutes=8,
    ends_game=False,
    part=1,
    part_title=N_("Basics"),
)

# --- part 2: the same game on to its end -----------------------------------------------------------
# Found from part 1's last position by build_scripts/research/find_hunters_tutorial.py --part2
# (trial 2519): two Hunters reveal by choice, a Moody Goblin and the Altar steal Equipment,
# three die (Dave to your counterattack, Bob to Carol, Carol to you: her Axe is your reward)
# and the Shadows win, Bob with them though dead.
GOBLIN_CARD = 32    # the Cursed Sword Masamune's card id (data.CARD_NAME)

ROWS_2 = (
    row("say", N_("Part 2: winning and dying. The game goes on from the end of your third turn. You "
               "are the Werewolf (14 HP) with 2 damage, and your Butcher Knife."), "character"),
    row("do", N_("End your turn."), "choice.end_turn", END, N_("end your turn")),
    row("bot", BOB, ROLL), row("bot", BOB, ("draw", ("black",))),
    row("bot", BOB, ("attack", (DAVE,))), row("bot", DAVE, ("respond", ("none",))),
    row("say", N_("Bob drew at the Underworld Gate, which offers all three decks: the Cursed Sword "
               "Masamune. Holding it, he must attack when he can, on the four-sided die alone."),
        "seat.1"),
    row("bot", BOB, END),
    row("bot", CAROL, ROLL), row("bot", CAROL, ("draw", ("black",))),
    row("bot", CAROL, ("reveal", ())),
    row("say", N_("Carol revealed herself by choice: George, a Hunter. Anyone hidden may reveal at "
               "any decision, most often to use an ability."), "seat.2"),
    row("bot", CAROL, ("goblin", (BOB, GOBLIN_CARD))),
    row("say", N_("Her Moody Goblin, a Single-use card, took Bob's Masamune and was discarded. A "
               "few cards and the Erstwhile Altar steal Equipment."), "seat.2"),
    row("bot", CAROL, ("attack", (DAVE,))), row("bot", DAVE, ("reveal", ())),
    row("bot", DAVE, ("respond", ("none",))), row("bot", CAROL, END),
    row("say", N_("Dave revealed too, when Carol attacked him: Franklin, the other Hunter. Bob's "
               "side is still hidden."), "seat.3"),
    row("bot", DAVE, ROLL), row("bot", DAVE, ("woods", ("heal", DAVE))),
    row("bot", DAVE, ("attack", (LEARNER,))),
    row("do", N_("Dave healed 1 in the Weird Woods and hit you for 3. He has 10 damage and "
              "Franklin dies at 12: strike back!"), "choice.respond.counter",
        ("respond", ("counter",)), N_("counterattack: it can finish Dave")),
    row("say", N_("Dave reached his 12 HP: he is dead, out of the game, his card face up. He held "
               "no Equipment, so his killer (you) takes nothing."), "seat.3"),
    # --- your turn: the Handgun ------------------------------------------------------------------
    row("do", N_("Your turn: roll."), "choice.roll", ROLL, N_("roll the dice first")),
    row("do", N_("An 8: the Cemetery. Take a Black card."), "choice.draw.black", ("draw", ("black",)),
        N_("draw a Black card")),
    row("say", N_("A Handgun: your range is now every Area outside your pair, and no longer your "
               "own pair."), "seat.0"),
    row("do", N_("Carol, the Hunter, is at the Underworld Gate, outside your pair: attack her."),
        "choice.attack.2", ("attack", (CAROL,)), N_("attack Carol, the Hunter")),
    row("bot", CAROL, ("respond", ("none",))),
    row("do", N_("A 4 and a 2 make 2, plus 1 for the Knife: Carol took 3. End your turn."),
        "choice.end_turn", END, N_("end your turn")),
    row("bot", BOB, ROLL), row("bot", BOB, ("draw", ("black",))), row("bot", BOB, ("card_pass", ())),
    row("bot", BOB, ("attack", (LEARNER,))),
    row("do", N_("Bob attacked you, a known Shadow: he looks like a Hunter. His dice were equal, a "
              "miss. You may strike back all the same."), "choice.respond.counter",
        ("respond", ("counter",)), N_("counterattack this time")),
    row("bot", BOB, END),
    row("bot", CAROL, ROLL), row("bot", CAROL, SKIP), row("bot", CAROL, ("attack", (BOB,))),
    row("say", N_("Carol killed Bob: he was the Unknown, a Shadow like you! He could lie to look "
               "like a Hunter. Now one Shadow (you) and one Hunter (Carol) are left."), "seat.1"),
    row("bot", CAROL, END),
    # --- your turn: the Erstwhile Altar ----------------------------------------------------------
    row("do", N_("Your turn: roll."), "choice.roll", ROLL, N_("roll the dice first")),
    row("do", N_("A 7: go to the Erstwhile Altar."), "choice.move.Erstwhile Altar",
        ("move", ("Erstwhile Altar",)), N_("go to the Erstwhile Altar")),
    row("do", N_("The Erstwhile Altar: steal an Equipment card from another player. Take Carol's "
              "Masamune."), f"choice.altar.{CAROL}.{GOBLIN_CARD}", ("altar", (CAROL, GOBLIN_CARD)),
        N_("take Carol's Masamune")),
    row("do", N_("With the Masamune you must attack (there is no 'no attack'), on the four-sided "
              "die alone. Attack Carol."), "choice.attack.2", ("attack", (CAROL,)),
        N_("attack Carol: the Masamune allows nothing else")),
    row("bot", CAROL, ("respond", ("none",))),
    row("do", N_("3 on the die, plus 1 for the Knife: Carol is at 8 of her 14. End your turn."),
        "choice.end_turn", END, N_("end your turn")),
    row("bot", CAROL, ROLL), row("bot", CAROL, ("draw", ("black",))),
    row("bot", CAROL, ("attack", (LEARNER,))),
    row("do", N_("Carol drew a Rusted Broad Axe and hit you for 6: 11 of your 14. Strike back."),
        "choice.respond.counter", ("respond", ("counter",)), N_("counterattack: Carol is a Hunter")),
    row("bot", CAROL, END),
    # --- the last turn ---------------------------------------------------------------------------------
    row("do", N_("Carol is at 11. Your turn: roll."), "choice.roll", ROLL, N_("roll the dice first")),
    row("do", N_("The Cemetery again. Skip its card: the Area's action is never a must."),
        "choice.skip", SKIP, N_("skip the card: the attack is what counts now")),
    row("do", N_("Attack Carol."), "choice.attack.2", ("attack", (CAROL,)), N_("attack Carol")),
    row("say", N_("George is dead. His killer takes one of his Equipment cards: you took his "
               "Rusted Broad Axe."), "results.panel"),
    row("say", N_("Every Hunter is dead, so the Shadows win and the game ends at once. Bob wins "
               "too: everyone whose goal is met wins, even the dead."), "results.panel"),
    row("say", N_("Here is who was who: at 4 players, always two of each side. You're ready for "
               "a real game!"), "results.panel"),
)

TUTORIAL_2 = Tutorial(
    game_id="hunters",
    title="Shadow Hunters",
    players=4,
    learner=LEARNER,
    seed=710,
    options={"pool": "base"},
    seat_names=SEATS,
    rows=ROWS_2,
    minutes=7,
    part=2,
    part_title=N_("Winning and dying"),
    follows="hunters",
)
PARTS = (TUTORIAL, TUTORIAL_2)

# --- the rulebook, rule by rule, and the step that teaches it (see coverage.py) -----------------
RULES = (
    rule("groups", "Everyone is secretly a Shadow, a Hunter or a Neutral.", "play",
         "Nobody knows who is on which side"),
    rule("character", "A character card gives a name, HP, a side, a goal and an ability.",
         "play", "Everyone has a secret character"),
    rule("pairs", "The six Areas lie in three pairs; a pair is one attack range.", "play",
         "The six Areas lie in three pairs"),
    rule("decks", "White, Black and Hermit cards are three separate decks.", "play",
         "Three decks: White at the Church"),
    rule("track", "Damage is kept on the damage track, from no damage up.", "play",
         "The damage track"),
    rule("allocation", "The sides dealt depend on the players: at 4, two Hunters and two "
         "Shadows.", "play", "at 4 players, always two of each"),
    rule("start_player", "The starting player is chosen at random.", "play",
         "The first player is drawn at random"),
    rule("turn", "A turn: move (must), the Area's action (may), attack (may).", "play",
         "After moving you may attack someone in your Area pair"),
    rule("move_roll", "Roll both dice; their sum names the Area you move to.", "play",
         "the Hermit's Cabin (2-3)"),
    rule("seven", "A 7 lets you pick any Area.", "play", "then a 7: you may pick any Area"),
    rule("must_move", "You must leave your Area: its own number means roll again.", "play",
         "A 3 (your own Area) rolled again"),
    rule("cabin", "Hermit's Cabin: draw a Hermit card and give it to another player.", "play",
         "The Hermit's Cabin: draw a Hermit card"),
    rule("church", "Church: draw a White card.", "explained", "White at the Church (6)"),
    rule("cemetery", "Cemetery: draw a Black card.", "play", "Draw a Black card"),
    rule("gate", "Underworld Gate: draw from the deck of your choice.", "play",
         "the Underworld Gate, which offers all three decks"),
    rule("woods", "Weird Woods: 2 damage to anyone, or heal anyone (you too) by 1.", "play",
         "Weird Woods: deal 2 damage to anyone"),
    rule("altar", "Erstwhile Altar: take an Equipment card from another player.", "play",
         "The Erstwhile Altar: steal an Equipment card"),
    rule("hermit_give", "The one given a Hermit card follows it if it names them.", "play",
         "Spell: a Shadow takes 1 damage"),
    rule("hermit_truth", "Hermit cards are answered truthfully.", "play",
         "they must answer truthfully"),
    rule("hermit_unknown", "The Unknown may lie about a Hermit card.", "explained",
         "only the Unknown may lie"),
    rule("hermit_secret", "Only the giver and the receiver read the Hermit card.", "play",
         "only the two of you read it"),
    rule("reshuffle", "An empty deck is made again from its discards.", "explained",
         "An empty deck is made again"),
    rule("single_use", "A Single-use card is read out, followed and discarded.", "play",
         "Her Moody Goblin, a Single-use card"),
    rule("equipment", "Equipment stays in front of you and always works.", "play",
         "The Butcher Knife is Equipment"),
    rule("attack", "You may attack one player in your Area pair.", "play",
         "You can attack anyone in your Area pair"),
    rule("damage_roll", "Attack damage is the difference of the two dice.", "play",
         "Damage is the difference between the two dice"),
    rule("miss", "Equal dice miss.", "play", "His dice were equal, a miss"),
    rule("multi", "One roll hits every target of a several-target attack.", "explained",
         "rolls once for all"),
    rule("death_hp", "A character dies once its damage reaches its HP.", "play",
         "Dave reached his 12 HP"),
    rule("dead_out", "The dead are revealed and leave the game.", "play",
         "out of the game, his card face up"),
    rule("kill_reward", "A killer takes one Equipment card of their choice from the victim.",
         "play", "His killer takes one of his Equipment cards"),
    rule("win_ends", "Meeting your goal, you reveal yourself and the game ends at once.",
         "play", "the game ends at once"),
    rule("winners", "Everyone whose goal is met wins, even the dead.", "play",
         "everyone whose goal is met wins, even the dead"),
    rule("hunters_win", "The Hunters win when every Shadow is dead.", "explained",
         "the Hunters when every Shadow is dead"),
    rule("shadows_win", "The Shadows win when every Hunter, or three Neutrals, are dead.",
         "play", "Every Hunter is dead, so the Shadows win"),
    rule("neutrals_win", "Each Neutral has a goal of its own.", "explained",
         "Each has a goal of their own"),
    rule("ability", "A character's ability needs it revealed (the Werewolf's counterattack).",
         "play", "Your Werewolf can strike back"),
    rule("reveal_choice", "A hidden character may reveal itself at any decision.", "play",
         "Carol revealed herself by choice"),
    rule("hermit_start", "Variant for 6 or more: each player uses a Hermit card at the start.",
         "explained", "a Hermit round (6+ players"),
    rule("no_abilities", "Variant for beginners: no abilities, without Bob.", "explained",
         "Special abilities off (Bob is then left out)"),
)
UNCOVERED = frozenset(r.id for r in RULES if r.how == "uncovered")
