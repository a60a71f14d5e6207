"""How the Harsh Shadows pieces look: cached drawings of the components (sizes in real
pixels) and the table's own colours.

Each function returns a cached surface for its arguments; callers blit, never draw on it.
The ★ special-attention icon, arrows and the bug are drawn as shapes (the bundled font has
no such glyphs; ``plain`` words the rules' reasons without it). ``note_colour`` colours
the one-line notes under dialog options.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game import i18n
from game.i18n import NP_, _, p_
from game.ui import draw, style

# Case File looks: colour + shape + letter, so the colour is never the only cue. The
# letter is the Case File's initial in the language in force (``case_letter``).
CASE_LOOK = {
    # Translators: one letter (or character) on a Case File's cards: the initial of
    # "Evidence" in your language; it must differ from the other two Case Files' letters
    "Evidence": ((98, 170, 112), "shield", NP_("case file letter", "E")),
    # Translators: the initial of "Red Herring" (a Case File) in your language
    "Red Herring": ((200, 72, 64), "diamond", NP_("case file letter", "R")),
    # Translators: the initial of "False Leads" (a Case File) in your language
    "False Leads": ((140, 146, 156), "circle", NP_("case file letter", "F")),
}


def case_letter(letter: str) -> str:
    """A Case File's letter as the language writes it (the initial of its translated name)."""
    return p_("case file letter", letter) if letter else ""
TITLE_BAR = (52, 47, 66)
STAR_GOLD = (232, 186, 72)
BUG_GREEN = (84, 180, 150)
HINT_COLOUR = (96, 200, 230)

VECTORS = {"N": (0, -1), "NE": (0.7071, -0.7071), "E": (1, 0), "SE": (0.7071, 0.7071),
           "S": (0, 1), "SW": (-0.7071, 0.7071), "W": (-1, 0), "NW": (-0.7071, -0.7071)}


def _canvas(size) -> pygame.Surface:
    return pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _shrink(text: str, size: int, width: int, bold: bool, smallest: int) -> int:
    """The largest size from ``size`` down to ``smallest`` at which ``text`` fits ``width``."""
    while size > smallest and draw.font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def _fit(text: str, size: int, width: int, bold: bool = False) -> str:
    return draw.ellipsize(text, size, width, bold)


# --- Location cards ------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def location_card(size: tuple, name: str, star: bool, face_down: bool, ability_name: str,
                  ability_text: str, used: bool, enabled: bool, reserve: int) -> pygame.Surface:
    """A Location: title bar with its name (and ★), then the ability unless face down.

    ``reserve`` px at the bottom stay clear for the Discovery stack and the pieces.
    """
    w, h = size
    name, ability_name, ability_text = _(name), _(ability_name), _(ability_text)
    face = style.CARD_FACE if not face_down else style.CARD_BACK
    edge = style.CARD_EDGE if not face_down else style.CARD_BACK_LINE
    surf = _canvas(size)
    radius = max(5, w // 16)
    draw.rounded_rect(surf, surf.get_rect(), face, radius, edge, max(1, w // 80))
    if face_down:
        line = style.mix(style.CARD_BACK, (255, 255, 255), 0.12)
        with draw.clipped(surf, surf.get_rect().inflate(-6, -6)):
            for x in range(-h, w + h, max(8, w // 12)):
                pygame.draw.line(surf, line, (x, 0), (x + h, h), 1)
    bar_h = max(18, int(h * 0.17))
    bar = pygame.Rect(0, 0, w, bar_h)
    pygame.draw.rect(surf, TITLE_BAR if not face_down else (30, 33, 44), bar,
                     border_top_left_radius=radius, border_top_right_radius=radius)
    star_d = int(bar_h * 0.8) if star else 0
    text_w = w - 12 - (star_d + 4 if star else 0)
    title_size = _shrink(name, max(11, int(bar_h * 0.56)), text_w, True, 9)
    draw.blit_text(surf, _fit(name, title_size, text_w, True), title_size, (6, bar_h // 2),
                   (255, 255, 255) if not face_down else style.TEXT_MUTED, True, "midleft")
    if star:
        sym = draw.symbol("star", star_d, STAR_GOLD)
        surf.blit(sym, sym.get_rect(midright=(w - 4, bar_h // 2)))
    body = max(10, int(h * 0.085))
    y = bar_h + max(3, h // 40)
    limit = h - reserve
    if face_down:
        # wrapped, not cut: on a narrow card "Ability used · face do…" hid why it is down
        note = _("Ability used · face down") if used else _("Face down · no ability")
        step = int(body * 1.2 * style.TEXT_SCALE)     # the lines grow with the text size
        for ln in draw.wrap(note, body, w - 12)[:max(2, (h - y) // step)]:
            draw.blit_text(surf, _fit(ln, body, w - 12), body, (6, y), style.TEXT_MUTED)
            y += step
        return _ready(surf)
    if not enabled:
        draw.blit_text(surf, _fit(_("Ability switched off"), body, w - 12), body, (6, y), style.TEXT_DIM)
        return _ready(surf)
    draw.blit_text(surf, _fit(ability_name, body, w - 12, True), body, (6, y), style.CARD_INK, True)
    y += int(body * 1.3 * style.TEXT_SCALE)
    small = max(10, body - 1)
    step = small * 1.2 * style.TEXT_SCALE     # the lines grow with the text size (issue 44)
    lines = draw.wrap(ability_text, small, w - 12)
    for i, ln in enumerate(lines):
        if y + step > limit:
            break
        last_fits = i + 1 < len(lines) and y + 2 * step > limit
        draw.blit_text(surf, _fit(ln + ("…" if last_fits else ""), small, w - 12), small, (6, y),
                       (70, 66, 60))
        y += int(step)
    return _ready(surf)


@lru_cache(maxsize=64)
def location_holds(size: tuple, name: str, star: bool, face_down: bool, ability_name: str,
                   ability_text: str, used: bool, enabled: bool, reserve: int) -> bool:
    """Whether ``location_card`` shows every word of this Location, uncut (measured as it
    draws them). A card that cuts is read whole beside the grid (``reader``)."""
    w, h = size
    name, ability_name, ability_text = _(name), _(ability_name), _(ability_text)
    bar_h = max(18, int(h * 0.17))
    text_w = w - 12 - (int(bar_h * 0.8) + 4 if star else 0)
    title_size = _shrink(name, max(11, int(bar_h * 0.56)), text_w, True, 9)
    if draw.font(title_size, True).size(name)[0] > text_w:
        return False
    if face_down or not enabled:
        return True
    body = max(10, int(h * 0.085))
    if draw.font(body, True).size(ability_name)[0] > w - 12:
        return False
    y = bar_h + max(3, h // 40) + int(body * 1.3 * style.TEXT_SCALE)
    small = max(10, body - 1)
    step = small * 1.2 * style.TEXT_SCALE
    return y + len(draw.wrap(ability_text, small, w - 12)) * step <= h - reserve


@lru_cache(maxsize=32)
def mini_back(size: tuple, dealt: bool) -> pygame.Surface:
    """A small face-down Discovery card; dealt ones carry a dot (one of them hides a Bomb)."""
    w, h = size
    surf = _canvas(size)
    colour = (44, 50, 68)
    draw.rounded_rect(surf, surf.get_rect(), colour, max(2, w // 6),
                      style.mix(colour, (255, 255, 255), 0.35))
    inner = surf.get_rect().inflate(-max(4, w // 4), -max(4, w // 4))
    pygame.draw.rect(surf, style.mix(colour, (255, 255, 255), 0.18), inner, 1, border_radius=2)
    if dealt:
        pygame.draw.circle(surf, style.ACCENT, (w / 2, h / 2), max(2, w // 7))
    return _ready(surf)


@lru_cache(maxsize=64)
def mini_face(size: tuple, name: str) -> pygame.Surface:
    """A small Discovery card lying face up on the grid: one the player saw at the Cafe
    before the Spy laid it there. A Bomb is red with its sphere; others carry their name."""
    w, h = size
    surf = _canvas(size)
    radius = max(2, w // 6)
    if name == "Bomb":
        draw.rounded_rect(surf, surf.get_rect(), (150, 44, 40), radius, (250, 210, 190))
        r = w * 0.3
        c = (w / 2, h * 0.52)
        pygame.draw.circle(surf, (20, 20, 24), c, r)
        pygame.draw.line(surf, (220, 200, 150), (c[0] + r * 0.6, c[1] - r * 0.6),
                         (c[0] + r * 1.0, c[1] - r * 1.25), max(1, w // 14))
        pygame.draw.circle(surf, style.ACCENT_BRIGHT, (c[0] + r * 1.05, c[1] - r * 1.3), max(2, w // 12))
        return _ready(surf)
    face = (236, 214, 160) if name == "Clue x2" else (250, 246, 232)
    draw.rounded_rect(surf, surf.get_rect(), face, radius, (40, 36, 32), max(2, w // 14))
    if not name:
        return _ready(surf)   # a card under the top one: only its edge shows
    name = _(name)
    fs = max(8, min(16, h // 5))
    lines: list[str] = []
    for word in name.split(" "):   # a word too long for the card breaks in two
        if draw.font(fs, True).size(word)[0] > w - 5:
            cut = len(word) // 2
            lines += [word[:cut] + ("-" if i18n.uses_spaces() else ""), word[cut:]]
        else:
            lines.append(word)
    lines = lines[:3]
    fs = min(_shrink(ln, fs, w - 5, True, 7) for ln in lines)
    y = (h - len(lines) * int(fs * 1.1)) // 2
    for ln in lines:
        draw.blit_text(surf, _fit(ln, fs, w - 4, True), fs, (w // 2, y), style.CARD_INK, True, "midtop")
        y += int(fs * 1.1)
    return _ready(surf)


# --- pieces ---------------------------------------------------------------------------------------

@lru_cache(maxsize=16)
def bug_icon(d: int, active: bool = False) -> pygame.Surface:
    """The Tracking Bug: an oval body with legs and a B (a ring when active)."""
    surf = _canvas((d, d))
    cx = cy = d / 2
    legs = style.mix(BUG_GREEN, (0, 0, 0), 0.4)
    for sx in (-1, 1):
        for dy in (-0.22, 0.0, 0.22):
            pygame.draw.line(surf, legs, (cx, cy + dy * d), (cx + sx * d * 0.45, cy + dy * d * 1.6),
                             max(1, d // 14))
    body = pygame.Rect(0, 0, d * 0.56, d * 0.74)
    body.center = (cx, cy)
    pygame.draw.ellipse(surf, BUG_GREEN, body)
    pygame.draw.ellipse(surf, style.mix(BUG_GREEN, (255, 255, 255), 0.5), body, max(1, d // 16))
    img = draw.text("B", max(8, int(d * 0.4)), (12, 30, 24), True)
    surf.blit(img, img.get_rect(center=(cx, cy + 1)))
    if active:
        pygame.draw.circle(surf, style.ACCENT_BRIGHT, (cx, cy), d / 2 - 1, max(2, d // 12))
    return _ready(surf)


@lru_cache(maxsize=16)
def kit_icon(d: int, ready: bool) -> pygame.Surface:
    """The Defusing Kit: a case with a cross; greyed once used."""
    surf = _canvas((d, d))
    colour = (196, 90, 70) if ready else (80, 80, 86)
    box = pygame.Rect(d * 0.1, d * 0.28, d * 0.8, d * 0.6)
    pygame.draw.rect(surf, colour, box, border_radius=max(2, d // 10))
    pygame.draw.rect(surf, style.mix(colour, (0, 0, 0), 0.4), (d * 0.35, d * 0.14, d * 0.3, d * 0.16),
                     max(1, d // 14), border_radius=2)
    cross = (250, 246, 236) if ready else (130, 130, 136)
    t = max(2, d // 9)
    pygame.draw.rect(surf, cross, (box.centerx - t // 2, box.y + d * 0.12, t, box.height - d * 0.24))
    pygame.draw.rect(surf, cross, (box.x + d * 0.22, box.centery - t // 2, box.width - d * 0.44, t))
    return _ready(surf)


# --- Spy Movement cards ------------------------------------------------------------------------------

def _arrow(surf, centre, direction: str, length: float, width: int, colour, head: float) -> None:
    vx, vy = VECTORS[direction]
    cx, cy = centre
    tip = (cx + vx * length, cy + vy * length)
    base = (cx + vx * (length - head), cy + vy * (length - head))
    pygame.draw.line(surf, colour, (cx, cy), base, width)
    px, py = -vy, vx
    pts = [tip, (base[0] + px * head * 0.6, base[1] + py * head * 0.6),
           (base[0] - px * head * 0.6, base[1] - py * head * 0.6)]
    pygame.draw.polygon(surf, colour, pts)


@lru_cache(maxsize=8)
def ghost_spy(d: int) -> pygame.Surface:
    """The Spy's piece, faint: where the Spy will stand next."""
    img = draw.spy_token(d).copy()
    img.set_alpha(120)
    return img


@lru_cache(maxsize=128)
def spy_card(size: tuple, card: int, turned: bool, large: str, small: str,
             used: str = "", label: str = "") -> pygame.Surface:
    """A Spy Movement card as it lies: large and small arrows in their current directions.

    ``used`` ("large"/"small") paints the arrow the Spy followed in gold. A turned card
    shows its number upside down, so the orientation reads at a glance.
    """
    w, h = size
    surf = _canvas(size)
    radius = max(4, w // 9)
    draw.rounded_rect(surf, surf.get_rect(), style.CARD_FACE, radius, (120, 60, 56), max(1, w // 40))
    digit = draw.text(str(card), max(10, int(h * 0.2)), (120, 40, 36), True)
    # underlined, so that a turned 6 never reads as a 9
    num = _canvas((digit.get_width(), digit.get_height() + 2))
    num.blit(digit, (0, 0))
    pygame.draw.line(num, (120, 40, 36), (1, digit.get_height() - 1),
                     (digit.get_width() - 2, digit.get_height() - 1), max(1, h // 60))
    if turned:
        num = pygame.transform.rotate(num, 180)
        surf.blit(num, num.get_rect(bottomright=(w - max(3, w // 12), h - max(2, h // 20))))
    else:
        surf.blit(num, (max(3, w // 12), max(2, h // 20)))
    centre = (w / 2, h * 0.54)
    r = min(w, h) * 0.42
    ink = style.CARD_INK
    gold = (214, 150, 30)
    _arrow(surf, centre, large, r, max(3, int(w * 0.09)), gold if used == "large" else ink, r * 0.42)
    _arrow(surf, centre, small, r * 0.62, max(2, int(w * 0.04)), gold if used == "small" else
           (96, 92, 86), r * 0.28)
    pygame.draw.circle(surf, ink, centre, max(2, w // 18))
    if label:
        img = draw.text(_fit(label, max(9, int(h * 0.11)), w - 6), max(9, int(h * 0.11)),
                        (90, 84, 76))
        surf.blit(img, img.get_rect(midbottom=(w / 2, h - 2)) if not turned else
                  img.get_rect(midtop=(w / 2, 2)))
    return _ready(surf)


# --- Case File slots and collection cards ----------------------------------------------------------

@lru_cache(maxsize=128)
def item_card(size: tuple, name: str, file_name: str = "", held: bool = False,
              protected: bool = False) -> pygame.Surface:
    """A face-up Item (Confiscated or in the collection), marked with its Case File if known."""
    w, h = size
    name = _(name)
    surf = _canvas(size)
    colour, shape, letter = CASE_LOOK.get(file_name, (style.CARD_EDGE, "", ""))
    draw.rounded_rect(surf, surf.get_rect(), style.CARD_FACE, max(3, w // 10),
                      colour if file_name else style.CARD_EDGE, max(2, w // 30) if file_name else 1)
    fs = max(9, int(min(h * 0.24, w * 0.17)))
    longest = max(name.split(" "), key=lambda word: draw.font(fs).size(word)[0])
    fs = _shrink(longest, fs, w - 8, False, 9)
    lines = draw.wrap(name, fs, w - 8)[:2]
    y = (h - len(lines) * int(fs * 1.15)) // 2 + (int(fs * 0.35) if file_name else 0)
    for ln in lines:
        draw.blit_text(surf, _fit(ln, fs, w - 6), fs, (w // 2, y), style.CARD_INK, False, "midtop")
        y += int(fs * 1.15)
    if file_name:
        d = max(10, int(h * 0.3))
        sym = draw.symbol(shape, d, colour, case_letter(letter))
        surf.blit(sym, (2, 2))
    if held:
        img = draw.text(_("held"), max(8, int(h * 0.2)), (70, 110, 70), True)
        surf.blit(img, img.get_rect(topright=(w - 3, 1)))
    if protected:
        pygame.draw.rect(surf, style.ACCENT, surf.get_rect(), max(2, w // 25), border_radius=max(3, w // 10))
        img = draw.text(_("safe"), max(8, int(h * 0.2)), (150, 110, 30), True)
        surf.blit(img, img.get_rect(topright=(w - 3, 1)))
    return _ready(surf)


@lru_cache(maxsize=32)
def case_back(size: tuple, file_name: str) -> pygame.Surface:
    """A face-down Confiscated Item under its Case File."""
    w, h = size
    colour, shape, letter = CASE_LOOK[file_name]
    base = style.mix(colour, (20, 22, 30), 0.72)
    surf = _canvas(size)
    draw.rounded_rect(surf, surf.get_rect(), base, max(3, w // 10), style.mix(colour, (0, 0, 0), 0.2),
                      max(1, w // 30))
    sym = draw.symbol(shape, max(10, int(min(w, h) * 0.55)), style.mix(colour, (0, 0, 0), 0.15),
                      case_letter(letter))
    surf.blit(sym, sym.get_rect(center=(w / 2, h / 2)))
    return _ready(surf)


@lru_cache(maxsize=32)
def clue_card(size: tuple, count: int, double: bool = False) -> pygame.Surface:
    """The collection's Clues as one pile: a magnifier and the count (Clue x2 separate)."""
    w, h = size
    surf = _canvas(size)
    face = (228, 222, 196) if not double else (236, 214, 160)
    for i in range(min(3, count) - 1, -1, -1):
        r = pygame.Rect(i * 3, i * 3, w - 6, h - 6)
        draw.rounded_rect(surf, r, face, max(3, w // 10), style.CARD_EDGE)
    top = pygame.Rect(0, 0, w - 6, h - 6)
    cx, cy = top.centerx, top.y + top.height * 0.42
    rr = min(w, h) * 0.17
    pygame.draw.circle(surf, style.CARD_INK, (cx - rr * 0.2, cy - rr * 0.2), rr, max(2, w // 22))
    pygame.draw.line(surf, style.CARD_INK, (cx + rr * 0.5, cy + rr * 0.5), (cx + rr * 1.3, cy + rr * 1.3),
                     max(3, w // 14))
    label = _("Clue x2") if double else (_("Clue") if count == 1 else
                                         i18n.n_("{n} Clue", "{n} Clues", count))
    fs = _shrink(label, max(10, int(h * 0.16)), w - 10, True, 8)    # "手がかり×2" is long
    draw.blit_text(surf, _fit(label, fs, w - 10, True), fs, (top.centerx, top.bottom - 3), style.CARD_INK,
                   True, "midbottom")
    return _ready(surf)


@lru_cache(maxsize=8)
def countdown_dial(d: int, value: int, start: int) -> pygame.Surface:
    """The Countdown: a dial with the number left, a ring that empties as time runs out."""
    surf = _canvas((d, d))
    c = d / 2
    pygame.draw.circle(surf, (30, 26, 30), (c, c), c - 1)
    frac = max(0.0, min(1.0, value / max(1, start)))
    colour = style.GOOD if frac > 0.5 else (style.ACCENT if frac > 0.25 else style.DANGER)
    pts = [(c, c)]
    steps = 40
    for i in range(steps + 1):
        a = -math.pi / 2 + 2 * math.pi * frac * i / steps
        pts.append((c + (c - 2) * math.cos(a), c + (c - 2) * math.sin(a)))
    if frac > 0 and len(pts) > 2:
        pygame.draw.polygon(surf, style.mix(colour, (0, 0, 0), 0.35), pts)
    pygame.draw.circle(surf, (22, 22, 26), (c, c), c * 0.66)
    pygame.draw.circle(surf, colour, (c, c), c - 1, max(2, d // 16))
    img = draw.text(str(value), max(10, int(d * 0.46)), (255, 255, 255), True)
    surf.blit(img, img.get_rect(center=(c, c)))
    return _ready(surf)


def ring(surface: pygame.Surface, rect: pygame.Rect, colour, width: int = 3, radius: int = 8) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


@lru_cache(maxsize=8)
def bomb_card(size: tuple) -> pygame.Surface:
    """A found Bomb: a black sphere with a lit fuse on a red card."""
    w, h = size
    surf = _canvas(size)
    draw.rounded_rect(surf, surf.get_rect(), (150, 44, 40), max(3, w // 10), (250, 210, 190), max(1, w // 30))
    r = min(w, h) * 0.24
    c = (w / 2, h * 0.45)
    pygame.draw.circle(surf, (20, 20, 24), c, r)
    pygame.draw.circle(surf, (90, 90, 100), (c[0] - r * 0.35, c[1] - r * 0.35), r * 0.25)
    pygame.draw.line(surf, (220, 200, 150), (c[0] + r * 0.6, c[1] - r * 0.6), (c[0] + r * 1.1, c[1] - r * 1.2),
                     max(2, w // 25))
    pygame.draw.circle(surf, style.ACCENT_BRIGHT, (c[0] + r * 1.15, c[1] - r * 1.25), max(2, w // 14))
    fs = max(10, int(h * 0.16))
    draw.blit_text(surf, _("Bomb"), fs, (w / 2, h - 4), (255, 240, 230), True, "midbottom")
    return _ready(surf)


# --- words and colours of notes -----------------------------------------------------------------

def plain(text: str) -> str:
    """The bundled font has no ★ glyph: the rules' reasons name the icon in words instead."""
    return text.replace("a ★ Location", "a starred Location").replace("★", "star")


def note_colour(note: str) -> tuple:
    """A dialog option's note: green when losing the card is good, red when the choice
    loses (the note's tone is said where it is worded: ``dialogs.toned``)."""
    from .dialogs import NOTE_TONE

    tone = NOTE_TONE.get(note)
    return style.GOOD if tone == "good" else style.DANGER if tone == "danger" else style.TEXT_MUTED


def _forget_words(_lang: str) -> None:
    """The cached drawings carry words: a change of language draws them again."""
    for made in (location_card, location_holds, mini_face, item_card, clue_card, bomb_card, case_back):
        made.cache_clear()


i18n.on_change(_forget_words)


def spy_deck_slots(m, box: pygame.Rect) -> dict[str, pygame.Rect]:
    """The three card places of the Spy Movement deck panel: the deck, the last card
    turned and the next card (once tracked or looked at)."""
    # under the panel's title and over the captions, as high as their lines (issue 44)
    head = max(m.px(28), draw.font(m.px(14), True).get_linesize() + m.px(4))
    ch = box.height - max(m.px(50), head + draw.font(m.px(12)).get_linesize() + m.px(4))
    cw = int(ch * 0.72)
    y = box.y + head
    x = box.x + m.px(10)
    gap = (box.width - m.px(20) - 3 * cw) // 2
    return {name: pygame.Rect(x + i * (cw + gap), y, cw, ch)
            for i, name in enumerate(("spy_deck.top", "spy_deck.last", "spy_deck.next"))}
