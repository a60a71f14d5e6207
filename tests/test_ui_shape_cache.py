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


# --- looks of a new width cut from one of another width ------------------------------------------

from pygame_gui.core import ObjectID  # noqa: E402
from pygame_gui.elements import UIButton, UIPanel, UITextEntryLine  # noqa: E402

from game.ui import button_states, shape_cache  # noqa: E402

BORDER = {"left": 1, "right": 1, "top": 1, "bottom": 1}


def look_id(shape, state: str) -> str:
    return SurfaceCache.build_cache_id(
        "rounded_rectangle", shape.containing_rect.size, shape.shadow_width, shape.border_widths,
        shape.theming[f"{state}_border"], shape.theming[f"{state}_bg"], shape.shape_corner_radius)


def drawn_by_pygame_gui(cache, element) -> dict:
    """Each state's look of ``element`` as pygame-gui itself draws it (nothing cut, nothing
    taken from the cache), and how much of each end a cut keeps."""
    shape = element.drawable_shape
    out = {}
    for state in shape.states:
        sid = look_id(shape, state)
        cache.cache_short_term_lookup.pop(sid, None)
        cache.cache_long_term_lookup.pop(sid, None)
        cache.__class__ = SurfaceCache
        try:
            shape.redraw_state(state)
        finally:
            cache.__class__ = FastSurfaceCache
        end = max(shape.shape_corner_radius) + max(shape.border_widths.values()) + shape_cache.END
        kept = cache.cache_short_term_lookup.get(sid)
        # too big for pygame-gui to keep (40000 px or more): the state's own picture, which
        # has nothing over the look (the elements made here have no words)
        look = kept["surface"] if kept is not None else shape.states[state].surface
        out[state] = (look.copy(), end)
    element.kill()
    return out


def pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_cut_look_is_pixel_for_pixel_what_pygame_gui_draws(app):
    """Every look the theme gives buttons, panels and fields, at widths from the narrowest
    cut (MIN_WIDTH, or 16 times the corner) to the window's: the same pixels."""
    app.complete_theme()
    m, cache = app.manager, app.manager.get_theme().shape_cache
    kinds = [
        (44, shape_cache.MIN_WIDTH, lambda r: UIButton(r, "", m)),
        (40, shape_cache.MIN_WIDTH, lambda r: UIButton(r, "", m, object_id=ObjectID("#choice_0", "@choice"))),
        (56, shape_cache.MIN_WIDTH, lambda r: UIButton(r, "", m, object_id=ObjectID("#ready", "@primary"))),
        (32, shape_cache.MIN_WIDTH, lambda r: UIButton(r, "", m, object_id=ObjectID(None, "@compact"))),
        (30, 160, lambda r: UIPanel(r, manager=m)),
        (34, shape_cache.MIN_WIDTH, lambda r: UITextEntryLine(r, m)),
    ]
    checked = 0
    for height, narrowest, make in kinds:
        source = drawn_by_pygame_gui(cache, make(pygame.Rect(0, 0, 200, height)))
        for width in (narrowest, narrowest + 1, narrowest + 41, 333, 588, 1000):
            drawn = drawn_by_pygame_gui(cache, make(pygame.Rect(0, 0, width, height)))
            for state, (look, end) in drawn.items():
                assert pixels(shape_cache._cut(source[state][0], width, end)) == pixels(look), \
                    (height, width, state)
                checked += 1
    assert checked >= 6 * 6 + 4 * 6 * 4    # a panel has one state, a field three, a button five


def test_a_button_of_a_new_width_is_cut_and_looks_as_drawn(app):
    app.complete_theme()
    m, cache = app.manager, app.manager.get_theme().shape_cache
    oid = ObjectID("#choice_0", "@choice")
    first = UIButton(pygame.Rect(0, 0, 300, 47), "First", m, object_id=oid)
    for state in first.drawable_shape.states:
        first.drawable_shape.redraw_state(state)       # every state drawn, as a parked button's
    cuts = cache.cuts
    other = UIButton(pygame.Rect(0, 0, 347, 47), "Other", m, object_id=oid)
    shape = other.drawable_shape
    for state in shape.states:
        if not shape.states[state].generated:
            shape.redraw_state(state)
    assert cache.cuts - cuts == len(shape.states)
    kept = {state: cache._peek(look_id(shape, state)).copy() for state in shape.states}
    fresh = drawn_by_pygame_gui(cache, other)
    assert {s: pixels(k) for s, k in kept.items()} == {s: pixels(f[0]) for s, f in fresh.items()}
    first.kill()


def test_a_look_is_cut_only_from_one_of_the_same_height_corners_border_and_colours():
    cache = FastSurfaceCache()
    gold, grey = pygame.Color(200, 160, 70), pygame.Color(60, 66, 80)
    look = pygame.Surface((300, 40), pygame.SRCALPHA)
    look.fill((10, 20, 30, 255))
    cache.add_surface_to_cache(look, cache.build_cache_id("rounded_rectangle", (300, 40), 0, BORDER, gold,
                                                          grey, [6] * 4))

    def cut(size=(333, 40), shadow=0, border=BORDER, edge=gold, bg=grey, radius=(6, 6, 6, 6)):
        return cache.find_surface_in_cache(cache.build_cache_id("rounded_rectangle", size, shadow, border,
                                                                edge, bg, list(radius)))

    assert cut() is not None and cut().get_size() == (333, 40)
    assert cut(size=(2000, 40)).get_size() == (2000, 40)     # too big to keep: cut, not cached
    assert cut(size=(333, 41)) is None                     # another height
    assert cut(shadow=2) is None
    assert cut(border={**BORDER, "left": 2}) is None
    assert cut(border={k: 0 for k in BORDER}) is None       # no border: not checked, drawn
    assert cut(edge=grey) is None
    assert cut(bg=gold) is None
    assert cut(radius=(5, 5, 5, 5)) is None
    assert cut(size=(shape_cache.MIN_WIDTH - 1, 40)) is None   # too narrow to be cut exactly
    assert cache.find_surface_in_cache(cache.build_cache_id("rectangle", (333, 40), 0, BORDER, gold, grey,
                                                            None)) is None


def test_looks_drawn_ahead_in_pieces_are_pixel_for_pixel_pygame_guis(app):
    """``looks_ahead`` draws what pygame-gui would, narrow looks (never cut) included; a
    button made after it finds every state's look and draws none."""
    app.complete_theme()
    m, cache = app.manager, app.manager.get_theme().shape_cache
    cases = [(None, None, (61, 33)), ("@choice", "#choice_0", (289, 43)), ("@primary", "#ready", (330, 57)),
             ("@compact", None, (103, 31)), ("@off", None, (40, 40))]
    for cls, oid, size in cases:
        oids = ObjectID(oid, cls)
        drawn = drawn_by_pygame_gui(cache, UIButton(pygame.Rect((0, 0), size), "", m, object_id=oids))
        drawn = {state: look for state, look in drawn.items() if button_states.drawn_ahead(state)}
        probe = UIButton(pygame.Rect((0, 0), size), "", m, object_id=oids)
        looks = {look_id(probe.drawable_shape, state) for state in drawn}   # states may share one
        probe.kill()
        for sid in looks:
            cache.cache_short_term_lookup.pop(sid, None)
            cache.cache_long_term_lookup.pop(sid, None)
        pieces = sum(1 for _ in shape_cache.looks_ahead(m, None, cls, oid, size))
        assert pieces >= 4 * len(looks)       # in pieces, not one go
        made = UIButton(pygame.Rect((0, 0), size), "", m, object_id=oids)
        for state, (look, _end) in drawn.items():
            sid = look_id(made.drawable_shape, state)
            assert pixels(cache._peek(sid)) == pixels(look), (cls, size, state)
        made.kill()


def test_a_wide_look_drawn_ahead_goes_a_band_of_rows_a_piece(app):
    """The widest look drawn ahead (just under the 40,000 px kept) is worked on at four
    times its size, 627,200 px: no piece of it does more than one pass over that (an
    allocation, a copy, one of the two scalings), the blends and the white shape go
    ``BAND`` pixels a piece, and the look is still pygame-gui's, pixel for pixel. (Drawn
    in five pieces, one of a wide look ran 28 ms in a curtain's frame.)"""
    app.complete_theme()
    m, cache = app.manager, app.manager.get_theme().shape_cache
    oids, size = ObjectID("#ready", "@primary"), (700, 56)
    drawn = drawn_by_pygame_gui(cache, UIButton(pygame.Rect((0, 0), size), "", m, object_id=oids))
    drawn = {state: look for state, look in drawn.items() if button_states.drawn_ahead(state)}
    probe = UIButton(pygame.Rect((0, 0), size), "", m, object_id=oids)
    looks = {look_id(probe.drawable_shape, state) for state in drawn}
    probe.kill()
    for sid in looks:
        cache.cache_short_term_lookup.pop(sid, None)
        cache.cache_long_term_lookup.pop(sid, None)
    cache._family_of()
    cache._widths.clear()       # no look of another width to cut it from: drawn ahead
    whole = size[0] * size[1] * shape_cache.AA ** 2
    shape_cache.work = []
    try:
        pieces = sum(1 for _ in shape_cache.looks_ahead(m, None, "@primary", "#ready", size))
        work = [n for n in shape_cache.work if n]
    finally:
        shape_cache.work = None
    assert max(work) <= whole
    # whole passes, at most 6 a look: three new surfaces, a copy and the two scalings
    big = [n for n in work if n > 2 * shape_cache.BAND]
    assert len(big) <= 6 * len(looks)
    assert sum(work) >= 8 * whole * len(looks)      # (so most of it went in bands)
    assert pieces >= 3 * whole // shape_cache.BAND * len(looks)
    made = UIButton(pygame.Rect((0, 0), size), "", m, object_id=oids)
    for state, (look, _end) in drawn.items():
        assert pixels(cache._peek(look_id(made.drawable_shape, state))) == pixels(look), state
    made.kill()


def test_the_cache_gets_its_room_while_the_menu_is_read(app):
    """pygame-gui adds a 4 MB cache surface when one fills, in whatever frame that is: the
    app adds them all in the menu's frames instead, and the cache never adds one later."""
    from ui_helpers import step

    cache = app.manager.get_theme().shape_cache
    step(app, 6)
    assert len(cache.cache_surfaces) == shape_cache.ROOM_SURFACES
    assert not app.ahead.pending("shape cache room")
    before = list(cache.cache_surfaces)
    cache._expand_lt_cache()                # full now: pygame-gui only notes it is low on room
    assert cache.cache_surfaces == before and cache.low_on_space
