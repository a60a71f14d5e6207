"""Issue 12: a full disk, a read-only folder or a bad file never crashes, hangs or loses
anything. Every fault here is made for real (see faults.py), not mocked."""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from pathlib import Path

import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from faults import ROOT, fill, give_to_nobody, read_only, run_python

from game.rules.protocol import CHANCE, Action
from game.session import SeatConfig, Session
from game.storage import jsonfile, problems, saves, settings, stats
from game.storage.paths import user_dirs


@pytest.fixture(autouse=True)
def _fresh_problems():
    problems.clear()
    problems.take_notices()
    yield
    problems.clear()
    problems.take_notices()


def humans(n):
    return [SeatConfig(name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")[:n]]


def saved_file(session: Session) -> Path:
    """The file this game is saved in (before the several-saves change: the one autosave)."""
    return getattr(session, "save_path", None) or user_dirs().data_dir / "autosave.json"


def play(session: Session, moves: int) -> None:
    """Make ``moves`` decisions (chance steps run in between)."""
    for _ in range(moves):
        session.update()
        seat = session.decider()
        assert seat >= 0, "the game ended early"
        session.submit(seat, session.legal_actions(seat)[0])


@pytest.fixture
def nobody_home(monkeypatch):
    """A home folder user nobody can reach (pytest's tmp folders are root-only)."""
    home = Path(tempfile.mkdtemp(prefix="shadows-nobody-"))
    home.chmod(0o755)
    monkeypatch.setenv("SHADOWS_HOME", str(home))
    user_dirs()
    yield home
    import shutil

    shutil.rmtree(home, ignore_errors=True)


# --- 1. writes that fail ------------------------------------------------------------------

def test_autosave_on_a_full_disk_plays_on_and_keeps_the_last_save(disk_home):
    s = Session.new("chasing", humans(3), seed=11, pace=0)
    play(s, 4)
    saved = json.loads(saved_file(s).read_text(encoding="utf-8"))
    filler = fill(disk_home)
    play(s, 3)                                        # no exception: the game goes on
    assert s.save_problem == "the disk is full"
    assert [p.why for p in problems.failing()] == ["the disk is full"]
    assert "Saving the game is failing: the disk is full" in problems.banner_text()
    assert json.loads(saved_file(s).read_text(encoding="utf-8")) == saved   # what was saved is untouched
    assert not [p for p in saved_file(s).parent.iterdir() if p.name.endswith(".tmp")]
    filler.unlink()
    play(s, 1)                                        # retried at the next action
    assert s.save_problem is None and not problems.failing()
    again = Session.from_save(saves.load_save(saved_file(s))[0])
    assert again.match.log == s.match.log


def test_autosave_in_a_read_only_folder_plays_on(shadows_home):
    s = Session.new("chasing", humans(3), seed=12, pace=0)
    play(s, 2)
    before = saved_file(s).read_bytes()
    with read_only(saved_file(s).parent):
        play(s, 2)
        assert s.save_problem in ("the folder is read-only",
                                  "there is no permission to write there")
        assert "Play goes on" in problems.banner_text()
    assert saved_file(s).read_bytes() == before
    play(s, 1)
    assert s.save_problem is None
    assert len(saves.load_save(saved_file(s))[0]["match"]["log"]) == len(s.match.log)


def test_autosave_past_a_file_size_limit_plays_on(tmp_path):
    """The full-disk fault without root: RLIMIT_FSIZE in a child process."""
    result = run_python("""
        import json, tiny_game
        from game.session import SeatConfig, Session
        from game.storage.paths import user_dirs
        s = Session.new("chasing", [SeatConfig(n) for n in ("A", "B", "C")], seed=3, pace=0)
        for _ in range(60):
            s.update()
            d = s.decider()
            s.submit(d, s.legal_actions(d)[0])
        path = getattr(s, "save_path", None) or user_dirs().data_dir / "autosave.json"
        print(json.dumps({"problem": s.save_problem, "moves": len(s.match.log),
                          "saved": len(json.loads(path.read_text(encoding="utf-8"))["data"]["match"]["log"])}))
    """, tmp_path, fsize=2_000)   # saves are compact: about 1 KB at the start, 3 KB by move 60
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["problem"] == "the disk is full"
    assert 0 < out["saved"] < out["moves"]


def test_statistics_settings_and_notes_on_a_full_disk_do_not_raise(disk_home):
    from game.ui.hunters.notebook import Notebook

    s = Session.new("tiny", humans(2), seed=2, pace=0, autosave=False)
    s.update()
    s.submit(0, Action("bet"))
    s.update()
    s.submit(1, Action("fold"))
    assert s.is_over()
    filler = fill(disk_home)
    assert stats.record_result(s) is None
    assert settings.save_settings(settings.Settings()) is False
    Notebook(5).save()
    assert {p.what for p in problems.failing()} == {"statistics", "settings", "notes"}
    assert stats.load_stats()[0].games["tiny"]["played"] == 1   # waits in memory
    filler.unlink()
    assert stats.flush_pending()
    assert stats.load_stats()[0].games["tiny"]["played"] == 1
    assert json.loads(stats.stats_path().read_text(encoding="utf-8"))["data"]["games"]["tiny"]["played"] == 1


def test_crash_report_on_a_full_disk_leaves_no_empty_file(disk_home):
    from game import crash

    fill(disk_home)
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        report = crash.write_crash_report(exc)
    logs = user_dirs().log_dir
    assert not [p for p in logs.glob("crash-*.txt") if p.stat().st_size == 0]
    assert report is None or "boom" in report.read_text(encoding="utf-8")


def test_temp_files_of_interrupted_writes_are_cleaned_at_start(shadows_home):
    # A write cut off for real: the child is killed by SIGXFSZ in the middle of it.
    result = run_python("""
        import resource, signal
        from pathlib import Path
        from game.storage import jsonfile, paths
        d = paths.user_dirs().data_dir
        signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
        jsonfile.write_json_atomic(d / "saves" / "autosave.json", {"x": "y" * 100000})
    """, shadows_home)
    assert result.returncode != 0
    leftovers = list((shadows_home / "data" / "saves").glob(".autosave.json.*.tmp"))
    assert leftovers, "the interrupted write should have left its temporary file"
    mine = shadows_home / "data" / "notes.tmp"
    mine.write_text("not ours", encoding="utf-8")
    from game.storage import startup

    startup.prepare()
    assert not list((shadows_home / "data" / "saves").glob(".*.tmp"))
    assert mine.exists()


def test_the_folder_is_synced_after_the_rename(shadows_home, monkeypatch):
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    jsonfile.write_json_atomic(shadows_home / "x.json", {"a": 1})
    assert synced == [False, True]   # the file's data, then its folder


# --- 4. files that brick the app at start ---------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000


def _envelope(kind, data):
    return json.dumps({"kind": kind, "version": 1, "data": data})


@pytest.mark.parametrize("content", [
    _envelope("settings", {"volume": 0}).replace('"volume": 0', '"volume": ' + DEEP),
    _envelope("settings", {"volume": "X"}).replace('"X"', "1e400"),
    _envelope("settings", {"window_size": [1, 1]}).replace("[1, 1]", "[1e400, 1e400]"),
], ids=["deep", "volume-1e400", "window-1e400"])
def test_bad_settings_never_stop_the_start(shadows_home, content):
    path = settings.settings_path()
    path.write_text(content, encoding="utf-8")
    s, notice = settings.load_settings()
    w, h = s.window_size
    assert s.volume in range(0, 101) and 1024 <= w <= 8192 and 640 <= h <= 8192
    if notice:
        assert "kept as settings.damaged-" in notice and "default" in notice
        assert list(path.parent.glob("settings.damaged-*.json"))


def test_deeply_nested_save_is_kept_aside(shadows_home):
    path = (user_dirs().data_dir / "autosave.json")
    path.write_text(_envelope("autosave", {"x": 1}).replace("1", DEEP, 1), encoding="utf-8")
    saves.migrate_legacy()
    told = problems.take_notices()
    assert told and "nested far too deeply" in told[0]
    assert list(path.parent.glob("autosave.damaged-*.json")) and not path.exists()


@pytest.mark.parametrize("folder", ["logs", "data", "config"])
def test_a_file_where_a_folder_belongs_is_moved_aside(shadows_home, folder):
    blocker = shadows_home / folder
    if blocker.exists():
        blocker.rmdir() if blocker.is_dir() and not any(blocker.iterdir()) else None
    import shutil

    shutil.rmtree(blocker, ignore_errors=True)
    blocker.write_text("in the way", encoding="utf-8")
    d = user_dirs()
    assert all(p.is_dir() for p in (d.config_dir, d.data_dir, d.log_dir))
    kept = list(shadows_home.glob(f"{folder}.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "in the way"
    told = problems.take_notices()
    assert told and f"it is kept as {kept[0].name}" in told[0]


# --- 5. statistics of the wrong shape --------------------------------------------------------

@pytest.mark.parametrize("games", [
    {"harsh": "x"},
    {"chasing": {"played": 1, "players": []}},
    {"chasing": {"played": "many"}},
    {"chasing": {"played": 1, "players": {"Ann": {"played": 1, "score_sum": 0, "scored": 0}}}},
    [],
], ids=["game-str", "players-list", "played-str", "no-won", "games-list"])
def test_statistics_of_the_wrong_shape_are_kept_aside(shadows_home, games):
    path = stats.stats_path()
    path.write_text(json.dumps({"kind": "statistics", "version": 1, "data": {"games": games}}), encoding="utf-8")
    st, notice = stats.load_stats()
    assert st.games == {}
    assert "statistics.json was damaged" in notice and "statistics start afresh" in notice
    kept = list(path.parent.glob("statistics.damaged-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text(encoding="utf-8"))["data"]["games"] == games
    st.record("chasing", ["Ann", "Bo", "Cy"], [0])      # the end of a game still works
    stats.save_stats(st)
    assert stats.load_stats()[0].games["chasing"]["played"] == 1


# --- 6. notes -------------------------------------------------------------------------------

@pytest.mark.parametrize("notes", ["x", {"a": {"b": 1}}, {"0": {"x": {}}}, {"0": []}, [1]])
def test_wrong_shaped_notes_do_not_crash_continue(shadows_home, notes):
    from game.ui.hunters.notebook import Notebook, notes_path

    path = notes_path(7)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_envelope("hunters-notes", {"looked": True, "notes": notes}), encoding="utf-8")
    book = Notebook.load(7)
    assert book.looked


def test_notes_kept_aside_are_never_deleted_by_a_new_game(shadows_home):
    from game.ui.hunters.notebook import Notebook, notes_path

    path = notes_path(7)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ cut", encoding="utf-8")
    book = Notebook.load(7)
    assert "kept as seed-7.damaged-" in book.problem
    Notebook.fresh(7)
    Notebook.fresh(8)
    assert len(list(path.parent.glob("seed-7.damaged-*.json"))) == 1


# --- 7. a FIFO in place of a data file --------------------------------------------------------

@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="Windows has no FIFOs")
@pytest.mark.parametrize("where", ["config/settings.json", "data/statistics.json",
                                   "data/autosave.json", "data/saves/chasing-20260101-120000.json"])
def test_a_fifo_in_place_of_a_data_file_never_hangs(tmp_path, where):
    home = tmp_path / "home"
    (home / "data" / "saves").mkdir(parents=True)
    (home / "config").mkdir()
    os.mkfifo(home / where)
    result = run_python("""
        from game.storage import saves, settings, stats
        print(settings.load_settings()[1])
        print(stats.load_stats()[1])
        print([i.problem for i in saves.list_saves()])
        print(saves.load_autosave())
        from game.storage import problems
        print(problems.take_notices())
    """, home, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "it is not a regular file" in result.stdout
    if "saves/" in where:   # listed as unusable, never opened, never offered for Continue
        assert "(None, None)" in result.stdout
    else:                    # set aside, the app goes on with defaults
        assert not os.path.lexists(home / where)


# --- 8. a folder in place of last-finished-game.json ------------------------------------------

def test_a_folder_in_place_of_the_last_finished_game_does_not_stop_the_end(shadows_home):
    blocker = (user_dirs().data_dir / "last-finished-game.json")
    blocker.mkdir(parents=True)
    (blocker / "inside.txt").write_text("mine", encoding="utf-8")
    s = Session.new("tiny", humans(2), seed=2, pace=0)
    s.update()
    s.submit(0, Action("bet"))
    s.update()
    s.submit(1, Action("bet"))
    assert s.is_over() and s.save_problem is None
    assert json.loads(blocker.read_text(encoding="utf-8"))["data"]["finished"] is True
    kept = list(blocker.parent.glob("last-finished-game.damaged-*"))
    assert len(kept) == 1 and (kept[0] / "inside.txt").read_text(encoding="utf-8") == "mine"
    stats.record_result(s)
    assert stats.load_stats()[0].games["tiny"]["played"] == 1


# --- 9. a file that cannot be read ------------------------------------------------------------

def test_an_unreadable_file_is_left_where_it_is(nobody_home):
    path = settings.settings_path()
    settings.save_settings(settings.Settings(volume=33))
    st = stats.Statistics()
    st.record("tiny", ["A", "B"], [0])
    stats.save_stats(st)
    give_to_nobody(nobody_home)
    for p in (path, stats.stats_path()):
        if ROOT:
            os.chown(p, 0, 0)   # root's file, mode 000: user nobody cannot read it
        p.chmod(0o000)
    result = run_python("""
        import tiny_game
        from game.rules.protocol import Action
        from game.session import SeatConfig, Session
        from game.storage import settings, stats
        s, notice = settings.load_settings()
        print(notice)
        settings.save_settings(s)
        st, notice = stats.load_stats()
        print(notice)
        s = Session.new("tiny", [SeatConfig("A"), SeatConfig("B")], seed=2, pace=0, autosave=False)
        s.update(); s.submit(0, Action("bet")); s.update(); s.submit(1, Action("bet"))
        print(stats.record_result(s))
    """, nobody_home, as_nobody=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()[-3:]
    assert "settings.json cannot be read (no permission)" in lines[0]
    assert "left where it is" in lines[0] and "damaged" not in lines[0]
    assert "statistics.json cannot be read (no permission)" in lines[1]
    assert "results are not recorded" in lines[2]
    path.chmod(0o600)
    stats.stats_path().chmod(0o600)
    assert settings.load_settings()[0].volume == 33          # still there, untouched
    assert stats.load_stats()[0].games["tiny"]["played"] == 1
    assert not list(path.parent.glob("*.damaged-*"))


# --- 10 and 11. an autosave of another kind; messages that speak to people ---------------------

def test_an_old_autosave_of_another_kind_is_named_and_kept_aside(shadows_home):
    path = (user_dirs().data_dir / "autosave.json")
    path.write_text(_envelope("settings", {"volume": 3}), encoding="utf-8")
    assert not saves.has_autosave()
    told = problems.take_notices()
    assert told == [f"autosave.json was damaged (it holds settings, not a saved game); it is "
                    f"kept as {next(path.parent.glob('autosave.damaged-*.json')).name} and it "
                    "cannot be offered for Continue."]
    assert "a autosave" not in told[0]


def test_an_old_finished_autosave_is_moved_not_overwritten(shadows_home):
    s = Session.new("tiny", humans(2), seed=2, pace=0, autosave=False)
    s.update()
    s.submit(0, Action("bet"))
    s.update()
    s.submit(1, Action("bet"))
    jsonfile.write_versioned((user_dirs().data_dir / "autosave.json"), "autosave", 1, s.to_json())
    infos = saves.list_saves()
    assert len(infos) == 1 and infos[0].finished and infos[0].game_id == "tiny"
    other = Session.new("tiny", humans(2), seed=3, pace=0)
    play(other, 1)
    assert len(saves.list_saves()) == 2


def test_damaged_settings_message_speaks_to_people(shadows_home):
    path = settings.settings_path()
    path.write_text('{"kind": "settings", "version": 1, "data": {"volume": 3', encoding="utf-8")
    _, notice = settings.load_settings()
    kept = next(path.parent.glob("settings.damaged-*.json")).name
    assert notice == (f"settings.json was damaged (cut off in the middle); it is kept as {kept} "
                      "and the default settings are used.")


# --- 12. saves that were edited ---------------------------------------------------------------

def _saved_game(seats=None) -> dict:
    seats = seats or [SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy")]
    s = Session.new("chasing", seats, seed=21, pace=0, autosave=False)
    for _ in range(6):
        s.update()
        d = s.decider()
        if d >= 0 and s.seats[d].is_human:
            s.submit(d, s.legal_actions(d)[0])
        elif d >= 0:
            s._apply(d, s.legal_actions(d)[0])
    return s.to_json()


@pytest.mark.parametrize("field,value", [("at_screen", 99), ("at_screen", -1),
                                         ("at_screen", "x"), ("barrier", -10),
                                         ("barrier", 10_000), ("barrier", "x")])
def test_edited_fields_are_refused_with_a_message(field, value):
    data = _saved_game()
    data[field] = value
    with pytest.raises(ValueError) as err:
        Session.from_save(data)
    assert "Traceback" not in str(err.value)


def test_at_screen_on_a_computer_seat_is_refused():
    data = _saved_game([SeatConfig("Ann"), SeatConfig("Bo"), SeatConfig("Cy", "computer", "easy")])
    data["at_screen"] = 2
    with pytest.raises(ValueError, match="not a person"):
        Session.from_save(data)


def test_a_changed_seed_is_refused():
    data = _saved_game()
    data["match"]["seed"] += 1
    with pytest.raises(ValueError, match="seed"):
        Session.from_save(data)


def test_a_forged_chance_outcome_with_a_recomputed_state_is_refused():
    from game.match import Match, replay

    data = _saved_game()
    log = [(seat, Action.from_json(a)) for seat, a in data["match"]["log"]]
    first = next(i for i, (seat, _) in enumerate(log) if seat == CHANCE)
    state = Match.start("chasing", 3, 21, data["match"]["options"]).state
    for seat, a in log[:first]:
        state.apply(seat, a)
    forged = next(a for a in [state.sample_chance(__import__("random").Random(k))
                              for k in range(50)] if a != log[first][1])
    log = log[:first] + [(CHANCE, forged)]
    m = replay("chasing", 3, 21, data["match"]["options"], log)   # a consistent state
    data["match"] = m.to_json()
    data["barrier"] = len(log)
    with pytest.raises(ValueError, match="seed gives"):
        Session.from_save(data)


def test_a_save_that_replays_exactly_is_accepted():
    data = _saved_game()
    s = Session.from_save(data)
    assert s.to_json()["match"] == data["match"]


# --- 13. very long names -------------------------------------------------------------------------

def test_a_very_long_name_is_cut_on_load_and_fitting_is_fast():
    data = _saved_game()
    data["seats"][0]["name"] = "W" * 20_000
    s = Session.from_save(data)
    assert s.seats[0].name == "W" * 24
    import pygame

    from game.ui.table_base import fit

    pygame.font.init()
    start = time.process_time()
    for _ in range(5):
        fit("W" * 20_000, 16, 200)
    assert time.process_time() - start < 0.5


# --- 14. a remembered seed that is not a number ---------------------------------------------------

def test_a_remembered_seed_of_superscript_two_is_dropped():
    from game.catalog import get_game
    from game.ui.scenes.setup import merged_setup, parse_seed

    assert parse_seed("²") is None and parse_seed("0042") == 42 and parse_seed("1" * 10) is None
    setup = merged_setup(get_game("chasing"), {"seed": "²", "players": 1e400})
    assert setup["seed"] == ""


# --- also seen: a window bigger than the screen ------------------------------------------------

def test_settings_clamp_a_huge_window_to_the_display():
    s = settings.Settings(window_size=(16384, 16384)).validated()
    assert s.window_size == (8192, 8192)
    s.clamp_window((1920, 1080))
    assert s.window_size == (1920, 1080)


def test_notes_of_other_saved_games_survive_a_new_game(shadows_home):
    from game.ui.hunters.notebook import Notebook, notes_path

    for seed in (5, 6):
        s = Session.new("hunters", [SeatConfig(n) for n in ("A", "B", "C", "D")], seed=seed)
        s.update()
        book = Notebook(seed)
        book.set(0, 1, "Hunter")
    orphan = notes_path(9)
    orphan.write_text("{}", encoding="utf-8")
    Notebook.fresh(7)
    assert notes_path(5).exists() and notes_path(6).exists() and not orphan.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="Windows has no FIFOs")
def test_a_fifo_in_place_of_the_log_files_never_hangs(tmp_path):
    home = tmp_path / "home"
    (home / "logs").mkdir(parents=True)
    os.mkfifo(home / "logs" / "shadows.log")
    os.mkfifo(home / "logs" / "faults.log")
    result = run_python("""
        import faulthandler, logging
        faulthandler.disable()
        from game import crash
        print(crash.setup_logging())
        logging.getLogger("shadows").warning("a line")
    """, home, timeout=30)
    assert result.returncode == 0, result.stderr
    assert (home / "logs" / "shadows.log").is_file()
    assert "a line" in (home / "logs" / "shadows.log").read_text(encoding="utf-8")
    assert list((home / "logs").glob("shadows.log.damaged-*"))


def test_statistics_the_app_writes_pass_the_schema(shadows_home):
    st = stats.Statistics()
    st.record("harsh", ["Ann"], [], details={"difficulty": "expert", "outcome": "caught"})
    st.record("hunters", ["A", "B", "C", "D"], [0, 2], humans=[0, 1],
              levels=["normal", "normal", "hard", "easy"],
              details={"factions": ["hunter", "shadow", "hunter", "shadow"],
                       "characters": ["Emi", "Vampire", "George", "Werewolf"]})
    st.record("chasing", ["Ann", "Bo", "Cy"], [1], scores=[30, 12, 40.5])
    stats.save_stats(st)
    again, notice = stats.load_stats()
    assert notice is None and again.games == st.games
    assert not list(stats.stats_path().parent.glob("*.damaged-*"))
