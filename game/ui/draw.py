"""The procedural drawing toolkit: cards, backs, tokens, dice, symbols and highlights.

No downloaded art: everything is drawn from shapes and the bundled Noto Sans font (it has
no card-suit glyphs, so suits and factions are drawn as shapes). Every function returns a
*cached* surface for its arguments, so table scenes can call them every frame; do not
draw onto the returned surfaces (copy first).

Sizes are real pixels: scale them with ``style.Metrics.px`` before calling.

    card_face(7, "red", (90, 126))        a rounded card: rank + suit shape + letter
    card_back((90, 126), suit="blue")     a back that shows its suit (Chasing Shadows)
    card_back((90, 126))                  a generic face-down back
    text_card("Emi", ["Hunter", "HP 10"], (140, 196), accent=FACTIONS colour)
    token("A", colour, 40)                a player piece: colour disc + letter
    spy_token(40), agent_token(40)        Harsh Shadows pieces
    die_face(5, 6, 48), die_face(3, 4, 48)  d6 pips, d4 triangle with number
    faction_symbol("shadow", 32)          shape + letter
    glow(surface, colour), dimmed(surface)  playable / unplayable looks
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from functools import lru_cache, wraps
from importlib import resources
from typing import Sequence

import pygame

from game.i18n import break_units, font_files, on_change, uses_spaces
from game.ui import quit_hooks, style
from game.ui.shapes import _polygon, draw_shape, shape_points  # noqa: F401 (draw.shape_points)

Colour = tuple


# --- fonts and text ------------------------------------------------------------------------

def _noto_path(bold: bool) -> str | None:
    name = font_files()[1 if bold else 0]   # Noto Sans JP while the app speaks Japanese
    try:
        path = resources.files("pygame_gui.data") / name
        return str(path) if path.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


# While the first screen is drawn, every size of a weight shares one face: a new pygame
# Font costs about 0.7 ms on its first text and the menu's first frame uses eight sizes.
# After it each size opens a Font of its own, as switching a face's size throws away its
# rendered glyphs (text drawn in alternating sizes would be about 30 times slower).
_sharing = [True]


def fonts_settle() -> None:
    """The first screen is up: from now on each font size gets a Font of its own."""
    _sharing[0] = False


SIZES_KEPT = 4096   # measured texts kept per font size and weight


class SizedFont:
    """Noto Sans at one size, on the shared face while the first screen is drawn and on a
    Font of its own after that. The text comes out pixel for pixel the same either way."""

    __slots__ = ("bold", "point", "own", "sizes")

    def __init__(self, bold: bool, point: int) -> None:
        self.bold, self.point, self.own = bold, point, None
        self.sizes: dict[str, tuple[int, int]] = {}

    @property
    def face(self) -> pygame.font.Font:
        if self.own is not None:
            return self.own
        if not _sharing[0]:
            self.own = _open(self.bold, self.point)
            return self.own
        face = _shared(self.bold)
        if face.point_size != self.point:
            face.point_size = self.point
        return face

    def render(self, *args, **kw) -> pygame.Surface:
        return self.face.render(*args, **kw)

    def size(self, text: str) -> tuple[int, int]:
        # A frame measures the same few hundred texts again (wrapping, fitting, centring):
        # about 10 us each from the face, a dict lookup from here. A text's size at a point
        # size is the same on the shared face and the own one (the class's promise).
        got = self.sizes.get(text)
        if got is None:
            if len(self.sizes) >= SIZES_KEPT:
                self.sizes.clear()       # the log's ever-new lines must not grow it forever
            got = self.sizes[text] = self.face.size(text)
        return got

    def get_linesize(self) -> int:
        return self.face.get_linesize()

    def get_height(self) -> int:
        return self.face.get_height()

    def get_ascent(self) -> int:
        return self.face.get_ascent()

    def get_descent(self) -> int:
        return self.face.get_descent()

    def __getattr__(self, name: str):
        return getattr(self.face, name)


def _open(bold: bool, point: int) -> pygame.font.Font:
    path = _noto_path(bold)
    f = pygame.font.Font(path, point)
    if path is None:
        f.set_bold(bold)
    return f


@lru_cache(maxsize=4)
def _shared(bold: bool) -> pygame.font.Font:
    return _open(bold, 16)


def font(size: int, bold: bool = False) -> SizedFont:
    """Noto Sans at ``size`` px times the text size setting (pygame's default font if Noto
    Sans cannot be found)."""
    # one Font a size and weight, however it is asked for: font(15) and font(15, False)
    # were two, and each paid its own first text
    return _font(max(6, int(size * style.TEXT_SCALE)), bool(bold))


@lru_cache(maxsize=128)
def _font(size: int, bold: bool) -> SizedFont:
    if not pygame.font.get_init():
        pygame.font.init()
    return SizedFont(bold, size)


# The letters, digits and signs a table's words are made of (a size meets each glyph once)
GLYPHS = ("ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 .,:;!?'\"()+-=/…·–—")


def warm_fonts(sizes, sample: str = "Ag", weights: tuple = (False, True)) -> None:
    """Open every size in ``sizes`` and measure ``sample``: a size's first text costs about a
    millisecond, each glyph it has not met yet some 20 microseconds, the rest next to
    nothing."""
    for size in sizes:
        for bold in weights:
            font(size, bold).size(sample)


class OutOfFrame(Exception):
    """Raised by a maker below when asked for something new after ``until``'s deadline:
    a table made ready behind a curtain stops its drawing there and goes on in the next
    frame (what was made is kept by the caches, so it is not made again)."""


_until = [None, 0]     # [CPU deadline or None, things made since it was set]


class until:
    """``with draw.until(deadline):`` new texts, cards and symbols are made only until
    ``time.thread_time()`` passes ``deadline`` (at least one each time, so a draw retried
    frame after frame always gets further); after it they raise ``OutOfFrame``."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline

    def __enter__(self) -> None:
        _until[:] = [self.deadline, 0]

    def __exit__(self, *exc) -> None:
        _until[:] = [None, 0]


@contextmanager
def clipped(surface: pygame.Surface, rect):
    """``with draw.clipped(surface, rect):`` drawing onto ``surface`` is kept inside ``rect``
    (and inside any clip already set), and the clip before is put back however the block
    ends. A block cut short by ``OutOfFrame`` must not leave its clip behind: a kept layer
    drawn again under a stale clip changed only there and showed the rest as it was (a
    hand-off's table showed the last person's private panel, 2026-12-07)."""
    before = surface.get_clip()
    surface.set_clip(pygame.Rect(rect).clip(before))
    try:
        yield surface
    finally:
        surface.set_clip(before)


_making = [0]      # makers running now: one maker's inner makers are part of its making


def _maker(fn):
    """A maker that ``until`` may refuse: counted and checked only when it is not inside
    another. An inner one (the letter of a token, the words of a text card) is part of the
    outer's making: refused there, the outer could never be made while the deadline stood
    passed (the one new thing a try allows was the outer itself), and a draw retried frame
    after frame stood still instead of getting further."""

    @wraps(fn)
    def making(*args, **kwargs):
        if not _making[0]:
            _spend()
        _making[0] += 1
        try:
            return fn(*args, **kwargs)
        finally:
            _making[0] -= 1

    return making


def _spend() -> None:
    if _until[0] is not None:
        import time

        if _until[1] and time.thread_time() > _until[0]:
            raise OutOfFrame()
        _until[1] += 1


# Rendered text is kept by its content (words, size, colour, weight), a bounded number of
# them: a table asks for the same few hundred every frame.
@lru_cache(maxsize=2048)
@_maker
def text(s: str, size: int, colour: Colour | None = None, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(s, True, style.TEXT if colour is None else colour)


@lru_cache(maxsize=512)
@_maker
def art_text(s: str, size: int, colour: Colour, bold: bool = True) -> pygame.Surface:
    """Letters that are part of a drawn piece (a card's rank, a token's initial, a die's
    number): the piece keeps its size whatever the text size setting, so they do too."""
    return _font(max(6, int(size)), bool(bold)).render(s, True, colour)


@lru_cache(maxsize=4096)
def ellipsize(s: str, size: int, width: int, bold: bool = False, art: bool = False) -> str:
    """``s`` cut with an ellipsis to fit ``width`` px: a binary search over the length, so
    a very long text costs a few measurements, not one per character. ``art``: measured as
    ``art_text`` draws it."""
    f = _font(max(6, int(size)), bool(bold)) if art else font(size, bold)
    if f.size(s)[0] <= width:
        return s
    lo, hi = 0, len(s)   # s[:lo] + "…" fits; s[:hi] + "…" does not (or hi is the whole)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if f.size(s[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid
    return s[:lo] + "…"


@lru_cache(maxsize=512)
def fit_first(texts: tuple, size: int, width: int, bold: bool = False) -> str:
    """The first of ``texts`` (its wordings, longest first) that fits ``width`` px whole;
    the last one cut with an ellipsis if none does. Cached like ``ellipsize``: a status
    line asks the same every frame."""
    f = font(size, bold)
    for t in texts:
        if f.size(t)[0] <= width:
            return t
    return ellipsize(texts[-1], size, width, bold)


def wrap(s: str, size: int, width: int, bold: bool = False, art: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` px in this font (``art``: as
    ``art_text`` draws it)."""
    return list(_wrapped(s, size, width, bold, art))


@lru_cache(maxsize=4096)
def _wrapped(s: str, size: int, width: int, bold: bool, art: bool = False) -> tuple[str, ...]:
    # the tables wrap the same texts every frame: measured once per text and width
    f = _font(max(6, int(size)), bool(bold)) if art else font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        words, joint = break_units(para)   # Japanese breaks between characters, not at spaces
        for word in words:
            # only a line's ends lose spaces: Japanese keeps "62%±5  Move"'s mid-line gap
            trial = f"{line}{joint}{word}".lstrip()
            if f.size(trial.rstrip())[0] <= width or not line:
                line = trial
            else:
                lines.append(line.rstrip())
                line = word.lstrip()
        lines.append(line.rstrip())
    return tuple(lines)


def label_width(m, *labels: str, minimum: int = 0, size: int = 18, bold: bool = False) -> int:
    """A button's width that holds the widest of ``labels`` in the theme's button font
    (``size`` base px) at the current text size, and at least ``minimum`` real px."""
    f = font(m.px(size), bold)
    return max(minimum, max(f.size(t)[0] for t in labels) + m.px(28))


def blit_text(surface: pygame.Surface, s: str, size: int, pos: tuple, colour: Colour | None = None,
              bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Draw one line of text; ``anchor`` is any pygame.Rect attribute name ("center", …)."""
    img = text(s, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def _ready(surf: pygame.Surface) -> pygame.Surface:
    # convert_alpha needs a display; headless tools (and tests before set_mode) skip it.
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def _canvas(size: tuple) -> pygame.Surface:
    return pygame.Surface((max(1, int(size[0])), max(1, int(size[1]))), pygame.SRCALPHA)


# --- shapes (game.ui.shapes draws them) ---------------------------------------------------

@lru_cache(maxsize=256)
@_maker
def symbol(kind: str, size: int, colour: Colour, letter: str = "",
           letter_colour: Colour = (255, 255, 255)) -> pygame.Surface:
    """A shape ``size`` px across, optionally with a letter in it."""
    surf = _canvas((size, size))
    r = size / 2 - max(1, size // 16)
    draw_shape(surf, kind, (size / 2, size / 2), r, colour, outline=style.mix(colour, (0, 0, 0), 0.45))
    if letter:
        img = art_text(letter, max(8, int(size * 0.42)), letter_colour, True)
        dy = size * 0.1 if kind in ("drop", "triangle") else 0
        dx = -size * 0.14 if kind == "crescent" else 0  # keep the letter on the lit part
        surf.blit(img, img.get_rect(center=(size / 2 + dx, size / 2 + dy)))
    return _ready(surf)


def suit_symbol(suit: str, size: int, with_letter: bool = True) -> pygame.Surface:
    info = style.SUITS[suit]
    return symbol(info["shape"], size, info["colour"], info["letter"] if with_letter else "",
                  (20, 20, 24) if suit in ("yellow", "grey") else (255, 255, 255))


def faction_symbol(faction: str, size: int) -> pygame.Surface:
    info = style.FACTIONS[faction]
    return symbol(info["shape"], size, info["colour"], info["letter"], (255, 255, 255))


# --- panels and cards --------------------------------------------------------------------------

def rounded_rect(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int,
                 border: Colour | None = None, border_width: int = 1) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, alpha: int = 235) -> None:
    """A dark translucent panel with a thin edge, the base of every info box."""
    surface.blit(_panel(tuple(pygame.Rect(rect).size), radius, alpha), rect)


_scratch: list = []


def scratch(size: tuple) -> pygame.Surface:
    """A window-sized surface nobody sees, to draw a screen onto ahead of time (what it
    makes is then in the caches). One is kept: a new one cost 3-10 ms of the frame (its
    memory is fresh each time). What is on it is never shown."""
    if not _scratch or _scratch[0].get_size() != tuple(size):
        _scratch[:] = [pygame.Surface(size)]
    _scratch[0].set_clip(None)      # a drawing cut short on it may have left its clip
    return _scratch[0]


@lru_cache(maxsize=64)
def shade(size: tuple, rgba: tuple, radius: int = 0) -> pygame.Surface:
    """A translucent (rounded) rectangle to blit over something: made once per size and
    colour (tables draw the same veils and bars every frame)."""
    layer = _canvas(size)
    if radius:
        pygame.draw.rect(layer, rgba, layer.get_rect(), border_radius=radius)
    else:
        layer.fill(rgba)
    return layer


@lru_cache(maxsize=256)
def _panel(size: tuple, radius: int, alpha: int) -> pygame.Surface:
    # a table draws a dozen panels a frame, the same ones: made once per size
    tmp = _canvas(size)
    rounded_rect(tmp, tmp.get_rect(), (*style.PANEL, alpha), radius, style.PANEL_EDGE)
    return tmp


def _card_base(size: tuple, face: Colour, edge: Colour) -> tuple[pygame.Surface, int]:
    w, h = size
    radius = max(4, w // 9)
    surf = _canvas(size)
    rounded_rect(surf, surf.get_rect(), face, radius, edge, max(1, w // 45))
    return surf, radius


AMBIGUOUS_UPSIDE_DOWN = ("6", "9")


def _rank_text(rank) -> str:
    return str(rank)


@lru_cache(maxsize=512)
@_maker
def card_face(rank, suit: str, size: tuple = (90, 126)) -> pygame.Surface:
    """A face-up card: rank in two corners, suit shape + letter, a large centre symbol."""
    w, h = size
    info = style.SUITS[suit]
    surf, _ = _card_base(size, style.CARD_FACE, style.mix(info["colour"], (0, 0, 0), 0.35))
    # a suit-coloured band along the top so a fanned hand still reads by colour and shape
    band_h = max(3, h // 28)
    pygame.draw.rect(surf, info["colour"], (w // 9, band_h, w - 2 * (w // 9), band_h), border_radius=2)
    rank_size = max(10, int(h * 0.22))
    ink = style.mix(info["colour"], (0, 0, 0), style.RANK_INK)
    corner = art_text(_rank_text(rank), rank_size, ink, True)
    if str(rank) in AMBIGUOUS_UPSIDE_DOWN:
        # the upside-down corner must not read as the other number: underline both
        corner = corner.copy()
        cw, ch = corner.get_size()
        thick = max(1, rank_size // 11)
        pygame.draw.rect(corner, ink, (cw // 6, ch - thick - max(1, ch // 12), cw - cw // 3, thick))
    surf.blit(corner, (max(3, w // 14), band_h * 2))
    small = suit_symbol(suit, max(10, int(w * 0.22)), with_letter=False)
    surf.blit(small, (max(3, w // 14) + (corner.get_width() - small.get_width()) // 2,
                      band_h * 2 + corner.get_height()))
    big = suit_symbol(suit, int(min(w, h) * 0.46))
    surf.blit(big, big.get_rect(center=(w * 0.55, h * 0.54)))
    flipped = pygame.transform.rotate(corner, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - max(3, w // 14), h - band_h * 2)))
    return _ready(surf)


@lru_cache(maxsize=128)
def card_back(size: tuple = (90, 126), suit: str | None = None) -> pygame.Surface:
    """A face-down card. With ``suit`` the back shows that suit (Chasing Shadows' backs do)."""
    w, h = size
    colour = style.CARD_BACK if suit is None else style.mix(style.SUITS[suit]["colour"], (0, 0, 0), 0.55)
    surf, radius = _card_base(size, colour, style.mix(colour, (255, 255, 255), 0.25))
    inset = max(4, w // 12)
    inner = surf.get_rect().inflate(-2 * inset, -2 * inset)
    line = style.mix(colour, (255, 255, 255), 0.18)
    pygame.draw.rect(surf, line, inner, max(1, w // 50), border_radius=max(2, radius - 3))
    # a diagonal hatch: reads as "back" without any art
    step = max(6, w // 8)
    with clipped(surf, inner.inflate(-4, -4)):
        for x in range(-h, w + h, step):
            pygame.draw.line(surf, line, (x, inner.top), (x + h, inner.top + h), 1)
    if suit is not None:
        sym = suit_symbol(suit, int(min(w, h) * 0.55))
        surf.blit(sym, sym.get_rect(center=(w / 2, h / 2)))
    else:
        eye_r = min(w, h) * 0.2
        pygame.draw.ellipse(surf, style.ACCENT, pygame.Rect(0, 0, eye_r * 2.4, eye_r * 1.3).move(
            w / 2 - eye_r * 1.2, h / 2 - eye_r * 0.65), max(1, w // 40))
        pygame.draw.circle(surf, style.ACCENT, (w / 2, h / 2), eye_r * 0.38)
    return _ready(surf)


@lru_cache(maxsize=256)
@_maker
def text_card(title: str, lines: tuple = (), size: tuple = (140, 196),
              accent: Colour | None = None, symbol_kind: str | None = None) -> pygame.Surface:
    """A card with a title bar and wrapped body lines (characters, locations, equipment)."""
    w, h = size
    accent = style.ACCENT if accent is None else accent
    surf, radius = _card_base(size, style.CARD_FACE, style.mix(accent, (0, 0, 0), 0.3))
    bar = pygame.Rect(0, 0, w, max(18, h // 6))
    pygame.draw.rect(surf, accent, bar, border_top_left_radius=radius, border_top_right_radius=radius)
    title_size = max(10, int(bar.height * 0.55))
    # the card keeps its size at every text size, so its words keep theirs (a large view
    # of the card is there to read it bigger)
    ink = (20, 20, 24) if style.luminance(accent) > 0.4 else (255, 255, 255)  # on a light bar: dark
    fitted = art_text(ellipsize(title, title_size, w - 10, True, art=True), title_size, ink, True)
    surf.blit(fitted, fitted.get_rect(center=bar.center))
    y = bar.bottom + max(4, h // 30)
    if symbol_kind:
        sym = symbol(symbol_kind, max(12, w // 5), accent)
        surf.blit(sym, sym.get_rect(midtop=(w / 2, y)))
        y += sym.get_height() + 4
    body = max(9, int(h * 0.065))
    for raw in lines:
        for ln in wrap(str(raw), body, w - 14, art=True):
            if y + body > h - 6:
                break
            surf.blit(art_text(ln, body, style.CARD_INK, False), (7, y))
            y += int(body * 1.25)
    return _ready(surf)


# --- tokens and dice ---------------------------------------------------------------------------

@lru_cache(maxsize=256)
@_maker
def token(letter: str, colour: Colour, diameter: int, ring: Colour | None = None,
          mark: str | None = None) -> pygame.Surface:
    """A round piece: a colour disc with a letter, light rim; ``ring`` marks a selection,
    ``mark`` (a shape's name) is a small badge at the lower right."""
    d = diameter
    surf = _canvas((d, d))
    r = d / 2
    pygame.draw.circle(surf, (0, 0, 0, 90), (r, r + max(1, d // 20)), r - 1)
    pygame.draw.circle(surf, colour, (r, r), r - max(2, d // 14))
    pygame.draw.circle(surf, style.mix(colour, (255, 255, 255), 0.45), (r, r), r - max(2, d // 14),
                       max(1, d // 16))
    light = sum(colour[:3]) > 500
    img = art_text(letter, max(8, int(d * 0.46)), (20, 20, 24) if light else (255, 255, 255), True)
    surf.blit(img, img.get_rect(center=(r, r)))
    if ring:
        pygame.draw.circle(surf, ring, (r, r), r - 1, max(2, d // 12))
    if mark and d >= 22:
        m = max(7, int(d * 0.36))
        badge = symbol(mark, m, (250, 250, 250))
        surf.blit(badge, (d - m, d - m))
    return _ready(surf)


def player_token(seat: int, diameter: int, name: str = "") -> pygame.Surface:
    """Seat ``seat``'s piece: its colour, the first letter of its name (or seat number) and
    the seat's own mark, so two players called Ann and Alex still differ without colour."""
    letter = (name[:1] or str(seat + 1)).upper()
    return token(letter, style.PLAYER_COLOURS[seat % len(style.PLAYER_COLOURS)], diameter,
                 None, style.SEAT_MARKS[seat % len(style.SEAT_MARKS)])


@lru_cache(maxsize=32)
def spy_token(diameter: int) -> pygame.Surface:
    """The Spy: a black hat-and-eye disc with a red rim and an S."""
    d = diameter
    surf = _canvas((d, d))
    r = d / 2
    pygame.draw.circle(surf, (12, 12, 14), (r, r), r - 1)
    pygame.draw.circle(surf, style.DANGER, (r, r), r - 1, max(2, d // 12))
    brim = pygame.Rect(0, 0, d * 0.64, d * 0.08).move(d * 0.18, d * 0.36)
    pygame.draw.rect(surf, style.TEXT, brim, border_radius=2)
    pygame.draw.rect(surf, style.TEXT, (d * 0.32, d * 0.2, d * 0.36, d * 0.17), border_radius=3)
    img = art_text("S", max(8, int(d * 0.36)), style.DANGER, True)
    surf.blit(img, img.get_rect(center=(r, d * 0.66)))
    return _ready(surf)


@lru_cache(maxsize=32)
def agent_token(diameter: int) -> pygame.Surface:
    """The Agent: a gold disc with a dark A and a magnifier ring."""
    return token("A", style.ACCENT, diameter, ring=(255, 240, 200))


@lru_cache(maxsize=64)
def die_face(value: int, sides: int = 6, size: int = 48) -> pygame.Surface:
    """A d6 with pips, or a d4 as a triangle with its number."""
    surf = _canvas((size, size))
    if sides == 4:
        pts = _polygon(size / 2, size * 0.58, size * 0.5, 3)
        pygame.draw.polygon(surf, (214, 96, 70), pts)
        pygame.draw.polygon(surf, (255, 220, 200), pts, max(1, size // 20))
        img = art_text(str(value), max(8, int(size * 0.4)), (255, 255, 255), True)
        surf.blit(img, img.get_rect(center=(size / 2, size * 0.64)))
        return _ready(surf)
    rect = surf.get_rect().inflate(-2, -2)
    rounded_rect(surf, rect, (240, 236, 226), max(3, size // 6), (90, 84, 72), max(1, size // 24))
    pip = max(2, size // 11)
    lo, mid, hi = size * 0.28, size * 0.5, size * 0.72
    where = {
        1: [(mid, mid)],
        2: [(lo, lo), (hi, hi)],
        3: [(lo, lo), (mid, mid), (hi, hi)],
        4: [(lo, lo), (hi, lo), (lo, hi), (hi, hi)],
        5: [(lo, lo), (hi, lo), (mid, mid), (lo, hi), (hi, hi)],
        6: [(lo, lo), (hi, lo), (lo, mid), (hi, mid), (lo, hi), (hi, hi)],
    }
    if value not in where:
        img = art_text(str(value), max(8, int(size * 0.45)), style.CARD_INK, True)
        surf.blit(img, img.get_rect(center=(size / 2, size / 2)))
    for p in where.get(value, []):
        pygame.draw.circle(surf, (28, 28, 32), p, pip)
    return _ready(surf)


# --- highlights ----------------------------------------------------------------------------------

@lru_cache(maxsize=128)
def _glow_frame(size: tuple, colour: Colour, spread: int, radius: int) -> pygame.Surface:
    w, h = size
    surf = _canvas((w + 2 * spread, h + 2 * spread))
    for i in range(spread, 0, -1):
        alpha = int(150 * (1 - i / (spread + 1)) ** 2)
        rect = pygame.Rect(spread - i, spread - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(surf, (*colour[:3], alpha), rect, 2, border_radius=radius + i)
    return _ready(surf)


def glow(size: tuple, colour: Colour | None = None, spread: int = 10, radius: int = 10
         ) -> pygame.Surface:
    """A soft halo for a ``size`` rect; blit it at ``rect.topleft - spread`` under the card."""
    colour = style.ACCENT if colour is None else colour
    return _glow_frame((int(size[0]), int(size[1])), tuple(colour), int(spread), int(radius))


@lru_cache(maxsize=512)
def _dimmed(surface_id: int, surface: pygame.Surface, amount: float) -> pygame.Surface:
    out = surface.copy()
    shade = pygame.Surface(out.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, int(255 * amount)))
    out.blit(shade, (0, 0), special_flags=0)
    # a hatch as well as the shade: "not now" must not be told by tint alone
    w, h = out.get_size()
    step = max(8, w // 6)
    for x in range(-h, w, step):
        pygame.draw.line(out, (0, 0, 0, 110), (x, h), (x + h, 0), max(1, w // 40))
    # keep the card's rounded corners transparent
    mask = pygame.mask.from_surface(surface)
    cut = mask.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    out.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def dimmed(surface: pygame.Surface, amount: float = 0.5) -> pygame.Surface:
    """A darker copy for cards that cannot be played now (cached per surface)."""
    return _dimmed(id(surface), surface, round(amount, 2))


def draw_card(target: pygame.Surface, card: pygame.Surface, pos: tuple, state: str = "normal",
              lift: int = 10) -> pygame.Rect:
    """Blit a card in one of the states "normal", "playable" (lift + glow), "unplayable"
    (dimmed), "selected" (bigger lift + bright glow). Returns the rect it occupies, for hits."""
    rect = card.get_rect(topleft=pos)
    radius = max(4, rect.width // 9)
    if state in ("playable", "selected"):
        rect.y -= lift if state == "playable" else int(lift * 1.8)
        spread = max(6, rect.width // 10)
        colour = style.ACCENT if state == "playable" else style.ACCENT_BRIGHT
        halo = glow(rect.size, colour, spread, radius)
        target.blit(halo, (rect.x - spread, rect.y - spread))
    target.blit(dimmed(card) if state == "unplayable" else card, rect)
    return rect


def fan_positions(count: int, card_w: int, area: pygame.Rect, overlap_min: float = 0.35
                  ) -> list[tuple[int, int]]:
    """Top-left corners for ``count`` cards spread across ``area`` (overlapping if needed)."""
    if count <= 0:
        return []
    natural = card_w * 1.08
    step = min(natural, (area.width - card_w) / max(1, count - 1)) if count > 1 else 0
    step = max(step, card_w * overlap_min)
    total = card_w + step * (count - 1)
    x0 = area.centerx - total / 2
    return [(int(x0 + i * step), area.y) for i in range(count)]


def vertical_gradient(size: tuple, top: Colour, bottom: Colour) -> pygame.Surface:
    return _gradient((int(size[0]), int(size[1])), tuple(top), tuple(bottom))


@lru_cache(maxsize=8)
def _gradient(size: tuple, top: Colour, bottom: Colour) -> pygame.Surface:
    w, h = size
    # 64 steps smoothly scaled up look the same as one per row and cost a tenth
    n = max(2, min(h, 64))
    strip = pygame.Surface((2, n))
    for y in range(n):
        colour = style.mix(top, bottom, y / (n - 1))
        strip.set_at((0, y), colour)
        strip.set_at((1, y), colour)
    surf = pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))
    return surf.convert() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=8)
def vignette(size: tuple, strength: int = 150) -> pygame.Surface:
    """Dark corners, the 'lamp over a table' feel. Built small and scaled up (cheap)."""
    sw, sh = 32, 18   # smoothly scaled up: a finer grid looks no different
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x - sw / 2) / (sw / 2), (y - sh / 2) / (sh / 2)
            d = min(1.0, math.hypot(dx, dy) / 1.35)
            small.set_at((x, y), (0, 0, 0, int(strength * d ** 2.2)))
    surf = pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))
    return _ready(surf)


def table_background(size: tuple, felt: bool = False) -> pygame.Surface:
    """The scene backdrop: a dark gradient (or felt) with a vignette."""
    w, h = int(size[0]), int(size[1])
    return _background((w, h), felt)


@lru_cache(maxsize=4)
def _background(size: tuple, felt: bool) -> pygame.Surface:
    # Gradient and vignette are both smooth: laid together on a small picture and scaled
    # up once, the backdrop costs a third of building each at full size.
    top, bottom = (style.FELT_TOP, style.FELT) if felt else (style.BG_TOP, style.BG_DEEP)
    small_size = (64, 36)
    small = vertical_gradient(small_size, top, bottom).copy()
    small.blit(vignette(small_size), (0, 0))
    surf = pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))
    # Converted only when the window's pixel format differs: in that format already, a
    # convert() is a full-screen copy that costs start-up time and changes nothing.
    display = pygame.display.get_surface()
    if display is not None and (surf.get_bitsize(), surf.get_masks()) != (
            display.get_bitsize(), display.get_masks()):
        surf = surf.convert()
    return surf


def seat_colour(seat: int) -> Colour:
    return style.PLAYER_COLOURS[seat % len(style.PLAYER_COLOURS)]


def row_of(surfaces: Sequence[pygame.Surface], gap: int = 4) -> pygame.Surface:
    """Join small surfaces left to right (e.g. dice, symbols) into one."""
    if not surfaces:
        return _canvas((1, 1))
    w = sum(s.get_width() for s in surfaces) + gap * (len(surfaces) - 1)
    h = max(s.get_height() for s in surfaces)
    out = _canvas((w, h))
    x = 0
    for s in surfaces:
        out.blit(s, (x, (h - s.get_height()) // 2))
        x += s.get_width() + gap
    return out


def clear_caches() -> None:
    """Forget every cached font and surface (they die with pygame.quit())."""
    for value in list(globals().values()):
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


quit_hooks.add(clear_caches)
# Fonts are chosen for the language (Noto Sans JP for Japanese): a new language, new fonts.
# Settings' switch clears them itself; this covers every other change (a new App in the
# same process, a test's language). What is cached here is keyed by its texts, and depends
# on the language only through its fonts and how its lines break: a language with the same
# of both (German after English) keeps them (a cold start of a table's texts and fonts
# costs some 80 ms of CPU).
_made_for = [(font_files(), uses_spaces())]   # (font files, spaces between words) of the caches


def _language_changed(lang: str) -> None:
    script = (font_files(lang), uses_spaces(lang))
    if script != _made_for[0]:
        _made_for[0] = script
        clear_caches()


on_change(_language_changed)
