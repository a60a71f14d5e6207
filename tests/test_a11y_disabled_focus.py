"""Issue 44: a switched-off action can take the keyboard focus, so that a player without a
mouse learns why it is off. While it has the focus its reason shows on screen; Enter on it
says the reason as a refusal and changes nothing. Everything by posted keys."""

from __future__ import annotations

import pygame
import pytest
from harsh_ui_driver import start_harsh
from test_a11y_focus import focused_id, press, tab, tab_to
from ui_helpers import drawn_texts, find, step

from game.ui import focus

pytestmark = pytest.mark.animation_speed("off")


def test_harsh_switched_off_actions_are_in_the_order_and_enter_says_why(app, monkeypatch):
    table = start_harsh(app, seed=7)
    assert table.view()["phase"] == "move"
    clues = find(app, "#act_clues")
    assert not clues.is_enabled                   # nothing to do before the Agent moves
    seen = tab_to(app, "#act_clues")
    assert "#act_end" not in seen                 # the reading order: clues before End turn
    assert focus.switched_off(table.ring.focused())
    texts = drawn_texts(monkeypatch)
    step(app, 8)                                  # an idle screen is drawn every few frames
    why = table.why_off(clues)
    assert "after moving" in why                  # the rules' own reason
    assert any(why[:16] in t for t in texts), "the reason is not on screen"
    log = len(table.session.match.log)
    press(app, pygame.K_RETURN, frames=3)
    assert len(table.session.match.log) == log
    assert table.status_refused and why[1:16] in table.status
    assert focused_id(app) == "#act_clues"        # the focus stays where it was
    # the order goes on past it, to End turn (also off) and the other controls
    tab(app)
    assert focused_id(app) != "#act_clues"


def test_harsh_enter_on_a_switched_off_action_in_the_actions_phase_gives_the_rules_reason(app):
    table = start_harsh(app, seed=7)
    move = sorted((a for a in table.actions() if a.kind == "move"), key=lambda a: a.args[0])[0]
    table.choose(move)
    for _ in range(300):
        step(app, 2)
        if table.dialog is not None:
            press(app, pygame.K_1, frames=3)     # a payment or a look: its first option
            continue
        if table.acting_seat() == 0 and not table.busy and table.view()["phase"] == "actions":
            break
    view = table.view()
    off = [k for k in ("clues", "bug", "track", "ability") if not find(app, f"#act_{k}").is_enabled]
    assert off, "every action is on: pick another seed"
    reasons = dict(view["unavailable"])
    key = off[0]
    tab_to(app, f"#act_{key}")
    log = len(table.session.match.log)
    press(app, pygame.K_RETURN, frames=3)
    assert len(table.session.match.log) == log
    assert table.status_refused
    from game.ui.harsh.column import ACTION_ROWS
    name = next(n for k, _t, n in ACTION_ROWS if k == key)
    if reasons.get(name):
        from game.i18n import shown
        from game.ui.harsh import look
        assert look.plain(shown(reasons[name]))[:20].lower() in table.status.lower()


def test_a_switched_off_button_off_the_tables_says_why_under_itself(app, monkeypatch):
    """The menu's Continue without a game to continue: in the order, its reason drawn,
    Enter only says no."""
    btn = find(app, "#continue")
    if btn is None or btn.is_enabled:
        pytest.skip("this menu has a game to continue")
    top = app.top
    tab_to(app, "#continue")
    texts = drawn_texts(monkeypatch)
    step(app, 8)                                  # an idle screen is drawn every few frames
    assert any(top.why_off(btn)[:16] in t for t in texts)
    press(app, pygame.K_RETURN, frames=3)
    assert app.top is top                          # nothing opened


def test_chasing_tab_goes_from_the_cards_to_the_controls_and_back(app):
    """Chasing Shadows: Tab walks the playable cards, then the table's controls (the
    switched-off Undo among them: Enter says why), then the cards again."""
    from game.session import SeatConfig
    from game.ui.opening import start_game

    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "computer", "easy") for n in ("Bo", "Cy", "Di")]
    table = start_game(app, "chasing", seats, 21, {})
    for _ in range(600):
        step(app, 2)
        if app.top is table and table.acting_seat() is not None and not table.busy and table.key_actions:
            break
    n = len(table.key_actions)
    assert n > 1
    for i in range(n):
        tab(app)
        assert table.key_selected == i and table.ring.focused() is None
    tab(app)
    assert table.key_selected is None and table.ring.focused() is not None   # the controls
    seen = [focused_id(app)]
    while focused_id(app) != "#undo":
        tab(app)
        seen.append(focused_id(app))
        assert len(seen) < 20, seen
    undo = table.ring.focused()
    assert not undo.is_enabled
    log = len(table.session.match.log)
    press(app, pygame.K_RETURN, frames=3)
    assert len(table.session.match.log) == log and table.status_refused
    for _ in range(20):               # on past the last control: the first card again
        tab(app)
        if table.key_selected is not None:
            break
    assert table.key_selected == 0 and table.ring.focused() is None
    tab(app, back=True)                # and Shift+Tab from the first card: the last control
    assert table.key_selected is None and table.ring.focused() is table.ring.order()[-1]
