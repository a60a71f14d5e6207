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
                  sections: list[Section], title: str = "") -> None:
    """Secret sections as headed, wrapped lines; what does not fit is cut with a note."""
    draw.panel(surface, rect, m.px(style.RADIUS))
    x, w = rect.x + m.px(12), rect.w - m.px(24)
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
            break
        draw.blit_text(surface, fit(sec.title, m.px(13), w, True), m.px(13), (x, y), style.TEXT, True)
        y += lh
        for line in sec.lines:
            for part in draw.wrap(line, fs, w - m.px(8)):
                if y + lh > bottom:
                    draw.blit_text(surface, "…", fs, (x + m.px(8), y - lh // 2), style.TEXT_DIM)
                    return
                draw.blit_text(surface, part, fs, (x + m.px(8), y), style.TEXT_MUTED)
                y += lh
        y += m.px(4)
