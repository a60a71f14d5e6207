"""Each game's review view: the table's usual view of a position, with every secret in it.

Table scenes draw from a view; in the review they get this one (``ReviewSession.view``),
so the drawing code stays the table's own and never touches the state.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Mapping

from game.rules.protocol import GameState


def _chasing(state, seat: int | None) -> Mapping[str, Any]:
    """The seat's view with every hand, Follow Card and discarded card face up."""
    from game.rules.chasing.cards import face

    v = state.view(seat)
    hands = tuple(state.view(s)["hands"][s] for s in range(state.num_players))
    return MappingProxyType({**v, "hands": hands, "follow": tuple(face(c) for c in state.follow),
                             "discard": tuple(face(c) for c in state.discard)})


def _hunters(state, seat: int | None) -> Mapping[str, Any]:
    """The public view with every character on its board; ``secret`` marks the hidden ones."""
    from game.rules.hunters.data import CHAR_NAME, FACTION, FACTION_NAME, HP

    v = state.view(None)
    players = []
    for p, c in zip(v["players"], state.chars):
        if not p["revealed"] and c >= 0:
            p = MappingProxyType({**p, "character": CHAR_NAME[c], "faction": FACTION_NAME[FACTION[c]],
                                  "hp": HP[c], "revealed": True, "secret": True})
        players.append(p)
    return MappingProxyType({**v, "players": tuple(players)})


def _harsh(state, seat: int | None) -> Mapping[str, Any]:
    """The player's own view (what they peeked at included); the rest goes to the secrets."""
    return state.view(0)


REVIEW_VIEWS: dict[str, Callable[[GameState, int | None], Mapping[str, Any]]] = {
    "chasing": _chasing,
    "hunters": _hunters,
    "harsh": _harsh,
}


def review_view(game_id: str, state: GameState, seat: int | None) -> Mapping[str, Any]:
    fn = REVIEW_VIEWS.get(game_id)
    return fn(state, seat) if fn else state.view(seat)
