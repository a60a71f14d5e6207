"""The keyboard focus of a screen: one ring, one order, every control.

A scene's ``button`` calls (with an action) and the sliders, drop-downs and text fields it
hands to ``Ring.add`` make its focus order, in the order the build made them: the order
a reader meets them, row by row. A table puts its choices first (Tab is "the next
choice" there) and its other controls after them.

Keys (the scene's own keys come first while nothing, or one of its numbered choices, has
the focus; once another control has it, these do):

* Tab / Shift+Tab: the next / the previous control (a table's controls after its choices
  in reading order);
* Enter or Space: press the focused button; on a text field, type into it again;
* on a slider, Left/Right (or - and +) turn it by a step, Up/Down go on along the order;
* on a drop-down, the arrows pick the option before or after;
* on a button, the arrows go on along the order.

A switched-off button with an action is in the order too (issue 44): a player who cannot
hover learns why it is off. While it has the focus the scene shows why (``Scene.draw_why_off``)
and Enter says it again as a refusal (``Scene.refuse_off``) instead of acting.

The ring is drawn here only (``draw_ring``), for every palette: a light band inside a
dark one, so it shows on a dark table and on a light button alike. A focused button is
also put in pygame-gui's "selected" state, the theme's own look for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UITextEntryBox,
    UITextEntryLine,
)

from game.ui import style

if TYPE_CHECKING:
    from game.ui.scene import Scene

CONFIRM = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
BACK = (pygame.K_LEFT, pygame.K_UP)
ON = (pygame.K_RIGHT, pygame.K_DOWN)
LOWER = (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS)
HIGHER = (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
FIELDS = (UITextEntryLine, UITextEntryBox)
MODIFIERS = (pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
             pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK, pygame.K_NUMLOCK,
             pygame.K_MODE)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int = 8) -> None:
    """The focus ring around ``rect``: a light band between two dark ones, outside it."""
    width = max(3, round(3 * style.TEXT_SCALE ** 0.5))
    outer = pygame.Rect(rect).inflate(4 * width + 2, 4 * width + 2)
    pygame.draw.rect(surface, style.BG_DEEP, outer, width + 1, border_radius=radius + 2 * width)
    light = outer.inflate(-2 * width, -2 * width)
    pygame.draw.rect(surface, style.ACCENT_BRIGHT, light, width, border_radius=radius + width)
    inner = light.inflate(-2 * width, -2 * width)
    pygame.draw.rect(surface, style.BG_DEEP, inner, 1, border_radius=radius)


def usable(widget) -> bool:
    return (widget is not None and widget.alive() and widget.visible
            and getattr(widget, "is_enabled", True))


def switched_off(widget) -> bool:
    """A button that is there but switched off."""
    return (widget is not None and widget.alive() and widget.visible
            and isinstance(widget, UIButton) and not widget.is_enabled)


class Ring:
    """One scene's focus order and the control that has the focus."""

    def __init__(self, scene: "Scene") -> None:
        self.scene = scene
        self.items: list = []
        self.current = None           # a control that is not a numbered choice, or None

    # --- the order -------------------------------------------------------------------------
    def reachable(self, widget) -> bool:
        """In the order: usable, or a switched-off button that would act (its reason shows)."""
        return usable(widget) or (switched_off(widget) and widget in self.scene._presses)

    def add(self, widget) -> None:
        if self._dry():
            return
        self.items.append(widget)

    def _dry(self) -> bool:
        return getattr(self.scene, "_dry", None) is not None

    def begin(self):
        """Before a rebuild: what had the focus (found again by its object id), and a
        fresh order."""
        held = _ident(self.current) if self.reachable(self.current) else None
        self._leave()
        self.items = []
        return held

    def end(self, held) -> None:
        if held is None or self.scene.selected is not None:
            return
        for w in self.items:
            if self.reachable(w) and _ident(w) == held:
                self.focus(w)
                return

    def order(self) -> list:
        choices = [c.button for c in self.scene.choices]
        ids = {id(b) for b in choices}
        items = [w for w in self.items if self.reachable(w)]
        if getattr(self.scene, "choices_first", False):
            rest = reading_order([w for w in items if id(w) not in ids])
            items = [b for b in choices if usable(b)] + rest
        return items

    def focused(self):
        """The control with the focus: a numbered choice or another."""
        s = self.scene
        if s.selected is not None and s.selected < len(s.choices):
            return s.choices[s.selected].button
        return self.current if self.reachable(self.current) else None

    # --- moving ------------------------------------------------------------------------------
    def move(self, step: int) -> bool:
        order = self.order()
        if not order:
            return False
        now = self.focused()
        at = next((i for i, w in enumerate(order) if w is now), None)
        if at is None:
            nxt = order[0] if step > 0 else order[-1]
        else:
            if not 0 <= at + step < len(order) and self.scene.focus_wraps(step):
                self._leave()         # past either end: the scene's own choices (a hand)
                return True
            nxt = order[(at + step) % len(order)]
        self.focus(nxt)
        return True

    def focus(self, widget) -> None:
        s = self.scene
        index = next((i for i, c in enumerate(s.choices) if c.button is widget), None)
        if index is not None:
            self._leave()
            s.select(index)
            return
        if s.selected is not None:
            s.select(None)
        self._leave()
        self.current = widget
        if isinstance(widget, UIButton) and widget.is_enabled:
            widget.select()
        elif isinstance(widget, FIELDS):
            widget.focus()
            if isinstance(widget, UITextEntryLine):
                # as a browser does: the whole text chosen, typing replaces it
                widget.select_range = [0, len(widget.get_text())]
                widget.edit_position = len(widget.get_text())

    def _leave(self) -> None:
        w, self.current = self.current, None
        if w is None or not w.alive():
            return
        if isinstance(w, UIButton) and w.is_selected:
            w.unselect()
        elif isinstance(w, FIELDS) and w.is_focused:
            w.unfocus()

    def chose(self) -> None:
        """A numbered choice got the highlight (a digit, the scene's arrows)."""
        self._leave()

    # --- keys --------------------------------------------------------------------------------
    def tab(self, event) -> bool:
        """Tab and Shift+Tab, for any scene that hands them on."""
        if event.key != pygame.K_TAB:
            return False
        return self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)

    def key(self, event) -> bool:
        """A key while a control other than a numbered choice has the focus. A key the
        control does not take (a number, a letter, Esc) lets the focus go and goes to the
        screen: Enter after a number then confirms what the number picked, not this."""
        w = self.current
        if not self.reachable(w) or event.key in MODIFIERS:
            return False              # Shift before Tab: the focus stays for Shift+Tab
        taken = self._key(w, event)
        if not taken:
            self._leave()
        return taken

    def _key(self, w, event) -> bool:
        k = event.key
        if k == pygame.K_TAB:
            return self.tab(event)
        if isinstance(w, UIHorizontalSlider):
            if k in LOWER or k in HIGHER:
                self._turn(w, -1 if k in LOWER else 1)
                return True
            if k in (pygame.K_UP, pygame.K_DOWN):
                return self.move(-1 if k == pygame.K_UP else 1)
            return k in CONFIRM       # nothing to press: Enter must not start anything
        if isinstance(w, UIDropDownMenu):
            if k in BACK or k in ON:
                self._pick(w, -1 if k in BACK else 1)
                return True
            return k in CONFIRM
        if isinstance(w, FIELDS):
            if k in CONFIRM:
                w.focus()             # type into it again
                return True
            if k in BACK or k in ON:
                return self.move(-1 if k in BACK else 1)
            return False
        if k in CONFIRM and not w.is_enabled:
            self.scene.refuse_off(w)      # why it is off, not its action
            return True
        if k in CONFIRM:
            action = self.scene._presses.get(w)
            if action is not None:
                self.scene.app.sound.play("click")
                action()
            return True
        if k in BACK or k in ON:
            return self.move(-1 if k in BACK else 1)
        return False

    def _turn(self, slider: UIHorizontalSlider, sign: int) -> None:
        low, high = slider.value_range
        step = getattr(slider, "increment", None) or max(1, (high - low) // 20)
        value = max(low, min(high, slider.get_current_value() + sign * step))
        if value == slider.get_current_value():
            return
        slider.set_current_value(value)
        pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
            "value": slider.get_current_value(), "ui_element": slider,
            "ui_object_id": slider.most_specific_combined_id}))

    def _pick(self, dd: UIDropDownMenu, sign: int) -> None:
        options = list(dd.options_list)
        now = next((i for i, o in enumerate(options) if o[1] == dd.selected_option[1]), 0)
        i = max(0, min(len(options) - 1, now + sign))
        if i == now:
            return
        dd.selected_option = options[i]
        closed = dd.menu_states.get("closed")
        if closed is not None:
            closed.selected_option = options[i]
            if dd.current_state is closed and closed.selected_option_button is not None:
                closed.selected_option_button.set_text(options[i][0])
        pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "text": options[i][0], "selected_option_id": options[i][1], "ui_element": dd,
            "ui_object_id": dd.most_specific_combined_id}))

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w = self.focused()
        if w is None:
            return
        draw_ring(surface, w.rect, self.scene.metrics.px(9))
        if switched_off(w):
            self.scene.draw_why_off(surface, w)
        elif getattr(w, "full_words", None):
            self.scene.draw_note_under(surface, w, w.full_words)   # its label was shortened


def reading_order(widgets: list) -> list:
    """Row by row from the top, left to right in a row (a table's controls are made where
    they fit: its top bar from the right)."""
    out, row, mid = [], [], None
    for w in sorted(widgets, key=lambda w: w.rect.centery):
        if mid is not None and abs(w.rect.centery - mid) > w.rect.height // 2:
            out += sorted(row, key=lambda w: w.rect.x)
            row = []
        if not row:
            mid = w.rect.centery
        row.append(w)
    return out + sorted(row, key=lambda w: w.rect.x)


def _ident(widget) -> str:
    ids = widget.get_object_ids() if hasattr(widget, "get_object_ids") else []
    return f"{type(widget).__name__}:{ids[-1] if ids else ''}:{getattr(widget, 'text', '')}"
