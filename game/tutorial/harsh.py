"""The Harsh Shadows tutorial: a whole eight-turn game, from the first step to the arrest.

Harsh Shadows is solo: the learner is the Agent and the Spy moves by its own deck, so
after the seed's set-up everything follows from the learner's moves (there are no ``bot``
rows). Seed 59 lays out (positions row by row, 0 top left):

    0 Paragon Bank (Clue)        1 Espresso Lane Cafe (Clue)   2 Reseau Hotel (Bomb)
    3 Zenith Bus Station (Coded  4 Uptown Post Office,         5 Spring Carnival (Clue)
      Message)                     face down (Passport)
    6 Sunrise Park (Clue)        7 Crystal Globe Casino        8 Royal Library (Clue)
                                   (Binoculars)

with the Binoculars, the Coded Message and the Passport as Evidence and the Phone as the
Red Herring. With the moves below the learner moves and finds, places the Bug where the
Spy walks onto it, tracks it, defuses a Bomb with the Kit, uses four Location abilities
(the Library's free reveal, the Hotel's Safe house, the Cafe's Overheard, the Bank's
Safe-deposit box), pays Clues twice, sees the Spy fall back on its small arrow and on a
turned card, and accuses knowing every Evidence card and holding nothing else: a deduction,
never a gamble (the Casino's Gamble is explained and left alone). The other abilities, the
Countdown and On the Run, each way of losing, meeting the Spy without accusing and the
Bug's limits are explained with the table pointed at (``RULES`` below): this game never
runs the Discovery deck dry. Found by build_scripts/research/find_harsh_tutorial.py
--deduced; tests/test_tutorial.py checks every move is legal where it stands, that no
refusal names a face-down card, and plays it to the end on the real table.
"""

from __future__ import annotations

from game.i18n import N_, NP_, _
from game.rules.harsh.data import LOC_NAME

from . import Tutorial, row
from .coverage import rule

LEARNER = 0

def consequence(state, seat: int, action) -> str:
    """What a legal move other than the step's would do, in the language in force. Only
    what the table shows: never a face-down card (walking somewhere says you would take
    its card, not which). Any other move's own label says enough: nothing to add."""
    if action.kind == "move":
        place = _(LOC_NAME[state.grid[action.args[0]]])
        if action.args[0] == state.spy:
            return _("you would walk to the {place} and meet the Spy there, which costs you a "
                     "card, and take whatever card lies there", place=place)
        return _("you would walk to the {place} and take whatever card lies there", place=place)
    if action.kind == "end":
        return _("your turn would end and the Spy would move")
    return ""


ROWS = (
    row("say", N_("Welcome to Harsh Shadows! You are the Agent, here at the bottom right. Your job: "
               "bug the Spy, collect the right Items, then catch the Spy and accuse them."),
        "agent"),
    row("say", N_("The Spy starts at the top left. Each turn you move first, then the Spy moves by "
               "its own deck of cards."), "spy"),
    row("say", N_("Nine Locations, each with a face-down Discovery card: an Item, a Clue or a Bomb. "
               "Step onto a Location and you take its top card."), "grid"),
    row("say", N_("The Case Files hide which Items matter: 3 Evidence (you need all three), 1 Red "
               "Herring (hold it when you accuse and you lose) and 4 False Leads (the Items safe "
               "to lose)."), "case_files"),
    row("say", N_("You lose in three ways: accusing without all 3 Evidence or with the Red Herring; "
               "owing a card (to a Bomb or the Spy) with none to give; or time running out."),
        "case_files"),
    row("say", N_("Time is the Countdown, at 4. Once the Discovery deck is empty the Spy is On the "
               "Run: each time it lands where no card lies, the Countdown drops. At zero you lose."),
        "countdown"),
    # --- turn 1 -------------------------------------------------------------------------------
    row("do", N_("Move one step, to any of the 8 neighbours, diagonals too. Click the Crystal Globe "
              "Casino, to your left."), "location.7", ("move", (7,)),
        N_("go to the Crystal Globe Casino this time")),
    row("say", N_("You found the Binoculars, an Item. It goes to your Discovery Collection. Is it "
               "Evidence? You can't tell yet."), "collection"),
    row("do", N_("After moving you may take additional actions with these buttons. The Casino's "
              "Gamble takes the deck's top card unseen: a gamble. End your turn instead."),
        "button.end", ("end", ()), N_("end your turn now")),
    row("say", N_("The Spy turned card 5: its large arrow pointed off the grid, so the Spy took the "
               "small arrow, south. (Its 8 cards, about half turned round, are reshuffled once "
               "used up.)"), "spy_deck.last"),
    row("say", N_("Where the Spy lands with fewer than two cards, it leaves one from the Discovery "
               "deck. When that deck runs dry, the Countdown starts to fall."), "spy"),
    # --- turn 2 -------------------------------------------------------------------------------
    row("do", N_("Move right, back to the Royal Library where you started: its card is still "
              "there."), "location.8", ("move", (8,)), N_("go to the Royal Library: its ability helps")),
    row("do", N_("A Clue. You can only accuse a bugged Spy: place the Tracking Bug here. If the Spy "
              "walks onto it, it is bugged. (Never at a starred Location, nor where the Spy is.)"),
        "button.bug", ("bug", ()), N_("place the Tracking Bug first")),
    row("say", N_("Every Location has an ability you may use once, after moving there; then it "
               "turns face down. The Library's reveals a Case File card for free."), "location.8"),
    row("do", N_("Use the Library's Archives on Evidence card 1: press the button, then pick "
              "Evidence card 1."), "button.ability", ("ability", ("library", 0, 0)),
        N_("reveal Evidence card 1")),
    row("do", N_("Evidence card 1 is the Binoculars, which you hold: one of three. End your turn."),
        "button.end", ("end", ()), N_("end your turn now")),
    row("say", N_("Card 2: both its arrows pointed off the grid, so the card was turned round and "
               "the Spy followed its large arrow, down-right to the Casino."), "spy_deck.last"),
    # --- turn 3 -------------------------------------------------------------------------------
    row("do", N_("Move up-left to the face-down centre. A face-down Location has no ability, but "
              "its card is still there to take."), "location.4", ("move", (4,)),
        N_("go to the face-down centre this time")),
    row("do", N_("The Passport. End your turn and watch the Spy."), "button.end", ("end", ()),
        N_("end your turn now")),
    row("say", N_("The Spy walked onto the bug at the Royal Library: it is bugged! You may track "
               "it now, and accuse it once you stand on its Location (or start your turn there)."),
        "bug"),
    # --- turn 4 -------------------------------------------------------------------------------
    row("do", N_("Move right to the Spring Carnival."), "location.5", ("move", (5,)),
        N_("go to the Spring Carnival")),
    row("say", N_("A second Clue. Once per turn, Clues reveal a Case File card: Evidence costs 2, a "
               "False Lead 1, the Red Herring 3 (1 once Evidence is shown)."), "case_files"),
    row("do", N_("Pay your 2 Clues for Evidence card 2: click it."), "case.0.1",
        ("reveal", (0, 1, 0)), N_("reveal Evidence card 2")),
    row("say", N_("Evidence card 2 is the Coded Message. You don't hold it yet: it must be "
               "somewhere on the grid or in the deck."), "case.0.1"),
    row("do", N_("A bugged Spy can be tracked twice (not while it stands at a starred Location): "
              "you see its next card, and it stays bugged after. Track it."),
        "button.track", ("track", ()), N_("track the Spy now")),
    row("do", N_("The Carnival's ability would keep the Spy still this turn: not needed. End your "
              "turn."), "button.end", ("end", ()), N_("end your turn now")),
    # --- turn 5 -------------------------------------------------------------------------------
    row("do", N_("Move up to the Reseau Hotel."), "location.2", ("move", (2,)),
        N_("go to the Reseau Hotel")),
    row("do", N_("A Bomb! It costs a card (one of your Items) and ends your turn; with no card at all "
              "the mission would fail. Your Defusing Kit disarms one Bomb per game: use it."),
        "dialog", ("kit", (True,)), N_("use the Defusing Kit: keep your Items")),
    row("do", N_("The Hotel's Safe house: your next meeting with the Spy, until the end of your next "
              "turn, costs no card. Use it."), "button.ability", ("ability", ("hotel",)),
        N_("use the Hotel's Safe house")),
    row("do", N_("End your turn."), "button.end", ("end", ()), N_("end your turn now")),
    # --- turn 6 -------------------------------------------------------------------------------
    row("do", N_("Move left to the Espresso Lane Cafe."), "location.1", ("move", (1,)),
        N_("go to the Espresso Lane Cafe")),
    row("do", N_("A Clue. The Cafe's Overheard: look at the next 3 Discovery cards and put them back "
              "in any order. Use it."), "button.ability", ("ability", ("cafe",)),
        N_("use the Cafe's Overheard")),
    row("do", N_("Laptop, Bomb, Clue. Put the Bomb last (top first: Laptop, Clue, Bomb), away from "
              "where the Spy leaves cards next."), "dialog", ("order", (5, 8, 10)),
        N_("put the Bomb at the bottom of the three")),
    row("do", N_("End your turn."), "button.end", ("end", ()), N_("end your turn now")),
    # --- turn 7 -------------------------------------------------------------------------------
    row("do", N_("Move left to the Paragon Bank."), "location.0", ("move", (0,)),
        N_("go to the Paragon Bank")),
    row("do", N_("A Clue: with the Cafe's, two. Pay them for Evidence card 3."), "case.0.2",
        ("reveal", (0, 2, 0)), N_("reveal Evidence card 3")),
    row("do", N_("Evidence card 3 is the Passport, which you hold. The Bank's Safe-deposit box: an "
              "Item of yours can never be discarded. Protect the Passport."), "button.ability",
        ("ability", ("bank", 2)), N_("protect the Passport")),
    row("say", N_("Other abilities: the Bus Station takes you anywhere, the Park shows the Spy's next "
               "card, the Post Office takes a card from a side neighbour."), "grid"),
    row("do", N_("End your turn."), "button.end", ("end", ()), N_("end your turn now")),
    # --- turn 8: the arrest -------------------------------------------------------------------
    row("do", N_("The Spy is at the Zenith Bus Station, right below you. Move there. Meeting the "
              "Spy costs a card and ends your turn, unless you accuse it."), "location.3",
        ("move", (3,)), N_("go where the Spy is")),
    row("do", N_("You found the Coded Message there! You hold all three Evidence Items, each "
              "revealed, so none of them is the Red Herring: accuse!"), "dialog",
        ("accuse", ()), N_("accuse the Spy: you know you hold all three Evidence Items")),
    row("say", N_("Mission accomplished! Harder Difficulty levels at Setup drop the Clue x2, add a "
               "Red Herring or shorten the Countdown. You're ready for a real game."),
        "results.outcome"),
)

TUTORIAL = Tutorial(
    game_id="harsh",
    title="Harsh Shadows",
    players=1,
    learner=LEARNER,
    seed=59,
    options={},
    seat_names=(NP_("name", "Alice"),),   # the learner's setup name replaces it
    rows=ROWS,
    minutes=10,
)

# --- the rulebook, rule by rule, and the step that teaches it (see coverage.py) -----------------
# The nine Location abilities are the app's own cards (game/rules/harsh/data.py); the
# rulebook only says each Location has one, so each is a rule here.
RULES = (
    rule("grid", "Nine Locations lie in a 3x3 grid; the centre one is face down.", "play",
         "Move up-left to the face-down centre"),
    rule("discovery_cards", "Each Location starts with one face-down Discovery card (one of "
         "them a Bomb).", "play", "each with a face-down Discovery card"),
    rule("discovery_deck", "The other Discovery cards form a face-down deck.", "play",
         "leaves one from the Discovery deck"),
    rule("case_files", "The Case Files hide 3 Evidence, 1 Red Herring and 4 False Leads.",
         "play", "The Case Files hide which Items matter"),
    rule("countdown_4", "The Countdown starts at 4.", "play", "the Countdown, at 4"),
    rule("spy_start", "The Spy starts at the top left.", "play", "The Spy starts at the top left"),
    rule("agent_start", "The Agent starts at the bottom right.", "play",
         "You are the Agent, here at the bottom right"),
    rule("spy_deck_turned", "The Spy deck is shuffled with about half its cards turned round.",
         "play", "about half turned round"),
    rule("evidence_cost", "An Evidence card costs 2 Clues; all three Evidence Items are needed to "
         "win.", "play", "Evidence costs 2"),
    rule("herring_cost", "The Red Herring costs 3 Clues, or 1 once an Evidence card is shown.",
         "explained", "the Red Herring 3 (1 once Evidence is shown)"),
    rule("false_cost", "A False Lead card costs 1 Clue.", "explained", "a False Lead 1"),
    rule("false_discard", "False Lead Items are the safe ones to discard.", "explained",
         "the Items safe to lose"),
    rule("round", "Each round the Agent moves (and may act), then the Spy moves.", "play",
         "Each turn you move first, then the Spy moves"),
    rule("move_one", "The Agent moves one step to any of the 8 neighbours.", "play",
         "any of the 8 neighbours"),
    rule("take_card", "Arriving, the Agent takes the Location's top Discovery card.", "play",
         "Step onto a Location and you take its top card"),
    rule("collection", "Items and Clues go to the Discovery Collection, without limit.", "play",
         "It goes to your Discovery Collection"),
    rule("bomb", "A Bomb costs a card of the collection and ends the Agent's turn.", "play",
         "It costs a card (one of your Items) and ends your turn"),
    rule("bomb_fail", "A Bomb with nothing to discard fails the mission.", "explained",
         "the mission would fail"),
    rule("kit", "The Defusing Kit disarms one Bomb per game, with no discard and no end of turn.",
         "play", "Your Defusing Kit disarms one Bomb per game"),
    rule("extra_actions", "After moving, the Agent may take any number of additional actions.",
         "play", "you may take additional actions"),
    rule("clues", "Once per turn, Clues may pay to reveal one Case File card.", "play",
         "Once per turn, Clues reveal"),
    rule("revealed", "A revealed Item stays face up above its Case File.", "play",
         "Evidence card 2 is the Coded Message"),
    rule("bug_place", "The Tracking Bug is placed at the Agent's Location.", "play",
         "Place the Tracking Bug here"),
    rule("bug_star", "Never at a starred Location (Bank, Casino, Post Office).", "explained",
         "Never at a starred Location, nor"),
    rule("bug_not_spy", "Not where the Spy stands too.", "explained", "nor where the Spy is"),
    rule("bugged", "The Spy moving onto the Bug is bugged.", "play",
         "The Spy walked onto the bug"),
    rule("track", "A bugged Spy can be tracked twice: look at the top Spy card.", "play",
         "A bugged Spy can be tracked twice"),
    rule("track_star", "The Spy cannot be tracked while at a starred Location.", "explained",
         "not while it stands at a starred Location"),
    rule("still_bugged", "After both tracks the Spy stays bugged for an accusation.",
         "explained", "it stays bugged after"),
    rule("ability_once", "A Location's ability may be used once, after moving there; the "
         "Location then turns face down.", "play", "Every Location has an ability"),
    rule("ability_library", "Royal Library, Archives: reveal an Evidence or False Lead card free.",
         "play", "Use the Library's Archives"),
    rule("ability_carnival", "Spring Carnival: the Spy does not move at the end of this turn.",
         "explained", "The Carnival's ability would keep the Spy still"),
    rule("ability_cafe", "Espresso Lane Cafe: look at the top 3 Discovery cards, reorder them.",
         "play", "The Cafe's Overheard"),
    rule("ability_hotel", "Reseau Hotel: cancel the next discard forced by meeting the Spy.",
         "play", "The Hotel's Safe house"),
    rule("ability_bank", "Paragon Bank: an Item of yours can never be discarded.", "play",
         "The Bank's Safe-deposit box"),
    # never used: taking an unseen card is a gamble, and the tutorial does not teach gambling
    rule("ability_casino", "Crystal Globe Casino: take the deck's top Discovery card as if found.",
         "explained", "The Casino's Gamble takes the deck's top card"),
    rule("ability_bus", "Zenith Bus Station: move the Agent to any Location.", "explained",
         "the Bus Station takes you anywhere"),
    rule("ability_park", "Sunrise Park: look at the top Spy card, maybe put it at the bottom.",
         "explained", "the Park shows the Spy's next card"),
    rule("ability_post", "Uptown Post Office: take the top card of an orthogonal neighbour.",
         "explained", "the Post Office takes a card from a side neighbour"),
    rule("ability_face_down", "A face-down Location has no ability, but its card can be taken.",
         "play", "A face-down Location has no ability"),
    rule("spy_small", "The Spy follows its card's large arrow; blocked, the small one.", "play",
         "so the Spy took the small arrow"),
    rule("spy_turn", "Both arrows blocked: the card is turned round and used again.", "play",
         "so the card was turned round"),
    rule("spy_reshuffle", "The Spy deck is reshuffled once it runs out.", "explained",
         "are reshuffled once used up"),
    rule("spy_refill", "Where the Spy lands with fewer than two cards, it leaves one from the "
         "deck.", "play", "Where the Spy lands with fewer than two cards"),
    rule("on_the_run", "With the Discovery deck empty the Spy is On the Run: landing on an empty "
         "Location turns the Countdown down.", "explained", "the Spy is On the Run"),
    rule("countdown_loss", "The Countdown reaching zero loses the game.", "explained",
         "At zero you lose"),
    rule("meet", "Meeting the Spy costs a card; on the Agent's turn it also ends the turn.",
         "explained", "Meeting the Spy costs a card and ends your turn"),
    rule("accuse_when", "Only a bugged Spy can be accused, standing on its Location.", "play",
         "You can only accuse a bugged Spy"),
    rule("accuse_no_discard", "An accusation needs no discard for meeting the Spy.", "play",
         "unless you accuse it"),
    rule("accuse_at_start", "Starting a turn on the Spy's Location, the Agent may accuse at once.",
         "explained", "or start your turn there"),
    rule("accuse_win", "An accusation holding the 3 Evidence Items and no Red Herring wins.",
         "play", "Mission accomplished"),
    rule("accuse_loss", "An accusation holding the Red Herring, or missing an Evidence Item, "
         "loses.", "explained", "hold it when you accuse and you lose"),
    rule("levels", "Harder levels remove the Clue x2, add a Red Herring, shorten the Countdown.",
         "explained", "Harder Difficulty levels at Setup"),
)
UNCOVERED = frozenset(r.id for r in RULES if r.how == "uncovered")
