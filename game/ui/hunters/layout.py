"""Where the parts of the Shadow Hunters table go for one window size.

Left: the player boards (one row up to 4 players, two rows above that), the six Area
cards in their three pairs, the damage track, the dice tray and the choices. Right: the
private panel of the person at the screen, the three decks with their discards, the log.
Everything is computed from ``style.Metrics``, so 1024x640 with 8 players still fits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import draw, style


@dataclass
class Layout:
    boards: list[pygame.Rect] = field(default_factory=list)
    areas: list[pygame.Rect] = field(default_factory=list)   # in slot order
    board_area: pygame.Rect = field(default_factory=pygame.Rect)
    track: pygame.Rect = field(default_factory=pygame.Rect)
    tray: pygame.Rect = field(default_factory=pygame.Rect)
    choices: pygame.Rect = field(default_factory=pygame.Rect)
    private: pygame.Rect = field(default_factory=pygame.Rect)
    decks: pygame.Rect = field(default_factory=pygame.Rect)
    log: pygame.Rect = field(default_factory=pygame.Rect)


def choice_head(m: style.Metrics) -> int:
    """The line over the choice buttons (what to do, or why a click was refused)."""
    return max(m.px(30), draw.font(m.px(17)).get_linesize() + m.px(4))


def choice_button_h(m: style.Metrics) -> int:
    """A choice button: one line of words, two in large text (game.ui.words)."""
    lines = 2 if m.text > 1 else 1
    return max(m.px(40), lines * draw.font(m.px(17)).get_linesize() + m.px(10))


def choice_height(m: style.Metrics, rows: int = 3) -> int:
    """A header line and ``rows`` rows of buttons, the same every turn so nothing jumps
    (in large text two rows of two-line buttons: three choices and "More…" on a page)."""
    if m.text > 1:
        return choice_head(m) + 2 * (choice_button_h(m) + m.gap)
    return m.px(30) + rows * (m.px(40) + m.gap)


def compute(m: style.Metrics, top: int, players: int) -> Layout:
    lay = Layout()
    log_w = int(m.width * 0.27)
    rx = m.width - log_w - m.pad
    left_w = rx - 2 * m.pad
    x0 = m.pad

    # right column
    large = m.text > 1      # issue 44: the panels as high as their lines
    lay.private = pygame.Rect(rx, top, log_w, m.px(212) if not large else int(m.px(212) * min(1.5, m.text)))
    deck_h = m.px(96) if not large else max(m.px(96), m.px(60) + draw.font(m.px(12)).get_linesize())
    lay.decks = pygame.Rect(rx, lay.private.bottom + m.gap, log_w, deck_h)
    log_top = lay.decks.bottom + m.gap
    lay.log = pygame.Rect(rx, log_top, log_w, m.height - log_top - m.pad)

    # player boards
    # large text: up to six boards in one row, the Areas and choices need the height
    one_row = 6 if large else 4
    cols = players if players <= one_row else (players + 1) // 2
    rows = 1 if players <= one_row else 2
    bh = m.px(86)
    if large:       # name row, character row, damage row (paint.draw_player)
        bh = max(bh, 2 * m.px(7) + max(m.px(24), draw.font(m.px(15), True).get_linesize())
                 + max(m.px(18), draw.font(m.px(14)).get_linesize())
                 + draw.font(m.px(13), True).get_linesize() + 2 * m.px(4))
    bw = (left_w - (cols - 1) * m.gap) // cols
    for i in range(players):
        r, c = divmod(i, cols)
        lay.boards.append(pygame.Rect(x0 + c * (bw + m.gap), top + r * (bh + m.gap), bw, bh))
    boards_bottom = top + rows * bh + (rows - 1) * m.gap

    # bottom up: choices, dice tray, damage track
    ch = choice_height(m)
    # the damage track: taller with many players, so a crowded cell stacks its pieces in
    # three rows instead of heaping them
    track_h = m.px(50) if players <= 5 else m.px(70)
    tray_h, area_min = m.px(54), m.px(96) if not large else m.px(48)
    if large:
        # seven or eight players, or a taller top bar (the review's), in large text (issue
        # 44): no room for two rows of choices; one row and "More…", the track lower
        short = boards_bottom + 4 * m.gap + m.px(48) + track_h + m.px(54) + ch + m.pad - m.height
        if short > 0:      # and the tray one line high, the Areas slim strips
            ch = choice_head(m) + choice_button_h(m) + m.gap
            tray_h = min(tray_h, draw.font(m.px(14)).get_linesize() + m.px(10))
            room = m.height - m.pad - ch - tray_h - boards_bottom - m.px(36) - 4 * m.gap
            # the track keeps its numbers' row and a row of pieces under it (paint.draw_track)
            least = draw.font(m.px(12), True).get_linesize() + m.px(3) + m.px(16)
            track_h, area_min = max(least, min(m.px(60), room)), m.px(36)
    lay.choices = pygame.Rect(x0, m.height - m.pad - ch, left_w, ch)
    lay.tray = pygame.Rect(x0, lay.choices.y - m.gap - tray_h, left_w, tray_h)
    lay.track = pygame.Rect(x0, lay.tray.y - m.gap - track_h, left_w, track_h)

    # the six Areas fill what is left between boards and track
    area_top = boards_bottom + m.gap
    gap = m.gap
    if large and area_top + area_min + m.gap > lay.track.y:
        # a taller top bar than planned (8 players at 200 %): half gaps between the rows
        # rather than the Areas lying under the track (issue 44)
        gap = m.gap // 2
        lay.tray.y += m.gap - gap
        lay.track.y = lay.tray.y - gap - lay.track.h
        area_top = boards_bottom + gap
    area_h = max(area_min, lay.track.y - gap - area_top)
    lay.board_area = pygame.Rect(x0, area_top, left_w, area_h)
    pair_gap, inner = m.px(18), m.px(6)
    aw = (left_w - 2 * pair_gap - 3 * inner) // 6
    x = x0
    for slot in range(6):
        lay.areas.append(pygame.Rect(x, area_top, aw, area_h))
        x += aw + (inner if slot % 2 == 0 else pair_gap)
    return lay


def focus_size(lay: Layout, m: style.Metrics) -> tuple[int, int]:
    """The card held up beside the choices (the Hermit card in hand, a card being used)."""
    # no taller than at 100 %: the large text's taller choice rows need the width
    h = min(lay.choices.height, m.px(30) + 3 * (m.px(40) + m.gap)) - m.px(6)
    return int(h * 0.7), h


def choice_rect(lay: Layout, m: style.Metrics, focus: bool) -> pygame.Rect:
    """Where the choice buttons go: the choices strip, minus the held-up card if any."""
    r = lay.choices
    if not focus:
        return pygame.Rect(r)
    fw = focus_size(lay, m)[0]
    return pygame.Rect(r.x + fw + m.gap, r.y, r.width - fw - m.gap, r.height)
