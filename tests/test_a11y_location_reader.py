"""Issue 44: every Location's ability can be read whole at every text size. In large
text a Location card cuts its words; the Location under the mouse or named by its number
key is then shown whole beside the grid (game.ui.harsh.reader). By posted keys only."""

from __future__ import annotations

import pygame
import pytest
from harsh_ui_driver import start_harsh
from test_a11y_focus import press
from ui_helpers import drawn_texts, make_app, step

from game.i18n import _
from game.ui.harsh import reader

pytestmark = pytest.mark.animation_speed("off")

SIZES = [(150, (1280, 720)), (200, (1920, 1080)), (200, (1024, 640)), (100, (1024, 640))]


@pytest.mark.parametrize("text,size", SIZES, ids=[f"{t}pc-{w}x{h}" for t, (w, h) in SIZES])
def test_every_location_reads_whole_by_its_number_key(text, size, monkeypatch):
    from game.storage.settings import Settings, save_settings

    save_settings(Settings(text_size=text, window_size=size))
    app = make_app(size)
    app.settings.animation_speed = "off"
    try:
        table = start_harsh(app, seed=11)
        grid = table.view()["grid"]
        moves = {a.args[0] for a in table.actions() if a.kind == "move"}
        cut = 0
        for p in range(9):
            if p in moves and p == table.key_cell_now():
                continue            # pressed twice it would move there
            texts = drawn_texts(monkeypatch)
            press(app, getattr(pygame, f"K_{p + 1}"), frames=8)
            assert table.view()["phase"] == "move"
            if not reader.cut_on_card(table, p):
                continue
            cut += 1
            assert table.reader_shown is not None and table.reader_shown[0] == p
            shown = " ".join(texts)
            g = grid[p]
            whole = [_(g["location"])]
            if not g["face_down"] and g["ability_enabled"]:
                whole += [_(g["ability_name"]), _(g["ability_text"])]
            for words in whole:
                for w in words.split():
                    assert w in shown, f"{w!r} of {words!r} is not drawn"
            r = table.reader_shown[1]
            assert pygame.Rect(0, 0, *size).contains(r)
            assert not r.colliderect(table.lay.grid)        # beside the grid, no card under it
            monkeypatch.undo()
        if text > 100:
            assert cut, "no card cut its words: the reader was not tried"
    finally:
        app.quit()


def test_a_location_card_that_holds_its_words_needs_no_reader(app):
    table = start_harsh(app, seed=11)       # 100 %, 1280x720
    step(app, 3)
    holds = [p for p in range(9) if not reader.cut_on_card(table, p)]
    for p in holds:
        press(app, getattr(pygame, f"K_{p + 1}"), frames=4)
        assert table.reader_shown is None


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ja"])
def test_every_ability_button_label_is_whole_at_100pc_1024x640(lang):
    """The ability button is named after the Location's ability: every one fits whole in
    the smallest window ("Lost in the crowd" was "Lost in the cro…")."""
    from game import i18n
    from game.rules.harsh.data import LOCATIONS
    from game.storage.settings import Settings, save_settings

    save_settings(Settings(text_size=100, window_size=(1024, 640), language=lang))
    app = make_app((1024, 640))
    app.settings.animation_speed = "off"
    try:
        i18n.set_language(lang)
        table = start_harsh(app, seed=11)
        m = table.metrics
        bh = table.buttons["clues"].rect.height
        for loc in LOCATIONS:
            label, _two = table.action_label(m, loc[4], table.button_w, bh)
            assert "…" not in label, label
    finally:
        app.quit()
        i18n.set_language("en")


def test_harsh_log_and_hint_take_turns_in_large_text(monkeypatch):
    """At 200 % and 1920x1080 the log had about one line and the hint two: now they share
    one place, the log showing several lines, the hint taking it once asked for (H) and
    giving it back to the log at the next decision."""
    from game.storage.settings import Settings, save_settings
    from game.ui import draw

    save_settings(Settings(text_size=200, window_size=(1920, 1080)))
    app = make_app((1920, 1080))
    app.settings.animation_speed = "off"
    try:
        table = start_harsh(app, seed=11)
        lay = table.lay
        line = draw.font(table.metrics.px(13)).get_linesize()
        assert lay.log.height >= 4 * line, (lay.log.height, line)    # its title and three lines
        assert table.log_in_view() and not table.hint_in_view()
        drawn = []
        real = table.log_panel.draw
        monkeypatch.setattr(table.log_panel, "draw", lambda s: (drawn.append("log"), real(s)))
        press(app, pygame.K_h, frames=2)
        assert table.hint_in_view() and not table.log_in_view()
        move = sorted((a for a in table.actions() if a.kind == "move"), key=lambda a: a.args[0])[0]
        table.hints.forget()
        table.choose(move)
        step(app, 8)
        assert table.log_in_view() and not table.hint_in_view()
        assert drawn, "the log was not drawn"
    finally:
        app.quit()
