"""Search seeds for a Chasing Shadows tutorial deal (how game/tutorial/chasing.py was found).

For each seed and first-round start seat, the first two rounds and the start of the third
are played by ``first_legal`` until every hand holds ``--left + 1`` cards; then every order
of the remaining moves is tried, and the orders where every core rule comes up for the
learner (seat 0) are printed:

    python build_scripts/find_tutorial_deal.py --left 3 --seeds 400
    python build_scripts/find_tutorial_deal.py --left 3 --show 170 1

Rules wanted: following a Follow Card (with a card that may not be played), choosing the
discard, a trick won below the Spotlight and one won with none below, the learner winning
a trick, an even suit (higher half ignored), a lone 0 and a strike-through.
"""

from __future__ import annotations

import argparse

from game.match import Match
from game.rules.chasing import cards as C
from game.rules.chasing.scoring import by_suit, struck_flags
from game.rules.chasing.state import DISCARD
from game.rules.protocol import CHANCE
from game.tutorial import first_legal

LEARNER = 0
WANTED = ("follow", "choose", "below", "above", "struck", "even", "lone0", "learner_wins")


def prelude(seed: int, start: str, left: int) -> Match:
    m = Match.start("chasing", 3, seed, {"start": start})
    while True:
        st = m.state
        if (st.rnd == 2 and st.dealt and not st.trick and not st.await_discard
                and len(st.hands[LEARNER]) == left + 1):
            return m
        if st.decider() == CHANCE:
            m.chance_step()
            continue
        m.apply(st.decider(), first_legal(st))


def search(m: Match, limit: int = 200_000) -> list[tuple[list, dict]]:
    found: list = []
    count = [0]

    def rec(st, path, feats) -> None:
        count[0] += 1
        if count[0] > limit:
            return
        if st.rnd >= 3:
            f = dict(feats)
            f["struck"] = any(any(r) for r in struck_flags(st.sheet[LEARNER]))
            mine = by_suit(st.round_cards[-1][LEARNER])
            f["even"] = any(len(r) >= 2 and len(r) % 2 == 0 for r in mine)
            f["lone0"] = any(r == [0] for r in mine)
            if all(f.get(k) for k in WANTED):
                found.append((path, f))
            return
        seat = st.turn
        for mv in st.moves():
            s2 = st.clone()
            f = dict(feats)
            if seat == LEARNER and mv < DISCARD and st.trick:
                suits = {c >> 4 for c in st.follow}
                held = {c >> 4 for c in st.hands[LEARNER]}
                if suits & held and held - suits and len(suits) == 2:
                    f["follow"] = True
            tricks = len(st.history)
            s2.step(mv)
            if seat == LEARNER and s2.await_discard:
                f["choose"] = True
            if len(s2.history) > tricks:
                sp, _, plays, w = s2.history[-1]
                f["below" if any(c & 15 < sp & 15 for c in plays) else "above"] = True
                if w == LEARNER:
                    f["learner_wins"] = True
            rec(s2, path + [(seat, mv)], f)

    rec(m.state.clone(), [], {})
    return found


def describe(path) -> str:
    return " ; ".join(f"{s}:{C.name(mv) if mv < DISCARD else 'discard ' + C.SUITS[mv - DISCARD]}"
                      for s, mv in path)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--left", type=int, default=3, help="tricks left when the tutorial starts")
    ap.add_argument("--seeds", type=int, default=400)
    ap.add_argument("--show", nargs=2, metavar=("SEED", "START"))
    args = ap.parse_args()
    if args.show:
        m = prelude(int(args.show[0]), args.show[1], args.left)
        st = m.state
        print("spotlight", C.name(st.spot), "follow", [C.name(c) for c in st.follow])
        for s in range(3):
            print("seat", s, [C.name(c) for c in st.hands[s]], "sheet", st.sheet[s])
        for path, _ in search(m):
            print(describe(path))
        return
    for seed in range(1, args.seeds):
        for start in "012":
            found = search(prelude(seed, start, args.left))
            if found:
                print("seed", seed, "start", start, "orders", len(found), flush=True)


if __name__ == "__main__":
    main()
