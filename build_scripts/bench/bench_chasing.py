"""Chasing Shadows engine and bot benchmarks.

    python build_scripts/bench/bench_chasing.py                  # engine speed
    taskset -c 1 python build_scripts/bench/bench_chasing.py --ratio --seconds 5
        # 4-player random games/s through the protocol ÷ the bare loop below (CPU time)
    valgrind --tool=callgrind python build_scripts/bench/bench_chasing.py --play proto --games 100
        # the ratio load-proof: instructions of --games 100 less --games 0, bare / proto
    python build_scripts/bench/bench_chasing.py --match --games 200 --bots hard,easy,easy,easy \
        --think-ms 200 [--seed 0] [--clock count|cpu|wall] [--jobs 2]    # bot strength

Engine speed: uniformly random games per second for 3, 4 and 5 players through the
public protocol (legal_actions + apply, chance included), the cost of one apply, of one
clone() and their ratio. Match mode: win rate per seat (a shared win counts as a share),
mean final score per seat, and think time per decision of each search bot.

Ratio mode: random 4-player games per CPU second through the public protocol, divided by
``bare_game``: the same game (deal, follow, discard, tricks, scoring, strikes) written as
one plain loop with no protocol, no Actions and no events, the floor any engine could
reach in this language.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.chasing_bots import make_bot  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules.chasing import cards as C  # noqa: E402
from game.rules.chasing.state import ChasingState  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402


def random_game(n: int, rng: random.Random, snapshots: list | None = None) -> tuple[int, float]:
    """One random game; returns (applies, seconds spent inside apply)."""
    st = ChasingState.new(n)
    applies = 0
    spent = 0.0
    clock = time.perf_counter
    while (d := st.decider()) != NOBODY:
        if d == CHANCE:
            st.apply(CHANCE, st.sample_chance(rng))
            continue
        action = rng.choice(st.legal_actions(d))
        t = clock()
        st.apply(d, action)
        spent += clock() - t
        applies += 1
        if snapshots is not None and applies % 37 == 0:
            snapshots.append(st.clone())
    return applies, spent


def bare_game(n: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One random Chasing Shadows game as a plain loop; returns (winners, totals).

    Cards are (suit, rank) tuples. The same random decisions, drawn in the same order
    from ``rng``, as ``protocol_game``: the start seat, each deal's shuffle, every card
    played and every Follow Card a follower with a choice discards; so with the same
    ``rng`` both play the very same game (a test checks it).
    """
    top, size = C.TOP_RANK[n], C.HAND_SIZE[n]
    deck = [(s, r) for s in range(4) for r in range(top + 1)]
    start = rng.randrange(n)
    sheets = [[] for _ in range(n)]
    taken = []
    for rnd in range(3):
        order = deck[:]
        rng.shuffle(order)
        hands = [sorted(order[i * size:(i + 1) * size]) for i in range(n)]
        spot = order[n * size]
        follow = order[n * size + 1:len(order) - C.DEALT_DISCARDS[n]]
        taken = [[] for _ in range(n)]
        leader = (start + rnd) % n
        while True:
            plays = []
            for k in range(n):
                hand = hands[(leader + k) % n]
                suits = {c[0] for c in follow}
                legal = [c for c in hand if c[0] in suits] if k else hand
                card = rng.choice(legal or hand)
                hand.remove(card)
                plays.append(card)
                if k:                       # a follower discards a Follow Card
                    if card[0] in suits:
                        suit = card[0]
                    elif len(suits) == 1:
                        suit = suits.pop()
                    else:
                        suit = rng.choice(sorted(suits))
                    follow.remove(next(c for c in follow if c[0] == suit))
            below = [i for i, c in enumerate(plays) if c[1] < spot[1]]
            pool = below or range(n)
            win = max(pool, key=lambda i: (plays[i][1], i))   # equal ranks: the later play
            winner = (leader + win) % n
            taken[winner].append(spot)
            spot = plays[win]
            follow = plays[:win] + plays[win + 1:]
            if len(hands[winner]) < 2:
                break
            leader = winner
        for seat in range(n):
            taken[seat] += hands[seat]
            row = []
            for suit in range(4):
                ranks = sorted(r for s, r in taken[seat] if s == suit)
                if not ranks:
                    row.append(None)
                elif ranks == [0]:
                    row.append(15)
                elif len(ranks) % 2 == 0:
                    row.append(sum(ranks[:len(ranks) // 2]))
                else:
                    row.append(sum(ranks))
            sheets[seat].append(row)
    totals = []
    for rows in sheets:
        total = 0
        for suit in range(4):
            scored = [r for r in range(3) if rows[r][suit] is not None]
            for r in scored[1:] if len(scored) == 2 else scored:    # strike the earlier one
                total += rows[r][suit]
        totals.append(total)
    low = [s for s in range(n) if totals[s] == min(totals)]
    fewest = min(len(taken[s]) for s in low)
    return tuple(s for s in low if len(taken[s]) == fewest), tuple(totals)


def protocol_game(n: int, rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One random game through the public protocol; returns (winners, totals)."""
    st = ChasingState.new(n)
    while (d := st.decider()) != NOBODY:
        if d == CHANCE:
            st.apply(CHANCE, st.sample_chance(rng))
        else:
            st.apply(d, rng.choice(st.legal_actions(d)))
    res = st.result()
    return res.winners, res.scores


def games_per_cpu_second(play, n: int, seconds: float, seed: int | None = None) -> float:
    rng = random.Random(n if seed is None else seed)
    games = 0
    t0 = time.process_time()
    while (spent := time.process_time() - t0) < seconds:
        play(n, rng)
        games += 1
    return games / spent


def play_only(kind: str, n: int, games: int, warm: int = 300) -> None:
    """``warm`` games (the shared event tables fill), then ``games`` (seeds 0..games-1)."""
    play = {"proto": protocol_game, "bare": bare_game}[kind]
    for g in range(warm):
        play(n, random.Random(1000 + g))
    for g in range(games):
        play(n, random.Random(g))


def ratio(n: int, seconds: float, rounds: int = 5) -> None:
    """Interleaved rounds (protocol, then bare, ``seconds / rounds`` each), medians: a
    busy machine slows both alike. The protocol first plays 300 games: the tables of
    shared events fill as in any long run."""
    play_only("proto", n, 0)
    ps, bs = [], []
    for r in range(rounds):
        ps.append(games_per_cpu_second(protocol_game, n, seconds / rounds, r))
        bs.append(games_per_cpu_second(bare_game, n, seconds / rounds, r))
    rs = [p / b for p, b in zip(ps, bs)]
    print(f"{n} players, random games per CPU second: protocol {statistics.median(ps):,.0f}, "
          f"bare loop {statistics.median(bs):,.0f}, ratio median {statistics.median(rs):.3f} "
          f"(min {min(rs):.3f}, max {max(rs):.3f}, {rounds} interleaved rounds)")


def engine(seconds: float) -> None:
    rng = random.Random(1)
    for n in (3, 4, 5):
        games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            random_game(n, rng)
            games += 1
        rate = games / (time.perf_counter() - start)
        print(f"random {n}-player games/s (one core): {rate:.0f}")
    snaps: list = []
    applies = spent = 0.0
    for _ in range(60):
        a, s = random_game(4, rng, snaps)
        applies += a
        spent += s
    apply_us = spent / applies * 1e6
    reps = 20
    t = time.perf_counter()
    for _ in range(reps):
        for st in snaps:
            st.clone()
    clone_us = (time.perf_counter() - t) / (reps * len(snaps)) * 1e6
    # the search path: step() on an int move, without Actions or events
    steps = 0
    t = time.perf_counter()
    for st in snaps:
        for _ in range(reps):
            c = st.clone()
            r = c.rnd
            while c.rnd == r and c.decider() >= 0:
                c.step(rng.choice(c.moves()))
                steps += 1
    step_us = ((time.perf_counter() - t) - clone_us * 1e-6 * reps * len(snaps)) / steps * 1e6
    print(f"apply (4 players, public protocol incl. checks): {apply_us:.1f} us")
    print(f"step (search path, no events): {step_us:.1f} us")
    print(f"clone: {clone_us:.1f} us = {clone_us / apply_us:.2f} applies "
          f"({clone_us / step_us:.2f} search steps)")


def match_game(args: tuple) -> tuple[list[float], list[float], dict[int, list[float]]]:
    """One game of ``match``: (win share per seat, score per seat, Hard think times)."""
    levels, think_ms, seed, clock_kind = args
    from game.ai import clock
    clock.use(clock_kind)
    n = len(levels)
    m = Match.start("chasing", n, seed)
    bots = [make_bot(levels[s], s, seed=seed, think_ms=think_ms) for s in range(n)]
    think: dict[int, list[float]] = {s: [] for s in range(n) if levels[s] == "hard"}
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        view, actions = m.state.view(d), m.state.legal_actions(d)
        t = time.thread_time()
        action = bots[d].choose(view, actions)
        if d in think and len(actions) > 1:
            think[d].append(time.thread_time() - t)
        m.apply(d, action)
    res = m.state.result()
    shares = [1 / len(res.winners) if s in res.winners else 0.0 for s in range(n)]
    return shares, list(res.scores), think


def match(games: int, levels: list[str], think_ms: int | None, seed: int,
          clock_kind: str = "count", jobs: int = 1) -> None:
    """Bots play each other. With the clock "count" (the default) Hard searches the worlds
    calibrated to its think time (chasing_bots.WORLDS_PER_SECOND), so the figures repeat on
    any machine however loaded; "cpu" or "wall" stop it on that clock instead."""
    n = len(levels)
    per_game: list[list[float]] = []
    scores = [0.0] * n
    think: dict[int, list[float]] = {s: [] for s in range(n) if levels[s] == "hard"}
    started = time.perf_counter()
    work = [(levels, think_ms, seed + g, clock_kind) for g in range(games)]
    pool = None
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        for g, (shares, sc, th) in enumerate(pool.map(match_game, work) if pool
                                             else map(match_game, work)):
            per_game.append(shares)
            for s in range(n):
                scores[s] += sc[s]
            for s, ts in th.items():
                think[s] += ts
            if (g + 1) % 10 == 0:
                rates = [round(sum(x[s] for x in per_game) / (g + 1), 3) for s in range(n)]
                print(f"  {g + 1}/{games} games, {time.perf_counter() - started:.0f} s, "
                      f"win rates so far {rates}", flush=True)
    finally:
        if pool:
            pool.shutdown()
    budget = f"{think_ms if think_ms is not None else 'default (1000)'} ms"
    print(f"{games} games, bots {','.join(levels)}, think budget {budget} "
          f"({clock_kind} clock), seeds {seed}..{seed + games - 1}")
    for s in range(n):
        xs = [x[s] for x in per_game]
        mean = sum(xs) / games
        sd = (sum((x - mean) ** 2 for x in xs) / (games - 1)) ** 0.5 if games > 1 else 0.0
        print(f"seat {s} {levels[s]:6s} win rate {mean:.3f} +- {1.96 * sd / games ** 0.5:.3f} "
              f"(95%)  mean final score {scores[s] / games:.1f}")
    for s, times in think.items():
        if times:
            print(f"seat {s} hard think time per decision (CPU): median "
                  f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
                  f"over {len(times)} decisions")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--match", action="store_true", help="bots play each other")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--bots", default="hard,easy,easy,easy")
    p.add_argument("--think-ms", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--clock", choices=("count", "cpu", "wall"), default="count",
                   help="--match: what limits Hard (count: its calibrated worlds)")
    p.add_argument("--jobs", type=int, default=1, help="--match: worker processes")
    p.add_argument("--seconds", type=float, default=3.0, help="time per engine figure")
    p.add_argument("--ratio", action="store_true",
                   help="protocol games/s ÷ the bare loop's, CPU time")
    p.add_argument("--players", type=int, default=4, help="player count of --ratio")
    p.add_argument("--play", choices=("proto", "bare"),
                   help="just play --games games that way after 300 warm-up games (callgrind)")
    args = p.parse_args(argv)
    if args.play:
        play_only(args.play, args.players, args.games)
    elif args.ratio:
        ratio(args.players, args.seconds)
    elif args.match:
        match(args.games, args.bots.split(","), args.think_ms, args.seed, args.clock, args.jobs)
    else:
        engine(args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
