"""Texts that other layers keep as data and the screens translate where they show them:
the catalogue's game titles and pitches, the games' option labels, help and values, the
factions and levels the statistics store. Listed here so that ``pybabel extract`` puts
them in the catalog; tests/test_i18n_catalogs.py fails when the catalogue has one that is
not listed (a new option, a reworded pitch), so this list cannot fall behind.

Once the rules layer marks its own texts (``N_`` where they are made, or ``Msg``), its
entries here go.
"""

from game.i18n import N_

GAMES = (
    N_("Chasing Shadows"),
    N_("Trick-taking where you dodge the Spotlight: lowest score after three rounds wins."),
    N_("Harsh Shadows"),
    N_("Solo: track the Spy through the city and accuse with the right evidence."),
    N_("Shadow Hunters"),
    N_("Hidden identities: Hunters, Shadows and Neutrals fight it out, 4-8 players."),
)

OPTIONS = (
    N_("First round's starting player"),
    N_("Seat that leads the first round (random, or a seat number)"),
    N_("Difficulty"),
    N_("Hard: no Clue x2. Difficult: also 2 Red Herrings, 3 False Leads. Expert: also Countdown 3."),
    N_("Countdown"),
    N_("Start value of the Countdown (auto: 4, or 3 at Expert)."),
    N_("Spring Carnival ability"),
    N_("Espresso Lane Cafe ability"),
    N_("Reseau Hotel ability"),
    N_("Royal Library ability"),
    N_("Paragon Bank ability"),
    N_("Crystal Globe Casino ability"),
    N_("Zenith Bus Station ability"),
    N_("Sunrise Park ability"),
    N_("Uptown Post Office ability"),
    N_("Switch this Location's ability off for a custom game."),
    N_("Characters"),
    N_("All 20, the base 10, the expansion 10, or one per initial"),
    N_("Special abilities"),
    N_("Off: abilities are ignored and Bob is removed"),
    N_("Hermit round"),
    N_("6+ players: everyone uses one Hermit card before the first turn"),
)

# An option's values as the drop-down shows them (setup.choice_label: first letter raised)
VALUES = (
    N_("Random"), N_("On"), N_("Off"), N_("Auto"), N_("Standard"), N_("Hard"),
    N_("Difficult"), N_("Expert"), N_("All"), N_("Base"), N_("Expansion"), N_("Initial"),
)

# What the statistics keep by key, shown with the first letter raised
STATS_WORDS = (
    N_("Easy"), N_("Normal"), N_("Hunter"), N_("Shadow"), N_("Neutral"),
)

# The parts of a tutorial in two (game.tutorial's ``part_title``), as the Learn screen shows them
TUTORIAL_PARTS = (
    N_("Basics"), N_("Winning and dying"),
)
