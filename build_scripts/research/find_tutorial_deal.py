"""Search seeds for a Chasing Shadows tutorial deal (how game/tutorial/chasing.py was found).

For each seed and first-round start seat, the first two rounds and the start of the third
are played by ``first_legal`` until every hand holds ``--left + 1`` cards; then every order
of the remaining moves is tried, and the orders where every core rule comes up for the
learner (seat 0) are printed:

    python build_scripts/research/find_tutorial_deal.py --left 3 --seeds 400
    python build_scripts/research/find_tutorial_deal.py --left 3 --show 170 1

For a tutorial from round 1's deal to the final tie-break (issue 40), ``--whole N`` plays
whole games with N random move orders per seed and start, and prints those with a trick
won by the later of two equal ranks and the lowest totals tied (``learner_in_tie``: the
learner is one of them; the winner is who took the fewest cards in round III):

    python build_scripts/research/find_tutorial_deal.py --whole 3 --seeds 40
    (seed 32, start 1, order 2: you and Bob tie on 44; you win on fewer cards)

How the tutorial's game was found (issue 40): ``--from-deal N`` plays whole games from round
I's deal, every seat at random (N orders per seed and start), and prints those where, in
the tricks a tutorial plays rather than fast-forwards (round I's first and last, the fewest
others, round III's last two), the learner leads, must follow, chooses the discard and
follows the last Follow Card, and tricks are won below the Spotlight, with none below and by
the later of equal ranks; round I scores a lone 0, an odd and an even count and an empty box
for the learner; a suit of the learner's is struck; and the learner ties for the lowest
total and wins on the fewest cards of round III:

    python build_scripts/research/find_tutorial_deal.py --from-deal 30 --seeds 120
    seed 28 start 0 order 11 round I tricks [0, 8, 11] (44, 44, 45)

(the tutorial plays round I's tricks 0-2 and 11: more lessons than the fewest needed).

Rules wanted: following a Follow Card (with a card that may not be played), choosing the
discard, a trick won below the Spotlight and one won with none below, the learner winning
a trick, an even suit (higher half ignored), a lone 0 and a strike-through.
"""

from __future__ import annotations

import argparse

from game.match import Match
from game.rules.chasing import cards as C
from game.rules.chasing.scoring import by_suit, struck_flags
from game.rules.chasing.state import DISCARD, trick_winner
from game.rules.protocol import CHANCE
from game.tutorial import first_legal

LEARNER = 0
WANTED = ("follow", "choose", "below", "above", "struck", "even", "lone0", "learner_wins")


def prelude(seed: int, start: str, left: int) -> Match:
    m = Match.start("chasing", 3, seed, {"start": start})
    while True:
        st = m.state
        if (st.rnd == 2 and st.dealt and not st.trick and not st.await_discard
                and len(st.hands[LEARNER]) == left + 1):
            return m
        if st.decider() == CHANCE:
            m.chance_step()
            continue
        m.apply(st.decider(), first_legal(st))


def search(m: Match, limit: int = 200_000) -> list[tuple[list, dict]]:
    found: list = []
    count = [0]

    def rec(st, path, feats) -> None:
        count[0] += 1
        if count[0] > limit:
            return
        if st.rnd >= 3:
            f = dict(feats)
            f["struck"] = any(any(r) for r in struck_flags(st.sheet[LEARNER]))
            mine = by_suit(st.round_cards[-1][LEARNER])
            f["even"] = any(len(r) >= 2 and len(r) % 2 == 0 for r in mine)
            f["lone0"] = any(r == [0] for r in mine)
            if all(f.get(k) for k in WANTED):
                found.append((path, f))
            return
        seat = st.turn
        for mv in st.moves():
            s2 = st.clone()
            f = dict(feats)
            if seat == LEARNER and mv < DISCARD and st.trick:
                suits = {c >> 4 for c in st.follow}
                held = {c >> 4 for c in st.hands[LEARNER]}
                if suits & held and held - suits and len(suits) == 2:
                    f["follow"] = True
            tricks = len(st.history)
            s2.step(mv)
            if seat == LEARNER and s2.await_discard:
                f["choose"] = True
            if len(s2.history) > tricks:
                sp, _, plays, w = s2.history[-1]
                f["below" if any(c & 15 < sp & 15 for c in plays) else "above"] = True
                if w == LEARNER:
                    f["learner_wins"] = True
            rec(s2, path + [(seat, mv)], f)

    rec(m.state.clone(), [], {})
    return found


def whole_game(seed: int, start: str, policy_seed: int):
    """One whole game from round 1's deal, every seat playing a random legal move (from
    ``policy_seed``): the moves, and what a tutorial from the deal needs of it: a trick
    won by the later of two equal ranks, and the lowest totals tied and settled by the
    fewest cards in the last round (or shared)."""
    import random

    rng = random.Random(policy_seed)
    m = Match.start("chasing", 3, seed, {"start": start}, chance=1)
    moves = []
    tie_trick = False
    while not m.state.is_over():
        if m.decider() == CHANCE:
            m.chance_step()
            continue
        st = m.state
        seat, action = st.decider(), rng.choice(st.legal_actions())
        tricks = len(st.history)
        m.apply(seat, action)
        moves.append((seat, action))
        if len(m.state.history) > tricks:
            sp, _, plays, w = m.state.history[-1]
            ranks = [c & 15 for c in plays]
            best = trick_winner(sp & 15, ranks)      # on equal ranks, the later play
            tie_trick |= ranks[best] in ranks[:best]
    result = m.state.view(None)["result"]
    scores = result["scores"]
    low = min(scores)
    tied = [s for s in range(3) if scores[s] == low]
    return moves, {"tie_trick": tie_trick, "final_tie": len(tied) > 1,
                   "learner_in_tie": LEARNER in tied, "winners": result["winners"],
                   "scores": scores}


def search_whole(seeds: int, policies: int) -> None:
    """Seeds and move orders for a tutorial from the first deal to the final tie-break."""
    for seed in range(1, seeds):
        for start in "012":
            for policy in range(policies):
                _, f = whole_game(seed, start, policy)
                if f["tie_trick"] and f["final_tie"]:
                    print("seed", seed, "start", start, "policy", policy, f, flush=True)


TRICK_WANTED = ("lead", "must_follow", "choose", "fewer", "below", "none_below", "tie_later",
                "learner_wins")


def from_deal_game(seed: int, start: str, policy_seed: int):
    """One whole game from round I's deal, each seat playing at random: the moves, each
    trick's (round, index, what the learner met in it, moves so far) and the scoring's
    features."""
    import random

    rng = random.Random(policy_seed)
    m = Match.start("chasing", 3, seed, {"start": start}, chance=1)
    moves, tricks, met = [], [], set()
    while not m.state.is_over():
        if m.decider() == CHANCE:
            m.chance_step()
            continue
        st = m.state
        seat, mv = st.decider(), rng.choice(st.moves())
        if seat == LEARNER and mv < DISCARD:
            if not st.trick:
                met.add("lead")
            else:
                suits = {c >> 4 for c in st.follow}
                held = {c >> 4 for c in st.hands[LEARNER]}
                if suits & held and held - suits:
                    met.add("must_follow")
                if len(st.trick) == 2 and len(st.follow) == 1 and (mv >> 4) in suits:
                    met.add("fewer")
        done, rnd = len(st.history), st.rnd
        action = next(a for a in st.legal_actions() if st._move_of(a) == mv)
        m.apply(seat, action)
        moves.append((seat, action))
        after = m.state
        if seat == LEARNER and after.await_discard:
            met.add("choose")
        if after.rnd != rnd or len(after.history) > done:
            spot, _, plays, winner = after.history[-1]
            ranks = [c & 15 for c in plays]
            best = trick_winner(spot & 15, ranks)
            met.add("below" if ranks[best] < spot & 15 else "none_below")
            if ranks[best] in ranks[:best]:
                met.add("tie_later")
            if winner == LEARNER:
                met.add("learner_wins")
            tricks.append((rnd, len(after.history) - 1, frozenset(met), len(moves)))
            met = set()
    st = m.state
    result = st.view(None)["result"]
    low = min(result["scores"])
    tied = [s for s in range(3) if result["scores"][s] == low]
    first = by_suit(st.round_cards[0][LEARNER])
    f = {"tie_fewest": LEARNER in tied and len(tied) > 1 and result["winners"] == (LEARNER,),
         "strike": any(any(r) for r in struck_flags(st.sheet[LEARNER])),
         "lone0": any(r == [0] for r in first),
         "even": any(len(r) >= 2 and len(r) % 2 == 0 for r in first),
         "odd": any(len(r) % 2 == 1 and r != [0] for r in first),
         "empty": any(not r for r in first)}
    return moves, tricks, f, result


def played_tricks(tricks) -> list[int] | None:
    """The fewest of round I's tricks 2-11 to play besides its first and last (round III's
    last two are played too) so that every trick rule comes up; None if five are not enough."""
    import itertools

    first = [t for t in tricks if t[0] == 0]
    last = [t for t in tricks if t[0] == 2][-2:]
    need = set(TRICK_WANTED) - set().union(*(t[2] for t in last))
    need -= first[0][2] | first[-1][2]
    for k in range(6):
        for combo in itertools.combinations(first[1:-1], k):
            if need <= set().union(set(), *(t[2] for t in combo)):
                return [t[1] for t in combo]
    return None


def search_from_deal(seeds: int, policies: int) -> None:
    for seed in range(1, seeds):
        for start in "012":
            for policy in range(policies):
                _, tricks, f, result = from_deal_game(seed, start, policy)
                if not all(f.values()):
                    continue
                extra = played_tricks(tricks)
                if extra is not None:
                    print("seed", seed, "start", start, "order", policy, "round I tricks",
                          [0, *extra, 11], result["scores"], flush=True)


def describe(path) -> str:
    return " ; ".join(f"{s}:{C.name(mv) if mv < DISCARD else 'discard ' + C.SUITS[mv - DISCARD]}"
                      for s, mv in path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--left", type=int, default=3, help="tricks left when the tutorial starts")
    ap.add_argument("--seeds", type=int, default=400)
    ap.add_argument("--show", nargs=2, metavar=("SEED", "START"))
    ap.add_argument("--whole", type=int, metavar="POLICIES",
                    help="search whole games (from round 1's deal) for the tie rules instead")
    ap.add_argument("--from-deal", type=int, metavar="POLICIES",
                    help="search whole games for a tutorial from round I's deal (every rule)")
    args = ap.parse_args()
    if args.from_deal:
        search_from_deal(args.seeds, args.from_deal)
        return
    if args.whole:
        search_whole(args.seeds, args.whole)
        return
    if args.show:
        m = prelude(int(args.show[0]), args.show[1], args.left)
        st = m.state
        print("spotlight", C.name(st.spot), "follow", [C.name(c) for c in st.follow])
        for s in range(3):
            print("seat", s, [C.name(c) for c in st.hands[s]], "sheet", st.sheet[s])
        for path, _ in search(m):
            print(describe(path))
        return
    for seed in range(1, args.seeds):
        for start in "012":
            found = search(prelude(seed, start, args.left))
            if found:
                print("seed", seed, "start", start, "orders", len(found), flush=True)


if __name__ == "__main__":
    main()
