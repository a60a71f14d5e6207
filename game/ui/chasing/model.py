"""What the table shows, as plain data, and how each rules event changes it.

The session applies a whole action at once and the view jumps to the result; a person at
the table should see the steps in between (the card arrives, the trick is complete, the
winner takes the Spotlight...). So the table keeps its own copy of the visible facts,
taken from the viewer's view, and replays the public events on it. Each step's copy is
what one animation beat draws. Only the viewer's own faces and public cards are in it.
"""

from __future__ import annotations

from typing import Any, Mapping

SUIT_ORDER = ("blue", "red", "yellow", "grey")
TRICKS_PER_ROUND = {3: 12, 4: 12, 5: 10}
FIELDS = ("seat", "players", "hands", "hand_counts", "spotlight", "follow", "discard", "trick",
          "taken", "round", "tricks_done")


def card_key(card: tuple) -> tuple:
    """Sort key that matches the engine's order: by suit, then rank (backs last)."""
    rank = card[2] if card[0] == "card" else 99
    return SUIT_ORDER.index(card[1]), rank


def from_view(view: Mapping[str, Any]) -> dict:
    """A mutable copy of the fields of ``view`` that the table draws."""
    return {
        "seat": view["seat"],
        "players": view["players"],
        "hands": [list(h) for h in view["hands"]],
        "hand_counts": list(view["hand_counts"]),
        "spotlight": view["spotlight"],
        "follow": list(view["follow"]),
        "discard": list(view["discard"]),
        "trick": [(p["seat"], p["card"]) for p in view["trick"]],
        "taken": [list(t) for t in view["taken"]],
        # the counter over the table follows what is drawn, not the rules' state
        "round": view["round"] if view["phase"] != "deal" or not view["rounds_done"]
        else view["rounds_done"],
        "tricks_done": len(view["history"]),
    }


def copy(model: dict) -> dict:
    out = dict(model)
    for key in ("hands", "taken"):
        out[key] = [list(x) for x in model[key]]
    for key in ("hand_counts", "follow", "discard", "trick"):
        out[key] = list(model[key])
    return out


def seen_by(model: dict, seat: int | None) -> dict:
    """``model`` as ``seat`` may see it (None: everyone): other hands turn face down. The
    screen goes public the moment its person has answered, while that answer's cards
    are still flying: the beats keep playing, without that person's hand."""
    out = copy(model)
    out["seat"] = seat
    out["hands"] = [h if s == seat else sorted((("back", c[1]) for c in h), key=card_key)
                    for s, h in enumerate(out["hands"])]
    return out


def play(model: dict, seat: int, suit: str, rank: int) -> tuple[dict, int]:
    """The card leaves ``seat``'s hand for the trick. Returns (new model, hand index it left)."""
    out = copy(model)
    hand = out["hands"][seat]
    face = ("card", suit, rank)
    if face in hand:
        index = hand.index(face)
    else:
        index = next((i for i, c in enumerate(hand) if c == ("back", suit)), max(0, len(hand) - 1))
    if hand:
        hand.pop(index)
    out["hand_counts"][seat] = max(0, out["hand_counts"][seat] - 1)
    out["trick"].append((seat, face))
    return out, index


def discard(model: dict, suit: str) -> tuple[dict, int]:
    """A Follow Card of ``suit`` goes to the discard pile. Returns (new model, its index)."""
    out = copy(model)
    back = ("back", suit)
    index = out["follow"].index(back) if back in out["follow"] else 0
    if out["follow"]:
        out["follow"].pop(index)
    out["discard"].append(back)
    return out, index


def win(model: dict, seat: int, spotlight: tuple, card: tuple) -> dict:
    """The trick is over: the winner takes the Spotlight, their card becomes the new one,
    the other played cards turn face down as the next Follow Cards."""
    out = copy(model)
    out["taken"][seat] = sorted(out["taken"][seat] + [spotlight], key=card_key)
    out["spotlight"] = card
    played = out["trick"]
    winner_index = next((i for i, (s, c) in enumerate(played) if s == seat and c == card), None)
    out["follow"] = [("back", c[1]) for i, (s, c) in enumerate(played) if i != winner_index]
    out["trick"] = []
    out["tricks_done"] = model.get("tricks_done", 0) + 1
    return out


def trick_of(model: dict, seat: int) -> tuple | None:
    """The card ``seat`` has in the current trick, if any."""
    return next((c for s, c in model["trick"] if s == seat), None)


def has_no_ranks_of(model_or_view: Mapping, seat: int) -> bool:
    """True if nothing in this model shows a rank of a card still in ``seat``'s hand."""
    return all(c[0] == "back" for c in model_or_view["hands"][seat])


def taken_items(taken) -> list[tuple]:
    """A player's taken cards as drawn on their plate: each suit's cards after its symbol,
    so the suit never depends on colour alone."""
    out: list[tuple] = []
    for suit in SUIT_ORDER:
        cards = [c for c in taken if c[1] == suit]
        if cards:
            out.append(("mark", suit))
            out.extend(cards)
    return out
