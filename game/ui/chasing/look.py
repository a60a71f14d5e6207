"""How the Chasing Shadows pieces look: taken-card chips, suit marks, the scoresheets and
the memory-aid grid, and the table's own colours (paper, ink, the strike-through)."""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

import pygame

from game.i18n import _, n_, p_
from game.rules.chasing import cards as rule_cards
from game.rules.chasing.scoring import round_scores
from game.ui import draw, style

from .model import SUIT_ORDER

ROMAN = ("I", "II", "III")
PAPER = (236, 231, 218)
PAPER_LINE = (176, 166, 146)
INK = (34, 36, 48)
STRIKE = (176, 42, 36)
PENCIL = (112, 108, 100)     # this round's score so far, pencilled in until the round ends
DARK_TEXT_SUITS = ("yellow", "grey")


def suit_ink(suit: str) -> tuple:
    return (20, 20, 24) if suit in DARK_TEXT_SUITS else (255, 255, 255)


@lru_cache(maxsize=512)
def chip(rank: int, suit: str, size: tuple, dim: bool = False) -> pygame.Surface:
    """A small face-up card: suit colour, rank, and the suit's shape as a corner mark."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = style.SUITS[suit]["colour"]
    if dim:
        colour = style.mix(colour, style.PANEL, 0.72)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=max(2, w // 6))
    pygame.draw.rect(surf, style.mix(colour, (0, 0, 0), 0.4), surf.get_rect(), 1,
                     border_radius=max(2, w // 6))
    ink = dim_ink(colour) if dim else suit_ink(suit)
    size = max(8, int(h * 0.62 / style.TEXT_SCALE))     # the chip's own height, not the text size's
    while size > 6 and draw.font(size, True).size(str(rank))[0] > w - 2:
        size -= 1                                          # "10"-"13" in a narrow chip
    img = draw.text(str(rank), size, ink, True)
    surf.blit(img, img.get_rect(center=(w / 2, h / 2 + 1)))
    return surf


def contrast(a: tuple, b: tuple) -> float:
    hi, lo = sorted((style.luminance(a), style.luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def dim_ink(ground: tuple) -> tuple:
    """The rank on a dimmed chip: quieter than a lit chip's, yet readable. Dimming darkens the
    light suits' chips, so their dark ink would vanish: the ink is the light or dark one that
    stands out, softened only as far as 4.5:1 allows (7:1 in high contrast)."""
    need = 7.0 if style.THEME_COLOURS else 4.5
    ink = max(((245, 245, 245), (20, 20, 24)), key=lambda c: contrast(c, ground))
    for t in (0.4, 0.3, 0.2, 0.1):
        soft = style.mix(ink, ground, t)
        if contrast(soft, ground) >= need:
            return soft
    return ink


@lru_cache(maxsize=512)
def score_card(rank: int, suit: str, size: tuple, shown_w: int, dim: bool = False) -> pygame.Surface:
    """A taken card on the round-end screen: the suit's colour, its rank as large as the
    part left uncovered (``shown_w`` px from the left) allows, the suit's shape below it.
    Small cards in a row stay readable where a real card face would shrink its corner."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    colour = style.SUITS[suit]["colour"]
    if dim:
        colour = style.mix(colour, style.PANEL, 0.6)
    radius = max(3, w // 7)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, style.mix(colour, (0, 0, 0), 0.45), surf.get_rect(), 1,
                     border_radius=radius)
    ink = style.mix(suit_ink(suit), colour, 0.45) if dim else suit_ink(suit)
    size_px = rank_size_for(str(rank), h, shown_w)
    img = draw.text(str(rank), size_px, ink, True)
    surf.blit(img, (max(2, (shown_w - img.get_width()) // 2), max(1, h // 14)))
    mark = draw.suit_symbol(suit, max(8, min(shown_w - 4, h // 3)), with_letter=False)
    surf.blit(mark, (max(2, (shown_w - mark.get_width()) // 2), h - mark.get_height() - max(2, h // 12)))
    return surf


def rank_size_for(text: str, h: int, shown_w: int) -> int:
    """The font size of a ``score_card``'s rank: up to 45% of its height, narrowed until
    the rank fits the uncovered strip."""
    size = max(8, int(h * 0.45))
    while size > 8 and draw.font(size, True).size(text)[0] > shown_w - 3:
        size -= 1
    return size


def tint(surface: pygame.Surface, rect: pygame.Rect, rgba: tuple, radius: int = 0) -> None:
    """A translucent rounded rect (pygame.draw ignores alpha on the screen surface)."""
    surface.blit(draw.shade(tuple(rect.size), tuple(rgba), radius), rect)


def suit_mark(suit: str, size: int) -> pygame.Surface:
    return draw.suit_symbol(suit, size)


def sheet_size(m) -> tuple[int, int]:
    return m.px(236), m.px(176)


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, m, name: str, seat: int,
               sheet: Mapping, *, winner: bool = False, current_round: int | None = None,
               live: tuple[int, Sequence[int | None]] | None = None) -> None:
    """One player's paper scoresheet: 4 suits x 3 rounds, empty boxes left empty, struck
    boxes crossed through, the total at the bottom. ``live`` (tricks, boxes): the current
    round so far, pencilled into its row in grey."""
    k = rect.h / sheet_size(m)[1]  # text and spacing grow with the sheet

    def px(v: float) -> int:
        return max(1, round(m.px(v) * k))

    radius = px(8)
    if winner:
        halo = draw.glow(rect.size, style.ACCENT_BRIGHT, px(10), radius)
        surface.blit(halo, (rect.x - px(10), rect.y - px(10)))
    draw.rounded_rect(surface, rect, PAPER, radius, style.ACCENT if winner else PAPER_LINE,
                      2 if winner else 1)
    pad = px(8)
    head_h = px(30)
    token = draw.player_token(seat, px(22), name)
    surface.blit(token, (rect.x + pad, rect.y + (head_h - token.get_height()) // 2 + px(2)))
    size = px(15)
    label = fit_text(name, size, rect.w - 2 * pad - px(30) - px(40), True)
    draw.blit_text(surface, label, size, (rect.x + pad + px(28), rect.y + head_h // 2 + px(2)),
                   INK, True, "midleft")
    if winner:
        draw.blit_text(surface, p_("sheet", "wins"), px(13), (rect.right - pad, rect.y + head_h // 2 + px(2)),
                       (150, 110, 30), True, "midright")
    grid = pygame.Rect(rect.x + pad, rect.y + head_h + px(2), rect.w - 2 * pad,
                       rect.h - head_h - px(34))
    label_w = px(30)
    cols = 4
    cell_w = (grid.w - label_w) // cols
    row_h = grid.h // 4
    for s, suit in enumerate(SUIT_ORDER):
        cx = grid.x + label_w + s * cell_w + cell_w // 2
        mark = suit_mark(suit, min(row_h - px(4), px(20)))
        surface.blit(mark, mark.get_rect(center=(cx, grid.y + row_h // 2)))
    rounds = sheet["rounds"]
    struck = sheet["struck"]
    for r in range(3):
        y = grid.y + (r + 1) * row_h
        tint = current_round is not None and r == current_round - 1
        draw.blit_text(surface, ROMAN[r], px(14), (grid.x + label_w // 2, y + row_h // 2), INK,
                       tint, "center")
        for s in range(cols):
            box = pygame.Rect(grid.x + label_w + s * cell_w + px(3), y + px(2),
                              cell_w - px(6), row_h - px(4))
            pygame.draw.rect(surface, (248, 245, 236) if not tint else (252, 240, 205), box,
                             border_radius=px(3))
            pygame.draw.rect(surface, PAPER_LINE, box, 1, border_radius=px(3))
            value = rounds[r][s]
            ink = INK
            if value is None and live is not None and tint:
                value, ink = live[1][s], PENCIL
            if value is None:
                continue
            img = draw.text(str(value), px(16), ink, True)
            at = img.get_rect(center=box.center)
            surface.blit(img, at)
            if struck[r][s]:
                y_line = at.centery + px(1)
                pygame.draw.line(surface, STRIKE, (box.x + px(4), y_line),
                                 (box.right - px(5), y_line), max(2, px(2)))
    total_y = rect.bottom - px(18)
    pygame.draw.line(surface, PAPER_LINE, (rect.x + pad, rect.bottom - px(32)),
                     (rect.right - pad, rect.bottom - px(32)))
    draw.blit_text(surface, _("Total"), px(14), (rect.x + pad, total_y), INK, False, "midleft")
    at = draw.blit_text(surface, str(sheet["total"]), px(18), (rect.right - pad, total_y), INK,
                        True, "midright")
    if live is not None:
        tricks, boxes = live
        now = sum(v for v in boxes if v is not None)
        line = n_("{n} trick · round now {score}", "{n} tricks · round now {score}", tricks,
                  score=now)
        draw.blit_text(surface, line, px(12),
                       (at.x - px(10), total_y), PENCIL, True, "midright")


def sheet_grid(area: pygame.Rect, count: int, m) -> list[pygame.Rect]:
    """Rects for ``count`` scoresheets inside ``area``: as large as fits, up to natural size."""
    nat_w, nat_h = sheet_size(m)
    gap = m.px(14)
    best = None
    for cols in range(count, 0, -1):  # on equal size, fewer rows read better
        rows = -(-count // cols)
        w = min(nat_w * 1.4, (area.w - gap * (cols - 1)) / cols)
        h = min(nat_h * 1.4, (area.h - gap * (rows - 1)) / rows)
        scale = min(w / nat_w, h / nat_h)
        if best is None or scale > best[0] + 1e-6:
            best = (scale, cols, rows)
    scale, cols, rows = best
    w, h = int(nat_w * scale), int(nat_h * scale)
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        in_row = min(cols, count - r * cols)
        row_w = in_row * w + (in_row - 1) * gap
        x = area.centerx - row_w // 2 + c * (w + gap)
        y = area.centery - (rows * h + (rows - 1) * gap) // 2 + r * (h + gap)
        out.append(pygame.Rect(x, y, w, h))
    return out


def fit_text(text: str, size: int, width: int, bold: bool = False) -> str:
    return draw.ellipsize(text, size, width, bold)


def live_round(taken: Sequence[tuple]) -> tuple[int, list[int | None]]:
    """(tricks won, the four suit boxes) of one player this round so far: what the round
    would score if it ended now, counting the cards taken (the rules' own scoring; the
    last card left in hand joins them only when the round ends, and nobody else knows it).
    Each trick won takes exactly one card, the Spotlight, so the tricks are the cards."""
    ints = [rule_cards.parse(c[1], c[2]) for c in taken if c[0] == "card"]
    return len(ints), round_scores(ints)


def live_rounds(model: Mapping, view: Mapping) -> list[tuple[int, list[int | None]]] | None:
    """Every player's ``live_round`` from the table as drawn, while a round is played."""
    if view["phase"] not in ("play", "discard"):
        return None
    return [live_round(t) for t in model["taken"]]


def round_sum(row: Sequence) -> int | None:
    values = [v for v in row if v is not None]
    return sum(values) if values else None


def _lh(m, size: int, bold: bool = False) -> int:
    return draw.font(m.px(size), bold).get_linesize()


def score_rows(m) -> tuple[int, int, int]:
    """(the column heads' top, a player's row, the rows' top) from the panel's top: as
    the base pixels say, or the lines' heights in large text (issue 44)."""
    head = max(m.px(36), m.px(8) + _lh(m, 16, True))
    row = max(m.px(24), _lh(m, 15))
    return head, row, head + max(m.px(20), _lh(m, 13, True))


def scores_panel_height(m, n: int) -> int:
    _head, row, top = score_rows(m)
    return top + n * row + max(m.px(26), _lh(m, 12) + m.px(6))


def memory_panel_height(m) -> int:
    head, row = memory_rows(m)
    return head + 4 * row + m.px(6)


def memory_rows(m) -> tuple[int, int]:
    """(the chips' top from the panel's top, a suit's row)."""
    # the chips keep their size (their ranks are sized by the chip): the log below needs the room
    return max(m.px(34), m.px(10) + _lh(m, 15, True)), m.px(21)


def draw_scores_panel(surface: pygame.Surface, rect: pygame.Rect, m, view: Mapping,
                      names: Sequence[str], decider: int | None,
                      live: Sequence[tuple[int, Sequence[int | None]]] | None = None) -> None:
    """The sidebar's summary: each player's round sums and total (S shows the full sheets).
    During a round (``live``: tricks and boxes so far per player) its column shows what it
    would score if it ended now, and a Tricks column how many each has won."""
    draw.panel(surface, rect, m.px(style.RADIUS))
    pad = m.px(12)
    if view["phase"] == "over":
        title = _("Final scores")
    elif view["phase"] == "deal" and view["rounds_done"]:
        # its last trick still shows
        title = _("Scores after round {round}", round=view["rounds_done"])
    else:
        title = _("Scores · round {round} of 3", round=view["round"])
    shown = draw.blit_text(surface, title, m.px(16), (rect.x + pad, rect.y + m.px(8)),
                           style.TEXT_MUTED, True)
    # Translators: a key and what it opens (the S key shows every scoresheet)
    hint = _("S: sheets")
    hint_w = draw.font(m.px(13)).size(hint)[0]
    if shown.right + m.gap + hint_w <= rect.right - pad:    # large text: the title comes first
        draw.blit_text(surface, hint, m.px(13), (rect.right - pad, rect.y + m.px(10)),
                       style.TEXT_DIM, False, "topright")
    head_f = draw.font(m.px(13), True)
    col_w = max(m.px(34), head_f.size("III")[0] + m.px(10))
    total_x = rect.right - pad
    # as wide as a three-digit total and round III's marks beside it need (64 px was more,
    # and the names paid for it)
    total_w = max(draw.font(m.px(16), True).size("188")[0] + col_w // 2 + m.px(6),
                  head_f.size(p_("column", "Total"))[0] + head_f.size("III")[0] // 2 + m.px(12))
    xs = [total_x - total_w - (2 - i) * col_w for i in range(3)]
    head_y, row_h, rows_y = score_rows(m)
    y = rect.y + head_y
    for i, label in enumerate(ROMAN):
        draw.blit_text(surface, label, m.px(13), (xs[i], y), style.TEXT_DIM, True, "midtop")
    # Translators: the scores panel's narrow column of each player's total
    draw.blit_text(surface, p_("column", "Total"), m.px(13), (total_x, y), style.TEXT_DIM, True, "topright")
    # The trick counts stand one column left of round I; their header ends over the counts'
    # right edge and reaches left over the names' row, which has no header. A wide header
    # (Japanese トリック) once pushed the column left and cut a four-letter name to "キャ…".
    digits_half = draw.font(m.px(15)).size("13")[0] // 2
    tricks_x = xs[0] - col_w - m.px(8)
    current = view["round"] - 1 if live is not None else None
    if live is not None:
        draw.blit_text(surface, _("Tricks"), m.px(13), (tricks_x + digits_half, y), style.TEXT_DIM,
                       True, "topright")
        name_right = tricks_x - digits_half - m.px(8)
    else:
        name_right = xs[0] - col_w // 2
    y = rect.y + rows_y
    name_w = name_right - rect.x - pad - m.px(28)
    for seat, sheet in enumerate(view["scoresheet"]):
        cy = y + row_h // 2
        if seat == decider:
            hi = pygame.Rect(rect.x + m.px(4), y, rect.w - m.px(8), row_h)
            tint(surface, hi, (*style.ACCENT, 40), m.px(5))
        token = draw.player_token(seat, m.px(18), names[seat])
        surface.blit(token, token.get_rect(midleft=(rect.x + pad, cy)))
        draw.blit_text(surface, fit_text(names[seat], m.px(15), name_w), m.px(15),
                       (rect.x + pad + m.px(24), cy), style.TEXT, False, "midleft")
        for r in range(3):
            done = r < view["rounds_done"]
            value = round_sum(sheet["rounds"][r]) if done else None
            text = "·" if not done else ("–" if value is None else str(value))
            colour = style.TEXT_MUTED
            if r == current:
                value = round_sum(live[seat][1])
                text, colour = ("–" if value is None else str(value)), style.ACCENT
            draw.blit_text(surface, text, m.px(15), (xs[r], cy), colour, r == current, "center")
        if live is not None:
            draw.blit_text(surface, str(live[seat][0]), m.px(15), (tricks_x, cy), style.TEXT,
                           False, "center")
        draw.blit_text(surface, str(sheet["total"]), m.px(16), (total_x, cy), style.ACCENT_BRIGHT,
                       True, "midright")
        y += row_h
    if live is not None:
        note = (_("{round}: the round so far, if it ended now", round=ROMAN[current]),
                _("{round}: the round so far", round=ROMAN[current]))
        note = draw.fit_first(note, m.px(12), rect.w - 2 * pad)
        draw.blit_text(surface, fit_text(note, m.px(12), rect.w - 2 * pad), m.px(12),
                       (rect.x + pad, y + m.px(2)), style.ACCENT, False)


def memory_cell(rect: pygame.Rect, m, top: int) -> int:
    """The width of a rank's place in the memory aid (ranks 0 to ``top``)."""
    inner = rect.w - 2 * m.px(12) - m.px(18) - m.px(4)
    return min(m.px(20), inner // (top + 1))


def warm_memory_chips(rect: pygame.Rect, m, top: int):
    """The memory aid's chips, lit and dimmed, one suit a piece (a generator): a first
    picture that made all of them (and worked out each dimmed rank's ink) took 5-7 ms."""
    cell = memory_cell(rect, m, top)
    row = memory_rows(m)[1]
    for suit in SUIT_ORDER:
        for rank in range(top + 1):
            for dim in (False, True):
                chip(rank, suit, (cell - 1, row - 2), dim=dim)
        yield


def draw_memory_panel(surface: pygame.Surface, rect: pygame.Rect, m, view: Mapping) -> None:
    """The memory aid: every rank of every suit, lit if it was played in an earlier trick
    of this round (what players at a real table could have memorised)."""
    draw.panel(surface, rect, m.px(style.RADIUS))
    pad = m.px(12)
    played: dict[str, set] = {s: set() for s in SUIT_ORDER}
    for trick in view["history"]:
        for p in trick["plays"]:
            played[p["card"][1]].add(p["card"][2])
    n_tricks = len(view["history"])
    title = _("Played in earlier tricks") if n_tricks else draw.fit_first(
        (_("Played in earlier tricks: none yet"), _("Played in earlier tricks")), m.px(15), rect.w - 2 * pad, True)
    title = fit_text(title, m.px(15), rect.w - 2 * pad, True)
    draw.blit_text(surface, title, m.px(15), (rect.x + pad, rect.y + m.px(8)), style.TEXT_MUTED, True)
    top = view["deck_top_rank"]
    mark_w = m.px(18)
    cell = memory_cell(rect, m, top)
    head, row = memory_rows(m)
    y = rect.y + head
    for suit in SUIT_ORDER:
        mark = suit_mark(suit, mark_w)
        surface.blit(mark, (rect.x + pad, y + (row - 2 - mark_w) // 2))
        x = rect.x + pad + mark_w + m.px(4)
        for rank in range(top + 1):
            surface.blit(chip(rank, suit, (cell - 1, row - 2), dim=rank not in played[suit]),
                         (x, y))
            x += cell
        y += row
