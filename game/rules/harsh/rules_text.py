"""The in-app rules of Harsh Shadows, in the app's own words.

One catalog message per section (a heading and what follows it, up to a blank line):
``game.catalog.rules_text`` shows each in the language in force, and a translator words
each section in their own language (docs/translating.md).
"""

from game.i18n import N_

SECTIONS = (
    N_("""\
HARSH SHADOWS - a solo game of pursuit and deduction"""),
    N_("""\
GOAL
A Spy is loose in the city. Bug the Spy, collect the three Items the Evidence Case File
asks for, stay clear of the Red Herring, then catch the Spy and accuse them before the
Countdown runs out."""),
    N_("""\
SETUP
Nine Locations are shuffled into a 3x3 grid; the centre card lies face down (its ability
cannot be used). Eight Items and Clues are mixed with one Bomb and one face-down Discovery
card goes to each Location. Everything else (the other Items and Clues and three more Bombs)
forms the face-down Discovery deck. The eight Confiscated Items are dealt face down under
the three Case Files: 3 Evidence, 1 Red Herring, 4 False Leads. The Spy starts at the
top-left Location, your Agent at the bottom-right. The eight Spy Movement cards are
shuffled with four of them turned upside down. You also hold the Defusing Kit and the
Tracking Bug, and the Countdown is set to 4."""),
    N_("""\
YOUR TURN
1. Move the Agent one step to any of the up to eight neighbouring Locations (diagonals
   count) and take the top Discovery card there, if any. Items, Clues and the Clue x2 go
   into your collection, which has no limit.
2. Take any additional actions you like, in any order: use Clues, place the Tracking Bug,
   track the Spy, or use the ability of the Location you stand on.
3. End your turn: the Spy moves."""),
    N_("""\
BOMBS
When you find a Bomb you may spend the Defusing Kit (once per game): the Bomb is discarded
and your turn goes on. Otherwise discard the Bomb and one card of your choice; your turn
ends at once. With no card to discard, the mission fails."""),
    N_("""\
CLUES AND CASE FILES
Once per turn you may pay Clues to turn one face-down Confiscated Item of a Case File
(you pick the card): Evidence costs 2, False Leads 1, the Red Herring 3 - or only 1 once
any Evidence card is known. The Clue x2 card pays 2 (extra payment is lost). A revealed
card only tells you which Items matter: it stays with its Case File."""),
    N_("""\
THE TRACKING BUG
Place the Bug on your Agent's Location (not on a star Location, and not while the Spy is
there). You may pick it up and place it again while the Spy is not bugged. When the Spy
moves onto the Bug, the Spy is bugged. A bugged Spy can be tracked twice in the whole game:
each time you look at the top Spy Movement card and put it back. The Spy cannot be tracked
while standing on a star Location. After the second look the Bug is spent, but the Spy stays
bugged."""),
    N_("""\
THE SPY'S MOVE
Turn over the top Spy Movement card and move the Spy one step along its large arrow. If
that leaves the grid, use the small arrow; if that fails too, turn the card around and try
the large, then the small arrow again. When the deck is empty it is reshuffled, again with
four cards upside down. If the Spy's new Location holds fewer than two Discovery cards, the
top card of the Discovery deck is slipped under them."""),
    N_("""\
MEETING THE SPY
Whenever the Agent and the Spy end up on the same Location, you discard a card of your
choice; if it happens on your turn, your turn ends. No card to discard: the mission fails."""),
    N_("""\
ON THE RUN
Once the Discovery deck is empty the Spy is On the Run: every time the Spy moves onto a
Location without a Discovery card, the Countdown drops by one. At zero, time is up and you
lose."""),
    N_("""\
ACCUSATION
If the Spy is bugged, you may accuse when you move onto the Spy's Location, or at the start
of your turn when the Spy stands on yours. No card is discarded: the game ends. All
Confiscated Items are revealed. Holding a Red Herring Item loses. Otherwise you win if you
hold all three Evidence Items, and lose if any is missing."""),
    N_("""\
DIFFICULTY
Standard: as above. Hard: without the Clue x2 card. Difficult: as Hard, with 2 Red Herrings
and 3 False Leads. Expert: as Difficult, and the Countdown starts at 3."""),
    N_("""\
LOCATION ABILITIES
Each ability works once per game, after your move, while the Agent stands there; the
Location is then turned face down. Star Locations are marked *.
- Spring Carnival (Lost in the crowd): the Spy does not move at the end of this turn.
- Espresso Lane Cafe (Overheard): look at the top 3 Discovery cards and put them back in
  any order.
- Reseau Hotel (Safe house): the next discard forced by meeting the Spy, until the end of
  your next turn, is cancelled.
- Royal Library (Archives): reveal one face-down Evidence or False Lead card for free (it
  is not your Clue use for the turn).
- Paragon Bank * (Safe-deposit box): choose an Item you hold; it can never be discarded.
- Crystal Globe Casino * (Gamble): take the top card of the Discovery deck and resolve it as
  if found (a Bomb goes off at once).
- Zenith Bus Station (Express): move the Agent to any Location and resolve the arrival like a
  normal move.
- Sunrise Park (Stakeout): look at the top Spy Movement card, even without the Bug; you may
  put it at the bottom of the Spy deck.
- Uptown Post Office * (Dead drop): take and resolve the top Discovery card of an
  orthogonally adjacent Location (above, below, left or right; not diagonal) without moving."""),
)

RULES_TEXT = "\n\n".join(SECTIONS) + "\n"
