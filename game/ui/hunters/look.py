"""Drawn Shadow Hunters pieces: Area cards, character cards, deck piles and small marks.

All sizes are real pixels. Surfaces that depend only on their arguments are cached (do
not draw on them); the player board is drawn straight onto the target each frame because
it changes with every hit.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.i18n import N_, _, on_change, uses_spaces
from game.rules.hunters.data import CARD_TEXT, CHARACTERS
from game.ui import draw, style

FACTION_KEY = {"Hunter": "hunter", "Shadow": "shadow", "Neutral": "neutral"}
FACTION_LETTER = {"Hunter": "H", "Shadow": "S", "Neutral": "N"}

# Area name -> (roll numbers, what you may do there). The order is the engine's.
AREA_INFO = {
    "Hermit's Cabin": ("2-3", N_("Draw a Hermit card and give it away")),
    "Underworld Gate": ("4-5", N_("Draw a Hermit, White or Black card")),
    "Church": ("6", N_("Draw a White card")),
    "Cemetery": ("8", N_("Draw a Black card")),
    "Weird Woods": ("9", N_("Deal 2 damage or heal 1 to anyone")),
    "Erstwhile Altar": ("10", N_("Take an Equipment card from another player")),
}
AREA_COLOUR = {
    "Hermit's Cabin": (96, 132, 86),
    "Underworld Gate": (122, 92, 150),
    "Church": (196, 184, 150),
    "Cemetery": (92, 96, 108),
    "Weird Woods": (70, 120, 96),
    "Erstwhile Altar": (170, 110, 72),
}

# Floating hit / heal numbers: light enough for 4.5:1 on their dark pill, whatever is under it.
FLOAT_HIT = (255, 132, 120)
FLOAT_HEAL = (150, 232, 160)
FLOAT_BACKING_ALPHA = 230


def luminance(c: tuple) -> float:
    def ch(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def contrast(a: tuple, b: tuple) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


DECK_COLOUR = {"hermit": (78, 118, 84), "white": (214, 208, 190), "black": (46, 44, 50)}
DECK_TITLE = {"hermit": N_("Hermit"), "white": N_("White"), "black": N_("Black")}

CHARACTER = {c[0]: {"faction": {"H": "Hunter", "S": "Shadow", "N": "Neutral"}[c[1]],
                    "hp": c[2], "set": c[3], "win": c[4], "ability": c[5]} for c in CHARACTERS}
CHARACTER_NAMES = tuple(c[0] for c in CHARACTERS)

# When each ability can be used, for the character panel (the rules' own timing).
ABILITY_WHEN = {
    "Emi": N_("Each move: instead of rolling, step to a neighbouring Area (reveal first)."),
    "Franklin": N_("Once per game, at the start of your turn (reveal first)."),
    "George": N_("Once per game, at the start of your turn (reveal first)."),
    "Ellen": N_("Once per game, at the start of your turn (reveal first)."),
    "Fu-ka": N_("Once per game, at the start of your turn (reveal first)."),
    "Agnes": N_("Once, at the start of your turn (reveal first)."),
    "Ultra Soul": N_("At the start of each of your turns, on a player at the Underworld Gate (reveal first)."),
    "Gregor": N_("Once per game, at the end of your turn (reveal first)."),
    "Wight": N_("Once per game, at the end of your turn, once someone has died (reveal first)."),
    "Charles": N_("At the end of your turn, after you attacked (reveal first)."),
    "Allie": N_("Once per game, at any decision point (reveal first)."),
    "David": N_("Once per game, during your turn (reveal first)."),
    "Werewolf": N_("When you are attacked: counterattack (this reveals you)."),
    "Vampire": N_("Whenever your attack deals damage, while revealed."),
    "Valkyrie": N_("Every attack you make, while revealed."),
    "Bob": N_("A hit of 2+ on an Equipment holder (taking one reveals you)."),
    "Catherine": N_("At the start of each of your turns, while revealed."),
    "Unknown": N_("Whenever you answer a Hermit card, even while hidden."),
    "Daniel": N_("Automatic: you are revealed as soon as another character dies."),
    "Bryan": N_("Automatic: when your attack kills a character with 12 HP or less."),
}

# Where characters die on the damage track: the board prints initials at these HPs.
HP_MARKS: dict[int, str] = {}
for _name, _info in CHARACTER.items():
    HP_MARKS[_info["hp"]] = "".join(sorted(set(HP_MARKS.get(_info["hp"], "")) | {_name[0]}))


def hp_mark(hp: int) -> str:
    """The initials printed at ``hp`` on the damage track, of the characters' names in the
    language in force (エ for エミ in Japanese)."""
    names = [name for name, info in CHARACTER.items() if info["hp"] == hp]
    return "".join(sorted({_(name)[:1] for name in names}))


def faction_colour(faction: str | None) -> tuple:
    if faction in FACTION_KEY:
        return style.FACTIONS[FACTION_KEY[faction]]["colour"]
    return style.TEXT_DIM


def faction_mark(faction: str | None, size: int) -> pygame.Surface:
    """The faction's shape with its letter; a grey "?" disc when unknown."""
    if faction == "Shadow":
        return shadow_mark(size)
    if faction in FACTION_KEY:
        return draw.faction_symbol(FACTION_KEY[faction], size)
    return draw.symbol("circle", size, (70, 72, 80), "?")


# The Shadow crescent: its bite (centre offset and radius, in parts of the radius) leaves a
# lit band thick enough for the whole "S" at the board's 14-18 px (the shared symbol's
# thinner crescent cut the letter in two there).
BITE_AT, BITE_R = (0.6, -0.2), 0.72


def shadow_crescent(size: int) -> tuple[pygame.Surface, tuple[float, float]]:
    """The crescent alone, and the centre of its lit band (where the letter goes)."""
    info = style.FACTIONS["shadow"]
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    r = c - max(1, size // 16)
    pygame.draw.circle(surf, info["colour"], (c, c), r)
    bx, by = BITE_AT
    pygame.draw.circle(surf, (0, 0, 0, 0), (c + bx * r, c + by * r), BITE_R * r)
    off = (bx * bx + by * by) ** 0.5
    inner = BITE_R - off              # where the bite ends on the far side of the centre
    mid = inner + (1 - inner) * 0.45  # the middle of the lit band (a little in from the rim)
    return surf, (c - bx / off * mid * r, c - by / off * mid * r)


@lru_cache(maxsize=32)
def shadow_mark(size: int) -> pygame.Surface:
    surf, centre = shadow_crescent(size)
    letter = draw.text(style.FACTIONS["shadow"]["letter"], max(7, int(size * 0.42)), (255, 255, 255), True)
    surf.blit(letter, letter.get_rect(center=(round(centre[0]), int(centre[1]))))
    return surf


# --- Area cards -------------------------------------------------------------------------------

def area_title_size(w: int, h: int) -> int:
    """The text size an Area's name starts from under its band (it may shrink to fit)."""
    return max(10, min(int(h * 0.11), int(w * 0.11)))


def area_is_slim(h: int, piece: int, w: int | None = None) -> bool:
    """An Area strip too low for its name and a row of pieces under it (7-8 players in large
    text; 4-5 players at 200 % on 1920x1080, where the pieces covered the name): its name
    goes beside its roll numbers in the top band, its pieces under them."""
    if h < 2 * piece:
        return True
    if w is None:
        return False
    title_h = draw.font(area_title_size(w, h), True).get_height()
    return area_band(w, h).h + title_h + piece + 4 > h


def area_band(w: int, h: int, slim: bool = False) -> pygame.Rect:
    return pygame.Rect(0, 0, w, max(20, int(h * (0.45 if slim else 0.24))))


def area_piece_spots(rect: pygame.Rect, count: int, piece: int, pad: int) -> list[pygame.Rect]:
    """Where the pieces standing on an Area go: along its foot, under a slim strip's band
    (issue 44: they covered the Area's name)."""
    d = piece
    if area_is_slim(rect.h, piece, rect.w):
        d = min(piece, rect.h - area_band(rect.w, rect.h, True).h - 3)
    left, y = rect.x + pad, rect.bottom - d - min(pad + pad // 2, rect.h // 30 + 1)
    step = max(1, min(d + 3, (rect.right - pad - d - left) // (count - 1))) if count > 1 else 0
    return [pygame.Rect(left + i * step, y, d, d) for i in range(count)]


def area_slim_title(name: str, w: int, h: int) -> tuple[str, int, int]:
    """A slim strip's name as its band holds it beside the roll numbers: (words, size, x)."""
    band = area_band(w, h, True)
    num_size = max(12, int(band.height * 0.7 / style.TEXT_SCALE))
    x = max(6, w // 16) + draw.font(num_size, True).size(AREA_INFO.get(name, ("", ""))[0])[0] + 8
    size, title = num_size, _(name)
    floor = max(5, round(9 / style.TEXT_SCALE))     # 9 px on screen
    while size > floor and (draw.font(size, True).size(title)[0] > w - x - 6
                            or draw.font(size, True).get_height() > band.h):
        size -= 1
    return draw.ellipsize(title, size, w - x - 6, True), size, x     # (the hover card names it whole)


def area_title_lines(title: str, w: int, h: int, room: int, floor: int,
                     rest_fits=lambda size, lines: True) -> tuple[int, list[str]]:
    """An Area's name under its band: one line, shrunk to fit down to ``floor``. A name
    that would still be cut ("Porte de l'Outremonde" at 1024x640), or shrunk well below
    the others' size, goes on two lines at the largest size where both fit (and larger
    than the one line's), if ``rest_fits(size, lines)`` (the action's words below it, whole
    and clear of the pieces); otherwise one line, cut with an ellipsis if it must be."""
    start = area_title_size(w, h)
    size = start
    fits = lambda s, text: (draw.font(s, True).size(text)[0] <= w - 10  # noqa: E731
                            and draw.font(s, True).get_height() <= room)
    while size > floor and not fits(size, title):
        size -= 1
    one = fits(size, title)
    if " " in title and (not one or size < start * 0.85):
        # on two lines when one line would cut it or shrink it well below its neighbours
        for two in range(start, size, -1):
            lines = draw.wrap(title, two, w - 10, True)
            if len(lines) == 2 and all(fits(two, ln) for ln in lines) and two * 2.4 <= room \
                    and rest_fits(two, 2):
                return two, lines
    return size, [title if one else draw.ellipsize(title, size, w - 10, True)]  # (hover: whole)


@lru_cache(maxsize=64)
def area_card(name: str, size: tuple, lit: bool = False, slim: bool = False) -> pygame.Surface:
    """An Area: roll numbers big at the top, the name, and its action in small print."""
    w, h = size
    colour = AREA_COLOUR.get(name, style.ACCENT)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(6, w // 14)
    body = style.mix(colour, style.PANEL, 0.72)
    draw.rounded_rect(surf, surf.get_rect(), (*body, 240), radius,
                      style.ACCENT_BRIGHT if lit else style.mix(colour, (0, 0, 0), 0.2),
                      3 if lit else 1)
    band = area_band(w, h, slim)
    pygame.draw.rect(surf, style.mix(colour, (0, 0, 0), 0.25), band,
                     border_top_left_radius=radius, border_top_right_radius=radius)
    rolls, action = AREA_INFO.get(name, ("", ""))
    action = _(action) if action else ""
    num_size = max(12, int(band.height * 0.7 / style.TEXT_SCALE))    # as large as its band
    draw.blit_text(surf, rolls, num_size, (max(6, w // 16), band.centery), (255, 255, 255), True,
                   "midleft")
    title = _(name)
    floor = max(5, round(9 / style.TEXT_SCALE))     # 9 px on screen: large text may shrink too
    if slim:        # the name in the band, after the numbers; the pieces stand under them
        title, size, x = area_slim_title(name, w, h)
        draw.blit_text(surf, title, size, (x, band.centery), (255, 255, 255), True, "midleft")
        return surf
    k = style.TEXT_SCALE        # the lines' steps grow with the text size (issue 44)

    def rest_fits(size: int, n: int) -> bool:
        # every line of the action below a title of n lines, above the pieces' row
        small = max(9, int(size * 0.82))
        below = band.bottom + 5 + int(size * (1.25 + 1.1 * (n - 1)) * k)
        return below + len(draw.wrap(action, small, w - 10)) * int(small * 1.2 * k) <= h - h // 5

    title_size, lines = area_title_lines(title, w, h, h - band.bottom - 3, floor, rest_fits)
    for i, line in enumerate(lines):
        draw.blit_text(surf, line, title_size, (w // 2, band.bottom + 3 + int(i * title_size * 1.1 * k)),
                       style.TEXT, True, "midtop")
    small = max(9, int(title_size * 0.82))
    y = band.bottom + 5 + int(title_size * (1.25 + 1.1 * (len(lines) - 1)) * k)
    for line in draw.wrap(action, small, w - 10)[:3]:
        if k > 1 and y + small * 1.2 * k > h - 2:
            break
        draw.blit_text(surf, line, small, (w // 2, y), style.TEXT_MUTED, False, "midtop")
        y += int(small * 1.2 * k)
    return surf


# --- character cards ---------------------------------------------------------------------------

@lru_cache(maxsize=64)
def character_card(name: str, size: tuple, detailed: bool = True) -> pygame.Surface:
    """A face-up character: name bar in the faction colour, faction symbol + letter, HP,
    and (when ``detailed``) the win condition and the ability."""
    info = CHARACTER[name]
    w, h = size
    accent = faction_colour(info["faction"])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 10)
    draw.rounded_rect(surf, surf.get_rect(), style.CARD_FACE, radius,
                      style.mix(accent, (0, 0, 0), 0.3), max(1, min(3, w // 60)))
    bar = pygame.Rect(0, 0, w, max(16, h // 7))
    pygame.draw.rect(surf, accent, bar, border_top_left_radius=radius, border_top_right_radius=radius)
    t = max(9, int(bar.height * 0.62))
    title = _(name)
    while draw.font(t, True).size(title)[0] > w - 8 and t > 8:
        t -= 1
    draw.blit_text(surf, title, t, bar.center, (255, 255, 255), True, "center")
    y = bar.bottom + max(3, h // 40)
    if not detailed:
        # small card: the symbol big in the middle, HP and faction under it
        sym = faction_mark(info["faction"], max(14, int(min(w, h) * 0.5)))
        surf.blit(sym, sym.get_rect(midtop=(w // 2, y + max(2, h // 30))))
        y += sym.get_height() + max(4, h // 20)
        # sized by the card, as its art (issue 44: at 200 % they ran into each other)
        size = max(9, int(h * 0.1 / style.TEXT_SCALE))
        draw.blit_text(surf, _("HP {hp}", hp=info["hp"]), size, (w // 2, y), style.CARD_INK, True, "midtop")
        draw.blit_text(surf, _(info["faction"]), max(8, int(size * 0.8)),
                       (w // 2, y + int(size * 1.3 * style.TEXT_SCALE)),
                       style.mix(accent, (0, 0, 0), 0.35), True, "midtop")
        return surf
    sym = faction_mark(info["faction"], max(14, int(min(w, h) * 0.24)))
    surf.blit(sym, (max(4, w // 16), y))
    hp_size = max(9, int(sym.get_height() * 0.5))
    draw.blit_text(surf, _("HP {hp}", hp=info["hp"]), hp_size, (w - max(5, w // 16), y + sym.get_height() // 2),
                   style.CARD_INK, True, "midright")
    draw.blit_text(surf, _(info["faction"]), max(8, int(hp_size * 0.8)),
                   (w - max(5, w // 16), y + sym.get_height() // 2 + hp_size),
                   style.mix(accent, (0, 0, 0), 0.35), True, "midright")
    y += sym.get_height() + max(3, h // 50) + hp_size
    margin = max(5, w // 14)
    parts = ((_("Wins: "), _(info["win"])), ("", _(info["ability"])))
    body = max(8, int(h * 0.052))
    while True:
        # the whole text, always: a smaller size rather than a cut sentence
        blocks = [draw.wrap(label + text, body, w - 2 * margin) for label, text in parts]
        need = sum(len(b) * int(body * 1.2) + body // 2 for b in blocks)
        if y + need <= h - 4 or body <= 7:
            break
        body -= 1
    for (label, _text), lines in zip(parts, blocks):
        for i, line in enumerate(lines):
            draw.blit_text(surf, line, body, (margin, y), style.CARD_INK, i == 0 and bool(label))
            y += int(body * 1.2)
        y += body // 2
    return surf


def character_text_fits(name: str, size: tuple) -> bool:
    """True when the detailed card at ``size`` holds its whole text (the test asks)."""
    info = CHARACTER[name]
    w, h = size
    body = max(8, int(h * 0.052))
    sym = max(14, int(min(w, h) * 0.24))
    y = max(16, h // 7) + max(3, h // 40) + sym + max(3, h // 50) + max(9, int(sym * 0.5))
    margin = max(5, w // 14)
    while body > 7:
        need = sum(len(draw.wrap(t, body, w - 2 * margin)) * int(body * 1.2) + body // 2
                   for t in (_("Wins: ") + _(info["win"]), _(info["ability"])))
        if y + need <= h - 4:
            return True
        body -= 1
    return False


def character_back(size: tuple) -> pygame.Surface:
    return draw.card_back(size)


# --- deck piles and cards ------------------------------------------------------------------------

@lru_cache(maxsize=32)
def deck_back(deck: str, size: tuple) -> pygame.Surface:
    """The back of a Hermit (green), White or Black card: its colour and initial."""
    w, h = size
    colour = DECK_COLOUR[deck]
    light = sum(colour) > 450
    ink = (40, 40, 44) if light else (230, 226, 214)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 9)
    draw.rounded_rect(surf, surf.get_rect(), colour, radius, style.mix(colour, ink, 0.5), 1)
    inner = surf.get_rect().inflate(-max(4, w // 6), -max(4, w // 6))
    pygame.draw.rect(surf, style.mix(colour, ink, 0.3), inner, 1, border_radius=max(2, radius - 2))
    draw.blit_text(surf, _(DECK_TITLE[deck])[:1], max(9, int(w * 0.5)), (w // 2, h // 2), ink, True, "center")
    return surf


@lru_cache(maxsize=64)
def read_card(name: str, deck: str, size: tuple) -> pygame.Surface:
    """A card held up to be read (the one a decision is about): big title, readable text."""
    w, h = size
    accent = {"hermit": (70, 120, 80), "white": (150, 138, 104), "black": (60, 56, 66)}[deck]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 10)
    draw.rounded_rect(surf, surf.get_rect(), style.CARD_FACE, radius, style.mix(accent, (0, 0, 0), 0.3), 2)
    bar = pygame.Rect(0, 0, w, max(18, h // 6))
    pygame.draw.rect(surf, accent, bar, border_top_left_radius=radius, border_top_right_radius=radius)
    t = max(10, int(bar.height * 0.55))
    title = _(name)
    while draw.font(t, True).size(title)[0] > w - 8 and t > 8:
        t -= 1
    draw.blit_text(surf, title, t, bar.center, (255, 255, 255), True, "center")
    body = max(10, int(w * 0.105))
    text = _(CARD_TEXT[name]) if name in CARD_TEXT else ""
    lines = draw.wrap(text, body, w - 12)
    while len(lines) * body * 1.22 > h - bar.height - 10 and body > 8:
        body -= 1
        lines = draw.wrap(text, body, w - 12)
    y = bar.bottom + 6
    for line in lines:
        draw.blit_text(surf, line, body, (6, y), style.CARD_INK)
        y += int(body * 1.22)
    draw.blit_text(surf, _(DECK_TITLE[deck]), max(8, int(body * 0.8)), (w // 2, h - 4),
                   style.mix(accent, (0, 0, 0), 0.2), True, "midbottom")
    return surf


@lru_cache(maxsize=128)
def mini_card(name: str, deck: str, size: tuple) -> pygame.Surface:
    """A small face-up card for a discard pile: just its name, wrapped, on the deck colour."""
    w, h = size
    colour = DECK_COLOUR[deck]
    ink = (40, 40, 44) if sum(colour) > 450 else (236, 232, 220)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    draw.rounded_rect(surf, surf.get_rect(), style.mix(colour, (128, 128, 128), 0.15), max(3, w // 9),
                      style.ACCENT, 1)
    fs, lines = mini_card_lines(name, size)
    y = (h - int(len(lines) * fs * 1.15)) // 2
    for line in lines:
        draw.blit_text(surf, line, fs, (w // 2, y), ink, True, "midtop")
        y += int(fs * 1.15)
    return surf


def mini_card_lines(name: str, size: tuple) -> tuple[int, list[str]]:
    """The text size and lines of a discard pile's small card: the largest size at which
    every line fits; a word too long even at the smallest ("Bloodthirsty") is split with a
    hyphen rather than cut at the card's edge."""
    w, h = size
    name = _(name)
    fs = max(8, int(w * 0.2))
    if not uses_spaces():
        # Japanese wraps between any two characters: no word to keep whole or hyphenate
        lines = draw.wrap(name, fs, w - 6, True)
        while len(lines) * fs * 1.15 > h - 6 and fs > 7:
            fs -= 1
            lines = draw.wrap(name, fs, w - 6, True)
        return fs, lines
    widest = lambda: max(draw.font(fs, True).size(word)[0] for word in name.split())  # noqa: E731
    lines = draw.wrap(name, fs, w - 6, True)
    while (len(lines) * fs * 1.15 > h - 6 or widest() > w - 6) and fs > 7:
        fs -= 1
        lines = draw.wrap(name, fs, w - 6, True)
    words = []
    for word in name.split():
        while draw.font(fs, True).size(word)[0] > w - 6 and len(word) > 4:
            cut = len(word) - 2
            while cut > 2 and draw.font(fs, True).size(word[:cut] + "-")[0] > w - 6:
                cut -= 1
            words.append(word[:cut] + "-")
            word = word[cut:]
        words.append(word)
    if len(words) > len(name.split()):
        lines = [ln for word in words for ln in draw.wrap(word, fs, w - 6, True)] if len(words) > 1 else lines
    return fs, lines


@lru_cache(maxsize=128)
def chip(text: str, size: int, colour: tuple, width: int | None = None) -> pygame.Surface:
    """A small rounded label (Equipment names, states such as "dead")."""
    img = draw.text(text, size, (20, 20, 24) if sum(colour) > 420 else style.TEXT, True)
    w = width or img.get_width() + size
    surf = pygame.Surface((w, int(size * 1.5)), pygame.SRCALPHA)
    draw.rounded_rect(surf, surf.get_rect(), colour, int(size * 0.6))
    if img.get_width() > w - 6:
        img = img.subsurface((0, 0, w - 6, img.get_height()))
    surf.blit(img, img.get_rect(center=(w // 2 if img.get_width() < w - 6 else 3 + img.get_width() // 2,
                                        surf.get_height() // 2)))
    return surf


EQUIPMENT_SHORT = {
    "Talisman": N_("Talisman"), "Fortune Brooch": N_("Brooch"), "Mystic Compass": N_("Compass"),
    "Holy Robe": N_("Robe"), "Silver Rosary": N_("Rosary"), "Spear of Longinus": N_("Spear"),
    "Cursed Sword Masamune": N_("Masamune"), "Machine Gun": N_("Machine Gun"), "Handgun": N_("Handgun"),
    "Butcher Knife": N_("Knife"), "Chainsaw": N_("Chainsaw"), "Rusted Broad Axe": N_("Axe"),
}


def equipment_colour(name: str) -> tuple:
    white = name in ("Talisman", "Fortune Brooch", "Mystic Compass", "Holy Robe", "Silver Rosary",
                     "Spear of Longinus")
    return (214, 206, 184) if white else (70, 66, 78)


def clear_caches(_lang: str | None = None) -> None:
    """Forget the cached pieces (tests that watch what gets drawn start from scratch; a
    new language draws every name and text anew)."""
    for fn in (area_card, character_card, deck_back, read_card, mini_card, chip, shadow_mark):
        fn.cache_clear()


on_change(clear_caches)
