"""Text drawn while the first screen is up shares one face per weight (a new pygame Font
costs about 0.7 ms on its first text); after it every size has a Font of its own (one face
switched between sizes throws its glyphs away). Both give the very same pixels."""

import pygame
import pytest

from game.ui import draw


@pytest.fixture(autouse=True)
def fonts(monkeypatch):
    pygame.font.init()
    draw.clear_caches()
    yield
    draw.clear_caches()


@pytest.mark.parametrize("sharing", [True, False])
@pytest.mark.parametrize("bold", [False, True])
def test_every_size_renders_and_measures_as_a_font_of_its_own(monkeypatch, bold, sharing):
    monkeypatch.setattr(draw, "_sharing", [sharing])
    path = draw._noto_path(bold)
    words = ("Shadows Tabletop", "Reveal yourself (Werewolf) and counterattack Alice", "0–9 · Hg")
    for size in (8, 11, 13, 16, 22, 31, 56, 13, 9):
        own = pygame.font.Font(path, size)
        ours = draw.font(size, bold)
        for w in words:
            a, b = own.render(w, True, (240, 220, 160)), ours.render(w, True, (240, 220, 160))
            assert a.get_size() == b.get_size()
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
            assert own.size(w) == ours.size(w)
        assert own.get_linesize() == ours.get_linesize()
        assert own.get_ascent() == ours.get_ascent()


def test_the_first_screen_shares_one_face_and_later_each_size_has_its_own(monkeypatch):
    monkeypatch.setattr(draw, "_sharing", [True])
    small, big = draw.font(12), draw.font(40)
    assert small.face is big.face
    w_small = small.size("Chasing Shadows")[0]
    assert big.size("Chasing Shadows")[0] > w_small == small.size("Chasing Shadows")[0]
    draw.fonts_settle()
    assert small.face is not big.face
    assert small.face is small.face                  # opened once, then kept
    assert small.size("Chasing Shadows")[0] == w_small


def test_the_app_settles_its_fonts_once_the_menu_is_shown(shadows_home, monkeypatch):
    from ui_helpers import make_app, step

    monkeypatch.setattr(draw, "_sharing", [True])
    app = make_app()
    try:
        step(app)
        assert draw._sharing[0]
        step(app, 2)
        assert not draw._sharing[0]
    finally:
        app.quit()


def test_a_measured_text_is_kept_and_the_kept_texts_stay_few(monkeypatch):
    """A frame measures the same texts again and again (wrapping, fitting): each size keeps
    what it measured, up to SIZES_KEPT texts, then starts again (a long game's log lines
    must not grow it for ever)."""
    monkeypatch.setattr(draw, "SIZES_KEPT", 3)
    f = draw.font(17)
    assert f.size("Alice") == f.face.size("Alice")
    assert f.sizes == {"Alice": f.face.size("Alice")}
    for i in range(7):
        assert f.size(f"line {i}") == f.face.size(f"line {i}")
        assert 1 <= len(f.sizes) <= 3
    assert f.size("Alice") == f.face.size("Alice")
