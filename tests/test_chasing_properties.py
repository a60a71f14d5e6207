"""Chasing Shadows invariants over random games with 3, 4 and 5 players.

The checks recompute the rules independently of the engine's own helpers.
"""

from __future__ import annotations

import random
from collections import Counter
from types import MappingProxyType

import pytest

from game.match import Match
from game.rules.chasing import cards as C
from game.rules.protocol import CHANCE, NOBODY, leaves

GAMES_PER_COUNT = 20


def independent_box(ranks: list[int]) -> int | None:
    if not ranks:
        return None
    if ranks == [0]:
        return 15
    ranks = sorted(ranks)
    keep = len(ranks) if len(ranks) % 2 else len(ranks) // 2
    return sum(ranks[:keep])


def expected_winner(spot_rank: int, ranks: list[int]) -> int:
    below = [i for i, r in enumerate(ranks) if r < spot_rank]
    pool = below or list(range(len(ranks)))
    top = max(ranks[i] for i in pool)
    return max(i for i in pool if ranks[i] == top)


def check_cards_in_one_place(st) -> None:
    places = [c for h in st.hands for c in h] + st.follow + st.discard + st.trick \
        + [c for t in st.taken for c in t] + ([st.spot] if st.spot >= 0 else [])
    assert Counter(places) == Counter(C.deck(st.n)), "a card is missing or in two places"


def faces(obj, out: set) -> set:
    """Every card face ("card", suit, rank) anywhere in a view (a fast ``leaves``): a
    view is tuples and read-only mappings all the way down, walked without recursion (a
    5-player view holds thousands of them: this ran 19 million calls a run)."""
    stack = [obj]
    pop, push = stack.pop, stack.extend
    while stack:
        o = pop()
        t = type(o)
        if t is tuple:
            if len(o) == 3 and o[0] == "card":
                out.add(o)
            else:
                push(o)
        elif t is MappingProxyType:
            push(o.values())
    return out


def check_views(st, full: bool) -> None:
    n = st.n
    for viewer in [None, *range(n)]:
        v = st.view(viewer)
        lv = leaves(v) if full else faces(v, set())
        for seat in range(n):
            shown = v["hands"][seat]
            assert [t[1] for t in shown] == [C.SUITS[c >> 4] for c in st.hands[seat]]
            if seat != viewer:
                assert all(t[0] == "back" for t in shown)
                assert not any(C.face(c) in lv for c in st.hands[seat])
        assert not any(C.face(c) in lv for c in st.hidden)
        assert all(t[0] == "back" for t in v["follow"] + v["discard"])


def check_follow_rule(st, seat) -> None:
    legal = {(a.args[0], a.args[1]) for a in st.legal_actions(seat) if a.kind == "play"}
    hand = {(C.SUITS[c >> 4], c & 15) for c in st.hands[seat]}
    if not st.trick:
        assert legal == hand, "the leader may play anything"
        return
    follow_suits = {C.SUITS[c >> 4] for c in st.follow}
    matching = {c for c in hand if c[0] in follow_suits}
    assert legal == (matching or hand)


def run_game(n: int, seed: int) -> None:
    m = Match.start("chasing", n, seed)
    rng = random.Random(seed)
    tricks_per_round = []
    tricks = 0
    while (d := m.decider()) != NOBODY:
        st = m.state
        if d == CHANCE:
            m.chance_step()
            continue
        check_cards_in_one_place(st)
        check_views(st, full=seed % 10 == 0)
        if st.await_discard:
            suits = [a.args[0] for a in st.legal_actions(d)]
            assert len(set(suits)) == len(suits) > 1
            assert set(suits) == {C.SUITS[c >> 4] for c in st.follow}
            m.apply(d, rng.choice(st.legal_actions(d)))
            continue
        check_follow_rule(st, d)
        action = rng.choice(st.legal_actions(d))
        played = C.card(C.SUIT_INDEX[action.args[0]], action.args[1])
        follow_before = Counter(c >> 4 for c in st.follow)
        was_follower = bool(st.trick)
        history_before = len(st.history)
        rnd = st.rnd
        m.apply(d, action)
        st = m.state
        if was_follower and follow_before[played >> 4] and len(st.history) == history_before:
            after = Counter(c >> 4 for c in st.follow)
            assert follow_before - after == Counter({played >> 4: 1}), \
                "a matching follower discards a Follow Card of the suit played"
        if not was_follower:
            assert Counter(c >> 4 for c in st.follow) == follow_before, "the leader never discards"
        if len(st.history) > history_before or st.rnd != rnd:
            tricks += 1
            spot, leader, plays, winner = st.history[-1]
            idx = expected_winner(spot & 15, [c & 15 for c in plays])
            assert winner == (leader + idx) % n
            assert st.spot == plays[idx]
            assert sorted(st.follow) == sorted(c for i, c in enumerate(plays) if i != idx)
        if st.rnd != rnd:
            tricks_per_round.append(tricks)
            tricks = 0
            taken = st.round_cards[-1]
            assert sum(len(t) for t in taken) == tricks_per_round[-1] + n
            for seat in range(n):
                boxes = [independent_box([c & 15 for c in taken[seat] if c >> 4 == s])
                         for s in range(4)]
                assert st.sheet[seat][-1] == boxes
    st = m.state
    hand = C.HAND_SIZE[n]
    assert tricks_per_round == [hand - 1] * 3
    res = st.result()
    v = st.view(None)
    assert list(res.scores) == [v["scoresheet"][s]["total"] for s in range(n)]
    assert all(res.scores[w] == min(res.scores) for w in res.winners)
    for s in range(n):
        rows = st.sheet[s]
        total = 0
        for suit in range(4):
            scored = [r for r in range(3) if rows[r][suit] is not None]
            for r in scored:
                if not (len(scored) == 2 and r == scored[0]):
                    total += rows[r][suit]
        assert res.scores[s] == total


@pytest.mark.slow  # many complete games; CI runs it, -m "not slow" skips it
@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_keep_every_invariant(n):
    for seed in range(GAMES_PER_COUNT):
        run_game(n, 1000 * n + seed)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_clone_and_json_agree_along_random_games(n):
    m = Match.start("chasing", n, seed=77)
    rng = random.Random(n)
    while (d := m.decider()) != NOBODY:
        if d == CHANCE:
            m.chance_step()
            continue
        st = m.state
        c = st.clone()
        assert c.to_json() == st.to_json() == type(st).from_json(st.to_json()).to_json()
        assert c.moves() == st.moves()
        m.apply(d, rng.choice(st.legal_actions(d)))
