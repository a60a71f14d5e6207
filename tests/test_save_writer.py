"""Autosave off the frame: the tables write each move's save on the save writer's thread.

What must hold: the game's file is made at its start (at once); after that a move's own
frame does not write; the save on disk is the newest move
(never an older one written after it); a failure is still reported (a frame later); and
closing the table or saving by hand waits for the write under way."""

import json
import threading

import pytest
import tiny_game  # noqa: F401
from faults import fill

from game.save_writer import SaveWriter
from game.session import SeatConfig, Session
from game.storage import problems, saves


def humans(n):
    return [SeatConfig(f"P{i + 1}") for i in range(n)]


def play(s, moves):
    """``moves`` human moves, one frame (``update``) after each, as the table does."""
    for _ in range(moves):
        s.update()
        seat = s.human_to_act()
        if seat is None:
            return
        assert s.submit(seat, s.legal_actions(seat)[0]) is None
        s.update()


def saved_log(s):
    return json.loads(s.save_path.read_text(encoding="utf-8"))["data"]["match"]["log"]


def test_a_move_s_save_is_written_off_the_main_thread(shadows_home, monkeypatch):
    writers = []
    real = saves.save_game

    def spy(path, data):
        writers.append(threading.current_thread().name)
        real(path, data)

    monkeypatch.setattr(saves, "save_game", spy)
    s = Session.new("chasing", humans(3), seed=5, pace=0)
    s.save_in_background = True
    play(s, 3)
    s.flush_saves()
    # the game's file is made at its start, at once; every move after it off the frame
    assert writers[0] == "MainThread" and len(writers) > 2
    assert all(name == "autosave" for name in writers[1:])
    assert saved_log(s) == [[seat, a.to_json()] for seat, a in s.match.log]


def test_the_newest_save_wins_and_later_moves_do_not_reach_a_snapshot(shadows_home, monkeypatch):
    """Moves made while a save is being written: the snapshot of each is its own move's,
    and the file ends with the newest."""
    gate = threading.Event()
    real = saves.save_game
    written = []

    def slow(path, data):
        gate.wait(5)
        written.append(len(data["match"]["log"]))
        real(path, data)

    s = Session.new("chasing", humans(3), seed=6, pace=0)
    s.save_in_background = True
    assert s.save_now() is None             # the game's file, made at its start
    monkeypatch.setattr(saves, "save_game", slow)
    for _ in range(4):                      # four moves while the first write is held
        while s.decider() < 0:
            s.match.chance_step()
        seat = s.human_to_act()
        s.submit(seat, s.legal_actions(seat)[0])
    gate.set()
    s.flush_saves()
    assert written == sorted(written) and written[-1] == len(s.match.log)
    assert len(written) <= 2                # the ones in between were superseded
    assert saved_log(s) == [[seat, a.to_json()] for seat, a in s.match.log]


def test_a_failing_background_save_is_reported_a_frame_later(disk_home):
    s = Session.new("chasing", humans(3), seed=11, pace=0)
    s.save_in_background = True
    play(s, 2)
    s.flush_saves()
    before = s.save_path.read_bytes()
    filler = fill(disk_home)
    play(s, 2)
    s.update()
    s.update()                              # two frames: the last save's outcome is in
    assert s.save_problem == "the disk is full"
    assert [p.why for p in problems.failing()] == ["the disk is full"]
    assert s.save_path.read_bytes() == before
    filler.unlink()
    play(s, 1)
    s.close()                               # closing waits for the write under way
    assert s.save_problem is None and not problems.failing()
    assert saved_log(s) == [[seat, a.to_json()] for seat, a in s.match.log]


def test_save_now_waits_for_the_background_write(shadows_home):
    s = Session.new("chasing", humans(3), seed=7, pace=0)
    s.save_in_background = True
    play(s, 2)
    assert s.save_now() is None
    assert saved_log(s) == [[seat, a.to_json()] for seat, a in s.match.log]
    assert s.save_in_background                          # still on for the next move


def test_a_bug_in_a_save_job_is_raised_on_the_main_thread():
    w = SaveWriter()
    w.submit(lambda: 1 / 0)
    (failure,) = w.wait()
    assert isinstance(failure, ZeroDivisionError)
    w.submit(lambda: None)
    assert w.wait() == [None] and w.wait() == []


def test_session_raises_a_save_job_bug(shadows_home, monkeypatch):
    s = Session.new("chasing", humans(3), seed=8, pace=0)
    s.save_in_background = True
    s.update()                              # the deal: the game's file is made at once
    assert s.save_path.exists()
    monkeypatch.setattr(saves, "save_game", lambda path, data: [][1])
    seat = s.human_to_act()
    s.submit(seat, s.legal_actions(seat)[0])
    with pytest.raises(IndexError):
        s.flush_saves()


def test_tables_save_in_the_background(shadows_home):
    from ui_helpers import make_app, step

    from game.ui.opening import start_game

    app = make_app()
    try:
        table = start_game(app, "chasing", humans(3), 3, {})
        assert table.session.save_in_background
        step(app, 2)
        seat = table.acting_seat()
        table.choose(table.session.legal_actions(seat)[0])
        step(app, 3)                           # the save goes out a frame or two later
        table.session.flush_saves()            # (computers may have moved since: wait for theirs)
        assert saved_log(table.session) == [[s, a.to_json()] for s, a in table.session.match.log]
    finally:
        app.quit()


def test_to_json_is_unchanged_by_snapshotting(shadows_home):
    s = Session.new("chasing", humans(3), seed=9, pace=0)
    play(s, 3)
    data = s.to_json()
    assert data["match"]["log"] == [[seat, a.to_json()] for seat, a in s.match.log]
    assert data["match"]["state"] == s.match.state.to_json()
    assert data["progress"] == s.progress() and data["finished"] is False
