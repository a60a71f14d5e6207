"""Issue 37: a hand-off is taken only by a fresh press made after it was on screen.

Its half-second guard counts only frames that began after it was first drawn (a frame
that put it up late or ran long does not count), a key held down from before does not
take it when it repeats, and a press in the very frame it comes up goes to the screen
before. Meanwhile its button fills rather than greys out. Each drives the real app with
posted events."""

import pygame
import pytest
import tiny_game  # noqa: F401  (registers "tiny")
from ui_helpers import find, make_app, post_key, step, until

from game.session import SeatConfig
from game.ui import draw
from game.ui.opening import start_game
from game.ui.scenes.handoff import HandoffScene

# conftest's ``app`` (writes not forced to disk), with the animations off
pytestmark = pytest.mark.animation_speed("off")


def start(app, game_id="tiny", humans=2, players=2, seed=3):
    seats = [SeatConfig(("Ann", "Ivo", "Cy", "Dot")[i], "human" if i < humans else "computer", "easy")
             for i in range(players)]
    start_game(app, game_id, seats, seed, {})
    step(app)
    return next(s for s in app.scenes if hasattr(s, "session") and hasattr(s, "viewer"))


def key_down(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def key_up(k):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def test_a_long_frame_as_the_hand_off_comes_up_is_not_counted_as_seen(app):
    table = start(app)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    app.step(1.0)                 # the machine stalls a second: the picture was barely up
    post_key(pygame.K_RETURN)     # a press from that second
    step(app)
    assert app.top is handoff and table.session.at_screen is None
    assert not find(app, "#ready").is_enabled
    step(app, 40)                 # half a second with it on screen
    post_key(pygame.K_RETURN)
    step(app)
    assert app.top is table and table.session.at_screen == 0


def test_the_guard_runs_on_the_apps_clock_in_frames_or_in_one_long_frame(app):
    """The half second is the app's own clock (each frame's dt), counted from the second
    frame after the first drawing: 30 frames of 1/60 s, or one frame of half a second
    (how ui_helpers.wait_armed waits, as a person does, without drawing 30 frames)."""
    from ui_helpers import wait_armed

    from game.ui.scenes.handoff import GUARD_SECONDS

    for long_frame in (False, True):
        table = start(app)
        assert until(app, lambda: isinstance(app.top, HandoffScene) and app.top._shown_at is not None)
        handoff = app.top
        while app.frames <= handoff._shown_at + 1:
            step(app)                     # the frame after its first drawing does not count
        assert handoff.guard == GUARD_SECONDS and not handoff.armed()
        if long_frame:
            app.step(GUARD_SECONDS - 1e-9)
            assert not handoff.armed()    # a hair short of half a second
            app.step(1e-6)
        else:
            step(app, 29)
            assert not handoff.armed()    # 29/60 s
            assert until(app, handoff.armed, 2)   # 30 (31 when the sum rounds short)
        assert handoff.armed()
        post_key(pygame.K_RETURN)
        step(app)
        assert app.top is table and table.session.at_screen == 0
        app.pop_to(type(app.scenes[0]))
        step(app, 2)
    # the helper's way: a frame until the guard counts, then the rest of it in one frame
    table = start(app)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff, frames = app.top, app.frames
    wait_armed(app)
    assert handoff.armed() and app.frames - frames <= 4


def test_frames_that_did_not_draw_the_hand_off_do_not_count(app, monkeypatch):
    real = app._draw_scenes
    put_off = [0]

    def late(surface):
        # a busy machine: its first drawing is put off frame after frame (the last
        # picture, the table before it, stays on screen meanwhile)
        if isinstance(app.top, HandoffScene) and put_off[0] < 45:
            put_off[0] += 1
            raise draw.OutOfFrame()
        real(surface)

    monkeypatch.setattr(app, "_draw_scenes", late)
    table = start(app)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    assert until(app, lambda: put_off[0] >= 45, 60)
    assert handoff._shown_at is None          # three quarters of a second, never drawn
    step(app, 2)
    post_key(pygame.K_RETURN)
    step(app)
    assert app.top is handoff and table.session.at_screen is None
    assert until(app, handoff.armed, 40)
    post_key(pygame.K_RETURN)
    step(app)
    assert app.top is table and table.session.at_screen == 0


def test_a_key_held_down_from_before_does_not_take_it_when_it_repeats(app):
    table = start(app)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    key_down(pygame.K_RETURN)         # pressed as it came up, and held
    step(app, 45)
    assert handoff.armed()
    key_down(pygame.K_RETURN)         # the held key repeating: not a fresh press
    step(app, 3)
    assert app.top is handoff and table.session.at_screen is None
    key_up(pygame.K_RETURN)
    step(app)
    key_down(pygame.K_RETURN)         # let go, then pressed again
    key_up(pygame.K_RETURN)
    step(app)
    assert app.top is table and table.session.at_screen == 0


def test_a_key_already_down_when_it_comes_up_needs_letting_go(app, monkeypatch):
    class Pressed:
        def __getitem__(self, k):
            return k == pygame.K_1

    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Pressed())
    table = start(app)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    step(app, 45)
    assert handoff.armed()
    key_down(pygame.K_1)              # the key that was down before, repeating
    step(app, 2)
    assert app.top is handoff and table.session.at_screen is None
    key_up(pygame.K_1)
    step(app)
    key_down(pygame.K_1)
    key_up(pygame.K_1)
    step(app)
    assert app.top is table and table.session.at_screen == 0


def test_a_press_in_the_frame_the_hand_off_comes_up_goes_to_the_screen_before(shadows_home, monkeypatch):
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    app = make_app()
    app.settings.animation_speed = "normal"
    step(app, 2)
    try:
        table = start(app, "chasing", humans=2, players=4, seed=7)
        from game.ui.moments import GUARD

        for _ in range(20000):
            if table.moments.holding("turn") and app.top is table:
                break
            if isinstance(app.top, HandoffScene):
                step(app, 40)
                post_key(pygame.K_RETURN)
                step(app)
            elif app.top is table and table.acting_seat() is not None and not table.moments:
                table.choose(table.session.legal_actions(table.acting_seat())[0])
                step(app)
            else:
                step(app)
        moment = table.moments.find("turn")
        assert moment is not None
        until(app, lambda: moment.elapsed >= GUARD)
        for k in (pygame.K_RETURN, pygame.K_1, pygame.K_RETURN, pygame.K_1):
            post_key(k)           # Enter ends the moment; the rest arrive in the same frame
        step(app)
        handoff = app.top
        assert isinstance(handoff, HandoffScene), "Enter ended the moment: the hand-off is up"
        for k in (pygame.K_RETURN, pygame.K_1):
            post_key(k)           # and the next frame's
            step(app)
        assert app.top is handoff and table.session.at_screen is None
    finally:
        app.quit()


def test_the_button_fills_while_it_waits_and_is_never_greyed(app):
    start(app)
    assert until(app, lambda: isinstance(app.top, HandoffScene))
    handoff = app.top
    button = find(app, "#ready")
    assert not button.is_enabled
    # its theme keeps the gold button and its words while it waits (not the grey of a
    # button that cannot be pressed)
    gold = pygame.Color(button.colours["normal_border"])
    assert pygame.Color(button.colours["disabled_border"]) == gold
    assert pygame.Color(button.colours["disabled_text"]) == pygame.Color(button.colours["normal_text"])
    assert pygame.Color(button.colours["disabled_bg"]) != pygame.Color(
        app.manager.ui_theme.get_colour("disabled_bg"))
    rect = button.rect
    y = rect.top + rect.height // 5
    left, right = (rect.left + rect.width // 10, y), (rect.right - rect.width // 10, y)
    step(app)
    assert app.screen.get_at(left) == app.screen.get_at(right)     # nothing filled yet
    until(app, lambda: 0.4 < handoff.guard_progress() < 0.7, 60)
    assert app.screen.get_at(left) != app.screen.get_at(right)     # half filled
    assert until(app, handoff.armed, 40)
    step(app, 2)
    assert find(app, "#ready").is_enabled


def test_no_turn_moment_lingers_for_the_person_already_at_the_screen(shadows_home, monkeypatch):
    """A "turn" moment holds the table before a hand-off. When the screen became hers
    another way first (her first look came last and goes straight to her turn), the moment
    is over at once: it would hold her own turn and eat her first press."""
    from game.ui.hunters.overlays import CharacterScene, LookHandoff

    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    app = make_app(size=(1024, 640))
    app.settings.animation_speed = "normal"
    step(app, 2)
    try:
        table = start(app, "hunters", humans=2, players=4, seed=3)
        stale = []
        for _ in range(3000):
            top = app.top
            if isinstance(top, (LookHandoff, HandoffScene)):
                until(app, top.armed, 60)
                post_key(pygame.K_RETURN)
            elif isinstance(top, CharacterScene):
                step(app, 3)
                post_key(pygame.K_RETURN)
            elif top is table and table.acting_seat() is not None:
                break
            step(app)
        assert table.acting_seat() is not None, "her first turn came"
        for _ in range(60):       # her table, as she reads it before she chooses
            turn = table.moments.find("turn")
            if turn is not None and table.session.at_screen == turn.data["seat"]:
                stale.append(turn.elapsed)
            step(app)
        assert not stale, f"a turn moment held her own table for {len(stale)} frames"
    finally:
        app.quit()


def test_a_long_since_summary_opens_on_its_newest_changes(shadows_home, monkeypatch):
    """At 1024x640 the summary of a whole round of computer turns does not fit the hand-off:
    it opens scrolled to its end, where the move that hands her the screen is."""
    import random

    from game.ui.hunters.overlays import CharacterScene, LookHandoff

    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    app = make_app(size=(1024, 640))
    app.settings.animation_speed = "off"
    step(app, 2)
    rng = random.Random(2)
    try:
        table = start(app, "hunters", humans=2, players=4, seed=3)
        long_one = None
        for _ in range(20000):
            top = app.top
            if isinstance(top, HandoffScene) and not isinstance(top, LookHandoff):
                until(app, top.armed, 60)
                if top.summary and top.log_panel.max_offset > 0:
                    long_one = top
                    break
                post_key(pygame.K_RETURN)
            elif isinstance(top, LookHandoff):
                until(app, top.armed, 60)
                post_key(pygame.K_RETURN)
            elif isinstance(top, CharacterScene):
                post_key(pygame.K_RETURN)
            elif top is table and table.acting_seat() is not None and not table.moments:
                legal = table.session.legal_actions(table.acting_seat())
                table.choose(rng.choice([a for a in legal if a.kind != "reveal"] or legal))
            step(app)
        assert long_one is not None, "no summary longer than its panel came"
        panel = long_one.log_panel
        assert panel.at_end() and panel.offset == panel.max_offset > 0
    finally:
        app.quit()
