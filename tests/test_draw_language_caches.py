"""game.ui.draw's caches across a change of language: kept when the new language has the
same fonts and line breaking (German after English), made anew when not (Japanese)."""

import pygame
import pytest

from game import i18n
from game.ui import draw


@pytest.fixture(autouse=True)
def english_after():
    pygame.font.init()
    yield
    i18n.set_language("en")


def test_the_same_fonts_keep_the_drawn_texts_another_script_draws_them_anew():
    i18n.set_language("en")
    word = draw.text("Chasing Shadows", 18)
    lines = draw.wrap("a few words to wrap at a narrow width", 18, 80)
    i18n.set_language("de")
    assert draw.text("Chasing Shadows", 18) is word       # kept: the same Noto Sans
    i18n.set_language("fr")
    i18n.set_language("en")
    assert draw.text("Chasing Shadows", 18) is word
    i18n.set_language("ja")
    in_japanese = draw.text("Chasing Shadows", 18)
    assert in_japanese is not word                        # Noto Sans JP draws it now
    assert "JP" in draw._noto_path(False)
    # Japanese breaks between any two characters: the same words wrap anew, and back in
    # English they wrap as before
    i18n.set_language("en")
    assert "JP" not in draw._noto_path(False)
    again = draw.text("Chasing Shadows", 18)
    assert again is not in_japanese
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(word, "RGBA")
    assert draw.wrap("a few words to wrap at a narrow width", 18, 80) == lines
