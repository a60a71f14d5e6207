"""What the player sees: the view dictionary documented in the package docstring."""

from __future__ import annotations

from game.rules.protocol import freeze

from .data import (
    ABILITY_KEYS,
    ABILITY_NAME,
    ABILITY_TEXT,
    CASE_FILE_NAMES,
    ITEMS,
    KIND_NAMES,
    LOC_NAME,
    LOC_STAR,
    arrows,
)
from .phases import PHASE_PROMPTS


def _spy_card(code: int) -> dict:
    card, turned = divmod(code, 2)
    large, small = arrows(card, bool(turned))
    return {"card": card, "turned": bool(turned), "large": large, "small": small}


def build_view(s, seat):
    """The view of ``seat`` (0: the player; None: an onlooker, who sees no peeked cards)."""
    me = seat == 0
    playing = len(s.grid) == 9
    grid = []
    for p in range(9):
        loc = s.grid[p] if playing else -1
        grid.append({
            "pos": p, "row": p // 3, "col": p % 3,
            "location_id": loc,
            "location": LOC_NAME[loc] if loc >= 0 else "",
            "star": LOC_STAR[loc] if loc >= 0 else False,
            "face_down": s.down[p],
            "ability": ABILITY_KEYS[loc] if loc >= 0 else "",
            "ability_name": ABILITY_NAME[loc] if loc >= 0 else "",
            "ability_text": ABILITY_TEXT[loc] if loc >= 0 else "",
            "ability_used": s.used[loc] if loc >= 0 else False,
            "ability_enabled": s.abil[loc] if loc >= 0 else False,
            "cards": len(s.stacks[p]),
            # top first: "dealt" at setup or "added" by the Spy (public knowledge)
            "stack": tuple("dealt" if o else "added" for o in s.origin[p]),
            # top first: the face of a card the player saw at the Cafe before the Spy laid
            # it here, else None (the player's own memory: onlookers see None)
            "known": tuple(KIND_NAMES[k] if (me and seen) else None
                           for k, seen in zip(s.stacks[p], s.known[p])),
            "spy": s.spy == p, "agent": s.agent == p, "bug": s.bug == p,
        })
    top = s.peek_top or (s.peek_bottom and len(s.spydeck) == 1)
    over = s.phase == "over"
    cases = []
    for f in range(3):
        slots = tuple(ITEMS[i] if shown else None for i, shown in zip(s.conf[f], s.rev[f]))
        cases.append({"file": f, "name": CASE_FILE_NAMES[f],
                      "cost": s.cost(f) if s.conf[f] else 0,
                      "slots": slots, "face_down": s.rev[f].count(False),
                      "revealed": tuple(x for x in slots if x is not None)})
    possible, why = s.win_possible()
    known_top = s.deck[-1:-s.deck_known - 1:-1] if (me and s.deck_known) else []
    bug_state = ("active" if s.tracks > 0 else "spent") if s.bugged else \
        ("placed" if s.bug >= 0 else "off")
    res = s.result()
    v = {
        "game": "harsh", "seat": seat,
        "difficulty": s.difficulty,
        "options": {"clue_x2": s.x2, "deal": tuple(s.deal_counts),
                    "countdown_start": s.countdown_start, "abilities": tuple(s.abil)},
        "phase": s.phase, "prompt": PHASE_PROMPTS.get(s.phase, ""),
        "turn": s.turn,
        "grid": grid,
        "spy": s.spy, "agent": s.agent,
        "bug": {"state": bug_state, "pos": s.bug if s.bug >= 0 else None,
                "bugged": s.bugged, "tracks_left": s.tracks if s.bugged else 0,
                "tracks": s.tracks},
        "countdown": s.countdown, "on_the_run": playing and s.stage >= 3 and not s.deck,
        "kit": "used" if s.kit_used else "ready",
        "discovery_deck": len(s.deck),
        "deck_known_top": tuple(KIND_NAMES[k] for k in known_top),
        "discovery_discard": tuple(KIND_NAMES[k] for k in s.discard),
        "dealt_bomb_found": s.dealt_bomb_found,
        "spy_deck": len(s.spydeck),
        "spy_discards": tuple({**_spy_card(c * 2 + t), "arrow": arrow, "rotated": rot,
                               "direction": d, "from": frm, "to": to}
                              for c, t, arrow, rot, d, frm, to in s.spy_moves),
        "spy_peek": _spy_card(s.spydeck[-1]) if (me and top and s.spydeck) else None,
        "spy_bottom": _spy_card(s.spydeck[0]) if (me and s.peek_bottom and len(s.spydeck) > 1)
        else None,
        "case_files": cases,
        "collection": tuple(KIND_NAMES[k] for k in s.coll),
        "clues": s.clue_total(),
        "protected": ITEMS[s.protected] if s.protected >= 0 else None,
        "win_possible": possible, "win_reason": why,
        "clue_used": s.clue_used, "spy_stays": s.spy_stays,
        "safe_house": s._safe_house_active(False) if s.safe_until >= 0 else False,
        "safe_until": s.safe_until,
        "looking_at": tuple(KIND_NAMES[k] for k in s.pending) if me else (),
        "discard_for": s.discard_for,
        "flags": {"arrival": s.arrival, "turn_over": s.turn_over},
        "unavailable": tuple(s.blockers()),
        "result": None if res is None else {"won": bool(res.winners), "reason": s.outcome,
                                            "text": res.reason},
        "over": over,
    }
    return freeze(v)
