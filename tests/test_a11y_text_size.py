"""Issue 44: Settings → Text size. Every font grows, the rows and buttons that hold a line
grow with it, and the label-fit tests of the tables and menus run again at 150 % in a
1280x720 window and at 200 % in a 1920x1080 one (the same test code, in a larger text)."""

from __future__ import annotations

import importlib
import inspect

import pygame
import pytest
from ui_helpers import make_app, step

from game.ui import draw, palette, style

LARGE = [((1280, 720), 150), ((1920, 1080), 200)]
IDS = ["150pc-1280x720", "200pc-1920x1080"]

# (test module, test function, extra arguments): the label-fit tests, each run as it is
FIT_TESTS = [
    ("test_ui_shell", "test_every_menu_scene_fits_the_window_without_overlaps", {}),
    ("test_ui_chasing_screens", "test_table_sheets_round_end_and_results_fit", {}),
    ("test_ui_harsh_layout", "test_the_table_and_its_bomb_dialog_fit_the_window", {}),
    ("test_ui_harsh_layout", "test_the_status_lines_read_whole", {}),
    ("test_ui_harsh_layout", "test_the_known_top_of_the_deck_reads_whole_beside_the_collection",
     {"held": 10}),
    ("test_ui_harsh_layout", "test_a_face_down_location_says_why_in_full", {}),
    ("test_ui_harsh_layout", "test_a_toast_never_covers_the_locations", {}),
    ("test_ui_harsh_layout", "test_the_top_bar_says_every_phase_in_full", {}),
    ("test_ui_harsh_readable", "test_the_column_heads_read_whole", {}),
    ("test_ui_harsh_readable", "test_the_use_clues_dialog_leaves_the_case_files_in_view", {}),
]


@pytest.fixture(autouse=True)
def normal_text_after():
    yield
    palette.apply("default", 100)


def large_app(size, text: int):
    """The app as a player who chose ``text`` % finds it on its next start."""
    from game.storage.settings import Settings, save_settings

    save_settings(Settings(text_size=text, window_size=size))
    app = make_app(size=size)
    assert palette.current()[1] == text and style.TEXT_SCALE == text / 100
    step(app, 2)
    return app


def test_every_font_and_the_theme_grow_with_the_setting():
    pygame.font.init()
    palette.apply("default", 100)
    base_h = draw.font(18).get_height()
    base_theme = int(style.scaled_theme(1.0)["button"]["font"]["size"])
    m = style.Metrics.for_size(1280, 720)
    base_button = m.button_h
    palette.apply("default", 200)
    assert draw.font(18).get_height() >= 1.9 * base_h
    assert int(style.scaled_theme(1.0)["button"]["font"]["size"]) == 2 * base_theme
    m = style.Metrics.for_size(1280, 720)
    assert m.button_h > base_button and m.button_h >= draw.font(m.px(style.FONT_BODY)).get_linesize()
    # a card's rank and a token's initial belong to the piece: they keep its size
    assert draw.art_text("7", 20, (0, 0, 0)).get_height() < draw.text("7", 20).get_height()


@pytest.mark.parametrize(("module", "name", "extra"), FIT_TESTS,
                         ids=[f"{n}" for _, n, _ in FIT_TESTS])
@pytest.mark.parametrize(("size", "text"), LARGE, ids=IDS)
def test_the_fit_tests_pass_in_large_text(shadows_home, monkeypatch, module, name, extra,
                                          size, text):
    test = getattr(importlib.import_module(module), name)
    app = large_app(size, text)
    app.settings.animation_speed = "off"
    try:
        given = {"app": app, "size": size, "monkeypatch": monkeypatch, **extra}
        test(**{k: given[k] for k in inspect.signature(test).parameters})
    finally:
        app.quit()


@pytest.mark.parametrize("focus", [False, True], ids=["plain", "beside-a-card"])
@pytest.mark.parametrize(("size", "text"), LARGE, ids=IDS)
def test_hunters_choice_labels_in_large_text(size, text, focus):
    """The label-fit test of Shadow Hunters' choices at the large sizes: in large text a
    choice button holds two lines (game.ui.words), and every label fits one, as at 100 %
    (tests/test_ui_hunters_labels.py)."""
    from hunters_labels import engine_labels
    from test_ui_hunters_labels import clipped

    pygame.font.init()
    labels = engine_labels(2000)
    palette.apply("default", text)
    cut = clipped(size, labels, focus)
    assert cut == [], f"{len(cut)} of {len(labels)} labels cut at {text} %, e.g. {cut[:3]}"


def clipped_buttons(app) -> list[str]:
    """The words of the top screen's buttons that their button cannot hold whole (a
    two-line button's: every line, game.ui.words)."""
    from pygame_gui.elements import UIButton
    from ui_helpers import elements

    from game.ui import words

    out = []
    for b in elements(app.top.root):
        if type(b) is UIButton and b.visible and b.text:
            if words.is_wrapped(b):
                if not words.fits(b):
                    out.append(" / ".join(words.lines(b)))
                continue
            w, h = b.font.size(b.text)
            if w + 6 > b.rect.w or h > b.rect.h:
                out.append(b.text)
    return out


def buttons_still(app, frames: int = 30) -> None:
    """Step until the top screen's buttons (their words, place, font and whether they show)
    have looked the same for three frames, at most ``frames``: a screen's buttons are made
    in its first frame or two (measured 2026-12-07: from frame 0 or 1 on, at 200 %), and the
    30 frames stepped after every screen here drew the same buttons again (at 1920x1080)."""
    from pygame_gui.elements import UIButton
    from ui_helpers import elements

    def looks():
        return [(b.text, tuple(b.rect), b.visible, b.font.size(b.text or " "))
                for b in elements(app.top.root) if type(b) is UIButton]

    last, same = None, 0
    for _ in range(frames):
        step(app)
        now = looks()
        same = same + 1 if now == last else 0
        last = now
        if same >= 2:
            return


def every_screen(app) -> dict[str, list[str]]:
    """Clipped button words on the menu, Settings and its pages, each game's setup and
    each table (a started game)."""
    from ui_helpers import click

    from game.session import SeatConfig
    from game.ui import navigation
    from game.ui.opening import start_game

    buttons_still(app)
    found = {"menu": clipped_buttons(app)}
    for name in ("settings", "access", "keys"):
        navigation.push(app, name)
        buttons_still(app)
        found[name] = clipped_buttons(app)
        app.pop()
        step(app, 2)
    for game, n in (("chasing", 4), ("harsh", 1), ("hunters", 5)):
        click(app, f"#tile_{game}")
        buttons_still(app)
        found[f"setup {game}"] = clipped_buttons(app)
        navigation.back_to(app, "menu")
        seats = [SeatConfig("Ann", "human")] + [SeatConfig(x, "computer", "easy")
                                                for x in ("Bo", "Cy", "Di", "Ed")[:n - 1]]
        table = start_game(app, game, seats, 21, {})
        for _ in range(20):         # to the person's decision, its buttons made
            if app.top is not table and hasattr(app.top, "done"):
                app.top.done()      # Hunters: the character card read
            buttons_still(app)
            if app.top is table and table.acting_seat() is not None and not table.busy:
                break
        assert app.top is table and table.acting_seat() is not None and not table.busy
        found[game] = clipped_buttons(app)
        navigation.back_to(app, "menu")
        step(app, 3)
    return {k: v for k, v in found.items() if v}


@pytest.mark.parametrize(("size", "text"), [((1024, 640), 100), ((1280, 720), 100)] + LARGE,
                         ids=["100pc-1024x640", "100pc-1280x720"] + IDS)
def test_every_button_holds_its_words(shadows_home, size, text):
    app = large_app(size, text)
    app.settings.animation_speed = "off"
    try:
        cut = every_screen(app)
    finally:
        app.quit()
    assert cut == {}        # the menu, Settings and its pages, the setups, the tables


@pytest.mark.parametrize(("size", "text"), LARGE, ids=IDS)
def test_settings_in_large_text_come_a_page_at_a_time_and_hold_their_words(shadows_home,
                                                                         size, text):
    from ui_helpers import click, elements

    from game.ui import navigation

    app = large_app(size, text)
    try:
        navigation.push(app, "settings")
        buttons_still(app)
        seen, cut = set(), []
        for _ in range(6):
            cut += clipped_buttons(app)
            seen |= {el.get_object_ids()[-1] for el in elements(app.top.root)
                     if el.get_object_ids() and el.get_object_ids()[-1]}
            if "#settings_page" not in seen:
                break
            click(app, "#settings_page")
            buttons_still(app)
        assert cut == []
        assert {"#language_en", "#window_mode_windowed", "#animation_speed_normal",
                "#computer_pace_normal", "#muted_false", "#volume", "#sound_cues",
                "#memory_aids_true", "#phone_address_auto", "#access", "#keys", "#about",
                "#back"} <= seen
        for _ in range(6):                   # the way back to 100 %: Colours, text, motion…
            ids = {el.get_object_ids()[-1] for el in elements(app.top.root) if el.get_object_ids()}
            if "#access" in ids:
                break
            click(app, "#settings_page")
            step(app, 5)
        click(app, "#access")
        assert type(app.top).__name__ == "AccessScene"
    finally:
        app.quit()
