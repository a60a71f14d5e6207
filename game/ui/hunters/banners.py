"""Drawing the moments (``anim.MOMENT_SECONDS``, queued in the shared ``game/ui/moments``):
a reveal, a death, an ability that changes the game, a card taken from a player, the
final blow. Each gets the middle of the board, one at a time, until it has been seen
(its time at the animation speed, or a click: the panel says so).

``MomentPainter`` is mixed into ``HuntersTable``; like the painter it reads only the view,
the names and the moment's own data (all of it public).
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, n_, shown
from game.rules.hunters.words import GIVEN
from game.ui import draw, palette, style
from game.ui.table_base import fit

from . import look
from .anim import MOMENT_SECONDS, ease_out
from .cardview import deck_of

# Why a character was revealed when it was not by choice (the rules' ``reveal`` reasons).
FORCED = {"daniel": N_("Daniel must reveal when the first character dies"),
          "werewolf": N_("to counterattack"), "bob": N_("to take the Equipment"),
          "bryan": N_("Bryan must reveal on killing a character with 12 HP or less"),
          "mirror": N_("the Disenchant Mirror")}
FADE = 0.2     # seconds a moment's panel takes to come and to go

STEAL_ABOVE, STEAL_BELOW = 60, 24   # base px over a taken card (its two caption lines), under it


def _names(names: list[str]) -> str:
    """Names in a list the way the language says one ("A, B and C")."""
    if len(names) <= 1:
        return "".join(names)
    head = names[0]
    for name in names[1:-1]:
        head = _("{list}, {item}", list=head, item=name)
    return _("{list} and {last}", list=head, last=names[-1])


class MomentPainter:
    _banner: tuple = (None, None)   # (what it shows, the panel): made once per moment

    def moment_on_top(self):
        m = self.moments.current
        return m if m is not None and m.kind in MOMENT_SECONDS else None

    def draw_banner(self, surface, m) -> None:
        """The moment on top: a card taken is shown face up, anything else as a panel with
        the character card and what happened."""
        mo = self.moment_on_top()
        if mo is None:
            return
        fade = max(0.0, min(1.0, mo.elapsed / FADE, mo.left / FADE))
        if mo.kind == "steal":
            self.draw_steal(surface, m, mo, fade)
            return
        rect = self.banner_rect(m)
        seat = mo.data.get("seat", -1)
        who = self.seat_name(seat) if seat >= 0 else ""
        name = mo.data.get("character", "")
        key = (mo.kind, who, name, tuple(sorted((k, str(v)) for k, v in mo.data.items())), rect.size,
               m.width, m.height)
        if self._banner[0] != key:
            # made once per moment, then only faded: the same words for its whole time
            self._banner = (key, self.banner_panel(mo.kind, who, name, look.CHARACTER.get(name), rect.size, m,
                                                   mo.data))
        panel = self._banner[1]
        panel.set_alpha(int(255 * fade))
        surface.blit(panel, rect)

    def banner_rect(self, m) -> pygame.Rect:
        """Over the middle of the Areas, and never over a player board (with two rows of
        boards the Areas are lower than the panel: it reaches down over the track)."""
        area = self.lay.board_area
        rect = pygame.Rect(0, 0, min(area.width - m.px(40), m.px(480)), m.px(184))
        rect.center = area.center
        return rect.clamp(self.moment_band())

    def banner_words(self, kind: str, who: str, name: str, info, data: dict) -> tuple[str, list]:
        """The panel's title and its lines: (text, size at base scale, colour, bold)."""
        data = data or {}
        lines = []
        if info is not None:
            lines.append((_("{character}: {faction}, HP {hp}", character=_(name), faction=_(info["faction"]),
                            hp=info["hp"]), 18, look.faction_colour(info["faction"]), True))
        if kind == "reveal":
            title = _("{player} reveals!", player=who)
            why = data.get("why", "")
            # a reveal by choice says nothing more; a card that needs one says which card
            if why in FORCED:
                why = _(FORCED[why])
            elif why not in ("", "reveal"):
                why = _("to use {card}", card=_(why))
            else:
                why = ""
            if why:
                lines.append((_("Revealed: {why}", why=why), 14, style.TEXT, False))
            if info is not None:
                lines.append((_("Wins: {condition}", condition=_(info["win"])), 14, style.TEXT_MUTED, False))
        elif kind == "death":
            if data.get("final"):
                title = _("{player} dies: the final blow", player=who)
            else:
                title = _("{player} dies", player=who)
            by = data.get("by", -1)
            if by is not None and by >= 0:
                lines.append((_("Killed by {player}", player=self.seat_name(by)), 14, style.TEXT, False))
        elif kind == "ability":
            title = _("{player} uses {character}'s ability", player=who, character=_(name))
            target = data.get("target", -1)
            if name == "Ellen" and isinstance(target, int) and target >= 0:
                lines.append((_("{player}'s ability is void for the rest of the game",
                                player=self.seat_name(target)), 16, style.DANGER, True))
            elif data.get("text"):
                lines.append((shown(data["text"]), 14, style.TEXT, False))
            if info is not None:
                lines.append((_(info["ability"]), 14, style.TEXT_MUTED, False))
        else:       # the game ended without a death to show
            title = _("The game is over")
        if data.get("final"):
            winners = [self.seat_name(w) for w in data.get("winners", ())]
            if winners:
                said = n_("The game is over: {players} wins.", "The game is over: {players} win.",
                          len(winners), players=_names(winners))
            else:
                said = _("The game is over: nobody wins.")
            lines.append((said, 16, style.ACCENT_BRIGHT, True))
        return title, lines

    def banner_panel(self, kind, who, name, info, size, m, data=None) -> pygame.Surface:
        w, h = size
        panel = pygame.Surface(size, pygame.SRCALPHA)
        edge = style.DANGER if kind == "death" else style.ACCENT_BRIGHT
        draw.rounded_rect(panel, panel.get_rect(), (*style.BG_DEEP, 235), m.px(12), edge, m.px(2))
        tx = m.px(16)
        if info is not None:
            ch = h - m.px(16)
            card = look.character_card(name, (int(ch * 0.72), ch), detailed=False)
            panel.blit(card, (m.px(10), m.px(8)))
            tx = m.px(20) + card.get_width()
        room = w - tx - m.px(12)
        title, lines = self.banner_words(kind, who, name, info, data)
        size = m.px(24)
        while draw.font(size, True).size(title)[0] > room and size > m.px(17):
            size -= 1       # a long title gets smaller before anything is cut
        draw.blit_text(panel, fit(title, size, room, True), size, (tx, m.px(12)), edge, True)
        y = m.px(12) + int(size * 1.5)
        hint_h = m.px(24)      # the "Click to go on" line keeps its own band
        for text, base, colour, bold in lines:
            fs = m.px(base)
            for part in draw.wrap(text, fs, room, bold):
                if y + fs > h - hint_h - m.px(4):
                    break
                draw.blit_text(panel, part, fs, (tx, y), colour, bold)
                y += int(fs * 1.3)
            y += m.px(3)
        draw.blit_text(panel, _("Click to go on"), m.px(12), (w - m.px(12), h - m.px(8)), style.TEXT_DIM, False,
                       "bottomright")
        return panel

    # --- a card taken from a player ----------------------------------------------------------------
    def moment_band(self) -> pygame.Rect:
        """Where a moment may be drawn: from under the player boards down to the dice tray."""
        area = self.lay.board_area
        return pygame.Rect(area.x, area.y, area.width, max(area.height, self.lay.tray.bottom - area.y))

    def steal_rects(self, m, count: int) -> list[pygame.Rect]:
        """Where the taken cards are held up, side by side in the middle of the board, with
        the two caption lines above and "Click to go on" below them inside the band."""
        band = self.moment_band()
        big = self.drawn_card_rect(m)
        h = min(big.height, band.height - m.px(STEAL_ABOVE) - m.px(STEAL_BELOW) - m.px(8))
        w = int(h * 0.72)
        k = min(1.0, (band.width - m.px(40)) / max(1, count * (w + m.gap)))
        w, h = int(w * k), int(h * k)
        x = band.centerx - (count * w + (count - 1) * m.gap) // 2
        top = max(band.y + m.px(STEAL_ABOVE), min(big.y, band.bottom - m.px(STEAL_BELOW) - h))
        return [pygame.Rect(x + i * (w + m.gap), top, w, h) for i in range(count)]

    def steal_box(self, m, rects: list[pygame.Rect], text_w: int) -> pygame.Rect:
        span = rects[0].unionall(rects[1:]) if len(rects) > 1 else pygame.Rect(rects[0])
        box = pygame.Rect(0, 0, max(span.width + m.px(16), text_w + m.px(24)),
                          span.height + m.px(STEAL_ABOVE) + m.px(STEAL_BELOW))
        box.midbottom = (span.centerx, span.bottom + m.px(STEAL_BELOW))
        return box.clamp(self.moment_band())

    def steal_caption(self, data: dict) -> tuple[str, str]:
        frm = data.get("from", -1)
        taker, cards = self.seat_name(data["to"]), _names([_(c) for c in data["cards"]])
        if frm is not None and frm >= 0 and data.get("why") in GIVEN:
            return (_("{player} gives {cards}", player=self.seat_name(frm), cards=cards),
                    _("to {player}", player=taker))
        if frm is not None and frm >= 0:
            return (_("{player} takes {cards}", player=taker, cards=cards),
                    _("from {player}", player=self.seat_name(frm)))
        return _("{player} takes {cards}", player=taker, cards=cards), _("from the discards")

    def draw_steal(self, surface, m, mo, fade: float) -> None:
        """The card face up with who took it from whom; at the end it goes to its new owner."""
        cards = list(mo.data["cards"])
        rects = self.steal_rects(m, len(cards))
        t = mo.progress
        fly = 0.0 if t < 0.85 else (t - 0.85) / 0.15
        if fly > 0 and palette.reduced_motion():
            return          # reduced motion: the card is with its new owner, not flying there
        if fly == 0:
            first, second = self.steal_caption(mo.data)
            fs = m.px(16)
            tw = max(draw.font(fs, True).size(first)[0], draw.font(fs, True).size(second)[0])
            box = self.steal_box(m, rects, tw)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            draw.rounded_rect(shade, shade.get_rect(), (*style.BG_DEEP, 230), m.px(12), style.ACCENT, 1)
            shade.set_alpha(int(255 * fade))
            surface.blit(shade, box)
            draw.blit_text(surface, fit(first, fs, box.width - m.px(12), True), fs, (box.centerx, box.y + m.px(8)),
                           style.ACCENT_BRIGHT, True, "midtop")
            draw.blit_text(surface, fit(second, fs, box.width - m.px(12), True), fs,
                           (box.centerx, box.y + m.px(8) + int(fs * 1.35)), style.TEXT, True, "midtop")
            for card, r in zip(cards, rects):
                surface.blit(look.read_card(card, deck_of(card), r.size), r)
            draw.blit_text(surface, _("Click to go on"), m.px(12), (box.centerx, box.bottom - m.px(6)), style.TEXT_DIM,
                           False, "midbottom")
            return
        dest = self.lay.boards[mo.data["to"]]
        k = ease_out(fly)
        for card, r in zip(cards, rects):
            scale = 1 - 0.8 * k
            rect = pygame.Rect(0, 0, max(8, int(r.width * scale)), max(8, int(r.height * scale)))
            rect.center = (int(r.centerx + (dest.centerx - r.centerx) * k),
                           int(r.centery + (dest.centery - r.centery) * k))
            img = look.read_card(card, deck_of(card), r.size)
            surface.blit(pygame.transform.smoothscale(img, rect.size), rect)
