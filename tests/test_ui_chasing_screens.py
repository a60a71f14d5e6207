"""The Chasing Shadows screens fit the window at both supported sizes, and a game
continued right after a round ended shows that round's scoring first."""

import random

import pygame
import pytest
from test_ui_shell import assert_fits
from ui_helpers import click, key, resize, step, until

from game.match import Match
from game.rules.protocol import CHANCE, chance_rng
from game.session import SeatConfig, Session
from game.storage import saves
from game.ui.chasing.overlays import ChasingResultsScene, RoundEndScene, SheetsScene
from game.ui.chasing.table import ChasingTable
from game.ui.opening import open_saved_game, start_game

NAMES = ("Alexandrina Long", "Bob", "Carol", "Dave", "Erin")


pytestmark = pytest.mark.animation_speed("off")


def play_until(match: Match, stop) -> Match:
    rng = random.Random(match.seed)
    while not stop(match.state):
        d = match.decider()
        if d == CHANCE:
            match.apply(CHANCE, match.state.sample_chance(chance_rng(match.seed, len(match.log))))
        else:
            match.apply(d, rng.choice(match.state.legal_actions(d)))
    return match


def seats(n: int):
    return [SeatConfig(NAMES[i], "human" if i == 0 else "computer", "easy") for i in range(n)]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_table_sheets_round_end_and_results_fit(app, size):
    resize(app, *size)
    table = start_game(app, "chasing", seats(5), 11, {"start": "0"})
    assert until(app, lambda: table.acting() is not None, frames=500)
    assert_fits(app)
    key(app, pygame.K_s)
    assert isinstance(app.top, SheetsScene)
    assert_fits(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    ended = play_until(Match.start("chasing", 5, 11, {"start": "0"}),
                       lambda st: st.rnd == 1)
    app.push(RoundEndScene(app, table, ended.state.view(None)))
    step(app)
    assert_fits(app)
    click(app, "#continue_round")
    assert app.top is table
    done = play_until(Match.start("chasing", 5, 12, {}), lambda st: st.is_over())
    finished = Session(done, seats(5), autosave=False)
    app.push(ChasingResultsScene(app, finished, table))
    step(app)
    assert_fits(app)
    reason = " ".join(app.top.reason_lines(4000, 16))
    assert "Player " not in reason
    assert any(NAMES[w] in reason for w in finished.result().winners)


def test_continuing_right_after_a_round_shows_its_scoring_before_the_deal(app):
    table = start_game(app, "chasing", seats(4), 5, {"start": "2"})
    assert isinstance(table, ChasingTable)
    session = table.session
    for _ in range(3000):
        if isinstance(app.top, RoundEndScene):
            break
        if table.acting() is not None:
            table.choose(session.legal_actions(0)[0])
        step(app)
    assert isinstance(app.top, RoundEndScene)
    saved = session.to_json()                  # the app dies with the round-end screen up
    assert session.view(None)["phase"] == "deal"
    app.pop_to(type(app.scenes[0]))
    saves.save_autosave(saved)
    resumed = open_saved_game(app)
    assert isinstance(resumed, ChasingTable)
    step(app, 2)
    assert isinstance(app.top, RoundEndScene) and app.top.round == 1
    assert resumed.session.view(None)["phase"] == "deal"   # the next deal waits
    click(app, "#continue_round")
    assert until(app, lambda: resumed.session.view(None)["round"] == 2
                 and resumed.session.view(None)["phase"] == "play", frames=20)
