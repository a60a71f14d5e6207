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
an accusation that wins. It was found by build_scripts/find_harsh_tutorial.py;
tests/test_tutorial.py checks every move is legal where it stands and plays it to the end
on the real table.
"""

from __future__ import annotations

from . import Tutorial, row

LEARNER = 0

ROWS = (
    row("say", "Welcome to Harsh Shadows! You are the Agent, here at the bottom right. Your job: "
               "bug the Spy, collect the right Items, then catch the Spy and accuse them.",
        "agent"),
    row("say", "The Spy starts at the top left. Each turn you move first, then the Spy moves by "
               "its own deck of cards.", "spy"),
    row("say", "Nine Locations, each with a face-down Discovery card: an Item, a Clue or a Bomb. "
               "Step onto a Location and you take its top card.", "grid"),
    row("say", "The Case Files hide which Items matter: 3 Evidence (you need all three), 1 Red "
               "Herring (hold it when you accuse and you lose) and 4 False Leads.", "case_files"),
    row("do", "Move one step, to any of the 8 neighbours, diagonals too. Click the Crystal Globe "
              "Casino, to your left.", "location.7", ("move", (7,)),
        "go to the Crystal Globe Casino this time"),
    row("do", "A Bomb! It costs you a card and ends your turn, and you have no card: the mission "
              "would fail. Your Defusing Kit disarms one Bomb per game. Use it.", "dialog",
        ("kit", (True,)), "use the Defusing Kit: you have no card to lose"),
    row("do", "After moving you may take additional actions with these buttons. Nothing to do "
              "here yet: end your turn and watch the Spy.", "button.end", ("end", ()),
        "end your turn now"),
    row("say", "The Spy turned card 7. Its large arrow pointed off the grid, so the Spy took the "
               "small arrow: east, to the Espresso Lane Cafe.", "spy_deck.last"),
    row("say", "Where the Spy lands with fewer than two cards, it leaves one from the Discovery "
               "deck. Watch the Countdown: once that deck is empty, time runs short.", "spy"),
    row("do", "Move up-left to Sunrise Park.", "location.3", ("move", (3,)),
        "go to Sunrise Park: the Spy is likely to pass by"),
    row("say", "You found the Gun, an Item. It goes to your Discovery Collection. Is it "
               "Evidence? You can't tell yet.", "collection"),
    row("do", "You can only accuse a bugged Spy. Place the Tracking Bug here: if the Spy walks "
              "onto it, the Spy is bugged. (Never at a starred Location.)", "button.bug", ("bug", ()),
        "place the Tracking Bug first"),
    row("do", "End your turn.", "button.end", ("end", ()), "end your turn now"),
    row("do", "The Spy went south, to the face-down centre. Move north to the Royal Library.",
        "location.0", ("move", (0,)), "go to the Royal Library: its ability helps"),
    row("say", "You found the Laptop. Every Location has an ability you may use once, after "
               "moving there; then it turns face down. The Library's reveals a Case File card "
               "for free.", "location.0"),
    row("do", "Use the Library's Archives on Evidence card 1: press the button, then pick "
              "Evidence card 1.", "button.ability", ("ability", ("library", 0, 0)),
        "reveal Evidence card 1"),
    row("say", "Evidence card 1 is the Phone: you need it to win.", "case.0.0"),
    row("do", "End your turn and watch the Spy.", "button.end", ("end", ()), "end your turn now"),
    row("say", "The Spy walked onto the bug at Sunrise Park: it is bugged! Now you can track it, "
               "and accuse it once you stand on its Location.", "bug"),
    row("do", "Move down-right to the face-down centre. A face-down Location has no ability, "
              "but its card is still there to take.", "location.4", ("move", (4,)),
        "go to the centre: there is a Clue there"),
    row("say", "A Clue x2, worth two Clues. Once per turn, Clues reveal a Case File card: "
               "Evidence costs 2, a False Lead 1, the Red Herring 3 (1 once Evidence is shown).",
        "case_files"),
    row("do", "Pay the Clue x2 for Evidence card 2: click it.", "case.0.1",
        ("reveal", (0, 1, 1)), "reveal Evidence card 2"),
    row("say", "Evidence card 2 is the Laptop, and you already hold it. Two of three known.",
        "case.0.1"),
    row("do", "A bugged Spy can be tracked twice: you see the Spy's next card. Track it.",
        "button.track", ("track", ()), "track the Spy now"),
    row("say", "Card 8: both arrows point off the grid from Sunrise Park, so the card is turned "
               "round and the Spy follows its large arrow to the Cafe.", "spy_deck.next"),
    row("do", "End your turn.", "button.end", ("end", ()), "end your turn now"),
    row("do", "The Spy is at the Espresso Lane Cafe, right above you. Move there.", "location.1",
        ("move", (1,)), "go where the Spy is"),
    row("do", "You walked into the bugged Spy, holding the Phone, Laptop and Gun. Card 3 is "
              "hidden, so the table warns of a risk and asks again. The Gun is Evidence: accuse!",
        "dialog", ("accuse", ()), "accuse the Spy: you hold all three Evidence Items"),
    row("say", "Mission accomplished! The Gun was the third Evidence and you held no Red Herring. "
               "You're ready for a real game.", "results.outcome"),
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
    minutes=5,
)
