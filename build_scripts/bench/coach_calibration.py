"""Fit and check the coach's calibration map (``game/advice/calibration.py``).

The raw win chance of a playout search is overconfident at the top (the playout policies
play worse than real players, and the best of several noisy figures is too good by
chance). The app turns it into an honest figure with a monotone map per game, fitted on
games it is then never judged on::

    # 1. analyse whole games of Normal players at the app's budgets; every decision's raw
    #    figures and whether that seat won, one JSON line each (can run for hours; stop it
    #    at any time, what is written is kept; run it again to go on)
    nice -n 10 python build_scripts/bench/coach_calibration.py collect raw.jsonl
    # 2. fit the map on the training games only (game k is training when k % 5 < 2)
    python build_scripts/bench/coach_calibration.py fit raw.jsonl
    #    -> paste the printed table into game/advice/calibration.py
    # 3. the calibration table of the other games (never used for the fit) through the map
    python build_scripts/bench/coach_calibration.py report raw.jsonl

The estimate judged is the one the analysis shows for the choice made (``after``), as the
issue asks; each bin is shown with its 95% margin (normal approximation).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.advice import calibration  # noqa: E402
from game.analysis import analyse  # noqa: E402
from game.review.sample import play_record  # noqa: E402

SEED0 = 30000
# player counts cycled through, so the map is fitted over the tables the app has
PLAYERS = {"chasing": (4, 3, 5), "hunters": (6, 5, 4, 7, 8), "harsh": (1,)}
LEVEL = {"chasing": "normal", "hunters": "normal", "harsh": "easy"}


def training(k: int) -> bool:
    """Which games the map is fitted on (decided before any was played)."""
    return k % 5 < 2


def collect(path: Path, games: list[str], count: int) -> None:
    done: dict[str, set] = {g: set() for g in games}
    if path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            done.setdefault(row["game"], set()).add(row["k"])
    with path.open("a") as out:
        for k in range(count):
            for game in games:
                if k in done[game]:
                    continue
                n = PLAYERS[game][k % len(PLAYERS[game])]
                t = time.process_time()
                rec = play_record(game, n, SEED0 + k, level=LEVEL[game])
                a = analyse(rec, calibrated=False)
                for d in a.decisions:
                    out.write(json.dumps({
                        "game": game, "k": k, "seed": SEED0 + k, "players": n,
                        "seat": d.seat, "step": d.step, "before": round(d.before, 5),
                        "after": round(d.after, 5), "best": d.chosen == d.best,
                        "won": d.seat in a.winners}) + "\n")
                out.flush()
                print(f"{game} game {k} ({n} players): {len(a.decisions)} decisions, "
                      f"{time.process_time() - t:.1f} s CPU", file=sys.stderr, flush=True)


def rows(path: Path, game: str, train: bool) -> list[dict]:
    out = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        if row["game"] == game and training(row["k"]) == train:
            out.append(row)
    return out


def isotonic(xs: list[float], ys: list[float]) -> list[tuple[float, float]]:
    """Pool-adjacent-violators: the non-decreasing step function closest to ``ys`` in
    least squares, as (mean x, mean y) of each pooled block."""
    blocks: list[list[float]] = []     # [sum x, sum y, count]
    for x, y in sorted(zip(xs, ys)):
        blocks.append([x, y, 1])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            sx, sy, c = blocks.pop()
            blocks[-1][0] += sx
            blocks[-1][1] += sy
            blocks[-1][2] += c
    return [(sx / c, sy / c) for sx, sy, c in blocks]


def knots(data: list[dict], points: int = 12) -> list[tuple[float, float]]:
    """A few (raw, calibrated) knots from the isotonic fit, at quantiles of the raw
    figures, for a piecewise-linear map (0 and 1 stay put)."""
    xs = [r["after"] for r in data]
    ys = [1.0 if r["won"] else 0.0 for r in data]
    fit = isotonic(xs, ys)
    order = sorted(xs)
    out = [(0.0, 0.0)]
    for q in range(1, points):
        x = order[min(len(order) - 1, q * len(order) // points)]
        out.append((round(x, 3), round(step_at(fit, x), 3)))
    out.append((1.0, 1.0))
    # knots strictly increasing in x, non-decreasing in y
    clean = [out[0]]
    for x, y in out[1:]:
        if x > clean[-1][0]:
            clean.append((x, max(y, clean[-1][1])))
    return clean


def step_at(fit: list[tuple[float, float]], x: float) -> float:
    """The isotonic fit at ``x``: linear between the blocks' centres."""
    if x <= fit[0][0]:
        return fit[0][1]
    for (x0, y0), (x1, y1) in zip(fit, fit[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 > x0 else y1
    return fit[-1][1]


def table(data: list[dict], value) -> list[str]:
    bins = [[0, 0] for _ in range(10)]
    for r in data:
        b = min(9, int(value(r) * 10))
        bins[b][0] += 1
        bins[b][1] += bool(r["won"])
    out = ["| estimate | positions | won | ±95% |", "|---|---|---|---|"]
    for i, (c, w) in enumerate(bins):
        if c:
            p = w / c
            out.append(f"| {10 * i}-{10 * i + 10}% | {c} | {p:.1%} | ±{1.96 * (p * (1 - p) / c) ** 0.5:.1%} |")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("collect", "fit", "report"))
    ap.add_argument("file", type=Path)
    ap.add_argument("--game", action="append", choices=("chasing", "hunters", "harsh"))
    ap.add_argument("--games", type=int, default=200, help="collect: games a game at most")
    a = ap.parse_args(argv)
    games = a.game or ["chasing", "hunters", "harsh"]
    if a.what == "collect":
        collect(a.file, games, a.games)
        return 0
    for game in games:
        train = rows(a.file, game, True)
        if a.what == "fit":
            print(f"    {game!r}: {knots(train)},   # {len(train)} positions, "
                  f"{len({r['k'] for r in train})} games")
            continue
        test = rows(a.file, game, False)
        print(f"\n### {game}: {len(test)} positions from {len({r['k'] for r in test})} games "
              f"(not used for the fit; the map was fitted on {len(train)} positions)\n")
        print("raw estimate (before the map):\n")
        print("\n".join(table(test, lambda r: r["after"])))
        print("\nshown estimate (through the map):\n")
        print("\n".join(table(test, lambda r, g=game: calibration.calibrate(g, r["after"]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
