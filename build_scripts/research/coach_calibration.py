"""Fit and check the coach's calibration map (``game/advice/calibration.py``).

The raw win chance of a playout search is overconfident at the top (the playout policies
play worse than real players, and the best of several noisy figures is too good by
chance). The app turns it into an honest figure with a monotone map per game, fitted on
games it is then never judged on::

    # 1. analyse games of Normal players at the app's budgets (a few decisions of each:
    #    --sample 8); each decision's raw figures and whether that seat won, one JSON line
    #    each (stop it at any time, what is written is kept; run it again to go on)
    nice -n 10 python build_scripts/research/coach_calibration.py collect raw.jsonl --sample 8
    # 2. fit the map on the training games only (game k is training when k % 5 < 2)
    python build_scripts/research/coach_calibration.py fit raw.jsonl
    #    -> paste the printed table into game/advice/calibration.py
    # 3. the calibration table of the other games (never used for the fit) through the map
    python build_scripts/research/coach_calibration.py report raw.jsonl
    # before shipping a map: does one help on games it did not see? (5 folds by game;
    # Brier score raw and mapped, the difference with its 95% margin by resampling games)
    python build_scripts/research/coach_calibration.py cv raw.jsonl [more.jsonl ...]
    # the table per game (raw), and a map fitted on half the games judged on the other half
    python build_scripts/research/coach_calibration.py halves raw.jsonl [more.jsonl ...]

The estimate judged is the one the analysis shows for the choice made (``after``), as the
issue asks; each bin is shown with its 95% margin (normal approximation).
"""

from __future__ import annotations

import argparse
import json
import math
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
# Harsh: the autopilot wins ~80 % of standard games, so its positions sit high and the middle
# bins stay nearly empty; the tables people choose in Setup (difficulty, a shorter Countdown)
# are cycled through, from ~80 % down to ~33 % won (40 Easy games each, seeds 60000+).
OPTIONS = {"harsh": ({}, {"difficulty": "hard"}, {"difficulty": "difficult"},
                     {"difficulty": "expert"}, {"difficulty": "standard", "countdown": "1"},
                     {"difficulty": "difficult", "countdown": "2"},
                     {"difficulty": "expert", "countdown": "2"},
                     {"difficulty": "expert", "countdown": "1"})}


def training(k: int) -> bool:
    """Which games the map is fitted on (decided before any was played)."""
    return k % 5 < 2


def decision_steps(rec) -> list[int]:
    """The log steps where a seat had a real choice (what the analysis looks at)."""
    from game.match import Match
    from game.rules.protocol import CHANCE

    m = Match.start(rec.game, rec.players, rec.seed, rec.options, rec.chance)
    out = []
    for i, (seat, action) in enumerate(rec.log):
        if seat != CHANCE and len(m.state.legal_actions(seat)) >= 2:
            out.append(i)
        m.apply(seat, action)
    return out


def collect(path: Path, games: list[str], count: int, sample: int, seed0: int) -> None:
    """Analyse games and write every looked-at decision. ``sample`` > 0: only that many
    decisions of each game, drawn at random (positions of one game share its outcome,
    so many games with a few positions each say far more than a few whole games)."""
    import random

    done: dict[str, set] = {g: set() for g in games}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            done.setdefault(row["game"], set()).add(row["k"])
    with path.open("a", encoding="utf-8") as out:
        for k in range(count):
            for game in games:
                if k in done[game]:
                    continue
                n = PLAYERS[game][k % len(PLAYERS[game])]
                t = time.process_time()
                cycle = OPTIONS.get(game, ({},))
                opts = cycle[k % len(cycle)]
                rec = play_record(game, n, seed0 + k, level=LEVEL[game], options=dict(opts))
                only = None
                if sample:
                    steps = decision_steps(rec)
                    picked = set(random.Random(seed0 + k).sample(steps, min(sample, len(steps))))
                    only = picked.__contains__
                a = analyse(rec, calibrated=False, only=only)
                for d in a.decisions:
                    out.write(json.dumps({
                        "game": game, "k": k, "seed": seed0 + k, "players": n, "options": opts,
                        "seat": d.seat, "step": d.step, "before": round(d.before, 5),
                        "after": round(d.after, 5), "best": d.chosen == d.best,
                        "won": d.seat in a.winners}) + "\n")
                out.flush()
                print(f"{game} game {k} ({n} players): {len(a.decisions)} decisions, "
                      f"{time.process_time() - t:.1f} s CPU", file=sys.stderr, flush=True)


def rows(path: Path, game: str, train: bool) -> list[dict]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["game"] == game and training(row["k"]) == train:
            out.append(row)
    return out


EPS = 0.005        # raw figures are clipped to [EPS, 1 - EPS] before the logit
GRID = [0.0] + [round(0.05 * i, 2) for i in range(1, 20)] + [1.0]


def logit(p: float) -> float:
    p = min(1 - EPS, max(EPS, p))
    return math.log(p / (1 - p))


def platt(data: list[dict]) -> tuple[float, float]:
    """Logistic regression of "won" on the logit of the raw figure (Platt scaling): two
    numbers, so a few hundred positions fit it, and a > 0 keeps the map monotone. Newton's
    method on the log-likelihood (with a tiny ridge, for a well-posed start)."""
    xs = [logit(r["after"]) for r in data]
    ys = [1.0 if r["won"] else 0.0 for r in data]
    a, b = 1.0, 0.0
    for _ in range(50):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys):
            q = 1 / (1 + math.exp(-(a * x + b)))
            ga += (y - q) * x
            gb += y - q
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        haa, hbb = haa + 1e-6, hbb + 1e-6
        det = haa * hbb - hab * hab
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-9:
            break
    return a, b


def knots(data: list[dict]) -> list[tuple[float, float]]:
    """The fitted map as (raw, shown) knots on a grid of raw figures (linear between)."""
    a, b = platt(data)
    if a <= 0:
        raise SystemExit(f"the fit is not increasing (a = {a:.3f}): too few positions")
    return [(x, round(1 / (1 + math.exp(-(a * logit(x) + b))), 4)) for x in GRID]


def cross_validated(data: list[dict], folds: int = 5, seed: int = 1) -> list[str]:
    """Platt maps fitted on 4 folds of games and applied to the 5th: the Brier score of the
    raw figures and of the mapped ones over every position, the paired difference with a
    95% margin from resampling whole games (positions of one game share its outcome), and
    the table of the mapped figures."""
    import random

    games = sorted({r["seed"] for r in data})
    fold = {g: i % folds for i, g in enumerate(random.Random(seed).sample(games, len(games)))}
    mapped = {}
    for f in range(folds):
        train = [r for r in data if fold[r["seed"]] != f]
        a, b = platt(train)
        for r in data:
            if fold[r["seed"]] == f:
                mapped[id(r)] = 1 / (1 + math.exp(-(a * logit(r["after"]) + b)))
    by_game: dict = {}
    for r in data:
        y = 1.0 if r["won"] else 0.0
        by_game.setdefault(r["seed"], []).append(((r["after"] - y) ** 2, (mapped[id(r)] - y) ** 2))

    def brier(gs):
        pairs = [p for g in gs for p in by_game[g]]
        return (sum(x for x, _ in pairs) / len(pairs), sum(y for _, y in pairs) / len(pairs))
    raw, fit = brier(games)
    rng = random.Random(seed)
    diffs = sorted((lambda t: t[1] - t[0])(brier([rng.choice(games) for _ in games]))
                   for _ in range(1000))
    a, b = platt(data)
    out = [f"{len(data)} positions of {len(games)} games; Platt on all of them: a={a:.3f} "
           f"b={b:.3f}",
           f"Brier score (5 folds by game): raw {raw:.4f}, mapped {fit:.4f}; mapped minus raw "
           f"{fit - raw:+.4f} (95%: {diffs[25]:+.4f} to {diffs[974]:+.4f})", "",
           "mapped figures (each from a map that never saw its game):", ""]
    tagged = [dict(r, after=mapped[id(r)]) for r in data]
    return out + table(tagged, lambda r: r["after"])


def table(data: list[dict], value) -> list[str]:
    """Tenths of the estimate: positions, games, the mean estimate, the share won with its
    95% margin as if positions were independent (binomial) and by game (positions of one
    game share its outcome: the margin from the spread of the games' sums, wider)."""
    bins: list[list[dict]] = [[] for _ in range(10)]
    for r in data:
        bins[min(9, int(value(r) * 10))].append(r)
    out = ["| estimate | positions | games | mean estimate | won | ±95% | ±95% by game |",
           "|---|---|---|---|---|---|---|"]
    for i, rs in enumerate(bins):
        if not rs:
            continue
        c = len(rs)
        p = sum(bool(r["won"]) for r in rs) / c
        mean = sum(value(r) for r in rs) / c
        by: dict = {}
        for r in rs:
            by[r["seed"]] = by.get(r["seed"], 0.0) + (bool(r["won"]) - p)
        clustered = (sum(v * v for v in by.values())) ** 0.5 / c
        out.append(f"| {10 * i}-{10 * i + 10}% | {c} | {len(by)} | {mean:.1%} | {p:.1%} | "
                   f"±{1.96 * (p * (1 - p) / c) ** 0.5:.1%} | ±{1.96 * clustered:.1%} |")
    return out


def halves(data: list[dict]) -> list[str]:
    """The raw table; then a Platt map fitted on half the games (every other seed) and the
    table of the other half, raw and through that map (a map is only worth shipping if the
    mapped table of games it never saw is closer)."""
    seeds = sorted({r["seed"] for r in data})
    fit_on = set(seeds[::2])
    train = [r for r in data if r["seed"] in fit_on]
    test = [r for r in data if r["seed"] not in fit_on]
    a, b = platt(train)

    def mapped(r, a=a, b=b):
        return 1 / (1 + math.exp(-(a * logit(r["after"]) + b)))
    brier_raw = sum((r["after"] - r["won"]) ** 2 for r in test) / len(test)
    brier_map = sum((mapped(r) - r["won"]) ** 2 for r in test) / len(test)
    return ([f"{len(data)} positions of {len(seeds)} games, raw (what the app shows):", ""]
            + table(data, lambda r: r["after"])
            + ["", f"Platt fitted on {len(train)} positions of {len(fit_on)} games (every "
               f"other seed): a={a:.3f} b={b:.3f}; the other {len(test)} positions of "
               f"{len(seeds) - len(fit_on)} games, Brier raw {brier_raw:.4f}, mapped "
               f"{brier_map:.4f}", "", "raw:", ""]
            + table(test, lambda r: r["after"]) + ["", "through the map:", ""]
            + table(test, mapped))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("collect", "fit", "report", "cv", "halves"))
    ap.add_argument("file", type=Path)
    ap.add_argument("more", type=Path, nargs="*", help="cv: more files of collected rows")
    ap.add_argument("--game", action="append", choices=("chasing", "hunters", "harsh"))
    ap.add_argument("--games", type=int, default=200, help="collect: games a game at most")
    ap.add_argument("--sample", type=int, default=0,
                    help="collect: decisions looked at in each game (0: all)")
    ap.add_argument("--seed0", type=int, default=SEED0, help="collect: the first game's seed")
    a = ap.parse_args(argv)
    games = a.game or ["chasing", "hunters", "harsh"]
    if a.what == "collect":
        collect(a.file, games, a.games, a.sample, a.seed0)
        return 0
    if a.what in ("cv", "halves"):
        for game in games:
            data = [json.loads(line) for p in [a.file] + a.more
                    for line in p.read_text(encoding="utf-8").splitlines()]
            data = [r for r in data if r["game"] == game]
            if data:
                print(f"\n### {game}\n")
                print("\n".join((cross_validated if a.what == "cv" else halves)(data)))
        return 0
    for game in games:
        train = rows(a.file, game, True)
        if a.what == "fit":
            a_, b_ = platt(train)
            print(f"    # {game}: Platt a={a_:.4f} b={b_:.4f}, fitted on {len(train)} positions "
                  f"of {len({r['k'] for r in train})} games")
            print(f"    {game!r}: {knots(train)},")
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
