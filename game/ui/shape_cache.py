"""pygame-gui's cache of widget shapes: its free-space clean-up done in C, and a button's
look at a new width cut from one of another width.

pygame-gui moves one newly drawn shape (a button's look in a state) into its long-term
cache surfaces each frame (``SurfaceCache.update``, from ``UIManager.update``), and then
drops every free rectangle that lies inside another by comparing each with each in Python:
with the 100-300 free rectangles a table's buttons leave, that was 0.5-3 ms of the frames
after a rebuild made new buttons. ``FastSurfaceCache`` keeps the same rectangles in the
same order; it only asks pygame's ``collidelistall`` for the few that can contain one.

A rounded button with a border is drawn at four times its size and scaled down (pygame-gui's
anti-aliasing): 1-5 ms for each of its five states, for every new width (a hand-off's
"I am Alice: show my turn" is as wide as its words, a choice as wide as its label), and
those were the slowest pieces of the frames at a turn's change and of a game's opening.
Such a look is the same from left to right between its two rounded ends: each column of
the middle is the one beside the left end. So a look of a width not drawn yet is cut from
one of the same height, border, corners and colours: its two ends, and the middle column
stretched between them (``_cut``). That is pixel for pixel what pygame-gui draws, for
widths of ``MIN_WIDTH`` or more (checked once at every width up to 1024 for the theme's
buttons, panels and fields; tests/test_ui_shape_cache.py compares a sample of them); looks
narrower, or with a shadow, a gradient or no border, are drawn by pygame-gui as before.
"""

from __future__ import annotations

import pygame
from pygame_gui.core.surface_cache import SurfaceCache

from game.ui import button_states, draw

# Widths from which a cut look equals pygame-gui's drawing: narrower, its scaled corners
# differ by a shade (below about 60 px with corners of 6 px, 138 px with corners of 10).
# Checked at every width from here to 1024 for the theme's buttons, panels and fields.
MIN_WIDTH = 96
MIN_PER_RADIUS = 16   # and at least this many times the corner's radius
END = 6     # pixels kept of each end beyond its rounded corner and border
LOOKS = 8   # widths kept per family to cut from (any one will do)
KEPT_AREA = 40000   # pygame-gui caches only looks smaller than this (px)


class FastSurfaceCache(SurfaceCache):
    _families: dict      # cache id -> (family, width) for looks that can be cut
    _widths: dict        # family -> {width: cache id} of looks drawn (or cut) so far
    cuts = 0             # looks cut instead of drawn (the tests count them)

    @staticmethod
    def _clean_up_lt_cache(cache_surface, free_space_rectangles) -> None:
        rects = free_space_rectangles
        kept = []
        for rect in rects:
            # a rectangle that contains this one (both have an area) overlaps it
            inside = any(rects[i] != rect and rects[i].contains(rect)
                         for i in rect.collidelistall(rects))
            if not inside:
                kept.append(rect)
        cache_surface["free_space_rectangles"] = kept

    def build_cache_id(self, shape, size, shadow_width, border_widths, border_colour, bg_colour,
                       corner_radius=None) -> str:
        string_id = SurfaceCache.build_cache_id(shape, size, shadow_width, border_widths,
                                                border_colour, bg_colour, corner_radius)
        if (shape == "rounded_rectangle" and shadow_width == 0 and corner_radius is not None
                and min(border_widths.values()) > 0     # (the looks checked all have a border)
                and isinstance(border_colour, pygame.Color) and isinstance(bg_colour, pygame.Color)
                and size[0] >= max(MIN_WIDTH, MIN_PER_RADIUS * max(corner_radius))):
            # the same id without its width: every look that differs only in width
            family = SurfaceCache.build_cache_id(shape, (0, size[1]), shadow_width, border_widths,
                                                 border_colour, bg_colour, corner_radius)
            end = max(corner_radius) + max(border_widths.values()) + END
            if size[0] > 2 * end:
                self._family_of()[string_id] = (family, size[0], end)
        return string_id

    def _family_of(self) -> dict:
        if "_families" not in self.__dict__:
            self._families, self._widths = {}, {}
        return self._families

    def add_surface_to_cache(self, surface, string_id: str) -> None:
        super().add_surface_to_cache(surface, string_id)
        known = self._family_of().get(string_id)
        if known is not None:
            widths = self._widths.setdefault(known[0], {})
            widths[known[1]] = string_id
            while len(widths) > LOOKS:
                del widths[next(iter(widths))]

    def find_surface_in_cache(self, lookup_id: str):
        found = super().find_surface_in_cache(lookup_id)
        if found is not None:
            return found
        known = self._family_of().get(lookup_id)
        if known is None:
            return None
        family, width, end = known
        source = None
        for other, other_id in list(self._widths.get(family, {}).items()):
            source = self._peek(other_id)
            if source is not None:
                break
            del self._widths[family][other]    # purged from pygame-gui's cache meanwhile
        if source is None:
            return None
        look = _cut(source, width, end)
        self.cuts += 1
        if width * look.get_height() >= KEPT_AREA or width > self.cache_surface_size[0]:
            return look     # pygame-gui keeps no look this big either: cut again if asked
        self.add_surface_to_cache(look, lookup_id)
        return super().find_surface_in_cache(lookup_id)

    def at_hand(self, string_id: str) -> bool:
        """The look is in the cache, or cut into it now (no use counted)."""
        if self._peek(string_id) is not None:
            return True
        known = self._family_of().get(string_id)
        if known is None or not self._widths.get(known[0]):
            return False
        return self.find_surface_in_cache(string_id) is not None

    def _peek(self, string_id: str):
        """The cached look, without counting a use (pygame-gui purges by its uses)."""
        item = self.cache_short_term_lookup.get(string_id) or self.cache_long_term_lookup.get(string_id)
        return None if item is None else item["surface"]


def _cut(source: pygame.Surface, width: int, end: int) -> pygame.Surface:
    """``source``'s look at ``width``: both ends as they are, the column beside the left
    end stretched between them. Copied exactly (added onto nothing: no blending)."""
    sw, h = source.get_size()
    out = pygame.Surface((width, h), pygame.SRCALPHA, 32)
    add = pygame.BLEND_RGBA_ADD
    out.blit(source, (0, 0), pygame.Rect(0, 0, end, h), special_flags=add)
    middle = pygame.transform.scale(source.subsurface(pygame.Rect(end, 0, 1, h)), (width - 2 * end, h))
    out.blit(middle, (end, 0), special_flags=add)
    out.blit(source, (width - end, 0), pygame.Rect(sw - end, 0, end, h), special_flags=add)
    return out


ROOM_SURFACES = 3   # pygame-gui's most long-term cache surfaces (``_expand_lt_cache``)


def make_room(manager):
    """Pieces (a generator) that give ``manager``'s shape cache all its long-term surfaces
    now, one a piece (a 4 MB surface made and cleared: 2-13 ms), rather than in the frame
    that first fills one. The same surfaces pygame-gui would add, in the same order."""
    cache = manager.get_theme().shape_cache
    while len(cache.cache_surfaces) < ROOM_SURFACES:
        yield
        if cache is not manager.get_theme().shape_cache or len(cache.cache_surfaces) >= ROOM_SURFACES:
            return
        cache._expand_lt_cache()


def install(manager) -> None:
    """``manager``'s shape cache cleans up as ``FastSurfaceCache`` and cuts new widths (the
    same object and contents: shapes already made keep using it)."""
    cache = manager.get_theme().shape_cache
    if type(cache) is SurfaceCache:
        cache.__class__ = FastSurfaceCache


# --- a look drawn ahead in pieces ----------------------------------------------------------------
# A height, corner or colour not seen yet cannot be cut: pygame-gui draws that look whole in
# one go (each state of a 330x56 button at four times its size, 3-6 ms: one piece of work
# ahead that took a frame). ``looks_ahead`` draws the looks a button will ask for, the same
# steps as pygame-gui's ``RoundedRectangleShape.redraw_state`` in the same order, a yield
# between them (about a millisecond each), and leaves them in the cache where the button
# then finds them. tests/test_ui_shape_cache.py compares them with pygame-gui's.

AA = 4      # pygame-gui's anti-aliasing: drawn at four times the size, scaled down
PROBE = 24  # a probe button this size shows a class's theming (corners up to 12 px unclamped)


def looks_ahead(manager, container, cls: str | None, object_id: str | None, size: tuple):
    """Pieces (a generator) that put in ``manager``'s shape cache each state's look of a
    button of ``size``, class ``cls`` and id ``object_id`` that it can neither find nor cut.
    Looks with a shadow or a gradient, or too big to be kept, are left to pygame-gui."""
    from pygame_gui.core import ObjectID
    from pygame_gui.core.drawable_shapes import RoundedRectangleShape
    from pygame_gui.elements import UIButton

    cache = manager.get_theme().shape_cache
    w, h = size
    if not isinstance(cache, FastSurfaceCache) or w * h >= KEPT_AREA or max(w, h) > 1024 or min(w, h) < 2:
        return
    probe = UIButton(pygame.Rect(-4 * PROBE, -4 * PROBE, PROBE, PROBE), "", manager, container=container,
                     object_id=ObjectID(class_id=cls, object_id=object_id or None))
    shape = probe.drawable_shape
    theming = dict(shape.theming)
    states = [name for name in shape.states if button_states.drawn_ahead(name)]
    borders, shadow = dict(shape.border_widths), shape.shadow_width
    radii = list(theming.get("shape_corner_radius", [0] * 4))
    probe.kill()
    yield       # (the probe is a button made: the one it stands for is made a step later)
    if (not isinstance(shape, RoundedRectangleShape) or shadow or "filled_bar" in theming
            or "filled_bar_width_percentage" in theming or len(set(borders.values())) != 1
            or 2 * borders["left"] > min(w, h)):
        return
    # as the shape clamps them to its size
    radii = [max(0, int(min(w / 2, h / 2)) if r > min(w / 2, h / 2) else r) for r in radii]
    for state in states:
        border, bg = theming.get(f"{state}_border"), theming.get(f"{state}_bg")
        if not (isinstance(border, pygame.Color) and isinstance(bg, pygame.Color)):
            continue
        sid = cache.build_cache_id("rounded_rectangle", (w, h), 0, borders, border, bg, radii)
        if cache.at_hand(sid):
            continue
        yield
        made: list = []
        yield from look_steps((w, h), borders, radii, border, bg, theming.get("border_overlap", 0), made)
        if not cache.at_hand(sid):
            cache.add_surface_to_cache(made[0], sid)


BAND = 96 * 1024   # pixels of the four-times drawing one piece blends at most (a band of rows)
work: list | None = None   # when a list: the pixels each piece of look_steps worked on (tests)


def _bands(rect: pygame.Rect):
    """``rect`` in bands of whole rows, each of at most ``BAND`` pixels."""
    rows = max(1, BAND // max(rect.width, 1))
    for y in range(rect.top, rect.bottom, rows):
        yield pygame.Rect(rect.left, y, rect.width, min(rows, rect.bottom - y))


def _did(pixels: int) -> None:
    if work is not None:
        work[-1] += pixels


def _piece() -> None:
    if work is not None:
        work.append(0)


def look_steps(size, borders: dict, radii: list, border_colour, bg_colour, overlap: int, out: list):
    """pygame-gui's drawing of a rounded look without shadow (``redraw_state``'s shape,
    before its words), a yield between its steps; the look is appended to ``out``.

    Each step works on the look at four times its size (up to 640,000 pixels): done whole,
    one step of a wide look was a piece of 5-28 ms (a curtain's frame of 30.9 ms, profiled).
    So every step that works pixel by pixel (the white shape, its colouring, the blends)
    goes a band of rows (``BAND`` pixels) a piece: each pixel gets the same operations in
    the same order as in one go, so the look is the same. The two scalings stay whole (a
    band of a scaling is not exactly a part of it), each a piece of its own."""
    w, h = size
    border_rect = pygame.Rect(0, 0, w * AA, h * AA)
    background_rect = pygame.Rect(
        borders["left"] * AA, borders["top"] * AA,
        border_rect.width - (borders["left"] + borders["right"]) * AA,
        border_rect.height - (borders["top"] + borders["bottom"]) * AA)
    scale = min(background_rect.width / max(border_rect.width, 1),
                background_rect.height / max(border_rect.height, 1))
    bg_radii = [int(r * scale) for r in radii]
    _piece()
    aa_surface = pygame.Surface((w * AA, h * AA), flags=pygame.SRCALPHA, depth=32)
    aa_surface.fill(pygame.Color("#00000000"))
    _did(border_rect.width * border_rect.height)
    additive = None     # the shape's white rounded rectangle (pygame-gui's temp_additive_shape)
    if borders["left"] > 0:
        additive = yield from _white_shape_steps(border_rect, radii)
        yield
        _piece()
        shape_surface = additive.copy()
        _did(border_rect.width * border_rect.height)
        yield from _colour_and_blit(aa_surface, shape_surface, border_colour, border_rect.topleft)
    large = _large_radii(background_rect, bg_radii)
    if additive is None:
        shape_surface = yield from _white_shape_steps(background_rect, bg_radii)
    else:
        yield
        _piece()
        shape_surface = pygame.transform.scale(additive, background_rect.size)
        _did(background_rect.width * background_rect.height)
    cut = pygame.Rect(background_rect.x + overlap * AA, background_rect.y + overlap * AA,
                      background_rect.width - 2 * overlap * AA, background_rect.height - 2 * overlap * AA)
    if cut.width > 0 and cut.height > 0:
        hole = yield from _white_shape_steps(pygame.Rect((0, 0), cut.size), [], large, AA // 2)
        for band in _bands(hole.get_rect()):
            yield
            _piece()
            aa_surface.blit(hole, band.move(cut.topleft), band, special_flags=pygame.BLEND_RGBA_SUB)
            _did(band.width * band.height)
    yield from _colour_and_blit(aa_surface, shape_surface, bg_colour, background_rect.topleft)
    yield
    _piece()
    look = pygame.Surface((w, h), flags=pygame.SRCALPHA, depth=32)
    look.blit(pygame.transform.smoothscale(aa_surface, (w, h)), (0, 0),
              special_flags=pygame.BLEND_PREMULTIPLIED)     # (pygame-gui's basic_blit)
    _did(border_rect.width * border_rect.height)
    out.append(look)


def _colour_and_blit(onto: pygame.Surface, shape: pygame.Surface, colour, at: tuple):
    """pygame-gui's ``apply_colour_to_surface(colour, shape)`` then ``basic_blit(onto, shape,
    at)``, a band of rows a piece (both work pixel by pixel)."""
    for band in _bands(shape.get_rect()):
        yield
        _piece()
        tint = pygame.Surface(band.size, flags=pygame.SRCALPHA, depth=32)
        tint.fill(colour)
        shape.blit(tint, band, special_flags=pygame.BLEND_RGBA_MULT)
        onto.blit(shape, band.move(at), band, special_flags=pygame.BLEND_PREMULTIPLIED)
        _did(2 * band.width * band.height)


def _white_shape_steps(rect: pygame.Rect, radii: list, large: list | None = None, offset: int = 0):
    """pygame-gui's white rounded rectangle filling a surface of ``rect``'s size (its
    ``draw_colourless_rounded_rectangle``), drawn a band of rows a piece: the same drawing
    clipped to each band in turn. Returns the surface (``yield from``)."""
    large = _large_radii(rect, radii) if large is None else large
    yield
    _piece()
    surface = pygame.Surface(rect.size, flags=pygame.SRCALPHA, depth=32)
    surface.fill(pygame.Color("#00000000"))
    _did(rect.width * rect.height)
    whole = pygame.Rect((offset, offset), (rect.width - offset, rect.height - offset))
    for band in _bands(surface.get_rect()):
        yield
        _piece()
        with draw.clipped(surface, band):
            pygame.draw.rect(surface, pygame.Color("#FFFFFFFF"), whole,
                             border_top_left_radius=large[0], border_top_right_radius=large[1],
                             border_bottom_left_radius=large[2], border_bottom_right_radius=large[3])
        _did(band.width * band.height)
    return surface


def _large_radii(rect: pygame.Rect, radii: list) -> list:
    half = min(rect.width / 2, rect.height / 2)
    return [max(int(half), 0) * AA if r > half else max(r, 0) * AA for r in radii]
