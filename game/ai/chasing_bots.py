"""Computer players for Chasing Shadows: Easy, Normal and Hard.

Every bot sees only its seat's view and legal actions. Because card backs show suits,
the only hidden facts are the ranks of unseen cards, and those are spread uniformly over
the known suit slots; Hard samples such worlds and scores each candidate by rolling the
rest of the round out with the fast greedy policy below.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.ai import clock
from game.rules.chasing import cards as C
from game.rules.chasing.scoring import final_total
from game.rules.chasing.state import DISCARD, ROUNDS, ChasingState
from game.rules.protocol import Action

DEFAULT_THINK_MS = 1000
# Worlds Hard searches per second of its think time, measured once (python -m
# game.ai.calibrate chasing): in the simulator and the benchmarks (clock "count") a
# decision searches think_ms / 1000 * this many worlds at most, whatever the machine.
WORLDS_PER_SECOND = 370


# --- the shared heuristic ----------------------------------------------------------------

def _wins_now(r: int, spot: int, best_below: int, best_any: int) -> bool:
    """Would rank ``r``, played now, be the trick's current winner?"""
    if r < spot:
        return r >= best_below
    return best_below < 0 and r >= best_any


def _beaten_by(r: int, spot: int, d: int) -> bool:
    """Would a later rank ``d`` take the lead from a currently winning rank ``r``?"""
    if r < spot:
        return r <= d < spot
    return d < spot or d >= r


def pick_card(legal: Sequence[int], spot_rank: int, trick_ranks: Sequence[int],
              threats: Sequence[int]) -> int:
    """Duck if possible (dump the highest card that is not winning: nothing played later
    can make it win); otherwise play the winning card that the most ``threats`` (ranks
    later players may hold) would overtake, preferring high cards, which are liabilities
    in hand and a high Spotlight if they stick."""
    best_below = max((r for r in trick_ranks if r < spot_rank), default=-1)
    best_any = max(trick_ranks, default=-1)
    safe = [c for c in legal if not _wins_now(c & 15, spot_rank, best_below, best_any)]
    if safe:
        return max(safe, key=lambda c: (c & 15, -c))
    return max(legal, key=lambda c: (sum(1 for d in threats if _beaten_by(c & 15, spot_rank, d)),
                                     c & 15, -c))


def pick_discard(options: Sequence[int], follow_suits: Sequence[int],
                 next_hand_suits: Sequence[int] | None) -> int:
    """Leave the Follow Cards that narrow the next follower's choice the most."""
    if next_hand_suits is None:
        return options[0]

    def choices_left(s: int) -> int:
        rest = list(follow_suits)
        rest.remove(s)
        allowed = set(rest)
        k = sum(1 for x in next_hand_suits if x in allowed)
        return k if k else 99  # no match at all frees them completely
    return min(options, key=lambda s: (choices_left(s), s))


def greedy_move(st: ChasingState) -> int:
    """The fast rollout policy, working on a (sampled) full state."""
    moves = st.moves()
    if len(moves) == 1:
        return moves[0]
    n = st.n
    if st.await_discard:
        nxt = (st.turn + 1) % n
        more = len(st.trick) < n
        return DISCARD + pick_discard([m - DISCARD for m in moves], [c >> 4 for c in st.follow],
                                      [c >> 4 for c in st.hands[nxt]] if more else None)
    later = n - 1 - len(st.trick)
    threats = [c & 15 for k in range(1, later + 1) for c in st.hands[(st.turn + k) % n]]
    return pick_card(moves, st.spot & 15, [c & 15 for c in st.trick], threats)


# --- reading a view --------------------------------------------------------------------------

def _card(t: Sequence) -> int:
    return C.card(C.SUIT_INDEX[t[1]], t[2])


def _action_move(a: Action) -> int:
    if a.kind == "play":
        return C.card(C.SUIT_INDEX[a.args[0]], a.args[1])
    return DISCARD + C.SUIT_INDEX[a.args[0]]


def known_cards(view: Mapping[str, Any]) -> set[int]:
    """Cards whose rank this seat has seen this round (own hand and everything played)."""
    seen = {_card(t) for t in view["hands"][view["seat"]]}
    if view["spotlight"] is not None:
        seen.add(_card(view["spotlight"]))
    seen.update(_card(p["card"]) for p in view["trick"])
    for t in view["taken"]:
        seen.update(_card(x) for x in t)
    for trick in view["history"]:
        seen.add(_card(trick["spotlight"]))
        seen.update(_card(p["card"]) for p in trick["plays"])
    return seen


def unseen_by_suit(view: Mapping[str, Any]) -> list[list[int]]:
    seen = known_cards(view)
    out: list[list[int]] = [[], [], [], []]
    for c in C.deck(view["players"]):
        if c not in seen:
            out[c >> 4].append(c & 15)
    return out


def later_seats(view: Mapping[str, Any]) -> list[int]:
    n, me = view["players"], view["seat"]
    return [(me + k) % n for k in range(1, n - len(view["trick"]))]


def determinize(view: Mapping[str, Any], rng: random.Random) -> ChasingState:
    """A full state consistent with ``view``: unseen ranks dealt at random into the
    other hands' suit slots. Follow Cards get placeholder ranks (15): once face down,
    their ranks never matter again in the round."""
    n, me = view["players"], view["seat"]
    pools = unseen_by_suit(view)
    for ranks in pools:
        rng.shuffle(ranks)
    hands = []
    for s in range(n):
        if s == me:
            hands.append(sorted(_card(t) for t in view["hands"][s]))
            continue
        hand = []
        for t in view["hands"][s]:
            si = C.SUIT_INDEX[t[1]]
            hand.append(C.card(si, pools[si].pop()))
        hands.append(sorted(hand))
    st = ChasingState(n)
    st.rnd = view["rounds_done"]
    st.start_seat = view["start_seat"]
    st.dealt = True
    st.hands = hands
    st.spot = _card(view["spotlight"])
    st.follow = [C.card(C.SUIT_INDEX[t[1]], 15) for t in view["follow"]]
    st.taken = [[_card(x) for x in t] for t in view["taken"]]
    st.trick = [_card(p["card"]) for p in view["trick"]]
    st.leader = view["leader"]
    st.turn = view["turn"]
    st.await_discard = view["phase"] == "discard"
    st.last_winner = -1 if view["last_winner"] is None else view["last_winner"]
    st.sheet = [[list(r) for r in sheet["rounds"][:st.rnd]] for sheet in view["scoresheet"]]
    return st


def projected_totals(st: ChasingState) -> list[int]:
    """Totals as if the game ended now (strikes applied): a search target between rounds."""
    return list(map(final_total, st.sheet))


def round_edge(st: ChasingState, seat: int) -> float:
    """Hard's worth of a world whose round has just been played out: how far ``seat``'s
    total (as if the game ended now) is below the others' average, or, after the last
    round, below the lowest other total, with a bonus for a win."""
    totals = projected_totals(st)
    mine = totals[seat]
    others = [v for s, v in enumerate(totals) if s != seat]
    if st.rnd >= ROUNDS:
        low = min(others)
        return low - mine + (20.0 if mine < low else 0.0)
    return sum(others) / len(others) - mine


# --- the players -----------------------------------------------------------------------------

class EasyBot:
    """Ducks when it notices a safe card, otherwise plays whatever."""

    def __init__(self, seat: int, seed: int = 0, think_ms: int | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed * 7919 + seat * 31 + 1)

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        actions = list(actions)
        if len(actions) == 1 or actions[0].kind != "play" or self.rng.random() < 0.3:
            return self.rng.choice(actions)
        spot = view["spotlight"][2]
        ranks = [p["card"][2] for p in view["trick"]]
        below = max((r for r in ranks if r < spot), default=-1)
        top = max(ranks, default=-1)
        safe = [a for a in actions if not _wins_now(a.args[1], spot, below, top)]
        return self.rng.choice(safe or actions)


class NormalBot:
    """The greedy heuristic on what the seat can see: duck under the Spotlight, dump
    high cards, when forced to win pick the card most likely to be overtaken (or plant
    a high Spotlight when last), and discard Follow Cards to corner the next player."""

    def __init__(self, seat: int, seed: int = 0, think_ms: int | None = None) -> None:
        self.seat = seat

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        by_move = {_action_move(a): a for a in actions}
        if actions[0].kind == "discard":
            n = view["players"]
            more = len(view["trick"]) < n
            nxt = (view["seat"] + 1) % n
            follow = [C.SUIT_INDEX[t[1]] for t in view["follow"]]
            nxt_suits = [C.SUIT_INDEX[t[1]] for t in view["hands"][nxt]] if more else None
            s = pick_discard([m - DISCARD for m in by_move], follow, nxt_suits)
            return by_move[DISCARD + s]
        pools = unseen_by_suit(view)
        suits_later = {C.SUIT_INDEX[t[1]] for s in later_seats(view) for t in view["hands"][s]}
        threats = [r for s in suits_later for r in pools[s]]
        move = pick_card(list(by_move), view["spotlight"][2],
                         [p["card"][2] for p in view["trick"]], threats)
        return by_move[move]


# When to stop thinking early: every candidate has been played in the same worlds, so the
# leader is compared with each rival world by world; once it is ahead of every rival by
# Z_SETTLED standard errors, or the two cannot differ by more than NEGLIGIBLE points (a
# near tie, where the choice hardly matters), more worlds would not change the choice
# enough to pay, and the rest of the budget is not spent.
MIN_WORLDS_SETTLED = 24
CHECK_EVERY = 8
Z_SETTLED = 3.0
NEGLIGIBLE = 0.5


def settled(values: Sequence[Sequence[float]]) -> bool:
    """Is the best candidate clearly ahead of every other, world by world?"""
    n = len(values[0])
    means = [sum(v) / n for v in values]
    lead = max(range(len(values)), key=lambda i: means[i])
    for i, v in enumerate(values):
        if i == lead:
            continue
        d = [a - b for a, b in zip(values[lead], v)]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1)
        if var == 0.0:
            continue  # the same gap (or a tie) in every world
        sure = Z_SETTLED * (var / n) ** 0.5
        if mean <= sure and mean + sure >= NEGLIGIBLE:
            return False
    return True


class HardBot:
    """Information-set Monte Carlo: sample worlds consistent with the view, play every
    candidate in each world, finish the round with the greedy policy, and keep the
    candidate with the best average outcome. It stops early once the choice is settled,
    so a long budget goes to the decisions that need it."""

    def __init__(self, seat: int, seed: int = 0, think_ms: int | None = None) -> None:
        self.seat = seat
        self.think_ms = DEFAULT_THINK_MS if think_ms is None else think_ms
        self.rng = random.Random(seed * 104729 + seat * 17 + 3)
        self.last_worlds = 0  # how many worlds the last decision sampled (for reports)

    def choose(self, view: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        deadline = clock.now() + self.think_ms / 1000.0 * 0.9
        limit = clock.counted_budget(self.think_ms, WORLDS_PER_SECOND) if clock.counted() \
            else None
        moves = [_action_move(a) for a in actions]
        values: list[list[float]] = [[] for _ in moves]
        worlds = 0
        while True:
            world = determinize(view, self.rng)
            for i, m in enumerate(moves):
                sim = world.clone()
                sim.step(m)
                values[i].append(self._rollout(sim, world.rnd))
            worlds += 1
            if limit is not None:
                if worlds >= limit:
                    break
            elif clock.now() >= deadline:
                break
            if worlds >= MIN_WORLDS_SETTLED and worlds % CHECK_EVERY == 0 and settled(values):
                break
        self.last_worlds = worlds
        best = max(range(len(moves)), key=lambda i: (sum(values[i]) / worlds, -i))
        return actions[best]

    def _rollout(self, st: ChasingState, rnd: int) -> float:
        while st.rnd == rnd:
            st.step(greedy_move(st))
        return round_edge(st, self.seat)


LEVELS = {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}


def make_bot(level: str, seat: int, seed: int = 0, think_ms: int | None = None) -> Any:
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})") from None
    return cls(seat, seed=seed, think_ms=think_ms)
