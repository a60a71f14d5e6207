"""Headless simulator: computer players play complete games and balance figures come out.

    python -m game.sim GAME --players N --games K --seed S --bots LEVEL[,LEVEL...]
                       [--think-ms MS] [--clock count|cpu|wall] [--jobs J] [--json] [--check]
                       [--OPTION VALUE ...]

Game options are passed as extra flags named after the option key (for example
``--difficulty expert`` for Harsh Shadows). A game that raises is counted in ``errors``
and its message reported, never hidden. ``--check`` tests the game's invariants after
every step and counts the breaks (``invariant_breaks``, with samples: seed and step).

Think budgets are counts by default (``--clock count``): every searching bot searches the
worlds or playout steps calibrated once to its think time (``game.ai.clock.counted_budget``),
so a figure repeats exactly on any machine, however loaded. ``--clock cpu`` stops them on
the thinking thread's CPU time instead; the app itself thinks against wall time
(``--clock wall`` reproduces that).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from game.ai import clock
from game.catalog import all_games, get_game
from game.match import Match
from game.rules.protocol import CHANCE, NOBODY

MAX_ACTIONS = 200_000


def play_one(game_id: str, players: int, seed: int, levels: list[str], think_ms: int | None,
             options: dict[str, str], clock_kind: str = "count",
             check: bool = False) -> dict[str, Any]:
    """Play one game between bots. Returns its outcome or the error it raised.

    With ``check`` the game's invariants are tested after every step (and a decider with
    no legal action ends the game as a break); each invariant counts once per game, with
    the step where it first broke.
    """
    spec = get_game(game_id)
    breaks: dict[str, dict[str, Any]] = {}

    def broke(step: int, found) -> None:
        for name, detail in found:
            breaks.setdefault(name, {"seed": seed, "step": step, "invariant": name,
                                     "detail": str(detail)[:300]})

    before = clock.kind()
    clock.use(clock_kind)
    try:
        m = Match.start(game_id, players, seed, options)
        checker = spec.invariants(m.state) if check and spec.invariants else None
        budgets = [_level_budget(levels[i], think_ms) for i in range(players)]
        bots = [spec.bot_factory(lv, i, seed=seed, think_ms=ms)
                for i, (lv, ms) in enumerate(budgets)]
        for _ in range(MAX_ACTIONS):
            d = m.decider()
            if d == NOBODY:
                break
            if d == CHANCE:
                m.chance_step()
            else:
                legal = m.state.legal_actions(d)
                if not legal and check:
                    broke(len(m.log), [("a decider always has a legal action", f"seat {d}")])
                    return {"seed": seed, "error": None, "stuck": True,
                            "breaks": list(breaks.values())}
                m.apply(d, bots[d].choose(m.state.view(d), legal))
            if checker is not None:
                found = checker.step(m.state)
                if found:
                    broke(len(m.log), found)
        else:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
        res = m.state.result()
        return {"seed": seed, "winners": list(res.winners), "actions": len(m.log),
                "state": m.state, "error": None, "breaks": list(breaks.values())}
    except Exception as exc:  # counted and reported, never hidden
        return {"seed": seed, "error": f"{type(exc).__name__}: {exc}",
                "trace": traceback.format_exc(limit=6), "breaks": list(breaks.values())}
    finally:
        clock.use(before)


def _level_budget(token: str, think_ms: int | None) -> tuple[str, int | None]:
    """"hard@1000" -> ("hard", 1000): one seat's own think budget; else --think-ms."""
    level, _, ms = token.partition("@")
    return level, (int(ms) if ms else think_ms)


def _play_star(args):
    return play_one(*args)


def simulate(game_id: str, players: int, games: int, seed: int, levels: list[str],
             think_ms: int | None, options: dict[str, str], jobs: int = 1,
             clock_kind: str = "count", check: bool = False) -> dict[str, Any]:
    spec = get_game(game_id)
    opts = spec.normalise_options(options)
    if spec.bot_factory is None:
        raise ValueError(f"{spec.title} has no computer players")
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise ValueError(f"--bots names {len(levels)} levels for {players} players")
    for token in levels:
        lv, ms = token.partition("@")[0], token.partition("@")[2]
        if ms and not ms.isdigit():
            raise ValueError(f"bad think budget in {token!r} (LEVEL@MS, e.g. hard@1000)")
        if lv not in spec.bot_levels:
            raise ValueError(f"unknown bot level {lv!r} (choose from {', '.join(spec.bot_levels)})")
    work = [(game_id, players, seed + i, levels, think_ms, opts, clock_kind, check)
            for i in range(games)]
    t0 = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            outcomes = list(pool.map(_play_star, work, chunksize=max(1, games // (jobs * 8))))
    else:
        outcomes = [_play_star(w) for w in work]
    elapsed = time.perf_counter() - t0
    stuck = [o for o in outcomes if o.get("stuck")]
    outcomes = [o for o in outcomes if not o.get("stuck")]
    ok = [o for o in outcomes if o["error"] is None]
    wins = [0] * players
    for o in ok:
        for w in o["winners"]:
            wins[w] += 1
    report: dict[str, Any] = {
        "game": game_id,
        "players": players,
        "games": games,
        "completed": len(ok),
        "seed": seed,
        "bots": levels,
        "think_ms": think_ms,
        "clock": clock_kind,
        "options": opts,
        "jobs": jobs,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 3) if elapsed else None,
        "mean_actions": round(sum(o["actions"] for o in ok) / len(ok), 2) if ok else None,
        "wins_by_seat": wins,
        "win_rate_by_seat": [round(w / len(ok), 4) if ok else None for w in wins],
        "errors": len(outcomes) - len(ok),
        "error_samples": [{"seed": o["seed"], "error": o["error"], "trace": o["trace"]}
                          for o in outcomes if o["error"]][:3],
    }
    if check:
        found = [b for o in outcomes + stuck for b in o["breaks"]]
        by_name: dict[str, int] = {}
        for b in found:
            by_name[b["invariant"]] = by_name.get(b["invariant"], 0) + 1
        report["check"] = True
        report["stuck_games"] = len(stuck)
        report["invariant_breaks"] = len(found)
        report["invariant_breaks_by_name"] = dict(sorted(by_name.items()))
        report["invariant_samples"] = found[:5]
    if spec.sim_report and ok:
        report.update(spec.sim_report([o["state"] for o in ok]))
    return report


def _parse(argv: list[str]) -> tuple[argparse.Namespace, dict[str, str]]:
    ids = [s.id for s in all_games()]
    p = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__.split("\n")[0])
    p.add_argument("game", help=f"one of: {', '.join(ids)}")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="normal",
                   help="one level for all, or one per seat; LEVEL@MS gives a seat its own "
                        "think budget (hard@1000,hard,hard,hard)")
    p.add_argument("--think-ms", type=int, default=None, help="search budget per decision")
    p.add_argument("--clock", choices=sorted(clock.CLOCKS), default="count",
                   help="what limits a search: its calibrated count of worlds or playout "
                        "steps (default, the same on any machine), the thinking thread's "
                        "CPU time, or wall time (as in the app)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--check", action="store_true",
                   help="test the game's invariants after every step; breaks are counted")
    args, extra = p.parse_known_args(argv)
    try:
        spec = get_game(args.game)
    except ValueError as exc:
        p.error(str(exc))
    known = {o.key for o in spec.options}
    options: dict[str, str] = {}
    i = 0
    while i < len(extra):
        flag = extra[i]
        key = flag[2:].replace("-", "_") if flag.startswith("--") else None
        if "=" in (key or ""):
            key, value = key.split("=", 1)
            i += 1
        elif key is not None and i + 1 < len(extra):
            value = extra[i + 1]
            i += 2
        else:
            p.error(f"unexpected argument {flag!r}")
        if key not in known:
            p.error(f"{spec.title} has no option --{key} (options: "
                    f"{', '.join('--' + k for k in sorted(known)) or 'none'})")
        options[key] = value
    if args.players is None:
        args.players = spec.min_players
    return args, options


def _print_text(r: dict[str, Any]) -> None:
    print(f"{r['game']}: {r['games']} games, {r['players']} players, bots {','.join(r['bots'])}"
          f", think budget {r['think_ms'] if r['think_ms'] is not None else 'default'} ms"
          f" ({r['clock']} clock)")
    print(f"  {r['games_per_second']} games/s over {r['seconds']} s ({r['jobs']} process(es))")
    print(f"  mean actions per game: {r['mean_actions']}")
    for seat, (w, rate) in enumerate(zip(r["wins_by_seat"], r["win_rate_by_seat"])):
        print(f"  seat {seat} ({r['bots'][seat]}): {w} wins"
              + (f" ({100 * rate:.1f}%)" if rate is not None else ""))
    skip = {"game", "players", "games", "completed", "seed", "bots", "think_ms", "clock", "options",
            "jobs", "seconds", "games_per_second", "mean_actions", "wins_by_seat",
            "win_rate_by_seat", "errors", "error_samples", "invariant_samples"}
    for k, v in r.items():
        if k not in skip:
            print(f"  {k}: {json.dumps(v)}")
    print(f"  errors: {r['errors']}")
    for e in r["error_samples"]:
        print(f"    seed {e['seed']}: {e['error']}")
    for b in r.get("invariant_samples", ()):
        print(f"    break: seed {b['seed']} step {b['step']}: {b['invariant']} ({b['detail']})")


def main(argv: list[str] | None = None) -> int:
    args, options = _parse(sys.argv[1:] if argv is None else argv)
    try:
        report = simulate(args.game, args.players, args.games, args.seed,
                          args.bots.split(","), args.think_ms, options, args.jobs,
                          args.clock, args.check)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report))
    else:
        _print_text(report)
    return 1 if report["errors"] or report.get("invariant_breaks") else 0


if __name__ == "__main__":
    sys.exit(main())
