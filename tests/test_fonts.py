"""Text drawn through one shared face per weight comes out exactly as from a pygame Font of
its own size (the shared face spares the first-render cost of each new Font)."""

import pygame
import pytest

from game.ui import draw


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    draw.clear_caches()


@pytest.mark.parametrize("bold", [False, True])
def test_every_size_renders_and_measures_as_a_font_of_its_own(bold):
    path = draw._noto_path(bold)
    words = ("Shadows Tabletop", "Reveal yourself (Werewolf) and counterattack Alice", "0–9 · Hg")
    for size in (8, 11, 13, 16, 22, 31, 56, 13, 9):
        own = pygame.font.Font(path, size)
        shared = draw.font(size, bold)
        for w in words:
            a, b = own.render(w, True, (240, 220, 160)), shared.render(w, True, (240, 220, 160))
            assert a.get_size() == b.get_size()
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")
            assert own.size(w) == shared.size(w)
        assert own.get_linesize() == shared.get_linesize()
        assert own.get_ascent() == shared.get_ascent()


def test_fonts_held_at_once_keep_their_own_sizes():
    small, big = draw.font(12), draw.font(40)
    assert small.face is big.face                       # one face serves every size
    w_small = small.size("Chasing Shadows")[0]
    w_big = big.size("Chasing Shadows")[0]
    assert small.size("Chasing Shadows")[0] == w_small < w_big
    assert small.render("x", True, (255, 255, 255)).get_height() < big.get_height()
