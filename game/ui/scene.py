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

Keyboard (game.ui.controls says it to players): in menus and dialogs number keys 1-9
press the n-th *choice* (buttons made with ``choice=True``, in creation order: the number
drawn on it) at once; at a table (``TableScene``) a number only highlights it and the same
number again, or Enter, confirms it. Arrow keys move a highlight, Enter presses the
highlighted choice (or runs ``default_action`` when nothing is highlighted), Esc runs
``on_escape`` (back in menus, pause at the table). A rebuild keeps the highlight only
while it is the same list of choices: a new list starts with nothing highlighted, so Enter
never confirms something the player did not pick. While a text field has the cursor, the
app gives it every key and the scene none (``App.dispatch``). Scenes lower in the stack
keep their Python state but lose their UI elements while covered; they rebuild when
uncovered.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel

from game.i18n import _
from game.ui import button_states, draw, focus, shape_cache, style, words

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)
DIGIT_KEYS = {getattr(pygame, f"K_{i}"): i for i in range(1, 10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{i}"): i for i in range(1, 10)})
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class _DryButton:
    """What ``button`` hands a dry build (``planned_buttons``): whatever the build then
    does to its button (hide, disable...) is done to nothing."""

    visible = True
    is_enabled = True

    def __init__(self, rect: pygame.Rect, text: str) -> None:
        self.rect = self.relative_rect = rect
        self.text = text

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


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
    # With keep_widgets: a button a build leaves out is hidden and parked (out of the root
    # and of pygame-gui's sprite group: it cannot be found, drawn or pressed), and a later
    # build takes it back, moved if it has the same size (a dialog's options after each
    # move, the action buttons when the dialog closes: no new pygame-gui buttons).
    park_widgets = False
    PARKED_MAX = 48
    # With park_widgets: while another scene covers this one (a hand-off, the first look,
    # the pause menu), its buttons are only hidden, for the build that uncovers it, not
    # killed and made again. Never for a scene that draws someone's secrets on a button.
    hide_when_covered = False
    needs_full_theme = True   # False: the scene uses only style.MENU_THEME's blocks
    ahead: list | None = None   # park_ahead's buttons to be made later (see park_ahead)
    _dry: list | None = None    # planned_buttons: what a dry build asked for

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
        self._parked: dict[tuple, list[UIButton]] = {}  # park_widgets: left out by a build
        self._unparked_at: dict[UIButton, int] = {}     # the frame a parked button came back
        self.ring = focus.Ring(self)    # Tab's order and the focus ring (game.ui.focus)

    # --- lifecycle (called by the app) ----------------------------------------------------
    @property
    def metrics(self) -> style.Metrics:
        return self.app.metrics

    def on_enter(self) -> None:
        self.active = True
        if self.root is not None and not self.root.visible:
            self.root.show()     # made ahead, hidden (prepare)
        self.rebuild()

    def on_cover(self) -> None:
        self.active = False
        if self.hide_when_covered and self.root is not None:
            self.root.hide()     # nothing draws, finds or presses them while covered
            return
        self.teardown()

    def on_uncover(self) -> None:
        self.cover_look = None
        self.active = True
        if self.hide_when_covered and self.root is not None:
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

    def still_key(self):
        """As the top screen: a key of everything the scenes draw under the widgets while
        it stays the same (None: drawn every frame). With a key, the app shows the picture it
        kept of the last frame drawn with that key instead of drawing the scenes again
        (``App._draw``): for a screen that only sits there, like a game's results."""
        return None

    def rebuild(self) -> None:
        held = self.ring.begin()
        keep = self.selected
        before = self._choice_texts()
        m = self.metrics
        old: list = []
        if self._unparked_at:       # only the last frame's matter (see handle_event)
            now = getattr(self.app, "frames", 0)
            self._unparked_at = {b: f for b, f in self._unparked_at.items() if f >= now - 1}
        if (self.keep_widgets and self.root is not None and self.root.alive()
                and self.root.rect.size == (m.width, m.height)):
            # Same window: buttons that come back unchanged are kept, not made again
            # (pygame-gui draws every state of a new button, a frame's worth for a table).
            old = list(self.root.elements)
            if self.selected is not None and self.selected < len(self.choices):
                self.choices[self.selected].button.unselect()
            self._spare, self._made = self._made, {}
            for k, bs in self._parked.items():
                self._spare.setdefault(k, []).extend(bs)
            self.choices, self._presses, self.selected = [], {}, None
        else:
            self.teardown()
            self.root = UIContainer(pygame.Rect(0, 0, m.width, m.height), self.manager)
        self.build(m)
        if old or self._parked:
            kept = {id(b) for bs in self._made.values() for b in bs}
            left = {id(b): k for k, bs in self._spare.items() for b in bs}
            parked, self._parked = self._parked, {}
            for el in old:
                if id(el) in kept:
                    continue
                if self.park_widgets and id(el) in left and el.alive():
                    self._park(el, left[id(el)])
                else:
                    el.kill()
            for k, bs in parked.items():     # parked before, not taken back by this build
                for b in bs:
                    if id(b) in left:
                        self._parked.setdefault(k, []).append(b)
            self._trim_parked()
        self._spare = {}
        self.app.ui_rebuilt = True  # the app lets pygame-gui lay the new elements out before drawing
        if keep is not None and keep < len(self.choices) and self._choice_texts() == before:
            self.select(keep)       # the same list (a resize, a redraw): keep the highlight
        self.ring.end(held)         # a control with the focus keeps it if it is still there

    def planned_buttons(self, m: style.Metrics) -> list[tuple]:
        """The buttons a build would make now, as (rect, text, cls, object_id), found by a
        build that makes none (``button`` hands it a _DryButton): a curtain then makes them
        one a frame (park_ahead) and the real build only takes them."""
        saved = (self.choices, self._presses, self.selected)
        self.choices, self._presses, self._dry = [], {}, []
        try:
            self.build(m)
            return self._dry
        except Exception:   # noqa: BLE001 - a build that wants more of a button than the
            # stand-in gives: nothing is made ahead, the real build makes all as before
            log.debug("dry build of %s failed", type(self).__name__, exc_info=True)
            return []
        finally:
            self._dry = None
            self.choices, self._presses, self.selected = saved

    def prepare(self):
        """Before this screen is put up (a generator, one piece a ``yield``: the app's
        ``ahead`` runs them in frames with room): its root and the buttons its first build
        will ask for, made and parked, so that putting it up only takes them (a new button
        costs 2-3 ms). Only for scenes that park (``keep_widgets`` and ``park_widgets``);
        the root stays hidden until ``on_enter``."""
        if not (self.keep_widgets and self.park_widgets) or self.active:
            return
        m = self.metrics
        if self.root is None:
            self.root = UIContainer(pygame.Rect(0, 0, m.width, m.height), self.manager)
            self.root.hide()
        yield
        yield from self.buttons_missing(self.planned_buttons(m))

    def buttons_missing(self, planned: list[tuple]):
        """Make (one a step, parked) the ``planned`` buttons that no button shown or parked
        can be: one of the same size, class and id (a build moves and relabels it)."""
        if not self.park_widgets or self.root is None:
            return
        have: dict[tuple, int] = {}
        for store in (self._made, self._parked):
            for key, bs in store.items():
                like = (key[0][2:], key[2], key[3])
                have[like] = have.get(like, 0) + len(bs)
        for rect, text, cls, object_id in planned:
            like = (tuple(rect[2:]), cls, object_id)
            if have.get(like, 0) > 0:
                have[like] -= 1
                continue
            yield
            if self.root is None:       # torn down meanwhile (the screen is not wanted)
                return
            yield from self.park_steps(rect, text, cls=cls, object_id=object_id)

    def _choice_texts(self) -> tuple:
        return tuple((c.button.text, c.button.get_object_ids()[-1:]) for c in self.choices)

    def park_ahead(self, rect, text: str, *, cls: str | None = None,
                   object_id: str | None = None) -> None:
        """Make a button before any build asks for it and park it (``park_widgets``): a
        build that asks for one of its size, class and id takes it, moved and relabelled
        (a table makes its dialogs' buttons while it is put up, not in a move's frame).
        While ``ahead`` is a list, the button is only noted there, made later by who set it
        (a curtain makes one a frame)."""
        for _step in self.park_steps(rect, text, cls=cls, object_id=object_id):
            pass

    def park_steps(self, rect, text: str, *, cls: str | None = None,
                   object_id: str | None = None):
        """``park_ahead`` in pieces (a generator): the button, then each of its other
        states, one a ``yield`` (a wide button's five states took 10-12 ms in one piece)."""
        if self.ahead is not None:
            self.ahead.append((rect, text, cls, object_id))
            return
        rect = pygame.Rect(rect)
        # its looks first, a piece at a time: a look not seen yet is a frame's work at once
        yield from shape_cache.looks_ahead(self.manager, self.root, cls, object_id, rect.size)
        if self.root is None:           # torn down meanwhile (the screen is not wanted)
            return
        btn = UIButton(rect, text, self.manager, container=self.root,
                       object_id=ObjectID(class_id=cls, object_id=object_id or None))
        self._park(btn, (tuple(rect), text, cls, object_id, None, True, id(self.root)))
        # its other states drawn ahead (hovered, disabled) now too, not one a frame once
        # shown: pygame-gui keeps their shapes, which then serve this size's buttons at once
        # (the focus and pressed looks are drawn when first shown: game.ui.button_states)
        shape = getattr(btn, "drawable_shape", None)
        if shape is None:
            return
        for name, state in shape.states.items():
            if not state.generated and button_states.drawn_ahead(name):
                yield
                if state.generated:
                    continue
                shape.redraw_state(name)
                if name in shape.states_to_redraw_queue:
                    shape.states_to_redraw_queue.remove(name)

    def _park(self, btn: UIButton, key: tuple) -> None:
        if getattr(btn, "tool_tip", None) is not None:
            btn.tool_tip.kill()
            btn.tool_tip = None
        btn.hide()
        self.root.remove_element(btn)
        btn.remove_element_from_focus_set(btn)
        btn.remove(*btn.groups())         # out of pygame-gui's updates, drawing and events
        self._parked.setdefault(key, []).append(btn)

    def _unpark(self, btn: UIButton) -> None:
        self.manager.get_sprite_group().add(btn)
        self.root.add_element(btn)

    def _trim_parked(self) -> None:
        n = sum(len(bs) for bs in self._parked.values())
        for k in list(self._parked):
            while n > self.PARKED_MAX and self._parked[k]:
                self._parked[k].pop(0).kill()
                n -= 1
            if not self._parked[k]:
                del self._parked[k]

    def stock_button(self, rect, cls: str | None = None, object_id: str | None = None) -> bool:
        """Make a button of this look and size ahead and park it, unless one is at hand
        (shown or parked) or the park is full; True if one was made."""
        rect = pygame.Rect(rect)
        where = id(self.root)
        if self.root is None or sum(len(bs) for bs in self._parked.values()) >= self.PARKED_MAX:
            return False
        for store in (self._made, self._parked):
            for key, bs in store.items():
                if (bs and key[2] == cls and key[3] == object_id and key[6] == where
                        and key[0][2:] == rect.size):
                    return False
        self.park_ahead(rect, "", cls=cls, object_id=object_id)
        return True

    def is_parked(self, btn: UIButton) -> bool:
        return any(b is btn for bs in self._parked.values() for b in bs)

    def teardown(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None
        for bs in self._parked.values():
            for b in bs:
                b.kill()
        self._parked, self._unparked_at = {}, {}
        self._made, self._spare = {}, {}
        self.choices = []
        self._presses = {}
        self.selected = None
        self.ring.items, self.ring.current = [], None

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

    def focus_wraps(self, step: int) -> bool:
        """Tab past the last control (``step`` 1) or Shift+Tab before the first (-1): True
        if the scene's own choices (not buttons: a hand of cards) take the focus there."""
        return False

    def why_off(self, btn) -> str:
        """Why the switched-off ``btn`` is off, in the player's words."""
        why = getattr(btn, "why_off", None) or _("Not available now.")
        return why[:1].upper() + why[1:]

    def refuse_off(self, btn) -> None:
        """Enter on a switched-off button: say why, do nothing (tables say it in their
        status line). Here the note under the focused button already says it."""
        self.app.sound.play("refused")

    def draw_why_off(self, surface: pygame.Surface, btn) -> None:
        """Why the focused button is off, in a note under it (over it at the window's foot)."""
        self.draw_note_under(surface, btn, self.why_off(btn))

    def draw_note_under(self, surface: pygame.Surface, btn, text: str) -> None:
        """A note for the focused ``btn`` under it (over it at the window's foot)."""
        m = self.metrics
        fs = m.px(13)
        width = max(btn.rect.width, m.px(260))
        lines = draw.wrap(text, fs, width - 2 * m.px(8))
        step = draw.font(fs).get_linesize()
        r = pygame.Rect(0, 0, width, len(lines) * step + 2 * m.px(5))
        r.midtop = (btn.rect.centerx, btn.rect.bottom + m.px(8))
        if r.bottom > surface.get_height():
            r.midbottom = (btn.rect.centerx, btn.rect.y - m.px(8))
        r.clamp_ip(surface.get_rect())
        draw.panel(surface, r, m.px(6), alpha=250)
        pygame.draw.rect(surface, style.TEXT_MUTED, r, 1, border_radius=m.px(6))
        y = r.y + m.px(5)
        for ln in lines:
            draw.blit_text(surface, ln, fs, (r.x + m.px(8), y), style.TEXT)
            y += step

    def on_escape(self) -> None:
        """Esc: go back by default."""
        self.app.pop()

    def default_action(self) -> None:
        """Enter with nothing selected."""

    # --- building helpers ----------------------------------------------------------------
    def button(self, rect, text: str, on_press: Callable[[], None] | None = None, *,
               choice: bool = True, enabled: bool = True, cls: str | None = None,
               object_id: str | None = None, tooltip: str | None = None,
               badge: bool = True, container=None, wrap: bool = False,
               why: str | None = None) -> UIButton:
        """A themed button. ``choice`` buttons join the keyboard order (1-9, arrows).
        ``wrap``: its words take as many lines as its height holds (game.ui.words).
        ``why``: when switched off, why (shown while it has the focus; else its tooltip)."""
        rect = pygame.Rect(rect)
        if wrap:
            cls = words.wrap_class(cls)
        if self._dry is not None:
            self._dry.append((tuple(rect), text, cls, object_id))
            return _DryButton(rect, text)
        where = container or self.root
        key = (tuple(rect), text, cls, object_id, tooltip, enabled, id(where))
        btn = self._take_spare(key)
        # else the same button in the same place with other words or now (un)available
        # (choice 3 is now another choice): new words cost a third of a new button, and
        # switching it on or off only picks another of the states it has drawn; a scene
        # that parks buttons also takes one of the same size from elsewhere and moves it
        # (a dialog's options, in a dialog of another height)
        if btn is None:
            btn, other = self._take_like(key)
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
                if self.park_widgets:
                    _states_when_shown(btn)
        if btn is not None and not btn.visible:
            btn.show()       # hidden by the last build (a table hides what does not apply)
        if btn is None:
            btn = UIButton(rect, text, self.manager, container=where, tool_tip_text=tooltip,
                           object_id=ObjectID(class_id=cls, object_id=object_id or None))
            if not enabled:
                btn.disable()
        self._made.setdefault(key, []).append(btn)
        btn.why_off = None if enabled else (why or tooltip)
        btn.full_words = None        # set by a scene that shortened its words
        if on_press is not None:
            self._presses[btn] = on_press
            self.ring.add(btn)
            if choice and enabled:
                self.choices.append(Choice(btn, on_press, badge))
        return btn

    def _take_like(self, key: tuple) -> tuple[UIButton | None, tuple]:
        """A spare button like ``key`` but for its words, tooltip or state: in the same
        place, or (a parking scene) of the same size anywhere; the same words first (only
        moved: nothing drawn again), then the same place. (button, its old key)."""
        if self.park_widgets:
            def like(k):
                return (k[0][2:],) + k[2:4] + k[6:]
        else:
            def like(k):
                return k[:1] + k[2:4] + k[6:]
        want = like(key)
        for other in sorted(self._spare, key=lambda o: (o[1] != key[1], o[0] != key[0])):
            if like(other) == want:
                btn = self._take_spare(other)
                if btn is not None:
                    return btn, other
        return None, ()

    def _take_spare(self, key: tuple) -> UIButton | None:
        spare = self._spare.get(key)
        while spare:
            candidate = spare.pop()
            if candidate.alive():
                return candidate
            if self.is_parked(candidate):
                self._unpark(candidate)
                self._unparked_at[candidate] = getattr(self.app, "frames", 0)
                return candidate
        return None

    def label(self, rect, text: str, cls: str | None = None, container=None) -> UILabel:
        return UILabel(pygame.Rect(rect), text, self.manager, container=container or self.root,
                       object_id=ObjectID(class_id=cls, object_id=None))

    # --- input ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event the UI manager did not consume. True if it was used."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            back = self._unparked_at.get(event.ui_element)
            if back is not None and back >= getattr(self.app, "frames", 0) - 1:
                # pressed (a frame ago) before it came back from the park: it meant
                # something else then, or nothing
                return False
            action = self._presses.get(event.ui_element)
            if action is not None:
                self.app.sound.play("click")
                action()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return self.ring.key(event) or self.handle_key(event)
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
        if key == pygame.K_TAB:
            return self.ring.tab(event)     # every control, in order; Shift+Tab goes back
        if key == pygame.K_SPACE and self.selected is not None and self.selected < len(self.choices):
            self.activate(self.selected)
            return True
        if key in (pygame.K_DOWN, pygame.K_RIGHT) and self.choices:
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
            self.ring.chose()
            self.choices[index].button.select()

    def activate(self, index: int) -> None:
        choice = self.choices[index]
        self.app.sound.play("click")
        choice.action()

    # --- drawing helpers --------------------------------------------------------------------
    def _draw_badges(self, surface: pygame.Surface) -> None:
        """Small number hints on the first nine choices, and the focus ring."""
        words.draw(surface, (b for k, bs in self._made.items() if words.wrapping(k[2]) for b in bs))
        size = self.metrics.px(12)
        for i, c in enumerate(self.choices[:9]):
            if not c.badge or not c.button.visible:
                continue
            r = c.button.rect
            draw.blit_text(surface, str(i + 1), size, (r.x + self.metrics.px(6), r.y + self.metrics.px(3)),
                           style.TEXT_DIM, True)
        self.ring.draw(surface)


def _states_when_shown(btn: UIButton) -> None:
    """After new words pygame-gui draws each of a button's states again, one a frame (a
    table relabels several buttons at a move: a millisecond or two of the next frames).
    The state shown is drawn now; the others when first shown (hovered, pressed), as
    pygame-gui does for a state it has not drawn."""
    shape = getattr(btn, "drawable_shape", None)
    queue = getattr(shape, "states_to_redraw_queue", None)
    if not queue:
        return
    for name in queue:
        shape.states[name].generated = False
    queue.clear()
    shown = shape.active_state.state_id
    if not shape.states[shown].generated:
        shape.redraw_state(shown)


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
