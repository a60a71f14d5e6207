"""The Analyse screen through the real app: from the review and from the results, the
progress bar and Cancel, the graph's marks jumping the review, kept with the game."""

from __future__ import annotations

import pytest
from advice_worlds import few_worlds
from ui_helpers import click, click_at, find, step, until_worked, wait

from game.review.sample import play_record
from game.session import SeatConfig, Session
from game.storage import history
from game.ui.analysis.scene import AnalysisScene
from game.ui.scenes.history import HistoryScene


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    monkeypatch.setattr(AnalysisScene, "budget", 6)   # figures do not matter here


@pytest.fixture(scope="module")
def record():
    return play_record("chasing", 3, 21, level="normal")


@pytest.fixture(scope="module")
def analysed(record):
    """The record with its analysis kept (as after a first Analyse): the screen opens with
    it at once, for the tests about the finished screen's layout."""
    from game.analysis import analyse
    from game.analysis.store import with_analysis

    with few_worlds("chasing"):     # the same screen with other figures (1.8 s of CPU at 8)
        return with_analysis(record, analyse(record, budget=6))     # small_budget's


def open_review(app, record):
    history.save_history([record])
    click(app, "#history")
    assert isinstance(app.top, HistoryScene)
    click(app, "#history_0")
    review = app.top
    assert getattr(review, "is_review", False)
    return review


def test_from_the_review_a_mark_moves_the_review_and_the_analysis_is_kept(app, record):
    review = open_review(app, record)
    click(app, "#analyse")
    scene = app.top
    assert isinstance(scene, AnalysisScene) and scene.analysis is None
    find(app, "#analysis_cancel")            # cancellable while it runs
    seen = set()

    def done():
        seen.add(scene.done)
        return scene.analysis is not None
    assert wait(app, done, 120)
    assert len(seen) > 2                     # the progress bar moved frame by frame
    assert scene.moments
    assert wait(app, lambda: scene.marks, 10), "the biggest moments are marked on the graph"
    mark = scene.marks[0]
    click_at(app, mark.rect.center)
    assert app.top is review and review.position == mark.step
    # kept with the game: in the history, and in what the review would export
    stored = history.load_history()[0][0]
    assert stored.analysis is not None and review.record.analysis == stored.analysis
    click(app, "#analyse")                   # a second look opens at once
    again = app.top
    assert isinstance(again, AnalysisScene) and again.analysis is not None
    assert again.analysis.to_json() == scene.analysis.to_json()


def test_cancel_stops_it(app, record):
    review = open_review(app, record)
    click(app, "#analyse")
    scene = app.top
    click(app, "#analysis_cancel")
    assert app.top is review
    assert wait(app, lambda: scene._thread is None or not scene._thread.is_alive(), 30)
    assert scene.analysis is None and history.load_history()[0][0].analysis is None


def test_from_the_results_a_moment_opens_the_review_there(app, record):
    from game.ui.scenes.results import ResultsScene

    seats = [SeatConfig(n) for n in record.names]
    session = Session.new("chasing", seats, record.seed, dict(record.options))
    for seat, action in record.log:
        session.match.apply(seat, action)
    assert session.result() is not None
    history.save_history([record])
    app.push(ResultsScene(app, session))
    step(app, 2)
    click(app, "#analyse")
    scene = app.top
    assert isinstance(scene, AnalysisScene)
    # nothing here is about the frames while it works (the test above is): none is drawn
    assert until_worked(app, lambda: scene.analysis is not None)
    assert wait(app, lambda: scene.rows, 10)
    index = scene.rows[0][1]
    rect = scene.moment_rect(index)
    click_at(app, rect.center)
    review = app.top
    assert getattr(review, "is_review", False)
    assert review.position == scene.moments[index][0]
    assert history.load_history()[0][0].analysis is not None


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_the_legend_under_the_title_is_never_cut(shadows_home, analysed, lang):
    """German ran past 1024 px and was cut with "…" before it said what a diamond marks:
    now the line wraps to two and the graph starts below it."""
    from ui_helpers import make_app

    from game import i18n
    from game.storage.settings import Settings, save_settings

    save_settings(Settings(window_size=(1024, 640), language=lang))
    app = make_app((1024, 640))
    try:
        i18n.set_language(lang)
        review = open_review(app, analysed)
        click(app, "#analyse")
        scene = app.top
        assert isinstance(scene, AnalysisScene) and scene.analysis is not None
        step(app, 2)
        m = scene.metrics
        lines = scene.legend_lines(m)
        assert "…" not in "".join(lines) and 1 <= len(lines) <= 2, lines
        from game.ui import draw
        bottom = m.px(58) + len(lines) * draw.font(m.px(14)).get_linesize()
        graph, seats, moments = scene.areas(m)
        assert graph.top >= bottom - m.px(10) and seats.top == graph.top
        assert review is not None
    finally:
        app.quit()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_a_marks_number_keeps_clear_of_the_axis_words(app, size):
    """Two marks at the game's last step on the 0 % line (a Shadow Hunters game ends that
    way): their numbers stand apart from each other and from "win chance" / "game steps"
    (the second number once sat on "game steps")."""
    import types

    import pygame

    from game.i18n import _
    from game.ui import draw, style
    from game.ui.analysis import graph

    m = style.Metrics.for_size(*size)
    surface = pygame.Surface(size)
    rect = pygame.Rect(m.px(20), m.px(20), size[0] * 6 // 10, size[1] * 7 // 10)
    analysis = types.SimpleNamespace(length=120)
    moments = [(120, "luck-", 4, 0.0, None), (120, "luck-", 5, 0.0, None),
               (0, "mistake", 0, 0.0, None)]
    marks = graph.draw_graph(surface, rect, m, analysis, [], moments)
    plot = graph.plot_rect(rect, m)
    small = m.px(12)
    axis = [draw.text(_("win chance"), small).get_rect(topleft=(plot.x, plot.bottom + m.px(6))),
            draw.text(_("game steps"), small).get_rect(topright=(plot.right,
                                                                 plot.bottom + m.px(6)))]
    numbers = [mk.number for mk in marks]
    assert len(numbers) == 3
    for i, n in enumerate(numbers):
        assert n.collidelist(axis) < 0, (i, n, axis)
        assert rect.contains(n)                              # inside the graph's panel
        assert all(not n.colliderect(o) for o in numbers[i + 1:])
