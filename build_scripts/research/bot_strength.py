"""Win rates of a searching bot at a given count budget, one game a line, resumable.

    python build_scripts/research/bot_strength.py play chasing OUT.jsonl --seeds 93000:93400 \
        [--rate 370] [--bots hard,normal,normal,normal] [--think-ms 1000]
    python build_scripts/research/bot_strength.py play harsh OUT.jsonl --seeds 95000:95400 \
        [--rate 22900] [--level hard] [--difficulty standard]
    python build_scripts/research/bot_strength.py sum OUT.jsonl [OTHER.jsonl]

``play`` runs on the count clock (game.ai.clock "count"): a searching bot searches
``think_ms / 1000 * rate`` worlds (Chasing Hard) or playout steps (the Harsh search), so
``--rate`` stands for the think time of a machine that fast, and the games repeat exactly.
Each finished game is appended to OUT as one JSON line, so a stopped run keeps what it
played and a second run with the same OUT goes on where it stopped. ``sum`` prints the
win rate with its 95 % interval; given two files, the paired difference on the seeds both
played (for a before/after comparison at two rates).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

from game.ai import clock
from game.match import Match
from game.rules.protocol import CHANCE, NOBODY


def _chasing_game(seed: int, levels: list[str], think_ms: int | None) -> dict:
    from game.ai.chasing_bots import make_bot
    n = len(levels)
    m = Match.start("chasing", n, seed)
    bots = [make_bot(levels[s], s, seed=seed, think_ms=think_ms) for s in range(n)]
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        m.apply(d, bots[d].choose(m.state.view(d), m.state.legal_actions(d)))
    res = m.state.result()
    return {"win": 1 / len(res.winners) if 0 in res.winners else 0.0,
            "scores": list(res.scores)}


def _harsh_game(seed: int, level: str, think_ms: int | None, difficulty: str) -> dict:
    from game.ai.harsh_hint import make_bot
    m = Match.start("harsh", 1, seed, {"difficulty": difficulty})
    bot = make_bot(level, 0, seed=seed, think_ms=think_ms)
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        m.apply(d, bot.choose(m.state.view(d), m.state.legal_actions(d)))
    res = m.state.result()
    return {"win": 1.0 if 0 in res.winners else 0.0, "scores": list(res.scores)}


def play(a) -> None:
    clock.use("count")
    if a.game == "chasing":
        from game.ai import chasing_bots
        if a.rate:
            chasing_bots.WORLDS_PER_SECOND = a.rate
    else:
        from game.ai import harsh_hint
        if a.rate:
            harsh_hint.STEPS_PER_SECOND = a.rate
    out = Path(a.out)
    done = {json.loads(line)["seed"] for line in out.read_text(encoding="utf-8").splitlines()} \
        if out.exists() else set()
    lo, hi = map(int, a.seeds.split(":"))
    for seed in range(lo, hi):
        if seed in done:
            continue
        t = time.process_time()
        if a.game == "chasing":
            row = _chasing_game(seed, a.bots.split(","), a.think_ms)
        else:
            row = _harsh_game(seed, a.level, a.think_ms, a.difficulty)
        row.update(seed=seed, rate=a.rate, cpu=round(time.process_time() - t, 2))
        with out.open("a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
            f.flush()


def _rows(path: str) -> dict[int, dict]:
    return {r["seed"]: r for r in map(json.loads, Path(path).read_text(encoding="utf-8").splitlines())}


def _interval(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def summarise(a) -> None:
    a_rows = _rows(a.out)
    for path in [a.out] + ([a.other] if a.other else []):
        rows = _rows(path)
        wins = [r["win"] for r in rows.values()]
        mean, half = _interval(wins)
        cpu = sum(r["cpu"] for r in rows.values()) / len(rows)
        print(f"{path}: {len(rows)} games, win rate {mean:.3f} +- {half:.3f} (95 %), "
              f"rate {next(iter(rows.values()))['rate']}, {cpu:.1f} s CPU a game")
    if a.other:
        b_rows = _rows(a.other)
        both = sorted(set(a_rows) & set(b_rows))
        if len(both) > 1:
            diff = [b_rows[s]["win"] - a_rows[s]["win"] for s in both]
            mean, half = _interval(diff)
            print(f"paired on {len(both)} seeds: second minus first {mean:+.3f} +- {half:.3f} (95 %)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    pl = sub.add_parser("play")
    pl.add_argument("game", choices=("chasing", "harsh"))
    pl.add_argument("out")
    pl.add_argument("--seeds", required=True, help="LO:HI (HI excluded)")
    pl.add_argument("--rate", type=int, default=None,
                    help="worlds (chasing) or playout steps (harsh) a second of think time")
    pl.add_argument("--bots", default="hard,normal,normal,normal")
    pl.add_argument("--level", default="hard")
    pl.add_argument("--think-ms", type=int, default=None)
    pl.add_argument("--difficulty", default="standard")
    sm = sub.add_parser("sum")
    sm.add_argument("out")
    sm.add_argument("other", nargs="?")
    a = p.parse_args(argv)
    (play if a.cmd == "play" else summarise)(a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
