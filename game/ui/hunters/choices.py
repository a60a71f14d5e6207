"""Where the choice buttons go: a grid whose long labels span two or three cells.

Labels such as "Franklin: deal d6 damage to Carol (Catherine)" do not fit one third of
the row at 1024x640; cutting them would lose the very part that matters (the target).
So a button takes as many cells of its row as its label needs, and the list flows on to
the next row or page. ``place`` is pure (it gets the text widths), so the label-fit test
uses exactly what the table uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ui import draw, style

FONT = 17          # the @choice theme size in base pixels
TEXT_ROOM = 34     # left padding (number badge) plus a margin on the right, base pixels


@dataclass(frozen=True)
class Slot:
    page: int
    row: int
    col: int
    span: int
    fits: bool     # False only when even a whole row is too narrow (then it is cut)


def span_for(need: int, cell_w: int, gap: int, cols: int) -> tuple[int, bool]:
    for k in range(1, cols + 1):
        if k * cell_w + (k - 1) * gap >= need:
            return k, True
    return cols, False


def _flow(spans, cols: int, rows: int, reserve_last: bool) -> list[tuple[int, int, int]]:
    out = []
    page = row = col = 0
    for k in spans:
        while True:
            if col + k > cols:
                row, col = row + 1, 0
            if row >= rows:
                page, row, col = page + 1, 0, 0
                continue
            last_row = row == rows - 1
            if reserve_last and last_row and col + k > cols - 1:
                page, row, col = page + 1, 0, 0
                continue
            break
        out.append((page, row, col))
        col += k
    return out


def place(needs: list[int], cell_w: int, gap: int, cols: int, rows: int) -> list[Slot]:
    """Grid slots for labels that need ``needs`` px each (in order, paged)."""
    spans = [span_for(n, cell_w, gap, cols) for n in needs]
    flow = _flow([k for k, _ in spans], cols, rows, reserve_last=False)
    if flow and flow[-1][0] > 0:
        # several pages: keep the last cell of every page for "More…"
        flow = _flow([k for k, _ in spans], cols, rows, reserve_last=True)
    return [Slot(p, r, c, k, ok) for (p, r, c), (k, ok) in zip(flow, spans)]


def text_need(label: str, m: style.Metrics) -> int:
    """Width a choice button needs to show ``label`` whole."""
    return draw.font(m.px(FONT)).size(label)[0] + m.px(TEXT_ROOM)


def columns(width: int, m: style.Metrics) -> int:
    return 3 if width > m.px(600) else 2
