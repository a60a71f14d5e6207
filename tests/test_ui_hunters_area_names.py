"""An Area's name under its band: whole, on two lines when one line would cut it ("Porte de
l'Outremonde" was "Porte de l'Outremo…" at 1024x640) or shrink it well below the others,
but only where the action's words below still fit whole above the pieces."""

from __future__ import annotations

from unittest import mock

import pytest

from game import i18n
from game.ui import draw
from game.ui.hunters import look

SMALL = (110, 138)      # an Area at 1024x640 with five players
LARGE = (138, 176)      # an Area at 1280x720


def title_lines(name: str, size: tuple, rest_fits=lambda s, n: True):
    w, h = size
    band = look.area_band(w, h, False)
    return look.area_title_lines(i18n._(name), w, h, h - band.bottom - 3, 9, rest_fits)


@pytest.fixture
def french(app):
    i18n.set_language("fr")
    yield
    i18n.set_language("en")
    look.area_card.cache_clear()        # no French card left for a later test


def test_a_long_french_name_goes_on_two_whole_lines_instead_of_being_cut(french):
    size, lines = title_lines("Underworld Gate", SMALL)
    assert lines == ["Porte de", "l'Outremonde"]
    assert all(draw.font(size, True).size(ln)[0] <= SMALL[0] - 10 for ln in lines)
    assert all("…" not in ln for ln in lines)


def test_where_the_action_would_no_longer_fit_the_name_stays_on_one_line(french):
    size, lines = title_lines("Underworld Gate", SMALL, rest_fits=lambda s, n: n == 1)
    assert len(lines) == 1 and lines[0].endswith("…")     # cut, as before, rather than the action


def test_names_that_fit_on_one_line_keep_it(app):
    for name in ("Weird Woods", "Church", "Cemetery", "Erstwhile Altar", "Hermit's Cabin"):
        size, lines = title_lines(name, LARGE)
        assert lines == [name], name


def test_the_card_draws_the_two_lines(french):
    texts = []
    real = draw.blit_text

    def seen(surface, text, *a, **kw):
        texts.append(text)
        return real(surface, text, *a, **kw)

    look.area_card.cache_clear()        # drawn afresh, in French
    with mock.patch.object(draw, "blit_text", seen):
        assert look.area_card("Underworld Gate", SMALL).get_size() == SMALL
    assert "Porte de" in texts and "l'Outremonde" in texts
    assert not any(t.endswith("…") for t in texts)
