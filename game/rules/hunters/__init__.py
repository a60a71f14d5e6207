"""Shadow Hunters (4-8 players, hidden identities): the rules engine.

Modules: ``data`` (characters, Areas, cards as tables), ``frames`` (the work stack),
``turn`` (setup, the turn, side actions), ``combat`` (damage, attacks, deaths, wins),
``cards`` (Hermit/White/Black cards), ``views`` (views, labels, event texts),
``state`` (HuntersState), ``scenario`` (test hook: a game in a chosen position),
``stats`` (simulator figures), ``invariants`` (the simulator's ``--check``), ``worlds`` (``determinize(view, rng)``: a full state
consistent with one seat's view, for information-set search), ``rules_text`` (RULES_TEXT). The Easy computer player is
``game.ai.hunters_easy``.

Flow
----
Setup is three chance steps: ``deal`` (tuple of character names, one per seat),
``board`` (the six Area names in slot order: slots 0-1, 2-3, 4-5 are the pairs; the
slots form a ring, so slot i neighbours i-1 and i+1 mod 6 for Emi), ``first`` (seat).
With the Hermit round option (6+ players) each player, from the first one, draws a Hermit
card and gives it to the player on their left. Each turn: ``start`` (start-of-turn
abilities, then roll or Emi's move), ``move_choice`` (after a 7 or with Mystic Compass),
``area`` (Area action or skip), ``attack`` (skipped automatically with nobody in range),
``end`` (end-of-turn abilities; Charles's re-attack; always asked, as cover).

Actions (``Action.kind``, ``args``); seats are ints, card arguments are card ids
(``data.CARD_NAME[id]``), Areas are names:
  reveal ()              any living hidden seat, any decision point, also out of turn
  allie_heal ()          revealed Allie, any decision point
  david (card)           revealed David, on his turn: take an Equipment card from a discard
  roll () | emi (area) | franklin (t) | george (t) | ellen (t) | fuka (t) | agnes ()
  ultra_soul (t)         the ``start`` prompt
  move (area)            ``move_choice``
  draw ("hermit"|"white"|"black") | woods ("damage"|"heal", t) | altar (t, card) | skip ()
  attack (t) | attack_all () | no_attack ()          (no_attack absent with Masamune)
  end_turn () | gregor () | wight () | charles ()
  give (t)               give the Hermit card you drew
  answer ("nothing"|"heal"|"damage"|"show") | answer ("give", card)   answer a Hermit card
  respond ("none"|"counter")       every attacked seat is asked (Werewolf may counter)
  bob_damage () | bob_take (card)  ``bob`` prompt (public name "after the hit"), 4-6
                         players, a hit of 2+ on a target holding Equipment: asked of
                         every hidden attacker and a revealed Bob; only Bob has
                         ``bob_take`` (a hidden Bob reveals by taking)
  loot (card)            the killer picks one of 2+ Equipment cards
  card_use () | card_pass ()       Advent, Chocolate, Diabolic Ritual (every drawer asked)
  card_target (t)        Blessing, First Aid, Vampire Bat, Bloodthirsty Spider, Spiritual Doll
  goblin (t, card) | banana (card, t)
Chance outcomes: dice (d6, d4), d6 (v), d4 (v), card (id: the drawn card; decks have no
order, a draw is a uniform pick from what is left, an empty deck takes its discards),
deal, board, first.

Privacy (spec ruling 10)
------------------------
Every seat that *could* respond gets the same prompt: each attacked seat gets
``respond``, every Hermit receiver ``answer``, every drawer of Advent/Chocolate/Ritual
``card_opt``, the active player an ``end`` prompt each turn. Only the options differ,
and options are private to their seat (``legal_actions(seat)``; the public view shows
only ``pending`` = prompt kind and seat). The Unknown is offered the true and the false
answers; others only the true one. Daniel's own list lacks ``reveal`` (he may not reveal
by choice); the app shows that list only to Daniel after the hand-off screen.

Views
-----
``view(None)``: players (seat, alive, revealed, character/faction/hp if revealed, damage,
area, equipment, ability_used, voided, protected), board, deck sizes, discards (White
and Black face up, Hermit as a count), active, turn, extra_turns, decider, pending,
dice, dead_order, history (every public fact as a tuple, kind first; ``views.describe``
gives its text, and each new fact also comes as an Event), over,
winners, options. ``view(seat)`` adds ``me`` (character, faction, hp, win, ability,
agnes_target), ``private`` (("drew", k, card), ("gave", k, to, card), ("got", k, from,
card), ("saw", seat, character)), ``holding`` (the Hermit card in hand) and
``shown_to_me``. ``engine`` holds the public bookkeeping (first player, the work stack
with other seats' Hermit cards masked as -1, once-per-game flags, protections, the first
death batch, ...) that ``worlds.determinize`` needs. Hermit outcomes in history are ("hermit", giver, receiver, k, outcome);
k joins them with the private entries.

History facts: ("dealt",) ("board", areas) ("first", seat) ("turn", seat, number)
("roll", seat, d6, d4) ("move", seat, area) ("draw", seat, "hermit", k)
("draw", seat, "white"|"black", card) ("hermit_give", giver, receiver, k)
("hermit", giver, receiver, k, "nothing"|"heal"|"damage"|"give"|"show")
("damage", seat, amount, by (-1 none), kind) ("heal", seat, amount, kind)
("set_damage", seat, value, by, kind) ("reveal", seat, character, why)
("attack", attacker, targets, counter 0|1, (d6, d4); d6 is 0 for a d4-only roll)
("death", seat, killer (-1 none), character) ("equipment", from (-1 discards), to, card, why)
("loot", killer, victim, cards) ("discard_equipment", seat, cards)
("ability", seat, character, target) ("card_target", seat, card, target)
("die", seat, what, value) ("dynamite", seat, d6, d4) ("reshuffle", deck) ("end", winners).

Rulings beyond the spec
-----------------------
Decks have no order: a draw is a uniform chance pick from the cards left (the same as a
shuffle, and nothing secret to hide). Forced reveals (Daniel, Bryan, Disenchant Mirror)
happen automatically: they are public and leave no choice. An attack's damage that
needs no choice is dealt to all its targets at once and their deaths are resolved
together (then wins are checked once); only then is the attacker asked about the other
targets (Bob's 4-6 player choice, behind the cover prompt every hidden attacker gets), and
each of those hits is dealt, and its deaths resolved, after the answer. After a side
action (reveal, Allie, David) the pending step is looked at again (e.g. nobody left in
range: no attack step). A killer who dies in the same batch loots nothing.
Charles's re-attack is offered at the ``end`` prompt and repeats the last attack on its
living targets. The Werewolf's counterattack is a one-target attack with its own
equipment. Agnes's right is seat - 1, her left seat + 1 (play goes up the seats).

Fast path
---------
``fast_legal(seat)`` / ``fast_apply(seat, tuple)`` / ``fast_chance(rng)`` / ``clone()`` /
``playout(rng)`` work on plain tuples (kind, *args) for search and the benchmark.
"""

from __future__ import annotations

from .rules_text import RULES_TEXT
from .state import HuntersState, new_game


def reveals_information(state_before, seat, action, events):
    """A character shown to everyone is public and final: undo never takes it back."""
    return any(e.kind == "reveal" for e in events)


__all__ = ["HuntersState", "RULES_TEXT", "new_game", "reveals_information"]
