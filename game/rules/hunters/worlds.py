"""Rebuild full game states from one seat's view (for information-set search).

``determinize(view, rng)`` deals the hidden characters, deck contents and any Hermit card
in flight that the seat cannot see, consistently with what it can see (allocation table,
character pool, revealed and Predicted characters, damage below HP for the living), and
returns a HuntersState to clone and play out. Pass ``chars`` to impose your own guess
(e.g. one weighted by the Hermit evidence); smarter bots filter or weight worlds
themselves.
"""

from __future__ import annotations

import random

from .data import ALLOCATION, AREA_ID, CARD_NAME, CHAR_ID, DECK_CARDS, FACTION, HP, INITIAL
from .state import HuntersState, pool_characters


def known_characters(view):
    """{seat: character id} for the seats whose character ``view`` shows."""
    out = {}
    for p in view["players"]:
        if p["character"]:
            out[p["seat"]] = CHAR_ID[p["character"]]
    me = view.get("me")
    if me:
        out[me["seat"]] = CHAR_ID[me["character"]]
    for seat, name in view.get("shown_to_me", ()):
        out[seat] = CHAR_ID[name]
    return out


def sample_characters(view, rng, tries=500):
    """A full deal consistent with the view (uniform among consistent deals, by rejection)."""
    players = view["players"]
    n = len(players)
    opts = view["options"]
    abilities = opts["abilities"] == "on"
    initial = opts["pool"] == "initial"
    known = known_characters(view)
    need = dict(zip("HSN", ALLOCATION[n]))
    for c in known.values():
        need[FACTION[c]] -= 1
    hidden = [i for i in range(n) if i not in known]
    used = {INITIAL[c] for c in known.values()}
    free = [c for c in pool_characters("all" if initial else opts["pool"], abilities)
            if c not in known.values() and not (initial and INITIAL[c] in used)]
    by_faction = {f: [c for c in free if FACTION[c] == f] for f in "HSN"}
    for _ in range(tries):
        chosen = []
        for f in "HSN":
            chosen += rng.sample(by_faction[f], need[f])
        if initial and len({INITIAL[c] for c in chosen}) < len(chosen):
            continue
        rng.shuffle(chosen)
        if all(not players[seat]["alive"] or players[seat]["damage"] < HP[c]
               for seat, c in zip(hidden, chosen)):
            deal = dict(known)
            deal.update(zip(hidden, chosen))
            return [deal[i] for i in range(n)]
    raise ValueError("no deal is consistent with this view")


def _seen_hermit_discards(view):
    """Names of the Hermit cards this seat gave or got that have been answered since the
    last Hermit reshuffle (so they lie in the discard pile)."""
    answered = set()
    for e in view["history"]:
        if e[0] == "reshuffle" and e[1] == 0:
            answered.clear()
        elif e[0] == "hermit":
            answered.add(e[3])
    names = {}
    for e in view.get("private", ()):
        if e[0] in ("gave", "got") and e[1] in answered:
            names[e[1]] = e[3]
    return list(names.values())


def determinize(view, rng=None, chars=None):
    """A HuntersState consistent with ``view``; hidden facts drawn from ``rng``."""
    rng = rng or random.Random()
    players = view["players"]
    n = len(players)
    eng = view["engine"]
    opts = view["options"]
    s = HuntersState.new(n, dict(opts))
    s.chars = list(chars) if chars is not None else sample_characters(view, rng)
    s.board = [AREA_ID[a] for a in view["board"]]
    taken = set()

    def take(name):
        for d in range(3):
            for c in DECK_CARDS[d]:
                if CARD_NAME[c] == name and c not in taken:
                    taken.add(c)
                    return c
        raise ValueError(f"no card {name!r} left")

    for p in players:
        i = p["seat"]
        s.rev[i] = p["revealed"]
        s.alive[i] = p["alive"]
        s.dmg[i] = p["damage"]
        s.pos[i] = s.board.index(AREA_ID[p["area"]]) if p["area"] else -1
        s.voided[i] = p["voided"]
        s.equip[i] = [take(name) for name in p["equipment"]]
    s.disc[1] = [take(name) for name in view["discards"]["white"]]
    s.disc[2] = [take(name) for name in view["discards"]["black"]]
    stack = [tuple(f) for f in eng["stack"]]
    for f in stack:
        if f[0] == "loot":
            s.in_play.extend(f[3])
            taken.update(f[3])
        elif f[0] in ("hermit_give", "hermit_answer"):
            c = f[2] if f[0] == "hermit_give" else f[3]
            if c >= 0:
                s.in_play.append(c)
                taken.add(c)
    # Hermit cards: those in flight and unseen, the discards, the deck. Cards this seat
    # saw answered since the last Hermit reshuffle are known to be in the discards.
    seen = _seen_hermit_discards(view)
    known_disc = []
    for name in seen:
        c = next((c for c in DECK_CARDS[0] if CARD_NAME[c] == name and c not in taken), None)
        if c is not None:
            taken.add(c)
            known_disc.append(c)
    hermits = [c for c in DECK_CARDS[0] if c not in taken]
    rng.shuffle(hermits)
    for j, f in enumerate(stack):
        if f[0] == "hermit_give" and f[2] < 0:
            c = hermits.pop()
            stack[j] = f[:2] + (c,) + f[3:]
            s.in_play.append(c)
        elif f[0] == "hermit_answer" and f[3] < 0:
            c = hermits.pop()
            stack[j] = f[:3] + (c,) + f[4:]
            s.in_play.append(c)
    nd = view["discards"]["hermit"] - len(known_disc)
    s.disc[0] = known_disc + hermits[:nd]
    s.decks[0] = hermits[nd:]
    for d in (1, 2):
        s.decks[d] = [c for c in DECK_CARDS[d] if c not in taken]
    s.first = eng["first"]
    s.active = view["active"]
    s.turn_no = view["turn"]
    s.extra = view["extra_turns"]
    s.used = list(eng["used"])
    s.barrier = list(eng["barrier"])
    s.guardian = list(eng["guardian"])
    s.shown = list(eng["shown"])
    s.ultra_done = eng["ultra_done"]
    s.last_targets = tuple(eng["last_targets"])
    s.att_dealt = eng["att_dealt"]
    s.dead_order = list(view["dead_order"])
    s.first_dead = list(eng["first_dead"])
    s.charles_won = eng["charles_won"]
    s.bryan_won = eng["bryan_won"]
    s.hermit_k = eng["hermit_count"]
    s.history = list(view["history"])
    seat = view["seat"]
    s.private = [[] for _ in range(n)]
    if seat is not None:
        s.private[seat] = list(view.get("private", ()))
    s.stack = stack
    s.over = view["over"]
    s.winners = tuple(view["winners"])
    s.dice = tuple(view["dice"])
    s.steps = eng["steps"]
    if s.over:
        s.dec = -2
    else:
        s._run()
    return s


__all__ = ["determinize", "known_characters", "sample_characters"]
