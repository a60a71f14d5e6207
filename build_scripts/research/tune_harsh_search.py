"""How sure must the Harsh autopilot's search be before it overrules the heuristic?

Measurement only (the app never imports it). From heuristic games on seeds kept apart from
the benchmark seeds, every third real decision is taken; in each, every action is played
out in the same ``--worlds`` sampled worlds with the same random numbers (as the search
does). Half of the worlds estimate each action's true win chance; the search's decision
rule is replayed on the other half, in shuffled orders, with a budget in playouts, and
scored by the win chance it adds per decision over the heuristic's own choice.

    nice -n 19 python build_scripts/research/tune_harsh_search.py --difficulty expert --seed 1001 \\
        --games 12 --worlds 240 --budgets 30,100,150

Seeds 1001-1012 (Expert) and 2001-2012 (Standard) were replayed; the looser rule this
favoured lost in full games, see the note in game/ai/harsh_hint.py.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.harsh_hint import (  # noqa: E402
    _class_key,
    determinize,
    overrule,
    play_world,
    prune,
    representatives,
)
from game.ai.harsh_policy import HarshPolicy  # noqa: E402
from game.rules.harsh.state import HarshState  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402


def positions(difficulty: str, seed: int, games: int, worlds: int) -> list[dict]:
    """[{mine, outcomes[world][action]}] from heuristic games."""
    out = []
    for g in range(seed, seed + games):
        rng = random.Random(g)
        s = HarshState.new(1, {"difficulty": difficulty})
        policy = HarshPolicy(random.Random(g))
        k = 0
        while s.decider() != NOBODY:
            if s.decider() == CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            actions = s.legal_actions(0)
            mine = policy.choose(s, actions)
            reps = representatives(actions)
            if len(reps) >= 2:
                k += 1
                if k % 3 == 0:
                    out.append(_outcomes(s.view(0), reps, _class_key(mine),
                                         random.Random(g * 1000 + k), worlds))
            s.apply(0, mine)
        print(f"  game {g}: {len(out)} positions", file=sys.stderr, flush=True)
    return out


def _outcomes(view, reps: dict, mine_key, rng: random.Random, worlds: int) -> dict:
    keys = list(reps)
    rows = []
    for _ in range(worlds):
        world = determinize(view, rng)
        rows.append(play_world(world, rng.getrandbits(64), [reps[key] for key in keys]))
    return {"mine": keys.index(mine_key), "rows": rows}


def decide(rows, k: int, mine: int, z_prune: float, every: int, z_dev: float, lead: int,
           budget: int) -> int:
    """The search's rule (game/ai/harsh_hint.improve) on precomputed playouts."""
    live = list(range(k))
    won: dict = {a: [] for a in live}
    spent = n = 0
    for row in rows:
        for a in live:
            won[a].append(row[a])
        spent += len(live)
        n += 1
        if spent >= budget or len(live) == 1:
            break
        if n % every == 0 and len(live) > 2:
            live = prune(live, won, mine, z_prune)
    return overrule(live, won, mine, lead, z_dev)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--difficulty", default="expert")
    p.add_argument("--seed", type=int, default=1001)
    p.add_argument("--games", type=int, default=12)
    p.add_argument("--worlds", type=int, default=240)
    p.add_argument("--budgets", default="30,100,150", help="playouts per decision")
    p.add_argument("--repeats", type=int, default=10)
    a = p.parse_args(argv)
    data = positions(a.difficulty, a.seed, a.games, a.worlds)
    rules = list(itertools.product((0.5, 1.0, 1.5), (4,), (0.0, 0.5, 1.0, 1.5, 2.0), (1, 2, 3)))
    for budget in map(int, a.budgets.split(",")):
        gain = dict.fromkeys(rules, 0.0)
        devs = dict.fromkeys(rules, 0)
        rng = random.Random(1)
        trials = 0
        for pos in data:
            rows, mine = pos["rows"], pos["mine"]
            k, half = len(rows[0]), len(rows) // 2
            truth = [sum(r[x] for r in rows[half:]) / (len(rows) - half) for x in range(k)]
            for _ in range(a.repeats):
                sample = rows[:half]
                rng.shuffle(sample)
                for rule in rules:
                    c = decide(sample, k, mine, *rule, budget)
                    gain[rule] += truth[c] - truth[mine]
                    devs[rule] += c != mine
                trials += 1
        print(f"{a.difficulty}, seeds {a.seed}..{a.seed + a.games - 1}, {len(data)} positions, "
              f"budget {budget} playouts a decision:")
        for rule in sorted(rules, key=lambda r: -gain[r])[:8]:
            zp, every, zd, lead = rule
            print(f"  prune z {zp} every {every}, overrule z {zd} lead {lead}: "
                  f"{gain[rule] / trials:+.4f} win chance a decision, "
                  f"overrules {devs[rule] / trials:.1%}")
        for rule in ((1.5, 4, 2.0, 3), (1.0, 4, 1.0, 2)):
            print(f"  {'in use (z 2, lead 3)' if rule[2] == 2.0 else 'looser (z 1, lead 2)'}: "
                  f"{gain[rule] / trials:+.4f}, overrules {devs[rule] / trials:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
