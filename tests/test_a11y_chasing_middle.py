"""Issue 44: the middle of the Chasing table in large text (200 % at 1024x640, and the
label-fit sizes): the discard pile's caption is whole ("DISCARD 0", not "0") and the
"Round 1 of 3 · trick 1 of 12" line stays inside the table, as the real app draws them."""

from __future__ import annotations

import pytest
from test_a11y_text_size import IDS, LARGE, large_app
from ui_helpers import step

from game.i18n import _
from game.ui import draw

pytestmark = pytest.mark.animation_speed("off")

SIZES = [((1024, 640), 200)] + LARGE


@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize(("size", "text"), SIZES, ids=["200pc-1024x640"] + IDS)
def test_the_discard_caption_and_the_trick_line_are_whole(shadows_home, size, text, players):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    app = large_app(size, text)
    app.settings.animation_speed = "off"
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(x, "computer", "easy")
                                            for x in ("Bo", "Cy", "Di", "Ed")[:players - 1]]
    table = start_game(app, "chasing", seats, 21, {})
    for _i in range(60):
        step(app, 3)
        if app.top is not table and hasattr(app.top, "done"):
            app.top.done()
        if app.top is table and table.acting_seat() == 0 and not table.busy:
            break
    step(app, 5)
    geo, m = table.geo, table.metrics
    pile = len(table.shown()[0]["discard"])
    caption = table.discard_caption_rect
    whole = draw.font(m.px(12), True).size(_("DISCARD {n}", n=pile))
    assert caption.w >= whole[0], "the discard pile's caption lost its word"
    assert geo.table.contains(caption)
    assert not caption.colliderect(geo.spot)
    for plate in geo.plates.values():
        assert not caption.colliderect(plate), (caption, plate)
    info = table.round_info_rect
    assert info.right <= geo.table.right - m.px(8), (info, geo.table)
    assert geo.table.contains(info)
