"""Crash reports and the log file: where they go, what they hold, and that a crash in a
windowed build (no stdout/stderr) still ends with a report and a non-zero exit code."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path

import pytest
import tiny_game  # noqa: F401 - registers the "tiny" test game

from game import crash

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def home(shadows_home):
    """A fresh SHADOWS_HOME; afterwards our handler, hooks and context are undone so the
    rest of the test session logs and reports thread errors as before."""
    thread_hook = threading.excepthook
    root_level = logging.getLogger().level
    yield shadows_home
    threading.excepthook = thread_hook
    logging.getLogger().setLevel(root_level)
    logging.captureWarnings(False)
    crash.set_context(None)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, crash._ShadowsFileHandler):
            root.removeHandler(handler)
            handler.close()


def _game_context():
    return {
        "game": "chasing",
        "seed": 424242,
        "options": {"variant": "standard"},
        "log": [[-1, ["deal", [3, 1, 4]]], [0, ["play", ["blue", 5]]]],
    }


def _reports(home: Path) -> list[Path]:
    return sorted((home / "logs").glob("crash-*.txt"))


def test_log_dir_follows_shadows_home(home):
    assert crash.log_dir() == home / "logs"


def test_crash_writes_report_with_traceback_versions_seed_and_action_log(home):
    crash.set_context(_game_context)

    def main():
        raise ZeroDivisionError("the trick had no winner")

    assert crash.run_guarded(main, show_window=False) == 1
    [report] = _reports(home)
    text = report.read_text(encoding="utf-8")
    assert "ZeroDivisionError: the trick had no winner" in text
    assert "in main" in text  # the traceback names the failing function
    assert f"python: {sys.version.split()[0]}" in text
    assert "app: " in text and "platform: " in text
    context = json.loads(text.split("replay it exactly) ==\n", 1)[1])
    assert context == _game_context()


def test_report_from_a_real_session_replays_the_game_exactly(home):
    # The point of the context: a developer rebuilds the crashed game from the report.
    from game.match import Match
    from game.rules.protocol import Action
    from game.session import SeatConfig, Session

    session = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Ben")], seed=99)
    crash.set_context(session.crash_context)
    match = session.match
    for _ in range(6):
        match.run_chance()
        if match.decider() < 0:
            break
        match.apply(match.decider(), match.state.legal_actions()[-1])
    assert len(match.log) >= 3

    def main():
        raise RuntimeError("the table scene fell over")

    assert crash.run_guarded(main, show_window=False) == 1
    text = _reports(home)[0].read_text(encoding="utf-8")
    context = json.loads(text.split("replay it exactly) ==\n", 1)[1])
    replay = Match.start(context["game"], context["players"], context["seed"],
                         context["options"])
    for seat, action in context["log"]:
        replay.apply(seat, Action.from_json(action))  # chance outcomes too (seat CHANCE)
    assert replay.state.to_json() == match.state.to_json()


def test_report_says_so_when_no_game_is_in_progress(home):
    crash.set_context(lambda: None)
    crash.run_guarded(lambda: 1 / 0, show_window=False)
    assert "(no game in progress)" in _reports(home)[0].read_text(encoding="utf-8")


def test_broken_context_provider_does_not_hide_the_crash(home):
    def broken():
        raise KeyError("session already closed")

    crash.set_context(broken)
    assert crash.run_guarded(lambda: [][1], show_window=False) == 1
    text = _reports(home)[0].read_text(encoding="utf-8")
    assert "IndexError" in text
    assert "the game context could not be read" in text
    assert "session already closed" in text


def test_player_is_told_where_the_report_is(home, capsys):
    crash.run_guarded(lambda: 1 / 0, show_window=False)
    err = capsys.readouterr().err
    assert "stopped because of an error" in err
    assert str(_reports(home)[0]) in err


def test_exit_codes_pass_through(home):
    assert crash.run_guarded(lambda: None, show_window=False) == 0
    assert crash.run_guarded(lambda: 3, show_window=False) == 3

    def quits():
        sys.exit(2)

    def interrupted():
        raise KeyboardInterrupt

    assert crash.run_guarded(quits, show_window=False) == 2
    assert crash.run_guarded(interrupted, show_window=False) == 130
    assert _reports(home) == []  # none of these is a crash


def test_sys_exit_with_a_message_gives_one(home, capsys):
    def refuses():
        sys.exit("unknown flag --foo")

    assert crash.run_guarded(refuses, show_window=False) == 1
    assert "unknown flag --foo" in capsys.readouterr().err


def test_setup_logging_writes_a_rotating_file_in_shadows_home(home):
    path = crash.setup_logging()
    assert path == home / "logs" / crash.LOG_FILE_NAME
    assert crash.setup_logging() == path  # a second call adds no second handler
    ours = [h for h in logging.getLogger().handlers if isinstance(h, crash._ShadowsFileHandler)]
    assert len(ours) == 1
    handler = ours[0]
    assert handler.backupCount == crash.LOG_BACKUPS
    logging.getLogger("shadows.test").info("dealt a hand")
    handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "starting" in text and "dealt a hand" in text

    handler.maxBytes = 2000  # rotate quickly instead of writing 512 kB
    for i in range(150):
        logging.getLogger("shadows.test").warning("line %03d of a long evening", i)
    handler.flush()
    rotated = sorted(p.name for p in path.parent.glob(crash.LOG_FILE_NAME + ".*"))
    assert rotated == [f"{crash.LOG_FILE_NAME}.{n}" for n in range(1, crash.LOG_BACKUPS + 1)]
    assert all(p.stat().st_size <= 2000 + 200 for p in path.parent.glob("shadows.log*"))


def test_the_versions_reach_the_log_once_the_menu_is_up(home):
    from ui_helpers import make_app, step

    path = crash.setup_logging()
    a = make_app()
    try:
        a.step(1 / 60)
        for h in logging.getLogger().handlers:
            h.flush()
        assert "python" not in path.read_text(encoding="utf-8")  # not before the first frame
        step(a, 3)
        for h in logging.getLogger().handlers:
            h.flush()
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if "pygame-ce" in ln]
        assert len(lines) == 1, lines
        assert f"Shadows Tabletop {crash.app_version()} (" in lines[0]
        assert "python " in lines[0] and "pygame-gui " in lines[0]
    finally:
        a.quit()


def test_setup_logging_moves_with_shadows_home(home, tmp_path_factory, monkeypatch):
    first = crash.setup_logging()
    other = tmp_path_factory.mktemp("other-home")
    monkeypatch.setenv("SHADOWS_HOME", str(other))
    second = crash.setup_logging()
    assert second == other / "logs" / crash.LOG_FILE_NAME
    assert first != second
    ours = [h for h in logging.getLogger().handlers if isinstance(h, crash._ShadowsFileHandler)]
    assert [h.baseFilename for h in ours] == [str(second)]


def test_unusable_user_folder_falls_back_to_the_temp_folder(home, monkeypatch, tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the user folder should be", encoding="utf-8")
    monkeypatch.setenv("SHADOWS_HOME", str(blocker))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    path = crash.setup_logging()
    assert path == tmp_path / "temp" / crash.APP_NAME / crash.LOG_FILE_NAME
    assert crash.run_guarded(lambda: 1 / 0, show_window=False) == 1
    assert list((tmp_path / "temp" / crash.APP_NAME).glob("crash-*.txt"))


def test_exception_in_a_worker_thread_is_logged_with_a_report(home):
    crash.setup_logging()
    crash.set_context(_game_context)

    def worker():
        raise RuntimeError("the bot could not choose")

    # Thread.run reports through threading.excepthook, which setup_logging installed;
    # pytest swaps in its own hook around each test, so call ours the way Python would.
    thread = threading.Thread(target=worker, name="bot-seat-2")
    try:
        worker()
    except RuntimeError as exc:
        crash._thread_excepthook(threading.ExceptHookArgs(
            (RuntimeError, exc, exc.__traceback__, thread)))
    [report] = _reports(home)
    text = report.read_text(encoding="utf-8")
    assert "where: thread bot-seat-2" in text and "the bot could not choose" in text
    assert '"seed": 424242' in text
    log_text = (home / "logs" / crash.LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "Uncaught exception in thread bot-seat-2" in log_text


def test_crash_window_is_skipped_headless_and_for_self_test(monkeypatch):
    monkeypatch.delenv(crash.NO_WINDOW_ENV, raising=False)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert crash._want_window(None) is False
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setattr(sys, "argv", ["ShadowsTabletop", "--self-test"])
    assert crash._want_window(None) is False
    monkeypatch.setattr(sys, "argv", ["ShadowsTabletop"])
    assert crash._want_window(None) is True
    monkeypatch.setenv(crash.NO_WINDOW_ENV, "1")
    assert crash._want_window(None) is False
    assert crash._want_window(True) is True


def test_crash_window_draws_and_closes(tmp_path):
    # In a fresh interpreter, so its display.quit() cannot disturb other tests' windows.
    # With the dummy driver no key ever comes, so the window closes on its timeout.
    code = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from game import crash
        crash.CRASH_WINDOW_SECONDS = 0.3
        started = time.monotonic()
        crash._crash_window({str(tmp_path / ("a-long-folder-name" * 6) / "crash-1.txt")!r})
        import pygame
        assert not pygame.display.get_init()
        assert time.monotonic() - started < 10
        print("closed")
    """)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "closed"


_WINDOWED_CRASH = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    # A windowed Windows build starts without standard streams.
    sys.stdout = None
    sys.stderr = None
    from game import crash
    crash.setup_logging()
    crash.set_context(lambda: {{"game": "hunters", "seed": 7, "log": [[0, ["move", [3]]]]}})

    def main():
        raise RuntimeError("boom in the frozen app")

    raise SystemExit(crash.run_guarded(main))
""")


def test_windowed_crash_without_streams_writes_only_into_the_user_folder(tmp_path):
    app_dir = tmp_path / "ShadowsTabletop"  # plays the folder holding the executable
    app_dir.mkdir()
    home = tmp_path / "home"
    script = app_dir / "launch.py"
    script.write_text(_WINDOWED_CRASH.format(root=str(ROOT)), encoding="utf-8")
    env = {
        "PATH": "/usr/bin:/bin",
        "SHADOWS_HOME": str(home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run([sys.executable, str(script)], cwd=app_dir, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert done.stdout == "" and done.stderr == ""  # nothing may be printed: no streams
    assert sorted(p.name for p in app_dir.iterdir()) == ["launch.py"]
    [report] = sorted((home / "logs").glob("crash-*.txt"))
    text = report.read_text(encoding="utf-8")
    assert "boom in the frozen app" in text and '"seed": 7' in text
    assert "boom in the frozen app" in (home / "logs" / crash.LOG_FILE_NAME).read_text(
        encoding="utf-8")
