"""Where everything sits on the Chasing Shadows table for one window size.

The person at the screen sits at the bottom with their hand fanned below the prompt line.
Opponents sit along the top in clockwise order (the next player on the left), the outer
ones a little lower so the seats read as an arc around the table; each one's trick card
lies in front of them. The Spotlight is in the middle with the discard pile on its left
and the Follow Cards on its right. A sidebar on the right holds the scores, the memory aid
and the game log.
"""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import draw, style

from .look import memory_panel_height, scores_panel_height


class Geometry:
    def __init__(self, m: style.Metrics, top: int, n: int, bottom: int, memory: bool) -> None:
        self.m, self.n, self.bottom = m, n, bottom
        px = m.px
        # card sizes
        self.hand_card = (px(74), px(104))
        self.trick_card = (px(64), px(90))
        self.spot_card = (px(76), px(106))
        self.follow_card = (px(50), px(70))
        self.mini_back = (px(20), px(28))
        self.chip = (px(17), px(19))
        self.lift = px(18)

        # large text (issue 44): the sheet's columns and names need more of the width
        side_w = max(px(250), int(m.width * (0.25 + 0.07 * max(0.0, m.text - 1))))
        self.sidebar = pygame.Rect(m.width - side_w - m.pad, top + m.gap, side_w,
                                   m.height - top - m.gap - m.pad)
        self.table = pygame.Rect(m.pad, top + m.gap, self.sidebar.x - 2 * m.pad,
                                 m.height - top - m.gap - m.pad)
        t = self.table
        # sidebar: scores, memory aid, log
        score_h = scores_panel_height(m, n)
        self.scores = pygame.Rect(self.sidebar.x, self.sidebar.y, side_w, score_h)
        y = self.scores.bottom + m.gap
        self.memory = None
        if memory:
            self.memory = pygame.Rect(self.sidebar.x, y, side_w, memory_panel_height(m))
            y = self.memory.bottom + m.gap
        self.log = pygame.Rect(self.sidebar.x, y, side_w, self.sidebar.bottom - y)

        # the bottom band: hand, prompt, the bottom seat's trick card and plate
        cw, ch = self.hand_card
        tw, th = self.trick_card
        self.hand = pygame.Rect(t.x, t.bottom - ch, t.w, ch)
        # clear of a selected card, which lifts 1.8 times as far as a playable one
        self.prompt = pygame.Rect(t.x, self.hand.y - round(self.lift * 1.8) - px(26), t.w, px(24))
        self.plate_size = (min(px(210), (t.w - (n - 2) * m.gap) // max(1, n - 1)), px(104))
        pw, ph = self.plate_size
        self.slots: dict[int, pygame.Rect] = {}
        self.plates: dict[int, pygame.Rect] = {}
        self.slots[bottom] = pygame.Rect(t.centerx - tw // 2, self.prompt.y - px(8) - th, tw, th)
        self.plates[bottom] = pygame.Rect(t.x, self.slots[bottom].bottom - ph, pw, ph)

        # the last trick's button beside the bottom seat's trick card, clear of the hand
        # as wide and tall as its words need at the text size (the @compact font, 16)
        bw = draw.label_width(m, _("Last trick (L)"), minimum=px(124), size=16)
        bh = max(px(30), draw.font(px(16)).get_linesize() + px(6))
        slot = self.slots[bottom]
        self.last_trick_button = pygame.Rect(slot.right + px(28), slot.bottom - bh, bw, bh)

        # opponents along the top, clockwise from the left
        others = n - 1
        for k in range(1, n):
            seat = (bottom + k) % n
            cx = t.x + t.w * (k - 0.5) / others
            outer = others >= 3 and k in (1, others)
            plate = pygame.Rect(0, t.y + (px(26) if outer else 0), pw, ph)
            plate.centerx = round(cx)
            plate.clamp_ip(t)
            self.plates[seat] = plate
            self.slots[seat] = pygame.Rect(plate.centerx - tw // 2, plate.bottom + px(8), tw, th)

        # the middle: discard pile, Spotlight, Follow Cards
        sw, sh = self.spot_card
        upper = max(self.slots[s].bottom for s in self.plates if s != bottom)
        lower = self.slots[bottom].y
        cy = (upper + lower) // 2 + px(8)
        self.spot = pygame.Rect(t.centerx - sw // 2, cy - sh // 2, sw, sh)
        fw, fh = self.follow_card
        self.follow_step = fw + px(7)
        self.follow = pygame.Rect(self.spot.right + px(34), cy - fh // 2,
                                  fw + 3 * self.follow_step, fh)
        self.discard = pygame.Rect(self.spot.x - px(34) - fw - px(3) * 7, cy - fh // 2,
                                   fw + px(3) * 7, fh)

    # --- places that depend on how many cards there are ----------------------------------
    def hand_rects(self, count: int) -> list[pygame.Rect]:
        cw, ch = self.hand_card
        area = self.hand.inflate(-self.m.px(40), 0)
        step = min(cw * 1.08, (area.w - cw) / max(1, count - 1)) if count > 1 else 0
        x0 = area.centerx - (cw + step * (count - 1)) / 2
        return [pygame.Rect(round(x0 + i * step), self.hand.y, cw, ch) for i in range(count)]

    def mini_hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        p = self.plates[seat]
        bw, bh = self.mini_back
        x0 = p.x + self.m.px(10)
        room = p.w - self.m.px(20) - self.m.px(34) - bw  # keep room for the count
        step = min(bw + self.m.px(2), room / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(round(x0 + i * step), p.y + self.m.px(40), bw, bh)
                for i in range(count)]

    def chip_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        p = self.plates[seat]
        w, h = self.chip
        x0 = p.x + self.m.px(10)
        room = p.w - self.m.px(20) - w
        step = min(w + self.m.px(2), room / max(1, count - 1)) if count > 1 else 0
        return [pygame.Rect(round(x0 + i * step), p.bottom - self.m.px(8) - h, w, h)
                for i in range(count)]

    def follow_rects(self, count: int) -> list[pygame.Rect]:
        fw, fh = self.follow_card
        return [pygame.Rect(self.follow.x + i * self.follow_step, self.follow.y, fw, fh)
                for i in range(count)]

    def discard_rects(self, count: int) -> list[pygame.Rect]:
        """The visible top of the pile: at most eight cards, the newest on the right."""
        fw, fh = self.follow_card
        shown = min(count, 8)
        step = self.m.px(3)
        return [pygame.Rect(self.discard.x + i * step, self.discard.y, fw, fh)
                for i in range(shown)]

    def deck_rect_for(self, seat: int) -> pygame.Rect:
        """Where a card leaving ``seat``'s hand starts (an opponent's fan centre)."""
        p = self.plates[seat]
        bw, bh = self.mini_back
        return pygame.Rect(p.centerx - bw // 2, p.y + self.m.px(40), bw, bh)
