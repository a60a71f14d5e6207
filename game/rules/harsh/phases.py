"""Names every part of the Harsh Shadows state machine shares: its phases, what each phase
asks of the player, the ways a game ends and the additional actions.

It imports nothing of the game (only ``game.i18n``, for messages as data) so that the state, its phase modules and the view can all
import it without going in a circle.
"""

from __future__ import annotations

from game.i18n import Msg

# Phases. The first five setup steps and the Spy deck reshuffle are chance steps.
SETUP_STEPS = ("grid", "deal", "deck", "cases", "spydeck")
MOVE, BOMB_CHOICE, DISCARD, MEETING, ACTIONS = "move", "bomb", "discard", "meeting", "actions"
REORDER, STAKEOUT, RESHUFFLE, OVER = "reorder", "stakeout", "reshuffle", "over"
PLAYER_PHASES = (MOVE, BOMB_CHOICE, DISCARD, MEETING, ACTIONS, REORDER, STAKEOUT)

# Each prompt follows "Turn N: " in the top bar and reads whole there at 1024x640; the
# dialogs say the choice in full.
PHASE_PROMPTS = {
    "setup": Msg("wait for the setup"),
    MOVE: Msg("move your Agent to a neighbouring Location"),
    BOMB_CHOICE: Msg("use the Defusing Kit, or discard a card"),
    DISCARD: Msg("choose a card to discard"),
    MEETING: Msg("accuse the Spy or discard a card"),
    ACTIONS: Msg("take additional actions or end your turn"),
    REORDER: Msg("order the Discovery cards you looked at"),
    STAKEOUT: Msg("leave the Spy card on top or put it under"),
    RESHUFFLE: Msg("wait for the Spy deck to be reshuffled"),
    OVER: Msg("the game is over"),
}

# How a game can end: code -> one-sentence explanation used in the result and the events
# (as data: shown in the language in force).
OUTCOMES = {
    "won": Msg("You accused the Spy holding all three Evidence Items and no Red Herring: "
           "the Spy is apprehended."),
    "red-herring": Msg("You accused the Spy while holding a Red Herring Item: the mission fails."),
    "missing-evidence": Msg("You accused the Spy without all three Evidence Items: the Spy walks free."),
    "countdown": Msg("The Countdown reached zero while the Spy was On the Run: time ran out."),
    "bomb-no-card": Msg("A Bomb went off and you had no card left to discard: the mission fails."),
    "meeting-no-card": Msg("You met the Spy and had no card left to discard: the mission fails."),
}

# The additional actions' names: ids in ``view["unavailable"]`` (the table shows its own words)
ACTION_NAMES = ("Use clues", "Place the Tracking Bug", "Track the Spy", "Use Location ability")
