"""Cards as small ints: ``suit * 16 + rank``, so a hand is a list of ints and a suit test is a shift."""

from __future__ import annotations

SUITS = ("blue", "red", "yellow", "grey")
SUIT_INDEX = {name: i for i, name in enumerate(SUITS)}
SUIT_LETTERS = ("B", "R", "Y", "G")

# Highest rank used for each player count (ranks start at 0).
TOP_RANK = {3: 10, 4: 13, 5: 14}
HAND_SIZE = {3: 13, 4: 13, 5: 11}
# With 3 players the last two Follow Cards of the deal go straight to the discard pile.
DEALT_DISCARDS = {3: 2, 4: 0, 5: 0}


def card(suit: int, rank: int) -> int:
    return suit << 4 | rank


def suit_of(c: int) -> int:
    return c >> 4


def rank_of(c: int) -> int:
    return c & 15


def deck(num_players: int) -> list[int]:
    """A fresh list of the deck for ``num_players``, in suit then rank order."""
    return list(_DECKS[num_players])


_DECKS = {n: tuple(card(s, r) for s in range(4) for r in range(top + 1))
          for n, top in TOP_RANK.items()}


def name(c: int) -> str:
    return f"{SUITS[c >> 4]} {c & 15}"


def face(c: int) -> tuple:
    """A played or own card as views show it. Hidden cards are ``("back", suit)`` instead."""
    return ("card", SUITS[c >> 4], c & 15)


def back(c: int) -> tuple:
    return ("back", SUITS[c >> 4])


def parse(suit_name: str, rank: int) -> int:
    """The card int for ``(suit name, rank)``; ValueError if there is no such card at all."""
    if suit_name not in SUIT_INDEX or not isinstance(rank, int) or not 0 <= rank <= 14:
        raise ValueError(f"no such card: {suit_name!r} {rank!r}")
    return card(SUIT_INDEX[suit_name], rank)
