"""The coach's honesty check (issue 43): does a bot that always plays the hint's top choice
do at least as well as Hard at the same budget?

Seat 0 is either the *follower* (plays ``advise(...)``'s first choice at ``--budget``
playouts a decision; Harsh: playout steps) or *Hard* searching exactly as much (Chasing
and Shadow Hunters: as many sampled worlds a decision as the follower, counted, not timed;
Harsh: the same playout steps), against Normal players, on the same seeds. Every game is
one JSON line (seat 0's result and CPU time), appended as soon as it ends, so a run can
be stopped at any time and started again (seeds already in the file are skipped)::

    nice -n 19 python build_scripts/research/coach_follower.py run out.jsonl \
        --game hunters --seeds 7000:7200 --who follower --who hard --budget 60
    python build_scripts/research/coach_follower.py summary out.jsonl \
        --a follower --b hard

``--variant raw`` asks for the hint's raw order (best win figure first); ``--variant
normal`` (Chasing) for Normal's card first unless another is clearly better; ``--variant
edge`` (Chasing) for Hard's worth alone (``game.ai.chasing_bots.round_edge``); the default
is the order the app shows. ``--rule LEAD:Z`` (Harsh) tries another margin for its
heuristic-first rule (``advice.harsh.steady_first``); its rows are named ``follower-LEAD:Z``. ``summary`` pairs the two kinds of player seed by
seed (only seeds both played) and prints each one's win rate with its 95 % margin and the
paired difference with its own.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "build_scripts" / "bench")]

import bench_coach  # noqa: E402

from game.ai import clock  # noqa: E402
from game.catalog import get_game  # noqa: E402

PLAYERS = {"chasing": 4, "hunters": 5, "harsh": 1}


class Follower(bench_coach.Follower):
    """The hint's top choice; ``variant`` picks the order (see the module text)."""

    def __init__(self, game: str, budget: int, variant: str, rule: str | None = None) -> None:
        super().__init__(game, 0, budget)
        self.kw = {}
        if variant != "app":
            self.kw = ({"order": "bare" if variant == "raw" else variant} if game == "chasing"
                       else {"steady": False})
        elif rule:
            lead, z = rule.split(":")
            self.kw = {"lead": int(lead), "z": float(z)}


class Hard(bench_coach.SameWorlds):
    """Hard at the follower's budget: as many worlds a decision (counted), or Harsh's
    playout steps."""

    def __init__(self, game: str, seed: int, budget: int) -> None:
        if game != "harsh":
            super().__init__(game, 0, seed, budget)
            return
        self.game, self.budget = game, budget
        self.bot = get_game(game).bot_factory("hard", 0, seed=seed, work=budget)
        self.cpu, self.asked = 0.0, 0

    def choose(self, view, actions):
        if self.game != "harsh":
            return super().choose(view, actions)
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        t = time.process_time()
        try:
            return self.bot.choose(view, actions)
        finally:
            self.cpu += time.process_time() - t
            self.asked += 1


def play(game: str, seed: int, seat0) -> dict:
    won, score = bench_coach.play(game, PLAYERS[game], seed, seat0)
    return {"won": won, "score": score, "cpu": round(seat0.cpu, 3), "decisions": seat0.asked}


def label(who: str, variant: str, rule: str | None = None) -> str:
    if who == "follower" and variant == "app" and rule:
        return f"{who}-{rule}"
    return who if who == "hard" or variant == "app" else f"{who}-{variant}"


def run(args) -> None:
    clock.use("count")    # every search stops on its count, not on a clock
    lo, hi = (int(x) for x in args.seeds.split(":"))
    path = Path(args.out)
    done = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done.add((r["game"], r["who"], r["budget"], r["seed"]))
    whos = args.who or ["follower", "hard"]
    for seed in range(lo, hi):
        for who in whos:
            name = label(who, args.variant, args.rule)
            if (args.game, name, args.budget, seed) in done:
                continue
            seat0 = (Follower(args.game, args.budget, args.variant, args.rule) if who == "follower"
                     else Hard(args.game, seed, args.budget))
            row = {"game": args.game, "who": name, "budget": args.budget, "seed": seed}
            row.update(play(args.game, seed, seat0))
            with path.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            print(f"{args.game} seed {seed} {name}: {'won' if row['won'] else 'lost'} "
                  f"({row['cpu']:.1f} s, {row['decisions']} decisions)", file=sys.stderr,
                  flush=True)


def summary(args) -> None:
    rows: dict = {}
    for p in args.files:
        for line in Path(p).read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            if args.game and r["game"] != args.game:
                continue
            rows.setdefault((r["game"], r["budget"]), {}).setdefault(r["who"], {})[r["seed"]] = r
    for (game, budget), by in sorted(rows.items()):
        if args.a not in by or args.b not in by:
            continue
        seeds = sorted(set(by[args.a]) & set(by[args.b]))
        n = len(seeds)
        if not n:
            continue
        a = [by[args.a][s]["won"] for s in seeds]
        b = [by[args.b][s]["won"] for s in seeds]

        def rate(won, n=n):
            p = sum(won) / n
            return f"{sum(won)}/{n} = {p:.1%} ±{1.96 * math.sqrt(p * (1 - p) / n):.1%}"

        def cpu(who, by=by, seeds=seeds):
            rs = [by[who][s] for s in seeds if by[who][s].get("cpu") is not None]
            if not rs:
                return "CPU not recorded"
            ms = 1000 * sum(r["cpu"] for r in rs) / max(1, sum(r["decisions"] for r in rs))
            return f"CPU {ms:.0f} ms a decision ({len(rs)} games)"
        only_a = sum(x and not y for x, y in zip(a, b))
        only_b = sum(y and not x for x, y in zip(a, b))
        d = (only_a - only_b) / n
        se = math.sqrt(max((only_a + only_b) / n - d * d, 0.0) / n)
        print(f"{game}, budget {budget}, seeds {seeds[0]}-{seeds[-1]} ({n} paired games)")
        print(f"  {args.a:18s} won {rate(a)}   {cpu(args.a)}")
        print(f"  {args.b:18s} won {rate(b)}   {cpu(args.b)}")
        extra = ""
        if game == "chasing":
            scored = [s for s in seeds if by[args.a][s]["score"] is not None
                      and by[args.b][s]["score"] is not None]
            if scored:
                sa = statistics.mean(by[args.a][s]["score"] for s in scored)
                sb = statistics.mean(by[args.b][s]["score"] for s in scored)
                diffs = [by[args.a][s]["score"] - by[args.b][s]["score"] for s in scored]
                sd = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0
                extra = (f"; mean final score {sa:.1f} against {sb:.1f} over {len(scored)} "
                         f"of them (lower is better; paired difference {sa - sb:+.1f} "
                         f"±{1.96 * sd:.1f})")
        print(f"  both won {sum(x and y for x, y in zip(a, b))}, only {args.a} {only_a}, "
              f"only {args.b} {only_b}: {args.a} minus {args.b} {d:+.1%} ±{1.96 * se:.1%}"
              f"{extra}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out")
    r.add_argument("--game", choices=sorted(PLAYERS), required=True)
    r.add_argument("--seeds", default="7000:7200", help="first:last+1")
    r.add_argument("--who", choices=("follower", "hard"), action="append")
    r.add_argument("--budget", type=int, default=60)
    r.add_argument("--variant", choices=("app", "raw", "normal", "edge"), default="app",
                   help="raw: the bare win order; normal (Chasing): Normal's card first "
                        "unless another is clearly better")
    r.add_argument("--rule", help="Harsh: LEAD:Z, the margin of the heuristic-first rule "
                                  "(worlds won net, standard errors) in place of the app's")
    s = sub.add_parser("summary")
    s.add_argument("files", nargs="+")
    s.add_argument("--game")
    s.add_argument("--a", default="follower")
    s.add_argument("--b", default="hard")
    args = ap.parse_args(argv)
    (run if args.cmd == "run" else summary)(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
