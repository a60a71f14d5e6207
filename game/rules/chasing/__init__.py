"""Chasing Shadows: trick-taking for 3-5 players where the lowest score wins.

Game id ``"chasing"``. Moves (``Action``):

* ``play (suit, rank)`` label "Play blue 5" — the decider plays a card from hand.
* ``discard (suit,)`` label "Discard the yellow Follow Card" — only offered right after a
  follower played a card matching no Follow Card *and* the remaining Follow Cards show
  more than one suit (otherwise the discard is automatic, as is a matching follower's).
  The UI therefore asks "pick a card", then, when the phase becomes ``"discard"``, "pick a
  Follow Card".
* chance: ``start (seat,)`` (first round's starting player when the option ``start`` is
  ``"random"``) and ``deal (shuffled deck,)`` at the start of every round.

View (``state.view(seat)``; ``seat=None`` is the public view), immutable mappings/tuples.
A visible card is ``("card", suit, rank)``; a card whose rank the viewer may not see is
``("back", suit)`` (card backs show the suit), so hidden ranks never appear.

* ``game`` "chasing", ``players`` n, ``seat`` the viewer (or None)
* ``round`` 1-3 (the current or last round), ``rounds_done`` 0-3
* ``phase`` "deal" (waiting for chance) | "play" | "discard" | "over"
* ``turn`` seat to act or None; ``start_seat``; ``leader`` of the current trick
* ``hands`` per seat: tuple of cards (the viewer's own faces, everyone else's backs),
  sorted by suit; ``hand_counts`` per seat
* ``spotlight`` card or None; ``follow`` the remaining Follow Cards (backs);
  ``discard`` the discard pile (backs)
* ``trick`` plays so far: ``{"seat", "card"}`` in play order (leader first)
* ``taken`` per seat: cards taken this round, face up (after the round: including the
  last card from hand)
* ``history`` tricks finished this round (the memory aid): ``{"spotlight", "leader",
  "winner", "plays": ({"seat", "card"}, ...)}``; ``last_winner`` seat or None
* ``scoresheet`` per seat: ``rounds`` 3 rows of 4 boxes (blue, red, yellow, grey; None =
  empty box), ``struck`` 3x4 flags (set by final scoring), ``total``
* ``breakdowns`` one per finished round, per seat: ``{"cards": count, "suits": {suit:
  {"ranks", "ignored", "score"}}}`` (ranks as plain ints)
* ``deck_top_rank`` 10/13/14; ``result`` None or ``{"winners", "scores", "reason"}``

Events: start_player, round_dealt, card_played, follow_discarded, trick_won,
round_scored, game_over — all public, none names an unplayed card's rank.
"""

from __future__ import annotations

from typing import Any, Mapping

from .rules_text import RULES_TEXT
from .state import ChasingState


def sim_report(states: list) -> Mapping[str, Any]:
    """The simulator's figures: each seat's mean score."""
    if not states:
        return {"mean_score_by_seat": []}
    n = states[0].num_players
    sums = [0.0] * n
    for st in states:
        for s, v in enumerate(st.result().scores):
            sums[s] += v
    return {"mean_score_by_seat": [round(v / len(states), 2) for v in sums]}


__all__ = ["ChasingState", "RULES_TEXT", "sim_report"]
