"""Issue 37, finding 8: at the smallest window (1024x640) a full hand stays readable at
every player count: every card inside the window, every rank's digits tall enough and
uncovered (by the next card or a number badge), and the card under the pointer drawn
larger. Through the real app: a started game, a posted mouse motion."""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import make_app, step, until

from game.session import SeatConfig
from game.ui import draw, style
from game.ui.opening import start_game

READABLE_PX = 12      # digit height on screen, in px
ZOOMED_PX = 18


def ink_box(card: pygame.Surface, suit: str) -> pygame.Rect:
    """Where the rank's ink is in the card's top-left corner (measured on the surface)."""
    ink = style.mix(style.SUITS[suit]["colour"], (0, 0, 0), 0.55)
    w, h = card.get_size()
    corner = card.subsurface(pygame.Rect(0, 0, w // 2, h // 3)).copy()
    mask = pygame.mask.from_threshold(corner, (*ink, 255), (30, 30, 30, 255))
    rects = mask.get_bounding_rects()
    assert rects, "no rank ink found"
    return rects[0].unionall(rects)


def start(app, players: int):
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy")
                                            for n in ("Bo", "Cy", "Di", "Ed")[:players - 1]]
    table = start_game(app, "chasing", seats, 21, {"start": "0"})
    assert until(app, lambda: app.top is table and table.acting() is not None
                 and len(table.hand_hits) == len(table.live_view()["hands"][0]), 3000)
    return table


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_full_hand_fits_and_reads_at_1024x640(shadows_home, players):
    app = make_app(size=(1024, 640))
    app.settings.animation_speed = "off"
    step(app, 2)
    try:
        table = start(app, players)
        screen = app.screen.get_rect()
        m = table.metrics
        hits = table.hand_hits
        assert len(hits) == {3: 13, 4: 13, 5: 11}[players]
        for i, (rect, card) in enumerate(hits):
            assert screen.contains(rect) and table.geo.table.contains(rect), rect
            face = draw.card_face(card[2], card[1], rect.size)
            box = ink_box(face, card[1]).move(rect.topleft)
            assert box.h >= READABLE_PX, (card, box)
            if i + 1 < len(hits):          # the next card leaves the rank uncovered
                assert hits[i + 1][0].x >= box.right + 1, (card, box, hits[i + 1][0])
            # the number badge sits at the top right of the strip, clear of the rank
            strip = hits[i + 1][0].x - rect.x if i + 1 < len(hits) else rect.w
            centre = (rect.x + min(rect.w, strip) - m.px(4), rect.y + m.px(4))
            badge = pygame.Rect(0, 0, m.px(18), m.px(18))
            badge.center = centre
            assert not badge.colliderect(box), (card, badge, box)

        # the pointer on a covered card: it is drawn larger, whole, inside the window
        rect, card = hits[3]
        pos = (rect.x + 4, rect.centery)
        pygame.mouse.set_pos(pos)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        step(app, 2)
        app.draw()
        assert table.zoomed is not None and table.zoomed[1] == card
        big = table.zoomed[0]
        assert screen.contains(big) and big.h > rect.h
        face = draw.card_face(card[2], card[1], big.size)
        assert ink_box(face, card[1]).h >= ZOOMED_PX
    finally:
        app.quit()
