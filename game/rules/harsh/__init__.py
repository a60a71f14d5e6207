"""Harsh Shadows: the solo deduction game (game id "harsh", one player = seat 0).

Modules: ``data`` (component tables), ``phases`` (phase names, prompts, outcomes),
``state`` (HarshState, made of one module per part of a turn: ``chance``, ``movement``,
``bombs``, ``spy``, ``accusation``, ``actions``), ``abilities`` (the nine Location
abilities), ``view`` (the view dict), ``undo`` (undo boundaries), ``rules_text``,
``invariants`` (the simulator's ``--check``).

Options
-------
``difficulty`` standard|hard|difficult|expert; ``countdown`` auto|1..6 (auto: 4, Expert 3);
``ability_<key>`` on|off for each Location ability (keys below).

Positions
---------
The grid positions are 0..8, row-major, row 0 at the top (0 = top-left, 8 = bottom-right).
Directions are compass points: N is towards row 0.

Phases (``view["phase"]``) and the actions (kind, args) legal in each
------------------------------------------------------------------------
- ``setup`` / ``reshuffle``: chance steps (decider CHANCE): ``grid`` (9 Location ids by
  position), ``deal`` (9 Discovery kinds by position), ``deck`` (kinds, top first),
  ``cases`` (8 Item ids: Evidence, then Red Herring(s), then False Leads), ``spydeck``
  ((8 card numbers top first), (the 4 turned card numbers)).
- ``move``: ``move (pos,)`` "Move to Royal Library (NE)"; ``accuse ()`` when the Spy stands
  on the Agent at the start of the turn and is bugged.
- ``bomb``: ``kit (True,)`` use the Defusing Kit / ``kit (False,)`` discard a card instead.
- ``discard``: ``discard (kind,)``; ``view["discard_for"]`` is "bomb", "meeting" (Agent
  walked into the Spy) or "spy" (the Spy walked into the Agent).
- ``meeting`` (the Agent walked into a bugged Spy; ``discard_for`` "meeting"): ``accuse ()``,
  ``discard (kind,)`` — or ``no_card ()`` with nothing to discard (lost: "meeting-no-card")
  — or, under the Safe house, ``slip ()``.
- ``actions`` (additional actions): ``reveal (file, slot, x2)`` pay Clues (x2: 1 when the
  Clue x2 card is used) to reveal a Case File card; ``bug ()`` place/move the Tracking Bug
  here; ``track ()``; ``ability (key, *target)`` — keys carnival, cafe, hotel, library
  (target file, slot), bank (target item), casino, bus (target pos), park, post (target
  pos; orthogonal neighbours only); ``end ()`` ends the turn and the Spy moves.
- ``reorder`` (after Espresso Lane Cafe): ``order (kinds top first)``; the cards looked at
  are in ``view["looking_at"]``.
- ``stakeout`` (after Sunrise Park): ``stakeout ("keep",)`` / ``stakeout ("bottom",)``.
- ``over``: nothing; ``view["result"]`` = {won, reason code, text}.

Discovery kinds: 0..7 the Items (``data.ITEMS``), 8 Clue, 9 Clue x2, 10 Bomb; the view
uses names. Case Files: 0 Evidence, 1 Red Herring, 2 False Leads.

The view (``state.view(0)``; ``view(None)`` is the same without peeked cards)
--------------------------------------------------------------------------
``phase``, ``prompt``, ``turn``, ``difficulty``, ``options`` {clue_x2, deal, countdown_start,
abilities}; ``grid``: 9 dicts {pos, row, col, location_id, location, star, face_down,
ability, ability_name, ability_text, ability_used, ability_enabled, cards, stack (top first,
"dealt"/"added"), known (top first: the name of a card seen at the Cafe before the Spy laid
it there, else None), spy, agent, bug}; ``spy``, ``agent`` positions; ``bug`` {state
off|placed|active|spent, pos, bugged, tracks_left}; ``countdown``, ``on_the_run``; ``kit``
ready|used; ``discovery_deck`` (size), ``deck_known_top`` (names known from the Cafe, top
first), ``discovery_discard``, ``dealt_bomb_found``; ``spy_deck`` (size), ``spy_discards``
(one dict per Spy move since the last shuffle: card, turned, large, small, arrow
large|small, rotated, direction, from, to — the last one animates the move),
``spy_peek`` (the top Spy card if tracked/looked at: card, turned, large, small) and
``spy_bottom``; ``case_files``: 3 dicts {file, name, cost (now), slots (Item name or None
when face down), face_down, revealed}; ``collection`` (names), ``clues`` (total value),
``protected``; ``win_possible`` + ``win_reason``; ``clue_used``, ``spy_stays``,
``safe_house``; ``looking_at``; ``discard_for``; ``unavailable``: (action name, reason)
for each additional action not allowed now; ``result``. ``flags`` and ``safe_until`` are
bookkeeping that ``game.ai.harsh_hint.determinize`` needs to rebuild a state from a view.

Undo: ``reveals_information`` (the catalogue's ``GameSpec.reveals``) is True for chance steps
and for any step whose events turned a Discovery card, revealed a Confiscated Item, flipped
or looked at a Spy card, or looked at the Discovery deck; ``undo_floor`` gives the shortest
log length the player may go back to. Hint: ``game.ai.harsh_hint.hint(view, actions)``.

Events: turn, agent_moved, card_found, bomb (found: kit choice), bomb_exploded, kit_used, discarded, clues_spent,
item_revealed, bug_placed, spy_bugged, tracked, ability, deck_peeked, deck_reordered,
stakeout, stakeout_keep, stakeout_bottom, safe_house, spy_moved (card, turned, arrow,
rotated, direction, from, to), spy_stayed, card_added, countdown, meeting, accusation,
game_over (won, reason, one-sentence text), spy_deck_shuffled, turn_end.
"""

from __future__ import annotations

from collections import Counter

from .phases import OUTCOMES
from .rules_text import RULES_TEXT
from .state import HarshState
from .undo import reveals_information, undo_floor


def sim_report(states) -> dict:
    """Win rate, why games were lost, and mean number of turns."""
    outcomes = Counter(s.outcome for s in states)
    n = len(states)
    return {
        "win_rate": round(outcomes.get("won", 0) / n, 4) if n else None,
        "loss_reasons": {k: v for k, v in sorted(outcomes.items()) if k != "won"},
        "mean_turns": round(sum(s.turn for s in states) / n, 2) if n else None,
    }


__all__ = ["HarshState", "OUTCOMES", "RULES_TEXT", "reveals_information", "undo_floor",
           "sim_report"]
