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

``--variant raw`` asks for the hint's raw order (best win figure first, Shadow Hunters);
the default is the order the app shows. ``summary`` pairs the two kinds of player seed by
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

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.advice import advise  # noqa: E402
from game.ai import clock  # noqa: E402
from game.catalog import get_game  # noqa: E402
from game.match import Match  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402

PLAYERS = {"chasing": 4, "hunters": 5, "harsh": 1}


class Follower:
    def __init__(self, game: str, budget: int, variant: str) -> None:
        self.game, self.budget = game, budget
        self.kw = {"steady": False} if variant == "raw" else {}
        self.cpu, self.asked = 0.0, 0

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        t = time.process_time()
        try:
            return advise(self.game, view, actions, self.budget, **self.kw).best.action
        except Exception:   # noqa: BLE001 - Hunters: no world rebuilt offers these choices
            return actions[0]
        finally:
            self.cpu += time.process_time() - t
            self.asked += 1


class Hard:
    """Hard at the follower's budget: as many worlds a decision (counted), or Harsh's
    playout steps."""

    def __init__(self, game: str, seed: int, budget: int) -> None:
        self.game, self.budget = game, budget
        spec = get_game(game)
        if game == "harsh":
            self.bot = spec.bot_factory("hard", 0, seed=seed, work=budget)
        else:
            self.bot = spec.bot_factory("hard", 0, seed=seed, think_ms=1000)
        self.cpu, self.asked = 0.0, 0

    def worlds(self, actions) -> int:
        if self.game == "chasing":
            from game.advice.chasing import MIN_WORLDS
            return max(MIN_WORLDS, self.budget // len(actions))
        from game.advice.hunters import MAX_CANDIDATES, MIN_WORLDS
        return max(MIN_WORLDS, self.budget // min(len(actions), MAX_CANDIDATES))

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        if self.game == "chasing":
            from game.ai.chasing_bots import WORLDS_PER_SECOND
        elif self.game == "hunters":
            from game.ai.hunters_hard import WORLDS_PER_SECOND
        if self.game != "harsh":
            # the think time whose counted budget is exactly the follower's worlds here
            self.bot.think_ms = self.worlds(actions) * 1000.0 / WORLDS_PER_SECOND
        t = time.process_time()
        try:
            return self.bot.choose(view, actions)
        finally:
            self.cpu += time.process_time() - t
            self.asked += 1


def play(game: str, seed: int, seat0) -> dict:
    spec = get_game(game)
    n = PLAYERS[game]
    m = Match.start(game, n, seed, {})
    bots = [seat0] + [spec.bot_factory("normal", i, seed=seed, think_ms=None)
                      for i in range(1, n)]
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        m.apply(d, bots[d].choose(m.state.view(d), m.state.legal_actions(d)))
    res = m.state.result()
    return {"won": 0 in res.winners, "score": res.scores[0] if res.scores else None,
            "cpu": round(seat0.cpu, 3), "decisions": seat0.asked}


def label(who: str, variant: str) -> str:
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
            name = label(who, args.variant)
            if (args.game, name, args.budget, seed) in done:
                continue
            seat0 = (Follower(args.game, args.budget, args.variant) if who == "follower"
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
                extra = (f"; mean final score {sa:.1f} against {sb:.1f} over {len(scored)} "
                         "of them (lower is better)")
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
    r.add_argument("--variant", choices=("app", "raw"), default="app")
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
