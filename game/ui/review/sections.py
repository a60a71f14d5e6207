"""The review's secrets panel: what each seat held, headed and wrapped to fit.

The review scene and each game's hooks (``games``) draw it; it sits below both.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.review.secrets import Section
from game.ui import draw, style
from game.ui.table_base import fit


def draw_sections(surface: pygame.Surface, rect: pygame.Rect, m: style.Metrics,
                  sections: list[Section], title: str = "") -> bool:
    """Secret sections as headed, wrapped lines; what does not fit is cut with a note.
    True when every line was drawn."""
    x, w = rect.x + m.px(12), rect.w - m.px(24)
    draw.panel(surface, rect, m.px(style.RADIUS))
    if not title:       # the shorter wording rather than a cut one
        title = draw.fit_first((_("Secrets (face up in the review)"), _("Secrets")), m.px(15), w, True)
    y = rect.y + m.px(8)
    draw.blit_text(surface, fit(title, m.px(15), w, True), m.px(15), (x, y), style.ACCENT_BRIGHT, True)
    # the lines step by their height as the text size draws them (issue 44: they overlapped)
    y += max(m.px(24), draw.font(m.px(15), True).get_linesize() + m.px(2))
    fs = m.px(13)
    lh = max(int(fs * 1.3), draw.font(fs).get_linesize())
    bottom = rect.bottom - m.px(8)
    for sec in sections:
        if y + lh > bottom:
            return False
        draw.blit_text(surface, fit(sec.title, m.px(13), w, True), m.px(13), (x, y), style.TEXT, True)
        y += lh
        for line in sec.lines:
            for part in draw.wrap(line, fs, w - m.px(8)):
                if y + lh > bottom:
                    draw.blit_text(surface, "…", fs, (x + m.px(8), y - lh // 2), style.TEXT_DIM)
                    return False
                draw.blit_text(surface, part, fs, (x + m.px(8), y), style.TEXT_MUTED)
                y += lh
        y += m.px(4)
    return True


def draw_sections_across(surface: pygame.Surface, rects: list[pygame.Rect], m: style.Metrics,
                         sections: list[Section]) -> bool:
    """The secrets flowing through columns side by side, wrapped to each column, a line
    going on in the next column where one ends (the Harsh review in large text lays them
    over the board). True when every word was drawn."""
    fs = m.px(13)
    lh = max(int(fs * 1.3), draw.font(fs, True).get_linesize())
    rows: list[tuple[str, bool]] = []           # (text, is a section's head)
    for sec in sections:
        rows.append((sec.title, True))
        rows += [(line, False) for line in sec.lines]
    for i, rect in enumerate(rects):
        if i and not rows:
            break           # what the secrets need, no more of the board
        surface.fill(style.BG, rect)
        draw.panel(surface, rect, m.px(style.RADIUS))
        x, y, w = rect.x + m.px(12), rect.y + m.px(8), rect.w - m.px(24)
        if i == 0:
            draw.blit_text(surface, fit(_("Secrets"), m.px(15), w, True), m.px(15), (x, y),
                           style.ACCENT_BRIGHT, True)
            y += max(m.px(24), draw.font(m.px(15), True).get_linesize() + m.px(2))
        while rows and y + lh <= rect.bottom - m.px(8):
            text, head = rows[0]
            indent = 0 if head else m.px(8)
            parts = draw.wrap(text, fs, w - indent, head) or [""]
            room = (rect.bottom - m.px(8) - y) // lh
            for part in parts[:room]:
                draw.blit_text(surface, part, fs, (x + indent, y),
                               style.TEXT if head else style.TEXT_MUTED, head)
                y += lh
            if len(parts) > room:       # the rest goes on in the next column
                rows[0] = (" ".join(parts[room:]), head)
                break
            rows.pop(0)
    return not rows
