"""The app's garbage-collector policy (game/app.py): the oldest generation is collected
by the app, in frames where the screen stands still, never by Python in a moving frame.
No timing is measured: the test checks which frames the app collects in."""

from __future__ import annotations

import gc

import pygame
import pytest
from ui_helpers import make_app, step

from game import app as app_module
from game.ui.scene import Scene


class Moving(Scene):
    """A screen with something moving on it for as long as ``moving`` says."""

    moving = True

    @property
    def busy(self) -> bool:
        return self.moving

    def draw(self, surface) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture
def app():
    a = make_app()
    step(a, 3)
    yield a
    a.quit()


@pytest.fixture
def collections(monkeypatch):
    """The app's full collections (recorded, not made), with ``due[0]`` young passes waiting."""
    made: list[int] = []
    due = [0]
    monkeypatch.setattr(gc, "collect", lambda generation=2: made.append(generation) or 0)
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, due[0]))
    return made, due


def test_the_policy_is_in_force_once_the_app_runs_and_given_back_at_quit():
    before = gc.get_threshold()
    a = make_app()
    step(a, 3)
    try:
        assert gc.isenabled()
        assert a.collector_held
        young, middle, old = gc.get_threshold()
        assert old == app_module.OLD_GEN_OFF          # Python never starts an old pass itself
        assert (young, middle) == before[:2]           # the young ones as Python has them
    finally:
        a.quit()
    assert gc.get_threshold() == app_module.PYTHON_GC
    assert not a.collector_held


def test_no_old_collection_while_the_screen_moves_one_once_it_stands_still(app, collections):
    made, due = collections
    scene = app.push(Moving(app))
    due[0] = app_module.OLD_GEN_DUE      # an old pass is due
    step(app, app_module.QUIET_FRAMES * 2)
    assert made == []                    # never in a frame where something moves
    scene.moving = False
    step(app, app_module.QUIET_FRAMES - 1)
    assert made == []                    # not in the first still frames
    step(app, 1)
    assert made == [2]                   # then once, the whole heap
    due[0] = 0
    step(app, app_module.QUIET_FRAMES + 5)
    assert made == [2]                   # nothing waiting: nothing to collect


def test_input_starts_the_still_count_again(app, collections):
    made, due = collections
    scene = app.push(Moving(app))
    scene.moving = False
    due[0] = app_module.OLD_GEN_DUE
    for _ in range(6):
        # the person moves the mouse every few frames: what she points at may light up
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0),
                                             buttons=(0, 0, 0)))
        step(app, app_module.QUIET_FRAMES // 2)
    assert made == []
    step(app, app_module.QUIET_FRAMES)
    assert made == [2]


def test_not_yet_due_waits_and_long_overdue_goes_even_while_moving(app, collections):
    made, due = collections
    scene = app.push(Moving(app))
    scene.moving = False
    due[0] = app_module.OLD_GEN_DUE - 1  # fewer young passes than Python would wait for
    step(app, app_module.QUIET_FRAMES + 5)
    assert made == []
    scene.moving = True                  # computers play on and on: the screen never rests
    due[0] = app_module.OLD_GEN_MUST
    step(app, 1)
    assert made == [2]


def harsh_table_standing_still(app, replace: bool):
    """A Harsh game for one person, started from the app, stepped until its table is on
    top with nothing moving (at most 600 frames)."""
    from game.session import SeatConfig
    from game.ui.opening import start_game

    table = start_game(app, "harsh", [SeatConfig("Ann", "human", "easy")], 3,
                       {"difficulty": "standard"}, replace=replace)
    for _ in range(600):
        step(app, 1)
        if app.top is table and not table.busy and table.still():
            break
    return table


def test_a_table_waiting_for_the_person_stands_still_and_is_collected_in(app, collections):
    made, due = collections
    table = harsh_table_standing_still(app, replace=True)
    assert table.session.human_to_act() is not None and table.still()
    due[0] = app_module.OLD_GEN_DUE
    step(app, app_module.QUIET_FRAMES + 1)
    assert made == [2]


def test_number_formats_are_read_off_the_main_thread_once_the_menu_is_up(monkeypatch):
    """Babel's import and locale data (the first percentage a table shows) are read while
    the menu is read, on a thread of their own, not inside a game's frame."""
    import threading

    from game.i18n import numbers

    called: list[str] = []
    real = numbers.percent_text
    monkeypatch.setattr(numbers, "percent_text",
                        lambda *a, **k: called.append(threading.current_thread().name) or real(*a, **k))
    a = make_app()
    try:
        step(a, 1)
        assert a.number_warming is None          # not before the menu is on screen
        step(a, 2)
        a.number_warming.join(timeout=60)
        assert called and threading.main_thread().name not in called
        import babel.localedata
        assert babel.localedata.exists("en")
        assert numbers._babel_locale.cache_info().currsize >= 1   # the locale is parsed
    finally:
        a.quit()


def test_a_table_on_screen_is_frozen_its_passes_freeze_their_survivors_and_leaving_thaws(app, collections):
    """A pass at the table scans only what was made since the table was put up (or since
    the last pass); once no table is left, everything is thawed, collected on the still
    menu and what survives is frozen again."""
    made, due = collections
    frozen = []
    thawed = []
    real_freeze, real_unfreeze = gc.freeze, gc.unfreeze
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(len(made)) or real_freeze())
    monkeypatch.setattr(gc, "unfreeze", lambda: thawed.append(len(made)) or real_unfreeze())
    try:
        menu = app.top
        table = harsh_table_standing_still(app, replace=False)
        assert app.frozen_table is table and frozen == [0]    # on screen: its objects frozen
        assert thawed == []
        due[0] = app_module.OLD_GEN_DUE
        step(app, app_module.QUIET_FRAMES + 1)
        assert made == [2] and frozen == [0, 1]               # a pass, then its survivors frozen
        due[0] = 0
        app.pop_to(type(menu))                                # back to the menu: the table is gone
        step(app, 1)
        assert thawed == [1] and app.frozen_table is None and app.thawed
        step(app, app_module.MENU_QUIET_FRAMES)
        assert made == [2, 2] and frozen == [0, 1, 2]         # one whole pass on the still menu
        assert not app.thawed
        step(app, app_module.QUIET_FRAMES * 2)
        assert made == [2, 2]                                 # nothing waiting: nothing more
        app.quit()
        assert thawed == [1, 2]                               # what the app froze is given back
    finally:
        monkeypatch.undo()
