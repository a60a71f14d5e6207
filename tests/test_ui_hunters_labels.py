"""No Shadow Hunters choice label is cut off at the smallest and the usual window."""

import pygame
import pytest
from hunters_labels import engine_labels

from game.ui import style
from game.ui.hunters import choices as C
from game.ui.hunters import layout as L


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()


def clipped(size, labels, focus):
    m = style.Metrics.for_size(*size)
    top = m.button_h + 3 * m.gap
    lines = C.lines()
    # the grid depends only on the player count, and a label's width only on its words (the
    # same label comes at several player counts): each worked out once
    grids, needs = {}, {}
    out = []
    for n, text in labels:
        if n not in grids:
            grids[n] = C.ChoiceButtons._grid(m, L.choice_rect(L.compute(m, top, n), m, focus))
        cols, rows, cell, _bh = grids[n]
        need = needs.get(text)
        if need is None:
            need = needs[text] = C.text_need(text, m, lines)
        slot = C.place([need], cell, m.gap, cols, rows)[0]
        if not slot.fits:
            out.append(text)
    return out


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("focus", [False, True], ids=["plain", "beside-a-card"])
def test_every_engine_label_fits_its_button(size, focus):
    labels = engine_labels(2000)
    assert len(labels) > 3000            # the random games reached the long labels too
    assert any("Franklin" in t for _, t in labels) and any("Give it to" in t for _, t in labels)
    assert clipped(size, labels, focus) == []


def test_a_long_label_takes_two_cells_and_the_next_one_moves_on():
    slots = C.place([100, 250, 100, 100], 120, 10, 3, 3)
    assert [(s.row, s.col, s.span) for s in slots] == [(0, 0, 1), (0, 1, 2), (1, 0, 1), (1, 1, 1)]
    many = C.place([100] * 10, 120, 10, 3, 3)
    assert [s.page for s in many] == [0] * 8 + [1] * 2   # the 9th cell is kept for "More…"
