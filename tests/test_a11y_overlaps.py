"""Issue 44: the laid-out parts of each table never overlap and stay in the window, at
every text size and window size a player may choose, with every number of players
(the rectangles the layouts give, checked pairwise for intersections)."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui import palette, style

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
TEXTS = [100, 125, 150, 200]


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield
    palette.apply("default", 100)


def _apart(named: dict, window: tuple) -> None:
    screen = pygame.Rect(0, 0, *window)
    for name, r in named.items():
        assert r.width > 0 and r.height > 0, f"{name} is empty: {r}"
        assert screen.contains(r), f"{name} {r} leaves the window {window}"
    for (a, ra), (b, rb) in itertools.combinations(named.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("band", [False, True], ids=["table", "review"])
@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_hunters_parts_do_not_overlap(size, text, players, band):
    from game.ui import draw
    from game.ui.hunters import layout

    palette.apply("default", text)
    m = style.Metrics.for_size(*size)
    top = m.button_h + 2 * m.gap                     # table_base.top_bar_h
    if band and text > 100 and players <= 6:   # the review's step line under its buttons
        # (games.HuntersHooks.turn_band: not with two rows of boards)
        top += draw.font(m.px(18)).get_linesize() + m.gap
    lay = layout.compute(m, top, players)
    named = {f"board {i}": r for i, r in enumerate(lay.boards)}
    named.update({f"area {i}": r for i, r in enumerate(lay.areas)})
    named.update(track=lay.track, tray=lay.tray, choices=lay.choices, private=lay.private,
                 decks=lay.decks, log=lay.log)
    _apart(named, size)
    # the choices hold at least one row of buttons under their head
    assert lay.choices.height >= layout.choice_head(m) + layout.choice_button_h(m)


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_harsh_parts_do_not_overlap(size, text):
    from game.ui.harsh import layout

    palette.apply("default", text)
    m = style.Metrics.for_size(*size)
    for lines in (2, 3, 4):
        lay = layout.compute(m, m.px(64) * (2 if text > 100 else 1), lines)
        named = {f"cell {i}": r for i, r in enumerate(lay.cells)}
        named.update(status=lay.status, cases=lay.cases, actions=lay.actions, spy=lay.spy,
                     collection=lay.collection)
        if lay.log != lay.hint:
            named.update(log=lay.log, hint=lay.hint)
        else:
            named.update(log=lay.log)          # large text: the two take turns in one place
        _apart(named, size)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_chasing_sidebar_parts_do_not_overlap(size, text, players):
    from game.ui.chasing.layout import Geometry

    palette.apply("default", text)
    m = style.Metrics.for_size(*size)
    top = m.px(64) if text == 100 else m.px(64) + m.px(20)
    geo = Geometry(m, top, players, m.height - m.pad, True)
    named = {"scores": geo.scores, "memory": geo.memory, "log": geo.log, "table": geo.table}
    _apart(named, size)
    from game.ui import draw

    # its title and a line at least (the log key opens the whole log)
    assert geo.log.height >= 2 * draw.font(m.px(15)).get_linesize(), "no room for the log"
