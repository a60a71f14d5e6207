"""Search seeds for the Shadow Hunters tutorial (how game/tutorial/hunters.py was found).

Four players, the learner at seat 0. For each seed the game is played from its start by a
simple random policy (the learner rolls, draws where it can and attacks when someone is in
range; the computers skip most Area actions and never reveal) for a few turns, several
times per seed, and the runs where the learner meets every rule the tutorial shows are
printed with their moves: a 7 (any Area), a Hermit card drawn and given, a Hermit card
answered, an Equipment card, an attack that hits, in few moves.

    python build_scripts/research/find_hunters_tutorial.py --seeds 300
    python build_scripts/research/find_hunters_tutorial.py --show SEED TRIAL

Part 2 ("Winning and dying", issue 40) goes on from part 1's last position: ``--part2 N``
plays N random continuations (the learner prefers attacking and the Erstwhile Altar, the
computers reveal now and then) and prints those that reach, within 80 moves, a reveal by
choice, Equipment stolen, a death with its kill reward and a side's win, marking whether
the learner loots, steals, lives and wins:

    python build_scripts/research/find_hunters_tutorial.py --part2 4000
    (trial 2519: 47 moves, 16 of them the learner's; the tutorial's part 2)
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


def part2_pick(st, seat, rng):
    acts = st.legal_actions(seat)
    reveal = [a for a in acts if a.kind == "reveal"]
    if reveal and seat != LEARNER and rng.random() < 0.15:
        return reveal[0]
    acts = [a for a in acts if a.kind != "reveal"] or acts
    kinds = {a.kind for a in acts}
    for k in ("roll", "altar", "loot", "end_turn"):
        if k in kinds:
            return rng.choice([a for a in acts if a.kind == k])
    if "respond" in kinds:
        counter = [a for a in acts if a.args == ("counter",)]
        return counter[0] if counter else acts[0]
    if "attack" in kinds and rng.random() < 0.85:
        hits = [a for a in acts if a.kind == "attack"]
        if seat == LEARNER:
            hits = [a for a in hits if a.args[0] != 1] or hits    # not Bob, the other Shadow
        return rng.choice(hits)
    if "move" in kinds and seat == LEARNER and rng.random() < 0.5:
        altar = [a for a in acts if a.args == ("Erstwhile Altar",)]
        if altar:
            return altar[0]
    return rng.choice(acts)


def part2(trials: int, max_moves: int = 80) -> None:
    import copy

    from game.tutorial import tutorial_for

    t = tutorial_for("hunters")
    base = t.match_at(len(t.rows))
    before = len(base.state.history)
    for trial in range(trials):
        rng = random.Random(trial)
        m = copy.deepcopy(base)
        moves = []
        while not m.state.is_over() and len(moves) < max_moves:
            if m.decider() == CHANCE:
                m.chance_step()
                continue
            seat = m.decider()
            action = part2_pick(m.state, seat, rng)
            m.apply(seat, action)
            moves.append((seat, action))
        st = m.state
        facts = st.history[before:]
        loot = [f for f in facts if f[0] == "loot"]
        steal = [f for f in facts if f[0] == "equipment" and f[4] in ("altar", "goblin", "bob")]
        chose = [f for f in facts if f[0] == "reveal" and f[3] == "reveal"]
        if not (st.is_over() and loot and steal and chose):
            continue
        mine = sum(1 for seat, _ in moves if seat == LEARNER)
        print(trial, len(moves), mine, "learner loots", any(f[1] == LEARNER for f in loot),
              "steals", any(f[2] == LEARNER for f in steal), "alive", st.alive[LEARNER],
              "winners", st.view(None)["winners"], flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--trials", type=int, default=30)
    ap.add_argument("--show", type=int, nargs=2)
    ap.add_argument("--part2", type=int, metavar="TRIALS",
                    help="search part 2's continuations of part 1's game instead")
    a = ap.parse_args()
    if a.part2:
        part2(a.part2)
        return
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
