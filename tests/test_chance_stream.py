"""Chance streams: the games saved and exported before stream 2 (files in tests/data written
by main at dbc0d8e) and on stream 2 (the ``_v2`` files, written at 0df13c9 when new Shadow
Hunters games drew from stream 2) load, replay and go on drawing exactly as they did; a
game keeps its stream through saves, files and reviews, and its outcomes are checked
against that stream, not another."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest

from game.match import SAVE_VERSION, Match
from game.review.gamefile import check, export_game, load_game
from game.review.record import GameRecord
from game.review.sample import play_record
from game.review.timeline import ReplayError, Timeline
from game.rules.protocol import CHANCE, NOBODY, Action, SmallStepRandom, StepRandom, chance_rng
from game.session import SeatConfig, Session

DATA = Path(__file__).resolve().parent / "data"
STREAM_3_AT_7_3 = [0.7658539994491701, 0.24875697832280375, 0.20412327779324635]
STREAM_3_BITS = 11257934272182778034


def _rest(rest, chance_step, apply):
    """Go on with a loaded game: chance from the loaded game itself, choices from ``rest``;
    every drawn outcome must be the one the old code drew."""
    for seat, raw in rest:
        action = Action.from_json(raw)
        if seat == CHANCE:
            drawn = chance_step()
            assert drawn == (seat, action)
        else:
            apply(seat, action)


def test_a_save_from_before_streams_loads_and_draws_on_as_it_did():
    data = json.loads((DATA / "hunters_save_v1.json").read_text())
    assert data["save"]["version"] == 1 and "chance" not in data["save"]
    m = Match.from_json(data["save"])            # verify: the log replays to the state
    assert m.chance == 1

    def chance_step():
        m.chance_step()
        return m.log[-1]

    _rest(data["rest"], chance_step, m.apply)
    assert m.decider() == NOBODY and m.state.to_json() == data["final"]
    again = m.to_json()                           # saved again: it says its stream
    assert again["version"] == SAVE_VERSION == 2 and again["chance"] == 1
    assert Match.from_json(again).chance == 1


def test_a_session_saved_before_streams_continues_as_it_did(shadows_home):
    data = json.loads((DATA / "hunters_session_v1.json").read_text())
    s = Session.from_save(data["save"])           # checks every outcome against stream 1
    assert s.match.chance == 1
    at = len(s.match.log)
    for seat, raw in data["rest"]:
        if seat != CHANCE:
            s.update(now=1e9)                     # the session draws what is pending
            s._apply(seat, Action.from_json(raw))
    s.update(now=1e9)
    assert s.match.decider() == NOBODY
    assert [[x, a.to_json()] for x, a in s.match.log[at:]] == data["rest"]


def test_a_game_file_from_before_streams_opens_for_review(tmp_path):
    record, timeline = load_game(DATA / "hunters_game_v1.shadows.json")
    assert record.chance == 1 and timeline.chance == 1 and timeline.length == len(record.log)
    # written out again, it still replays from stream 1
    _, again = load_game(export_game(record, tmp_path / "again"))
    assert again.chance == 1 and again.length == timeline.length
    assert again.match_at(again.length).chance == 1


def test_a_save_from_stream_2_loads_and_draws_on_as_it_did():
    data = json.loads((DATA / "hunters_save_v2.json").read_text())
    assert data["save"]["version"] == 2 and data["save"]["chance"] == 2
    m = Match.from_json(data["save"])            # verify: the log replays to the state
    assert m.chance == 2

    def chance_step():
        m.chance_step()
        return m.log[-1]

    _rest(data["rest"], chance_step, m.apply)
    assert m.decider() == NOBODY and m.state.to_json() == data["final"]
    assert m.to_json()["chance"] == 2 and Match.from_json(m.to_json()).chance == 2
    # the same game started now (stream 3) draws otherwise: the file's stream is what counts
    fresh = Match.start("hunters", 5, data["save"]["seed"])
    assert fresh.chance == 3
    fresh.run_chance()
    assert fresh.log != Match.from_json(data["save"]).log[:len(fresh.log)]


def test_a_game_file_from_stream_2_opens_for_review(tmp_path):
    record, timeline = load_game(DATA / "hunters_game_v2.shadows.json")
    assert record.chance == 2 and timeline.chance == 2 and timeline.length == len(record.log)
    _, again = load_game(export_game(record, tmp_path / "again"))
    assert again.chance == 2 and again.length == timeline.length
    assert again.match_at(again.length).chance == 2
    with pytest.raises(Exception, match="does not replay"):
        check(GameRecord(record.game, record.seed, dict(record.options), record.seats,
                         record.log, chance=3))


def test_a_stream_2_game_keeps_its_stream_in_saves_files_and_reviews(tmp_path, shadows_home):
    m = Match.start("hunters", 5, 99, chance=2)
    while m.decider() == CHANCE or len(m.log) < 30:
        if m.decider() == CHANCE:
            m.chance_step()
        else:
            m.apply(m.decider(), m.state.legal_actions()[0])
    saved = m.to_json()
    assert saved["chance"] == 2
    loaded = Match.from_json(saved)
    assert loaded.chance == 2 and loaded.state.to_json() == m.state.to_json()
    # from here both draw the same: the generator of a step depends on seed and step only
    for _ in range(40):
        if m.decider() == NOBODY:
            break
        if m.decider() == CHANCE:
            m.chance_step()
            loaded.chance_step()
        else:
            a = m.state.legal_actions()[-1]
            m.apply(m.decider(), a)
            loaded.apply(loaded.decider(), a)
    assert loaded.log == m.log

    # the review checks each outcome against the game's own stream
    Timeline.open("hunters", 5, 99, {}, m.log, chance=2)
    with pytest.raises(ReplayError, match="does not come from seed"):
        Timeline.open("hunters", 5, 99, {}, m.log, chance=1)

    # a session with stream 2 is saved and loaded with it (the load replays and checks it)
    seats = [SeatConfig(f"P{i}", "human") for i in range(5)]
    s = Session(Match.start("hunters", 5, 99, chance=2), seats)
    for _ in range(12):
        s.update(now=1e9)
        s._apply(s.match.decider(), s.match.state.legal_actions()[0])
    s.update(now=1e9)
    assert s.match.log == m.log[:len(s.match.log)]       # the same stream as the match's
    back = Session.from_save(s._snapshot()())
    assert back.match.chance == 2 and back.match.log == s.match.log


def test_a_finished_stream_2_game_is_exported_with_its_stream(tmp_path):
    m = Match.start("hunters", 4, 5, chance=2)
    pick = random.Random(1).choice
    while m.decider() != NOBODY:
        if m.decider() == CHANCE:
            m.chance_step()
        else:
            m.apply(m.decider(), pick(m.state.legal_actions()))
    seats = tuple(SeatConfig(f"P{i}", "computer", "easy") for i in range(4))
    record = GameRecord("hunters", 5, dict(m.options), seats, tuple(m.log), chance=2)
    path = export_game(record, tmp_path / "x")
    assert json.loads(path.read_text())["chance"] == 2
    back, timeline = load_game(path)
    assert back.chance == 2 and timeline.chance == 2
    with pytest.raises(Exception, match="does not replay"):
        check(GameRecord("hunters", 5, dict(m.options), seats, tuple(m.log)))   # stream 1


def test_sample_games_record_their_stream():
    rec = play_record("hunters", 4, 3)
    assert rec.chance == Match.start("hunters", 4, 3).chance


def test_stream_2_is_keyed_by_seed_and_step_and_fixed():
    # fixed numbers: saved stream-2 games depend on them never changing
    r = StepRandom(7, 3)
    assert [r.random() for _ in range(3)] == [0.3563895789135101, 0.35635597603323277,
                                              0.5737750578192319]
    assert StepRandom(0, 0).getrandbits(64) == StepRandom(0, 0).at(0).getrandbits(64)
    # one generator moved from step to step draws what a fresh one per step draws
    shared = StepRandom(123, 0)
    for step in (5, 0, 17, 5):
        g = shared.at(step)
        a = [g.random() for _ in range(3)]
        b = chance_rng(123, step, 2)
        assert a == [b.random() for _ in range(3)]
    assert chance_rng(1, 2, 2).random() != chance_rng(2, 1, 2).random()
    assert chance_rng(1, 2, 2).random() != chance_rng(1, 3, 2).random()
    # the whole random.Random interface works, and survives pickling
    r = StepRandom(1, 1)
    assert 0 <= r.randrange(6) < 6 and r.choice("abc") in "abc"
    assert sorted(r.sample(range(10), 10)) == list(range(10))
    assert r.getrandbits(200) < 1 << 200
    copy = pickle.loads(pickle.dumps(r))
    assert copy.random() == r.random()
    # roughly uniform: each face of a d6 within 10% of its share over 12,000 draws
    counts = [0] * 6
    for seed in range(120):
        for step in range(100):
            counts[int(chance_rng(seed, step, 2).random() * 6)] += 1
    assert all(abs(c - 2000) < 200 for c in counts)


def test_stream_3_is_keyed_by_seed_and_step_and_fixed():
    # fixed numbers: saved stream-3 games depend on them never changing
    r = SmallStepRandom(7, 3)
    assert [r.random() for _ in range(3)] == STREAM_3_AT_7_3
    assert SmallStepRandom(2**70 + 5, 9).getrandbits(64) == STREAM_3_BITS
    assert isinstance(chance_rng(7, 3, 3), SmallStepRandom)
    shared = SmallStepRandom(123, 0)
    for step in (5, 0, 17, 5, 2**40):
        g = shared.at(step)
        a = [g.random() for _ in range(3)]
        b = chance_rng(123, step, 3)
        assert a == [b.random() for _ in range(3)]
    assert chance_rng(1, 2, 3).random() != chance_rng(2, 1, 3).random()
    assert chance_rng(1, 2, 3).random() != chance_rng(1, 3, 3).random()
    assert chance_rng(5, 0, 3).random() != chance_rng(5 + 2**30, 0, 3).random()   # whole seed
    r = SmallStepRandom(1, 1)
    assert 0 <= r.randrange(6) < 6 and r.choice("abc") in "abc"
    assert sorted(r.sample(range(10), 10)) == list(range(10))
    assert r.getrandbits(200) < 1 << 200 and r.getrandbits(0) == 0
    assert all(0.0 <= r.random() < 1.0 for _ in range(1000))
    copy = pickle.loads(pickle.dumps(r))
    assert copy.random() == r.random()
    # roughly uniform: each face of a d6 within 10% of its share over 12,000 draws, and the
    # two dice of one roll (a d6 and a d4, as Shadow Hunters draws them) independent
    counts = [0] * 6
    pairs = [0] * 24
    for seed in range(120):
        for step in range(100):
            g = chance_rng(seed, step, 3)
            a, b = int(g.random() * 6), int(g.random() * 4)
            counts[a] += 1
            pairs[a * 4 + b] += 1
    assert all(abs(c - 2000) < 200 for c in counts)
    assert sum((c - 500) ** 2 / 500 for c in pairs) < 50     # chi-square, 23 df: p < 0.001


def test_stream_3_draws_integers_as_random_random_does_from_its_getrandbits():
    # SmallStepRandom._randbelow writes getrandbits out: the same integers as the stdlib's
    # _randbelow_with_getrandbits (which it used before), so deals and shuffles of saved
    # stream-3 games stay as they were; the figures were drawn by main at 649a8a9
    r = SmallStepRandom(7, 3)
    x = list(range(8))
    r.shuffle(x)
    assert x == [7, 3, 5, 4, 1, 0, 2, 6]
    assert r.sample(range(20), 5) == [1, 5, 6, 16, 3]
    assert [r.randrange(6) for _ in range(5)] == [2, 3, 2, 3, 3]
    assert r.randrange(10**12) == 340007135817 and r.choice("abcdefg") == "b"
    for seed in (0, 5, 2**70 + 1):
        for step in (0, 1, 99):
            a, b = chance_rng(seed, step, 3), chance_rng(seed, step, 3)
            for n in (*range(1, 70), 2**31, 2**32 - 1, 2**32, 2**32 + 1, 10**15):
                assert a._randbelow(n) == random.Random._randbelow_with_getrandbits(b, n)


def test_deals_are_drawn_as_before_from_every_pool():
    # the deal's candidates are kept per pool (not "initial", which draws them): the same
    # deals, and the same draws after them, as the code that made them afresh each time
    from game.rules.hunters.data import (
        ALLOCATION,
        FACTION,
        HUNTER,
        NEUTRAL,
        SHADOW,
        pool_characters,
    )
    from game.rules.hunters.state import HuntersState
    from game.rules.hunters.turn import sample_deal

    def old_deal(n, pool, abilities, rng):
        chars = pool_characters(pool, abilities, rng)
        counts = dict(zip((HUNTER, SHADOW, NEUTRAL), ALLOCATION[n]))
        chosen = []
        for fac in (HUNTER, SHADOW, NEUTRAL):
            chosen += rng.sample([c for c in chars if FACTION[c] == fac], counts[fac])
        rng.shuffle(chosen)
        return tuple(chosen)

    for pool in ("all", "base", "expansion", "initial"):
        for abilities in ("on", "off"):
            for n in range(4, 9):
                st = HuntersState.new(n, {"pool": pool, "abilities": abilities})
                for seed in range(12):
                    a, b = chance_rng(seed, 0, 3), chance_rng(seed, 0, 3)
                    assert sample_deal(st, a) == old_deal(n, pool, abilities == "on", b)
                    assert a.random() == b.random()
                    a, b = random.Random(seed), random.Random(seed)
                    assert sample_deal(st, a) == old_deal(n, pool, abilities == "on", b)


def test_a_started_match_is_the_one_its_constructor_makes():
    # Match.start fills the match in at once: the same fields as the constructor's, and
    # its own decider and apply, bound to its own state and log
    m = Match.start("hunters", 5, 4)
    made = Match("hunters", 5, 4, dict(m.options), m.state, list(m.log), 3)
    assert m == made and m.__dict__.keys() == made.__dict__.keys()
    other = Match.start("hunters", 5, 4)
    m.run_chance()
    assert other.log == [] and other.state.steps == 0
    d = m.decider()
    assert d == m.state.dec >= 0
    m.apply(d, m.state.legal_actions(d)[0])
    assert len(m.log) == 4 and m.log[-1][0] == d and other.log == []


def test_stream_3_reads_its_table_from_a_compact_array_of_the_same_numbers():
    # the table is doubles in one block (a step's first read is one cache line, not a
    # pointer and a float object): the Mersenne Twister's numbers, twice over, and a
    # generator keyed to the last start reads 65,536 numbers without running out
    from array import array

    from game.rules.protocol import _table
    t = _table()
    assert isinstance(t, array) and t.typecode == "d" and len(t) == 2 * 65536
    mt = random.Random(0x5EED_0003)
    first = [mt.random() for _ in range(65536)]
    assert list(t[:65536]) == first and list(t[65536:]) == first
    g = SmallStepRandom(3, 0)
    g._it.__setstate__(65535)
    assert [g.random() for _ in range(65536)] == first[65535:] + first[:65535]
    back = SmallStepRandom(3, 0)
    back.setstate(g.getstate())
    assert back.random() == g.random()


def test_stream_1_is_the_old_generator():
    assert chance_rng(5, 7).random() == random.Random("shadows/5/7").random()
    assert Match.start("hunters", 4, 5, chance=1).chance_rng(7).random() == \
        random.Random("shadows/5/7").random()
    assert Match.start("chasing", 4, 5).chance == 1


def test_a_new_shadow_hunters_game_draws_from_stream_3_and_its_tutorials_from_stream_1():
    m = Match.start("hunters", 5, 8)
    assert m.chance == 3 and m.to_json()["chance"] == 3
    m.run_chance()
    fresh = Match.start("hunters", 5, 8, chance=1).state     # the same set-up, drawn by hand
    for i, (seat, action) in enumerate(m.log):
        assert seat == CHANCE and action == fresh.sample_chance(chance_rng(8, i, 3))
        fresh.apply(seat, action)
    assert fresh.to_json() == m.state.to_json()
    again = Match.from_json(m.to_json())          # the stream is saved, the log replays
    assert again.chance == 3 and again.state.to_json() == m.state.to_json()
    # a match whose stream is changed draws from the new one
    m.chance = 2
    assert m.chance_rng(0).random() == chance_rng(8, 0, 2).random()
    from game.tutorial import parts_of
    assert [t.start().chance for t in parts_of("hunters")] == [1, 1]


def test_a_match_draws_each_chance_step_as_the_stream_3_generator_keyed_to_it():
    # Match.chance_step keys stream 3 itself (SmallStepRandom.at written out): whole games,
    # with dice, cards and deals, and seeds of any size, draw what a fresh generator of the
    # step draws; so do steps asked of chance_rng in between, and a stream changed midway
    for seed in (0, 8, 2**70 + 5, -3):
        m = Match.start("hunters", 4, seed)
        fresh = Match.start("hunters", 4, seed, chance=1).state
        pick = random.Random(seed).random
        while (d := m.decider()) != NOBODY:
            if d == CHANCE:
                step = len(m.log)
                expected = fresh.sample_chance(chance_rng(seed, step, 3))
                m.chance_step()
                assert m.log[-1][1] == expected
                m.chance_rng(step + 5)                # moves the shared generator elsewhere
            else:
                acts = m.state.legal_actions(d)
                m.apply(d, acts[int(pick() * len(acts))])
            fresh.apply(*m.log[-1])
        assert fresh.to_json() == m.state.to_json()
    m = Match.start("hunters", 4, 9)
    m.chance_step()
    m.chance = 2
    assert_next_chance_on_stream_2(m, 9)


def assert_next_chance_on_stream_2(m, seed):
    """``m``'s next chance step draws what stream 2 draws at that step of its game."""
    step = len(m.log)
    expected = Match.start("hunters", 4, seed, chance=1).state
    for seat, action in m.log:
        expected.apply(seat, action)
    m.chance_step()
    assert m.log[-1][1] == expected.sample_chance(chance_rng(seed, step, 2))


def test_a_match_steps_its_current_state_and_log_and_its_copies_their_own():
    # apply and chance_step are made per match (bound to the state and the log): swapping
    # either, or the stream, must be followed, and a copy or a pickle must step itself
    import copy
    m = Match.start("hunters", 4, 3)
    m.chance_step()
    m.chance_step()                               # the per-match stepper is made by now
    twin = copy.deepcopy(m)
    back = pickle.loads(pickle.dumps(m))
    n = len(m.log)
    for other in (twin, back):
        other.run_chance()
        d = other.decider()
        other.apply(d, other.state.legal_actions(d)[0])
        other.run_chance()
    assert len(m.log) == n and twin.log == back.log and len(twin.log) > n + 1
    m.log = list(m.log)                           # a new log list is the one appended to
    m.run_chance()
    assert len(m.log) > n and m.log == twin.log[:len(m.log)]
    other = Match.start("hunters", 4, 3)
    m.state = other.state                          # a new state is the one stepped
    m.log = other.log
    m.chance_step()
    assert len(other.log) == 1 and other.state.steps == 1
    m.chance = 2                                   # and the new stream draws
    assert_next_chance_on_stream_2(m, 3)


def test_a_match_asks_its_current_state_who_decides():
    m = Match.start("hunters", 4, 3)
    m.run_chance()
    other = Match.start("hunters", 4, 3)
    m.state = other.state                          # swapped: asked of the new state
    assert m.decider() == other.state.decider()
    m.state = None
    with pytest.raises(AttributeError):
        m.decider()
