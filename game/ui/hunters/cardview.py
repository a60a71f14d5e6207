"""Every card on the table can be read: what the mouse (or the keyboard focus) is on shows
its full card, a right-click or V opens it large, E lists everyone's Equipment.

``Spot``: a place on the table that stands for a card (an Equipment badge, the top of a
discard pile, a known character, an Area). The painter records them each frame; the
hover card and the large view are drawn from the spot alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.rules.hunters.data import BLACK_CARDS, CARD_TEXT
from game.ui import draw, style
from game.ui.scene import Overlay
from game.ui.widgets import ScrollPanel, heading, paragraph

from . import look

BLACK = frozenset(row[0] for row in BLACK_CARDS)


def deck_of(card: str) -> str:
    return "black" if card in BLACK else ("white" if card in CARD_TEXT else "hermit")


@dataclass(frozen=True)
class Spot:
    rect: pygame.Rect
    kind: str           # "card" (White/Black/Hermit), "character", "area"
    name: str
    where: str = ""     # what it is on the table ("Red's Equipment", "White discards")

    def key(self) -> tuple:
        return (self.kind, self.name, tuple(self.rect))


def card_image(spot: Spot, size: tuple[int, int]) -> pygame.Surface:
    if spot.kind == "character":
        return look.character_card(spot.name, size)
    if spot.kind == "area":
        return look.area_card(spot.name, size)
    return look.read_card(spot.name, deck_of(spot.name), size)


def hover_size(spot: Spot, m: style.Metrics) -> tuple[int, int]:
    if spot.kind == "area":
        return m.px(190), m.px(200)
    return m.px(190), m.px(266)


def hover_rect(anchor: pygame.Rect, size: tuple[int, int], screen: pygame.Rect, gap: int) -> pygame.Rect:
    """Beside ``anchor`` (below, else above, else to the side) and wholly on screen."""
    r = pygame.Rect((0, 0), size)
    r.midtop = (anchor.centerx, anchor.bottom + gap)
    if r.bottom > screen.bottom:
        r.midbottom = (anchor.centerx, anchor.y - gap)
    if r.top < screen.top:
        r.midleft = (anchor.right + gap, anchor.centery)
        if r.right > screen.right:
            r.midright = (anchor.x - gap, anchor.centery)
    r.clamp_ip(screen)
    return r


def describe(spot: Spot) -> list[tuple[str, str]]:
    """(title, text) lines of the large view."""
    if spot.kind == "character":
        info = look.CHARACTER[spot.name]
        return [(_("{character}: {faction}, HP {hp}", character=_(spot.name), faction=_(info["faction"]),
                   hp=info["hp"]), ""), (_("Wins when"), _(info["win"])), (_("Ability"), _(info["ability"]))]
    if spot.kind == "area":
        rolls, action = look.AREA_INFO.get(spot.name, ("", ""))
        return [(_(spot.name), ""), (_("Roll"), rolls), (_("Here you may"), _(action) if action else "")]
    deck = deck_of(spot.name)
    return [(_(spot.name), ""), (_("Card"), _(DECK_CARD[deck])),
            (_("Effect"), _(CARD_TEXT[spot.name]) if spot.name in CARD_TEXT else "")]


DECK_CARD = {"hermit": N_("Hermit card"), "white": N_("White card"), "black": N_("Black card")}


class CardViewScene(Overlay):
    """One card, large, with its text beside it. Esc, Enter or a click closes it."""

    shade = 200

    def __init__(self, app, spot: Spot) -> None:
        super().__init__(app)
        self.spot = spot

    def build(self, m: style.Metrics) -> None:
        bw = m.px(200)
        self.button(((m.width - bw) // 2, m.height - m.margin - m.button_h, bw, m.button_h), _("Close"),
                    self.app.pop, object_id="#card_close", cls="@primary")

    def default_action(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 3:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            self.app.pop()
            return True
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        h = m.height - 2 * m.margin - m.button_h - m.px(20)
        w = int(h * (0.95 if self.spot.kind == "area" else 0.72))
        w = min(w, m.width // 2 - m.margin)
        tw = min(m.px(440), m.width - 3 * m.margin - w)
        x = (m.width - w - m.px(30) - tw) // 2
        y = m.margin
        draw.panel(surface, pygame.Rect(x - m.px(16), y - m.px(12), w + tw + m.px(62), h + m.px(24)),
                   m.px(style.RADIUS), alpha=250)
        surface.blit(card_image(self.spot, (w, h)), (x, y))
        tx = x + w + m.px(30)
        yy = y + m.px(8)
        if self.spot.where:
            draw.blit_text(surface, self.spot.where, m.px(15), (tx, yy), style.TEXT_MUTED)
            yy += m.px(24)
        for i, (title, text) in enumerate(describe(self.spot)):
            size = m.px(24) if i == 0 else m.px(16)
            draw.blit_text(surface, title, size, (tx, yy), style.ACCENT_BRIGHT if i == 0 else style.ACCENT, True)
            yy += int(size * 1.4)
            for line in draw.wrap(text, m.px(18), tw):
                draw.blit_text(surface, line, m.px(18), (tx, yy), style.TEXT)
                yy += m.px(25)
            yy += m.px(8) if text else 0


class EquipmentScene(Overlay):
    """Every player's Equipment with what it does (public: Equipment lies face up)."""

    shade = 200

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table

    def build(self, m: style.Metrics) -> None:
        w = min(m.width - 2 * m.pad, m.px(820))
        h = m.height - 2 * m.pad - m.button_h - m.gap
        self.panel = ScrollPanel(pygame.Rect((m.width - w) // 2, m.pad, w, h), m, title=_("Equipment in play"))
        self.panel.set_blocks(self.blocks())
        bw = m.px(200)
        self.button(((m.width - bw) // 2, m.height - m.pad - m.button_h, bw, m.button_h), _("Close"),
                    self.app.pop, object_id="#equipment_close", cls="@primary")

    def blocks(self) -> list:
        out = []
        for p in self.table.public_players():
            name = self.table.seat_name(p["seat"])
            who = _("{player} ({character})", player=name, character=_(p["character"])) if p["revealed"] else name
            if not p["alive"]:
                who = _("{player}, dead", player=who)
            out.append(heading(who))
            if not p["equipment"]:
                out.append(paragraph(_("No Equipment."), style.TEXT_DIM))
            for card in p["equipment"]:
                out.append(paragraph(_("{card} ({deck}): {effect}", card=_(card), deck=_(look.DECK_TITLE[deck_of(card)]),
                                       effect=_(CARD_TEXT[card]) if card in CARD_TEXT else "")))
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.panel.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_e:
            self.app.pop()
            return True
        return super().handle_event(event)

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.panel.draw(surface)
