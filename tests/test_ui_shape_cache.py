"""pygame-gui's shape cache with the free-space clean-up in C (game.ui.shape_cache): the
same free rectangles, in the same order, as pygame-gui's own, and the app's managers use it."""

import random

import pygame
from pygame_gui.core.surface_cache import SurfaceCache

from game.ui.shape_cache import FastSurfaceCache


def packed(cache_cls, sizes):
    """Free rectangles after each shape of ``sizes`` is moved into the long-term cache."""
    cache = cache_cls()
    seen = []
    for i, size in enumerate(sizes):
        surface = pygame.Surface(size, pygame.SRCALPHA)
        cache.add_surface_to_cache(surface, f"shape {i}")
        cache.update()
        seen.append([[tuple(r) for r in c["free_space_rectangles"]] for c in cache.cache_surfaces])
    return seen


def test_the_fast_clean_up_keeps_the_same_free_rectangles_in_the_same_order():
    rng = random.Random(37)
    for _ in range(3):
        sizes = [(rng.randrange(8, 300), rng.randrange(8, 90)) for _ in range(120)]
        assert packed(FastSurfaceCache, sizes) == packed(SurfaceCache, sizes)
    # nested and equal rectangles, as buttons of one size leave them
    equal = [(200, 40)] * 60 + [(100, 40)] * 30 + [(1024, 20)]
    assert packed(FastSurfaceCache, equal) == packed(SurfaceCache, equal)


def test_the_apps_managers_clean_up_with_it(app):
    assert type(app.manager.get_theme().shape_cache) is FastSurfaceCache
