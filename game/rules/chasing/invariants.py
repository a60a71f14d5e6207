"""Invariants the simulator's ``--check`` tests after every step of a Chasing Shadows game.

``Checker(state).step(state)`` returns the broken invariants as (name, detail) pairs.
Trick winners, the follow rule, round scores and the final winners are worked out again
here in a few plain lines, apart from the engine's own functions.
"""

from __future__ import annotations

from . import cards as C


def _winner(spot_rank, ranks):
    below = [i for i, r in enumerate(ranks) if r < spot_rank]
    pool = below or range(len(ranks))
    top = max(ranks[i] for i in pool)
    return max(i for i in pool if ranks[i] == top)      # equal ranks: the later play wins


def _suit_score(ranks):
    if not ranks:
        return None
    ranks = sorted(ranks)
    if ranks == [0]:
        return 15
    if len(ranks) % 2 == 0:
        return sum(ranks[:len(ranks) // 2])
    return sum(ranks)


def _row(cards):
    return [_suit_score([c & 15 for c in cards if c >> 4 == s]) for s in range(4)]


def _total(rows):
    total = 0
    for s in range(4):
        scored = [r for r, row in enumerate(rows) if row[s] is not None]
        for r in scored:
            if len(scored) == 2 and r == scored[0]:
                continue                                  # struck: the earlier of two
            total += rows[r][s]
    return total


class Checker:
    def __init__(self, state):
        self.before = None        # (round, seat, hand, follow suits, trick length) of the last decision
        self.tricks = 0           # tricks of this round already checked

    def step(self, s):
        out = []
        n = s.n
        if s.rnd >= 3:
            return self._end(s)
        if not s.dealt:
            self.before = None
            self.tricks = 0
            return out
        cards = [c for h in s.hands for c in h] + [c for t in s.taken for c in t]
        cards += s.trick + s.follow + s.discard
        if s.spot >= 0:
            cards.append(s.spot)
        if sorted(cards) != C.deck(n):
            out.append(("cards conserved", f"{len(cards)} cards"))
        sizes = [len(h) for h in s.hands]
        if max(sizes) - min(sizes) > 1:
            out.append(("hands shrink together", str(sizes)))
        b = self.before
        if b is not None and b[0] == s.rnd and not b[5]:
            rnd, seat, hand, suits, trick_len, _ = b
            played = set(hand) - set(s.hands[seat])
            if len(played) != 1:
                out.append(("one card per play", f"seat {seat} played {sorted(played)}"))
            elif trick_len > 0:
                c = next(iter(played))
                if c >> 4 not in suits and any(x >> 4 in suits for x in hand):
                    out.append(("followers match a Follow Card when they can",
                                f"seat {seat} played {C.name(c)}"))
        for spot, leader, plays, winner in s.history[self.tricks:]:
            wi = _winner(spot & 15, [c & 15 for c in plays])
            if (leader + wi) % n != winner:
                out.append(("trick winner re-evaluated", f"engine {winner}, rules {leader + wi}"))
        self.tricks = len(s.history)
        d = s.decider()
        if d >= 0:
            self.before = (s.rnd, d, tuple(s.hands[d]), {c >> 4 for c in s.follow},
                           len(s.trick), s.await_discard)
        return out

    def _end(self, s):
        out = []
        rows = [[_row(s.round_cards[r][seat]) for r in range(3)] for seat in range(s.n)]
        for seat in range(s.n):
            if [list(x) for x in s.sheet[seat]] != rows[seat]:
                out.append(("round scores re-evaluated", f"seat {seat}"))
        totals = [_total(r) for r in rows]
        low = min(totals)
        tied = [i for i in range(s.n) if totals[i] == low]
        last = {i: len(s.round_cards[-1][i]) for i in tied}
        fewest = min(last.values())
        expect = tuple(i for i in tied if last[i] == fewest)
        if tuple(s.result().winners) != expect:
            out.append(("winners re-evaluated", f"engine {s.result().winners}, rules {expect}"))
        return out
