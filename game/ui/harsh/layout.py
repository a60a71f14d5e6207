"""Where the Harsh Shadows table puts things, for one window size.

Left: the 3x3 grid of Locations. Middle: the Countdown, Defusing Kit, Tracking Bug and
Discovery deck, the three Case Files, then the additional-action buttons. Right: the Spy
Movement deck, the log and the hint. Along the bottom: the Discovery Collection.
Widths are shares of the window (the 1024x640 minimum is narrower than 1280 base pixels at
the smallest scale); heights and type come from ``Metrics``. Also here: where the Case
File cards sit in their panel, and where the Agent and Spy stand on a Location.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import draw, style


@dataclass
class HarshLayout:
    cells: list[pygame.Rect]
    grid: pygame.Rect
    status: pygame.Rect
    cases: pygame.Rect
    actions: pygame.Rect
    spy: pygame.Rect
    log: pygame.Rect
    hint: pygame.Rect
    collection: pygame.Rect
    board: pygame.Rect
    dialog_area: pygame.Rect
    side_dialog_area: pygame.Rect   # beside the grid, for choices about what the grid shows
    grid_dialog_area: pygame.Rect   # over the grid, for choices that change the Case Files


def line_h(m: style.Metrics, size: int, bold: bool = False) -> int:
    """The height of a line of ``size`` type (base pixels) as the text size draws it."""
    return draw.font(m.px(size), bold).get_linesize()


def case_head_h(m: style.Metrics) -> int:
    """The line over a Case File's cards that names it and its price."""
    return max(m.px(20), line_h(m, 14, True))


def compute(m: style.Metrics, top: int, status_lines: int = 2) -> HarshLayout:
    if m.text > 1:
        return compute_large(m, top, status_lines)
    w, h = m.width, m.height
    pad, gap = m.pad, m.gap
    right_w = int(w * 0.24)
    rx = w - right_w - pad
    y0 = top + gap
    board_w = rx - 2 * pad
    coll_h = m.px(112)
    collection = pygame.Rect(pad, h - pad - coll_h, board_w, coll_h)
    avail_h = collection.y - gap - y0
    grid_w = int(board_w * 0.58)
    cw = (grid_w - 2 * gap) // 3
    ch = min((avail_h - 2 * gap) // 3, int(cw * 0.95))
    grid = pygame.Rect(pad, y0, 3 * cw + 2 * gap, 3 * ch + 2 * gap)
    cells = [pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch)
             for r in range(3) for c in range(3)]
    mx = grid.right + pad
    mw = rx - pad - mx
    status = pygame.Rect(mx, y0, mw, m.px(70))
    cases = pygame.Rect(mx, status.bottom + gap, mw, m.px(3 * 72))
    actions = pygame.Rect(mx, cases.bottom + gap, mw, collection.y - gap - cases.bottom - gap)
    spy = pygame.Rect(rx, y0, right_w, m.px(146))
    rest = h - pad - spy.bottom - gap
    hint_h = max(m.px(150), int(rest * 0.58))   # room for a hint and its margins at 1024x640
    log = pygame.Rect(rx, spy.bottom + gap, right_w, rest - hint_h - gap)
    hint = pygame.Rect(rx, log.bottom + gap, right_w, hint_h)
    board = pygame.Rect(pad, y0, board_w, h - pad - y0)
    dw = min(m.px(600), int(board_w * 0.86))
    dialog_area = pygame.Rect(board.centerx - dw // 2, board.y, dw, board.height)
    side_dialog_area = pygame.Rect(mx, y0, mw, collection.y - gap - y0)
    grid_dialog_area = pygame.Rect(pad, y0, grid.width, collection.y - gap - y0)
    return HarshLayout(cells, grid, status, cases, actions, spy, log, hint, collection, board,
                       dialog_area, side_dialog_area, grid_dialog_area)


def compute_large(m: style.Metrics, top: int, status_lines: int) -> HarshLayout:
    """In large text (issue 44) the words need more room than the middle column has: the
    Case Files go to the right column under the Spy Movement deck, which is wider, the grid
    gives up some width, and each panel is as high as its lines of text; the log and the
    hint take turns in one place. ``status_lines``:
    the lines the longest status entry takes (``MiddleColumn.status_lines``)."""
    w, h = m.width, m.height
    pad, gap = m.pad, m.gap
    right_w = int(w * 0.28)
    rx = w - right_w - pad
    y0 = top + gap
    board_w = rx - 2 * pad
    coll_h = max(m.px(122), line_h(m, 14, True) + 2 * line_h(m, 12) + m.px(16))
    collection = pygame.Rect(pad, h - pad - coll_h, board_w, coll_h)
    avail_h = collection.y - gap - y0
    # the grid gives the middle column what the words need: less the larger they are
    grid_w = int(board_w * min(0.58, 0.55 - 0.18 * (m.text - 1.5)))
    cw = (grid_w - 2 * gap) // 3
    ch = min((avail_h - 2 * gap) // 3, int(cw * 1.05))
    grid = pygame.Rect(pad, y0, 3 * cw + 2 * gap, 3 * ch + 2 * gap)
    cells = [pygame.Rect(grid.x + c * (cw + gap), grid.y + r * (ch + gap), cw, ch)
             for r in range(3) for c in range(3)]
    mx = grid.right + pad
    mw = rx - pad - mx
    status = pygame.Rect(mx, y0, mw, 2 * (status_lines * line_h(m, 13) + m.px(8)))
    actions = pygame.Rect(mx, status.bottom + gap, mw, collection.y - gap - status.bottom - gap)
    # its cards a little smaller than at 100 %: the log below needs the lines (issue 44)
    spy = pygame.Rect(rx, y0, right_w, line_h(m, 14, True) + line_h(m, 12) + m.px(90 if m.text < 2 else 64))
    cases = pygame.Rect(rx, spy.bottom + gap, right_w, 3 * (case_head_h(m) + m.px(36)))
    # the log and the hint share what is left: split, each had a line or two at 200 %;
    # the hint takes the place while there is one for the decision (``hint_in_view``)
    log = pygame.Rect(rx, cases.bottom + gap, right_w, h - pad - cases.bottom - gap)
    hint = log.copy()
    board = pygame.Rect(pad, y0, board_w, h - pad - y0)
    dw = min(m.px(600), int(board_w * 0.86))
    dialog_area = pygame.Rect(board.centerx - dw // 2, board.y, dw, board.height)
    side_dialog_area = pygame.Rect(mx, y0, mw, collection.y - gap - y0)
    grid_dialog_area = pygame.Rect(pad, y0, grid.width, collection.y - gap - y0)
    return HarshLayout(cells, grid, status, cases, actions, spy, log, hint, collection, board,
                       dialog_area, side_dialog_area, grid_dialog_area)


def slot_rects(m: style.Metrics, box: pygame.Rect, view) -> dict[tuple[int, int], pygame.Rect]:
    """(Case File, slot) -> where that card is drawn (and clicked) in the Case Files panel."""
    row_h = box.height // 3
    head = case_head_h(m)
    sh = row_h - head - m.px(8)
    out = {}
    for f, cf in enumerate(view["case_files"]):
        n = len(cf["slots"])
        sw = min(int(sh * 1.45), (box.width - (n - 1) * m.px(6)) // max(1, n))
        for slot in range(n):
            out[(f, slot)] = pygame.Rect(box.x + slot * (sw + m.px(6)), box.y + f * row_h + head, sw, sh)
    return out


def token_d(lay: HarshLayout) -> int:
    """The diameter of the Agent and Spy pieces."""
    return max(18, int(lay.cells[0].height * 0.26))


def token_spot(lay: HarshLayout, kind: str, pos: int) -> tuple[float, float]:
    """The centre of the Agent ("agent") or the Spy ("spy") standing on Location ``pos``."""
    cell = lay.cells[pos]
    d = token_d(lay)
    x = cell.x + d * 0.6 + (d * 1.1 if kind == "spy" else 0)
    return (x, cell.bottom - d * 0.62)
