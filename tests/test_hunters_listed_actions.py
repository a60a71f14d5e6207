"""The Actions that Shadow Hunters' legal_actions hands out carry their engine tuple (so
apply needs no search): to everyone else they must be plain Actions, and apply must trust
them only for the seat and step they were listed for."""

import copy
import json
import pickle
import random

import pytest

from game.match import Match
from game.rules.hunters.state import new_game
from game.rules.protocol import CHANCE, NOBODY, Action, RuleError


def _some_listed():
    """(state, seat, listed actions) at a few decisions of a random game."""
    st = new_game(5, seed=3)
    rng = random.Random(3)
    out = []
    while (d := st.decider()) != NOBODY and len(out) < 40:
        if d == CHANCE:
            st.apply(CHANCE, st.sample_chance(rng))
            continue
        acts = st.legal_actions(d)
        out.append(acts)
        st.apply(d, acts[int(rng.random() * len(acts))])
    return out


def test_listed_actions_are_plain_actions_to_others():
    for acts in _some_listed():
        for a in acts:
            fresh = Action(a.kind, a.args)
            assert a == fresh and fresh == a
            assert not (a != fresh) and not (fresh != a)
            assert hash(a) == hash(fresh)
            assert fresh in acts and a in {fresh} and fresh in {a}
            assert a != Action(a.kind + "_other", a.args)
            back = pickle.loads(pickle.dumps(a))
            assert type(back) is Action and back == a and back.label == a.label
            deep = copy.deepcopy(a)
            assert type(deep) is Action and deep == a and deep.label == a.label
            assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a


def test_listed_action_is_trusted_only_where_it_was_listed():
    st = new_game(4, seed=11)
    rng = random.Random(11)
    stale = None
    checked = 0
    while (d := st.decider()) != NOBODY and checked < 30:
        if d == CHANCE:
            st.apply(CHANCE, st.sample_chance(rng))
            continue
        acts = st.legal_actions(d)
        if stale is not None:
            before = json.dumps(st.to_json())
            ok = [a for a in acts if a == stale]
            if not ok:
                # listed for an earlier step and not legal now: refused, nothing changes
                with pytest.raises(RuleError):
                    st.apply(d, stale)
                assert json.dumps(st.to_json()) == before
                checked += 1
        # another seat's list: its actions are not the decider's to take, unless legal
        other = (d + 1) % st.n
        for a in st.legal_actions(other):
            if a not in st.legal_actions(d):
                before = json.dumps(st.to_json())
                with pytest.raises(RuleError):
                    st.apply(d, a)
                assert json.dumps(st.to_json()) == before
        acts = st.legal_actions(d)
        a = acts[int(rng.random() * len(acts))]
        stale = a
        st.apply(d, a)
    assert checked > 5


def test_fresh_equal_action_plays_the_same_game():
    """A game played with fresh Actions (as a replayed save does) equals the one played
    with the listed ones."""
    a, b = new_game(6, seed=5), new_game(6, seed=5)
    ra, rb = random.Random(5), random.Random(5)
    while (d := a.decider()) != NOBODY:
        assert b.decider() == d
        if d == CHANCE:
            x, y = a.sample_chance(ra), b.sample_chance(rb)
            assert [e.text for e in a.apply(CHANCE, x)] == [e.text for e in b.apply(CHANCE, y)]
            continue
        acts = a.legal_actions(d)
        i = int(ra.random() * len(acts))
        rb.random()
        x = acts[i]
        ev_a = a.apply(d, x)
        ev_b = b.apply(d, Action(x.kind, x.args))
        assert [(e.kind, e.text, e.seats) for e in ev_a] == [(e.kind, e.text, e.seats) for e in ev_b]
    assert a.to_json() == b.to_json()


def test_match_log_of_listed_actions_replays():
    m = Match.start("hunters", 5, 21)
    rng = random.Random(21)
    while (d := m.decider()) != NOBODY and len(m.log) < 300:
        if d == CHANCE:
            m.chance_step()
        else:
            acts = m.state.legal_actions(d)
            m.apply(d, acts[int(rng.random() * len(acts))])
    back = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert back.state.to_json() == m.state.to_json()
    assert [a for _, a in back.log] == [a for _, a in m.log]


def test_a_kept_list_of_shared_actions_is_handed_out_as_a_new_list_each_time():
    # the start, end and respond decisions of a seat that is hidden (not Daniel) or
    # revealed (not Allie or David) hand out a copy of a kept list (state._MEMO): the same
    # Actions and words as a list made afresh, a new list every time, and a caller that
    # adds to its copy adds nothing legal
    from game.rules.hunters import state as S
    kept = 0
    for seed in range(12):
        st = new_game(4 + seed % 5, seed=seed)
        rng = random.Random(seed)
        while (d := st.decider()) != NOBODY:
            if d == CHANCE:
                st.apply(CHANCE, st.sample_chance(rng))
                continue
            k = st.stack[-1][0]
            acts = st.legal_actions(d)
            saved = dict(S._MEMO)
            S._MEMO.clear()
            fresh = st.legal_actions(d)
            S._MEMO.update(saved)
            assert acts == fresh and [a.label for a in acts] == [a.label for a in fresh]
            again = st.legal_actions(d)
            assert again == acts and again is not acts
            if k in ("start", "end", "respond") and (k in saved or (k,) in saved):
                kept += 1
                acts.append(Action("attack", (d,)))
                before = json.dumps(st.to_json())
                with pytest.raises(RuleError):
                    st.apply(d, acts[-1])
                assert json.dumps(st.to_json()) == before
                assert st.legal_actions(d) == again
            st.apply(d, acts[int(rng.random() * len(fresh))])
    assert kept > 100
