"""The app: window, theme, settings, event bus, the scene stack and the one main loop.

``App.step()`` runs one iteration of the loop (read events, update, draw); ``App.run()``
repeats it until Quit. Only ``step`` reads pygame events: it gives each to pygame-gui
first, then to the top scene. Tests drive the real app by posting events and calling
``step``.
"""

from __future__ import annotations

import gc
import logging
import threading
import time
import warnings
from functools import cached_property
from typing import TYPE_CHECKING

import pygame

from game import crash
from game.i18n import _
from game.storage import settings as settings_store
from game.ui import draw, shape_cache, style
from game.ui.sound import Sounds, init_pygame

if TYPE_CHECKING:
    from game.bus import EventBus
    from game.ui.scene import Scene

log = logging.getLogger("shadows.app")

FPS = 60
IDLE_FPS = 12          # nothing moved and nobody touched anything for IDLE_AFTER seconds
IDLE_AFTER = 1.5
IDLE_DRAW_EVERY = 6    # while idle, redraw twice a second (a text cursor still blinks)
FRESH_DRAW_UNTIL = 0.011   # CPU s into a frame after which a new screen's first draw waits
STILL_ROOM = 0.004    # CPU s into a frame after which no surface is made for a still picture
# Python's collector: a pass over its oldest generation scans every object the app keeps
# (a table's widgets, pictures, the game): 4-11 ms of CPU mid-game (measured), started in
# whatever frame Python picks, often on the computer player's thread, where it holds the
# interpreter lock and the screen waits for it all the same. So the collector's own trigger
# for that generation is off, and the app collects it once the screen has stood still
# (nothing moving, nothing to think about, no input) for QUIET_FRAMES frames: the person is
# reading, and the same picture stays a few milliseconds longer. Young generations are
# still collected as Python does (short passes).
OLD_GEN_OFF = 10**9      # the collector's own trigger for the oldest generation: never
QUIET_FRAMES = 90        # still frames in a row (1.5 s, as IDLE_AFTER) before it is collected
OLD_GEN_DUE = 10         # young passes since it last ran before it is due (Python's own figure)
OLD_GEN_MUST = 100       # young passes since it last ran after which it runs in any frame
# A pass scans every object not frozen, and a table keeps thousands (its widgets, pictures,
# the game): 13 ms CPU mid-game at Chasing (measured), a dropped frame whatever frame it
# falls in. So what a table is built from is frozen (gc.freeze: never scanned, an O(1) move)
# once the table is on screen, and what survives each of the app's passes while it plays:
# a pass scans only what was made since. Frozen cyclic garbage is not freed, so when no
# table is left on the stack everything is thawed and collected in one pass as soon as the
# menu has stood still MENU_QUIET_FRAMES frames (a fifth of a second), then frozen again.
MENU_QUIET_FRAMES = 12
PYTHON_GC = gc.get_threshold()   # the collector's own thresholds, given back at quit
WINDOW_TITLE = "Shadows Tabletop"


TYPING_EVENTS = frozenset((pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT))
INPUT_EVENTS = frozenset((pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN,
                          pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL))


def _display_size() -> tuple[int, int]:
    """The desktop the window opens on ((0, 0) when the driver cannot say)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return (0, 0)  # no real screen: its made-up size says nothing
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return (0, 0)
    return tuple(sizes[0]) if sizes else (0, 0)


class App:
    def __init__(self, size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 *, show_start_notices: bool = True) -> None:
        init_pygame()  # pygame.init() minus the sound system's console noise
        from game.storage import problems, startup

        problems.clear()  # no write has failed in this app yet
        startup.prepare()
        self.settings, settings_notice = settings_store.load_settings()
        from game.i18n.screens import gui_locale, start_language

        start_language(self.settings.language)   # before the theme: its fonts follow it
        from game.ui import palette

        palette.apply_settings(self.settings)     # colours and text size, before the theme
        if settings_notice:
            problems.tell(settings_notice)
        if size is not None:
            size = (max(style.MIN_SIZE[0], size[0]), max(style.MIN_SIZE[1], size[1]))
            self.settings.window_size = size
        self.settings.clamp_window(_display_size())
        if fullscreen is not None:
            self.settings.window_mode = "fullscreen" if fullscreen else "windowed"
        pygame.display.set_caption(WINDOW_TITLE)
        self._set_icon()
        self.screen = self._open_window()
        w, h = self.screen.get_size()
        self.metrics = style.Metrics.for_size(w, h)
        self._theme_scale = round(self.metrics.scale, 2)
        from game.ui.theme_cache import Manager

        # the menu's blocks of the theme now, the rest when another screen needs them
        # (or all of it at once: a theme kept from an App before in this process)
        self.manager = Manager((w, h), style.scaled_theme(self._theme_scale),
                               locale=gui_locale(), first=style.MENU_THEME)
        self._theme_later = self.manager.theme_later
        self.sound = Sounds(self.settings.volume, self.settings.muted, self.settings.cue_volumes)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self._shown_top: Scene | None = None     # the top scene of the last frame shown
        self._still: tuple | None = None   # (top scene, its still_key) of _still_pic: _draw
        self._still_pic: pygame.Surface | None = None
        self.fresh_draws_put_off = 0   # first draws of a new screen left to the next frame
        self.ui_rebuilt = False
        self.running = True
        self.frames = 0
        self.frame_began = time.thread_time()   # CPU time when this frame began (step)
        from game.ui.ahead import Ahead

        self.ahead = Ahead()   # what coming screens need, made a piece a frame (game.ui.ahead)
        self.quiet_frames = 0  # frames in a row the screen stood still (collect_garbage)
        self.old_collections = 0   # passes over the oldest generation made by the app
        self.collector_held = False   # the app, not Python, picks the old generation's frames
        self.frozen_table = None      # the game table whose objects are frozen (collect_garbage)
        self.thawed = False           # thawed after a table: one whole pass due on the menu
        self.froze = False            # the app has frozen objects since start-up
        self.number_warming: threading.Thread | None = None   # warm_numbers
        self._last_activity = time.monotonic()
        self._drop_input = False
        self._retry_at = 0.0
        # Set from another thread (a phone's choice arrived) to end an idle frame's wait
        # at once instead of at the next twelfth of a second.
        self.wake = threading.Event()
        self._ticked = time.monotonic()

        from game.ui.banner import SaveBanner
        from game.ui.scenes.menu import MenuScene

        self.banner = SaveBanner(self)
        self.coach = None  # a game.ui.coach.Coach while a tutorial is on
        self.push(MenuScene(self))
        self.show_start_notices = show_start_notices
        self._tell_notices()
        # The first frame's own update lays the menu out; a second one would only draw
        # more of its buttons' other states (hover, pressed) before anyone can see it.
        self.ui_rebuilt = False

    @cached_property
    def bus(self) -> "EventBus":
        """The event bus between a game's session and its table, made when the first game
        opens: the menu never needs it, and its typed messages cost start-up time."""
        from game.bus import EventBus

        return EventBus()

    # --- window ---------------------------------------------------------------------------
    def _set_icon(self) -> None:
        try:
            from game.resources import asset_path

            pygame.display.set_icon(pygame.image.load(str(asset_path("icon.png"))))
        except (FileNotFoundError, pygame.error):
            pass  # the icon is optional (it is made by the build scripts)

    def _open_window(self) -> pygame.Surface:
        if self.settings.window_mode == "fullscreen":
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(tuple(self.settings.window_size), pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    # pygame-ce 2.5 has no other way to reach the display module's window
                    warnings.simplefilter("ignore", DeprecationWarning)
                    pygame.Window.from_display_module().minimum_size = style.MIN_SIZE
            except (AttributeError, pygame.error):
                pass  # older SDL: the resize handler clamps instead
        return screen

    @property
    def fullscreen(self) -> bool:
        return self.settings.window_mode == "fullscreen"

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        self.settings.window_mode = "fullscreen" if on else "windowed"
        settings_store.save_settings(self.settings)
        self.screen = self._open_window()
        self._relayout(*self.screen.get_size())

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def resize(self, width: int, height: int) -> None:
        """The window is now ``width`` x ``height`` (clamped to the minimum size)."""
        width, height = max(style.MIN_SIZE[0], width), max(style.MIN_SIZE[1], height)
        if self.screen.get_size() != (width, height) and not self.fullscreen:
            self.screen = pygame.display.set_mode((width, height), pygame.RESIZABLE)
        if not self.fullscreen:
            self.settings.window_size = (width, height)
        self._relayout(*self.screen.get_size())

    def _relayout(self, width: int, height: int) -> None:
        self.metrics = style.Metrics.for_size(width, height)
        self.manager.set_window_resolution((width, height))
        scale = round(self.metrics.scale, 2)
        if scale != self._theme_scale:
            self._theme_scale = scale
            theme = style.scaled_theme(scale)
            self.manager.get_theme().load_theme(theme)  # loads the theme's fonts too
            self._theme_later = None
        for scene in self.scenes:
            scene.resize(width, height)
        self.banner.resize()
        self.touch()

    def restyle(self) -> None:
        """Colours or text size changed (Settings): a new theme, and every screen made
        again in the new look."""
        from game.ui import palette

        palette.apply_settings(self.settings)
        self._theme_scale = None        # the theme is made anew by the relayout
        for scene in self.scenes:
            scene.cover_look = None     # a picture of a screen in the old look
            if getattr(scene, "log_panel", None) is not None:
                scene.log_panel = None  # its lines were laid out for the old text size
        self._relayout(*self.screen.get_size())
        self.manager.rebuild_all_from_changed_theme_data()

    # --- scene stack -----------------------------------------------------------------------
    @property
    def top(self) -> "Scene | None":
        return self.scenes[-1] if self.scenes else None

    def complete_theme(self) -> None:
        """Load the theme blocks the menu does not use (the app starts without them; every
        other scene asks for them as it is made)."""
        if self._theme_later:
            self.manager.get_theme().load_theme(self._theme_later)
        self._theme_later = None

    def push(self, scene: "Scene") -> "Scene":
        if self.scenes:
            below = self.scenes[-1]
            if below.keep_look_when_covered and self._shown_top is below:
                below.cover_look = self.screen.copy()   # what was on screen, buttons and all
            below.on_cover()
        self.scenes.append(scene)
        scene.on_enter()
        self.screen_changed()
        return scene

    def pop(self) -> "Scene | None":
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.on_exit()
        if self.scenes:
            self.scenes[-1].on_uncover()
        else:
            self.quit()
        self.screen_changed()
        return scene

    def replace(self, scene: "Scene") -> "Scene":
        """Swap the top scene for ``scene`` (the one below is not uncovered in between)."""
        if self.scenes:
            self.scenes.pop().on_exit()
        self.scenes.append(scene)
        scene.on_enter()
        self.screen_changed()
        return scene

    def pop_to(self, kind: type) -> None:
        """Pop scenes until one of class ``kind`` is on top."""
        while len(self.scenes) > 1 and not isinstance(self.scenes[-1], kind):
            self.scenes.pop().on_exit()
        if self.scenes:
            self.scenes[-1].on_uncover()
        self.screen_changed()

    def find(self, kind: type) -> "Scene | None":
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def notify(self, text: str, title: str = "Notice") -> None:
        """Show a message window over whatever is on screen."""
        from game.ui.scenes.notice import NoticeScene

        log.info("notice: %s", text)
        self.push(NoticeScene(self, text, title))

    def screen_changed(self) -> None:
        """Input queued for the old screen must not act on the new one (Up+Enter in one
        frame once landed on Quit): the rest of this frame's keys and clicks are dropped."""
        self._drop_input = True
        self.touch()

    # --- saving that fails -------------------------------------------------------------------
    def game_session(self):
        """The session of the game at the table, if one is open."""
        for scene in reversed(self.scenes):
            session = getattr(scene, "session", None)
            if session is not None and hasattr(session, "save_to"):
                return session
        return None

    def open_save_to(self) -> None:
        from game.ui.scenes.save_to import SaveToScene

        session = self.game_session()
        if session is not None and not isinstance(self.top, SaveToScene):
            self.push(SaveToScene(self, session))

    def _tell_notices(self) -> None:
        """Say once what storage had to do (a damaged file kept aside, a folder freed)."""
        from game.storage import problems

        notices = problems.take_notices()
        if notices and self.show_start_notices:
            self.notify("\n\n".join(notices), title=_("Some files needed attention"))

    def _retry_waiting_writes(self) -> None:
        """Results that could not be written wait in memory; try again now and then."""
        from game.storage import problems

        now = time.monotonic()
        if now >= self._retry_at and any(p.what in ("statistics", "history")
                                         for p in problems.failing()):
            from game.storage import history
            from game.storage import stats as stats_store

            self._retry_at = now + 5.0
            stats_store.flush_pending()
            history.flush_pending()

    # --- settings -----------------------------------------------------------------------------
    def save_settings(self) -> None:
        settings_store.save_settings(self.settings)  # a failure shows in the banner
        self.sound.configure(self.settings.volume, self.settings.muted, self.settings.cue_volumes)

    # --- the main loop --------------------------------------------------------------------------
    def touch(self) -> None:
        self._last_activity = time.monotonic()

    def quit(self) -> None:
        if not self.running:
            return
        self.running = False
        for scene in reversed(self.scenes):
            scene.on_exit()
        self.scenes = []
        self.manager.release()     # its theme serves the next App of this process
        self.release_collector()
        from game.storage import history
        from game.storage import stats as stats_store

        settings_store.save_settings(self.settings)
        stats_store.flush_pending()
        history.flush_pending()

    def request_quit(self) -> None:
        """The window's close button. The game is saved after every move, so quitting
        loses nothing, except when saving has been failing: then ask first."""
        session = self.game_session()
        if session is not None:
            session.flush_saves()   # the last move's save may still be on its way to disk
        if session is None or not session.save_problem or session.is_over():
            self.quit()
            return
        from game.ui.scenes.confirm import ConfirmScene

        if isinstance(self.top, ConfirmScene):
            return
        self.push(ConfirmScene(
            self, "Quit without saving?",
            f"This game could not be saved ({session.save_problem}). If you quit now, the "
            "moves since it was last saved are lost.",
            [("Keep playing", "#keep_playing", lambda: None),
             ("Save to…", "#quit_save_to", self.open_save_to),
             ("Quit anyway", "#quit_anyway", self.quit)]))

    def idle(self) -> bool:
        top = self.top
        return (time.monotonic() - self._last_activity > IDLE_AFTER
                and not (top is not None and top.busy))

    def step(self, dt: float | None = None) -> bool:
        """One iteration of the main loop. Returns False once the app has quit."""
        self.frame_began = time.thread_time()   # scenes spread optional work by what is left
        idle = self.idle()
        if dt is None:
            dt = self._pace(idle)
        self._drop_input = False
        for event in pygame.event.get():
            if self._drop_input and event.type in INPUT_EVENTS:
                continue
            self.dispatch(event)
            if not self.running:
                return False
        self.banner.sync()
        self._retry_waiting_writes()
        self._tell_notices()
        self.manager.update(dt)
        self.banner.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
        if self.coach is not None:
            self.coach.update(dt)
        if not self.running:
            return False
        if self.top is not top or self.ui_rebuilt:
            # A scene pushed during update (e.g. a hand-off) must not be drawn over the
            # previous scene's widgets for one frame, and a screen rebuilt during update
            # (a dialog opening) must not show empty buttons: let pygame-gui catch up first.
            self.manager.update(0.0)
        self.ui_rebuilt = False
        if not idle or self.frames % IDLE_DRAW_EVERY == 0:
            self.draw()
        if not getattr(self.top, "runs_ahead", False):
            # (a curtain runs this work as its own steps, within its own share of a frame)
            self.ahead.run(self.frame_began)
        self.frames += 1
        if self.frames == 2:
            # The menu is up: what it does not show is done while it is read.
            self.sound.warm_up()   # the sounds are made on a background thread
            crash.log_versions()
            draw.fonts_settle()
            self.warm_numbers()
            # the shape cache's room, one 1024x1024 surface a piece: pygame-gui adds one
            # when its first is full, in whatever frame that is (measured 2-13 ms)
            self.ahead.add("shape cache room", shape_cache.make_room(self.manager))
            self.hold_collector()
        self.collect_garbage()
        return True

    def warm_numbers(self) -> None:
        """Babel and its number data for the language, read on a background thread while
        the menu is read: the first percentage a table showed (a risky move's note in
        Harsh Shadows) imported Babel and read its locale data inside a frame (measured
        20-70 ms)."""
        def work() -> None:
            from game.i18n import numbers

            numbers.percent_text(0.5)
            numbers.decimal_text(0.5)

        self.number_warming = threading.Thread(target=work, name="number-formats", daemon=True)
        self.number_warming.start()

    # --- the garbage collector ------------------------------------------------------------------
    def hold_collector(self) -> None:
        """What start-up made is set aside (never scanned again) and the oldest generation
        is collected by ``collect_garbage`` instead of in whatever frame Python picks."""
        if not gc.isenabled():  # held off by the start (game.__main__): on again
            gc.freeze()
            gc.enable()
        young, middle, _ = gc.get_threshold()
        gc.set_threshold(young, middle, OLD_GEN_OFF)
        self.collector_held = True

    def release_collector(self) -> None:
        """Python's own thresholds again (the app quits)."""
        if self.collector_held:
            gc.set_threshold(*PYTHON_GC)
            self.collector_held = False
        if self.frozen_table is not None or self.froze:
            gc.unfreeze()      # what the app froze is Python's to collect again
            self.frozen_table, self.thawed, self.froze = None, False, False

    def collect_garbage(self) -> None:
        """The oldest generation, collected in a frame after the screen has stood still for
        QUIET_FRAMES frames: a pause there shows nothing (the picture is the same) and only
        the person's next click may wait for it. Should the screen never stand still
        (computers playing on at speed), it runs after OLD_GEN_MUST young passes in whatever
        frame that is, as Python would have, only more rarely. While a table plays, its
        long-lived objects are frozen (``MENU_QUIET_FRAMES``'s note), so such a pass is short."""
        if not self.collector_held:
            return
        top = self.top
        # a moment held to be seen (a trick's end, a reveal, the final board's linger) is
        # not a quiet frame: its end changes the screen on time. A pass in it (16 ms at the
        # end of a Chasing game, its final trick's frames) waits for the person to read
        still = top is None or (not top.busy and getattr(top, "still", lambda: True)()
                                and not getattr(top, "moments", None))
        self.quiet_frames = self.quiet_frames + 1 if still else 0
        table = next((s for s in reversed(self.scenes) if getattr(s, "game_table", False)), None)
        if table is not self.frozen_table:
            if self.frozen_table is not None:
                gc.unfreeze()     # the table left: its objects may be garbage now
                self.frozen_table, self.thawed = None, True
            if table is not None and top is table:
                self._freeze()    # on screen and built: what it is made of stays
                self.frozen_table = table
        waiting = gc.get_count()[2]
        if self.thawed and table is None:
            if self.quiet_frames >= MENU_QUIET_FRAMES or waiting >= OLD_GEN_MUST:
                self._collect_old()
                self._freeze()    # the menu's own objects, as at start-up
                self.thawed = False
            return
        if waiting >= OLD_GEN_MUST or (waiting >= OLD_GEN_DUE and self.quiet_frames >= QUIET_FRAMES):
            self._collect_old()
            if self.frozen_table is not None:
                self._freeze()    # what outlived a pass at the table lives as long as it

    def _freeze(self) -> None:
        gc.freeze()
        self.froze = True

    def _collect_old(self) -> None:
        gc.collect()
        self.old_collections += 1
        self.quiet_frames = 0

    def _pace(self, idle: bool) -> float:
        """Wait out the rest of the frame (1/60 s, or 1/12 s while idle), but no longer
        once ``wake`` is set: a phone's choice is then handled at once."""
        rest = 1 / (IDLE_FPS if idle else FPS) - (time.monotonic() - self._ticked)
        if rest > 0 and self.wake.wait(rest) or self.wake.is_set():
            self.wake.clear()
            self.touch()
        self._ticked = time.monotonic()
        return self.clock.tick() / 1000.0

    def dispatch(self, event: pygame.event.Event) -> None:
        self.touch()  # any input (even a hover) gets full-rate frames for a while
        self.quiet_frames = 0
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if self.banner.process(event):
            return
        if self.coach is not None and self.coach.process(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.DROPFILE:
            from game.ui.review.files import dropped_file

            dropped_file(self, event.file)
            return
        field = self.typing_into() if event.type in TYPING_EVENTS else None
        consumed = self.manager.process_events(event)
        if field is not None:
            # A focused text field owns the keyboard: a key typed into it ("2" in the
            # seed) must not also press the screen's hotkey. Enter and Esc leave the field
            # (Enter has told the field first); the next key is the screen's again.
            if event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                field.unfocus()
                self.manager.set_focus_set(None)
                if event.key == pygame.K_TAB and self.top is not None:
                    self.top.handle_event(event)    # on to the next control (game.ui.focus)
            return
        if consumed and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                                       pygame.MOUSEBUTTONUP, pygame.TEXTINPUT):
            return
        if event.type == pygame.KEYDOWN and self.top is not None:
            from game.ui import controls

            event = controls.route(self, event)   # F1 / ?, and the keys moved in Settings
            if event is None:
                return
        if self.top is not None:
            self.top.handle_event(event)

    def typing_into(self):
        """The text field that has the keyboard (focused, shown, enabled), or None."""
        from pygame_gui.elements import UITextEntryBox, UITextEntryLine

        def typing(el) -> bool:
            return (isinstance(el, (UITextEntryLine, UITextEntryBox)) and el.alive()
                    and el.visible and el.is_enabled and el.is_focused)

        for el in self.manager.get_focus_set() or ():
            if typing(el):
                return el
        # a field given the cursor by code (``focus()``) types without joining the
        # manager's focus set: it owns the keys all the same
        return next((el for el in self.manager.get_sprite_group().sprites() if typing(el)), None)

    def draw(self) -> None:
        if self.top is not self._shown_top and self.top is not None:
            # A screen just put up (results, a round's end, a hand-off, a look) is drawn
            # for the first time: what it makes new stops at the frame's deadline, and the
            # last picture stays one more frame while the rest is made (kept by the caches).
            began = getattr(self, "frame_began", None) or time.thread_time()
            try:
                with draw.until(began + FRESH_DRAW_UNTIL):
                    self._draw()
            except draw.OutOfFrame:
                self.fresh_draws_put_off += 1
            return
        self._draw()

    def _draw(self) -> None:
        surface = self.screen
        top = self.top
        key = top.still_key() if top is not None else None
        pic = self._still_pic
        if key is not None and self._still == (top, key) and pic is not None \
                and pic.get_size() == surface.get_size():
            surface.blit(pic, (0, 0))      # nothing under the widgets has changed
        else:
            self._still = None
            surface.set_clip(None)      # a screen's drawing cut short may have left its clip
            self._draw_scenes(surface)
            if key is not None and self.still_room(surface.get_size(), STILL_ROOM):
                self._still_pic.blit(surface, (0, 0))
                self._still = (top, key)
        self.manager.draw_ui(surface)
        if self.top is not None:
            self.top.draw_over(surface)
        if self.coach is not None:
            self.coach.draw(surface)
        self.banner.draw(surface)
        self._shown_top = self.top
        pygame.display.flip()

    def forget_still(self) -> None:
        """The next drawing draws the scenes again, not the picture kept of them nor the
        tables' still layers (a test that reads what a drawing of the screen is made of
        asks for one)."""
        self._still = None
        for scene in self.scenes:
            drop = getattr(scene, "drop_layer", None)
            if drop is not None:
                drop()

    def _draw_scenes(self, surface: pygame.Surface) -> None:
        base = len(self.scenes) - 1
        while base > 0 and not self.scenes[base].opaque:
            base -= 1
        for scene in self.scenes[max(0, base):]:
            look = scene.cover_look if scene is not self.top else None
            if look is not None and look.get_size() == surface.get_size():
                surface.blit(look, (0, 0))
            else:
                scene.draw(surface)

    def still_room(self, size: tuple, room: float | None = None) -> bool:
        """The surface for a still picture (``Scene.still_key``) of this size is there, made
        now if not. A new window-sized surface costs milliseconds: with ``room``, made only
        if the frame has used less than that (a screen that keeps its picture makes it
        ahead, ``ResultsScene.prepare``)."""
        pic = self._still_pic
        if pic is not None and pic.get_size() == tuple(size):
            return True
        began = getattr(self, "frame_began", None)
        if room is not None and began is not None and time.thread_time() - began > room:
            return False
        self._still, self._still_pic = None, pygame.Surface(size, 0, self.screen)
        return True

    def run(self) -> int:
        while self.step():
            pass
        pygame.quit()
        return 0
