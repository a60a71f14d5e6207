"""pygame-gui's cache of widget shapes, with its free-space clean-up done in C.

pygame-gui moves one newly drawn shape (a button's look in a state) into its long-term
cache surfaces each frame (``SurfaceCache.update``, from ``UIManager.update``), and then
drops every free rectangle that lies inside another by comparing each with each in Python:
with the 100-300 free rectangles a table's buttons leave, that was 0.5-3 ms of the frames
after a rebuild made new buttons. ``FastSurfaceCache`` keeps the same rectangles in the
same order; it only asks pygame's ``collidelistall`` for the few that can contain one.
"""

from __future__ import annotations

from pygame_gui.core.surface_cache import SurfaceCache


class FastSurfaceCache(SurfaceCache):
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


def install(manager) -> None:
    """``manager``'s shape cache cleans up as ``FastSurfaceCache`` (the same object and
    contents: shapes already made keep using it)."""
    cache = manager.get_theme().shape_cache
    if type(cache) is SurfaceCache:
        cache.__class__ = FastSurfaceCache
