"""Harsh Shadows components as tables (see /work/shared/specs/harsh-shadows.md).

Everything that describes a card lives here so a ruling can change in one place.
Discovery cards are stored by *kind* (an int): the eight Items are 0..7, then Clue,
Clue x2 and Bomb. Cards of one kind are interchangeable, so counting kinds is enough.
"""

from __future__ import annotations

from game.i18n import N_

# --- Items (each exists once as a Discovery card and once as a Confiscated Item) -------
# The names are English ids (views, saves and the bots use them); screens show _(name).
ITEMS = (
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Photographs"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Binoculars"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Passport"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Hidden Camera"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Gun"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Laptop"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Coded Message"),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    N_("Phone"),
)
N_ITEMS = len(ITEMS)

CLUE = 8
CLUE2 = 9
BOMB = 10
KIND_NAMES = ITEMS + (N_("Clue"), N_("Clue x2"), N_("Bomb"))
KIND_BY_NAME = {name: k for k, name in enumerate(KIND_NAMES)}

# How many of each kind the box holds (Items once each).
DISCOVERY_COUNTS = {**{i: 1 for i in range(N_ITEMS)}, CLUE: 9, CLUE2: 1, BOMB: 4}

# --- Locations ----------------------------------------------------------------------------
# id, name, special-attention icon, ability key, ability name, ability text
LOCATIONS = (
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (0, N_("Spring Carnival"), False, "carnival",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Lost in the crowd"),
     N_("The Spy does not move at the end of this turn.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (1, N_("Espresso Lane Cafe"), False, "cafe",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Overheard"),
     N_("Look at the top 3 Discovery cards and put them back in any order.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (2, N_("Reseau Hotel"), False, "hotel",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Safe house"),
     N_("Cancel the next discard forced by meeting the Spy, until the end of your next turn.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (3, N_("Royal Library"), False, "library",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Archives"),
     N_("Reveal one face-down Evidence or False Lead card for free.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (4, N_("Paragon Bank"), True, "bank",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Safe-deposit box"),
     N_("Choose an Item in your collection: it can never be discarded.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (5, N_("Crystal Globe Casino"), True, "casino",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Gamble"),
     N_("Take the top Discovery card of the deck and resolve it as if found.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (6, N_("Zenith Bus Station"), False, "bus",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Express"),
     N_("Move the Agent to any Location and resolve the arrival as a normal move.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (7, N_("Sunrise Park"), False, "park",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Stakeout"),
     N_("Look at the top Spy card; you may put it at the bottom of the Spy deck.")),
    # Translators: Names: our own (Harsh Shadows has no published edition)
    (8, N_("Uptown Post Office"), True, "post",
     # Translators: Names: our own (Harsh Shadows has no published edition)
     N_("Dead drop"),
     N_("Without moving, take and resolve the top Discovery card of an orthogonal neighbour "
        "(no diagonals).")),
)
LOC_NAME = tuple(row[1] for row in LOCATIONS)
LOC_STAR = tuple(row[2] for row in LOCATIONS)
ABILITY_KEYS = tuple(row[3] for row in LOCATIONS)
ABILITY_NAME = tuple(row[4] for row in LOCATIONS)
ABILITY_TEXT = tuple(row[5] for row in LOCATIONS)
LOC_BY_ABILITY = {key: i for i, key in enumerate(ABILITY_KEYS)}

# --- Grid geometry (positions 0..8, row-major, row 0 at the top) -----------------------------
DIRS = {"N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
        "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E",
            "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}
DIR_ORDER = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def step(pos: int, direction: str) -> int:
    """The position one step from ``pos`` towards ``direction``, or -1 off the grid."""
    dr, dc = DIRS[direction]
    r, c = divmod(pos, 3)
    r += dr
    c += dc
    if 0 <= r < 3 and 0 <= c < 3:
        return r * 3 + c
    return -1


STEP = tuple({d: step(p, d) for d in DIR_ORDER} for p in range(9))
# Neighbours in a fixed order (N, NE, E, ... NW) as (direction, position).
NEIGHBOURS = tuple(tuple((d, STEP[p][d]) for d in DIR_ORDER if STEP[p][d] >= 0)
                   for p in range(9))
NEIGHBOUR_SETS = tuple(frozenset(q for _, q in NEIGHBOURS[p]) for p in range(9))


def direction_between(a: int, b: int) -> str:
    for d, q in NEIGHBOURS[a]:
        if q == b:
            return d
    return ""


SPY_START = 0      # top-left
AGENT_START = 8    # bottom-right
CENTRE = 4

# --- Spy Movement cards: (large arrow, small arrow) when upright ---------------------------
SPY_CARDS = {1: ("S", "E"), 2: ("NW", "SW"), 3: ("W", "NE"), 4: ("E", "S"),
             5: ("NE", "N"), 6: ("S", "NW"), 7: ("SE", "W"), 8: ("NE", "SE")}
SPY_TURNED_AT_SHUFFLE = 4


def arrows(card: int, turned: bool) -> tuple[str, str]:
    """(large, small) arrow directions of a Spy card in the given orientation."""
    large, small = SPY_CARDS[card]
    if turned:
        return OPPOSITE[large], OPPOSITE[small]
    return large, small


def spy_destination(pos: int, card: int, turned: bool) -> tuple[int, str, bool, str]:
    """Where the Spy goes from ``pos`` with this card: (new pos, arrow, rotated, direction).

    Large arrow, else small arrow, else the card is rotated 180° and the large then the
    small arrow are tried. If nothing fits the Spy stays (arrow "none"); on a 3x3 grid this
    never happens with the published cards (a test checks it).
    """
    for rotated in (False, True):
        large, small = arrows(card, turned != rotated)
        for arrow, d in (("large", large), ("small", small)):
            q = STEP[pos][d]
            if q >= 0:
                return q, arrow, rotated, d
    return pos, "none", False, ""


# --- Case Files and difficulty --------------------------------------------------------------
EVIDENCE, RED_HERRING, FALSE_LEADS = 0, 1, 2
CASE_FILE_NAMES = (N_("Evidence"), N_("Red Herring"), N_("False Leads"))
EVIDENCE_COST = 2
RED_HERRING_COST = 3
RED_HERRING_COST_AFTER_EVIDENCE = 1
FALSE_LEAD_COST = 1

# level: (Clue x2 in the game, cards dealt under (Evidence, Red Herring, False Leads),
#         countdown start)
DIFFICULTIES = {
    "standard": (True, (3, 1, 4), 4),
    "hard": (False, (3, 1, 4), 4),
    "difficult": (False, (3, 2, 3), 4),
    "expert": (False, (3, 2, 3), 3),
}
DIFFICULTY_ORDER = ("standard", "hard", "difficult", "expert")

STARTING_DEAL = 9          # one Discovery card per Location
STARTING_BOMBS = 1
MAX_STACK_FROM_SPY = 2     # the Spy never adds a card where 2 already lie
TRACKS_PER_GAME = 2
REORDER_LOOK = 3           # Espresso Lane Cafe looks at this many cards
