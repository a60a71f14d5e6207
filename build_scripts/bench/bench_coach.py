"""The coach (issue 43): hint time, analysis time, calibration, and the hint-follower.

Figures are printed, nothing is asserted. CPU times are this process's (``time.process_time``):
run it pinned to one core, nice'd, on a shared machine::

    nice -n 10 taskset -c 1 python build_scripts/bench/bench_coach.py --only timing
    nice -n 10 taskset -c 1 python build_scripts/bench/bench_coach.py --only calibration \
        --games chasing:16,hunters:26,harsh:46
    nice -n 10 taskset -c 1 python build_scripts/bench/bench_coach.py --only follower \
        --follow chasing:200,hunters:200

    # the same, load-proof: instructions counted by callgrind, turned into seconds at this
    # machine's measured instructions a CPU second (measure that on a quiet moment: --only ips)
    nice -n 10 python build_scripts/bench/bench_coach.py --only instructions \
        --analysis-games 3 --jobs 4 --ips 6.99e9
    nice -n 10 taskset -c 1 python build_scripts/bench/bench_coach.py --only ips

``timing``: the hint (``game.advice`` at the table's budget) in positions taken from
recorded games (Normal players), median and maximum CPU seconds; then the analysis of a
whole 4-player Chasing game, a 6-player Shadow Hunters game and a Harsh game (the app's
budgets). ``instructions``: the same work, each piece in a
child process under ``valgrind --tool=callgrind`` (``--jobs`` of them at once); a child that
only loads the code and the positions is the baseline taken off every count. The hint: each
position on its own; the analysis: every ``--stride``-th decision of each of
``--analysis-games`` games a game (seeds 900 on), the count multiplied by the stride (the
per-game part is multiplied too, so the figure errs high), then the median and range. ``ips`` measures
the instructions a CPU second of this machine (the hint at one position, natively pinned,
best of 5, against its count). ``calibration``: analyses whole games of Normal players and sorts every
estimate (the chosen choice's win chance, from the deciding seat's view) into tenths,
against how often that seat won in the end. ``follower``: seat 0 plays the hint's top
choice at a small budget (playouts a decision), or Hard searching the same number of
sampled worlds in each position (counted, not timed), against Normal players, on the same
seeds; win rate (and Chasing's mean score) of seat 0 each way, and the paired difference.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.advice import advise  # noqa: E402
from game.analysis import BUDGETS, analyse  # noqa: E402
from game.catalog import get_game  # noqa: E402
from game.match import Match  # noqa: E402
from game.review.sample import play_record  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402

PLAYERS = {"chasing": 4, "hunters": 6, "harsh": 1}
TARGET = {"chasing": 30, "hunters": 60, "harsh": 20}


def positions(game: str, count: int, seed0: int = 500):
    """(view, legal) at decisions with a real choice, from recorded Normal games."""
    out = []
    seed = seed0
    while len(out) < count:
        rec = play_record(game, PLAYERS[game], seed, level="normal" if game != "harsh" else "easy")
        m = Match.start(game, PLAYERS[game], rec.seed, rec.options, rec.chance)
        picks = []
        for seat, action in rec.log:
            if seat != CHANCE and len(m.state.legal_actions(seat)) >= 2:
                picks.append((m.state.view(seat), m.state.legal_actions(seat)))
            m.apply(seat, action)
        random.Random(seed).shuffle(picks)
        out += picks[:max(1, count // 4)]
        seed += 1
    return out[:count]


def timing(args) -> None:
    print("== hint: CPU seconds a position (the table's budget)")
    for game in ("chasing", "hunters", "harsh"):
        if game not in args.only_games:
            continue
        times = []
        for view, legal in positions(game, args.positions):
            t = time.process_time()
            advise(game, view, legal)
            times.append(time.process_time() - t)
        print(f"{game:8s} {len(times)} positions: median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s (target 1 s)")
    print("== analysis of a whole game: CPU seconds (the app's budgets)")
    for game in ("chasing", "hunters", "harsh"):
        if game not in args.only_games:
            continue
        times = []
        for seed in range(args.analysis_games):
            rec = play_record(game, PLAYERS[game], 900 + seed,
                              level="normal" if game != "harsh" else "easy")
            t = time.process_time()
            a = analyse(rec)
            times.append(time.process_time() - t)
            print(f"  {game} seed {900 + seed}: {len(rec.log)} steps, {len(a.decisions)} "
                  f"decisions, {times[-1]:.1f} s")
        print(f"{game:8s} {PLAYERS[game]} seat(s): median {statistics.median(times):.1f} s, "
              f"max {max(times):.1f} s (target {TARGET[game]} s)")


# Instructions a CPU second of this machine: ``--only ips`` (callgrind's count of the hint at
# one Chasing position over its best pinned CPU time of 5); measured 2026-12-06, see the note.
IPS = None


def _work_file(args, folder: str) -> str:
    """The positions and game records the children measure, made once here (playing the
    Normal games that give them is not part of what is measured)."""
    data = {"hint": {g: [(plain(v), a) for v, a in positions(g, args.positions)]
                     for g in ("chasing", "hunters")},
            "analysis": {g: [play_record(g, PLAYERS[g], 900 + k, level="normal" if g != "harsh"
                                         else "easy").to_json()
                             for k in range(args.analysis_games)]
                         for g in ("chasing", "hunters", "harsh")}}
    path = os.path.join(folder, "work.pickle")
    with open(path, "wb") as f:
        pickle.dump(data, f)
    return path


def plain(o):
    """A view with its read-only mappings as dicts, for pickle (read the same way)."""
    from collections.abc import Mapping

    if isinstance(o, Mapping):
        return {k: plain(v) for k, v in o.items()}
    if isinstance(o, list):
        return [plain(v) for v in o]
    if isinstance(o, tuple) and type(o) is tuple:
        return tuple(plain(v) for v in o)
    return o


def run_work(path: str, what: str) -> float:
    """One piece of work (a child's whole job): "none", "hint:GAME:I" or
    "analysis:GAME:STRIDE:K" (the K-th game); returns its CPU seconds."""
    from game.review.record import GameRecord

    with open(path, "rb") as f:
        data = pickle.load(f)
    kind, game, arg, k = (what.split(":") + ["", "", "0"])[:4]
    t = time.process_time()
    if kind == "hint":
        view, legal = data["hint"][game][int(arg)]
        advise(game, view, legal)
    elif kind == "analysis":
        rec = GameRecord.from_json(data["analysis"][game][int(k)])
        stride = int(arg)
        steps = decision_steps(rec)[::stride]
        analyse(rec, only=set(steps).__contains__)
    return time.process_time() - t


def decision_steps(rec) -> list[int]:
    m = Match.start(rec.game, len(rec.seats), rec.seed, rec.options, rec.chance)
    out = []
    for i, (seat, action) in enumerate(rec.log):
        if seat != CHANCE and len(m.state.legal_actions(seat)) >= 2:
            out.append(i)
        m.apply(seat, action)
    return out


def counted(path: str, what: str, folder: str) -> int:
    """Instructions of a child doing ``what`` (callgrind's total)."""
    out = os.path.join(folder, f"cg.{what.replace(':', '_')}.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                    sys.executable, __file__, "--work", path, what],
                   check=True, capture_output=True)
    with open(out, encoding="utf-8") as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError(f"no total in {out}")


def instructions(args) -> None:
    from concurrent.futures import ThreadPoolExecutor

    ips = args.ips or IPS
    with tempfile.TemporaryDirectory(prefix="bench-coach-") as folder:
        path = _work_file(args, folder)
        base = counted(path, "none", folder)
        print(f"== instructions (callgrind), less the baseline child's {base / 1e9:.2f} G; "
              + (f"seconds at {ips / 1e9:.2f} G a CPU second" if ips else "no --ips given"),
              flush=True)

        def secs(ir):
            return f" = {ir / ips:.2f} s" if ips else ""
        jobs = []          # (label, what, multiplier, target, group)
        for game in ("chasing", "hunters"):
            if game in args.only_games:
                jobs += [(f"hint {game} position {i}", f"hint:{game}:{i}", 1, 1, f"hint {game}")
                         for i in range(args.positions)]
        for game in ("chasing", "hunters", "harsh"):
            if game in args.only_games:
                jobs += [(f"analysis {game} {PLAYERS[game]} seat(s) seed {900 + k}, 1 decision "
                          f"in {args.stride} x {args.stride}",
                          f"analysis:{game}:{args.stride}:{k}", args.stride, TARGET[game],
                          f"analysis {game} {PLAYERS[game]} seat(s)")
                         for k in range(args.analysis_games)]
        groups: dict = {}

        def one(job):
            label, what, mult, target, group = job
            ir = (counted(path, what, folder) - base) * mult
            print(f"  {label}: {ir / 1e9:.2f} G instructions{secs(ir)} (target {target} s)",
                  flush=True)
            groups.setdefault((group, target), []).append(ir)
        with ThreadPoolExecutor(max(1, args.jobs)) as ex:
            list(ex.map(one, jobs))
        for (group, target), irs in groups.items():
            lo, mid, hi = min(irs), statistics.median(irs), max(irs)
            print(f"  {group}, {len(irs)}: median {mid / 1e9:.2f} G{secs(mid)}, "
                  f"{lo / 1e9:.2f}-{hi / 1e9:.2f} G" + (f" = {lo / ips:.2f}-{hi / ips:.2f} s"
                                                       if ips else "")
                  + f" (target {target} s)", flush=True)


def ips(args) -> None:
    """Instructions a CPU second: the hint at one Chasing position, its count against its
    best native CPU time of 5 runs (best: the least disturbed by other processes)."""
    with tempfile.TemporaryDirectory(prefix="bench-coach-") as folder:
        args.positions = max(1, args.positions)
        path = _work_file(args, folder)
        cpu = min(float(subprocess.run(
            [sys.executable, __file__, "--work", path, "hint:chasing:0"], check=True,
            capture_output=True, text=True).stdout.split()[-1]) for _ in range(5))
        ir = counted(path, "hint:chasing:0", folder) - counted(path, "none", folder)
        print(f"== instructions a CPU second: {ir / 1e9:.3f} G in {cpu:.3f} s = "
              f"{ir / cpu / 1e9:.2f} G/s (load average now {os.getloadavg()[0]:.1f})")
        print(json.dumps({"ips": round(ir / cpu)}))


def calibration(args) -> None:
    for game, n in args.games.items():
        bins = [[0, 0.0] for _ in range(10)]
        t0 = time.process_time()
        count = 0
        for k in range(n):
            rec = play_record(game, PLAYERS[game], 2000 + k,
                              level="normal" if game != "harsh" else "easy")
            a = analyse(rec, budget=args.calib_budget.get(game))
            for d in a.decisions:
                b = min(9, int(d.after * 10))
                bins[b][0] += 1
                bins[b][1] += 1.0 if d.seat in a.winners else 0.0
                count += 1
            print(f"  {game} game {k + 1}/{n}: {count} positions so far "
                  f"({time.process_time() - t0:.0f} s)", file=sys.stderr)
        budget = args.calib_budget.get(game, BUDGETS[game])
        print(f"== calibration, {game}: {count} positions from {n} games of "
              f"{PLAYERS[game]} players, {budget} playouts a decision"
              f"{' (steps)' if game == 'harsh' else ''}")
        print("  estimate     positions   won     gap")
        for i, (c, w) in enumerate(bins):
            if c:
                rate = w / c
                mid = (i + 0.5) / 10
                print(f"  {i * 10:3d}-{i * 10 + 10:3d}%   {c:9d}   {rate:6.1%}  "
                      f"{100 * (rate - mid):+5.1f} pts from the middle")
        sys.stdout.flush()


class Follower:
    """Plays the hint's top choice (``game.advice`` at ``budget`` playouts); ``kw`` goes to
    ``advise`` (research/coach_follower.py sets the order)."""

    def __init__(self, game: str, seat: int, budget: int) -> None:
        self.game, self.seat, self.budget = game, seat, budget
        self.cpu, self.asked = 0.0, 0
        self.kw: dict = {}

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        t = time.process_time()
        try:
            adv = advise(self.game, view, actions, self.budget, **self.kw)
        except Exception:   # noqa: BLE001 - no world rebuilt (Hunters): the first choice
            return actions[0]
        finally:
            self.cpu += time.process_time() - t
            self.asked += 1
        return adv.best.action


def play(game: str, n: int, seed: int, seat0) -> tuple[bool, float]:
    spec = get_game(game)
    m = Match.start(game, n, seed, {})
    bots = [seat0] + [spec.bot_factory("normal", i, seed=seed, think_ms=None) for i in range(1, n)]
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        m.apply(d, bots[d].choose(m.state.view(d), m.state.legal_actions(d)))
    res = m.state.result()
    return 0 in res.winners, (res.scores[0] if res.scores else 0.0)


class SameWorlds:
    """Hard, searching as many sampled worlds a decision as the follower does in that
    position (``clock.use("count")``: a count, not time, so the figure does not depend on
    the machine's load). Hard plays every candidate in each world to the end of the round
    (Chasing) or one round on (Shadow Hunters); the follower to the end of the game, so it
    spends more CPU a world: both are reported."""

    def __init__(self, game: str, seat: int, seed: int, budget: int) -> None:
        spec = get_game(game)
        self.game, self.budget = game, budget
        self.bot = spec.bot_factory("hard", seat, seed=seed, think_ms=1000)
        self.cpu, self.asked = 0.0, 0

    def worlds(self, actions, view) -> int:
        if self.game == "chasing":
            from game.advice.chasing import CARDS_CAP, MIN_WORLDS, cards_left
            k = len(actions)
            return max(MIN_WORLDS, min(self.budget // k, CARDS_CAP // (k * cards_left(view))))
        from game.advice.hunters import MAX_CANDIDATES, MIN_WORLDS
        return max(MIN_WORLDS, self.budget // min(len(actions), MAX_CANDIDATES))

    def choose(self, view, actions):
        actions = list(actions)
        if len(actions) == 1:
            return actions[0]
        if self.game == "chasing":
            from game.ai.chasing_bots import WORLDS_PER_SECOND
        else:
            from game.ai.hunters_hard import WORLDS_PER_SECOND
        # think_ms whose counted budget is exactly the follower's worlds here
        self.bot.think_ms = self.worlds(actions, view) * 1000.0 / WORLDS_PER_SECOND
        t = time.process_time()
        try:
            return self.bot.choose(view, actions)
        finally:
            self.cpu += time.process_time() - t
            self.asked += 1


def follower(args) -> None:
    from game.ai import clock

    clock.use("count")    # every search stops on its count of worlds, not on a clock
    for game, games in args.follow.items():
        n = {"chasing": 4, "hunters": 5}[game]
        budget = args.budget[game]
        seeds = range(args.seed0, args.seed0 + games)
        f = Follower(game, 0, budget)
        won_f, score_f, won_h, score_h = [], [], [], []
        hard_cpu, hard_asked = 0.0, 0
        for k, seed in enumerate(seeds):
            # the follower's game and Hard's on the same seed, one after the other
            w, s = play(game, n, seed, f)
            won_f.append(w)
            score_f.append(s)
            h = SameWorlds(game, 0, seed, budget)
            w, s = play(game, n, seed, h)
            won_h.append(w)
            score_h.append(s)
            hard_cpu += h.cpu
            hard_asked += h.asked
            print(f"  {game} game {k + 1}/{games}: follower {sum(won_f)} won, Hard "
                  f"{sum(won_h)} won", file=sys.stderr, flush=True)

        def line(name, won, score, game=game):
            p = sum(won) / len(won)
            se = (p * (1 - p) / len(won)) ** 0.5
            extra = f", mean score {statistics.mean(score):.1f}" if game == "chasing" else ""
            return f"  {name:34s} won {sum(won)}/{len(won)} = {p:.1%} ±{1.96 * se:.1%}{extra}"
        both = sum(a and b for a, b in zip(won_f, won_h))
        only_f = sum(a and not b for a, b in zip(won_f, won_h))
        only_h = sum(b and not a for a, b in zip(won_f, won_h))
        diff = (only_f - only_h) / len(won_f)
        se_d = ((only_f + only_h) / len(won_f) - diff ** 2) ** 0.5 / len(won_f) ** 0.5
        print(f"== hint-follower against Hard, {game}, {n} players, seat 0, others Normal, "
              f"seeds {seeds[0]}-{seeds[-1]}, the same sampled worlds a decision")
        print(line(f"follower ({budget} playouts)", won_f, score_f))
        print(line("Hard (the same worlds)", won_h, score_h))
        print(f"  paired: both won {both}, only the follower {only_f}, only Hard {only_h}; "
              f"follower minus Hard {diff:+.1%} ±{1.96 * se_d:.1%}")
        print(f"  CPU a decision: follower {1000 * f.cpu / max(1, f.asked):.0f} ms over "
              f"{f.asked} decisions, Hard {1000 * hard_cpu / max(1, hard_asked):.0f} ms over "
              f"{hard_asked}")
        sys.stdout.flush()


def pairs(text: str) -> dict:
    out = {}
    for part in text.split(","):
        if part:
            k, v = part.split(":")
            out[k] = int(v)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", choices=("timing", "instructions", "ips", "calibration",
                                       "follower"), action="append")
    ap.add_argument("--stride", type=int, default=4,
                    help="instructions: analyse 1 decision in this many (the count x it)")
    ap.add_argument("--ips", type=float, default=None,
                    help="instructions: the machine's instructions a CPU second (--only ips)")
    ap.add_argument("--work", nargs=2, metavar=("FILE", "WHAT"), help=argparse.SUPPRESS)
    ap.add_argument("--positions", type=int, default=12, help="hint positions a game")
    ap.add_argument("--analysis-games", type=int, default=1,
                    help="timing, instructions: games analysed a game (seeds 900 on)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="instructions: callgrind children at once")
    ap.add_argument("--games", type=pairs, default=pairs("chasing:1,hunters:1,harsh:1"),
                    help="calibration: games analysed a game, e.g. chasing:16,hunters:26")
    ap.add_argument("--calib-budget", type=pairs, default={},
                    help="calibration: playouts a decision by game (default: the app's)")
    ap.add_argument("--follow", type=pairs, default=pairs("chasing:2,hunters:2"),
                    help="follower: games a game, e.g. chasing:200,hunters:200")
    ap.add_argument("--seed0", type=int, default=5000, help="follower: the first seed")
    ap.add_argument("--budget", type=pairs, default=pairs("chasing:60,hunters:60"),
                    help="follower's playouts a decision")
    ap.add_argument("--game", dest="only_games", action="append",
                    help="timing: only these games")
    args = ap.parse_args(argv)
    if args.work:             # a child of ``instructions`` / ``ips``: one piece of work
        print(f"{run_work(*args.work):.4f}")
        return 0
    args.only_games = args.only_games or ["chasing", "hunters", "harsh"]
    only = args.only or ["timing", "calibration", "follower"]
    if "timing" in only:
        timing(args)
    if "instructions" in only:
        instructions(args)
    if "ips" in only:
        ips(args)
    if "calibration" in only:
        calibration(args)
    if "follower" in only:
        follower(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
