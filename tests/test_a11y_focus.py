"""Issue 44: the keyboard alone, with a visible focus ring in a logical order.

Tab and Shift+Tab walk every control of a screen (buttons, sliders, drop-downs, text
fields) in reading order; Enter or Space presses the focused button; the arrows turn a
focused slider and pick a focused drop-down's option. Everything here is done by posted
key events only; the ring (game.ui.focus.draw_ring) is looked for in the drawn pixels.
"""

from __future__ import annotations

import pygame
import pytest
from ui_helpers import find, step, until

from game.ui import focus, navigation, palette, style

pytestmark = pytest.mark.animation_speed("off")


def press(app, k: int, mod: int = 0, unicode: str = "", frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, scancode=0))
    step(app, frames)


def tab(app, back: bool = False) -> None:
    if back:                          # as a keyboard does: Shift goes down first
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT,
                                             mod=pygame.KMOD_LSHIFT, unicode="", scancode=0))
    press(app, pygame.K_TAB, pygame.KMOD_LSHIFT if back else 0)


def focused_id(app) -> str:
    w = app.top.ring.focused()
    return "" if w is None else w.get_object_ids()[-1]


def tab_to(app, object_id: str, limit: int = 60) -> list[str]:
    """Tab until ``object_id`` has the focus; the ids met on the way."""
    seen = []
    for _ in range(limit):
        tab(app)
        seen.append(focused_id(app))
        if seen[-1] == object_id:
            return seen
    raise AssertionError(f"Tab never reached {object_id}: {seen}")


def ring_pixels(app, rect: pygame.Rect | None = None) -> tuple[int, int]:
    """(light, dark) pixels of the ring's colours on the band just outside the focused
    control (or ``rect``), in the frame as drawn."""
    step(app, 2)
    r = rect if rect is not None else app.top.ring.focused().rect
    surface = app.screen
    light = dark = 0
    for x in range(r.x, r.right, 3):
        for y in range(r.y - 9, r.y):
            if 0 <= y < surface.get_height():
                c = tuple(surface.get_at((x, y)))[:3]
                light += c == style.ACCENT_BRIGHT
                dark += c == style.BG_DEEP
    return light, dark


def test_the_menu_tabs_in_reading_order_and_back_and_enter_presses(app):
    order = tab_to(app, "#quit")
    assert order[0] == "#tile_chasing" and order.index("#settings") < order.index("#quit")
    # every usable button of the menu is in the order, once
    buttons = [b for b in app.top.ring.order()]
    assert len({id(b) for b in buttons}) == len(buttons) == len(order)
    tab(app)
    assert focused_id(app) == order[0]                    # round again
    tab(app, back=True)
    assert focused_id(app) == "#quit"                     # Shift+Tab goes back
    tab(app, back=True)
    assert focused_id(app) == order[-2]
    light, dark = ring_pixels(app)
    assert light > 20 and dark > 20
    tab_to(app, "#settings")
    press(app, pygame.K_SPACE)
    from game.ui.scenes.settings import SettingsScene
    assert isinstance(app.top, SettingsScene)


def test_settings_toggles_slider_and_pages_by_keys(app):
    navigation.push(app, "settings")
    step(app, 2)
    before = app.settings.volume
    seen = tab_to(app, "#volume")
    assert seen.index("#muted_true") < seen.index("#volume")   # the row's order
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert app.settings.volume == min(100, before + 10)
    press(app, pygame.K_LEFT)
    assert app.settings.volume == min(100, before + 10) - 5
    press(app, pygame.K_RETURN)           # Enter on a slider presses nothing
    assert type(app.top).__name__ == "SettingsScene"
    assert ring_pixels(app)[0] > 20
    tab(app)
    assert focused_id(app) == "#sound_cues"
    tab(app, back=True)
    assert focused_id(app) == "#volume"
    # a toggle pressed by keys keeps the focus across the rebuild it causes
    tab_to(app, "#memory_aids_false")
    press(app, pygame.K_RETURN)
    assert app.settings.memory_aids is False and focused_id(app) == "#memory_aids_false"
    tab_to(app, "#keys")
    press(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "KeysScene"


def test_sound_cue_sliders_turn_by_keys(app):
    navigation.push(app, "settings")
    step(app, 2)
    tab_to(app, "#sound_cues")
    press(app, pygame.K_RETURN)
    tab_to(app, "#cue_dice")
    press(app, pygame.K_LEFT)
    assert app.settings.cue_volumes.get("dice") == 95
    tab(app)
    assert focused_id(app) == "#hear_dice"


def test_setup_by_keys_names_kinds_drop_downs_and_start(app):
    from game.catalog import get_game

    navigation.push(app, "setup", get_game("hunters"))
    step(app, 3)
    scene = app.top
    seen = tab_to(app, "#name_1")
    assert seen.index("#players_4") < seen.index("#name_0") < seen.index("#name_1")
    assert app.typing_into() is find(app, "#name_1")       # the field has the cursor
    for ch in "Zed":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 3)
    assert scene.setup["seats"][1]["name"] == "Zed"
    tab(app)                                               # Tab leaves the field, goes on
    assert app.typing_into() is None
    assert focused_id(app) == "#kind_1_human"
    other = "human" if scene.setup["seats"][1]["kind"] == "computer" else "computer"
    tab_to(app, f"#kind_1_{other}")
    press(app, pygame.K_RETURN)
    assert scene.setup["seats"][1]["kind"] == other
    assert focused_id(app) == f"#kind_1_{other}"           # kept across the rebuild
    press(app, pygame.K_LEFT)
    assert focused_id(app) != f"#kind_1_{other}"           # arrows go on along the order
    # a drop-down: the arrows pick the next option
    dd = next(iter(scene.dropdowns))
    key = scene.dropdowns[dd]
    tab_to(app, dd.get_object_ids()[-1])
    old = dd.selected_option[1]
    options = [o[1] for o in dd.options_list]
    press(app, pygame.K_DOWN if options.index(old) + 1 < len(options) else pygame.K_UP)
    assert scene.setup["options"][key] != old
    assert app.top.ring.focused().selected_option[1] == scene.setup["options"][key]
    press(app, pygame.K_RETURN)                           # Enter on a drop-down starts nothing
    assert app.top is scene
    order = tab_to(app, "#start")
    assert "#seed" in order and order.index("#back") < order.index("#start")
    light, dark = ring_pixels(app)
    assert light > 20 and dark > 20
    press(app, pygame.K_RETURN)
    assert until(app, lambda: app.top is not scene, 300)


def test_a_table_tabs_through_its_choices_first_then_its_controls(app):
    from game.session import SeatConfig
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy")]
    table = start_game(app, "hunters", seats + [SeatConfig("Cy", "computer", "easy"),
                                                SeatConfig("Di", "computer", "easy")], 5, {})
    for _ in range(600):              # Enter through the character card and the moments
        if app.top is table and table.session.decider() == 0 and table.choices:
            break
        if app.top is not table:
            press(app, pygame.K_RETURN)
        else:
            step(app, 3)
    assert app.top is table and table.choices
    n = len(table.choices)
    tab(app)
    assert table.selected == 0
    for _ in range(n - 1):
        tab(app)
    assert table.selected == n - 1
    tab(app)
    rest = table.ring.order()[n:]        # the table's other controls, in reading order
    assert table.selected is None and table.ring.focused() is rest[0]
    assert rest == focus.reading_order(rest) and "#pause" in [w.get_object_ids()[-1] for w in rest]
    assert ring_pixels(app)[0] > 10
    tab(app, back=True)
    assert table.selected == n - 1
    press(app, pygame.K_SPACE)
    assert table.selected is None           # taken: the highlight does not outlive it


def test_pause_confirm_and_review_by_tab(app):
    from game.session import SeatConfig
    from game.ui.opening import start_game
    from game.ui.scenes.pause import PauseScene

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "computer", "easy"),
             SeatConfig("Cy", "computer", "easy")]
    table = start_game(app, "chasing", seats, 21, {})
    assert until(app, lambda: app.top is table)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    first = tab_to(app, "#resume") if "#resume" in _ids(app) else None
    assert first is not None
    light, dark = ring_pixels(app)
    assert light > 20 and dark > 20
    press(app, pygame.K_RETURN)
    assert app.top is table


def _ids(app) -> set[str]:
    return {w.get_object_ids()[-1] for w in app.top.ring.order()}


@pytest.mark.parametrize("name", ["default", "red_green", "high_contrast"])
def test_the_ring_stands_out_in_every_palette(name):
    """The light band against the dark one, and against the backdrop and the theme's
    button colours it borders, is at least 3:1 (WCAG's non-text contrast)."""
    from a11y_colour import contrast

    old = palette.current()
    try:
        palette.apply(name)
        assert contrast(style.ACCENT_BRIGHT, style.BG_DEEP) >= 3
        for under in (style.BG, style.BG_TOP, style.PANEL, style.FELT):
            assert max(contrast(style.ACCENT_BRIGHT, under), contrast(style.BG_DEEP, under)) >= 3
    finally:
        palette.apply(*old)


def test_draw_ring_draws_both_bands():
    surface = pygame.Surface((200, 120))
    surface.fill(style.PANEL)
    focus.draw_ring(surface, pygame.Rect(50, 40, 100, 40), 8)
    colours = {tuple(surface.get_at((100, y)))[:3] for y in range(28, 40)}
    assert style.ACCENT_BRIGHT in colours and style.BG_DEEP in colours


def test_history_and_review_by_keys(app):
    from game.review.sample import play_record
    from game.storage import history

    history.save_history([play_record("chasing", 4, 5)])
    press(app, pygame.K_h, unicode="h")                    # the menu's History key
    assert type(app.top).__name__ == "HistoryScene"
    tab_to(app, "#history_0")
    press(app, pygame.K_RETURN)
    review = app.top
    assert getattr(review, "is_review", False)
    order = tab_to(app, "#review_slider")
    assert any(i.startswith("#review_next_") for i in order)
    start = review.position
    press(app, pygame.K_RIGHT)
    assert review.position == start + 1
    assert ring_pixels(app)[0] > 20
    nxt = next(i for i in order if i.startswith("#review_next_"))
    tab_to(app, nxt)
    press(app, pygame.K_RETURN)
    assert review.position > start + 1 and focused_id(app) == nxt


def test_results_and_its_confirm_by_keys(app):
    from test_ui_chasing_screens import play_until, seats

    from game.match import Match
    from game.session import Session
    from game.ui.scenes.results import ResultsScene

    match = play_until(Match.start("chasing", 3, 12, {"start": "1"}), lambda st: st.is_over())
    results = ResultsScene(app, Session(match, seats(3), autosave=False))
    app.push(results)
    step(app, 3)
    order = tab_to(app, "#to_menu")
    assert order.index("#play_again") < order.index("#same_deal") < order.index("#to_menu")
    tab_to(app, "#play_again")
    assert ring_pixels(app)[0] > 20
    press(app, pygame.K_RETURN)                 # a key that starts a new game asks first
    assert type(app.top).__name__ == "NewGameConfirm"
    tab_to(app, "#stay_results")
    press(app, pygame.K_SPACE)
    assert app.top is results
    tab_to(app, "#to_menu")
    press(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "MenuScene"


def test_a_key_the_focused_control_does_not_take_lets_the_focus_go(app):
    """A number picks its choice and Enter then confirms that choice, not the control
    that had the focus before."""
    from game.catalog import get_game

    navigation.push(app, "setup", get_game("hunters"))
    step(app, 3)
    scene = app.top
    tab_to(app, "#kind_1_human")
    press(app, pygame.K_a, unicode="a")
    assert scene.ring.current is None and focused_id(app) == ""
    tab_to(app, "#kind_1_human")
    press(app, pygame.K_1, unicode="1")          # Back is choice 1: the setup closes
    assert app.top is not scene


def rings_drawn(monkeypatch) -> list[pygame.Rect]:
    """Where ``focus.draw_ring`` is asked to draw from now on."""
    seen: list[pygame.Rect] = []
    real = focus.draw_ring

    def spy(surface, rect, radius=8):
        seen.append(pygame.Rect(rect))
        real(surface, rect, radius)

    monkeypatch.setattr(focus, "draw_ring", spy)
    return seen


def test_a_location_chosen_by_its_number_wears_the_focus_ring(app, monkeypatch):
    """Harsh Shadows: the Location a number key highlit has the same ring as a focused
    button (no look of its own)."""
    from harsh_ui_driver import start_harsh

    table = start_harsh(app, seed=7)
    first = sorted(a.args[0] for a in table.actions() if a.kind == "move")[0]
    seen = rings_drawn(monkeypatch)
    press(app, getattr(pygame, f"K_{first + 1}"), frames=3)
    assert table.key_cell_now() == first
    assert table.lay.cells[first] in seen
    light, dark = ring_pixels(app, table.lay.cells[first])
    assert light > 20 and dark > 20


def test_a_card_chosen_by_its_number_wears_the_focus_ring(app, monkeypatch):
    """Chasing Shadows: the card a number key highlit (hand or Follow Cards) has the
    shared focus ring around the place it is drawn."""
    from test_ui_chasing_play import my_turn, start

    table = start(app, humans=1)
    for _ in range(40):
        assert until(app, lambda: my_turn(app, table), frames=3000)
        if len(table.key_actions) > 1:
            break
        press(app, pygame.K_RETURN)
    seen = rings_drawn(monkeypatch)
    press(app, pygame.K_2, frames=3)
    assert table.key_selected == 1
    hits = [hit for hit, _card in table.hand_hits] + [hit for hit, _suit in table.follow_hits]
    ringed = [r for r in seen if r in hits]
    assert ringed, (seen, hits)
    light, dark = ring_pixels(app, ringed[-1])
    assert light > 20 and dark > 20
