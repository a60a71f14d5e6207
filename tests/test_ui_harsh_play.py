"""Harsh Shadows at its table, headless: whole seeded games by clicks, the Bomb dialog,
undo and its barrier, the end screen and the statistics by difficulty."""

import pygame
import pytest
from harsh_ui_driver import find_seed, perform, start_harsh
from ui_helpers import click, key, step, until

from game.ai.harsh_hint import make_bot
from game.storage import stats as stats_store
from game.ui.harsh.ending import HarshResultsScene, final_case_files
from game.ui.scenes.stats import StatsScene

pytestmark = pytest.mark.animation_speed("off")


def play_out(app, table, seed, stop=None):
    """The easy autopilot decides from the view; every decision is clicked on screen."""
    bot = make_bot("easy", 0, seed=seed)
    for _ in range(400):
        if table.session.is_over() or (stop and stop(table.view())):
            return
        assert until(app, lambda: table.acting_seat() == 0 or table.session.is_over())
        if table.session.is_over():
            return
        perform(app, table, bot.choose(table.view(), table.actions()))
    raise AssertionError("the game did not end")


def test_a_seeded_standard_game_is_won_by_clicks_and_counted_by_difficulty(app):
    seed = find_seed("standard", lambda outcome, _: outcome == "won")
    table = start_harsh(app, seed=seed)
    play_out(app, table, seed)
    assert until(app, lambda: isinstance(app.top, HarshResultsScene))
    view = table.view()
    assert view["result"]["won"] and view["result"]["reason"] == "won"
    files = final_case_files(table.session, view)
    assert all(None not in f for f in files) and [len(f) for f in files] == [3, 1, 4]
    text = " ".join(b.text for b in app.top.panel.blocks)
    assert "apprehended" in text
    stats, _ = stats_store.load_stats()
    row = stats.games["harsh"]["difficulty"]["standard"]
    assert (row["played"], row["won"], row["streak"], row["best_streak"]) == (1, 1, 1, 1)
    click(app, "#see_table")
    assert app.top is table and table.session.is_over()
    click(app, "#results")
    assert isinstance(app.top, HarshResultsScene)
    scene = StatsScene(app, "harsh")
    titles = [b.text for b in scene.blocks(table.spec) if b.kind == "h"]
    assert "By difficulty" in titles


def test_a_lost_expert_game_reveals_every_case_file_and_breaks_the_streak(app):
    seed = find_seed("expert", lambda outcome, _: outcome == "countdown")
    table = start_harsh(app, seed=seed, difficulty="expert")
    play_out(app, table, seed)
    assert until(app, lambda: isinstance(app.top, HarshResultsScene))
    view = table.view()
    assert not view["result"]["won"]
    assert None in [s for f in view["case_files"] for s in f["slots"]]  # the view kept some hidden
    files = final_case_files(table.session, view)
    assert [len(f) for f in files] == [3, 2, 3] and all(None not in f for f in files)
    rows = [b for b in app.top.panel.blocks if b.kind == "table"][0].rows
    assert sorted(r[1] for r in rows) == sorted(n for f in files for n in f)
    stats, _ = stats_store.load_stats()
    row = stats.games["harsh"]["difficulty"]["expert"]
    assert (row["played"], row["won"], row["streak"]) == (1, 0, 0)


def test_the_bomb_opens_a_dialog_and_its_choice_is_taken(app):
    seed = find_seed("standard", lambda _, phases: "bomb" in phases)
    table = start_harsh(app, seed=seed)
    play_out(app, table, seed, stop=lambda v: v["phase"] == "bomb")
    assert table.dialog is not None and table.dialog.kind == "bomb"
    labels = [btn.text for btn, _ in table.option_buttons]
    assert len(labels) == 2 and "Defusing Kit" in labels[0]
    key(app, pygame.K_1)                     # highlights the Kit (the tables' digit rule)
    assert table.dialog is not None and table.view()["kit"] == "ready"
    key(app, pygame.K_RETURN, frames=2)      # Enter confirms it
    view = table.view()
    assert view["kit"] == "used" and view["phase"] == "actions"
    assert table.dialog is None


def test_undo_takes_back_a_choice_but_never_a_reveal(app):
    table = start_harsh(app, seed=2)
    undo = lambda: pygame.event.post(pygame.event.Event(  # noqa: E731
        pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    assert not table.session.can_undo()
    assert not table.buttons["undo"].is_enabled
    undo()
    step(app, 2)
    assert table.status_refused and "undo stops" in table.status
    # Find a move that lands on a Location where the bug may be placed.
    for _ in range(6):
        view = table.view()
        moves = [a for a in table.actions() if a.kind == "move"]
        target = next((a for a in moves if not view["grid"][a.args[0]]["star"]
                       and view["spy"] != a.args[0]), moves[0])
        perform(app, table, target)
        assert until(app, lambda: table.acting_seat() == 0)
        if table.view()["phase"] == "actions" and "bug" in table.buttons and \
                table.buttons["bug"].is_enabled:
            break
        while table.view()["phase"] != "move":
            acts = table.actions()
            perform(app, table, next((a for a in acts if a.kind == "end"), acts[-1]))
    assert not table.session.can_undo()  # the card found on arrival is a reveal
    before = table.view()["bug"]
    click(app, "#act_bug")
    assert table.view()["bug"]["state"] == "placed" and table.session.can_undo()
    assert table.buttons["undo"].is_enabled
    click(app, "#undo")
    assert table.view()["bug"] == before
    click(app, "#act_bug")
    click(app, "#act_end")  # the Spy card flips: nothing before it can be taken back
    assert until(app, lambda: table.acting_seat() == 0)
    if table.view()["phase"] == "move":
        assert not table.session.can_undo()
        undo()
        step(app, 2)
        assert table.status_refused


def test_a_saved_game_continues_at_the_harsh_table(app):
    from game.ui.harsh.table import HarshTableScene
    from game.ui.scenes.menu import MenuScene

    table = start_harsh(app, seed=3)
    table.session.autosave_enabled = True
    move = next(a for a in table.actions() if a.kind == "move")
    perform(app, table, move)
    log = list(table.session.match.log)
    key(app, pygame.K_ESCAPE)
    click(app, "#save_quit")
    assert isinstance(app.top, MenuScene)
    click(app, "#continue")
    resumed = app.top
    assert isinstance(resumed, HarshTableScene) and resumed is not table
    assert resumed.session.match.log == log
    assert resumed.view()["agent"] == move.args[0]
