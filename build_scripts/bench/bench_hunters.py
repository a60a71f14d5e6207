"""Shadow Hunters engine benchmark (one process, one core).

    python build_scripts/bench/bench_hunters.py [--seconds 3]
    python build_scripts/bench/bench_hunters.py --easy 500 --players 5,8   # Easy-bot win rates
    taskset -c 1 python build_scripts/bench/bench_hunters.py --only speed --seconds 5
        # two lines only: fast path and protocol path at --protocol-players (6)
    python build_scripts/bench/bench_hunters.py --baseline ../base --rounds 5 --seconds 2
        # this checkout against another (e.g. a worktree of an older main), same run

Against a baseline: every figure (fast path, protocol path, the app's ``Match`` with its
chance per step; 4, 6 and 8 players) is measured by a fresh process of *this* script,
pinned to one core (``taskset -c 1`` when there is one), with the engine imported from
this checkout or from the baseline's, the two alternating round by round so that a
change in the machine's load hits both alike. The driver (the random choice among the
legal actions) is this script's for both, so only the engines differ. The table gives
the median of the rounds with min-max, and the ratio of the medians; the Match line also
says what share of the same checkout's protocol figure it reaches.

Engine speed: uniformly random games through the fast path that search uses
(``HuntersState.playout``: ``fast_legal`` + ``fast_apply`` + ``fast_chance`` on plain
tuples, chance steps included), for 4..8 players: turns/s, games/s and steps/s. Then
the cost of ``clone()`` measured in applies (one clone / one mean apply), and for
comparison the public protocol path (legal_actions + apply with labels and events).
Times are CPU time of this process (``time.process_time``), so a busy machine does not
skew them.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def _engine_root() -> Path:
    """The checkout whose engine is measured: ``--root PATH`` (read before the imports)."""
    if "--root" in sys.argv:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return HERE.parents[2]


sys.path.insert(0, str(_engine_root()))

from game.rules.hunters.state import HuntersState, new_game  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402


def fast_speed(n: int, seconds: float) -> tuple[float, float, float]:
    rng = random.Random(n)
    games = turns = steps = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        st = new_game(n, seed=seed)
        seed += 1
        t = time.process_time()
        steps += st.playout(rng)
        spent += time.process_time() - t
        turns += st.turn_no
        games += 1
    return turns / spent, games / spent, steps / spent


def protocol_speed(n: int, seconds: float) -> float:
    rng = random.Random(n)
    pick = rng.random
    turns = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        st = new_game(n, seed=seed)
        seed += 1
        t = time.process_time()
        while (d := st.decider()) != NOBODY:
            if d == CHANCE:
                st.apply(CHANCE, st.sample_chance(rng))
            else:
                acts = st.legal_actions(d)
                st.apply(d, acts[int(pick() * len(acts))])
        spent += time.process_time() - t
        turns += st.turn_no
    return turns / spent


def match_speed(n: int, seconds: float, stream: int | None = None) -> float:
    """The app's way: ``Match`` logs every step and draws each chance outcome from the
    game's seed (set-up included, as a game at the table does). ``stream``: the chance
    stream (a checkout from before streams has only its own)."""
    from game.match import Match
    start = Match.start
    if stream is not None and "chance" in start.__code__.co_varnames:
        start = lambda *a: Match.start(*a, chance=stream)  # noqa: E731
    rng = random.Random(n)
    pick = rng.random
    turns = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        t = time.process_time()
        m = start("hunters", n, seed)
        seed += 1
        st = m.state
        while (d := m.decider()) != NOBODY:
            if d == CHANCE:
                m.chance_step()
            else:
                acts = st.legal_actions(d)
                m.apply(d, acts[int(pick() * len(acts))])
        spent += time.process_time() - t
        turns += st.turn_no
    return turns / spent


MEASURES = {"fast": lambda n, sec: fast_speed(n, sec)[0], "protocol": protocol_speed,
            "match": match_speed, "match2": lambda n, sec: match_speed(n, sec, 2)}
LINES = (("fast", "fast path (playout)"), ("protocol", "public protocol"),
         ("match", "the app's Match"), ("match2", "Match, chance stream 2"))


def _measure_once(root: Path, what: str, n: int, seconds: float) -> float:
    cmd = [sys.executable, str(HERE), "--root", str(root), "--measure", what,
           "--players", str(n), "--seconds", str(seconds)]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "1"] + cmd
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def against_baseline(baseline: Path, players: list[int], rounds: int, seconds: float,
                     whats: list[str]) -> dict:
    """{(what, n): (ours, theirs)} lists of turns/s, one per round, interleaved."""
    ours_root = HERE.parents[2]
    got: dict = {}
    for r in range(rounds):
        for what in whats:
            for n in players:
                pair = got.setdefault((what, n), ([], []))
                order = ((0, ours_root), (1, baseline)) if r % 2 == 0 else \
                    ((1, baseline), (0, ours_root))
                for side, root in order:
                    pair[side].append(_measure_once(root, what, n, seconds))
    return got


def _fmt(xs: list[float]) -> str:
    return (f"{statistics.median(xs) / 1000:6.1f}k ({min(xs) / 1000:.1f}-"
            f"{max(xs) / 1000:.1f})")


def print_table(got: dict, players: list[int], whats: list[str], rounds: int,
                out=print) -> None:
    out(f"turns/s, CPU time pinned to one core, median of {rounds} interleaved rounds "
        f"(min-max); ratio = median / baseline median")
    for what, name in LINES:
        if what not in whats:
            continue
        for n in players:
            ours, theirs = got[(what, n)]
            ratio = statistics.median(ours) / statistics.median(theirs)
            extra = ""
            if what.startswith("match") and ("protocol", n) in got:
                ours_p, theirs_p = got[("protocol", n)]
                extra = (f"  Match/protocol {statistics.median(ours) / statistics.median(ours_p):.2f}"
                         f" (baseline {statistics.median(theirs) / statistics.median(theirs_p):.2f})")
            out(f"  {name:20s} {n} p: {_fmt(ours)}  baseline {_fmt(theirs)}  "
                f"x{ratio:.2f}{extra}")


def clone_cost(n: int = 4, samples: int = 3000) -> tuple[float, float]:
    """Mean seconds per fast apply and per clone, over states taken from random games."""
    rng = random.Random(3)
    states: list[HuntersState] = []
    seed = 0
    while len(states) < samples:
        st = new_game(n, seed=seed)
        seed += 1
        while st.decider() != NOBODY and len(states) < samples:
            st.playout(rng, max_steps=rng.randint(1, 40))
            if st.decider() != NOBODY:
                states.append(st.clone())
    t = time.process_time()
    for st in states:
        st.clone()
    per_clone = (time.process_time() - t) / len(states)
    moves = []
    for st in states:
        d = st.decider()
        if d == CHANCE:
            moves.append((st.clone(), d, st.fast_chance(rng)))
        else:
            acts = st.fast_legal(d)
            moves.append((st.clone(), d, acts[int(rng.random() * len(acts))]))
    t = time.process_time()
    for st, d, a in moves:
        st.fast_apply(d, a)
    per_apply = (time.process_time() - t) / len(moves)
    return per_clone, per_apply


def easy_rates(n: int, games: int) -> dict:
    from game.sim import simulate
    return simulate("hunters", n, games, 1, ["easy"], None, {})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--easy", type=int, default=0, help="games per player count with Easy bots")
    ap.add_argument("--players", default="5,8")
    ap.add_argument("--protocol-players", type=int, default=6,
                    help="player count of the protocol-path figure")
    ap.add_argument("--only", choices=("all", "speed"), default="all",
                    help="speed: just the fast path and the protocol path at --protocol-players")
    ap.add_argument("--root", help=argparse.SUPPRESS)
    ap.add_argument("--measure", choices=sorted(MEASURES), help=argparse.SUPPRESS)
    ap.add_argument("--baseline", help="another checkout (e.g. a worktree of main): "
                    "measure both, interleaved, and give the ratios")
    ap.add_argument("--rounds", type=int, default=5, help="rounds against --baseline")
    ap.add_argument("--what", default="fast,protocol,match,match2",
                    help="figures against --baseline (fast, protocol, match, match2: the "
                    "Match with chance stream 2; the baseline's Match has stream 1 only)")
    args = ap.parse_args()
    if args.measure:
        print(f"{MEASURES[args.measure](int(args.players), args.seconds):.1f}")
        return
    if args.baseline:
        players = [int(x) for x in (args.players if args.players != "5,8" else "4,6,8").split(",")]
        whats = args.what.split(",")
        got = against_baseline(Path(args.baseline).resolve(), players, args.rounds,
                               args.seconds, whats)
        print_table(got, players, whats, args.rounds)
        return
    if args.easy:
        for n in (int(x) for x in args.players.split(",")):
            r = easy_rates(n, args.easy)
            print(f"{n} players, {r['completed']} Easy games: faction_win_rate "
                  f"{r['faction_win_rate']}, mean_turns {r['mean_turns']:.1f}, errors {r['errors']}")
            print(f"  neutral_win_rate {r['neutral_win_rate']}")
        return
    pp = args.protocol_players
    if args.only == "speed":
        tps, _, _ = fast_speed(pp, args.seconds)
        print(f"fast path, {pp} players: {tps:,.0f} turns/s")
        print(f"public protocol path (legal_actions + apply), {pp} players: "
              f"{protocol_speed(pp, args.seconds):,.0f} turns/s")
        return
    print("random play through the fast path (playout: fast_legal/fast_apply/fast_chance)")
    for n in range(4, 9):
        tps, gps, sps = fast_speed(n, args.seconds)
        print(f"  {n} players: {tps:,.0f} turns/s  {gps:,.0f} games/s  {sps:,.0f} steps/s")
    per_clone, per_apply = clone_cost()
    tps, gps, sps = fast_speed(4, args.seconds)
    print(f"clone() at 4 players: {per_clone * 1e6:.1f} us = {per_clone / per_apply:.1f} applies "
          f"(a fast_apply from a random mid-game state: {per_apply * 1e6:.2f} us) "
          f"= {per_clone * sps:.1f} playout steps ({1e6 / sps:.2f} us per legal+choose+apply)")
    from game.rules.hunters.worlds import determinize
    views = []
    for seed in range(200):
        st = new_game(5, seed=seed)
        st.playout(random.Random(seed), max_steps=150)
        if not st.is_over():
            views.append(st.view(seed % 5))
    rng = random.Random(0)
    t = time.process_time()
    for v in views:
        determinize(v, rng)
    print(f"worlds.determinize(view) at 5 players: "
          f"{(time.process_time() - t) / len(views) * 1e6:.0f} us")
    print(f"public protocol path (legal_actions + apply), {pp} players: "
          f"{protocol_speed(pp, args.seconds):,.0f} turns/s")


if __name__ == "__main__":
    main()
