"""The review through the real app: history, stepping, jumps, secrets, files, drops."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest
import tiny_game  # noqa: F401  (registers "tiny", before the menu is built)
from ui_helpers import click, click_at, find, key, step, type_text, until

from game.review.gamefile import export_game
from game.review.sample import play_record
from game.storage import history
from game.ui.review.files import OpenFileScene
from game.ui.scenes.history import HistoryScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.notice import NoticeScene

GAMES = [("chasing", 4, 5), ("harsh", 1, 11), ("hunters", 8, 3)]


@pytest.fixture(scope="module")
def records():
    return {g: play_record(g, n, seed) for g, n, seed in GAMES}


def open_from_history(app, records, game: str):
    history.save_history([records[g] for g, _, _ in GAMES])
    click(app, "#history")
    assert isinstance(app.top, HistoryScene)
    index = [g for g, _, _ in GAMES].index(game)
    click(app, f"#history_{index}")
    review = app.top
    assert getattr(review, "is_review", False) and review.record == records[game]
    return review


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_open_from_history_and_step_both_ways_to_the_end_and_back(app, records, game):
    review = open_from_history(app, records, game)
    n = review.replay.length
    start = review.position
    assert 0 < start < n                     # the first decision, after the deal
    key(app, pygame.K_HOME)
    assert review.position == 0
    for expected in range(1, n + 1):
        key(app, pygame.K_RIGHT)
        assert review.position == expected
    key(app, pygame.K_RIGHT)
    assert review.position == n and review.session.is_over()
    step(app, 1)
    for expected in range(n - 1, -1, -1):
        key(app, pygame.K_LEFT)
        assert review.position == expected
    step(app, 1)
    key(app, pygame.K_END)
    assert review.position == n
    # the table reads the review's session at the position on screen
    assert len(review.session.match.log) == n
    click(app, "#review_start")
    assert review.position == 0
    click(app, "#review_next_step")
    click(app, "#review_next_step")
    click(app, "#review_back_step")
    assert review.position == 1
    click(app, "#review_end")
    assert review.position == n
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, HistoryScene)


def test_jumps_with_page_keys_buttons_and_slider(app, records):
    review = open_from_history(app, records, "hunters")
    t = review.replay
    key(app, pygame.K_HOME)
    turns, deaths = t.marks["turn"], t.marks["death"]
    key(app, pygame.K_PAGEDOWN)
    assert review.position == turns[0]
    key(app, pygame.K_PAGEDOWN)
    assert review.position == turns[1]
    key(app, pygame.K_PAGEUP)
    assert review.position == turns[0]
    click(app, "#review_next_death")
    assert review.position == deaths[0]
    events = [e.kind for s, e in t.entries if s == review.position - 1]
    assert "death" in events
    click(app, "#review_prev_turn")
    assert review.position == max(p for p in turns if p < deaths[0])
    slider = find(app, "#review_slider")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=100,
                                         ui_element=slider, ui_object_id="#review_slider"))
    step(app, 1)
    assert review.position == 100
    # a click on a log line goes to that step
    rlog = review.rlog
    line = rlog.offset + 2
    click_at(app, (rlog.inner.x + 20, rlog.inner.y + 2 * rlog.line_h + rlog.line_h // 2))
    assert review.position == rlog.lines[line][0] + 1
    lo, hi = rlog.current_range()
    assert lo < hi and all(rlog.lines[i][0] == review.position - 1 for i in range(lo, hi))


def test_every_secret_is_face_up(app, records):
    review = open_from_history(app, records, "chasing")
    key(app, pygame.K_PAGEDOWN)                      # after the first trick
    view = review.live_view()
    assert all(card[0] == "card" for hand in view["hands"] for card in hand)
    assert sum(len(h) for h in view["hands"]) > 20
    assert view["follow"] and all(card[0] == "card" for card in view["follow"])
    assert all(card[0] == "card" for card in view["discard"])
    key(app, pygame.K_ESCAPE)
    click(app, "#history_2")                         # Shadow Hunters
    review = app.top
    key(app, pygame.K_PAGEDOWN)
    players = review.view()["players"]
    assert all(p["character"] for p in players)
    hidden = [p for p in players if p.get("secret")]
    assert hidden and all(not review.session.state.rev[p["seat"]] for p in hidden)
    key(app, pygame.K_ESCAPE)
    click(app, "#history_1")                         # Harsh Shadows
    review = app.top
    titles = [s.title for s in review.sections()]
    assert any(t.startswith("Spy deck") for t in titles)
    assert any(t.startswith("Discovery deck") for t in titles)


def test_chasing_round_scoresheet_and_harsh_hint_on_demand(app, records):
    from game.ui.chasing.overlays import RoundEndScene

    review = open_from_history(app, records, "chasing")
    key(app, pygame.K_HOME)
    key(app, pygame.K_r)
    assert app.top is review and "No round has ended" in review.status
    review.jump("round", True)
    key(app, pygame.K_r)
    assert isinstance(app.top, RoundEndScene)
    assert app.top.view["rounds_done"] == 1
    key(app, pygame.K_RETURN)
    assert app.top is review
    key(app, pygame.K_ESCAPE)
    click(app, "#history_1")
    review = app.top
    review.hints.budget_ms = 150
    key(app, pygame.K_END)
    key(app, pygame.K_h)
    assert "no decision" in review.status
    key(app, pygame.K_HOME)
    key(app, pygame.K_PAGEDOWN)
    click(app, "#review_hint")
    assert until(app, lambda: review.hints.result_for(review.step_key()) is not None, frames=2000)
    hint = review.sections()[0]
    assert hint.title.startswith("Hint") and all("%" in ln for ln in hint.lines)


def test_export_then_open_from_the_menu_gives_the_same_game(app, records, shadows_home):
    review = open_from_history(app, records, "harsh")
    click(app, "#review_export")
    assert isinstance(app.top, NoticeScene)
    files = list((shadows_home / "exports").glob("*.shadows.json"))
    assert len(files) == 1
    app.pop()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)
    click(app, "#open_file")
    assert isinstance(app.top, OpenFileScene)
    dialog = app.top.dialog
    entry = dialog.file_path_text_line
    entry.set_text("")
    click_at(app, entry.rect.center)
    type_text(app, str(files[0]))
    step(app, 2)
    click_at(app, dialog.ok_button.rect.center, frames=3)
    opened = app.top
    assert getattr(opened, "is_review", False)
    assert opened.record.log == review.record.log and opened.record.seed == review.record.seed
    assert opened.replay.length == review.replay.length


def test_a_dropped_file_opens_and_a_bad_one_is_refused(app, records, shadows_home, tmp_path):
    good = export_game(records["hunters"], tmp_path / "good")
    bad = tmp_path / "bad.shadows.json"
    data = records["hunters"].to_json()
    data["seed"] += 1
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = sorted(p.name for p in shadows_home.rglob("*"))
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(bad)))
    step(app, 2)
    assert isinstance(app.top, NoticeScene)
    assert "bad.shadows.json does not replay" in app.top.text and "seed" in app.top.text
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)
    assert sorted(p.name for p in shadows_home.rglob("*")) == before    # nothing changed
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(good)))
    step(app, 2)
    assert getattr(app.top, "is_review", False) and app.top.record.game == "hunters"


def test_a_game_in_progress_is_never_reviewed(app, records, tmp_path):
    from game.review.record import GameRecord
    from game.storage import saves
    from game.ui.review.files import open_game_file
    from game.ui.table_base import TableScene

    click(app, "#tile_chasing")
    click(app, "#start")
    table = app.find(TableScene)
    assert table is not None
    assert until(app, lambda: len(table.session.match.log) >= 2)   # dealt
    path = export_game(records["chasing"], tmp_path / "other")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    step(app, 2)
    assert isinstance(app.top, NoticeScene) and "Leave the game" in app.top.text
    app.pop_to(MenuScene)
    assert saves.has_autosave()
    # the unfinished game itself, in a file (or a crash report), is refused while it can
    # be continued: the review would show its secrets
    m = table.session.match
    mine = GameRecord(m.game_id, m.seed, m.options, tuple(table.session.seats), tuple(m.log))
    assert open_game_file(app, export_game(mine, tmp_path / "mine")) is None
    assert isinstance(app.top, NoticeScene) and "still being played" in app.top.text


def test_a_game_played_to_the_end_is_in_the_history_and_opens_for_review(app):
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.table_base import TableScene

    assert history.load_history() == ([], None)
    app.settings.animation_speed = "off"   # computers at once, however fast frames pass
    click(app, "#tile_tiny")
    assert isinstance(app.top, SetupScene)
    click(app, "#start")
    table = app.find(TableScene)
    assert until(app, lambda: app.top is table and table.choices)
    click(app, "#choice_0")
    assert until(app, lambda: isinstance(app.top, ResultsScene), frames=6000)
    (rec,), notice = history.load_history()
    assert notice is None and rec.game == "tiny" and rec.log == tuple(table.session.match.log)
    assert rec.winners == table.session.result().winners
    app.pop_to(MenuScene)
    click(app, "#history")
    click(app, "#history_0")
    review = app.top
    assert getattr(review, "is_review", False) and review.replay.length == len(rec.log)
    key(app, pygame.K_END)
    assert review.session.is_over()
    key(app, pygame.K_LEFT)
    assert review.position == len(rec.log) - 1


def test_every_review_hook_overrides_a_method_its_table_really_has():
    """The review draws secrets by overriding the tables' own drawing methods: a renamed
    table method must fail here, not leave a secret face down without a word."""
    from game.ui.opening import table_for
    from game.ui.review import games
    from game.ui.review.scene import ReviewMixin

    for game_id, hooks in games.HOOKS.items():
        table = table_for(game_id)
        for name, value in vars(hooks).items():
            if name.startswith("__") or not callable(value) or hasattr(ReviewMixin, name):
                continue
            if name in ("round_sheet", "game_key", "_draw_pile",     # the review's own
                        "toggle_secrets", "secrets_over_board"):
                continue
            assert hasattr(table, name), f"{table.__name__} has no {name} for the review to extend"


def test_opening_a_file_leaves_a_damaged_autosave_where_it_is(app, records, shadows_home, tmp_path):
    from game.storage import saves
    from game.ui.review.files import open_game_file

    saves.autosave_path().write_text("not json", encoding="utf-8")
    path = export_game(records["harsh"], tmp_path / "g")
    assert getattr(open_game_file(app, path), "is_review", False)
    assert saves.autosave_path().read_text(encoding="utf-8") == "not json"
