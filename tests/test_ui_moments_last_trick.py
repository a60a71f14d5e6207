"""Issue 37, finding 1: the last trick (public) can be looked at in every state of a
Chasing Shadows game in pass-and-play: at a person's decision, while the computers play,
while a finished trick is still being seen, before a hand-off, on the hand-off screen, on
the round-end screen and once the game is over. Driven through the real app with posted
keys and clicks, two people and two computers; the last round's end and the game's are
seen in the same game, continued near its end (the rounds between show no other state)."""

import pygame
from ui_helpers import (
    click,
    click_at,
    continue_game,
    drawn_texts,
    key,
    make_app,
    played_without_screen,
    step,
    wait_armed,
)

from game.session import SeatConfig
from game.ui.chasing.last_trick import LastTrickScene
from game.ui.chasing.overlays import RoundEndScene
from game.ui.opening import start_game
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.results import ResultsScene

SEATS = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy"),
         SeatConfig("Cy", "human"), SeatConfig("Di", "computer", "easy")]


def click_a_legal_card(app, table) -> None:
    legal = table.session.legal_actions(table.acting())
    if table.live_view()["phase"] == "discard":
        rect = next(r for r, suit in table.follow_hits if suit == legal[0].args[0])
    else:
        wanted = ("card", legal[0].args[0], legal[0].args[1])
        rect = next(r for r, c in table.hand_hits if c == wanted)
    click_at(app, rect.center)


def drawn_now(app, texts) -> list[str]:
    """The texts of one drawing of the screen as it is now (drawn, not the kept picture)."""
    del texts[:]
    app.forget_still()
    app.draw()
    return list(texts)


def look(app, texts, expected, state, seen):
    """L opens the last trick over whatever is up and it shows ``expected`` (its caption
    names who took it); L closes it and the screen below is as it was."""
    below = app.top
    key(app, pygame.K_l)
    top = app.top
    assert isinstance(top, LastTrickScene), (state, type(top).__name__)
    assert expected is not None and top.shown_trick() == expected, state
    winner = top.table.seat_name(expected["winner"])
    assert any(t.startswith("Last trick:") and winner in t for t in drawn_now(app, texts)), state
    key(app, pygame.K_l)
    assert app.top is below, state
    seen.add(state)


LEFT = 8     # moves (chance steps included) of the continued game: its last two tricks


def near_the_end(app, seed, left):
    """The table of this game ``left`` moves before its end, as for a continued game: the
    moves before made without the screen, a person's the first legal one (as the test
    clicks)."""
    from game.ui import navigation

    options = {"start": "0"}
    log = played_without_screen("chasing", SEATS, seed, options)
    navigation.back_to(app, "menu")
    return continue_game(app, "chasing", SEATS, seed, options, log[:-left])


def test_the_last_trick_opens_in_every_state_of_the_game(shadows_home, monkeypatch):
    app = make_app(size=(1024, 640))
    app.settings.animation_speed = "normal"
    step(app, 2)
    texts = drawn_texts(monkeypatch)
    seen: set[str] = set()
    wanted = {"decision", "computers", "trick_end", "turn", "handoff", "round_end", "over"}
    try:
        table = start_game(app, "chasing", SEATS, 7, {"start": "0"})
        continued = False
        for _ in range(60000):
            if wanted <= seen:
                break
            if wanted - seen == {"round_end", "over"} and not continued:
                # only the ends are left to see: the last round's end and the game's, at a
                # table continued near the end (the rounds before: 11 000 frames, most of
                # this test's time)
                table, continued = near_the_end(app, 7, LEFT), True
                continue
            top = app.top
            last = table.last_trick()
            if isinstance(top, ResultsScene):
                # the game is over: "See the table" under the results, and L there
                click(app, "#see_table")
                assert app.top is table
                look(app, texts, table.last_trick(), "over", seen)
                break
            if isinstance(top, HandoffScene):
                if last is not None and "handoff" not in seen:
                    wait_armed(app)
                    # the hand-off draws the last trick itself, face up, beside the summary
                    winner = table.seat_name(last["winner"])
                    assert any(t.startswith("Last trick:") and winner in t for t in drawn_now(app, texts))
                    seen.add("handoff")
                wait_armed(app)
                key(app, pygame.K_RETURN)
                continue
            if isinstance(top, RoundEndScene):
                if "round_end" not in seen:
                    history = top.view["history"]
                    assert history, "the round's tricks are in its end's view"
                    look(app, texts, history[-1], "round_end", seen)
                click(app, "#continue_round")
                continue
            if top is table and last is not None:
                if table.moments.holding("trick_end") and "trick_end" not in seen:
                    look(app, texts, last, "trick_end", seen)
                    assert table.moments.holding("trick_end"), "looking did not end the moment"
                elif table.moments.holding("turn") and "turn" not in seen:
                    look(app, texts, last, "turn", seen)
                    assert not isinstance(app.top, HandoffScene)
                elif (not table.moments and table.acting() is None and not table.session.is_over()
                      and not table.session.seats[table.session.decider()].is_human
                      and "computers" not in seen):
                    look(app, texts, last, "computers", seen)
            if top is table and table.acting() is not None and table.hand_hits and table.motion.idle \
                    and table.drawn is not None and table.drawn["seat"] == table.viewer:
                if last is not None and "decision" not in seen:
                    look(app, texts, last, "decision", seen)
                click_a_legal_card(app, table)
                continue
            step(app)
        assert wanted <= seen, wanted - seen
    finally:
        app.quit()
