"""Settings → Colours, text and motion: the palette, the text size and calm motion.

Each choice applies at once to every screen (``App.restyle``) and is saved with the
settings; a sample row shows the suits, factions and seats in the chosen colours."""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.ui import draw, palette, style
from game.ui.scene import Scene

ROWS = (
    (N_("Colours"), "palette", tuple((p, palette.PALETTE_NAMES[p]) for p in palette.PALETTES),
     N_("Suits, seats and factions also carry a shape and a letter in every palette.")),
    (N_("Text size"), "text_size", tuple((n, f"{n} %") for n in palette.TEXT_SIZES),
     N_("Every text on every screen; rows and buttons grow to hold it.")),
    (N_("Motion"), "reduce_motion", ((False, N_("Full")), (True, N_("Reduced"))),
     N_("Reduced: cards and pieces fade into place instead of flying; dice show their result at once.")),
)
SAMPLE_SEATS = 8


class AccessScene(Scene):
    keep_look_when_covered = True

    def build(self, m: style.Metrics) -> None:
        s = self.app.settings
        width = min(m.px(900), m.width - 2 * m.margin)
        inner = width - 2 * m.pad
        label_h = draw.font(m.px(style.FONT_BODY + 1), True).get_linesize()
        hint_line = draw.font(m.px(style.FONT_SMALL - 1)).get_linesize()
        self.title_size = m.px(style.FONT_HEADING + 6)
        title_h = draw.font(self.title_size, True).get_linesize()
        self.sample_h = m.px(40)
        fixed = m.pad + self.sample_h + m.gap + m.button_h + m.pad
        rows_h = len(ROWS) * (label_h + m.button_h + m.px(14))
        hints = [draw.wrap(_(row[3]), m.px(style.FONT_SMALL - 1), inner) for row in ROWS]
        hints_h = sum(len(lines) for lines in hints) * hint_line
        room = m.height - title_h - 2 * m.px(8)
        if fixed + rows_h + hints_h > room:
            # large text in a small window: the buttons say enough, the notes give way
            hints, hints_h = [[] for _ in ROWS], 0
        height = fixed + rows_h + hints_h
        top = max(title_h + m.px(8), (m.height - height) // 2)
        self.box = pygame.Rect((m.width - width) // 2, top, width, height)
        self.rows: list[tuple[int, str, list[str]]] = []
        y = self.box.y + m.pad
        for (title, key, options, _hint), lines in zip(ROWS, hints):
            self.rows.append((y, title, lines))
            by = y + label_h
            n = len(options)
            bw = (inner - m.gap * (n - 1)) // n
            for i, (value, text) in enumerate(options):
                on = getattr(s, key) == value
                # "on" is said by a mark in the words too, not by the button's tint alone
                self.button((self.box.x + m.pad + i * (bw + m.gap), by, bw, m.button_h),
                            f"• {_(text)}" if on else _(text), lambda k=key, v=value: self.change(k, v),
                            cls="@toggle_on" if on else None,
                            object_id=f"#{key}_{str(value).lower()}")
            y = by + m.button_h + len(lines) * hint_line + m.px(14)
        self.sample_y = y
        bw = min(m.px(200), self.box.width // 3)
        self.button((self.box.centerx - bw // 2, self.box.bottom - m.button_h - m.pad, bw,
                     m.button_h), _("Back"), self.app.pop, object_id="#back", cls="@primary")

    def change(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)
        self.app.save_settings()
        if key in ("palette", "text_size"):
            self.app.restyle()          # every screen, this one too, in the new look
        else:
            palette.apply_settings(self.app.settings)   # motion: the next frame is calm
            self.rebuild()

    def default_action(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        m = self.metrics
        draw.blit_text(surface, _("Colours, text and motion"), self.title_size,
                       (m.width // 2, self.box.y - m.px(4)), style.ACCENT_BRIGHT, True,
                       "midbottom")
        draw.panel(surface, self.box, m.px(style.RADIUS))
        label = m.px(style.FONT_BODY + 1)
        small = m.px(style.FONT_SMALL - 1)
        for y, title, lines in self.rows:
            draw.blit_text(surface, _(title), label, (self.box.x + m.pad, y), style.TEXT, True)
            hy = y + draw.font(label, True).get_linesize() + m.button_h + m.px(3)
            for line in lines:
                hy = draw.blit_text(surface, line, small, (self.box.x + m.pad, hy),
                                    style.TEXT_MUTED).bottom
        self.draw_sample(surface, m)

    def draw_sample(self, surface: pygame.Surface, m: style.Metrics) -> None:
        """The suits, the factions and the seats as the tables draw them now (each one's
        rect kept in ``sample_rects`` as (kind, key, rect): the colour tests read them)."""
        gap = max(2, m.gap // 2)
        count = len(style.SUITS) + len(style.FACTIONS) + SAMPLE_SEATS
        size = min(self.sample_h, (self.box.width - 2 * m.pad - gap * (count - 1)) // count)
        pieces = [("suit", s, draw.suit_symbol(s, size)) for s in style.SUITS]
        pieces += [("faction", f, draw.faction_symbol(f, size)) for f in style.FACTIONS]
        pieces += [("seat", seat, draw.player_token(seat, size, chr(ord("A") + seat)))
                   for seat in range(SAMPLE_SEATS)]
        x = self.box.centerx - (count * size + (count - 1) * gap) // 2
        self.sample_rects = []
        for kind, key, img in pieces:
            rect = surface.blit(img, (x, self.sample_y))
            self.sample_rects.append((kind, key, rect))
            x += size + gap
