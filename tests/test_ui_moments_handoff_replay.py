"""Issue 37: a lead's playtest saw Red's turn 14 of a continued Shadow Hunters game (two
people, two computers, 1920x1080) come without "Pass to Red" after Blue had held the
screen last, with keys pressed blind on a timer. The same game, continued from the same
move, is played again through the real app with the logged moves and blind Enter and "1"
presses at several rhythms (``handoff_replay``): the screen must go from one person to
the other only through a hand-off to her that was on screen for half a second, and Red's
turn 14 must come with its hand-off."""

import pytest
from handoff_replay import replay
from ui_helpers import make_app, step

RED, BLUE = 0, 1
RED_TURN_14 = 108        # the log's length when Red's turn 14 begins


@pytest.mark.parametrize("enter_every,one_every,offset,think", [
    (24, 24, 0, 6),       # a press every 0.4 s, both keys together
    (1, 200, 0, 20),      # Enter held down as a stream, every frame
    (30, 7, 11, 40),      # "1" every few frames, Enter now and then
])
def test_the_continued_playtest_hands_the_screen_over_only_through_a_seen_hand_off(
        shadows_home, monkeypatch, enter_every, one_every, offset, think):
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    app = make_app(size=(1920, 1080))
    app.settings.animation_speed = "off"
    step(app, 2)
    try:
        watch = replay(app, enter_every, one_every, offset, think, until_log=RED_TURN_14 + 3)
    finally:
        app.quit()
    assert not watch.deviated and watch.final_log >= RED_TURN_14 + 1, watch.final_log
    assert not watch.problems, watch.problems
    # Blue answered Yellow's attack during turn 12 without a hand-off (hers was the last
    # screen), and Red's turn 14 came with one
    assert (RED_TURN_14, RED) in watch.handoffs, watch.handoffs
    assert not any(n in range(93, RED_TURN_14) for n, _ in watch.handoffs), watch.handoffs


@pytest.mark.parametrize("continue_at,saved_at_screen", [(101, 1), (104, 0), (104, None)])
def test_continued_between_blue_s_answer_and_red_s_turn_red_still_gets_her_hand_off(
        shadows_home, monkeypatch, continue_at, saved_at_screen):
    """Saved after Blue answered Yellow's attack (move 100) with whoever at the screen,
    and continued: nobody's secrets are on screen until a hand-off, and Red's turn 14
    comes with hers."""
    monkeypatch.setattr("game.storage.jsonfile.os.fsync", lambda fd: None)
    app = make_app(size=(1024, 640))
    app.settings.animation_speed = "off"
    step(app, 2)
    try:
        watch = replay(app, 24, 24, 3, 10, until_log=RED_TURN_14 + 3, continue_at=continue_at,
                       saved_at_screen=saved_at_screen)
    finally:
        app.quit()
    assert not watch.deviated and watch.final_log >= RED_TURN_14 + 1, watch.final_log
    assert not watch.problems, watch.problems
    assert (RED_TURN_14, RED) in watch.handoffs, watch.handoffs
