"""Determinization: an engine state that agrees with what one seat sees.

``world_from_view(view, beliefs, rng)`` fills in what the seat cannot see (the hidden
characters, drawn from its beliefs, and which Hermit cards are still in the deck) and
rebuilds the engine's work stack for the seat's own turn decisions. Everything public is
copied from the view, so the sampled world offers the seat exactly its real choices.
"""

from __future__ import annotations

import random

from game.rules.hunters.data import (
    AREA_ID,
    CARD_NAME,
    CHAR_ID,
    DECK_CARDS,
    EQUIP_ID,
    GREGOR,
)
from game.rules.hunters.state import HuntersState
from game.rules.protocol import CHANCE

# Decisions whose engine stack can be rebuilt from the view (the seat's own turn).
TURN_FRAMES = ("start", "move_choice", "area", "attack", "end", "hermit_give", "card_target",
               "card_steal", "card_give")


class NotRebuildable(Exception):
    """The view's pending decision is not one ``world_from_view`` can rebuild."""


def _turn_facts(history):
    """Facts of the current turn: (index of its "turn" entry, entries since)."""
    for i in range(len(history) - 1, -1, -1):
        if history[i][0] == "turn":
            return i, history[i + 1:]
    return len(history), ()


def _first_batch(history):
    """Seats in the first batch of deaths (consecutive death facts)."""
    out = []
    for i, e in enumerate(history):
        if e[0] == "death":
            out.append(e[1])
            j = i + 1
            while j < len(history) and history[j][0] == "death":
                out.append(history[j][1])
                j += 1
            return out
    return out


def _stack(view, seat, pending, history, actions):
    p = view["active"]
    kind = pending["kind"]
    if kind not in TURN_FRAMES or p != seat or view["turn"] <= 0:
        raise NotRebuildable(kind)
    st = [("next_turn",), ("end", p)]
    if kind == "end":
        return st
    st.append(("attack", p))
    if kind == "attack":
        return st
    if kind in ("start", "area", "move_choice"):
        st.append(("area", p))
        if kind == "start":
            st.append(("start", p))
        elif kind == "move_choice":
            opts = tuple(sorted(AREA_ID[a.args[0]] for a in actions if a.kind == "move"))
            st.append(("move_choice", p, opts))
        return st
    return st


def world_from_view(view, beliefs, rng: random.Random, actions=()):
    """A HuntersState consistent with ``view`` (the seat's) and ``beliefs``.

    ``actions``: the seat's legal actions (needed to rebuild a move choice). Raises
    NotRebuildable for decisions taken outside the seat's own turn.
    """
    seat = view["seat"]
    players = view["players"]
    n = len(players)
    opts = view["options"]
    history = view["history"]
    pending = view["pending"]
    s = HuntersState.new(n, {"pool": opts["pool"], "abilities": opts["abilities"],
                             "hermit_round": opts["hermit_round"]})
    s.stack = _stack(view, seat, pending, history, actions)
    s.chars = list(beliefs.sample_characters(rng))
    s.chars[seat] = CHAR_ID[view["me"]["character"]]
    board = view["board"]
    s.board = [AREA_ID[a] for a in board]
    s.rev = [p["revealed"] for p in players]
    s.alive = [p["alive"] for p in players]
    s.dmg = [p["damage"] for p in players]
    s.pos = [board.index(p["area"]) if p["area"] is not None else -1 for p in players]
    s.equip = [[EQUIP_ID[name] for name in p["equipment"]] for p in players]
    s.used = [bool(p["ability_used"]) for p in players]
    s.used[seat] = bool(view["me"]["ability_used"])
    s.voided = [p["voided"] for p in players]
    s.barrier = [False] * n
    s.guardian = [False] * n
    for i, p in enumerate(players):
        if p["protected"]:
            if s.rev[i] and s.chars[i] == GREGOR and s.used[i]:
                s.barrier[i] = True
            else:
                s.guardian[i] = True
    # White and Black piles: what is neither discarded nor in front of someone is in the deck
    held = {c for e in s.equip for c in e}
    for d, name in ((1, "white"), (2, "black")):
        ids = list(DECK_CARDS[d])
        disc = []
        for cname in view["discards"][name]:
            c = next(x for x in ids if CARD_NAME[x] == cname)
            ids.remove(c)
            disc.append(c)
        s.disc[d] = disc
        s.decks[d] = [c for c in ids if c not in held]
    # Hermit cards: counts are public, which ones are where is not (except the one in hand)
    hermits = list(DECK_CARDS[0])
    holding = view.get("holding")
    s.in_play = []
    k = sum(1 for e in history if e[0] == "draw" and e[2] == "hermit")
    if pending["kind"] == "hermit_give" and holding:
        c = next(x for x in hermits if CARD_NAME[x] == holding)
        hermits.remove(c)
        s.in_play = [c]
        s.stack.append(("hermit_give", seat, c, k - 1, -1))
    rng.shuffle(hermits)
    nd = view["decks"]["hermit"]
    s.decks[0] = hermits[:nd]
    s.disc[0] = hermits[nd:]
    s.hermit_k = k
    if pending["kind"] in ("card_target", "card_steal", "card_give"):
        cname = pending["card"]
        c = next(x for x in DECK_CARDS[1] + DECK_CARDS[2] if CARD_NAME[x] == cname)
        s.stack.append((pending["kind"], seat, c))
    first = next((e[1] for e in history if e[0] == "first"), 0)
    s.first = first
    s.active = view["active"]
    s.turn_no = view["turn"]
    s.extra = view["extra_turns"]
    _, this_turn = _turn_facts(history)
    s.ultra_done = any(e[0] == "ability" and e[2] == "Ultra Soul" for e in this_turn)
    last = ()
    for e in this_turn:
        if e[0] == "attack" and e[1] == s.active and not e[3]:
            last = tuple(e[2])
    s.last_targets = last
    s.dead_order = list(view["dead_order"])
    s.first_dead = _first_batch(history)
    s.history = []
    s.private = [[] for _ in range(n)]
    s.dice = tuple(view["dice"])
    s.dec = CHANCE
    s._run()
    return s
