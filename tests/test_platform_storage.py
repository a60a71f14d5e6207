"""Storage on every desktop, with the platform faked where it matters: file names that
Windows accepts, atomic writes while another process holds the file (Windows), the
folder fsync Windows refuses, LF line endings everywhere, the old autosave in a
read-only folder, and settings with values this version cannot use."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
import source_trees
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import click, find, key, make_app, step

from game.session import SeatConfig, Session
from game.storage import filenames, jsonfile, problems, saves, startup
from game.storage import settings as settings_store
from game.storage.filenames import is_reserved, portable_name, unused_path
from game.storage.paths import user_dirs


@pytest.fixture(autouse=True)
def _fresh_problems():
    problems.clear()
    problems.take_notices()
    saves.forget_migration_tries()
    yield
    problems.clear()
    problems.take_notices()


# --- names Windows accepts ----------------------------------------------------------------

@pytest.mark.parametrize("stem", ["CON", "con", "Nul", "PRN", "AUX", "COM1", "LPT9", "com\u00b9",
                                  "CONIN$", "con "])
def test_device_names_get_a_prefix_even_with_an_extension(stem):
    name = portable_name(stem, ".shadows.json")
    assert not is_reserved(name) and name.endswith(".shadows.json")
    assert is_reserved(stem + ".json")


@pytest.mark.parametrize("stem,want", [
    ('a<b>c:d"e/f\\g|h?i*j', "a_b_c_d_e_f_g_h_i_j"),
    ("tab\there\x01", "tab_here_"),
    ("ends with dots...", "ends with dots"),
    ("ends with spaces   ", "ends with spaces"),
    ("  . ", "game"),
    ("", "game"),
    ("CONSOLE", "CONSOLE"),    # only the exact device names are reserved
    ("Chasing-Shadows-20261206-120000", "Chasing-Shadows-20261206-120000"),
])
def test_forbidden_characters_and_trailing_dots_and_spaces(stem, want):
    assert portable_name(stem, ".json") == want + ".json"


def test_a_long_name_is_cut_to_255_bytes_keeping_the_suffix():
    name = portable_name("é" * 300, ".shadows.json")
    assert len(name.encode("utf-8")) <= 255 and name.endswith(".shadows.json")


def test_a_deep_folder_shortens_the_name_to_fit_windows_path_limit():
    folder = Path("C:/Users") / ("x" * 200)
    name = portable_name("Shadow-Hunters-20261206-120000-and-more", ".shadows.json", folder)
    assert len(str(folder / name)) <= filenames.MAX_PATH
    assert name.startswith("Shadow-Hunters") and name.endswith(".shadows.json")


def test_unused_path_numbers_without_cutting_the_number_off(tmp_path):
    deep = tmp_path / ("d" * max(1, 230 - len(str(tmp_path))))
    deep.mkdir()
    first = unused_path(deep, "x" * 100, ".shadows.json")
    first.write_text("{}", encoding="utf-8")
    second = unused_path(deep, "x" * 100, ".shadows.json")
    assert second != first and second.name.endswith("-2.shadows.json")
    assert len(str(second)) <= filenames.MAX_PATH


def test_new_save_names_are_portable(shadows_home):
    for game_id in ("con", "Chasing Shadows", "a/b", "nul"):
        path = saves.new_save_path(game_id)
        assert portable_name(path.stem, ".json") == path.name and not is_reserved(path.name)
        assert saves.SLOT_NAME.match(path.name)


def test_save_to_and_export_names_are_portable(tmp_path):
    from types import SimpleNamespace

    from game.ui.scenes.save_to import file_name

    session = SimpleNamespace(spec=SimpleNamespace(title='Odd: "title"?'))
    name = file_name(session, tmp_path)
    assert name.endswith(".shadows.json") and not set('<>:"/\\|?*') & set(name)


# --- atomic writes on Windows --------------------------------------------------------------

def _held_open(times: int):
    """os.replace failing like Windows' sharing violation ``times`` times, then working."""
    calls = []
    real = os.replace

    def replace(src, dst):
        calls.append(dst)
        if len(calls) <= times:
            raise PermissionError(errno.EACCES, "The process cannot access the file because "
                                  "it is being used by another process", str(dst))
        real(src, dst)
    return replace, calls


def test_windows_retries_the_rename_while_another_process_holds_the_file(tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr(jsonfile, "on_windows", lambda: True)
    replace, calls = _held_open(3)
    monkeypatch.setattr(jsonfile.os, "replace", replace)
    waits = []
    monkeypatch.setattr(jsonfile.time, "sleep", waits.append)
    target = tmp_path / "x.json"
    jsonfile.write_json_atomic(target, {"a": 1})
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": 1}
    assert len(calls) == 4 and waits == [0.02, 0.04, 0.08]


def test_windows_gives_up_after_a_while_and_keeps_the_old_file(tmp_path, monkeypatch):
    monkeypatch.setattr(jsonfile, "on_windows", lambda: True)
    target = tmp_path / "x.json"
    jsonfile.write_json_atomic(target, {"old": True})
    replace, calls = _held_open(99)
    monkeypatch.setattr(jsonfile.os, "replace", replace)
    monkeypatch.setattr(jsonfile.time, "sleep", lambda s: None)
    with pytest.raises(PermissionError):
        jsonfile.write_json_atomic(target, {"new": True})
    assert len(calls) == jsonfile.REPLACE_TRIES
    assert json.loads(target.read_text(encoding="utf-8")) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]   # no temporary file left


def test_elsewhere_a_refused_rename_is_not_retried(tmp_path, monkeypatch):
    monkeypatch.setattr(jsonfile, "on_windows", lambda: False)
    replace, calls = _held_open(1)
    monkeypatch.setattr(jsonfile.os, "replace", replace)
    with pytest.raises(PermissionError):
        jsonfile.replace_file(tmp_path / "a", tmp_path / "b", sleep=pytest.fail)
    assert len(calls) == 1


def test_on_windows_reads_os_name(monkeypatch):
    monkeypatch.setattr(jsonfile.os, "name", "nt")
    assert jsonfile.on_windows()
    monkeypatch.setattr(jsonfile.os, "name", "posix")
    assert not jsonfile.on_windows()


def test_the_folder_fsync_is_skipped_on_windows(tmp_path, monkeypatch):
    opened = []
    monkeypatch.setattr(jsonfile.os, "open", lambda *a, **k: opened.append(a) or 0)
    monkeypatch.setattr(jsonfile, "on_windows", lambda: True)
    jsonfile.sync_folder(tmp_path)
    assert opened == []


def test_elsewhere_the_folder_is_synced_and_a_refusal_is_harmless(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(jsonfile, "on_windows", lambda: False)

    def fsync(fd):
        synced.append(fd)
        raise OSError(errno.EINVAL, "Invalid argument")
    monkeypatch.setattr(jsonfile.os, "fsync", fsync)
    jsonfile.sync_folder(tmp_path)
    assert len(synced) == 1


def test_files_are_written_with_lf_endings_and_utf8(tmp_path):
    target = tmp_path / "x.json"
    jsonfile.write_versioned(target, "settings", 1, {"name": "Zoë", "list": [1, 2]})
    raw = target.read_bytes()
    assert b"\r\n" not in raw and b"\n" in raw
    raw.decode("utf-8")


# --- the old autosave in a read-only data folder -------------------------------------------

def _old_autosave(seed=77) -> Session:
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo", "computer", "easy")],
                    seed=seed, autosave=False)
    s.update()
    jsonfile.write_versioned(user_dirs().data_dir / "autosave.json", "autosave", 1, s.to_json())
    return s


@pytest.fixture
def read_only_data(monkeypatch):
    """The data folder refuses new entries the way a read-only folder does (the tests run
    as root, for whom chmod refuses nothing): making saves/ or renaming into it fails."""
    real_mkdir = Path.mkdir
    state = {"read_only": True}

    def mkdir(self, *args, **kwargs):
        if state["read_only"] and self.name == "saves" and not self.exists():
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)
    monkeypatch.setattr(Path, "mkdir", mkdir)
    return state


def test_a_failed_migration_is_tried_once_names_the_real_error_and_continues_in_place(
        shadows_home, read_only_data):
    s = _old_autosave()
    old = saves.legacy_path()
    startup.prepare()
    for _ in range(50):   # the menu lists the saves on every build
        listed = saves.list_saves()
    told = problems.take_notices()
    assert len(told) == 1
    assert "no permission" in told[0] and "no such file" not in told[0]
    assert "can still be continued" in told[0]
    assert [i.path for i in listed] == [old]
    info = saves.latest_unfinished()
    assert info is not None and info.path == old and info.problem is None
    data, notice = saves.load_save(old)
    assert notice is None and data["match"]["seed"] == s.match.seed
    assert old.exists()


def test_the_next_start_tries_the_move_again(shadows_home, read_only_data):
    _old_autosave()
    startup.prepare()
    problems.take_notices()
    read_only_data["read_only"] = False    # the folder is writable again
    startup.prepare()
    assert not saves.legacy_path().exists()
    assert [i.path.parent.name for i in saves.list_saves()] == ["saves"]
    assert problems.take_notices() == []


def test_in_the_app_the_notice_comes_once_and_continue_resumes_the_old_file(
        shadows_home, read_only_data):
    s = _old_autosave(seed=91)
    a = make_app()
    a.settings.animation_speed = "off"
    step(a, 3)
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.notice import NoticeScene
    from game.ui.table_base import TableScene

    assert isinstance(a.top, NoticeScene) and "no permission" in a.top.text
    key(a, 13)  # Enter
    for _ in range(5):
        a.top.rebuild()
        step(a, 2)
        assert isinstance(a.top, MenuScene), "the notice came back"
    assert find(a, "#continue").is_enabled
    click(a, "#continue")
    assert isinstance(a.top, TableScene)
    assert a.top.session.match.seed == 91 and a.top.session.match.log == s.match.log
    a.quit()


# --- settings with values this version cannot use -------------------------------------------

def test_bad_settings_are_kept_aside_byte_for_byte_and_said_once(shadows_home):
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    original = json.dumps({"kind": "settings", "version": 1, "data": {
        "volume": "loud", "animation_speed": "warp", "muted": False,
        "window_size": [1280, 720]}}, indent=3).encode("utf-8") + b"\r\n"
    path.write_bytes(original)
    s, notice = settings_store.load_settings()
    assert s.volume == 70 and s.animation_speed == "normal" and s.muted is False
    kept = list(path.parent.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert notice == (f"settings.json had values this version cannot use (volume, "
                      f"animation_speed); the original is kept as {kept[0].name} and the "
                      "defaults are used for those.")
    again, notice = settings_store.load_settings()
    assert notice is None and again == s
    assert len(list(path.parent.glob("settings.damaged-*.json"))) == 1


def test_good_settings_are_neither_copied_nor_mentioned(shadows_home):
    settings_store.save_settings(settings_store.Settings(volume=30))
    s, notice = settings_store.load_settings()
    assert notice is None and s.volume == 30
    assert not list(settings_store.settings_path().parent.glob("*.damaged-*"))


def test_bad_settings_in_the_app_show_one_notice(shadows_home):
    path = settings_store.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"kind": "settings", "version": 1,
                                "data": {"volume": -5}}), encoding="utf-8")
    a = make_app()
    step(a, 3)
    from game.ui.scenes.notice import NoticeScene

    assert isinstance(a.top, NoticeScene) and "(volume)" in a.top.text
    key(a, 13)
    step(a, 3)
    assert not isinstance(a.top, NoticeScene)
    assert a.settings.volume == 0
    a.quit()


# --- encodings are always given ---------------------------------------------------------------

def _text_io_without_encoding(path: Path) -> list[int]:
    """Lines of builtin open() in text mode, read_text() and write_text() calls that leave
    the encoding to the locale (cp1252 on many Windows machines)."""
    import ast

    lines = []
    for node in source_trees.nodes(path):
        if not isinstance(node, ast.Call) or any(k.arg == "encoding" for k in node.keywords):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("read_text", "write_text"):
            lines.append(node.lineno)
        elif isinstance(func, ast.Name) and func.id == "open":
            mode = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "mode"), None)
            if not (isinstance(mode, ast.Constant) and "b" in str(mode.value)):
                lines.append(node.lineno)
    return lines


def test_the_app_and_its_tools_always_name_the_encoding():
    root = Path(__file__).resolve().parent.parent
    found = {str(p.relative_to(root)): _text_io_without_encoding(p)
             for folder in ("game", "build_scripts") for p in sorted((root / folder).rglob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}


# --- flags and file descriptors that only some OSes have ----------------------------------------

def test_reading_and_writing_without_the_posix_only_open_flags(tmp_path, monkeypatch):
    # Windows has no O_NONBLOCK or O_DIRECTORY (and needs O_BINARY, which POSIX lacks)
    for flag in ("O_NONBLOCK", "O_DIRECTORY"):
        monkeypatch.delattr(jsonfile.os, flag, raising=False)
    monkeypatch.setattr(jsonfile.os, "O_BINARY", 0, raising=False)
    target = tmp_path / "x.json"
    jsonfile.write_versioned(target, "settings", 1, {"a": 1})
    assert jsonfile.read_json(target, "settings", 1) == {"a": 1}
    assert jsonfile.peek_json(target)["data"] == {"a": 1}
    kept = jsonfile.keep_copy(target, b"original")
    assert kept.read_bytes() == b"original"


def test_a_windowed_windows_app_without_fd_2_still_plays_sound_setup(monkeypatch):
    # A frozen windowed app on Windows has no standard error at all: os.dup(2) fails
    from game.ui import sound

    def no_fd(fd):
        raise OSError(errno.EBADF, "Bad file descriptor")
    monkeypatch.setattr(sound.os, "dup", no_fd)
    ran = []
    with sound.quiet_native_stderr():
        ran.append(True)
    assert ran == [True]
