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
stretched between them (``_cut``). That is pixel for pixel what pygame-gui draws
(tests/test_shape_cache.py compares them at every width of the theme's buttons), for
widths of ``MIN_WIDTH`` or more; narrower ones, and looks with a shadow or a gradient, are
drawn by pygame-gui as before.
"""

from __future__ import annotations

import pygame
from pygame_gui.core.surface_cache import SurfaceCache

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


def install(manager) -> None:
    """``manager``'s shape cache cleans up as ``FastSurfaceCache`` and cuts new widths (the
    same object and contents: shapes already made keep using it)."""
    cache = manager.get_theme().shape_cache
    if type(cache) is SurfaceCache:
        cache.__class__ = FastSurfaceCache
