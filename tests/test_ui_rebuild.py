"""A table's rebuild keeps the buttons that come back unchanged (pygame-gui buttons cost
a good part of a frame to make), re-labels one that comes back in its place with other
words, and never lets a kept button carry over what the last build did to it."""

import pygame
import pygame_gui
from ui_helpers import click, click_at, elements, find, resize, step

from game.ui.scene import Scene


class Board(Scene):
    keep_widgets = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.labels = ["Attack Bob", "Attack Carol", "End turn"]
        self.hide_last = False
        self.off: set[int] = set()     # the buttons shown unavailable
        self.pressed = []

    def build(self, m) -> None:
        for i, text in enumerate(self.labels):
            btn = self.button((20, 20 + 50 * i, 300, 40), text, lambda t=text: self.pressed.append(t),
                              object_id=f"#choice_{i}", cls="@choice", enabled=i not in self.off)
            if self.hide_last and i == len(self.labels) - 1:
                btn.hide()


def buttons(scene):
    return {el.get_object_ids()[-1]: el for el in elements(scene.root)}


def test_unchanged_buttons_are_kept_and_changed_ones_relabelled(app):
    board = app.push(Board(app))
    step(app)
    before = buttons(board)
    board.rebuild()
    assert buttons(board) == before                  # the very same objects
    board.labels = ["Attack Bob", "Attack Dave", "End turn"]
    board.rebuild()
    after = buttons(board)
    assert after["#choice_0"] is before["#choice_0"] and after["#choice_1"] is before["#choice_1"]
    assert after["#choice_1"].text == "Attack Dave"
    assert [c.button.text for c in board.choices] == board.labels
    board.choices[1].action()                         # the kept button does the new thing
    assert board.pressed == ["Attack Dave"]
    board.labels = board.labels[:2]
    board.rebuild()
    assert not before["#choice_2"].alive() and set(buttons(board)) == {"#choice_0", "#choice_1"}


def test_a_button_switched_off_or_on_is_kept_and_its_state_follows(app):
    board = app.push(Board(app))
    step(app)
    before = buttons(board)
    board.off = {1}
    board.rebuild()
    after = buttons(board)
    assert after["#choice_1"] is before["#choice_1"] and not after["#choice_1"].is_enabled
    assert [c.button.text for c in board.choices] == ["Attack Bob", "End turn"]   # not a choice now
    board.off, board.labels = set(), ["Attack Bob", "Attack Erin", "End turn"]
    board.rebuild()
    again = buttons(board)
    assert again["#choice_1"] is before["#choice_1"] and again["#choice_1"].is_enabled
    assert again["#choice_1"].text == "Attack Erin"
    step(app)
    board.choices[1].action()
    assert board.pressed == ["Attack Erin"]


def test_a_button_hidden_by_one_build_is_shown_by_the_next(app):
    board = app.push(Board(app))
    board.hide_last = True
    board.rebuild()
    assert not buttons(board)["#choice_2"].visible
    board.hide_last = False
    board.rebuild()
    assert buttons(board)["#choice_2"].visible


def test_a_resize_makes_every_button_again(app):
    board = app.push(Board(app))
    before = buttons(board)

    resize(app, 1400, 800)
    assert all(not b.alive() for b in before.values())
    assert set(buttons(board)) == set(before)


class ParkingBoard(Board):
    park_widgets = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.top = 20

    def build(self, m) -> None:
        for i, text in enumerate(self.labels):
            self.button((20, self.top + 50 * i, 300, 40), text,
                        lambda t=text: self.pressed.append(t), object_id=f"#choice_{i}",
                        cls="@choice", enabled=i not in self.off)


def test_a_button_left_out_is_parked_out_of_reach_and_taken_back_by_a_later_build(app):
    from ui_helpers import click_at

    board = app.push(ParkingBoard(app))
    step(app)
    before = buttons(board)
    last = before["#choice_2"]
    board.labels = board.labels[:2]
    board.rebuild()
    step(app)
    # parked: not among the scene's elements, not drawn, not in pygame-gui's sprite group
    assert set(buttons(board)) == {"#choice_0", "#choice_1"}
    assert board.is_parked(last) and not last.visible and not last.alive()
    click_at(app, last.rect.center)
    assert board.pressed == []                       # a parked button cannot be pressed
    board.labels = ["Attack Bob", "Attack Carol", "Hide"]
    board.top = 80                                   # the same buttons, lower down
    board.rebuild()
    after = buttons(board)
    assert after["#choice_2"] is last and last.visible and last.alive()
    assert not board.is_parked(last)
    assert last.text == "Hide" and last.relative_rect.topleft == (20, 180)
    assert all(after[k] is before[k] for k in before)
    step(app)
    click_at(app, last.rect.center)
    assert board.pressed == ["Hide"]                 # taken back, it does the new thing


def test_parked_buttons_go_when_the_scene_is_torn_down(app):
    board = app.push(ParkingBoard(app))
    step(app)
    last = buttons(board)["#choice_2"]
    board.labels = board.labels[:1]
    board.rebuild()
    assert board.is_parked(last)
    board.teardown()
    assert board._parked == {} and not last.alive() and not last.visible


def test_a_relabelled_button_draws_its_other_states_with_the_new_words_when_shown(app):
    import pygame
    from pygame_gui.core import ObjectID
    from pygame_gui.elements import UIButton

    board = app.push(ParkingBoard(app))
    step(app, 3)
    btn = buttons(board)["#choice_1"]
    board.labels = ["Attack Bob", "Attack Dave", "End turn"]
    board.rebuild()
    assert buttons(board)["#choice_1"] is btn and btn.text == "Attack Dave"
    shape = btn.drawable_shape
    assert not shape.states_to_redraw_queue       # nothing left to draw in the next frames
    fresh = UIButton(pygame.Rect(20, 400, 300, 40), "Attack Dave", app.manager,
                     object_id=ObjectID(class_id="@choice", object_id="#fresh"))
    for state in ("normal", "hovered", "selected", "active"):
        shape.set_active_state(state)             # drawn now, as it is first shown
        fresh.drawable_shape.set_active_state(state)
        ours, theirs = shape.states[state].surface, fresh.drawable_shape.states[state].surface
        assert pygame.image.tobytes(ours, "RGBA") == pygame.image.tobytes(theirs, "RGBA"), state
    fresh.kill()

# --- a table's parked buttons: set aside while unused, made ahead, kept while covered --------

class PooledBoard(Board):
    park_widgets = True
    hide_when_covered = True


def test_a_button_no_build_wants_is_set_aside_unseen_and_taken_back_by_a_later_build(app):
    board = app.push(PooledBoard(app))
    step(app)
    before = buttons(board)
    board.labels = ["Attack Bob"]
    board.rebuild()
    step(app)
    third = before["#choice_2"]
    assert board.is_parked(third) and not third.visible             # kept, hidden
    assert set(buttons(board)) == {"#choice_0"}                      # and out of the scene's widgets
    try:
        find(app, "#choice_2")
        raise AssertionError("a set-aside button was found")
    except LookupError:
        pass
    click_at(app, third.rect.center)                                 # where it was: nothing happens
    assert board.pressed == [] and len(board.choices) == 1
    key_press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="", scancode=0)
    assert not board.handle_key(key_press) and board.pressed == []   # key 3 reaches no button

    board.labels = ["Attack Bob", "Attack Carol", "Attack Dave", "End turn"]
    board.rebuild()
    after = buttons(board)
    assert after["#choice_2"] is third and third.visible             # the same button, back
    assert third.text == "Attack Dave" and third.rect.topleft == (20, 120)
    assert after["#choice_3"] not in before.values()                 # a fourth is new
    step(app, 3)
    click(app, "#choice_2")
    assert board.pressed == ["Attack Dave"]                          # it does its new thing


def test_a_press_meant_for_a_set_aside_button_does_not_do_what_it_does_when_back(app):
    board = app.push(PooledBoard(app))
    step(app)
    third = buttons(board)["#choice_2"]
    press = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=third)
    board.labels = ["Attack Bob"]
    board.rebuild()                                                  # set aside ...
    board.labels = ["Attack Bob", "Attack Carol", "Attack Dave"]
    board.rebuild()                                                  # ... and back in the same frame
    assert buttons(board)["#choice_2"] is third
    board.handle_event(press)                                        # the press from before
    assert board.pressed == []
    step(app, 2)
    board.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=third))
    assert board.pressed == ["Attack Dave"]                          # a press made now counts


def test_a_button_made_ahead_is_the_one_a_build_then_shows(app):
    board = PooledBoard(app)
    board.labels = ["Attack Bob"]
    app.push(board)
    assert board.stock_button((20, 70, 300, 40), "@choice", "#choice_1")
    assert not board.stock_button((20, 400, 300, 40), "@choice", "#choice_1")   # one is at hand
    assert set(buttons(board)) == {"#choice_0"}                     # unseen until wanted
    made = [b for bs in board._parked.values() for b in bs]
    board.labels = ["Attack Bob", "Attack Carol"]
    board.rebuild()
    assert buttons(board)["#choice_1"] is made[0] and made[0].text == "Attack Carol"
    assert made[0].visible


def test_set_aside_buttons_go_with_the_scene_s_widgets(app):
    board = app.push(PooledBoard(app))
    step(app)
    third = buttons(board)["#choice_2"]
    board.labels = ["Attack Bob"]
    board.rebuild()
    resize(app, 1400, 800)                                           # everything made again
    assert not third.alive() and board._parked == {}
    board.stock_button((20, 120, 300, 40), "@choice", "#choice_2")
    stocked = [b for bs in board._parked.values() for b in bs]
    assert stocked and all(board.is_parked(b) for b in stocked)
    app.pop()
    assert board._parked == {} and not any(b.alive() or b.visible for b in stocked)


def test_a_covered_table_keeps_its_buttons_hidden_and_shows_them_again_when_uncovered(app):
    board = app.push(PooledBoard(app))
    step(app)
    before = buttons(board)
    app.push(Scene(app))                                             # a dialog over it
    step(app)
    assert all(b.alive() and not b.visible for b in before.values())
    click_at(app, before["#choice_0"].rect.center)                   # nothing to press under it
    assert board.pressed == []
    app.pop()
    step(app)
    assert buttons(board) == before and all(b.visible for b in before.values())
    click(app, "#choice_1")
    assert board.pressed == ["Attack Carol"]
