"""Harsh Shadows autopilots against the ceiling: win rate per difficulty of

- ``heuristic``: the autopilot's policy alone (``--bots easy`` in the simulator);
- ``search``: the autopilot with its search (``--bots normal``: 40 ms a decision);
- ``oracle``: the same search cheating (``harsh_oracle``: knows the Spy deck order and
  every Discovery card, not the Case Files), the upper bound of what search can reach.

    nice -n 19 python build_scripts/bench/bench_harsh_ai.py --games 500 --players heuristic,search,oracle \\
        [--difficulties standard,expert] [--think-ms 40 | --work 2000] [--seed 1] [--jobs 2]
        [--out rows.jsonl]

Every player plays the same seeds (the same deal and the same chance draws as long as the
games agree). By default (``--clock count``) the search's think budget is the count of
playout steps calibrated to it (harsh_hint.STEPS_PER_SECOND, for the autopilot; the oracle
stops on the thread's CPU time), so the autopilot's games are the same on any machine
however loaded; ``--clock cpu`` stops it on CPU time too; the app thinks on wall time.
``--work N`` gives the search and the oracle N playout steps a decision instead (about
40 ms of CPU for 2000 on the machine of stop 27), so every game, the oracle's too, is the
same on any machine and a figure can be reproduced exactly.
``gap closed`` is (search - heuristic) / (oracle - heuristic).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path[:0] = [str(Path(__file__).resolve().parent),  # bench/, research/ and build_scripts/
                str(Path(__file__).resolve().parents[1]),
                str(Path(__file__).resolve().parents[1] / "bench"),
                str(Path(__file__).resolve().parents[1] / "research")]

from game.ai import clock, harsh_hint  # noqa: E402
from game.rules.harsh import sim_report  # noqa: E402
from game.rules.harsh.state import HarshState  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402

DIFFICULTIES = ("standard", "hard", "difficult", "expert")


def play(args):
    player, diff, seed, think_ms, clock_kind, work = args
    clock.use(clock_kind)
    from harsh_oracle import OracleBot
    rng = random.Random(seed)
    s = HarshState.new(1, {"difficulty": diff})
    if player == "oracle":
        bot = OracleBot(seed=seed, think_ms=think_ms, work=work)
    elif player == "heuristic":
        bot = harsh_hint.make_bot("easy", seed=seed, think_ms=0)
    else:
        bot = harsh_hint.make_bot("normal", seed=seed, think_ms=think_ms, work=work)
    while s.decider() != NOBODY:
        if s.decider() == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        acts = s.legal_actions(0)
        a = bot.choose(s, acts) if player == "oracle" else bot.choose(s.view(0), acts)
        s.apply(0, a)
    return s


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--players", default="heuristic,search,oracle")
    p.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    p.add_argument("--think-ms", type=int, default=harsh_hint.LEVEL_BUDGETS["normal"])
    p.add_argument("--work", type=int, default=None,
                   help="playout steps a decision for search and oracle, in place of --think-ms")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--clock", choices=sorted(clock.CLOCKS), default="count")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", help="append each finished row to this file as a JSON line")
    a = p.parse_args(argv)
    if a.work is not None and a.work <= 0:
        p.error("--work must be a positive number of playout steps")
    budget = f"work {a.work} steps" if a.work else f"think {a.think_ms} ms {a.clock}"
    rows = []
    for diff in a.difficulties.split(","):
        rates = {}
        for player in a.players.split(","):
            work = [(player, diff, a.seed + g, a.think_ms, a.clock, a.work)
                    for g in range(a.games)]
            t0 = time.perf_counter()
            states = []
            pool = ProcessPoolExecutor(max_workers=a.jobs) if a.jobs > 1 else None
            try:
                for st in (pool.map(play, work, chunksize=1) if pool else map(play, work)):
                    states.append(st)
                    if len(states) % 25 == 0:   # partial figures, in case a run is cut short
                        won = sum(x.outcome == "won" for x in states)
                        print(f"  ... {diff} {player}: {won}/{len(states)} won",
                              file=sys.stderr, flush=True)
            finally:
                if pool:
                    pool.shutdown()
            rep = sim_report(states)
            w = rep["win_rate"]
            row = {"difficulty": diff, "player": player, "games": a.games,
                   "seeds": [a.seed, a.seed + a.games - 1], "think_ms": a.think_ms,
                   "clock": a.clock, "work": a.work, **rep,
                   "ci95": round(1.96 * math.sqrt(w * (1 - w) / a.games), 4),
                   "seconds": round(time.perf_counter() - t0, 1)}
            rates[player] = w
            rows.append(row)
            if a.out:
                with open(a.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
            print(f"{diff:9s} {player:9s} win {100 * w:5.1f}% ± {100 * row['ci95']:.1f} "
                  f"({a.games} games, {budget}) losses "
                  f"{rep['loss_reasons']} mean turns {rep['mean_turns']} "
                  f"({row['seconds']} s)", flush=True)
        if {"heuristic", "search", "oracle"} <= set(rates):
            gap = rates["oracle"] - rates["heuristic"]
            closed = (rates["search"] - rates["heuristic"]) / gap if gap > 0 else None
            print(f"{diff:9s} gap closed by the search: "
                  f"{'-' if closed is None else f'{100 * closed:.0f}%'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
