"""Opening a game at its table: which table scene plays a game, starting a new game and
continuing a saved one.

The catalogue (``game.catalog``) names each game's table scene; a game without one is
played at ``GenericTableScene`` with choice buttons.
"""

from __future__ import annotations

import importlib
import logging
import math
import pkgutil
import threading
import time
from contextlib import contextmanager

import pygame

from game import i18n
from game.catalog import get_game
from game.ui.generic_table import GenericTableScene
from game.ui.scene import Scene
from game.ui.table_base import TableScene

log = logging.getLogger("shadows.ui")


def table_for(game_id: str) -> type[TableScene]:
    """The table scene class for ``game_id`` (the generic one if the game has none)."""
    return get_game(game_id).table or GenericTableScene


# what a table imports at its first move (its save is written on a thread, the first
# hand-off's screen): imported with the game's code, not in that frame
FIRST_MOVE_MODULES = ("game.save_writer", "game.ui.scenes.handoff")


def prepare(game_id: str, app=None) -> None:
    """Import ``game_id``'s rules, computer players and table on a thread of their own
    (its setup screen is up meanwhile): Start then finds them loaded, and its frame does
    not wait some 20-40 ms for the imports. Each computer level's player is made once
    there too (its modules load at the first one: 15-60 ms in Start's frame). With
    ``app``, what the curtain and the new table would make in their first frames (the
    fonts, the backdrop, the buttons' looks, the curtain's picture) is made a piece a
    frame while the setup screen is read (``ready_ahead``)."""
    import threading

    metrics = app.metrics if app is not None else None

    def load() -> None:
        try:
            spec = get_game(game_id)
            for part in ("state_cls", "bot_factory", "reveals", "table"):
                getattr(spec, part)
            factory = spec.bot_factory
            for level in spec.bot_levels if factory is not None else ():
                factory(level, 0)
            for name in FIRST_MOVE_MODULES:
                importlib.import_module(name)
            if metrics is not None:
                warm = getattr(spec.table, "warm_on_thread", None)
                if warm is not None:
                    warm(metrics)   # pictures of its own that need no window (pure pixels)
            package = spec.table.__module__.rpartition(".")[0]
            if package != "game.ui":
                # the table's own rooms and screens (a round's end, the results), which
                # it imports when they first come: not in that frame (5-8 ms each)
                for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
                    importlib.import_module(f"{package}.{info.name}")
            from game.rules.protocol import SmallStepRandom

            SmallStepRandom(0)     # its table of fixed numbers, made once (1-2 ms at the deal)
        except Exception:          # noqa: BLE001 - Start imports again and tells
            log.exception("loading %s ahead", game_id)

    threading.Thread(target=load, name=f"prepare-{game_id}", daemon=True).start()
    if app is not None:
        app.ahead.add("start", ready_ahead(app, game_id))


# the veils of the screens that come at a game's transitions (a round's end 190, the
# results 150, an overlay 170): window-sized, 3-8 ms the first time, made on the setup
TRANSITION_SHADES = (190, 150, 170)


def curtain_fonts(m) -> list[tuple[int, bool]]:
    """The font sizes (and weights) a table may open: the curtain opens each ahead."""
    return [(size, bold) for size in range(7, m.px(30) + 1) for bold in (False, True)]


def ready_ahead(app, game_id: str | None = None):
    """Pieces (a generator, ``app.ahead``) made while a setup screen is read, so that the
    frame of Start and the curtain's frames find them: each font size's first text (about
    3 ms each), the tables' backdrops, the looks of the table's button classes, the
    curtain's picture and surfaces, the results' still picture, tool tips' boxes, the
    veils of a game's transition screens, and last what ``game_id``'s table asks for
    (``setup_ahead``: its buttons' shapes of new sizes, 3-7 ms a piece behind the
    curtain). A piece not made before Start, the curtain (or the screen that needs it)
    makes."""
    from game.ui import draw
    from game.ui.table_base import WARM_BUTTON_CLASSES, warm_button

    m = app.metrics
    for size, bold in curtain_fonts(m):
        draw.font(size, bold).size("Ag")
        yield
    size = app.screen.get_size()
    for felt in (True, False):
        draw.table_background(size, felt=felt)
        yield
    draw.vignette(size)     # the hand-offs' backdrop
    yield
    for cls in WARM_BUTTON_CLASSES:
        warm_button(app.manager, cls)
        yield
    deal_picture(draw.scratch(size), m, 0.0)
    yield
    for kind in ("look", "veil"):
        pad(kind, size)
        yield
    if game_id is not None:
        yield from table_for(game_id).setup_surfaces(app)
    app.still_room(size)    # the results' still picture (10 ms in the first game's end)
    yield
    for lines in range(1, TIP_LINES + 1):
        # a tool tip's box of each height: pygame-gui keeps a drawn box by its size, and a
        # button's first tip of a new height cost 6-15 ms in the frame it came up (one of
        # a person's hover); made and dropped here, never drawn
        app.manager.create_tool_tip("<br>".join("…" * lines), (0, 0), (0, 0), None, None).kill()
        yield
    for alpha in TRANSITION_SHADES:
        draw.shade(size, (0, 0, 0, alpha))
        yield
    if game_id is not None:
        # last: some 40 pieces of 3-7 ms (twice that on a busy machine); a Start pressed
        # within a second may leave some to the curtain (which made them all before)
        yield from table_for(game_id).setup_ahead(app)


TIP_LINES = 4      # tool tips of up to this many lines have their box made ahead

# Window-sized surfaces the curtain draws with, kept from one curtain to the next: a new
# one cost 10-13 ms in the frame of Start (its memory is fresh and each page is touched
# for the first time), made ahead by ``ready_ahead``.
_pads: dict[str, pygame.Surface] = {}


def pad(kind: str, size: tuple) -> pygame.Surface:
    """The curtain's ``kind`` surface ("look": what was on screen at Start, "veil": the
    dimming) of ``size``, made now only if none of that size is kept."""
    surface = _pads.get(kind)
    if surface is None or surface.get_size() != tuple(size):
        surface = _pads[kind] = pygame.Surface(size)
        surface.fill((0, 0, 0))     # every page touched now, not at its first use
    return surface


def start_game(app, game_id: str, seats, seed: int, options: dict | None = None, *,
               replace: bool = False, curtain: bool = False):
    """Create a session and put its table on screen. Problems become a notice.

    With ``curtain`` (a press of Start) and animations on, the table comes up behind a
    ``Curtain`` that makes it ready over the next frames. Saves of unfinished games are
    never touched: the new game gets its own file. The finished games kept for their
    results make way now (the last one stays as last-finished-game.json)."""
    from game.session import Session
    from game.storage import saves

    try:
        session = Session.new(game_id, list(seats), seed, options or {}, app.bus,
                              pace=app.settings.computer_gap)
    except ValueError as exc:
        app.notify(i18n._("The game could not start: {why}", why=exc), title=i18n._("Cannot start"))
        return None
    behind_curtain = curtain and app.settings.pace
    app.ahead.cancel("start")     # what it did not make, the curtain makes
    retiring = None
    if behind_curtain:
        # reading the saves to find the finished ones took 10-20 ms of Start's frame: done
        # on a worker while the curtain deals (it waits for it before it lifts)
        retiring = threading.Thread(target=saves.retire_finished, name="retire-finished",
                                    daemon=True)
        retiring.start()
    else:
        saves.retire_finished()
    scene = table_for(game_id)(app, session)
    if behind_curtain:
        Curtain(app, scene, retiring).put_up(replace)
        return scene
    scene = app.replace(scene) if replace else app.push(scene)
    scene.start_phones()
    return scene


class Curtain(Scene):
    """Between a press of Start and the table: the screen pressed on dims and cards are
    dealt round while the table is made ready behind it, a few milliseconds of each frame
    (the fonts it opens, the looks of its buttons, its widgets, its deal and first
    picture, the buttons it keeps ahead), so that no frame of the start drops and the
    table's first frame only finds what it draws. A key or click lifts it at once (the
    rest is made in that frame).

    The table sits under it on the scene stack, entered by the work (its widgets made,
    covered by the curtain, which takes every input) but never updated: nothing plays
    before it shows."""

    # The curtain's own drawing takes 2-3 ms of each frame (a window-sized blit of the
    # dimmed look) and a piece up to about 3 ms:
    STEPS_UNTIL = 0.003   # a new piece of work starts only this far (CPU s) into a frame
    # ... and while the look dims (its first FADE seconds): the veil over the whole window
    # is a blit with alpha, 2.5-3 ms more of drawing a frame (a table's second game has its
    # curtain up for little longer than that: most of its frames were 6-7 ms)
    FADING_STEPS_UNTIL = 0.001
    DRAW_UNTIL = 0.003    # a picture drawn ahead makes no new pieces after this (a piece
    # begun before it may run on). At 4.5 ms the frames of a Harsh table's first picture
    # took 7.5-10 ms with the curtain's drawing (load 6-9); its cached pieces carry over
    # from one try to the next, so it takes a frame or two more
    NEW_FRAME = "new frame"   # work yields it before a piece that takes most of a frame
    # The app's work ahead (a table queues its first hand-off while it is put up) is run by
    # ``work`` as its own steps, not also after each frame's drawing: a piece of both in one
    # frame made the opening's slowest frames (3 ms of the curtain's and 3-4 ms more)
    runs_ahead = True
    # and a picture drawn ahead for a coming screen (its first hand-off's) stops making
    # new things this far into the frame, as the table's own first picture does
    draw_ahead_until = DRAW_UNTIL
    MAX_TRIES = 60        # frames the first picture may take before it is made at once
    FADE = 0.25           # seconds the screen pressed on takes to dim

    def __init__(self, app, table, retiring: threading.Thread | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.retiring = retiring      # the finished games' saves being removed
        self.look = pad("look", app.screen.get_size())   # what was on screen at Start
        self.look.blit(app.screen, (0, 0))
        self.t = 0.0
        self.steps = iter(())
        self.lifted = False
        self.all_now = False            # finish: no frame deadline any more
        self.veil: pygame.Surface | None = None   # one veil, more opaque frame by frame
        self.dimmed = False             # the look has the whole veil in it
        self.shown = False              # its first frame (Start's) has been drawn

    def put_up(self, replace: bool) -> None:
        app = self.app
        if replace and app.scenes:
            app.scenes.pop().on_exit()
        elif app.scenes:
            app.top.on_cover()   # (a push does it) its buttons are not left over the table
        self.table.curtained = True
        app.scenes.append(self.table)      # under the curtain: entered by the work
        app.push(self)
        self.steps = self.work()

    # --- the work, in pieces ----------------------------------------------------------------
    def work(self):
        from game.ui import draw
        from game.ui.table_base import WARM_BUTTON_CLASSES

        table, m = self.table, self.metrics
        for size, bold in curtain_fonts(m):
            draw.font(size, bold).size("Ag")   # a size's first text opens its Font
            yield                              # (3-9 ms each on a busy machine)
        for cls in WARM_BUTTON_CLASSES:
            table.warm_button(cls)
            yield
        if table.session.several():
            draw.vignette(self.app.screen.get_size())   # the hand-offs' backdrop
            yield
        # its first build, dry (2-3 ms): with the pieces before it, a frame went to 8.7 ms
        yield self.NEW_FRAME
        yield from table.first_buttons()    # one a frame: on_enter below takes them
        yield self.NEW_FRAME            # the big pieces below each begin a frame
        table.on_enter()                # its widgets (the warming is left to the curtain)
        yield
        for _ in table.warm_steps():    # its own big pieces, each beginning a frame
            yield self.NEW_FRAME
        table.ahead = []                # the buttons it makes ahead: one a frame, below
        tries = 0
        while True:
            # A key (finish) wants it all now, and a picture that still is not whole after
            # many frames is made in one go: a piece that no cache keeps would otherwise be
            # made again at every try, and the curtain would never lift.
            yield self.NEW_FRAME
            deadline = (math.inf if self.all_now or tries >= self.MAX_TRIES
                        else self.frame_began() + self.DRAW_UNTIL)
            try:
                with self.table_on_top(), draw.until(deadline):
                    table.warm_up()     # its deal and first picture: again until whole
                break
            except draw.OutOfFrame:
                tries += 1
                yield
        ahead, table.ahead = table.ahead, None
        for rect, text, cls, object_id in ahead:
            yield
            yield from table.park_steps(rect, text, cls=cls, object_id=object_id)
        # dealt now: the build that lifting the curtain makes has other words and buttons
        # than on_enter's. Its new buttons one a step (tables that park them), then the
        # build itself, so that the frame of the lift finds it all made
        if table.park_widgets:
            yield self.NEW_FRAME        # a dry build, 2-3 ms, as before on_enter
            with self.table_on_top():
                planned = table.planned_buttons(m)
            yield from table.buttons_missing(planned)
        yield self.NEW_FRAME
        with self.table_on_top():
            table.rebuild()
        while self.app.ahead.step():    # what the table queued ahead (its first hand-off)
            yield

    def frame_began(self) -> float:
        began = getattr(self.app, "frame_began", None)
        return time.thread_time() if began is None else began

    @contextmanager
    def table_on_top(self):
        """The table is the top scene while it warms (what it deals and shows asks)."""
        scenes = self.app.scenes
        i = scenes.index(self)
        scenes[i], scenes[i - 1] = scenes[i - 1], scenes[i]
        try:
            yield
        finally:
            scenes[i - 1], scenes[i] = scenes[i], scenes[i - 1]

    def update(self, dt: float) -> None:
        if not self.shown:
            # the frame of Start made the game and its table: the work begins a frame
            # later, with a frame of its own
            self.shown = True
            return
        self.t += dt
        began = self.frame_began()
        # while it fades, the frame's drawing blends a window-sized veil (1-3 ms more)
        until = self.STEPS_UNTIL if self.dimmed or self.t >= self.FADE else self.FADING_STEPS_UNTIL
        while time.thread_time() - began < until:
            said = next(self.steps, StopIteration)
            if said is StopIteration:
                self.lift()
                return
            if said is self.NEW_FRAME:
                break           # the next piece is big: it starts the next frame

    def finish(self) -> None:
        """Everything left, now (a key or a click came)."""
        self.all_now = True
        for _ in self.steps:
            pass
        self.lift()

    def lift(self) -> None:
        if self.lifted:
            return
        self.lifted = True
        if self.retiring is not None:
            self.retiring.join()
            self.retiring = None
        self.table.curtained = False
        # dealt behind the curtain: the first computer's move comes its pace after the
        # table shows, as it would after a deal in sight, not in the frame it comes up
        self.table.session.hold(self.table.session.pace)
        if self.app.top is self:
            self.app.pop()              # the table is uncovered: it shows in this frame
        self.table.start_phones()

    @property
    def busy(self) -> bool:
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.finish()
        return True

    def on_escape(self) -> None:
        self.finish()

    # --- the look ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """All in ``draw_over``: above the table's widgets, made behind the curtain."""

    def draw_over(self, surface: pygame.Surface) -> None:
        from game.ui import draw, style

        m = self.metrics
        fits = self.look.get_size() == surface.get_size()
        if not (fits and self.dimmed):
            if self.veil is None or self.veil.get_size() != surface.get_size():
                self.veil = pad("veil", surface.get_size())
                self.veil.fill(style.BG_DEEP)
            self.veil.set_alpha(int(min(1.0, self.t / self.FADE) * 180))
        if fits and not self.dimmed and self.t >= self.FADE:
            # dimmed all the way: the look keeps the veil (one screen blit a frame less
            # while the table is made ready), and this frame shows it: the veil is blended
            # once, onto the look, not onto the screen and then again onto the look
            self.look.blit(self.veil, (0, 0))
            self.dimmed = True
        if fits:
            surface.blit(self.look, (0, 0))
        else:
            surface.blit(draw.table_background(surface.get_size()), (0, 0))
        if not (fits and self.dimmed):
            surface.blit(self.veil, (0, 0))
        deal_picture(surface, m, self.t)


def deal_picture(surface: pygame.Surface, m, t: float) -> None:
    """The curtain's box: three cards dealt round and round (still with reduced motion)
    over "Shuffling and dealing…", at the middle of ``surface``, ``t`` seconds in."""
    from game.ui import draw, palette, style

    cx, cy = surface.get_width() // 2, surface.get_height() // 2
    w = m.px(54)
    size = (w, w * 7 // 5)
    box = pygame.Rect(0, 0, m.px(320), size[1] + m.px(86))
    box.center = (cx, cy)
    draw.panel(surface, box, m.px(style.RADIUS), alpha=250)
    card = draw.card_back(size)
    calm = palette.reduced_motion()
    for i in range(3):              # three cards dealt in turn, round and round
        phase = 0.5 if calm else (t * 1.2 + i / 3) % 1.0   # reduced motion: still
        x = cx + int((i - 1) * w * 1.3 * min(1.0, phase * 3))
        y = cy - m.px(16) - int(m.px(12) * (1 - abs(phase * 2 - 1)))
        surface.blit(card, card.get_rect(center=(x, y)))
    draw.blit_text(surface, i18n._("Shuffling and dealing…"), m.px(style.FONT_BODY + 2),
                   (cx, cy + size[1] // 2 + m.px(2)), style.TEXT_MUTED, False, "midtop")


def open_saved_game(app, path=None):
    """Continue a saved game (the newest unfinished one if ``path`` is None). A damaged
    or edited save gets a clear message and is kept aside; nothing is deleted."""
    from game.session import Session
    from game.storage import saves

    if path is None:
        info = saves.latest_unfinished()
        if info is None:
            app.notify(i18n._("There is no saved game to continue."),
                       title=i18n._("Nothing to continue"))
            return None
        path = info.path
    data, notice = saves.load_save(path)
    if notice:
        app.notify(notice, title=i18n._("Saved game not usable"))
        return None
    if data is None:
        app.notify(i18n._("That saved game is no longer there."),
                   title=i18n._("Nothing to continue"))
        return None
    try:
        session = Session.from_save(data, app.bus, pace=app.settings.computer_gap, save_path=path)
    except ValueError as exc:
        try:
            kept = saves.discard_damaged(path)
            text = i18n._("{file} cannot be continued: {why}. Nothing was changed in it; it "
                          "is kept as {kept}.", file=path.name, why=exc, kept=kept.name)
        except OSError:
            text = i18n._("{file} cannot be continued: {why}. Nothing was changed in it; it "
                          "is left where it is.", file=path.name, why=exc)
        app.notify(text, title=i18n._("Saved game refused"))
        return None
    if len(session.humans) >= 2:
        session.at_screen = None  # whoever resumes may not be who last sat here: hand off first
    log.info("continuing %s (seed %s) from %s", session.match.game_id, session.match.seed,
             path.name)
    table = app.push(table_for(session.match.game_id)(app, session))
    if session.is_over():
        # A finished game kept for a look: its results again (counted once, at its end).
        table.show_results()
        return table
    table.start_phones()   # new links: a continued game's phones join again
    return table
