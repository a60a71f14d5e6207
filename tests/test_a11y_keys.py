"""Issue 44: the keyboard alone. F1 or ? lists the keys of the screen; Settings → Keys moves
the table keys (a taken or kept key is refused with why, Reset brings the defaults back,
the choice is kept across restarts); a moved key works at the table and its old key no
longer does; a whole game is played by posted key events only."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import click, key, make_app, step, until

from game.ui import controls, navigation
from game.ui.keys_screen import KeysHelpScene, KeysScene

pytestmark = pytest.mark.animation_speed("off")


def press(app, k: int, mod: int = 0, unicode: str = "", frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, scancode=0))
    step(app, frames)


def open_keys(app) -> KeysScene:
    navigation.push(app, "settings")
    step(app, 2)
    click(app, "#keys")
    assert isinstance(app.top, KeysScene)
    return app.top


def test_f1_and_question_mark_list_the_keys_of_the_screen(app):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert isinstance(app.top, KeysHelpScene)
    texts = " ".join(b.text for b in app.top.panel.blocks) + " ".join(
        " ".join(map(str, r)) for b in app.top.panel.blocks for r in b.rows)
    assert "Tab" in texts and "Escape" in texts
    press(app, pygame.K_F1)
    assert not isinstance(app.top, KeysHelpScene)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy"),
             SeatConfig("Cy", "computer", "easy")]
    table = start_game(app, "chasing", seats, 21, {})
    assert until(app, lambda: app.top is table)
    press(app, pygame.K_F1)
    assert isinstance(app.top, KeysHelpScene) and app.top.below is table
    rows = [r for b in app.top.panel.blocks for r in b.rows]
    assert ("S, L", controls.GAMES["chasing"][0][1]) in rows   # this game's own keys
    press(app, pygame.K_ESCAPE)
    assert app.top is table


def test_keys_are_moved_refused_reset_and_kept(shadows_home):
    app = make_app()
    try:
        step(app, 2)
        scene = open_keys(app)
        click(app, "#key_hint")
        assert scene.listening == "hint"
        press(app, pygame.K_F2)
        assert app.settings.keys == {"hint": "f2"}
        click(app, "#key_log")
        press(app, pygame.K_F2)                      # taken by Hint
        assert app.settings.keys == {"hint": "f2"} and "already does Hint" in scene.note
        click(app, "#key_log")
        press(app, pygame.K_s)                       # kept for Chasing's sheets
        assert "kept for" in scene.note and "log" not in app.settings.keys
        click(app, "#key_pause")
        press(app, pygame.K_LCTRL, pygame.KMOD_LCTRL)   # a modifier alone: still listening
        assert scene.listening == "pause"
        press(app, pygame.K_p, pygame.KMOD_LCTRL)
        assert app.settings.keys == {"hint": "f2", "pause": "ctrl+p"}
        click(app, "#key_undo")
        press(app, pygame.K_ESCAPE)                  # Esc keeps the old key
        assert "undo" not in app.settings.keys and "Kept" in scene.note
    finally:
        app.quit()
    again = make_app()
    try:
        assert again.settings.keys == {"hint": "f2", "pause": "ctrl+p"}
        step(again, 2)
        open_keys(again)
        click(again, "#keys_reset")
        assert again.settings.keys == {}
    finally:
        again.quit()


def test_damaged_keys_in_the_settings_file_go_back_to_their_defaults():
    from game.storage.settings import Settings

    s = Settings(keys={"hint": "f2", "pause": "f2", "jump": "j", "log": 5, "undo": "u"})
    assert s.validated().keys == {"undo": "u"}     # f2 twice: neither; unknown and odd: gone
    assert Settings(keys="h").validated().keys == {}


def test_a_moved_key_works_at_the_table_and_the_old_one_does_not(app):
    from game.session import SeatConfig
    from game.ui.opening import start_game
    from game.ui.scenes.pause import PauseScene

    app.settings.keys = {"pause": "p"}
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy"),
             SeatConfig("Cy", "computer", "easy")]
    table = start_game(app, "chasing", seats, 21, {})
    assert until(app, lambda: app.top is table)
    press(app, pygame.K_ESCAPE)
    assert app.top is table                          # Esc no longer pauses
    press(app, pygame.K_p, unicode="p")
    assert isinstance(app.top, PauseScene)
    press(app, pygame.K_p, unicode="p")              # P is Esc everywhere now: Resume
    assert app.top is table


def test_a_whole_chasing_game_by_keys_alone(app):
    """Posted key events only: Tab to highlight, Enter to play (the first playable card,
    or a Follow Card to discard), Enter through each round's end."""
    from game.session import SeatConfig
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy"),
             SeatConfig("Cy", "computer", "easy")]
    table = start_game(app, "chasing", seats, 21, {})
    session = table.session
    moves = 0
    for _ in range(4000):
        if session.is_over():
            break
        if app.top is table and table.acting() == 0 and table.key_actions:
            key(app, pygame.K_TAB)
            key(app, pygame.K_RETURN, frames=2)
            moves += 1
        elif app.top is not table or table.round_end_hold is not None:
            key(app, pygame.K_RETURN, frames=2)      # a round's end, a notice: go on
        else:
            step(app, 5)
    assert session.is_over(), "the game did not end"
    assert moves >= 30                               # three rounds of Ann's cards
    assert all(seat == 0 or session.seats[seat].kind == "computer"
               for seat, _ in session.match.log)


def test_a_whole_hunters_game_by_keys_alone(app):
    """The digit rule only: 1 highlights the first choice, 1 again takes it; Enter reads
    the character card and lets each moment go. The warning before attacking a revealed
    player of one's own side cancels on Enter (by design): 1 there says "attack anyway",
    as the first choice was taken (Enter alone went round forever: a game that met the
    warning never ended)."""
    from game.session import SeatConfig
    from game.ui.hunters.overlays import ConfirmScene
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy")
                                            for n in ("Bo", "Cy", "Di")]
    table = start_game(app, "hunters", seats, 5, {})
    session = table.session
    moves = 0
    for _ in range(6000):
        if session.is_over():
            break
        if app.top is table and session.decider() == 0 and table.choices:
            before = len(session.match.log)
            key(app, pygame.K_1)
            key(app, pygame.K_1, frames=2)
            moves += len(session.match.log) > before
        elif isinstance(app.top, ConfirmScene):
            key(app, pygame.K_1, frames=2)
            assert not isinstance(app.top, ConfirmScene)     # 1 reaches "attack anyway"
        elif app.top is not table:
            key(app, pygame.K_RETURN, frames=2)
        else:
            step(app, 3)
    assert session.is_over(), "the game did not end"
    assert moves >= 5 and any(seat == 0 for seat, _ in session.match.log)


def test_a_whole_harsh_game_by_keys_alone(app):
    """A Location's number twice to move or aim; Up (the last choice, End turn or the
    dialog's last option) and Enter for everything else."""
    from game.session import SeatConfig
    from game.ui.opening import start_game

    table = start_game(app, "harsh", [SeatConfig("Ann", "human")], 3, {"difficulty": "standard"})
    session = table.session
    kinds: set = set()
    for _ in range(3000):
        if session.is_over():
            break
        if app.top is table and table.acting_seat() == 0:
            before = len(session.match.log)
            targets = sorted(table.cell_choices())
            if table.dialog is None and targets and (table.view()["phase"] == "move"
                                                     or table.grid_targets()):
                digit = getattr(pygame, f"K_{targets[-1] + 1}")
                key(app, digit)
                key(app, digit, frames=2)
            else:
                key(app, pygame.K_UP)
                key(app, pygame.K_RETURN, frames=2)
            kinds.update(a.kind for _, a in session.match.log[before:])
        elif app.top is not table:
            key(app, pygame.K_RETURN, frames=2)
        else:
            step(app, 3)
    assert session.is_over(), "the game did not end"
    assert {"move", "end"} <= kinds


@pytest.mark.parametrize("screen", ["settings", "access", "history", "setup", "harsh", "hunters"])
def test_f1_lists_the_keys_of_every_screen_and_closes_again(app, screen):
    """F1 (and ?) over each screen: the list of its keys (a table's own keys with the
    common ones), F1 again or Esc back to the very screen."""
    from game.session import SeatConfig
    from game.ui.opening import start_game

    if screen in ("harsh", "hunters"):
        seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy")
                                                for n in ("Bo", "Cy", "Di")[:3 if screen == "hunters" else 0]]
        table = start_game(app, screen, seats, 21, {})
        for _ in range(600):           # Enter through the first look at one's character
            if app.top is table and table.acting_seat() == 0 and table.choices:
                break
            if app.top is not table:
                press(app, pygame.K_RETURN, frames=3)
            else:
                step(app, 3)
        assert app.top is table
        want = controls.rows(screen)
    elif screen == "setup":
        click(app, "#tile_hunters")
        want = controls.rows("hunters")         # the game's keys, as it is set up
    else:
        navigation.push(app, screen)
        step(app, 2)
        want = controls.COMMON
    below = app.top
    press(app, pygame.K_F1)
    assert isinstance(app.top, KeysHelpScene) and app.top.below is below
    rows = [tuple(r) for b in app.top.panel.blocks for r in b.rows]
    assert rows, "an empty list"
    assert app.top.rows() == want
    if screen in ("harsh", "hunters"):
        assert set(controls.GAMES[screen]) <= set(app.top.rows())
    press(app, pygame.K_F1)
    assert app.top is below
    press(app, pygame.K_SLASH, pygame.KMOD_LSHIFT, "?")
    assert isinstance(app.top, KeysHelpScene)
    press(app, pygame.K_ESCAPE)
    assert app.top is below
