"""Shadow Hunters computer players: win rate of a faction played by one level against
the other factions played by another, and the think time per decision.

    nice -n 19 python build_scripts/bench/bench_hunters_ai.py --games 200 --players 5,7 \\
        --level hard --think-ms 100 [--base easy] [--factions H,S,N] [--jobs 2]
        [--one-way] [--no-baseline] [--out rows.jsonl] [--json]
    nice -n 19 python build_scripts/bench/bench_hunters_ai.py --games 200 --players 5,7 \\
        --level hard --think-ms 100 --log games.jsonl [--jobs 2]
    python build_scripts/bench/bench_hunters_ai.py --summarize games.jsonl

With ``--log`` every game is appended to the file as it finishes, and the games are played
interleaved (seed by seed, every setting, the baseline first), so a run cut short still
holds paired results for every setting; ``--summarize`` prints the table from such a file
(a run may be resumed: games already in the file are skipped).

Factions are dealt at random, so the level is chosen per seat *after* the deal: this
script is the referee and may look at the state; the bots still get only their view and
legal actions (``--level oracle`` is the exception on purpose: the Hard bot told every
identity, build_scripts/research/hunters_oracle.py, the ceiling of what knowing them is worth).
For each faction X it plays ``--games`` games with X played by ``--level``
and everyone else by ``--base``, then the same seeds the other way round, and the same
seeds with everyone at ``--base`` (the baseline). It prints X's win rate in each setting
with its 95% interval, the lift (X by ``--level`` minus all ``--base``, paired over the
same seeds, with its 95% interval),
and the think times of the ``--level`` bots per decision (median, 95th percentile, max,
and the median of the decisions that took over 1 ms, i.e. where the bot searched).

Think budgets are the Hard search's worlds calibrated to its think time (``--clock count``,
the default: hunters_hard.WORLDS_PER_SECOND), so the games and figures are the same on any
machine however loaded; ``--clock cpu`` stops it on the thinking thread's CPU time and
``--clock wall`` on wall time, as the app does. Think times are CPU time.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

sys.path[:0] = [str(Path(__file__).resolve().parent),  # bench/, research/ and build_scripts/
                str(Path(__file__).resolve().parents[1]),
                str(Path(__file__).resolve().parents[1] / "bench"),
                str(Path(__file__).resolve().parents[1] / "research")]

from hunters_oracle import OracleBot  # noqa: E402

from game.ai import clock  # noqa: E402
from game.catalog import get_game  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules.hunters.data import ALLOCATION, FACTION  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402

NAMES = {"H": "Hunter", "S": "Shadow", "N": "Neutral"}


def play(n, seed, levels_by_faction, think_ms, times):
    """One game; ``times[level]`` collects seconds per decision. Returns (factions, winners)."""
    spec = get_game("hunters")
    m = Match.start("hunters", n, seed)
    while m.decider() == CHANCE and m.state.first < 0:
        m.chance_step()
    factions = [FACTION[c] for c in m.state.chars]
    levels = [levels_by_faction[f] for f in factions]
    bots = [OracleBot(i, m.state.chars, seed=seed, think_ms=think_ms) if levels[i] == "oracle"
            else spec.bot_factory(levels[i], i, seed=seed, think_ms=think_ms) for i in range(n)]
    for _ in range(100_000):
        d = m.decider()
        if d == NOBODY:
            break
        if d == CHANCE:
            m.chance_step()
            continue
        view = m.state.view(d)
        legal = m.state.legal_actions(d)
        t = clock.now()
        a = bots[d].choose(view, legal)
        times.setdefault(levels[d], []).append(clock.now() - t)
        m.apply(d, a)
    else:
        raise RuntimeError(f"seed {seed}: no end")
    return factions, m.state.winners


def _one(args):
    n, seed, faction, levels, think_ms, clock_kind = args
    clock.use(clock_kind)
    times: dict = {}
    factions, winners = play(n, seed, levels, think_ms, times)
    seats = [i for i, f in enumerate(factions) if f == faction]
    won = None if not seats else int(any(i in winners for i in seats))
    return won, times


def _logged(args):
    won, times = _one(args)
    n, seed, faction, levels, think_ms, clock_kind = args
    return {"players": n, "seed": seed, "faction": faction,
            "levels": "".join(levels[x] + "," for x in "HSN").rstrip(","),
            "think_ms": think_ms, "clock": clock_kind, "won": won,
            "times": {lv: [round(t, 5) for t in ts] for lv, ts in times.items()}}


def _key(r):
    return (r["players"], r["seed"], r["faction"], r["levels"], r["think_ms"])


def run_logged(args, path):
    """Play every setting seed by seed (baseline first), appending each game to ``path``."""
    done = set()
    if Path(path).exists():
        with open(path, encoding="utf-8") as fh:
            done = {_key(json.loads(line)) for line in fh if line.strip()}
    work = []
    for g in range(args.games):
        for n in (int(x) for x in args.players.split(",")):
            for f in args.factions.split(","):
                if not ALLOCATION[n]["HSN".index(f)]:
                    continue                      # no Neutrals at 4 players
                hi = {x: (args.level if x == f else args.base) for x in "HSN"}
                base = {x: args.base for x in "HSN"}
                for lv in ([] if args.no_baseline else [base]) + [hi]:
                    a = (n, args.seed + g, f, lv, args.think_ms, clock.kind())
                    key = (n, args.seed + g, f,
                           "".join(lv[x] + "," for x in "HSN").rstrip(","), args.think_ms)
                    if key not in done:
                        work.append(a)
    pool = ProcessPoolExecutor(max_workers=args.jobs) if args.jobs > 1 else None
    try:
        for r in (pool.map(_logged, work, chunksize=1) if pool else map(_logged, work)):
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(r) + "\n")
    finally:
        if pool:
            pool.shutdown()


def summarize(path, level=None, base=None):
    """Print the lift table from a ``--log`` file: per (players, faction), the seeds played
    both with the faction by one level and with everyone at the base level. The levels are
    read from the log; ``level`` and ``base`` keep only the rows played by them."""
    rows: dict = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                r = json.loads(line)
                rows[_key(r)] = r
    settings = set()
    for r in rows.values():
        lv = r["levels"].split(",")
        f = "HSN".index(r["faction"])
        others = {x for i, x in enumerate(lv) if i != f}
        if len(others) == 1 and lv[f] not in others:
            settings.add((r["players"], r["faction"], r["think_ms"], lv[f], others.pop()))
    for n, f, ms, up_level, base_level in sorted(settings):
        if level not in (None, up_level) or base not in (None, base_level):
            continue
        _summary_line(rows, n, f, ms, up_level, base_level)


def _summary_line(rows, n, f, ms, level, base):
    hi = ",".join(level if x == f else base for x in "HSN")
    lo = ",".join(base for _ in "HSN")
    seeds = sorted(s for (pn, s, pf, lv, pms) in rows
                   if (pn, pf, lv, pms) == (n, f, hi, ms) and (n, s, f, lo, ms) in rows)
    if not seeds:
        return
    up = [rows[(n, s, f, hi, ms)]["won"] for s in seeds]
    dn = [rows[(n, s, f, lo, ms)]["won"] for s in seeds]
    times = [t for s in seeds for t in rows[(n, s, f, hi, ms)]["times"].get(level, [])]
    w, played = rate(up)
    b, _ = rate(dn)
    lift, lci = paired_ci95(up, dn)
    if lift is None:                  # the faction is not dealt at this table size
        return
    th = summary(times) or {}
    print(f"{n}p {NAMES[f]:8s} seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} seeds, {played} "
          f"games with the faction), think {ms} ms {rows[(n, seeds[0], f, hi, ms)]['clock']}:"
          f" by {level} vs {base} {100 * w:5.1f}% ± {100 * ci95(up):.1f} | all {base} "
          f"{100 * b:5.1f}% ± {100 * ci95(dn):.1f} | lift {100 * lift:+5.1f} ± "
          f"{100 * lci:.1f} | {level} think median {th.get('median_ms')} ms, searched "
          f"{th.get('searched')} decisions (median {th.get('searched_median_ms')} ms), "
          f"p95 {th.get('p95_ms')} ms, max {th.get('max_ms')} ms", flush=True)


def outcomes(n, games, seed, faction, levels, think_ms, times, jobs=1):
    """Per seed: 1 if ``faction`` won, 0 if it lost, None if it was not dealt."""
    work = [(n, seed + g, faction, levels, think_ms, clock.kind()) for g in range(games)]
    res = []
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None
    try:
        for r in (pool.map(_one, work, chunksize=1) if pool else map(_one, work)):
            res.append(r)
            if len(res) % 25 == 0:         # partial figures, in case a long run is cut short
                won, k = rate([w for w, _ in res])
                print(f"  ... {n}p {NAMES[faction]} {levels}: {len(res)} games, "
                      f"{k} with the faction, won {won}", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.shutdown()
    for _, ts in res:
        for lv, xs in ts.items():
            times.setdefault(lv, []).extend(xs)
    return [w for w, _ in res]


def rate(xs):
    played = [x for x in xs if x is not None]
    return (sum(played) / len(played) if played else None), len(played)


def ci95(xs):
    """Half-width of the 95% interval of a win rate (normal approximation)."""
    played = [x for x in xs if x is not None]
    k = len(played)
    if not k:
        return None
    p = sum(played) / k
    return 1.96 * math.sqrt(p * (1 - p) / k)


def paired_ci95(up, base):
    """Lift (up - base, same seeds) and the half-width of its 95% interval."""
    d = [a - b for a, b in zip(up, base) if a is not None and b is not None]
    k = len(d)
    if k < 2:
        return None, None
    m = sum(d) / k
    var = sum((x - m) ** 2 for x in d) / (k - 1)
    return m, 1.96 * math.sqrt(var / k)


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
    ap.add_argument("--level", help="the level measured (default hard; with --summarize: "
                    "every level in the log)")
    ap.add_argument("--base", help="the level of the other seats (default easy; with "
                    "--summarize: every one in the log)")
    ap.add_argument("--think-ms", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--factions", default="H,S,N")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--one-way", action="store_true", help="skip the reverse setting")
    ap.add_argument("--clock", choices=sorted(clock.CLOCKS), default="count")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (2 at most here)")
    ap.add_argument("--out", help="append each finished row to this file as a JSON line")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--log", help="interleaved run, every game appended to this file")
    ap.add_argument("--summarize", metavar="LOG", help="print the table of a --log file")
    args = ap.parse_args()
    clock.use(args.clock)
    if args.summarize:
        summarize(args.summarize, args.level, args.base)
        return
    args.level = args.level or "hard"
    args.base = args.base or "easy"
    if args.log:
        run_logged(args, args.log)
        summarize(args.log, args.level, args.base)
        return
    out = []
    for n in (int(x) for x in args.players.split(",")):
        for f in args.factions.split(","):
            hi = {x: (args.level if x == f else args.base) for x in "HSN"}
            lo = {x: (args.base if x == f else args.level) for x in "HSN"}
            times: dict = {}
            t0 = time.perf_counter()
            up_x = outcomes(n, args.games, args.seed, f, hi, args.think_ms, times, args.jobs)
            up, played = rate(up_x)
            if not played:
                continue
            down = base = lift = lift_ci = None
            if not args.one_way:
                down, _ = rate(outcomes(n, args.games, args.seed, f, lo, args.think_ms, times,
                                        args.jobs))
            if not args.no_baseline:
                base_x = outcomes(n, args.games, args.seed, f, {x: args.base for x in "HSN"},
                                  args.think_ms, {}, args.jobs)
                base, _ = rate(base_x)
                lift, lift_ci = paired_ci95(up_x, base_x)
            row = {"players": n, "faction": NAMES[f], "games": played,
                   "seeds": [args.seed, args.seed + args.games - 1],
                   "think_ms": args.think_ms, "clock": args.clock, "level": args.level,
                   "base": args.base, f"{f}_by_{args.level}": up, "ci95": ci95(up_x),
                   f"{f}_by_{args.base}_vs_{args.level}": down, f"all_{args.base}": base,
                   "lift": lift, "lift_ci95": lift_ci,
                   "think": summary(times.get(args.level, [])),
                   "seconds": round(time.perf_counter() - t0, 1)}
            out.append(row)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps(row) + "\n")
            if not args.json:
                b = f"{100 * base:5.1f}%" if base is not None else "  -  "
                dn = f"{100 * down:5.1f}%" if down is not None else "  -  "
                li = (f"{100 * lift:+5.1f} ± {100 * lift_ci:.1f}" if lift is not None
                      else "  -  ")
                th = row["think"] or {}
                print(f"{n}p {NAMES[f]:8s} ({played} games, think {args.think_ms} ms "
                      f"{args.clock}): by {args.level} vs {args.base} {100 * up:5.1f}% "
                      f"± {100 * row['ci95']:.1f} | by {args.base} vs {args.level} {dn} | "
                      f"all {args.base} {b} | lift {li} | {args.level} think median "
                      f"{th.get('median_ms')} ms (over 1 ms: {th.get('searched')} decisions, "
                      f"median {th.get('searched_median_ms')} ms), p95 {th.get('p95_ms')} ms, "
                      f"max {th.get('max_ms')} ms ({row['seconds']} s)", flush=True)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
