"""The Harsh Shadows tutorial: a whole five-turn game, from the first step to the arrest.

Harsh Shadows is solo: the learner is the Agent and the Spy moves by its own deck, so
after the seed's set-up everything follows from the learner's moves (there are no ``bot``
rows). Seed 284 lays out (positions row by row, 0 top left):

    0 Royal Library (Laptop)   1 Espresso Lane Cafe (Phone)   2 Paragon Bank (Clue)
    3 Sunrise Park (Gun)       4 Zenith Bus Station (Clue x2) 5 Reseau Hotel (Binoculars)
    6 Uptown Post Office       7 Crystal Globe Casino (Bomb)  8 Spring Carnival (Passport)

with the Phone, the Laptop and the Gun as Evidence and the Photographs as the Red
Herring. With the moves below every rule the tutorial teaches comes up: moving and
finding, a Bomb and the Defusing Kit, the Spy falling back on its small arrow (turn 1) and
on its turned card (turn 4), the Tracking Bug placed and walked onto, a Location ability
(the Library's free reveal), Clues revealing a Case File card (the Clue x2), tracking, and
an accusation that wins. The other eight abilities (the Casino's Gamble and the Park's
Stakeout as their buttons come up), the Countdown and losing by it, meeting the Spy and the
Bug's limits are explained with the table pointed at (``RULES`` below): this game never
runs the Discovery deck dry nor meets an unbugged Spy. It was found by
build_scripts/research/find_harsh_tutorial.py;
tests/test_tutorial.py checks every move is legal where it stands and plays it to the end
on the real table.
"""

from __future__ import annotations

from game.rules.harsh.data import LOC_NAME

from . import Tutorial, row
from .coverage import rule

LEARNER = 0

def consequence(state, seat: int, action) -> str:
    """What a legal move other than the step's would do. Only what the table shows:
    never a face-down card (walking somewhere says you would take its card, not which)."""
    if action.kind == "move":
        pos = action.args[0]
        meet = " and meet the Spy there, which costs you a card" if pos == state.spy else ""
        return (f"you would walk to the {LOC_NAME[state.grid[pos]]}{meet} and take whatever "
                "card lies there")
    if action.kind == "end":
        return "your turn would end and the Spy would move"
    label = action.label or action.kind
    return f"it would {label[:1].lower() + label[1:]}"


ROWS = (
    row("say", "Welcome to Harsh Shadows! You are the Agent, here at the bottom right. Your job: "
               "bug the Spy, collect the right Items, then catch the Spy and accuse them.",
        "agent"),
    row("say", "The Spy starts at the top left. Each turn you move first, then the Spy moves by "
               "its own deck of cards.", "spy"),
    row("say", "Nine Locations, each with a face-down Discovery card: an Item, a Clue or a Bomb. "
               "Step onto a Location and you take its top card.", "grid"),
    row("say", "The Case Files hide which Items matter: 3 Evidence (you need all three), 1 Red "
               "Herring (hold it when you accuse and you lose) and 4 False Leads (the Items safe to "
               "lose).", "case_files"),
    row("do", "Move one step, to any of the 8 neighbours, diagonals too. Click the Crystal Globe "
              "Casino, to your left.", "location.7", ("move", (7,)),
        "go to the Crystal Globe Casino this time"),
    row("do", "A Bomb! It costs you a card and ends your turn, and you have no card: the mission "
              "would fail. Your Defusing Kit disarms one Bomb per game. Use it.", "dialog",
        ("kit", (True,)), "use the Defusing Kit: you have no card to lose"),
    row("say", "The Casino's ability, Gamble: take the deck's top Discovery card as if found. It "
               "may be a Bomb, and your Kit is spent, so not now.", "button.ability"),
    row("do", "After moving you may take additional actions with these buttons. Nothing to do "
              "here yet: end your turn and watch the Spy.", "button.end", ("end", ()),
        "end your turn now"),
    row("say", "The Spy turned card 7. Its large arrow pointed off the grid, so the Spy took the "
               "small arrow: east, to the Espresso Lane Cafe. (Its 8 cards, about half turned round, "
               "are reshuffled once used up.)", "spy_deck.last"),
    row("say", "Where the Spy lands with fewer than two cards, it leaves one from the Discovery "
               "deck. Watch the Countdown: once that deck is empty, time runs short.", "spy"),
    row("say", "The Countdown starts at 4. With the Discovery deck empty the Spy is On the Run: "
               "each time it lands where no card lies, the Countdown drops. At zero you lose.",
        "countdown"),
    row("do", "Move up-left to Sunrise Park.", "location.3", ("move", (3,)),
        "go to Sunrise Park: the Spy is likely to pass by"),
    row("say", "You found the Gun, an Item. It goes to your Discovery Collection. Is it "
               "Evidence? You can't tell yet.", "collection"),
    row("say", "Sunrise Park's ability, Stakeout: look at the Spy's next card; you may put it at "
               "the bottom of its deck. The Bug matters more now.", "button.ability"),
    row("do", "You can only accuse a bugged Spy. Place the Tracking Bug here: if the Spy walks "
              "onto it, the Spy is bugged. (Never at a starred Location, nor where the Spy is.)", "button.bug", ("bug", ()),
        "place the Tracking Bug first"),
    row("do", "End your turn.", "button.end", ("end", ()), "end your turn now"),
    row("do", "The Spy went south, to the face-down centre. Move north to the Royal Library.",
        "location.0", ("move", (0,)), "go to the Royal Library: its ability helps"),
    row("say", "You found the Laptop. Every Location has an ability you may use once, after "
               "moving there; then it turns face down. The Library's reveals a Case File card "
               "for free.", "location.0"),
    row("say", "Other abilities: the Carnival keeps the Spy still for a turn, the Cafe reorders "
               "the next 3 Discovery cards, the Hotel cancels your next discard for meeting the "
               "Spy.", "grid"),
    row("say", "And: the Bank keeps one Item from ever being discarded, the Bus Station takes "
               "you anywhere, the Post Office takes a card from a side neighbour.", "grid"),
    row("do", "Use the Library's Archives on Evidence card 1: press the button, then pick "
              "Evidence card 1.", "button.ability", ("ability", ("library", 0, 0)),
        "reveal Evidence card 1"),
    row("say", "Evidence card 1 is the Phone: you need it to win.", "case.0.0"),
    row("do", "End your turn and watch the Spy.", "button.end", ("end", ()), "end your turn now"),
    row("say", "The Spy walked onto the bug at Sunrise Park: it is bugged! Now you can track it, "
               "and accuse it once you stand on its Location (or when your turn starts there).",
        "bug"),
    row("do", "Move down-right to the face-down centre. A face-down Location has no ability, "
              "but its card is still there to take.", "location.4", ("move", (4,)),
        "go to the face-down centre this time"),
    row("say", "A Clue x2, worth two Clues. Once per turn, Clues reveal a Case File card: "
               "Evidence costs 2, a False Lead 1, the Red Herring 3 (1 once Evidence is shown).",
        "case_files"),
    row("do", "Pay the Clue x2 for Evidence card 2: click it.", "case.0.1",
        ("reveal", (0, 1, 1)), "reveal Evidence card 2"),
    row("say", "Evidence card 2 is the Laptop, and you already hold it. Two of three known.",
        "case.0.1"),
    row("do", "A bugged Spy can be tracked twice (never at a starred Location): you see its "
              "next card, and it stays bugged after. Track it.",
        "button.track", ("track", ()), "track the Spy now"),
    row("say", "Card 8: both arrows point off the grid from Sunrise Park, so the card is turned "
               "round and the Spy follows its large arrow to the Cafe.", "spy_deck.next"),
    row("do", "End your turn.", "button.end", ("end", ()), "end your turn now"),
    row("do", "The Spy is at the Espresso Lane Cafe, right above you. Move there. Meeting the "
              "Spy costs a card and ends your turn, unless you accuse it.", "location.1",
        ("move", (1,)), "go where the Spy is"),
    row("do", "You walked into the bugged Spy with the Phone, Laptop and Gun. Evidence card 3 is "
              "still hidden, so the table warns of a risk: in a real game, reveal it first if "
              "you can. This once the coach tells you: it is the Gun. Accuse!",
        "dialog", ("accuse", ()), "accuse the Spy: this time the coach knows the hidden card"),
    row("say", "Mission accomplished! The Gun was the third Evidence and you held no Red Herring. "
               "Harder Difficulty levels at Setup drop the Clue x2, add a Red Herring or shorten "
               "the Countdown. You're ready for a real game.", "results.outcome"),
)

TUTORIAL = Tutorial(
    game_id="harsh",
    title="Harsh Shadows",
    players=1,
    learner=LEARNER,
    seed=284,
    options={},
    seat_names=("Alice",),   # the learner's setup name replaces it
    rows=ROWS,
    minutes=9,
)

# --- the rulebook, rule by rule, and the step that teaches it (see coverage.py) -----------------
# The nine Location abilities are the app's own cards (game/rules/harsh/data.py); the
# rulebook only says each Location has one, so each is a rule here.
RULES = (
    rule("grid", "Nine Locations lie in a 3x3 grid; the centre one is face down.", "play",
         "Move down-right to the face-down centre"),
    rule("discovery_cards", "Each Location starts with one face-down Discovery card (one of "
         "them a Bomb).", "play", "each with a face-down Discovery card"),
    rule("discovery_deck", "The other Discovery cards form a face-down deck.", "play",
         "leaves one from the Discovery deck"),
    rule("case_files", "The Case Files hide 3 Evidence, 1 Red Herring and 4 False Leads.",
         "explained", "The Case Files hide which Items matter"),
    rule("countdown_4", "The Countdown starts at 4.", "explained", "The Countdown starts at 4"),
    rule("spy_start", "The Spy starts at the top left.", "play", "The Spy starts at the top left"),
    rule("agent_start", "The Agent starts at the bottom right.", "play",
         "You are the Agent, here at the bottom right"),
    rule("spy_deck_turned", "The Spy deck is shuffled with about half its cards turned round.",
         "explained", "about half turned round"),
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
         "It costs you a card and ends your turn"),
    rule("bomb_fail", "A Bomb with nothing to discard fails the mission.", "explained",
         "the mission would fail"),
    rule("kit", "The Defusing Kit disarms one Bomb per game, with no discard and no end of turn.",
         "play", "Your Defusing Kit disarms one Bomb per game"),
    rule("extra_actions", "After moving, the Agent may take any number of additional actions.",
         "play", "you may take additional actions"),
    rule("clues", "Once per turn, Clues may pay to reveal one Case File card.", "play",
         "Once per turn, Clues reveal"),
    rule("revealed", "A revealed Item stays face up above its Case File.", "play",
         "Evidence card 2 is the Laptop"),
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
         "tracked twice (never at a starred Location)"),
    rule("still_bugged", "After both tracks the Spy stays bugged for an accusation.",
         "explained", "it stays bugged after"),
    rule("ability_once", "A Location's ability may be used once, after moving there; the "
         "Location then turns face down.", "play", "Every Location has an ability"),
    rule("ability_library", "Royal Library, Archives: reveal an Evidence or False Lead card free.",
         "play", "Use the Library's Archives"),
    rule("ability_carnival", "Spring Carnival: the Spy does not move at the end of this turn.",
         "explained", "the Carnival keeps the Spy still for a turn"),
    rule("ability_cafe", "Espresso Lane Cafe: look at the top 3 Discovery cards, reorder them.",
         "explained", "the Cafe reorders the next 3 Discovery cards"),
    rule("ability_hotel", "Reseau Hotel: cancel the next discard forced by meeting the Spy.",
         "explained", "the Hotel cancels your next discard"),
    rule("ability_bank", "Paragon Bank: an Item of yours can never be discarded.", "explained",
         "the Bank keeps one Item from ever being discarded"),
    rule("ability_casino", "Crystal Globe Casino: take the deck's top Discovery card as if found.",
         "explained", "The Casino's ability, Gamble"),
    rule("ability_bus", "Zenith Bus Station: move the Agent to any Location.", "explained",
         "the Bus Station takes you anywhere"),
    rule("ability_park", "Sunrise Park: look at the top Spy card, maybe put it at the bottom.",
         "explained", "Sunrise Park's ability, Stakeout"),
    rule("ability_post", "Uptown Post Office: take the top card of an orthogonal neighbour.",
         "explained", "the Post Office takes a card from a side neighbour"),
    rule("ability_face_down", "A face-down Location has no ability, but its card can be taken.",
         "play", "A face-down Location has no ability"),
    rule("spy_small", "The Spy follows its card's large arrow; blocked, the small one.", "play",
         "so the Spy took the small arrow"),
    rule("spy_turn", "Both arrows blocked: the card is turned round and used again.", "play",
         "so the card is turned round"),
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
         "explained", "or when your turn starts there"),
    rule("accuse_win", "An accusation holding the 3 Evidence Items and no Red Herring wins.",
         "play", "Mission accomplished"),
    rule("accuse_loss", "An accusation holding the Red Herring, or missing an Evidence Item, "
         "loses.", "explained", "hold it when you accuse and you lose"),
    rule("levels", "Harder levels remove the Clue x2, add a Red Herring, shorten the Countdown.",
         "explained", "Harder Difficulty levels at Setup"),
)
UNCOVERED = frozenset(r.id for r in RULES if r.how == "uncovered")
