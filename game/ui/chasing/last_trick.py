"""The last trick, as everyone saw it: the Spotlight it was played against, each card face
up under its player's name, who led and who took it.

Only public facts (a finished trick lies face up on a real table), so it may be drawn at
any time: on the table (key L, or its small button), and on the hand-off screen, where
the next person reads what happened while the screen was not theirs.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import pygame

from game.i18n import _, n_, p_
from game.ui import draw, style
from game.ui.scene import Overlay

from .look import fit_text
from .wording import card_name


def caption(trick: Mapping, names: Sequence[str]) -> str:
    winner = trick["winner"]
    if winner is None:
        return n_("{n} card played", "{n} cards played", len(trick["plays"]))
    card = next(p["card"] for p in trick["plays"] if p["seat"] == winner)
    return _("{name} took it with {card}", name=names[winner], card=card_name(card))


def height_for(m, width: int) -> int:
    """Height the drawing wants in ``width`` px (its cards shrink to the width)."""
    card_h = _card_size(m, width, 5)[1]
    return m.px(30) + card_h + m.px(40)


def _card_size(m, width: int, count: int, height: int | None = None) -> tuple[int, int]:
    # the Spotlight plus every play, side by side with a gap between the two groups; the
    # cards shrink to a smaller place than asked for (names and tags stay under them)
    w = min(m.px(64), (width - m.px(40)) // (count + 1) - m.px(10))
    if height is not None:
        w = min(w, int((height - m.px(30) - m.px(40)) / 1.4))
    w = max(m.px(24), w)
    return w, round(w * 1.4)


def draw_last_trick(surface: pygame.Surface, rect: pygame.Rect, m, trick: Mapping | None,
                    names: Sequence[str], title: str | None = None) -> None:
    """The trick inside ``rect`` (a panel). ``trick`` is an entry of the view's history."""
    title = _("Last trick") if title is None else title
    draw.panel(surface, rect, m.px(style.RADIUS), alpha=235)
    x0 = rect.x + m.px(12)
    if trick is None:
        draw.blit_text(surface, _("{title}: no trick has been played yet this round.",
                                  title=title), m.px(15),
                       (x0, rect.y + m.px(10)), style.TEXT_MUTED, True)
        return
    # Translators: a heading and what it says, "Last trick: Ann took it with blue 5"
    head = fit_text(_("{title}: {text}", title=title, text=caption(trick, names)), m.px(15),
                    rect.w - m.px(24), True)
    draw.blit_text(surface, head, m.px(15), (x0, rect.y + m.px(8)), style.ACCENT_BRIGHT, True)
    plays = trick["plays"]
    cw, ch = _card_size(m, rect.w, len(plays), rect.h)
    step = cw + m.px(10)
    label = m.px(12)
    total = cw + m.px(24) + step * len(plays) - m.px(10)
    x = rect.centerx - total // 2
    y = rect.y + m.px(30)
    spot = trick["spotlight"]
    surface.blit(draw.card_face(spot[2], spot[1], (cw, ch)), (x, y))
    draw.blit_text(surface, _("Spotlight"), label, (x + cw // 2, y + ch + m.px(3)), style.ACCENT,
                   True, "midtop")
    x += cw + m.px(24)
    leader, winner = (plays[0]["seat"] if plays else None), trick["winner"]
    for p in plays:
        seat, c = p["seat"], p["card"]
        card = draw.card_face(c[2], c[1], (cw, ch))
        at = pygame.Rect(x, y, cw, ch)
        if winner is None:
            surface.blit(card, at)      # a trick under way: nobody has taken it yet
        elif seat == winner:
            spread = max(4, cw // 10)
            surface.blit(draw.glow(at.size, style.ACCENT_BRIGHT, spread, max(4, cw // 9)),
                         (at.x - spread, at.y - spread))
            surface.blit(card, at)
        else:
            surface.blit(draw.dimmed(card), at)
        name = fit_text(names[seat], label, step - m.px(2), True)
        draw.blit_text(surface, name, label, (at.centerx, at.bottom + m.px(3)),
                       style.TEXT if seat == winner or winner is None else style.TEXT_MUTED,
                       True, "midtop")
        tag = (p_("trick", "lead · took") if seat == leader == winner
               else p_("trick", "took") if seat == winner
               else p_("trick", "lead") if seat == leader else "")
        if tag:
            draw.blit_text(surface, tag, m.px(11), (at.centerx, at.bottom + m.px(18)),
                           style.ACCENT_BRIGHT if seat == winner else style.TEXT_DIM, True, "midtop")
        x += step


class LastTrickScene(Overlay):
    """The last trick over the table until a click, L, Enter or Esc."""

    shade = 150

    def __init__(self, app, table, trick: Mapping | None = None) -> None:
        super().__init__(app)
        self.table = table
        # a trick of its own: the round-end screen's (the table may have dealt again)
        self.trick = trick

    def shown_trick(self) -> Mapping | None:
        return self.trick if self.trick is not None else self.table.last_trick()

    def build(self, m) -> None:
        w = min(m.px(560), m.width - 2 * m.margin)
        self.box = self.centered(w, height_for(m, w) + m.button_h + 2 * m.pad)
        bw = m.px(160)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw, m.button_h),
                    _("Close (L)"), self.app.pop, cls="@primary", object_id="#close_last_trick",
                    badge=False)

    def trick_rect(self) -> pygame.Rect:
        m = self.metrics
        return pygame.Rect(self.box.x, self.box.y, self.box.w, height_for(m, self.box.w))

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_l:
            self.app.pop()
            return True
        return super().handle_key(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not self.box.collidepoint(event.pos)):
            self.app.pop()      # a click beside it closes it, as on the round-end sheet
            return True
        return super().handle_event(event)

    def default_action(self) -> None:
        self.app.pop()

    def on_escape(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw.panel(surface, self.box, self.metrics.px(style.RADIUS), alpha=250)
        draw_last_trick(surface, self.trick_rect(), self.metrics, self.shown_trick(),
                        [c.name for c in self.table.session.seats])
