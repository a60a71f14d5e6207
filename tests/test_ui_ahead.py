"""Issue 37, frames: the screens that come at a transition are made ahead, a piece a frame
(game.ui.ahead): the hand-off while the last move lingers, the table's buttons for the
person it hands to while the hand-off is up, the results while the final board lingers.
Counted in pygame-gui buttons made in the frame a screen comes up (each costs 2-3 ms), and
in what is visible meanwhile (nothing made ahead shows before its screen)."""

import random

import pygame
import pytest
from pygame_gui.elements import UIButton
from ui_helpers import make_app, post_key, step

from game.session import SeatConfig
from game.ui import button_states
from game.ui.ahead import Ahead
from game.ui.opening import start_game
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.results import ResultsScene

NAMES = ("Ann", "Cy", "Ivo", "Dot")


@pytest.fixture
def app(shadows_home, monkeypatch):
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    a = make_app()
    a.settings.animation_speed = "normal"
    step(a, 2)
    yield a
    a.quit()


@pytest.fixture
def made(monkeypatch):
    """The number of pygame-gui buttons the screens made so far (a list of one, read as
    made[0]); not those made by pieces of work ahead, which run after drawing and only in
    a frame with room (game.ui.ahead): a frame fast enough runs one."""
    count = [0]
    inside = [0]
    real_one = Ahead._one

    def one(self):
        inside[0] += 1
        try:
            real_one(self)
        finally:
            inside[0] -= 1

    monkeypatch.setattr(Ahead, "_one", one)
    real = UIButton.__init__

    def init(self, *args, **kwargs):
        count[0] += not inside[0]
        real(self, *args, **kwargs)

    monkeypatch.setattr(UIButton, "__init__", init)
    return count


def start(app, game_id, seed=3):
    """Two people and two computers; the session's clock moves 1/60 s a frame."""
    kinds = ("human", "computer", "human", "computer")
    seats = [SeatConfig(NAMES[i], kinds[i], "easy") for i in range(4)]
    table = start_game(app, game_id, seats, seed, {})
    return table, frame_ticks(app, table)


def frame_ticks(app, table):
    """A step of the app whose session clock moves 1/60 s a frame (and waits while a
    computer thinks)."""
    s = table.session
    clock = [s.clock()]
    s.clock = lambda: clock[0]

    def tick():
        if s.computer_thinking():
            s.wait_for_computer()
        clock[0] += 1 / 60
        step(app)
    return tick


def visible_texts(app) -> set[str]:
    """The words of every button pygame-gui would draw now."""
    return {el.text for el in app.manager.get_sprite_group().sprites()
            if isinstance(el, UIButton) and el.visible}


def play_until(app, table, tick, predicate, rng, frames=30000):
    """Random choices by whoever sits at the table (hand-offs, looks answered) until
    ``predicate()``; True if it came."""
    from game.ui.hunters.overlays import CharacterScene, LookHandoff

    s = table.session
    for _ in range(frames):
        if predicate():
            return True
        top = app.top
        if isinstance(top, (LookHandoff, CharacterScene)) or (
                top is not table and not isinstance(top, HandoffScene)):
            post_key(pygame.K_RETURN)
        elif top is table and table.acting_seat() is not None and not table.moments \
                and not table.animating():
            legal = s.legal_actions(table.acting_seat())
            table.choose(rng.choice([a for a in legal if a.kind != "reveal"] or legal))
        elif isinstance(top, HandoffScene) and top.armed():
            post_key(pygame.K_RETURN)
        tick()
    return False


@pytest.mark.parametrize("game_id", ["chasing", "hunters"])
def test_the_hand_off_is_made_while_the_last_move_lingers(app, made, game_id):
    """The hand-off's button is made (hidden, parked) during the turn's linger: the frame
    it comes up in makes no button. Meanwhile none of it shows over the table."""
    table, tick = start(app, game_id)
    rng = random.Random(4)
    assert play_until(app, table, tick, lambda: table.moments.holding("turn")
                      and getattr(table, "_handoff_ahead", None) is not None, rng)
    ahead = table._handoff_ahead
    shown_before = visible_texts(app)
    for _ in range(120):
        if app.top is not table:
            break
        before = made[0]
        tick()
        if app.top is table:
            assert not ahead.root.visible and ahead.button_text() not in visible_texts(app)
            assert app.ahead.pending("handoff") or ahead.ready_button is not None
    assert app.top is ahead, "the hand-off made ahead is the one put up"
    assert made[0] == before, "the frame of the hand-off made new buttons"
    assert ahead.ready_button.visible and ahead.button_text() in visible_texts(app)
    assert ahead.button_text() not in shown_before
    assert app.ahead.failures == 0


def test_the_table_after_a_hand_off_finds_her_buttons_made(app, made, monkeypatch):
    """Shadow Hunters: while the hand-off is up, the table's buttons for the person it
    hands to (her private Reveal/Notes/Card/Pass… row, her choices) are made and parked;
    the frame after her Ready makes none. None of them is visible before her Ready. The
    build that finds which buttons she will need lays out no log (her whole log, rendered
    for nothing, cost 1-2 ms late in a game) and leaves the table's log panel as it was."""
    from game.ui.widgets import LogPanel

    table, tick = start(app, "hunters")
    rng = random.Random(4)
    laid_out_for = []
    real_set = LogPanel.set_lines

    def set_lines(panel, lines):
        if isinstance(app.top, HandoffScene) and panel is not app.top.log_panel:
            laid_out_for.append(table.session.at_screen)
        real_set(panel, lines)

    monkeypatch.setattr(LogPanel, "set_lines", set_lines)
    checked = 0
    for _ in range(3):
        del laid_out_for[:]
        assert play_until(app, table, tick, lambda: isinstance(app.top, HandoffScene)
                          and not isinstance(app.top, _look()), rng)
        handoff = app.top
        panel = table.log_panel
        for _ in range(60):
            tick()
            # the table is covered: nothing of it, and nothing made for her, is drawn
            assert "Reveal" not in visible_texts(app) and "Notes" not in visible_texts(app)
        assert not app.ahead.pending("seat")
        assert handoff.seat not in laid_out_for
        assert table.log_panel is panel and panel.lines == table.log_lines() != []
        assert handoff.armed()
        post_key(pygame.K_RETURN)
        before = made[0]
        tick()
        if app.top is table and table.viewer == handoff.seat:
            assert made[0] == before, "the table's frame after Ready made new buttons"
            assert "Notes" in visible_texts(app)
            checked += 1
    assert checked >= 2
    assert app.ahead.failures == 0 and app.ahead.pieces > 0


def _look():
    from game.ui.hunters.overlays import LookHandoff

    return LookHandoff


def near_the_end(app, game_id, seats, seed, options, left=12):
    """The table of a computers' game ``left`` moves (chance steps included) before its
    end, on a clock that moves 1/60 s a frame: the same computers played the moves before
    without the screen (this test is about the end; a whole Shadow Hunters game through
    the screen cost some 14 s of CPU), and the table comes up as for a continued game."""
    from game.match import Match
    from game.session import Session
    from game.ui.opening import table_for

    ahead = Session.new(game_id, seats, seed, options, pace=0.0, autosave=False)
    while not ahead.is_over():
        ahead.update()
        ahead.wait_for_computer()
    ahead.close()
    match = Match.start(game_id, len(seats), seed, options)
    for seat, action in ahead.match.log[:-left]:
        match.apply(seat, action)
    s = Session(match, seats, app.bus, pace=app.settings.computer_gap)
    table = app.push(table_for(game_id)(app, s))
    clock = [s.clock()]
    s.clock = lambda: clock[0]

    def tick():
        if s.computer_thinking():
            s.wait_for_computer()
        clock[0] += 1 / 60
        step(app)
    return table, tick


@pytest.mark.parametrize("game_id", ["hunters", "harsh"])
def test_the_results_are_made_while_the_final_board_lingers(app, made, game_id):
    """The results screen is made during the final linger (after the game is recorded):
    the frame it comes up in makes no button, and it was hidden until then."""
    app.settings.animation_speed = "fast"      # the linger's length is the same at every speed
    if game_id == "harsh":
        table, tick = near_the_end(app, "harsh", [SeatConfig("Ann", "computer", "easy")], 5,
                                   {"difficulty": "standard"})
    else:
        table, tick = near_the_end(app, game_id, [SeatConfig(NAMES[i], "computer", "easy")
                                                  for i in range(4)], 5, {})
    assert not table.session.is_over()
    ready = None
    for _ in range(60000):
        if isinstance(app.top, ResultsScene):
            break
        if app.top is not table:
            post_key(pygame.K_RETURN)
        ready = getattr(table, "_results_ahead", None) or ready
        if ready is not None:             # made ahead (its widgets may still be to come)
            assert ready.root is None or not ready.root.visible      # and not shown
        before = made[0]
        tick()
    assert isinstance(app.top, ResultsScene) and app.top is ready
    assert made[0] == before, "the frame of the results made new buttons"
    assert ready.root.visible and "Play again" in visible_texts(app)
    assert app.ahead.failures == 0


def test_a_button_made_ahead_draws_one_state_a_piece(app):
    """park_steps: the button, then each of its other states drawn ahead, one a piece (a
    wide button's five states in one piece cost a frame); the focus and pressed looks are
    left to be drawn when first shown (game.ui.button_states)."""
    table, tick = start(app, "chasing")
    scene = table
    steps = scene.park_steps((10, 10, 900, 60), "A wide button made ahead", cls="@primary")
    pieces = 0
    for _ in steps:
        pieces += 1
    btn = next(b for bs in scene._parked.values() for b in bs
               if b.text == "A wide button made ahead")
    shape = btn.drawable_shape
    ahead = [name for name in shape.states if button_states.drawn_ahead(name)]
    assert all(shape.states[name].generated for name in ahead) and pieces == len(ahead) - 1
    assert not any(shape.states[name].generated for name in button_states.LAZY)
    assert not btn.visible and not btn.alive()     # parked: not drawn, not pressed


def test_the_first_look_s_hand_offs_and_card_buttons_are_made_ahead_and_show_nothing_early(
        app, made, monkeypatch):
    """Two people at a new Shadow Hunters game: each "Pass to …" before the first look is
    made while the table is put up (behind the curtain) or while the one before reads her
    card, and her card screen's button while her hand-off is up. The frames they come up
    make no button, and nobody's character is pictured before her own Ready."""
    from game.ui.hunters import look
    from game.ui.hunters.overlays import CharacterScene, LookHandoff

    pictured: list = []
    real = look.character_card
    monkeypatch.setattr(look, "character_card", lambda name, *a, **k: pictured.append(name) or real(name, *a, **k))
    seats = [SeatConfig(NAMES[i], ("human", "computer", "human", "computer")[i], "easy") for i in range(4)]
    table = start_game(app, "hunters", seats, 3, {}, curtain=True)
    s = table.session
    looks = 0
    for _ in range(3000):
        before, top = made[0], app.top
        step(app)
        if isinstance(app.top, LookHandoff) and app.top is not top:
            assert made[0] == before                 # the hand-off was made ahead
            hand = app.top
            mine = s.view(hand.seat)["me"]["character"]
            for _ in range(40):                      # its guard: Ready lights up
                step(app)
            assert mine not in pictured              # nothing of hers before her Ready
            post_key(pygame.K_RETURN)
            before = made[0]
            step(app)
            assert isinstance(app.top, CharacterScene) and app.top.seat == hand.seat
            assert made[0] == before                 # her card's button was made ahead
            looks += 1
            for _ in range(10):
                step(app)
            post_key(pygame.K_RETURN)                # "Got it"
        if looks == 2 and app.top is table:
            break
    assert looks == 2 and app.top is table and table.notebook.looked
    assert app.ahead.failures == 0
