"""Search seeds for the Shadow Hunters tutorial (how game/tutorial/hunters.py was found).

Four players, the learner at seat 0. For each seed the game is played from its start by a
simple random policy (the learner rolls, draws where it can and attacks when someone is in
range; the computers skip most Area actions and never reveal) for a few turns, several
times per seed, and the runs where the learner meets every rule the tutorial shows are
printed with their moves: a 7 (any Area), a Hermit card drawn and given, a Hermit card
answered, an Equipment card, an attack that hits, in few moves.

    python build_scripts/research/find_hunters_tutorial.py --seeds 300
    python build_scripts/research/find_hunters_tutorial.py --show SEED TRIAL
"""

from __future__ import annotations

import argparse
import random

from game.match import Match
from game.rules.hunters.data import CARD_EQUIP
from game.rules.protocol import CHANCE

LEARNER = 0
WANTED = ("seven", "gave", "answered", "equip", "hit", "bot_hit_me")
OPTIONS = {"pool": "base"}


def pick(st, seat, rng):
    acts = [a for a in st.legal_actions(seat) if a.kind != "reveal"]
    kinds = {a.kind for a in acts}
    if "roll" in kinds:
        return next(a for a in acts if a.kind == "roll")
    if seat == LEARNER:
        draws = [a for a in acts if a.kind == "draw"]
        if draws:
            return rng.choice(draws)
        hits = [a for a in acts if a.kind == "attack"]
        if hits:
            return rng.choice(hits)
    else:
        if "skip" in kinds and rng.random() < 0.6:
            return next(a for a in acts if a.kind == "skip")
        hits = [a for a in acts if a.kind == "attack" and a.args[0] == LEARNER]
        if hits:
            return hits[0]
        if "no_attack" in kinds:
            return next(a for a in acts if a.kind == "no_attack")
    return rng.choice(acts)


def run(seed, trial, max_turns=9, show=False):
    rng = random.Random(f"{seed}/{trial}")
    m = Match.start("hunters", 4, seed, OPTIONS)
    feats = set()
    moves = 0
    while not m.state.is_over():
        st = m.state
        if st.decider() == CHANCE:
            m.chance_step()
            continue
        if st.turn_no > max_turns:
            break
        if st.turn_no == 1 and st.first != LEARNER:
            return None, 0, m
        seat = st.decider()
        a = pick(st, seat, rng)
        frame = st.stack[-1][0]
        if seat == LEARNER:
            if frame == "move_choice" and sum(st.dice) == 7:
                feats.add("seven")
            if frame == "hermit_give":
                feats.add("gave")
            if frame == "hermit_answer" and a.args[0] != "show":
                feats.add("answered")
        dmg = list(st.dmg)
        eq = len(st.equip[LEARNER])
        if show:
            print(f"  {seat} {frame:12} {a.kind} {a.args}  dice={st.dice} dmg={dmg} "
                  f"pos={st.pos}")
        m.apply(seat, a)
        moves += 1
        while m.state.decider() == CHANCE and not m.state.is_over():
            m.chance_step()
        s2 = m.state
        if len(s2.equip[LEARNER]) > eq and any(CARD_EQUIP[c] for c in s2.equip[LEARNER]):
            feats.add("equip")
        if seat == LEARNER and a.kind == "attack" and s2.dmg[a.args[0]] > dmg[a.args[0]]:
            feats.add("hit")
        if seat != LEARNER and a.kind == "attack" and a.args[0] == LEARNER \
                and s2.dmg[LEARNER] > dmg[LEARNER]:
            feats.add("bot_hit_me")
        if not s2.alive[LEARNER]:
            return None, 0, m
    return feats, moves, m


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--trials", type=int, default=30)
    ap.add_argument("--show", type=int, nargs=2)
    a = ap.parse_args()
    if a.show:
        feats, moves, m = run(*a.show, show=True)
        print(feats, moves, m.state.chars)
        return
    best = []
    for seed in range(a.seeds):
        for t in range(a.trials):
            feats, moves, m = run(seed, t)
            if feats is None:
                break
            if all(k in feats for k in WANTED):
                best.append((moves, seed, t))
    for moves, seed, t in sorted(best)[:15]:
        print(moves, seed, t)


if __name__ == "__main__":
    main()
