"""Round and final scoring, as plain functions over card ints and score tables."""

from __future__ import annotations

from typing import Sequence

LONE_ZERO = 15


def suit_score(ranks: Sequence[int]) -> tuple[int | None, tuple[int, ...]]:
    """(score, ignored ranks) for the ranks one player took in one suit this round.

    No cards: None (an empty box, not 0). A lone 0 scores 15. An even count ignores the
    higher half; an odd count keeps every card.
    """
    if not ranks:
        return None, ()
    ordered = sorted(ranks)
    if len(ordered) == 1 and ordered[0] == 0:
        return LONE_ZERO, ()
    if len(ordered) % 2 == 0:
        half = len(ordered) // 2
        return sum(ordered[:half]), tuple(ordered[half:])
    return sum(ordered), ()


def by_suit(cards: Sequence[int]) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], []]
    for c in cards:
        out[c >> 4].append(c & 15)      # suit_of(c), rank_of(c): written in, a round's end
    for ranks in out:
        ranks.sort()
    return out


def round_scores(cards: Sequence[int]) -> list[int | None]:
    """The four suit boxes one player writes for a round: suit_score()'s scores, written
    in (every round's end of every playout runs this for every seat)."""
    out: list[int | None] = []
    for ranks in by_suit(cards):        # sorted
        k = len(ranks)
        out.append(None if not k else LONE_ZERO if ranks == [0]
                   else sum(ranks[:k // 2]) if k % 2 == 0 else sum(ranks))
    return out


def struck_flags(rows: Sequence[Sequence[int | None]]) -> list[list[bool]]:
    """Final scoring: per suit scored in exactly two rounds, strike the earlier one.

    ``rows`` is one player's sheet, one row of four boxes per round.
    """
    flags = [[False] * 4 for _ in rows]
    for s in range(4):
        scored = [r for r, row in enumerate(rows) if row[s] is not None]
        if len(scored) == 2:
            flags[scored[0]][s] = True
    return flags


def sheet_total(rows: Sequence[Sequence[int | None]], struck: Sequence[Sequence[bool]]) -> int:
    return sum(v for row, marks in zip(rows, struck) for v, x in zip(row, marks)
               if v is not None and not x)


def final_total(rows: Sequence[Sequence[int | None]]) -> int:
    """``sheet_total(rows, struck_flags(rows))`` in one pass, for the engine's results and
    the bots' playouts: a suit scored in exactly two rounds counts only the later box."""
    total = 0
    for column in zip(*rows):
        scored = [v for v in column if v is not None]
        total += scored[1] if len(scored) == 2 else sum(scored)
    return total


def running_total(rows: Sequence[Sequence[int | None]]) -> int:
    """Every box so far (nothing is struck before the game ends)."""
    return sum(v for row in rows for v in row if v is not None)
