"""The base of every screen, and the keyboard model shared by all of them.

The app keeps a stack of scenes (menu -> setup -> table; hand-off, pause and notices are
pushed on top). Only the app reads pygame events; it hands each one to the top scene's
``handle_event``. A scene builds its pygame-gui elements in ``build`` inside one root
container, so tearing a screen down is one ``kill`` and a resize is simply a rebuild:

    class MyScene(Scene):
        def build(self, m):                      # m: style.Metrics for the window
            self.button((m.margin, m.margin, m.px(200), m.button_h), "Go", self.go)

        def draw(self, surface):                 # before the UI: backgrounds, boards
            surface.blit(draw.table_background(surface.get_size()), (0, 0))

Keyboard, the same everywhere: number keys 1-9 pick the n-th *choice* (buttons made
with ``choice=True``, in creation order: the number drawn on it) at once, arrow keys move
a highlight, Enter presses the highlighted choice (or runs ``default_action`` when nothing
is highlighted), Esc runs ``on_escape`` (back in menus, pause at the table). A rebuild
keeps the highlight only while it is the same list of choices: a new list starts with
nothing highlighted, so Enter never confirms something the player did not pick. Scenes
lower in the stack keep their Python state but lose their UI elements while covered
(a table keeps them hidden, see ``pool_widgets``); they rebuild when uncovered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel

from game.ui import draw, style

if TYPE_CHECKING:
    from game.app import App

DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Choice:
    """A keyboard-reachable button and what pressing it does."""

    button: UIButton
    action: Callable[[], None]
    badge: bool = True


class Scene:
    opaque = True      # False: the scene below is drawn first (pause, notices)
    # True: under an overlay the scene shows as it last looked, buttons and all (its UI
    # elements are gone while covered). Never for a scene that may show someone's secrets.
    keep_look_when_covered = False
    cover_look: pygame.Surface | None = None
    busy = False       # True while animating; the app then keeps the full frame rate
    # A rebuild keeps the buttons that come back with the same place, text and look. Only
    # for scenes whose elements are all made with ``button`` (a kept button would end up
    # under a panel made again after it).
    keep_widgets = False
    # With ``keep_widgets``: a button no build wants any more is hidden and set aside (out of
    # the scene's container, so nothing finds or presses it) rather than killed, for a later
    # build to take back when it needs a button of that look and size; and while the scene is
    # covered its buttons are only hidden, for the build that uncovers it. Only for scenes
    # whose choices come and go all the time (a table after each move, after a hand-off).
    pool_widgets = False
    POOL_LIMIT = 48
    needs_full_theme = True   # False: the scene uses only style.MENU_THEME's blocks

    def __init__(self, app: "App") -> None:
        self.app = app
        self.manager = app.manager
        if self.needs_full_theme and hasattr(app, "complete_theme"):
            app.complete_theme()  # the app starts with the menu's part of the theme only
        self.root: UIContainer | None = None
        self.active = False
        self.choices: list[Choice] = []
        self.selected: int | None = None
        self._presses: dict[UIButton, Callable[[], None]] = {}
        self._made: dict[tuple, list[UIButton]] = {}    # this build's buttons, by what they show
        self._spare: dict[tuple, list[UIButton]] = {}   # the last build's, while rebuilding
        self._pool: dict[tuple, list[UIButton]] = {}    # set aside, hidden (``pool_widgets``)
        self._pooled_at: dict[UIButton, int] = {}       # the frame a pooled button came back

    # --- lifecycle (called by the app) ----------------------------------------------------
    @property
    def metrics(self) -> style.Metrics:
        return self.app.metrics

    def on_enter(self) -> None:
        self.active = True
        self.rebuild()

    def on_cover(self) -> None:
        self.active = False
        if self.pool_widgets and self.root is not None:
            # hidden (nothing draws, finds or presses them), for the build that uncovers it
            self.root.hide()
            return
        self.teardown()

    def on_uncover(self) -> None:
        self.cover_look = None
        self.active = True
        if self.pool_widgets and self.root is not None:
            self.root.show()
        self.rebuild()

    def on_exit(self) -> None:
        self.cover_look = None
        self.active = False
        self.teardown()

    def resize(self, width: int, height: int) -> None:
        self.cover_look = None
        if self.active:
            self.rebuild()

    def rebuild(self) -> None:
        keep = self.selected
        before = self._choice_texts()
        m = self.metrics
        old: list = []
        if (self.keep_widgets and self.root is not None and self.root.alive()
                and self.root.rect.size == (m.width, m.height)):
            # Same window: buttons that come back unchanged are kept, not made again
            # (pygame-gui draws every state of a new button, a frame's worth for a table).
            old = list(self.root.elements)
            if self.selected is not None and self.selected < len(self.choices):
                self.choices[self.selected].button.unselect()
            self._spare, self._made = self._made, {}
            self.choices, self._presses, self.selected = [], {}, None
        else:
            self.teardown()
            self.root = UIContainer(pygame.Rect(0, 0, m.width, m.height), self.manager)
        self.build(m)
        if old:
            kept = {id(b) for bs in self._made.values() for b in bs}
            if self.pool_widgets:
                kept |= self._set_aside(kept)
            for el in old:
                if id(el) not in kept:
                    el.kill()
        self._spare = {}
        self.app.ui_rebuilt = True  # the app lets pygame-gui lay the new elements out before drawing
        if keep is not None and keep < len(self.choices) and self._choice_texts() == before:
            self.select(keep)       # the same list (a resize, a redraw): keep the highlight

    def _choice_texts(self) -> tuple:
        return tuple((c.button.text, c.button.get_object_ids()[-1:]) for c in self.choices)

    def _set_aside(self, kept: set) -> set:
        """Hide the last build's buttons this one did not take and keep them in the pool;
        returns their ids (they are not to be killed)."""
        out = set()
        room = self.POOL_LIMIT - sum(len(bs) for bs in self._pool.values())
        for key, buttons in self._spare.items():
            for btn in buttons:
                if room <= 0 or id(btn) in kept or not btn.alive() or key[6] != id(self.root):
                    continue
                btn.hide()
                self.root.remove_element(btn)   # out of the container: not found, not laid out
                self._presses.pop(btn, None)
                self._pool.setdefault(key, []).append(btn)
                out.add(id(btn))
                room -= 1
        return out

    def teardown(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None
        for buttons in self._pool.values():
            for btn in buttons:
                btn.kill()
        self._pool, self._pooled_at = {}, {}
        self._made, self._spare = {}, {}
        self.choices = []
        self._presses = {}
        self.selected = None

    # --- to override -------------------------------------------------------------------
    def build(self, m: style.Metrics) -> None:
        """Create this screen's UI elements for the window described by ``m``."""

    def update(self, dt: float) -> None:
        """Advance animations and game logic by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw below the UI elements. The default is the noir backdrop."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw above the UI elements (badges, focus ring, custom tile contents)."""
        self._draw_badges(surface)

    def on_escape(self) -> None:
        """Esc: go back by default."""
        self.app.pop()

    def default_action(self) -> None:
        """Enter with nothing selected."""

    # --- building helpers ----------------------------------------------------------------
    def button(self, rect, text: str, on_press: Callable[[], None] | None = None, *,
               choice: bool = True, enabled: bool = True, cls: str | None = None,
               object_id: str | None = None, tooltip: str | None = None,
               badge: bool = True, container=None) -> UIButton:
        """A themed button. ``choice`` buttons join the keyboard order (1-9, arrows)."""
        rect = pygame.Rect(rect)
        where = container or self.root
        key = (tuple(rect), text, cls, object_id, tooltip, enabled, id(where))
        btn = self._take_spare(key)
        if btn is None:
            # the same button (look, size, id) elsewhere, with other words or now (un)available
            # (choice 3 is now another choice): moving it costs nothing, new words a third of
            # a new button, and switching it on or off only picks another of the states it
            # has drawn. A new size would draw it again: that is a new button.
            other, btn = self._take_like(key)
            if btn is not None:
                if other[0] != key[0]:
                    btn.set_relative_position(rect.topleft)
                if other[1] != text or other[4] != tooltip:
                    if getattr(btn, "tool_tip", None) is not None:
                        btn.tool_tip.kill()      # it spoke of the old words
                        btn.tool_tip = None
                    if other[1] != text:
                        btn.set_text(text)
                    btn.set_tooltip(tooltip)
                if enabled and not btn.is_enabled:
                    btn.enable()
                elif not enabled and btn.is_enabled:
                    btn.disable()
        if btn is not None and not btn.visible:
            btn.show()       # hidden by the last build (a table hides what does not apply)
        if btn is None:
            btn = UIButton(rect, text, self.manager, container=where, tool_tip_text=tooltip,
                           object_id=ObjectID(class_id=cls, object_id=object_id or None))
            if not enabled:
                btn.disable()
        self._made.setdefault(key, []).append(btn)
        if on_press is not None:
            self._presses[btn] = on_press
            if choice and enabled:
                self.choices.append(Choice(btn, on_press, badge))
        return btn

    def _take_spare(self, key: tuple, store: dict | None = None) -> UIButton | None:
        spare = (self._spare if store is None else store).get(key)
        while spare:
            candidate = spare.pop()
            if candidate.alive():
                return candidate
        return None

    def _take_like(self, key: tuple) -> tuple[tuple, UIButton | None]:
        """A spare (or else a pooled) button of the look, size and id ``key`` asks for;
        (its old key, the button) or ((), None)."""
        rect, text, cls, object_id, _, _, where = key
        best, score = None, -1
        for store in (self._spare, self._pool):
            for other, buttons in store.items():
                if (buttons and other[2] == cls and other[3] == object_id and other[6] == where
                        and other[0][2:] == rect[2:]):
                    # the same words (only moved) first, then the same place (only new words)
                    mine = 2 * (other[1] == text) + (other[0] == rect)
                    if mine > score:
                        best, score = (store, other), mine
            if best is not None:
                break
        if best is None:
            return (), None
        store, other = best
        btn = self._take_spare(other, store)
        if btn is not None and store is self._pool:
            self.root.add_element(btn)
            self._pooled_at[btn] = getattr(self.app, "frames", 0)
        return other, btn

    def stock_button(self, rect, cls: str | None = None, object_id: str | None = None) -> bool:
        """Make a button ahead, hidden, into the pool (``pool_widgets``) for a later build
        that wants one of this look, size and id; True if one was made (none was at hand)."""
        rect = pygame.Rect(rect)
        where = id(self.root)
        if self.root is None or sum(len(bs) for bs in self._pool.values()) >= self.POOL_LIMIT:
            return False
        for store in (self._made, self._pool):
            for key, buttons in store.items():
                if (buttons and key[2] == cls and key[3] == object_id and key[6] == where
                        and key[0][2:] == rect.size):
                    return False
        btn = UIButton(rect, "", self.manager, container=self.root,
                       object_id=ObjectID(class_id=cls, object_id=object_id or None))
        # pygame-gui draws a new button's other states (hovered, ...) one a frame after it,
        # and "disabled" only when new words come; a state's first picture at a new size
        # costs about a millisecond: all of them now
        shape = getattr(btn, "drawable_shape", None)
        if hasattr(shape, "states_to_redraw_queue"):
            shape.states_to_redraw_queue.clear()
            for state in list(shape.states):
                if state != "normal":
                    shape.redraw_state(state)
        btn.hide()
        self.root.remove_element(btn)
        self._pool.setdefault((tuple(rect), "", cls, object_id, None, True, where), []).append(btn)
        return True

    def label(self, rect, text: str, cls: str | None = None, container=None) -> UILabel:
        return UILabel(pygame.Rect(rect), text, self.manager, container=container or self.root,
                       object_id=ObjectID(class_id=cls, object_id=None))

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event the UI manager did not consume. True if it was used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            back = self._pooled_at.get(event.ui_element)
            if back is not None and back >= getattr(self.app, "frames", 0) - 1:
                return False    # pressed before it was set aside: it means something else now
            action = self._presses.get(event.ui_element)
            if action is not None:
                self.app.sound.play("click")
                action()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.handle_key(event)
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in DIGIT_KEYS:
            n = DIGIT_KEYS[key] - 1
            if n < len(self.choices) and self.choices[n].button.visible:
                self.select(n)
                self.activate(n)
                return True
            return False
        if key in CONFIRM_KEYS:
            if self.selected is not None and self.selected < len(self.choices):
                self.activate(self.selected)
            else:
                self.default_action()
            return True
        if key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        if key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB) and self.choices:
            self.select(0 if self.selected is None else (self.selected + 1) % len(self.choices))
            return True
        if key in (pygame.K_UP, pygame.K_LEFT) and self.choices:
            self.select(len(self.choices) - 1 if self.selected is None
                        else (self.selected - 1) % len(self.choices))
            return True
        return False

    def select(self, index: int | None) -> None:
        """Highlight the ``index``-th choice (Enter will then press it)."""
        if self.selected is not None and self.selected < len(self.choices):
            self.choices[self.selected].button.unselect()
        self.selected = index
        if index is not None:
            self.choices[index].button.select()

    def activate(self, index: int) -> None:
        choice = self.choices[index]
        self.app.sound.play("click")
        choice.action()

    # --- drawing helpers --------------------------------------------------------------------
    def _draw_badges(self, surface: pygame.Surface) -> None:
        """Small number hints on the first nine choices, and a ring on the selected one."""
        size = self.metrics.px(12)
        for i, c in enumerate(self.choices[:9]):
            if not c.badge or not c.button.visible:
                continue
            r = c.button.rect
            draw.blit_text(surface, str(i + 1), size, (r.x + self.metrics.px(6), r.y + self.metrics.px(3)),
                           style.TEXT_DIM, True)
        if self.selected is not None and self.selected < len(self.choices):
            r = self.choices[self.selected].button.rect.inflate(6, 6)
            pygame.draw.rect(surface, style.ACCENT_BRIGHT, r, 2, border_radius=self.metrics.px(9))


class Overlay(Scene):
    """A scene drawn over the one below it, which is shaded (pause menu, notices).

    While several people share the screen during a game, an overlay covers the table
    instead: it may stay open while others look, and the table may hold someone's secrets.
    """

    shade = 170

    @property
    def opaque(self) -> bool:
        return self.covers_table()

    def covers_table(self) -> bool:
        for scene in self.app.scenes:
            session = getattr(scene, "session", None)
            if session is not None and len(session.humans) > 1 and not session.is_over():
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.covers_table():
            surface.blit(draw.table_background(surface.get_size()), (0, 0))
            return
        surface.blit(draw.shade(surface.get_size(), (0, 0, 0, self.shade)), (0, 0))

    def centered(self, width: int, height: int) -> pygame.Rect:
        m = self.metrics
        return pygame.Rect((m.width - width) // 2, (m.height - height) // 2, width, height)
