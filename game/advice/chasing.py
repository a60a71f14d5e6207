"""Chasing Shadows advice: every legal card (or Follow Card) played in the same sampled
deals, the round finished by the computer players' fast policy and the later rounds dealt
and played out, so each choice gets a win chance, the expected score for this round and
how often it takes the trick on the table.

The worlds come from ``chasing_bots.determinize``: the seat's own hand and everything
played are as the view shows them; the ranks the seat has not seen are spread at random
over the other hands' suit slots (card backs show suits). Every choice meets the same
world and the same later deals (common random numbers), so differences between choices
are measured far more sharply than the values themselves.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from game.ai.chasing_bots import _action_move, _wins_now, determinize, pick_discard, round_edge
from game.i18n import Decimal, Msg
from game.rules.chasing import cards as C
from game.rules.chasing.state import DISCARD, ROUNDS, ChasingState
from game.rules.protocol import Action

from . import messages as words
from .core import Advice, Choice, check, clearly_better, pct

MIN_WORLDS = 8
# The hint's cost is its playouts times the cards each plays to the game's end; early in
# the first round 800 playouts play ~125 000 cards (0.8-0.9 s of CPU on the 2-core test
# machine under load), so the worlds are cut to keep within this many cards played: a
# count, so the same position still gets the same answer on any machine.
CARDS_CAP = 110_000


def cards_left(view: Mapping[str, Any]) -> int:
    """Cards still to be played in the game from this view (this round's and later deals)."""
    n = view["players"]
    return sum(view["hand_counts"]) + (ROUNDS - view["round"]) * n * C.HAND_SIZE[n]


def greedy_move(st: ChasingState) -> int:
    """``chasing_bots.greedy_move``'s choice, the same move every time, counting the
    threats through prefix sums over ranks instead of rank by rank: a playout spends most
    of its time here."""
    moves = st.moves()
    if len(moves) == 1:
        return moves[0]
    n = st.n
    trick = st.trick
    if st.await_discard:
        nxt = (st.turn + 1) % n
        return DISCARD + pick_discard([m - DISCARD for m in moves], [c >> 4 for c in st.follow],
                                      [c >> 4 for c in st.hands[nxt]] if len(trick) < n else None)
    spot = st.spot & 15
    best_below = best_any = -1
    for c in trick:
        r = c & 15
        if r > best_any:
            best_any = r
        if best_below < r < spot:
            best_below = r
    safe = [c for c in moves if not _wins_now(c & 15, spot, best_below, best_any)]
    if safe:
        return max(safe, key=lambda c: (c & 15, -c))
    below = [0] * 17        # below[r]: threats of rank < r
    total = 0
    hands = st.hands
    for k in range(1, n - len(trick)):
        for c in hands[(st.turn + k) % n]:
            below[(c & 15) + 1] += 1
            total += 1
    for r in range(1, 17):
        below[r] += below[r - 1]

    def beaten(c: int) -> int:
        r = c & 15
        if r < spot:
            return below[spot] - below[r]             # r <= d < spot
        return below[spot] + total - below[r]         # d < spot or d >= r
    return max(moves, key=lambda c: (beaten(c), c & 15, -c))


def finish(st: ChasingState, rng: random.Random, me: int, rnd: int, tricks: int
           ) -> tuple[float, int, bool, float]:
    """Play the world out from a choice made in round ``rnd`` with ``tricks`` tricks done:
    (won, this round's score of ``me``, ``me`` took the trick on the table, Hard's worth of
    the world at the round's end: ``round_edge``). ``won`` is 1, or 1/k for a win shared by
    k seats."""
    took = None
    if len(st.history) > tricks:        # the choice itself ended the trick
        took = st.history[tricks][3] == me
    while st.rnd == rnd:
        st.step(greedy_move(st))
        if took is None and len(st.history) > tricks:   # kept until the next deal
            took = st.history[tricks][3] == me
    row = st.sheet[me][rnd]
    score = sum(v for v in row if v is not None)
    edge = round_edge(st, me)
    won = play_to_end(st, rng, me)
    return won, score, bool(took), edge


def play_to_end(st: ChasingState, rng: random.Random, me: int) -> float:
    """Deal and play the rounds left (none once the game is over); ``me``'s share of the win."""
    while st.rnd < ROUNDS:
        if not st.dealt:
            order = C.deck(st.n)
            rng.shuffle(order)
            st._deal(tuple(order))
        st.step(greedy_move(st))
    winners = st.result().winners
    return 1.0 / len(winners) if me in winners else 0.0


def advise(view: Mapping[str, Any], actions: Sequence[Action], budget: int, seed: int,
           must: Action | None = None, order: str = "steady", stop=None) -> Advice:
    """``order``: "steady" (the hint; see ``steady_first``), "normal" (Normal's card first
    unless another is clearly better), "edge" (Hard's worth alone; for research) or "bare"
    (the win figures alone: the analysis). ``stop``: asked between worlds (core.check)."""
    me = view["seat"]
    actions = list(actions)
    moves = [_action_move(a) for a in actions]
    k = len(moves)
    worlds = max(MIN_WORLDS, min(budget // max(1, k), CARDS_CAP // max(1, k * cards_left(view))))
    rng = random.Random(seed)
    won: list[list[float]] = [[] for _ in range(k)]      # world by world, for the order
    score: list[list[float]] = [[] for _ in range(k)]
    edge: list[list[float]] = [[] for _ in range(k)]
    took = [0] * k
    for _ in range(worlds):
        check(stop)
        world = determinize(view, rng)
        world_seed = rng.getrandbits(64)
        for i, m in enumerate(moves):
            st = world.clone()
            st.step(m)
            w, s, t, e = finish(st, random.Random(world_seed), me, world.rnd,
                                len(world.history))
            won[i].append(w)
            score[i].append(s)
            edge[i].append(e)
            took[i] += t
    choices = []
    for i, a in enumerate(actions):
        stats = {"win": sum(won[i]) / worlds, "score": sum(score[i]) / worlds,
                 "trick": took[i] / worlds, "edge": sum(edge[i]) / worlds}
        choices.append(Choice(a, stats["win"], reason(view, a, moves[i], stats), worlds,
                              stats["score"], stats))
    index = {a: i for i, a in enumerate(actions)}
    # win chance first; near ties (same whole percent) go to the lower expected score
    choices.sort(key=lambda c: (-pct(c.win), c.score, index[c.action]))
    lead = None
    if order == "steady":
        lead = steady_first(choices, index, won)
    elif order == "edge":           # Hard's own rule, for research: the best worth alone
        lead = max(choices, key=lambda c: (c.stats["edge"], -index[c.action])).action
    elif order == "normal":
        from game.ai.chasing_bots import NormalBot
        pick = NormalBot(me).choose(view, actions)
        if not clearly_better(won[index[choices[0].action]], won[index[pick]]):
            lead = pick
    if lead is not None and lead != choices[0].action:
        choices.sort(key=lambda c: c.action != lead)      # stable: the rest keep their order
    return Advice(me, tuple(choices), worlds, choices[0].win)


def steady_first(choices: Sequence[Choice], index: Mapping[Action, int],
                 won: Sequence[Sequence[float]]) -> Action:
    """The choice the hint puts first. A playout ends in a win or a loss, so at a hint's
    budget win figures several points apart are within noise (asked again with other
    worlds, the highest figure was the same card in 30 % of positions). Among the choices
    whose win figure is not clearly below the highest (world by world, ``clearly_better``),
    the one that leaves the seat furthest ahead of the others' totals when the round ends
    leads (``round_edge``, what Hard plays for): points are measured far more sharply than a
    win, and they count the others' points too, where the seat's own round score alone
    (this rule's first form) played 7.5 ±9.3 points of wins below Hard in 200 games."""
    top = index[choices[0].action]
    near = [c for c in choices if not clearly_better(won[top], won[index[c.action]])]
    return max(near, key=lambda c: (c.stats["edge"], c.win, -index[c.action])).action


def reason(view: Mapping[str, Any], action: Action, move: int, stats: Mapping[str, float]
           ) -> Msg:
    """One line from the numbers above: in how many of the sampled deals the choice takes
    the trick, and what the round costs on average."""
    score = Decimal(stats["score"], 1)
    trick = pct(stats["trick"])
    if move >= DISCARD:
        return Msg("Discarding the {suit} Follow Card: {trick} that you take this trick; "
                   "{score} points this round on average",
                   suit=words.suit(action.args[0]), trick=trick, score=score)
    card = words.card(("card", action.args[0], action.args[1]))
    spot = view["spotlight"]
    if not view["trick"]:
        return Msg("Leading {card}: {trick} that you take this trick; {score} points this "
                   "round on average", card=card, trick=trick, score=score)
    if action.args[1] < spot[2]:
        return Msg("{card} stays under the Spotlight ({spotlight}): {trick} that you take "
                   "this trick; {score} points this round on average",
                   card=card, spotlight=words.card(spot), trick=trick, score=score)
    return Msg("{card} is not under the Spotlight ({spotlight}): {trick} that you take "
               "this trick; {score} points this round on average",
               card=card, spotlight=words.card(spot), trick=trick, score=score)
