"""Shadow Hunters computer players: win rate of a faction played by one level against
the other factions played by another, and the think time per decision.

    nice python build_scripts/bench_hunters_ai.py --games 100 --players 5,7 \\
        --level hard --think-ms 150 [--base easy] [--factions H,S,N] [--json]

Factions are dealt at random, so the level is chosen per seat *after* the deal: this
script is the referee and may look at the state; the bots still get only their view and
legal actions. For each faction X it plays ``--games`` games with X played by ``--level``
and everyone else by ``--base``, then the same seeds the other way round, and the same
seeds with everyone at ``--base`` (the baseline). It prints X's win rate in each setting
and the think times of the ``--level`` bots per decision (median, 95th percentile, max,
and the median of the decisions that took over 1 ms, i.e. where the bot searched).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.hunters.data import FACTION  # noqa: E402
from game.rules.match import Match  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402
from game.rules.registry import get_game  # noqa: E402

NAMES = {"H": "Hunter", "S": "Shadow", "N": "Neutral"}


def play(n, seed, levels_by_faction, think_ms, times):
    """One game; ``times[level]`` collects seconds per decision. Returns (factions, winners)."""
    spec = get_game("hunters")
    m = Match.start("hunters", n, seed)
    while m.decider() == CHANCE and m.state.first < 0:
        m.chance_step()
    factions = [FACTION[c] for c in m.state.chars]
    levels = [levels_by_faction[f] for f in factions]
    bots = [spec.bot_factory(levels[i], i, seed=seed, think_ms=think_ms) for i in range(n)]
    for _ in range(100_000):
        d = m.decider()
        if d == NOBODY:
            break
        if d == CHANCE:
            m.chance_step()
            continue
        view = m.state.view(d)
        legal = m.state.legal_actions(d)
        t = time.perf_counter()
        a = bots[d].choose(view, legal)
        times.setdefault(levels[d], []).append(time.perf_counter() - t)
        m.apply(d, a)
    else:
        raise RuntimeError(f"seed {seed}: no end")
    return factions, m.state.winners


def rate(n, games, seed, faction, levels, think_ms, times):
    won = played = 0
    for g in range(games):
        factions, winners = play(n, seed + g, levels, think_ms, times)
        seats = [i for i, f in enumerate(factions) if f == faction]
        if not seats:
            continue
        played += 1
        won += any(i in winners for i in seats)
    return won / played if played else None, played


def summary(ts):
    if not ts:
        return None
    s = sorted(ts)
    long = [t for t in s if t >= 0.001]      # the decisions where the bot searched
    return {"decisions": len(s), "median_ms": round(1000 * statistics.median(s), 2),
            "p95_ms": round(1000 * s[int(0.95 * (len(s) - 1))], 2),
            "max_ms": round(1000 * s[-1], 2), "searched": len(long),
            "searched_median_ms": round(1000 * statistics.median(long), 2) if long else None}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", default="5,7")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--base", default="easy")
    ap.add_argument("--think-ms", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--factions", default="H,S,N")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--one-way", action="store_true", help="skip the reverse setting")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = []
    for n in (int(x) for x in args.players.split(",")):
        for f in args.factions.split(","):
            hi = {x: (args.level if x == f else args.base) for x in "HSN"}
            lo = {x: (args.base if x == f else args.level) for x in "HSN"}
            times: dict = {}
            t0 = time.perf_counter()
            up, played = rate(n, args.games, args.seed, f, hi, args.think_ms, times)
            if not played:
                continue
            down = None
            if not args.one_way:
                down, _ = rate(n, args.games, args.seed, f, lo, args.think_ms, times)
            base = None
            if not args.no_baseline:
                base, _ = rate(n, args.games, args.seed, f, {x: args.base for x in "HSN"},
                               args.think_ms, {})
            row = {"players": n, "faction": NAMES[f], "games": played,
                   "think_ms": args.think_ms, "level": args.level, "base": args.base,
                   f"{f}_by_{args.level}": up, f"{f}_by_{args.base}_vs_{args.level}": down,
                   f"all_{args.base}": base, "think": summary(times.get(args.level, [])),
                   "seconds": round(time.perf_counter() - t0, 1)}
            out.append(row)
            if not args.json:
                b = f"{100 * base:5.1f}%" if base is not None else "  -  "
                dn = f"{100 * down:5.1f}%" if down is not None else "  -  "
                th = row["think"] or {}
                print(f"{n}p {NAMES[f]:8s} ({played} games, think {args.think_ms} ms): "
                      f"by {args.level} vs {args.base} {100 * up:5.1f}% | "
                      f"by {args.base} vs {args.level} {dn} | all {args.base} {b}"
                      f" | {args.level} think median {th.get('median_ms')} ms "
                      f"(over 1 ms: {th.get('searched')} decisions, median "
                      f"{th.get('searched_median_ms')} ms), p95 {th.get('p95_ms')} ms, "
                      f"max {th.get('max_ms')} ms"
                      f"({row['seconds']} s)", flush=True)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
