"""Search seeds for a Harsh Shadows tutorial game (how game/tutorial/harsh.py was found).

Harsh Shadows is solo: after the seed's set-up everything follows from the Agent's choices
(the Spy moves by its deck). For each seed whose three Evidence Items all lie on the grid
at the start, random short games are played with a simple policy (reveal Evidence when the
Clues allow, bug and track once, use an easy Location ability once, the Defusing Kit on
the first Bomb) and the shortest one that wins and brings up every rule the tutorial
teaches is printed with its actions:

    python build_scripts/research/find_harsh_tutorial.py --seeds 200 --games 3000
    python build_scripts/research/find_harsh_tutorial.py --show 17 --games 3000

``--deduced`` (issue 40: the tutorial's game since) also uses any Location ability but the
Casino's Gamble (each at most once) and keeps only games that use three or more and end in
an accusation whose outcome is known: every Evidence card revealed and no Item held that
could be the Red Herring. Seed 59 gives 8 turns (the tutorial adds the Bank's ability):

    python build_scripts/research/find_harsh_tutorial.py --deduced --games 20000 --turns 9 \
        --seeds 300   (seeds 59, 159, 160 ...)
"""

from __future__ import annotations

import argparse
import random

from game.match import Match
from game.rules.protocol import Action

WANTED = ("item", "clue", "reveal", "bug", "bugged", "track", "fallback", "kit", "ability", "won")
EASY = ("park", "library", "carnival", "hotel")
KNOWN = False   # --known: every Evidence card revealed before the accusation
DEDUCED = False  # --deduced: the accusation's outcome known, three abilities or more
SAFE = ("park", "library", "carnival", "hotel", "cafe", "bus", "bank")   # never the Gamble


def sure(st) -> bool:
    """Every Evidence card shown, and no Item held could be the Red Herring."""
    if not all(st.rev[0]):
        return False
    if all(st.rev[1]):
        return True
    shown = {i for f in (0, 2) for i, r in zip(st.conf[f], st.rev[f]) if r}
    return all(k >= 8 or k in shown for k in st.coll)


def setup(seed: int) -> Match:
    m = Match.start("harsh", 1, seed, {})
    m.run_chance()
    return m


def evidence_on_grid(m: Match) -> bool:
    st = m.state
    dealt = {k for s in st.stacks for k in s}
    return all(i in dealt for i in st.conf[0])


def playout(m0: Match, rng: random.Random, max_turns: int):
    m = Match(m0.game_id, 1, m0.seed, dict(m0.options), m0.state.clone(), list(m0.log))
    feats: set[str] = set()
    path: list[Action] = []
    used: list[str] = []

    def do(a: Action) -> list:
        path.append(a)
        ev = m.apply(0, a)
        m.run_chance()
        for e in ev:
            if e.kind == "card_found":
                feats.add("clue" if e.data["card"].startswith("Clue") else
                          "bomb" if e.data["card"] == "Bomb" else "item")
            elif e.kind == "spy_moved" and (e.data["arrow"] != "large" or e.data["rotated"]):
                feats.add("fallback")
            elif e.kind == "spy_bugged":
                feats.add("bugged")
            elif e.kind == "discarded":
                feats.add("discard")
        return ev

    while m.state.turn <= max_turns and not m.state.is_over():
        st = m.state
        acts = st.legal_actions(0)
        ph = st.phase
        if ph == "move":
            acc = [a for a in acts if a.kind == "accuse"]
            if acc and (not DEDUCED or sure(st)):
                do(acc[0])
                break
            do(rng.choice([a for a in acts if a.kind == "move"]))
        elif ph == "bomb":
            feats.add("kit")
            do(Action("kit", (True,)))
        elif ph in ("discard",):
            ev = set(st.conf[0])
            ok = [a for a in acts if a.args[0] not in ev] or acts
            do(ok[0])
        elif ph == "meeting":
            held = set(st.coll)
            if all(i in held for i in st.conf[0]) and not held & set(st.conf[1]) \
                    and (not DEDUCED or sure(st)):
                do(Action("accuse", ()))
                break
            return None
        elif ph == "stakeout":
            do(Action("stakeout", ("keep",)))
        elif ph == "reorder":
            do(acts[0])
        elif ph == "actions":
            kinds = {a.kind: a for a in acts}
            rev = [a for a in acts if a.kind == "reveal" and a.args[0] == 0]
            if rev and ("reveal" not in feats or KNOWN):
                feats.add("reveal")
                do(rev[0])
                continue
            if "bug" in kinds and "bug" not in feats and rng.random() < 0.35:
                feats.add("bug")
                do(kinds["bug"])
                continue
            if "track" in kinds and "track" not in feats:
                feats.add("track")
                do(kinds["track"])
                continue
            if DEDUCED:
                abil = [a for a in acts if a.kind == "ability" and a.args[0] in SAFE
                        and a.args[0] not in used]
                if abil and rng.random() < 0.7:
                    a = rng.choice(abil)
                    used.append(a.args[0])
                    feats.add("ability")
                    do(a)
                    continue
                do(kinds["end"])
                continue
            abil = [a for a in acts if a.kind == "ability" and a.args[0] in EASY]
            if abil and "ability" not in feats and rng.random() < 0.5:
                feats.add("ability")
                do(abil[0])
                continue
            do(kinds["end"])
        else:
            return None
    st = m.state
    if st.is_over() and st.outcome == "won" and (not KNOWN or all(st.rev[0])) \
            and (not DEDUCED or len(set(used)) >= 3):
        feats.add("won")
    return feats, path, st.turn


def search(seed: int, games: int, max_turns: int):
    m = setup(seed)
    if not evidence_on_grid(m):
        return None
    rng = random.Random(seed)
    best = None
    for _ in range(games):
        r = playout(m, rng, max_turns)
        if r is None:
            continue
        feats, path, turns = r
        if all(f in feats for f in WANTED) and "discard" not in feats:
            if best is None or len(path) < len(best[1]):
                best = (turns, path)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--turns", type=int, default=9)
    ap.add_argument("--show", type=int)
    ap.add_argument("--known", action="store_true")
    ap.add_argument("--deduced", action="store_true")
    args = ap.parse_args()
    global KNOWN, DEDUCED
    KNOWN = args.known or args.deduced   # deduced: every Evidence card revealed too
    DEDUCED = args.deduced
    seeds = [args.show] if args.show else range(args.first, args.first + args.seeds)
    for seed in seeds:
        best = search(seed, args.games, args.turns)
        if best is None:
            continue
        turns, path = best
        print(f"seed {seed}: {turns} turns, {len(path)} actions", flush=True)
        if args.show:
            for a in path:
                print("   ", a.kind, a.args, a.label)


if __name__ == "__main__":
    main()
