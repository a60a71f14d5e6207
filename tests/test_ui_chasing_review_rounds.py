"""Issue 37, finding 5: the Chasing review's round-score screen shows every secret (the
set-aside cards of every player face up) and keeps two-digit ranks readable at 1024x640
with five players; "Trick ›" lands on the whole trick lying on the table. Through the
real app: the history screen, keys and clicks."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import click, drawn_texts, key, make_app, step

from game.review.sample import play_record
from game.storage import history
from game.ui import draw
from game.ui.chasing.last_trick import LastTrickScene
from game.ui.chasing.look import rank_size_for
from game.ui.chasing.overlays import RoundEndScene
from game.ui.scenes.history import HistoryScene

READABLE_PX = 14     # the smallest rank font size on the round-end screen


@pytest.fixture(scope="module")
def record():
    return play_record("chasing", 5, 12)


@pytest.fixture
def small_app(shadows_home):
    a = make_app(size=(1024, 640))
    step(a, 2)
    yield a
    a.quit()


def open_review(app, record):
    history.save_history([record])
    click(app, "#history")
    assert isinstance(app.top, HistoryScene)
    click(app, "#history_0")
    review = app.top
    assert getattr(review, "is_review", False)
    return review


def test_round_score_shows_every_set_aside_card_and_readable_ranks(small_app, record):
    app = small_app
    review = open_review(app, record)
    set_aside = 0
    for rnd in (1, 2, 3):
        review.jump("round", True)
        click(app, "#review_round")
        sheet = app.top
        assert isinstance(sheet, RoundEndScene) and sheet.round == rnd
        step(app)
        assert sheet.drawn_cards
        for rect, shown_w, rank, face_up in sheet.drawn_cards:
            assert face_up, "a review shows every set-aside card"
            assert sheet.box.contains(rect)
            size = rank_size_for(str(rank), rect.h, shown_w)
            assert size >= READABLE_PX, (rank, size, rect, shown_w)
            assert draw.font(size, True).size(str(rank))[0] <= shown_w
        set_aside += sum(len(b["suits"][s]["ignored"]) for b in sheet.breakdown
                         for s in b["suits"])
        key(app, pygame.K_RETURN)
        assert app.top is review
    assert set_aside > 0      # the game had some to show


def test_trick_jump_lands_on_the_whole_trick_with_its_winner(small_app, record, monkeypatch):
    app = small_app
    review = open_review(app, record)
    key(app, pygame.K_HOME)
    for _ in range(3):
        texts = drawn_texts(monkeypatch)
        click(app, "#review_next_trick")
        last = review.finished_trick()
        assert last is not None and len(last["plays"]) == 5
        assert review.live_view()["history"][-1] == last
        app.draw()
        winner = review.seat_name(last["winner"])
        assert any(t.startswith(f"{winner} wins the trick") for t in texts), texts
        assert {"won", "lead · won"} & set(texts)
    key(app, pygame.K_l)         # the last trick, over the review
    assert isinstance(app.top, LastTrickScene) and app.top.table.last_trick() == last
    key(app, pygame.K_l)
    assert app.top is review
    key(app, pygame.K_RIGHT)     # one step on: the next card; the trick is gone
    assert review.finished_trick() is None or review.live_view()["trick"] == ()
