"""Saves never vanish (issue 11) and the app shell under real storage faults (issue 12),
driven through the real app with posted events."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from faults import fill
from ui_helpers import click, click_at, find, key, make_app, step, type_text, until

from game.session import SeatConfig, Session
from game.storage import jsonfile, problems, saves
from game.storage.paths import user_dirs
from game.ui.scenes.confirm import ConfirmScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.notice import NoticeScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.save_to import SaveToScene
from game.ui.scenes.saves import SavesScene
from game.ui.scenes.setup import SetupScene
from game.ui.table_base import TableScene


@pytest.fixture(autouse=True)
def _fresh_problems():
    problems.clear()
    problems.take_notices()
    yield
    problems.clear()


pytestmark = pytest.mark.animation_speed("off")


def start_tiny(app, players: int = 2, seed: str = "") -> TableScene:
    click(app, "#tile_tiny")
    assert isinstance(app.top, SetupScene)
    click(app, f"#players_{players}")
    for seat in range(players):
        click(app, f"#kind_{seat}_{'human' if seat == 0 else 'computer'}")
    if seed:
        app.top.setup["seed"] = seed
    click(app, "#start")
    table = app.find(TableScene)
    assert until(app, lambda: app.top is table and table.choices)
    return table


def save_and_quit(app) -> None:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    click(app, "#save_quit")
    assert isinstance(app.top, MenuScene)


# --- issue 11: saves never vanish ----------------------------------------------------------

def test_a_new_game_never_overwrites_a_saved_one_and_the_list_shows_both(app):
    first = start_tiny(app, seed="111")
    first_log = list(first.session.match.log)
    save_and_quit(app)
    second = start_tiny(app, players=3, seed="222")
    save_and_quit(app)
    assert find(app, "#saved_games").text == "Saved games (2)"
    click(app, "#saved_games")
    assert isinstance(app.top, SavesScene)
    rows = app.top.rows
    assert [info.players for _, info in rows] == [3, 2]           # newest on top
    assert rows[0][1].path == second.session.save_path
    assert rows[1][1].path == first.session.save_path
    click(app, "#resume_1")                                        # the older one
    resumed = app.top
    assert isinstance(resumed, TableScene)
    assert resumed.session.match.seed == 111 and resumed.session.match.log == first_log


def test_continue_on_the_menu_names_what_it_resumes(app):
    start_tiny(app, players=3)
    save_and_quit(app)
    text = find(app, "#continue").text
    assert text.startswith("Continue: Tiny Test Game, turn ") and text.endswith("3 players")


def test_delete_asks_first_and_keep_keeps(app):
    start_tiny(app, seed="5")
    save_and_quit(app)
    start_tiny(app, seed="6")
    save_and_quit(app)
    click(app, "#saved_games")
    newest = app.top.rows[0][1].path
    click(app, "#delete_0")
    assert isinstance(app.top, ConfirmScene) and "cannot be brought back" in app.top.text
    click(app, "#keep")
    assert isinstance(app.top, SavesScene) and newest.exists() and len(app.top.rows) == 2
    click(app, "#delete_0")
    key(app, pygame.K_RETURN)                    # Enter is the careful answer: keep
    assert newest.exists()
    click(app, "#delete_0")
    click(app, "#confirm_delete")
    assert isinstance(app.top, SavesScene)
    assert not newest.exists() and len(app.top.rows) == 1
    assert app.top.rows[0][1].path != newest


def test_a_finished_game_is_kept_until_the_next_game_starts(app):
    table = start_tiny(app)
    click(app, "#choice_0")
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=900)
    path = table.session.save_path
    assert json.loads(path.read_text(encoding="utf-8"))["data"]["finished"] is True
    click(app, "#to_menu")
    assert not find(app, "#continue").is_enabled        # nothing to continue
    click(app, "#saved_games")
    assert [i.finished for _, i in app.top.rows] == [True]
    click(app, "#review_0")                              # a later look at the results
    assert isinstance(app.top, ResultsScene)
    step(app, 5)
    from game.storage import stats as stats_store

    assert stats_store.load_stats()[0].games["tiny"]["played"] == 1   # counted once
    click(app, "#to_menu")
    assert isinstance(app.top, MenuScene)
    start_tiny(app)                                      # the next game starts
    # the finished game's save is gone (a new game started in the same second may reuse
    # its free file name, so look at what the saves are, not at the name)
    assert not any(i.finished for i in saves.list_saves())
    assert (user_dirs().data_dir / "last-finished-game.json").exists()


def test_an_old_single_autosave_is_moved_in_and_continues(shadows_home):
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo", "computer", "easy")], seed=77,
                    autosave=False)
    s.update()
    jsonfile.write_versioned(user_dirs().data_dir / "autosave.json", "autosave", 1, s.to_json())
    a = make_app()
    step(a, 2)
    assert isinstance(a.top, MenuScene)
    assert find(a, "#continue").is_enabled
    click(a, "#continue")
    assert isinstance(a.top, TableScene)
    assert a.top.session.match.seed == 77 and a.top.session.match.log == s.match.log
    assert not (user_dirs().data_dir / "autosave.json").exists()
    a.quit()


# --- issue 12 in the app ------------------------------------------------------------------------

@pytest.fixture
def disk_app(disk_home):
    """The app on a tiny disk of its own (conftest's disk_home)."""
    a = make_app()
    a.settings.animation_speed = "off"
    step(a, 2)
    yield a, disk_home
    a.quit()


def test_full_disk_shows_a_banner_and_save_to_keeps_the_game(disk_app, tmp_path):
    app, home = disk_app
    table = start_tiny(app, players=3)
    session = table.session
    session.flush_saves()                       # a computer's move may still be on its way to disk
    saved = session.save_path.read_bytes()
    filler = fill(home)
    click(app, "#choice_0")                     # the move is made; its save fails
    step(app, 3)
    for _ in range(60):     # the last move ends the game: it is recorded in a frame of its linger
        if getattr(table, "_ending_notice", False) is not False:
            break
        step(app)
    step(app)               # the banner now speaks of the statistics and the history too
    assert app.top is table or isinstance(app.top, (ResultsScene, TableScene))
    assert app.banner.shown and "the disk is full" in app.banner.text
    assert session.save_path.read_bytes() == saved          # the old save is untouched
    click_at(app, app.banner.button.rect.center, frames=3)
    assert isinstance(app.top, SaveToScene)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app.top.entry.set_text("")
    app.top.entry.focus()
    type_text(app, str(elsewhere))
    click(app, "#save_here")
    assert isinstance(app.top, NoticeScene) and str(elsewhere) in app.top.text
    files = list(elsewhere.glob("*.json"))
    assert len(files) == 1
    assert json.loads(files[0].read_text(encoding="utf-8"))["data"]["match"]["log"] == [
        [seat, a.to_json()] for seat, a in session.match.log]
    key(app, pygame.K_RETURN)
    step(app, 3)
    # the game is safe in the chosen folder; only what else failed is still said
    assert "game" not in {p.what for p in problems.failing()}
    assert app.banner.button is None and "Saving the game" not in app.banner.text
    filler.unlink()
    app._retry_at = 0.0
    step(app, 2)                                 # the waiting results are written now
    assert not app.banner.shown


def test_quit_asks_only_when_the_game_could_not_be_saved(disk_app):
    app, home = disk_app
    table = start_tiny(app, players=3)
    filler = fill(home)
    click(app, "#choice_0")
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 2)
    assert app.running and isinstance(app.top, ConfirmScene)
    click(app, "#keep_playing")
    assert app.running and app.top is not None
    filler.unlink()
    if not table.session.is_over():
        assert table.session.save_now() is None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app, 1)
    assert not app.running


def test_keys_queued_in_one_frame_do_not_carry_over_to_the_next_screen(app):
    app.notify("Something to read.")
    step(app, 2)
    assert isinstance(app.top, NoticeScene)
    for k in (pygame.K_RETURN, pygame.K_UP, pygame.K_RETURN):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    step(app, 3)
    assert app.running and isinstance(app.top, MenuScene) and app.top.selected is None


def test_the_app_starts_through_every_bad_file_and_says_so_once(shadows_home):
    d = user_dirs()
    (d.config_dir / "settings.json").write_text(
        '{"kind": "settings", "version": 1, "data": {"volume": ' + "[" * 50000 + "]" * 50000 + "}}", encoding="utf-8")
    (d.data_dir / "statistics.json").write_text(json.dumps(
        {"kind": "statistics", "version": 1, "data": {"games": {"harsh": "x"}}}), encoding="utf-8")
    (d.data_dir / "autosave.json").write_text(json.dumps(
        {"kind": "settings", "version": 1, "data": {}}), encoding="utf-8")
    shutil.rmtree(d.log_dir)
    d.log_dir.write_text("a file where the log folder belongs", encoding="utf-8")
    a = make_app()
    step(a, 3)
    assert isinstance(a.top, NoticeScene) and a.top.title == "Some files needed attention"
    text = a.top.text
    assert "settings.json was damaged (it is nested far too deeply)" in text
    assert "autosave.json was damaged (it holds settings, not a saved game)" in text
    assert "A file named logs stood where the folder logs belongs" in text
    key(a, pygame.K_RETURN)
    assert isinstance(a.top, MenuScene)
    step(a, 5)
    assert isinstance(a.top, MenuScene)                 # said once
    click(a, "#statistics")
    step(a, 2)
    assert isinstance(a.top, NoticeScene) and "statistics.json was damaged" in a.top.text
    key(a, pygame.K_RETURN)
    a.quit()


def test_continue_of_an_edited_save_is_refused_with_a_message(app):
    table = start_tiny(app)
    save_and_quit(app)
    path = table.session.save_path
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["data"]["at_screen"] = 99
    path.write_text(json.dumps(raw), encoding="utf-8")
    click(app, "#saved_games")
    click(app, "#resume_0")
    assert isinstance(app.top, NoticeScene) and "cannot be continued" in app.top.text
    assert not path.exists() and list(path.parent.glob("*.damaged-*.json"))


def test_a_very_long_seat_name_continues_quickly(app):
    import time

    table = start_tiny(app)
    save_and_quit(app)
    path = table.session.save_path
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["data"]["seats"][0]["name"] = "N" * 20_000
    path.write_text(json.dumps(raw), encoding="utf-8")
    start = time.process_time()
    click(app, "#continue")
    step(app, 5)
    assert isinstance(app.top, TableScene) and app.top.session.seats[0].name == "N" * 24
    assert time.process_time() - start < 3.0


def test_the_saved_games_list_fits_and_pages(app):
    for seed in range(1, 13):
        s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo")], seed=seed)
        s.update()
    step(app, 1)
    app.top.rebuild()
    click(app, "#saved_games")
    scene = app.top
    assert len(scene.rows) < 12 and scene.pages > 1
    for rect, _ in scene.rows:
        assert rect.bottom <= find(app, "#back").rect.top
    click(app, "#older")
    assert app.top.page == 1


def test_the_file_a_player_chose_is_a_real_save(tmp_path):
    # Save to… writes the same versioned save the app reads back.
    s = Session.new("tiny", [SeatConfig("Ann"), SeatConfig("Bo")], seed=3, autosave=False)
    s.update()
    target = Path(tmp_path) / "mine.json"
    s.save_to(target)
    data, notice = saves.load_save(target)
    assert notice is None and Session.from_save(data).match.log == s.match.log


def test_leaving_a_game_that_cannot_be_saved_asks_first(disk_app):
    app, home = disk_app
    table = start_tiny(app, players=4)
    path = table.session.save_path
    table.session.flush_saves()                 # a computer's move may still be on its way to disk
    saved = path.read_bytes()
    filler = fill(home)
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    assert isinstance(app.top, ConfirmScene) and "could not be saved (the disk is full)" in app.top.text
    click(app, "#stay")
    assert isinstance(app.top, PauseScene)
    click(app, "#save_quit")
    click(app, "#leave_anyway")
    assert isinstance(app.top, MenuScene)
    step(app, 2)
    assert not app.banner.shown                 # no game left to warn about
    assert path.read_bytes() == saved           # the last good save is still there
    filler.unlink()


@pytest.mark.parametrize("game_id,players", [("chasing", 3), ("harsh", 1), ("hunters", 4)])
def test_a_finished_real_game_opens_on_its_results(app, game_id, players):
    from game.selftest import _play_out

    seats = [SeatConfig(f"P{i + 1}") for i in range(players)]
    s = Session.new(game_id, seats, seed=5, pace=0, autosave=False)
    _play_out(s)
    path = saves.save_autosave(s.to_json())
    scenes_before = len(app.scenes)
    from game.ui.opening import open_saved_game

    table = open_saved_game(app, path)
    step(app, 10)
    assert table is not None and table.session.is_over()
    assert len(app.scenes) == scenes_before + 2 and app.top is not table   # results on top
