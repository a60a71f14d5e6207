"""What each rule for overruling the Harsh autopilot's heuristic would gain, in the true world.

Measurement only (the app never imports it). Plays the search autopilot (``--work`` playout
steps a decision) on seeds kept apart from the benchmark's. At every decision where the
search's leader is not the heuristic's own choice, it records the paired counts the rule
sees (worlds the leader won and the heuristic's choice lost, and the other way round), and
then plays both actions out ``--rollouts`` times in the *real* state (the oracle's view:
the true decks, the Case Files still sampled): the leader's true gain in win chance. A rule
is scored by the gain, per game, of the overrules it would make.

    nice -n 19 python build_scripts/research/harsh_overrule_gain.py --difficulty expert --seed 3001 \\
        --games 100 --rollouts 100 [--work 2000] [--out rows.jsonl]

Stop 27 (Expert, seeds 3001-3120, 2,196 such decisions): the rule of the time (z 2, a
lead of 3) gained 0.11 wins a game; z 1 with a lead of 4 gained 0.21, z 0.5 with 3 0.24.
Stop 32 (Expert, seeds 5001-5080 and 6001-6080, 40 true rollouts, 2000 steps): z 1 with a lead
of 4 gained 0.085 a game, and 0.125 once the playouts shared their Spy reshuffles.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))   # the repository: game
sys.path.insert(0, str(Path(__file__).resolve().parent))       # research/: harsh_oracle

from harsh_oracle import oracle_world  # noqa: E402

from game.ai import harsh_hint as H  # noqa: E402
from game.rules.harsh.state import HarshState  # noqa: E402
from game.rules.protocol import CHANCE, NOBODY  # noqa: E402

RULES = [(z, lead) for z in (0.5, 1.0, 1.5, 2.0, 2.5) for lead in (2, 3, 4, 6)]


def game_rows(difficulty: str, seed: int, work: int, rollouts: int) -> dict:
    rng = random.Random(seed)
    s = HarshState.new(1, {"difficulty": difficulty})
    bot = H.make_bot("normal", seed=seed, work=work)
    rows = []
    while s.decider() != NOBODY:
        if s.decider() == CHANCE:
            s.apply(CHANCE, s.sample_chance(rng))
            continue
        view, actions = s.view(0), s.legal_actions(0)
        if len(actions) == 1:
            s.apply(0, actions[0])
            continue
        # the same random numbers, in the same order, as HarshBot.choose
        mine = bot.policy.choose(H.determinize(view, bot.rng), actions)
        reps, base, live, won, _ = H.standings(view, actions, mine, 0, bot.rng,
                                               work_budget=work)
        lead = H._leader(live, won, base)
        if lead != base:
            ahead, behind = H._paired(won[lead], won[base])
            true = random.Random(seed * 1000 + len(rows))
            gain = 0
            for _ in range(rollouts):
                a, b = H.play_world(oracle_world(s, true), true.getrandbits(64),
                                    [mine, reps[lead]])
                gain += b - a
            rows.append({"turn": s.turn, "phase": s.phase, "kind": reps[lead].kind,
                         "ahead": ahead, "behind": behind, "gain": gain / rollouts})
        choice = H.overrule(live, won, base)
        s.apply(0, mine if choice == base else reps[choice])
    return {"seed": seed, "outcome": s.outcome, "rows": rows}


def table(games: list[dict]) -> list[tuple[float, int, float, float]]:
    """(z, lead, overrules a game, true gain a game) for every rule in RULES."""
    out = []
    for z, lead in RULES:
        hit = [r for g in games for r in g["rows"]
               if r["ahead"] - r["behind"] >= lead and H._clearly_ahead(r["ahead"], r["behind"], z)]
        out.append((z, lead, len(hit) / len(games), sum(r["gain"] for r in hit) / len(games)))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--difficulty", default="expert")
    p.add_argument("--seed", type=int, default=3001)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--rollouts", type=int, default=100)
    p.add_argument("--work", type=int, default=2000)
    p.add_argument("--out", help="append each game's rows to this file as a JSON line")
    a = p.parse_args(argv)
    games = []
    for g in range(a.games):
        games.append(game_rows(a.difficulty, a.seed + g, a.work, a.rollouts))
        if a.out:
            with open(a.out, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(games[-1]) + "\n")
    n = sum(len(g["rows"]) for g in games)
    print(f"{a.difficulty}: {len(games)} games, {n} decisions where the search's leader "
          f"is not the heuristic's choice ({a.work} steps, {a.rollouts} true rollouts each)")
    print("   z  lead  overrules/game  true gain/game")
    for z, lead, per, gain in table(games):
        print(f"{z:4}  {lead:4}  {per:14.2f}  {gain:14.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
